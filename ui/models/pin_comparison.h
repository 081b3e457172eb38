#pragma once
// Pin and compare inside the accesses plot and table: the pinned mapping's totals beside the
// current one's, per category (component) of a bar table, and the change as short text. Pure
// functions, so the overlay's numbers are testable without pixels.
#include <QList>
#include <QString>
#include <QStringList>

#include "models/accesses_query.h"

namespace af::ui {

// Each category's total over the series (a stacked bar's height), in the table's order.
[[nodiscard]] QList<double> categoryTotals(const BarTable& table);
[[nodiscard]] double categoryTotal(const BarTable& table, const QString& category);

// `table` with a zero column for each of `categories` it lacks, appended in their order: the
// current table grows the buffers only the pinned mapping used, so they keep an x position.
[[nodiscard]] BarTable withCategories(BarTable table, const QStringList& categories);

struct CategoryChange {
  QString category;
  double pinned = 0;
  double current = 0;
};
// Both totals for every category of either table: the current's order, then pinned-only ones.
[[nodiscard]] QList<CategoryChange> compareCategories(const BarTable& pinned, const BarTable& current);

// How current compares with pinned. New: only the current has it; Gone: only the pinned.
enum class ChangeKind { None, Same, Less, More, New, Gone };
[[nodiscard]] ChangeKind changeKind(double pinned, double current);
// Short text for a change: "−38 %", "+4.2 %", "2.1×" (at least double), "new", "gone", "same";
// empty when both are zero. Percentages never round to 0 % or −100 % when they are not.
[[nodiscard]] QString changeText(double pinned, double current);

}  // namespace af::ui
