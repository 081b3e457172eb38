#include "mapping/node_path.h"

#include <QStringList>

namespace af::ui {

std::vector<spec::MappingNode>* childrenOf(spec::MappingNode& node) {
  if (auto* n = std::get_if<spec::NestedNode>(&node.node)) return &n->nodes;
  if (auto* b = std::get_if<spec::BranchNode>(&node.node)) return &b->branches;
  return nullptr;
}

const std::vector<spec::MappingNode>* childrenOf(const spec::MappingNode& node) {
  return childrenOf(const_cast<spec::MappingNode&>(node));  // same lookup, read-only result
}

std::vector<spec::MappingNode>* siblingsOf(spec::Mapping& mapping, const NodePath& path) {
  if (path.isEmpty()) return nullptr;
  std::vector<spec::MappingNode>* level = &mapping.nodes;
  for (qsizetype i = 0; i + 1 < path.size(); ++i) {
    const int row = path[i];
    if (row < 0 || row >= static_cast<int>(level->size())) return nullptr;
    level = childrenOf((*level)[static_cast<std::size_t>(row)]);
    if (!level) return nullptr;
  }
  const int last = path.back();
  return last >= 0 && last < static_cast<int>(level->size()) ? level : nullptr;
}

const std::vector<spec::MappingNode>* siblingsOf(const spec::Mapping& mapping, const NodePath& path) {
  return siblingsOf(const_cast<spec::Mapping&>(mapping), path);
}

spec::MappingNode* nodeAt(spec::Mapping& mapping, const NodePath& path) {
  auto* level = siblingsOf(mapping, path);
  return level ? &(*level)[static_cast<std::size_t>(path.back())] : nullptr;
}

const spec::MappingNode* nodeAt(const spec::Mapping& mapping, const NodePath& path) {
  return nodeAt(const_cast<spec::Mapping&>(mapping), path);
}

bool inChain(const spec::Mapping& mapping, const NodePath& path) {
  if (path.size() <= 1) return !path.isEmpty();
  const auto* parent = nodeAt(mapping, path.first(path.size() - 1));
  return parent && parent->as<spec::NestedNode>();
}

namespace {
void walk(const std::vector<spec::MappingNode>& nodes, NodePath& path,
          const std::function<void(const spec::MappingNode&, const NodePath&)>& visit) {
  for (std::size_t i = 0; i < nodes.size(); ++i) {
    path.push_back(static_cast<int>(i));
    visit(nodes[i], path);
    if (const auto* kids = childrenOf(nodes[i])) walk(*kids, path, visit);
    path.pop_back();
  }
}
}  // namespace

void forEachNode(const spec::Mapping& mapping,
                 const std::function<void(const spec::MappingNode&, const NodePath&)>& visit) {
  NodePath path;
  walk(mapping.nodes, path, visit);
}

std::vector<const spec::MappingNode*> nodesAbove(const spec::Mapping& mapping, const NodePath& path) {
  std::vector<const spec::MappingNode*> out;
  const std::vector<spec::MappingNode>* level = &mapping.nodes;
  bool chain = true;  // the root is a Nested
  for (qsizetype k = 0; k < path.size(); ++k) {
    const int row = path[k];
    if (row < 0 || row >= static_cast<int>(level->size())) break;
    // In a chain every earlier node encloses the later ones; in a branch they are siblings.
    if (chain)
      for (int i = 0; i < row; ++i) out.push_back(&(*level)[static_cast<std::size_t>(i)]);
    if (k + 1 == path.size()) break;
    const spec::MappingNode& node = (*level)[static_cast<std::size_t>(row)];
    out.push_back(&node);
    chain = node.as<spec::NestedNode>() != nullptr;
    level = childrenOf(node);
    if (!level) break;
  }
  return out;
}

QString pathToString(const NodePath& path) {
  QStringList parts;
  for (const int row : path) parts << QString::number(row);
  return parts.join(QLatin1Char('.'));
}

std::optional<NodePath> pathFromString(const QString& text) {
  NodePath path;
  if (text.isEmpty()) return path;
  for (const auto& part : text.split(QLatin1Char('.'))) {
    bool ok = false;
    const int row = part.toInt(&ok);
    if (!ok || row < 0) return std::nullopt;
    path << row;
  }
  return path;
}

bool endsChain(const spec::MappingNode& node) {
  return node.as<spec::ComputeNode>() || node.as<spec::BranchNode>() || node.as<spec::NestedNode>();
}

}  // namespace af::ui
