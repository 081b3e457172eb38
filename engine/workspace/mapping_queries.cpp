#include "workspace/mapping_queries.h"

#include <algorithm>
#include <functional>
#include <numeric>
#include <set>

#include "mapper/tile_candidates.h"

namespace af {

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

std::int64_t inner_tile(const spec::Mapping& mapping, const spec::NodePath& path) {
  const auto* node = spec::node_at(mapping, path);
  const auto loop = node ? spec::loop_of(*node) : std::nullopt;
  const auto* siblings = spec::siblings_of(mapping, path);
  if (!loop || !siblings) return 1;
  std::int64_t inner = 1;
  const auto self = static_cast<std::size_t>(path.back());
  const auto end = spec::in_chain(mapping, path) ? siblings->size() : self + 1;
  for (auto i = self + 1; i < end; ++i)
    visit_scope((*siblings)[i], [&](const spec::MappingNode& n) {
      if (const auto l = spec::loop_of(n); l && l->first == loop->first && l->second > 0)
        inner = std::lcm(inner, l->second);
    });
  return inner;
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

}  // namespace af
