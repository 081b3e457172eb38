#include "mapping/node_labels.h"

#include <QStringList>
#include <type_traits>

#include "models/qt_string.h"

namespace af::ui {
namespace {

QString joined(const std::vector<std::string>& names) {
  QStringList out;
  for (const auto& n : names) out << QString::fromStdString(n);
  return out.join(QStringLiteral(", "));
}


// "0..64" when the enclosing tile is known.
QString range(const Shape& shape, const std::string& rv) {
  const auto it = shape.find(rv);
  return it == shape.end() ? QString() : QStringLiteral(" in 0..%1").arg(it->second);
}

QString iterations(const Shape& shape, const std::string& rv, std::int64_t tile) {
  const auto it = shape.find(rv);
  if (it == shape.end() || tile < 1) return QString::number(tile);
  const double n = static_cast<double>(it->second) / static_cast<double>(tile);
  return QStringLiteral("%1  (×%2)").arg(tile).arg(n, 0, 'g', 4);
}

}  // namespace

NodeKind kindOf(const spec::MappingNode& node) {
  using V = spec::MappingNode::Variant;
  static_assert(std::is_same_v<std::variant_alternative_t<0, V>, spec::StorageNode> &&
                std::is_same_v<std::variant_alternative_t<4, V>, spec::ComputeNode> &&
                std::is_same_v<std::variant_alternative_t<8, V>, spec::NestedNode>);
  return static_cast<NodeKind>(node.node.index());  // Variant order matches NodeKind
}

QString nodeLabel(const spec::MappingNode& node, const Shape& shape, int branchIndex) {
  if (const auto* s = node.as<spec::StorageNode>())
    return QStringLiteral("Storage %1 [%2]").arg(q(s->component), joined(s->tensors));
  if (const auto* t = node.as<spec::TollNode>())
    return QStringLiteral("Toll %1 [%2]").arg(q(t->component), joined(t->tensors));
  if (const auto* l = node.as<spec::TemporalNode>())
    return QStringLiteral("for %1%2 step %3 (temporal)")
        .arg(q(l->rank_variable), range(shape, l->rank_variable))
        .arg(l->tile_shape);
  if (const auto* p = node.as<spec::SpatialNode>())
    return QStringLiteral("spatial %1: %2 tile %3 (%4)")
        .arg(q(p->name), q(p->rank_variable))
        .arg(p->tile_shape)
        .arg(q(p->component));
  if (const auto* c = node.as<spec::ComputeNode>())
    return QStringLiteral("Compute %1 on %2").arg(q(c->einsum), q(c->component));
  if (node.as<spec::NestedNode>() && branchIndex >= 0) return QStringLiteral("branch %1").arg(branchIndex + 1);
  return q(spec::describe(node));
}

QString nodeDetail(const spec::MappingNode& node, const Shape& shape,
                   const std::vector<const spec::Einsum*>& einsumsBelow) {
  if (const auto* l = node.as<spec::TemporalNode>()) return iterations(shape, l->rank_variable, l->tile_shape);
  if (const auto* p = node.as<spec::SpatialNode>()) return iterations(shape, p->rank_variable, p->tile_shape);
  if (const auto* c = node.as<spec::ComputeNode>())
    for (const auto* e : einsumsBelow)
      if (e->name == c->einsum) return formatEinsum(*e);
  return {};
}

}  // namespace af::ui
