#pragma once
// Tensor chips: the coloured pills ("I" "Wt" "O") after a storage node's label. Laid out inside
// the cell they belong to: a chip that does not fit whole gives way to one "+N" chip, so nothing is
// drawn into the next column.
#include <QFontMetrics>
#include <QList>
#include <QRect>
#include <QStringList>

class QPainter;

namespace af::ui {

class TensorPalette;

struct TensorChip {
  QString tensor;  // empty for the "+N" chip
  QString text;
  QRect rect;
};

inline constexpr int kChipPad = 5;
inline constexpr int kChipGap = 4;

// Width all chips need, gaps included (for size hints).
[[nodiscard]] int chipsWidth(const QFontMetrics& fm, const QStringList& tensors);
// Chips from x = left, vertically centred on centreY, none past `right` (inclusive).
[[nodiscard]] QList<TensorChip> layoutChips(const QFontMetrics& fm, const QStringList& tensors, int left,
                                            int right, int centreY);
// Fills each chip with its tensor's colour (grey for "+N") and a readable text colour.
void paintChips(QPainter& painter, const QList<TensorChip>& chips, const TensorPalette& palette);

}  // namespace af::ui
