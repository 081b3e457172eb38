#include "views/workload_text.h"

#include <QObject>
#include <QStringList>

#include "models/qt_string.h"
#include "models/si_format.h"

namespace af::ui {

namespace {
QString names(const std::vector<std::string>& v) {
  QStringList out;
  for (const auto& s : v) out << q(s);
  return out.isEmpty() ? QObject::tr("none") : out.join(QStringLiteral(", "));
}
}  // namespace

QString affineText(const spec::AffineExpr& expr) {
  QString text;
  for (const auto& t : expr.terms) {
    const bool negative = t.coeff < 0;
    const auto magnitude = negative ? -t.coeff : t.coeff;
    if (!text.isEmpty())
      text += negative ? QStringLiteral(" - ") : QStringLiteral(" + ");
    else if (negative)
      text += QLatin1Char('-');
    text += magnitude == 1 ? q(t.var) : QStringLiteral("%1*%2").arg(magnitude).arg(q(t.var));
  }
  if (expr.constant != 0 || text.isEmpty()) {
    if (text.isEmpty()) return QString::number(expr.constant);
    text += expr.constant < 0 ? QStringLiteral(" - %1").arg(-expr.constant)
                              : QStringLiteral(" + %1").arg(expr.constant);
  }
  return text;
}

QString projectionText(const spec::TensorAccess& access) {
  QStringList entries;
  for (const auto& p : access.projection) entries << affineText(p.expr);
  return QStringLiteral("%1[%2]").arg(q(access.tensor), entries.join(QStringLiteral(", ")));
}

QString boundsText(const spec::Einsum& einsum) {
  QStringList parts;
  for (const auto& [rv, bound] : einsum.rank_variable_bounds)
    parts << QStringLiteral("%1=%2").arg(q(rv)).arg(bound);
  return parts.join(QLatin1Char(' '));
}

QString einsumToolTip(const spec::Einsum& einsum) {
  QString html = QStringLiteral("<b>%1</b>").arg(q(einsum.name).toHtmlEscaped());
  if (einsum.is_copy_operation) html += QObject::tr(" (copy)");
  html += QStringLiteral("<br>");
  QStringList inputs, outputs;
  for (const auto& a : einsum.accesses) (a.output ? outputs : inputs) << projectionText(a).toHtmlEscaped();
  html += QStringLiteral("%1 = f(%2)<br>")
              .arg(outputs.join(QStringLiteral(", ")), inputs.join(QStringLiteral(", ")));
  html += QObject::tr("Bounds: %1").arg(boundsText(einsum).toHtmlEscaped());
  if (einsum.n_computes)
    html += QObject::tr("<br>Computes: %1").arg(formatCount(static_cast<double>(*einsum.n_computes)));
  if (einsum.n_instances != 1) html += QObject::tr("<br>Instances: %1").arg(formatCount(einsum.n_instances));
  return html;
}

QString tensorToolTip(const spec::Workload& workload, const QString& tensor, double sizeBits) {
  const std::string name = tensor.toStdString();
  const spec::TensorAccess* first = nullptr;
  QStringList projections;
  for (const auto& e : workload.einsums)
    if (const auto* a = e.find_access(name)) {
      if (!first) first = a;
      if (const QString p = projectionText(*a); !projections.contains(p)) projections << p;
    }
  QString html = QStringLiteral("<b>%1</b><br>").arg(tensor.toHtmlEscaped());
  html += projections.join(QStringLiteral(", ")).toHtmlEscaped();
  html += QObject::tr("<br>Size: %1 bits (%2)").arg(formatCount(sizeBits), formatBits(sizeBits, 6));
  if (first) html += QObject::tr("<br>Bits per value: %1").arg(formatCount(first->bits_per_value));
  html += QObject::tr("<br>Produced by: %1").arg(names(workload.producers(name)).toHtmlEscaped());
  html += QObject::tr("<br>Consumed by: %1").arg(names(workload.consumers(name)).toHtmlEscaped());
  QStringList flags;
  if (workload.intermediate_tensors().contains(name)) flags << QObject::tr("intermediate");
  if (first && first->persistent) flags << QObject::tr("persistent");
  if (!flags.isEmpty()) html += QStringLiteral("<br><i>%1</i>").arg(flags.join(QStringLiteral(", ")));
  return html;
}

}  // namespace af::ui
