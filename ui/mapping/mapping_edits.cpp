#include "mapping/mapping_edits.h"

#include <algorithm>

namespace af::ui {
namespace {

// Rows of a chain a node may occupy: everything before a chain-ending last node.
int movableEnd(const std::vector<spec::MappingNode>& chain) {
  const int n = static_cast<int>(chain.size());
  return n > 0 && endsChain(chain.back()) ? n - 1 : n;
}

std::vector<std::string>* tensorsOf(spec::MappingNode& node) {
  if (auto* s = std::get_if<spec::StorageNode>(&node.node)) return &s->tensors;
  if (auto* t = std::get_if<spec::TollNode>(&node.node)) return &t->tensors;
  return nullptr;
}

std::string* componentOf(spec::MappingNode& node) {
  if (auto* s = std::get_if<spec::StorageNode>(&node.node)) return &s->component;
  if (auto* t = std::get_if<spec::TollNode>(&node.node)) return &t->component;
  if (auto* p = std::get_if<spec::SpatialNode>(&node.node)) return &p->component;
  if (auto* c = std::get_if<spec::ComputeNode>(&node.node)) return &c->component;
  return nullptr;
}

std::vector<spec::MappingNode>* chainAt(spec::Mapping& mapping, const NodePath& parent) {
  if (parent.isEmpty()) return &mapping.nodes;
  auto* node = nodeAt(mapping, parent);
  auto* nested = node ? std::get_if<spec::NestedNode>(&node->node) : nullptr;
  return nested ? &nested->nodes : nullptr;
}

}  // namespace

QString checkMove(const spec::Mapping& mapping, const NodePath& from, int destRow) {
  const auto* node = nodeAt(mapping, from);
  if (!node) return QStringLiteral("no node at %1").arg(pathToString(from));
  if (!inChain(mapping, from)) return QStringLiteral("branches of a Sequential/Pipeline/Split keep their order");
  if (endsChain(*node))
    return QStringLiteral("%1 ends its chain and cannot move").arg(QString::fromStdString(spec::describe(*node)));
  const auto& chain = *siblingsOf(mapping, from);
  if (destRow < 0 || destRow > movableEnd(chain))
    return QStringLiteral("nothing may follow %1")
        .arg(QString::fromStdString(spec::describe(chain.back())));
  if (destRow == from.back() || destRow == from.back() + 1) return QStringLiteral("the node is already there");
  return {};
}

void applyMove(spec::Mapping& mapping, const NodePath& from, int destRow) {
  auto& chain = *siblingsOf(mapping, from);
  const auto src = chain.begin() + from.back();
  if (destRow > from.back()) std::rotate(src, src + 1, chain.begin() + destRow);
  else std::rotate(chain.begin() + destRow, src, src + 1);
}

std::variant<InsertPoint, QString> insertPointAfter(const spec::Mapping& mapping, const NodePath& path) {
  if (path.isEmpty()) return InsertPoint{{}, 0};
  const auto* node = nodeAt(mapping, path);
  if (!node) return QStringLiteral("no node at %1").arg(pathToString(path));
  if (node->as<spec::NestedNode>()) return InsertPoint{path, 0};  // a branch row: its first position
  if (!inChain(mapping, path) || endsChain(*node))
    return QStringLiteral("nothing may follow %1").arg(QString::fromStdString(spec::describe(*node)));
  return InsertPoint{path.first(path.size() - 1), path.back() + 1};
}

QString checkInsert(const spec::Mapping& mapping, const InsertPoint& at, const spec::MappingNode& node) {
  if (!(node.as<spec::TemporalNode>() || node.as<spec::SpatialNode>() || node.as<spec::StorageNode>() ||
        node.as<spec::TollNode>()))
    return QStringLiteral("only Temporal, Spatial, Storage and Toll nodes can be inserted");
  const auto* chain = chainAt(const_cast<spec::Mapping&>(mapping), at.parent);
  if (!chain) return QStringLiteral("nodes can only be inserted into a chain");
  if (at.row < 0 || at.row > movableEnd(*chain)) return QStringLiteral("nothing may follow the last node");
  return {};
}

void applyInsert(spec::Mapping& mapping, const InsertPoint& at, spec::MappingNode node) {
  auto* chain = chainAt(mapping, at.parent);
  chain->insert(chain->begin() + at.row, std::move(node));
}

QString checkRemove(const spec::Mapping& mapping, const NodePath& path) {
  const auto* node = nodeAt(mapping, path);
  if (!node) return QStringLiteral("no node at %1").arg(pathToString(path));
  if (endsChain(*node))
    return QStringLiteral("%1 carries the structure; edit the YAML to remove it")
        .arg(QString::fromStdString(spec::describe(*node)));
  return {};
}

void applyRemove(spec::Mapping& mapping, const NodePath& path) {
  auto& siblings = *siblingsOf(mapping, path);
  siblings.erase(siblings.begin() + path.back());
}

QString checkTileShape(const spec::Mapping& mapping, const spec::Workload& workload, const NodePath& path,
                       std::int64_t value, const TileChoiceOptions& options) {
  return QString::fromStdString(explain_tile_shape(mapping, workload, toSpecPath(path), value, options));
}

void applyTileShape(spec::Mapping& mapping, const NodePath& path, std::int64_t value) {
  auto& node = nodeAt(mapping, path)->node;
  if (auto* t = std::get_if<spec::TemporalNode>(&node)) t->tile_shape = value;
  if (auto* s = std::get_if<spec::SpatialNode>(&node)) s->tile_shape = value;
}

QString checkToggleTensor(const spec::Mapping& mapping, const NodePath& path, const QString& tensor) {
  auto* node = nodeAt(const_cast<spec::Mapping&>(mapping), path);
  const auto* tensors = node ? tensorsOf(*node) : nullptr;
  if (!tensors) return QStringLiteral("only Storage and Toll nodes hold tensors");
  if (tensor.isEmpty()) return QStringLiteral("no tensor named");
  const bool present = std::ranges::find(*tensors, tensor.toStdString()) != tensors->end();
  if (present && tensors->size() == 1)
    return QStringLiteral("%1 is the last tensor of this node; delete the node instead").arg(tensor);
  return {};
}

void applyToggleTensor(spec::Mapping& mapping, const NodePath& path, const QString& tensor) {
  auto& tensors = *tensorsOf(*nodeAt(mapping, path));
  const auto name = tensor.toStdString();
  if (const auto it = std::ranges::find(tensors, name); it != tensors.end()) tensors.erase(it);
  else tensors.push_back(name);
}

QString checkComponent(const spec::Mapping& mapping, const NodePath& path, const QString& component,
                       const QStringList& allowed) {
  auto* node = nodeAt(const_cast<spec::Mapping&>(mapping), path);
  if (!node || !componentOf(*node)) return QStringLiteral("this node has no component");
  if (component.trimmed().isEmpty()) return QStringLiteral("the component name is empty");
  if (!allowed.isEmpty() && !allowed.contains(component))
    return QStringLiteral("%1 is not a suitable component here (one of: %2)")
        .arg(component, allowed.join(QStringLiteral(", ")));
  return {};
}

void applyComponent(spec::Mapping& mapping, const NodePath& path, const QString& component) {
  *componentOf(*nodeAt(mapping, path)) = component.toStdString();
}

namespace {
std::vector<std::string> toStd(const QStringList& list) {
  std::vector<std::string> out;
  for (const auto& s : list) out.push_back(s.toStdString());
  return out;
}
}  // namespace

spec::MappingNode makeTemporal(const QString& rankVariable) {
  return {spec::TemporalNode{rankVariable.toStdString(), 1, std::nullopt}, {}, std::nullopt};
}

spec::MappingNode makeSpatial(const QString& rankVariable, const QString& dim, const QString& component) {
  return {spec::SpatialNode{rankVariable.toStdString(), 1, std::nullopt, dim.toStdString(), component.toStdString()},
          {},
          std::nullopt};
}

spec::MappingNode makeStorage(const QString& component, const QStringList& tensors) {
  return {spec::StorageNode{toStd(tensors), component.toStdString(), false}, {}, std::nullopt};
}

spec::MappingNode makeToll(const QString& component, const QStringList& tensors) {
  return {spec::TollNode{toStd(tensors), component.toStdString(), false}, {}, std::nullopt};
}

}  // namespace af::ui
