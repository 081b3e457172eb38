#include "mapper/options.h"

#include <unistd.h>

namespace af::mapper {

void set_imperfect_loops(MapperOptions& o, std::string_view which) {
  o.explore_imperfect_spatial_loops = which == "spatial" || which == "both";
  o.explore_imperfect_temporal_loops = which == "temporal" || which == "both";
}

namespace {

// The setting, where the spec sets it, replaces the option's default.
template <class T>
void take(T& option, const std::optional<T>& setting) {
  if (setting) option = *setting;
}

}  // namespace

MapperOptions options_from_spec(const spec::Spec& spec) {
  MapperOptions o;
  const spec::MapperSettings& m = spec.mapper;
  take(o.metrics, m.metrics);
  take(o.max_fused_loops, m.max_fused_loops);
  take(o.max_fused_loops_per_rank_variable, m.max_fused_loops_per_rank_variable);
  take(o.max_pmapping_templates_per_einsum, m.max_pmapping_templates_per_einsum);
  take(o.objective_tolerance, m.objective_tolerance);
  take(o.resource_usage_tolerance, m.resource_usage_tolerance);
  take(o.tiling_coarseness, m.tiling_coarseness);
  take(o.explore_imperfect_spatial_loops, m.explore_imperfect_spatial_loops);
  take(o.explore_imperfect_temporal_loops, m.explore_imperfect_temporal_loops);
  take(o.explore_loop_orders, m.explore_loop_orders);
  take(o.force_memory_hierarchy_order, m.force_memory_hierarchy_order);
  return o;
}

std::size_t join_memory_limit(const MapperOptions& options) {
  if (options.join_memory_limit > 0) return options.join_memory_limit;
  const long pages = sysconf(_SC_PHYS_PAGES), page = sysconf(_SC_PAGE_SIZE);
  // Unknown (never on Linux): 8 GB, what a laptop can spare.
  if (pages <= 0 || page <= 0) return std::size_t{8} << 30;
  return static_cast<std::size_t>(pages) * static_cast<std::size_t>(page) / 2;
}

}  // namespace af::mapper
