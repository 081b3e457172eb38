#pragma once
// Addressing nodes of a Mapping by index path: at a Nested level the index is into `nodes`,
// at a branch (Sequential/Pipeline/Split) it is into `branches`. The root is the Mapping
// itself (a Nested), so {0} is its first node and {} the root.
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "spec/mapping.h"

namespace af::spec {

using NodePath = std::vector<int>;

// The children vector of a Nested or branch node; nullptr for leaves.
[[nodiscard]] std::vector<MappingNode>* children_of(MappingNode& node);
[[nodiscard]] const std::vector<MappingNode>* children_of(const MappingNode& node);

// nullptr when the path does not name a node (the root path {} names no MappingNode).
[[nodiscard]] const MappingNode* node_at(const Mapping& mapping, const NodePath& path);
[[nodiscard]] MappingNode* node_at(Mapping& mapping, const NodePath& path);

// The vector that holds the node at `path` (its siblings), or nullptr.
[[nodiscard]] std::vector<MappingNode>* siblings_of(Mapping& mapping, const NodePath& path);
[[nodiscard]] const std::vector<MappingNode>* siblings_of(const Mapping& mapping, const NodePath& path);
// True when the node at `path` sits in a chain (a Nested or the root), where order is nesting.
[[nodiscard]] bool in_chain(const Mapping& mapping, const NodePath& path);

// Pre-order walk over every node with its path.
void for_each_node(const Mapping& mapping, const std::function<void(const MappingNode&, const NodePath&)>& visit);

// Nodes that enclose `path` in nesting order, outermost first: the earlier nodes of each chain
// on the way down (loops, storage) and the containers themselves. Excludes the node itself.
[[nodiscard]] std::vector<const MappingNode*> nodes_above(const Mapping& mapping, const NodePath& path);

// True for nodes that end a chain: Compute, branches and Nested (only the last may have children).
[[nodiscard]] bool ends_chain(const MappingNode& node);

// The (rank variable, tile shape) of a Temporal or Spatial node.
[[nodiscard]] std::optional<std::pair<std::string, std::int64_t>> loop_of(const MappingNode& node);

}  // namespace af::spec
