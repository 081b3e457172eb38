#pragma once
// A line diff of two texts, as `diff -u` shows it (without hunk headers): what Compare shows
// of two runs' spec files. Plain Qt, no widgets, so a test can check it.
#include <QString>
#include <QStringList>

namespace af::ui {

// Lines of `after` against `before`: " " kept, "-" only in before, "+" only in after. Unchanged
// lines further than `context` from a change are folded into one "…" line. Empty when equal.
[[nodiscard]] QStringList lineDiff(const QString& before, const QString& after, int context = 2);

}  // namespace af::ui
