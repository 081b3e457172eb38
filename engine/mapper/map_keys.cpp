#include "mapper/map_keys.h"

#include <fmt/format.h>

namespace af::mapper {

namespace {

void add_tracked(std::string& key, const TrackedMemories& tracked) {
  key += "|tracked";
  for (std::size_t m = 0; m < tracked.size(); ++m)
    key += fmt::format(" {}={}", tracked.names[m], tracked.sizes[m]);
}

}  // namespace

std::string search_cache_key(const std::string& signature, const MapperOptions& o,
                             const TrackedMemories* tracked) {
  std::string key = signature;
  key += fmt::format(
      "|search metrics={} objective_tolerance={} resource_usage_tolerance={} imperfect={}{} coarseness={} "
      "bounds={} across_templates={}",
      o.metrics, o.objective_tolerance, o.resource_usage_tolerance, o.explore_imperfect_spatial_loops,
      o.explore_imperfect_temporal_loops, o.tiling_coarseness, o.prune_by_bounds, o.prune_across_templates);
  // The least fronts leave the fused-loop limits out; so do templates without fused loops
  // (the unfused ones): their searches are the same under any limit.
  if (tracked == nullptr) return key + "|least";
  if (!o.unfused)
    key += fmt::format("|max_fused_loops={} per_rank_variable={}", o.max_fused_loops,
                       o.max_fused_loops_per_rank_variable);
  add_tracked(key, *tracked);
  return key;
}

std::optional<std::string> join_cache_key(const std::vector<std::optional<std::string>>& searches,
                                          const std::vector<JoinEinsum>& input,
                                          const std::vector<std::vector<PmappingTemplate>>& templates,
                                          const TrackedMemories& tracked,
                                          const std::map<std::string, std::set<std::string>>& copies,
                                          const JoinSettings& settings) {
  std::string key;
  for (std::size_t e = 0; e < input.size(); ++e) {
    if (e >= searches.size() || !searches[e]) return std::nullopt;
    const auto& in = input[e];
    key += fmt::format("|einsum {} tensors={} outputs={}|", in.name, fmt::join(in.tensors, ","),
                       fmt::join(in.outputs, ","));
    key += *searches[e];
    for (const auto& t : templates[e]) {
      key += fmt::format("|template {} fused={}", t.index, t.n_fused_loops);
      for (const auto& h : t.shared)
        key += fmt::format(" {}@{}{}:{}:{}", h.tensor, h.memory, h.persistent ? "!" : "",
                           fmt::join(h.ranks, ","), fmt::join(h.spatial, ""));
    }
  }
  add_tracked(key, tracked);
  key += "|copies";
  for (const auto& [source, to] : copies) key += fmt::format(" {}>{}", source, fmt::join(to, ","));
  key += fmt::format("|join metrics={} objective_tolerance={} resource_usage_tolerance={} levels",
                     settings.metrics, settings.objective_tolerance, settings.resource_usage_tolerance);
  for (const auto& [memory, level] : settings.memory_levels) key += fmt::format(" {}={}", memory, level);
  return key;
}

}  // namespace af::mapper
