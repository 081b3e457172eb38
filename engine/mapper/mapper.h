#pragma once
// The mapper entry point (AccelForge's mapper/FFM/main.py): per-Einsum pmappings (templates -> tile
// shapes -> Pareto per compatibility), then the fused join of the Einsums in workload order
// (join.h). The chosen mapping is written as one loop tree and re-evaluated by the model.
#include <optional>
#include <stop_token>
#include <string>
#include <vector>

#include "mapper/join/join.h"
#include "mapper/observer.h"
#include "mapper/options.h"
#include "mapper/stats.h"
#include "mapper/search/templates.h"
#include "mapper/search/tile_shapes.h"
#include "model/evaluate.h"
#include "spec/spec.h"

namespace af::mapper {

struct MapperResult {
  bool found = false;
  bool cancelled = false;
  unsigned metrics = kEnergy;
  std::vector<JoinedMapping> front;                      // final Pareto front, best first ([0] is reported)
  std::optional<spec::Mapping> mapping;                  // front[0] as one mapping tree
  std::optional<model::Evaluation> evaluation;           // its model re-evaluation
  std::vector<EinsumStats> stats;                        // workload order
  std::vector<JoinStepStats> join_steps;                 // one per Einsum after the first
  std::vector<std::vector<PmappingTemplate>> templates;  // per Einsum, by template index
  std::string failure;  // why nothing was found (names the Einsum and the worst cause)

  [[nodiscard]] std::size_t n_mappings() const { return front.size(); }
};

// Throws core::SpecError for spec problems found while making templates. Cancellation via
// `stop` is observed within one pmapping evaluation; the result then has cancelled = true. A
// run stopped in the tile-shape search or the join still joins the pmappings found so far
// (the best of at most 32 compatibility groups an Einsum, at most 1 s), so it has a front and
// a best mapping (found = true) unless some Einsum had none yet or nothing joined in time.
[[nodiscard]] MapperResult map_workload(const spec::Spec& spec, const MapperOptions& options,
                                        Observer* observer = nullptr, std::stop_token stop = {});

// The mapping tree of front[index] (front[0] is result.mapping). Throws std::out_of_range.
[[nodiscard]] spec::Mapping mapping_of(const MapperResult& result, std::size_t index);

}  // namespace af::mapper
