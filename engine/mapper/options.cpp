#include "mapper/options.h"

namespace af::mapper {

void set_imperfect_loops(MapperOptions& o, std::string_view which) {
  o.explore_imperfect_spatial_loops = which == "spatial" || which == "both";
  o.explore_imperfect_temporal_loops = which == "temporal" || which == "both";
}

MapperOptions options_from_spec(const spec::Spec& spec) {
  MapperOptions o;
  const spec::MapperSettings& m = spec.mapper;
  o.metrics = m.metrics.value_or(o.metrics);
  o.max_fused_loops = m.max_fused_loops.value_or(o.max_fused_loops);
  o.max_fused_loops_per_rank_variable =
      m.max_fused_loops_per_rank_variable.value_or(o.max_fused_loops_per_rank_variable);
  o.max_pmapping_templates_per_einsum =
      m.max_pmapping_templates_per_einsum.value_or(o.max_pmapping_templates_per_einsum);
  o.objective_tolerance = m.objective_tolerance.value_or(o.objective_tolerance);
  o.resource_usage_tolerance = m.resource_usage_tolerance.value_or(o.resource_usage_tolerance);
  o.tiling_coarseness = m.tiling_coarseness.value_or(o.tiling_coarseness);
  o.explore_imperfect_spatial_loops =
      m.explore_imperfect_spatial_loops.value_or(o.explore_imperfect_spatial_loops);
  o.explore_imperfect_temporal_loops =
      m.explore_imperfect_temporal_loops.value_or(o.explore_imperfect_temporal_loops);
  o.explore_loop_orders = m.explore_loop_orders.value_or(o.explore_loop_orders);
  o.force_memory_hierarchy_order = m.force_memory_hierarchy_order.value_or(o.force_memory_hierarchy_order);
  return o;
}

}  // namespace af::mapper
