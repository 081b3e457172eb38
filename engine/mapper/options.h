#pragma once
// Mapper options: the spec's `mapper:` section plus command-line overrides.
#include <cstdint>
#include <limits>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "spec/metrics.h"
#include "spec/spec.h"

namespace af::mapper {

using spec::includes_dynamic_energy;
using spec::includes_energy;
using spec::includes_latency;
using spec::includes_leak_energy;
using spec::kDynamicEnergy;
using spec::kEdp;
using spec::kEnergy;
using spec::kLatency;
using spec::kLeakEnergy;
using spec::kResourceUsage;
using spec::metrics_name;
using spec::parse_metrics;

inline constexpr std::int64_t kUnlimited = std::numeric_limits<std::int64_t>::max();

struct MapperOptions {
  unsigned metrics = kEnergy;
  // Fused loops that exist (iterate more than once, tile not pinned to 1) per pmapping,
  // in all and per rank variable (AccelForge's frontend/mapper/ffm.py).
  std::int64_t max_fused_loops = kUnlimited;
  std::int64_t max_fused_loops_per_rank_variable = 1;
  bool unfused = false;  // the first Memory keeps every tensor shared between Einsums
  int threads = 0;       // 0: oneTBB's default
  bool explore_loop_orders = true;
  bool force_memory_hierarchy_order = true;
  std::int64_t max_pmapping_templates_per_einsum = kUnlimited;
  // AccelForge's objective_tolerance (frontend/mapper/ffm.py; applied in
  // _join_pmappings/pmapping_dataframe.py): objectives are log-rounded before every Pareto comparison, so
  // values within a factor 1 + t tie. 0 is exact.
  double objective_tolerance = 0;
  // resource_usage_tolerance (§4.4): reservations are rounded before the per-Einsum Pareto
  // (log steps of 1 + t, or absolute steps of t / #Einsums where those are coarser).
  double resource_usage_tolerance = 0;
  // Imperfect factorization (§3.4): non-dividing tiles for simple rank variables, chosen
  // where a spatial (temporal) loop's iteration count is decided. Off in AccelForge.
  bool explore_imperfect_spatial_loops = false;
  bool explore_imperfect_temporal_loops = false;
  // Candidate tiles grow by at least this factor over the next smaller one (<= 1: off).
  double tiling_coarseness = 1;
  std::vector<std::string> einsums;  // empty: all, in workload order
  // Einsums whose tile search is an earlier one's with tensors renamed take its rows
  // (search/search_signature.h). Off only to check that sharing changes nothing.
  bool share_identical_searches = true;
  // Subtrees of the tile search whose lower bounds a kept row beats are skipped
  // (search/tile_shapes.cpp). Off only to check that this changes no front.
  bool prune_by_bounds = true;
  // The templates of an Einsum whose rows join in the same compatibility groups are searched
  // one after the other, each skipping what an earlier one's rows beat (EarlierRows in
  // search/tile_shapes.h; only with both tolerances 0). Off only to check that this changes
  // no result.
  bool prune_across_templates = true;
  // Whole mappings known early (the unfused optimum and the one-fused-loop optimum before the
  // search, rough joins before the exact one) are ceilings (ceilings.h): the tile search skips subtrees, and
  // the join drops rows, that with the other Einsums at their least lose to one of them in every objective.
  // Only with both tolerances 0. Off only to check that this changes no front.
  bool prune_by_ceilings = true;
  // Without a max_fused_loops limit, the fused optimum with one fused loop is found first
  // (under the unfused ceilings) and joins the ceilings (mapper.cpp, known_before_search).
  // Off only to check that this changes no front.
  bool one_loop_ceilings = true;
  // With one ranking objective, the search without a loop limit first runs under guessed
  // ceilings, a few percent above what the Einsums' least fronts add up to (mapper.cpp,
  // README: "Guessed ceilings"); a guess no mapping beats is followed by a looser one, and
  // then by the one-fused-loop run. Off only to check that this changes no front.
  bool guessed_ceilings = true;
  // Bytes the join's rows may hold before the run stops itself (MapperResult::stopped_because),
  // as a Stop would; 0: half of this machine's physical memory (join_memory_limit()).
  std::size_t join_memory_limit = 0;
};

// The join's memory limit in bytes: options.join_memory_limit, or half the physical memory.
[[nodiscard]] std::size_t join_memory_limit(const MapperOptions& options);

// "spatial", "temporal", "both" (anything else: neither): the two imperfect-loop flags.
void set_imperfect_loops(MapperOptions& o, std::string_view which);

// The spec's typed `mapper:` section as options (the loader checked its values; settings the
// mapper does not implement are ignored).
[[nodiscard]] MapperOptions options_from_spec(const spec::Spec& spec);

}  // namespace af::mapper
