#pragma once
// The mapper entry point: per-Einsum pmappings (templates -> tile shapes -> Pareto), then
// the join of Einsums. Only unfused joins exist so far: every fusable tensor is backed by
// the outermost memory above all loops (templates needing fused loops are skipped and
// counted). The chosen mapping is re-evaluated by the model.
#include <optional>
#include <stop_token>
#include <string>
#include <vector>

#include "mapper/observer.h"
#include "mapper/options.h"
#include "mapper/stats.h"
#include "mapper/templates.h"
#include "mapper/tile_shapes.h"
#include "model/evaluate.h"
#include "spec/spec.h"

namespace af::mapper {

// One joined mapping: a pmapping per Einsum (workload order) and the summed objectives.
struct JoinedMapping {
  std::vector<PmappingRow> pmappings;
  double dynamic_energy = 0, leak_energy = 0, latency = 0;
  [[nodiscard]] double energy() const { return dynamic_energy + leak_energy; }
};

struct MapperResult {
  bool found = false;
  bool cancelled = false;
  unsigned metrics = kEnergy;
  std::vector<JoinedMapping> front;                      // final Pareto front, best first ([0] is reported)
  std::optional<spec::Mapping> mapping;                  // front[0] as one mapping tree
  std::optional<model::Evaluation> evaluation;           // its model re-evaluation
  std::vector<EinsumStats> stats;                        // workload order
  std::vector<std::vector<PmappingTemplate>> templates;  // per Einsum, by template index
  std::string failure;  // why nothing was found (names the Einsum and the worst cause)

  [[nodiscard]] std::size_t n_mappings() const { return front.size(); }
};

// Throws spec::SpecError for spec problems found while making templates. Cancellation via
// `stop` is observed within one pmapping evaluation; the result then has cancelled = true.
[[nodiscard]] MapperResult map_workload(const spec::Spec& spec, const MapperOptions& options,
                                        Observer* observer = nullptr, std::stop_token stop = {});

// The mapping tree of front[index] (front[0] is result.mapping). Throws std::out_of_range.
[[nodiscard]] spec::Mapping mapping_of(const MapperResult& result, std::size_t index);

// The pmappings of `mapping` stitched into one tree: a Sequential branch of one chain per
// Einsum (just the chain when there is one Einsum).
[[nodiscard]] spec::Mapping stitch(const std::vector<spec::Mapping>& pmappings);

}  // namespace af::mapper
