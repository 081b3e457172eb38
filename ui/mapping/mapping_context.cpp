#include "mapping/mapping_context.h"


namespace af::ui {

std::vector<const spec::Einsum*> einsumsBelow(const spec::Mapping& mapping, const spec::Workload& workload,
                                              const NodePath& path) {
  return mapping_edit::einsums_below(mapping, workload, toSpecPath(path));
}

QStringList tensorsBelow(const spec::Mapping& mapping, const spec::Workload& workload, const NodePath& path) {
  QStringList out;
  for (const auto& t : mapping_edit::tensors_below(mapping, workload, toSpecPath(path))) out << QString::fromStdString(t);
  return out;
}

QStringList rankVariablesBelow(const spec::Mapping& mapping, const spec::Workload& workload,
                               const NodePath& path) {
  QStringList out;
  for (const auto& r : mapping_edit::rank_variables_below(mapping, workload, toSpecPath(path))) out << QString::fromStdString(r);
  return out;
}

mapping_edit::Shape shapeAt(const spec::Mapping& mapping, const spec::Workload& workload, const NodePath& path) {
  return mapping_edit::shape_at(mapping, workload, toSpecPath(path));
}

QList<std::int64_t> validTileShapes(const spec::Mapping& mapping, const spec::Workload& workload,
                                    const NodePath& path, const mapping_edit::TileChoiceOptions& options) {
  QList<std::int64_t> out;
  for (const auto v : mapping_edit::valid_tile_shapes(mapping, workload, toSpecPath(path), options)) out << v;
  return out;
}

std::vector<std::string> heldTensors(const spec::MappingNode& node) {
  if (const auto* s = node.as<spec::StorageNode>()) return s->tensors;
  if (const auto* t = node.as<spec::TollNode>()) return t->tensors;
  return {};
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

}  // namespace af::ui
