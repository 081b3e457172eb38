#pragma once
// Mapping node paths in Qt types (spec/mapping_paths.h holds the navigation): {0} is the
// root's first node, {} the root; at a branch the index is into its branches.
#include <QList>
#include <QString>
#include <functional>
#include <optional>

#include "spec/mapping_paths.h"

namespace af::ui {

using NodePath = QList<int>;

[[nodiscard]] inline spec::NodePath toSpecPath(const NodePath& path) { return {path.begin(), path.end()}; }
[[nodiscard]] inline NodePath fromSpecPath(const spec::NodePath& path) { return {path.begin(), path.end()}; }

using spec::children_of;
using spec::ends_chain;

[[nodiscard]] inline const spec::MappingNode* nodeAt(const spec::Mapping& m, const NodePath& p) {
  return spec::node_at(m, toSpecPath(p));
}
[[nodiscard]] inline spec::MappingNode* nodeAt(spec::Mapping& m, const NodePath& p) {
  return spec::node_at(m, toSpecPath(p));
}
[[nodiscard]] inline std::vector<spec::MappingNode>* siblingsOf(spec::Mapping& m, const NodePath& p) {
  return spec::siblings_of(m, toSpecPath(p));
}
[[nodiscard]] inline const std::vector<spec::MappingNode>* siblingsOf(const spec::Mapping& m, const NodePath& p) {
  return spec::siblings_of(m, toSpecPath(p));
}
[[nodiscard]] inline bool inChain(const spec::Mapping& m, const NodePath& p) { return spec::in_chain(m, toSpecPath(p)); }
[[nodiscard]] inline std::vector<const spec::MappingNode*> nodesAbove(const spec::Mapping& m, const NodePath& p) {
  return spec::nodes_above(m, toSpecPath(p));
}
[[nodiscard]] inline std::vector<spec::MappingNode>* childrenOf(spec::MappingNode& n) { return children_of(n); }
[[nodiscard]] inline const std::vector<spec::MappingNode>* childrenOf(const spec::MappingNode& n) {
  return children_of(n);
}
[[nodiscard]] inline bool endsChain(const spec::MappingNode& n) { return ends_chain(n); }

// Pre-order walk over every node with its path.
void forEachNode(const spec::Mapping& mapping,
                 const std::function<void(const spec::MappingNode&, const NodePath&)>& visit);

// "0.2.1" <-> {0, 2, 1} (for drag-and-drop mime data); an invalid text gives nullopt.
[[nodiscard]] QString pathToString(const NodePath& path);
[[nodiscard]] std::optional<NodePath> pathFromString(const QString& text);

}  // namespace af::ui
