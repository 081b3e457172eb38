#include "spec/mapping_paths.h"

namespace af::spec {

std::vector<MappingNode>* children_of(MappingNode& node) {
  if (auto* n = std::get_if<NestedNode>(&node.node)) return &n->nodes;
  if (auto* b = std::get_if<BranchNode>(&node.node)) return &b->branches;
  return nullptr;
}

const std::vector<MappingNode>* children_of(const MappingNode& node) {
  return children_of(const_cast<MappingNode&>(node));  // same lookup, read-only result
}

std::vector<MappingNode>* siblings_of(Mapping& mapping, const NodePath& path) {
  if (path.empty()) return nullptr;
  std::vector<MappingNode>* level = &mapping.nodes;
  for (std::size_t i = 0; i + 1 < path.size(); ++i) {
    const int row = path[i];
    if (row < 0 || row >= static_cast<int>(level->size())) return nullptr;
    level = children_of((*level)[static_cast<std::size_t>(row)]);
    if (!level) return nullptr;
  }
  const int last = path.back();
  return last >= 0 && last < static_cast<int>(level->size()) ? level : nullptr;
}

const std::vector<MappingNode>* siblings_of(const Mapping& mapping, const NodePath& path) {
  return siblings_of(const_cast<Mapping&>(mapping), path);
}

MappingNode* node_at(Mapping& mapping, const NodePath& path) {
  auto* level = siblings_of(mapping, path);
  return level ? &(*level)[static_cast<std::size_t>(path.back())] : nullptr;
}

const MappingNode* node_at(const Mapping& mapping, const NodePath& path) {
  return node_at(const_cast<Mapping&>(mapping), path);
}

bool in_chain(const Mapping& mapping, const NodePath& path) {
  if (path.size() <= 1) return !path.empty();
  const auto* parent = node_at(mapping, NodePath(path.begin(), path.end() - 1));
  return parent && parent->as<NestedNode>();
}

namespace {
void walk(const std::vector<MappingNode>& nodes, NodePath& path,
          const std::function<void(const MappingNode&, const NodePath&)>& visit) {
  for (std::size_t i = 0; i < nodes.size(); ++i) {
    path.push_back(static_cast<int>(i));
    visit(nodes[i], path);
    if (const auto* kids = children_of(nodes[i])) walk(*kids, path, visit);
    path.pop_back();
  }
}
}  // namespace

void for_each_node(const Mapping& mapping, const std::function<void(const MappingNode&, const NodePath&)>& visit) {
  NodePath path;
  walk(mapping.nodes, path, visit);
}

std::vector<const MappingNode*> nodes_above(const Mapping& mapping, const NodePath& path) {
  std::vector<const MappingNode*> out;
  const std::vector<MappingNode>* level = &mapping.nodes;
  bool chain = true;  // the root is a Nested
  for (std::size_t k = 0; k < path.size(); ++k) {
    const int row = path[k];
    if (row < 0 || row >= static_cast<int>(level->size())) break;
    // In a chain every earlier node encloses the later ones; in a branch they are siblings.
    if (chain)
      for (int i = 0; i < row; ++i) out.push_back(&(*level)[static_cast<std::size_t>(i)]);
    if (k + 1 == path.size()) break;
    const MappingNode& node = (*level)[static_cast<std::size_t>(row)];
    out.push_back(&node);
    chain = node.as<NestedNode>() != nullptr;
    level = children_of(node);
    if (!level) break;
  }
  return out;
}

bool ends_chain(const MappingNode& node) {
  return node.as<ComputeNode>() || node.as<BranchNode>() || node.as<NestedNode>();
}

std::optional<std::pair<std::string, std::int64_t>> loop_of(const MappingNode& node) {
  if (const auto* t = node.as<TemporalNode>()) return std::pair{t->rank_variable, t->tile_shape};
  if (const auto* s = node.as<SpatialNode>()) return std::pair{s->rank_variable, s->tile_shape};
  return std::nullopt;
}

}  // namespace af::spec
