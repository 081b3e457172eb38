#include "mapping/mapping_context.h"

#include <algorithm>
#include <numeric>
#include <set>

namespace af::ui {
namespace {

// Nodes in scope of `path`: the node itself and, in a chain, the later siblings.
std::vector<const spec::MappingNode*> scopeRoots(const spec::Mapping& mapping, const NodePath& path) {
  std::vector<const spec::MappingNode*> roots;
  if (path.isEmpty()) {
    for (const auto& n : mapping.nodes) roots.push_back(&n);
    return roots;
  }
  const auto* siblings = siblingsOf(mapping, path);
  if (!siblings) return roots;
  const auto first = static_cast<std::size_t>(path.back());
  const auto last = inChain(mapping, path) ? siblings->size() : first + 1;
  for (auto i = first; i < last; ++i) roots.push_back(&(*siblings)[i]);
  return roots;
}

void visitScope(const spec::MappingNode& node, const std::function<void(const spec::MappingNode&)>& fn) {
  fn(node);
  if (const auto* kids = childrenOf(node))
    for (const auto& k : *kids) visitScope(k, fn);
}

std::optional<std::pair<std::string, std::int64_t>> loopOf(const spec::MappingNode& node) {
  if (const auto* t = node.as<spec::TemporalNode>()) return std::pair{t->rank_variable, t->tile_shape};
  if (const auto* s = node.as<spec::SpatialNode>()) return std::pair{s->rank_variable, s->tile_shape};
  return std::nullopt;
}

}  // namespace

std::vector<const spec::Einsum*> einsumsBelow(const spec::Mapping& mapping, const spec::Workload& workload,
                                              const NodePath& path) {
  std::vector<const spec::Einsum*> out;
  for (const auto* root : scopeRoots(mapping, path))
    visitScope(*root, [&](const spec::MappingNode& n) {
      const auto* c = n.as<spec::ComputeNode>();
      if (!c) return;
      const auto* e = workload.find_einsum(c->einsum);
      if (e && std::find(out.begin(), out.end(), e) == out.end()) out.push_back(e);
    });
  return out;
}

QStringList tensorsBelow(const spec::Mapping& mapping, const spec::Workload& workload, const NodePath& path) {
  QStringList out;
  for (const auto* e : einsumsBelow(mapping, workload, path))
    for (const auto& t : e->tensor_names())
      if (const auto name = QString::fromStdString(t); !out.contains(name)) out << name;
  return out;
}

QStringList rankVariablesBelow(const spec::Mapping& mapping, const spec::Workload& workload,
                               const NodePath& path) {
  std::set<std::string> names;
  for (const auto* e : einsumsBelow(mapping, workload, path)) names.merge(e->rank_variables());
  QStringList out;
  for (const auto& n : names) out << QString::fromStdString(n);
  return out;
}

Shape shapeAt(const spec::Mapping& mapping, const spec::Workload& workload, const NodePath& path) {
  Shape shape;
  // Above a split several Einsums share the loops; the first one that knows a bound wins.
  for (const auto* e : einsumsBelow(mapping, workload, path))
    for (const auto& [rv, bound] : e->rank_variable_bounds) shape.emplace(rv, bound);
  for (const auto* above : nodesAbove(mapping, path))
    if (const auto loop = loopOf(*above)) shape[loop->first] = loop->second;
  return shape;
}

QList<std::int64_t> validTileShapes(const spec::Mapping& mapping, const spec::Workload& workload,
                                    const NodePath& path) {
  const auto* node = nodeAt(mapping, path);
  const auto loop = node ? loopOf(*node) : std::nullopt;
  if (!loop) return {};
  const Shape shape = shapeAt(mapping, workload, path);
  const auto it = shape.find(loop->first);
  if (it == shape.end() || it->second < 1) return {};
  // Inner loops over the same variable must still tile the new value exactly.
  std::int64_t inner = 1;
  const auto* siblings = siblingsOf(mapping, path);
  const auto self = static_cast<std::size_t>(path.back());
  const auto end = inChain(mapping, path) ? siblings->size() : self + 1;
  for (auto i = self + 1; i < end; ++i)
    visitScope((*siblings)[i], [&](const spec::MappingNode& n) {
      if (const auto l = loopOf(n); l && l->first == loop->first && l->second > 0)
        inner = std::lcm(inner, l->second);
    });
  QList<std::int64_t> out;
  for (std::int64_t d = 1; d <= it->second; ++d)
    if (it->second % d == 0 && d % inner == 0) out << d;
  return out;
}

QString formatExpr(const spec::AffineExpr& expr) {
  QString out;
  for (const auto& term : expr.terms) {
    if (!out.isEmpty()) out += term.coeff < 0 ? QStringLiteral(" - ") : QStringLiteral(" + ");
    else if (term.coeff < 0) out += QLatin1Char('-');
    const auto magnitude = term.coeff < 0 ? -term.coeff : term.coeff;
    if (magnitude != 1) out += QString::number(magnitude) + QLatin1Char('*');
    out += QString::fromStdString(term.var);
  }
  if (expr.constant != 0 || out.isEmpty()) {
    if (out.isEmpty()) out = QString::number(expr.constant);
    else out += (expr.constant < 0 ? QStringLiteral(" - ") : QStringLiteral(" + ")) +
                QString::number(expr.constant < 0 ? -expr.constant : expr.constant);
  }
  return out;
}

QString formatTile(const spec::TensorAccess& access, const Shape& shape) {
  QStringList ranks;
  for (const auto& entry : access.projection) {
    std::int64_t extent = 1;  // §7.5 dense tile: (expr with every rv -> S-1) + 1
    for (const auto& term : entry.expr.terms) {
      const auto it = shape.find(term.var);
      const std::int64_t s = it == shape.end() ? 1 : it->second;
      extent += (term.coeff < 0 ? -term.coeff : term.coeff) * (s - 1);
    }
    ranks << formatExpr(entry.expr) + QLatin1Char(':') + QString::number(extent);
  }
  return QString::fromStdString(access.tensor) + QLatin1Char('[') + ranks.join(QStringLiteral(", ")) +
         QLatin1Char(']');
}

namespace {
QString formatIndex(const spec::TensorAccess& access) {
  QStringList parts;
  for (const auto& entry : access.projection) parts << formatExpr(entry.expr);
  return QString::fromStdString(access.tensor) + QLatin1Char('[') + parts.join(QStringLiteral(", ")) +
         QLatin1Char(']');
}
}  // namespace

QString formatEinsum(const spec::Einsum& einsum) {
  QStringList outputs;
  QStringList inputs;
  for (const auto& a : einsum.accesses) (a.output ? outputs : inputs) << formatIndex(a);
  const auto op = einsum.is_copy_operation ? QStringLiteral(" = ") : QStringLiteral(" += ");
  return outputs.join(QStringLiteral(", ")) + op + inputs.join(QStringLiteral(" * "));
}

const spec::TensorAccess* findAccess(const std::vector<const spec::Einsum*>& einsums, const std::string& tensor) {
  for (const auto* e : einsums)
    if (const auto* a = e->find_access(tensor)) return a;
  return nullptr;
}

}  // namespace af::ui
