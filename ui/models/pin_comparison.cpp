#include "models/pin_comparison.h"

#include <QObject>
#include <cmath>

#include "models/si_format.h"

namespace af::ui {

QList<double> categoryTotals(const BarTable& table) {
  QList<double> totals(table.categories.size(), 0.0);
  for (const auto& row : table.values)
    for (qsizetype c = 0; c < totals.size(); ++c) totals[c] += row.value(c);
  return totals;
}

double categoryTotal(const BarTable& table, const QString& category) {
  const auto column = table.categories.indexOf(category);
  if (column < 0) return 0.0;
  double sum = 0;
  for (const auto& row : table.values) sum += row.value(column);
  return sum;
}

BarTable withCategories(BarTable table, const QStringList& categories) {
  for (const auto& c : categories) {
    if (table.categories.contains(c)) continue;
    table.categories << c;
    for (auto& row : table.values) row << 0.0;
  }
  return table;
}

QList<CategoryChange> compareCategories(const BarTable& pinned, const BarTable& current) {
  QList<CategoryChange> out;
  for (const auto& c : withCategories(current, pinned.categories).categories)
    out.append({c, categoryTotal(pinned, c), categoryTotal(current, c)});
  return out;
}

ChangeKind changeKind(double pinned, double current) {
  if (pinned == 0 && current == 0) return ChangeKind::None;
  if (pinned == 0) return ChangeKind::New;
  if (current == 0) return ChangeKind::Gone;
  // Relative, so that sums of the same records in another order still read as the same.
  const double change = (current - pinned) / std::abs(pinned);
  if (std::abs(change) < 1e-9) return ChangeKind::Same;
  return change < 0 ? ChangeKind::Less : ChangeKind::More;
}

QString changeText(double pinned, double current) {
  switch (changeKind(pinned, current)) {
    case ChangeKind::None:
      return {};
    case ChangeKind::Same:
      return QObject::tr("same");
    case ChangeKind::New:
      return QObject::tr("new");
    case ChangeKind::Gone:
      return QObject::tr("gone");
    case ChangeKind::Less:
    case ChangeKind::More:
      break;
  }
  const double ratio = current / pinned;
  if (ratio >= 2) {  // "+250 %" reads worse than "3.5×"
    if (ratio >= 10) return formatCount(std::round(ratio)) + QStringLiteral("\u00d7");
    QString text = QString::number(ratio, 'f', 1);
    if (text.endsWith(QLatin1String(".0"))) text.chop(2);
    return text + QStringLiteral("\u00d7");
  }
  const double percent = (ratio - 1) * 100;
  const double size = std::abs(percent);
  // More decimals until the text neither reads "0 %" (a change) nor "-100 %" (not gone).
  int decimals = size >= 10 ? 0 : 1;
  for (; decimals < 6; ++decimals) {
    const double scale = std::pow(10.0, decimals);
    const double shown = std::round(size * scale) / scale;
    if (shown != 0 && (percent > 0 || shown < 100)) break;
  }
  const QString sign = percent < 0 ? QStringLiteral("\u2212") : QStringLiteral("+");
  return sign + QString::number(size, 'f', decimals) + QStringLiteral(" %");
}

}  // namespace af::ui
