#include "mapping/reserved_tile_text.h"

#include <QStringList>

#include "mapping/mapping_context.h"
#include "models/qt_string.h"
#include "models/si_format.h"

namespace af::ui {
namespace {


QString tileText(const spec::TensorAccess* access, const std::string& tensor,
                 const std::vector<std::int64_t>& extents) {
  QStringList ranks;
  for (std::size_t r = 0; r < extents.size(); ++r) {
    const QString index = access && r < access->projection.size() ? formatExpr(access->projection[r].expr)
                                                                  : QStringLiteral("#%1").arg(r);
    ranks << index + QLatin1Char(':') + QString::number(extents[r]);
  }
  return q(tensor) + QLatin1Char('[') + ranks.join(QStringLiteral(", ")) + QLatin1Char(']');
}

const spec::TensorAccess* accessOf(const spec::Workload& workload, const model::ReservedTile& tile) {
  const auto* einsum = workload.find_einsum(tile.einsum);
  return einsum ? einsum->find_access(tile.tensor) : nullptr;
}

QString values(double n) {
  return n == 1 ? QStringLiteral("one value") : QStringLiteral("%1 values").arg(formatCount(n));
}

QString loopName(const spec::MappingNode* node) {
  if (!node) return QStringLiteral("a loop");
  if (const auto* t = node->as<spec::TemporalNode>())
    return QStringLiteral("for %1").arg(q(t->rank_variable));
  if (const auto* s = node->as<spec::SpatialNode>())
    return QStringLiteral("parallel-for %1 (%2 of %3)").arg(q(s->rank_variable), q(s->name), q(s->component));
  return q(spec::describe(*node));
}

// The first holder of `tensor` above the node at `path`: the one that backs it there.
QString backer(const spec::Mapping& mapping, const NodePath& path, const std::string& tensor) {
  for (const auto* node : nodesAbove(mapping, path)) {
    const std::vector<std::string>* tensors = nullptr;
    std::string component;
    if (const auto* s = node->as<spec::StorageNode>()) tensors = &s->tensors, component = s->component;
    if (const auto* t = node->as<spec::TollNode>()) tensors = &t->tensors, component = t->component;
    if (tensors && std::find(tensors->begin(), tensors->end(), tensor) != tensors->end()) return q(component);
  }
  return QStringLiteral("a holder above");
}

}  // namespace

const mapping_edit::PlacedTile* reservedTileAt(const std::vector<mapping_edit::PlacedTile>& tiles, const NodePath& path,
                                 const std::string& tensor) {
  const mapping_edit::PlacedTile* best = nullptr;
  const auto at = toSpecPath(path);
  for (const auto& t : tiles)
    if (t.holder == at && t.tile.tensor == tensor && (!best || t.tile.bits > best->tile.bits)) best = &t;
  return best;
}

QString formatReservedTile(const spec::Workload& workload, const mapping_edit::PlacedTile& placed) {
  return tileText(accessOf(workload, placed.tile), placed.tile.tensor, placed.tile.extents);
}

QString explainReservedTile(const spec::Mapping& mapping, const spec::Workload& workload,
                            const mapping_edit::PlacedTile& placed) {
  const auto& tile = placed.tile;
  const auto* access = accessOf(workload, tile);
  const QString tensor = q(tile.tensor);
  const QString component = q(tile.component);
  const QString reserved = tileText(access, tile.tensor, tile.extents);
  if (tile.toll)
    return QStringLiteral("%1 passes %2 on without keeping it: a Toll reserves no buffer.")
        .arg(component, tensor);
  const double perValue = tile.values > 0 ? tile.bits / tile.values : 0;
  QStringList lines;
  lines << QStringLiteral("%1 reserves %2: %3, %4.")
               .arg(component, reserved, values(tile.values), formatBits(tile.bits));
  const NodePath holder = fromSpecPath(placed.holder);
  if (tile.sized_by == model::SizedBy::Backing) {
    lines << QStringLiteral(
                 "%1 is the first holder of %2 here (it backs %2), so its buffer is sized right below "
                 "it: the whole tile the loops above leave.")
                 .arg(component, tensor);
    return lines.join(QLatin1Char('\n'));
  }
  lines << QStringLiteral(
               "%1 is not backed here (%2 keeps all of it), so %3 needs only what the loops below use "
               "at once: its buffer is sized lower down (lowering).")
               .arg(tensor, backer(mapping, holder, tile.tensor), component);
  for (const auto* loop : tile.lowered_through) {
    const auto l = loop ? spec::loop_of(*loop) : std::nullopt;
    if (!l) continue;
    if (loop->as<spec::SpatialNode>())  // only a fanout of the holder's own component lets it through
      lines << QStringLiteral("· below %1: a fanout of %2 itself, so each instance keeps its own part")
                   .arg(loopName(loop), component);
    else
      lines << QStringLiteral(
                   "· below %1 (%2 indexes %3): each step moves to new %3 values, so the buffer keeps "
                   "one step's tile")
                   .arg(loopName(loop), q(l->first), tensor);
  }
  switch (tile.sized_by) {
    case model::SizedBy::Holder:
      lines << (tile.sized_at == tile.holder
                    ? QStringLiteral(
                          "· stops at the next tensor listed in this node: a holder ends every buffer "
                          "sized above it")
                    : QStringLiteral("· stops above %1: a holder ends every buffer sized above it")
                          .arg(tile.sized_at ? q(spec::describe(*tile.sized_at))
                                             : QStringLiteral("the next holder")));
      break;
    case model::SizedBy::IrrelevantLoop:
      lines << QStringLiteral(
                   "· stops above %1: it does not index %2, so the tile stays while it runs (reuse)")
                   .arg(loopName(tile.sized_at), tensor);
      break;
    case model::SizedBy::PartiallyRelevantLoop:
      lines << QStringLiteral("· stops just below %1: it indexes %2 only in part (a sliding window)")
                   .arg(loopName(tile.sized_at), tensor);
      break;
    case model::SizedBy::OtherSpatial:
      lines << QStringLiteral("· stops above %1: another component's fanout").arg(loopName(tile.sized_at));
      break;
    case model::SizedBy::Compute:
      lines << QStringLiteral("· stops at the Compute");
      break;
    case model::SizedBy::Backing:
      break;
  }
  if (tile.holder_values > tile.values && !tile.holder_extents.empty())
    lines << QStringLiteral("So it holds %1 at a time, not the %2 the loops above it leave (%3).")
                 .arg(values(tile.values), tileText(access, tile.tensor, tile.holder_extents),
                      formatBits(tile.holder_values * perValue));
  return lines.join(QLatin1Char('\n'));
}

}  // namespace af::ui
