#include "mapping_edit/mapping_queries.h"

#include <algorithm>
#include <functional>
#include <numeric>
#include <set>

#include "mapper/search/tile_candidates.h"

namespace af::mapping_edit {

namespace {

// Nodes in scope of `path`: the node itself and, in a chain, the later siblings.
std::vector<const spec::MappingNode*> scope_roots(const spec::Mapping& mapping, const spec::NodePath& path) {
  std::vector<const spec::MappingNode*> roots;
  if (path.empty()) {
    for (const auto& n : mapping.nodes) roots.push_back(&n);
    return roots;
  }
  const auto* siblings = spec::siblings_of(mapping, path);
  if (!siblings) return roots;
  const auto first = static_cast<std::size_t>(path.back());
  const auto last = spec::in_chain(mapping, path) ? siblings->size() : first + 1;
  for (auto i = first; i < last; ++i) roots.push_back(&(*siblings)[i]);
  return roots;
}

void visit_scope(const spec::MappingNode& node, const std::function<void(const spec::MappingNode&)>& fn) {
  fn(node);
  if (const auto* kids = spec::children_of(node))
    for (const auto& k : *kids) visit_scope(k, fn);
}

}  // namespace

std::vector<const spec::Einsum*> einsums_below(const spec::Mapping& mapping, const spec::Workload& workload,
                                               const spec::NodePath& path) {
  std::vector<const spec::Einsum*> out;
  for (const auto* root : scope_roots(mapping, path))
    visit_scope(*root, [&](const spec::MappingNode& n) {
      const auto* c = n.as<spec::ComputeNode>();
      if (!c) return;
      const auto* e = workload.find_einsum(c->einsum);
      if (e && std::find(out.begin(), out.end(), e) == out.end()) out.push_back(e);
    });
  return out;
}

std::vector<std::string> tensors_below(const spec::Mapping& mapping, const spec::Workload& workload,
                                       const spec::NodePath& path) {
  std::vector<std::string> out;
  for (const auto* e : einsums_below(mapping, workload, path))
    for (const auto& t : e->tensor_names())
      if (std::find(out.begin(), out.end(), t) == out.end()) out.push_back(t);
  return out;
}

std::vector<std::string> rank_variables_below(const spec::Mapping& mapping, const spec::Workload& workload,
                                              const spec::NodePath& path) {
  std::set<std::string> names;
  for (const auto* e : einsums_below(mapping, workload, path)) names.merge(e->rank_variables());
  return {names.begin(), names.end()};
}

Shape shape_at(const spec::Mapping& mapping, const spec::Workload& workload, const spec::NodePath& path) {
  Shape shape;
  // Above a split several Einsums share the loops; the first one that knows a bound wins.
  for (const auto* e : einsums_below(mapping, workload, path))
    for (const auto& [rv, bound] : e->rank_variable_bounds) shape.emplace(rv, bound);
  for (const auto* above : spec::nodes_above(mapping, path))
    if (const auto loop = spec::loop_of(*above)) shape[loop->first] = loop->second;
  return shape;
}

namespace {

// Tiles of the loops over the same rank variable inside the loop at `path`.
std::vector<std::int64_t> inner_loop_tiles(const spec::Mapping& mapping, const spec::NodePath& path) {
  std::vector<std::int64_t> out;
  const auto* node = spec::node_at(mapping, path);
  const auto loop = node ? spec::loop_of(*node) : std::nullopt;
  const auto* siblings = spec::siblings_of(mapping, path);
  if (!loop || !siblings) return out;
  const auto self = static_cast<std::size_t>(path.back());
  const auto end = spec::in_chain(mapping, path) ? siblings->size() : self + 1;
  for (auto i = self + 1; i < end; ++i)
    visit_scope((*siblings)[i], [&](const spec::MappingNode& n) {
      if (const auto l = spec::loop_of(n); l && l->first == loop->first) out.push_back(l->second);
    });
  return out;
}

std::string imperfect_setting(const spec::MappingNode& loop) {
  return loop.as<spec::SpatialNode>() ? "explore_imperfect_spatial_loops"
                                      : "explore_imperfect_temporal_loops";
}

}  // namespace

std::int64_t inner_tile(const spec::Mapping& mapping, const spec::NodePath& path) {
  std::int64_t inner = 1;
  for (const auto t : inner_loop_tiles(mapping, path))
    if (t > 0) inner = std::lcm(inner, t);
  return inner;
}

TileChoicePolicy tile_choice_policy(const spec::MapperSettings& settings) {
  TileChoicePolicy policy;
  policy.temporal.imperfect = settings.explore_imperfect_temporal_loops.value_or(false);
  policy.spatial.imperfect = settings.explore_imperfect_spatial_loops.value_or(false);
  return policy;
}

std::vector<std::int64_t> valid_tile_shapes(const spec::Mapping& mapping, const spec::Workload& workload,
                                            const spec::NodePath& path, const TileChoiceOptions& options) {
  const auto* node = spec::node_at(mapping, path);
  const auto loop = node ? spec::loop_of(*node) : std::nullopt;
  if (!loop) return {};
  const Shape shape = shape_at(mapping, workload, path);
  const auto it = shape.find(loop->first);
  if (it == shape.end() || it->second < 1) return {};
  const std::int64_t outer = it->second;
  const std::int64_t inner = inner_tile(mapping, path);
  if (inner > outer) return {};
  if (options.imperfect || options.coarseness > 1)
    return mapper::tile_candidates(outer, options.imperfect, inner, options.coarseness);
  // Inner loops over the same variable must still tile the new value exactly.
  std::vector<std::int64_t> out;
  for (std::int64_t d = 1; d * d <= outer; ++d) {
    if (outer % d != 0) continue;
    for (const std::int64_t v : {d, outer / d})
      if (v % inner == 0 && std::find(out.begin(), out.end(), v) == out.end()) out.push_back(v);
  }
  std::sort(out.begin(), out.end());
  return out;
}

}  // namespace af::mapping_edit

namespace af::mapping_edit {

std::optional<InsertAt> inner_loop_needed(const spec::Mapping& mapping, const spec::NodePath& path,
                                          std::int64_t tile) {
  const auto* node = spec::node_at(mapping, path);
  // Innermost over its rank variable: nothing inside takes the tile-1 step the Compute needs.
  if (tile <= 1 || !node || !spec::loop_of(*node) || !spec::in_chain(mapping, path) ||
      !inner_loop_tiles(mapping, path).empty())
    return std::nullopt;
  const auto& chain = *spec::siblings_of(mapping, path);
  const int end = static_cast<int>(chain.size()) - (spec::ends_chain(chain.back()) ? 1 : 0);
  return InsertAt{spec::NodePath(path.begin(), path.end() - 1), end};
}

std::vector<TileChoice> tile_choices(const spec::Mapping& mapping, const spec::Workload& workload,
                                     const spec::NodePath& path, const TileChoiceOptions& options) {
  std::vector<TileChoice> out;
  for (const auto t : valid_tile_shapes(mapping, workload, path, options))
    out.push_back(TileChoice{t, inner_loop_needed(mapping, path, t)});
  return out;
}

std::string explain_tile_shape(const spec::Mapping& mapping, const spec::Workload& workload,
                               const spec::NodePath& path, std::int64_t tile,
                               const TileChoiceOptions& options) {
  const auto* node = spec::node_at(mapping, path);
  const auto loop = node ? spec::loop_of(*node) : std::nullopt;
  if (!loop) return "only loops have a tile shape";
  if (tile < 1) return "a tile shape is a positive integer";
  const Shape shape = shape_at(mapping, workload, path);
  const auto it = shape.find(loop->first);
  if (it == shape.end() || it->second < 1) return {};  // bound unknown: any positive tile
  const std::string& rv = loop->first;
  const std::int64_t outer = it->second;
  const std::int64_t inner = inner_tile(mapping, path);
  const auto listed = [&] {
    std::string list;
    for (const auto v : valid_tile_shapes(mapping, workload, path, options))
      list += (list.empty() ? "" : ", ") + std::to_string(v);
    return list;
  };
  if (tile > outer)
    return "only " + std::to_string(outer) + " of " + rv +
           " is left at this loop (the bound, or the tile of a loop " + "above); a tile of " +
           std::to_string(tile) + " is larger (choices: " + listed() + ")";
  if (tile % inner != 0)
    return "a loop inside over " + rv + " has tile " + std::to_string(inner) +
           ", so this tile must be a multiple of " + std::to_string(inner) + " (choices: " + listed() + ")";
  if (!options.imperfect && outer % tile != 0)
    return std::to_string(tile) + " does not divide " + std::to_string(outer) + ", the extent of " + rv +
           " at this loop, and imperfect tiles are off (set mapper: " + imperfect_setting(*node) +
           ": true in the spec to allow them; choices: " + listed() + ")";
  return {};
}

std::vector<PlacedTile> reserved_tiles(const spec::ResolvedSpec& spec, const spec::Mapping& mapping) {
  std::map<const spec::MappingNode*, spec::NodePath> paths;
  spec::for_each_node(mapping, [&](const spec::MappingNode& n, const spec::NodePath& p) { paths[&n] = p; });
  const auto path_of = [&](const spec::MappingNode* n) {
    const auto it = paths.find(n);
    return it == paths.end() ? spec::NodePath{} : it->second;
  };
  std::vector<PlacedTile> out;
  for (auto& tile : model::reserved_tiles(spec, mapping)) {
    PlacedTile placed{path_of(tile.holder), path_of(tile.sized_at), {}, std::move(tile)};
    for (const auto* loop : placed.tile.lowered_through) placed.lowered_through.push_back(path_of(loop));
    out.push_back(std::move(placed));
  }
  return out;
}

}  // namespace af::mapping_edit
