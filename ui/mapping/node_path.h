#pragma once
// Addressing nodes of a spec::Mapping by index path: at a Nested level the index is into
// `nodes`, at a branch (Sequential/Pipeline/Split) it is into `branches`. The root is the
// Mapping itself (a Nested), so {0} is its first node and {} the root.
#include <QList>
#include <QString>
#include <functional>
#include <optional>

#include "spec/mapping.h"

namespace af::ui {

using NodePath = QList<int>;

// The children vector of a Nested or branch node; nullptr for leaves.
[[nodiscard]] std::vector<spec::MappingNode>* childrenOf(spec::MappingNode& node);
[[nodiscard]] const std::vector<spec::MappingNode>* childrenOf(const spec::MappingNode& node);

// nullptr when the path does not name a node (the root path {} names no MappingNode).
[[nodiscard]] const spec::MappingNode* nodeAt(const spec::Mapping& mapping, const NodePath& path);
[[nodiscard]] spec::MappingNode* nodeAt(spec::Mapping& mapping, const NodePath& path);

// The vector that holds the node at `path` (its siblings), or nullptr.
[[nodiscard]] std::vector<spec::MappingNode>* siblingsOf(spec::Mapping& mapping, const NodePath& path);
[[nodiscard]] const std::vector<spec::MappingNode>* siblingsOf(const spec::Mapping& mapping,
                                                               const NodePath& path);
// True when the node at `path` sits in a chain (a Nested or the root), where order is nesting.
[[nodiscard]] bool inChain(const spec::Mapping& mapping, const NodePath& path);

// Pre-order walk over every node with its path.
void forEachNode(const spec::Mapping& mapping,
                 const std::function<void(const spec::MappingNode&, const NodePath&)>& visit);

// Nodes that enclose `path` in nesting order, outermost first: the earlier nodes of each chain
// on the way down (loops, storage) and the containers themselves. Excludes the node itself.
[[nodiscard]] std::vector<const spec::MappingNode*> nodesAbove(const spec::Mapping& mapping,
                                                               const NodePath& path);

// "0.2.1" <-> {0, 2, 1} (for drag-and-drop mime data); an invalid text gives nullopt.
[[nodiscard]] QString pathToString(const NodePath& path);
[[nodiscard]] std::optional<NodePath> pathFromString(const QString& text);

// True for nodes that end a chain: Compute, branches and Nested (only the last may have children).
[[nodiscard]] bool endsChain(const spec::MappingNode& node);

}  // namespace af::ui
