#pragma once
// The mapper entry point (AccelForge's mapper/FFM/main.py): per-Einsum pmappings (templates -> tile
// shapes -> Pareto per compatibility), then the fused join of the Einsums in workload order
// (join.h). The chosen mapping is written as one loop tree and re-evaluated by the model.
// A map runs as named stages (README: "The map as stages"); with a MapCache, each stage's
// result is kept and a re-map re-runs only the stages whose inputs changed.
#include <optional>
#include <stop_token>
#include <string>
#include <vector>

#include "mapper/join/join.h"
#include "mapper/map_cache.h"
#include "mapper/observer.h"
#include "mapper/options.h"
#include "mapper/search/templates.h"
#include "mapper/search/tile_shapes.h"
#include "mapper/stats.h"
#include "model/evaluate.h"
#include "spec/spec.h"

namespace af::mapper {

// What a run took from its MapCache, and how long each stage took.
struct MapReuse {
  bool cached = false;  // the run had a MapCache
  // The search stage: Einsums that search (an Einsum taking another's search is not counted),
  // and of those, the ones whose search came from the cache.
  std::size_t searches = 0, searches_reused = 0;
  bool join_reused = false;  // the join's result came from the cache (nothing it reads changed)
  // The runs before the search without a fused-loop limit (the unfused optimum, each
  // Einsum's least, the one-fused-loop optimum): their Einsum searches and how many were reused.
  std::size_t ceiling_searches = 0, ceiling_searches_reused = 0;
  // Guessed ceilings tried before the front was found (README: "Guessed ceilings"); the
  // searches above count the last attempt's.
  std::size_t guesses = 0;
  struct Stage {
    std::string name;  // price, templates, ceilings, search, join, report
    double seconds = 0;
  };
  std::vector<Stage> stages;  // in the order they ran

  // "reused 11 of 12 Einsum searches, re-joined" (the window's status line); empty without a cache.
  [[nodiscard]] std::string summary() const;
  [[nodiscard]] double seconds(const std::string& stage) const;
};

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
  // The memories whose reservations the join tracked (JoinedMapping::usage is in this order);
  // with RESOURCE_USAGE every finite memory of the Einsums' paths.
  TrackedMemories tracked;
  std::string failure;  // why nothing was found (names the Einsum and the worst cause)
  // Why the run stopped itself (cancelled is set, and the front is what was found so far, as
  // after a Stop): the join outgrew MapperOptions::join_memory_limit. Empty otherwise.
  std::string stopped_because;
  // Why the front is a rounded join's (found is set): the exact join outgrew the memory limit,
  // and the join again with objectives and usages rounded (objective_tolerance kRoundedJoin)
  // held less. Empty otherwise.
  std::string rounded_because;
  MapReuse reuse;

  [[nodiscard]] std::size_t n_mappings() const { return front.size(); }
};

// Throws core::SpecError for spec problems found while making templates. Cancellation via
// `stop` is observed within one pmapping evaluation; the result then has cancelled = true. A
// run stopped in the tile-shape search or the join still joins the pmappings found so far
// (the best of at most 32 compatibility groups an Einsum, at most 1 s), so it has a front and
// a best mapping (found = true) unless some Einsum had none yet or nothing joined in time.
// With `cache`, stages whose inputs are unchanged since a map that kept them are not run
// again; the front is the one a map without the cache finds.
[[nodiscard]] MapperResult map_workload(const spec::Spec& spec, const MapperOptions& options,
                                        Observer* observer = nullptr, std::stop_token stop = {},
                                        MapCache* cache = nullptr);

// The mapping tree of front[index] (front[0] is result.mapping). Throws std::out_of_range.
[[nodiscard]] spec::Mapping mapping_of(const MapperResult& result, std::size_t index);

}  // namespace af::mapper
