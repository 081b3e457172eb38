#include "models/tensor_chips.h"

#include <QPainter>

#include "models/tensor_palette.h"

namespace af::ui {

namespace {

int chipWidth(const QFontMetrics& fm, const QString& text) {
  return fm.horizontalAdvance(text) + 2 * kChipPad;
}

// Black text on light chips (orange, sky, yellow), white on dark ones.
QColor textOn(const QColor& fill) {
  const double luma = 0.299 * fill.red() + 0.587 * fill.green() + 0.114 * fill.blue();
  return luma > 140 ? Qt::black : Qt::white;
}

}  // namespace

int chipsWidth(const QFontMetrics& fm, const QStringList& tensors) {
  int w = 0;
  for (const auto& t : tensors) w += chipWidth(fm, t) + kChipGap;
  return w;
}

QList<TensorChip> layoutChips(const QFontMetrics& fm, const QStringList& tensors, int left, int right,
                              int centreY) {
  QList<TensorChip> chips;
  const int h = fm.height();
  const int top = centreY - h / 2;
  int x = left;
  // All of them when they fit; otherwise as many as fit with a "+N" chip after them.
  const bool allFit = left + chipsWidth(fm, tensors) - kChipGap - 1 <= right;
  for (qsizetype i = 0; i < tensors.size(); ++i) {
    const int w = chipWidth(fm, tensors[i]);
    const bool last = i + 1 == tensors.size();
    const QString more = QStringLiteral("+%1").arg(tensors.size() - i - 1);
    const int needed = w + (allFit || last ? 0 : kChipGap + chipWidth(fm, more));
    if (x + needed - 1 > right) {
      const QString rest = QStringLiteral("+%1").arg(tensors.size() - i);
      if (const int rw = chipWidth(fm, rest); x + rw - 1 <= right)
        chips.append({{}, rest, QRect(x, top, rw, h)});
      break;
    }
    chips.append({tensors[i], tensors[i], QRect(x, top, w, h)});
    x += w + kChipGap;
  }
  return chips;
}

void paintChips(QPainter& painter, const QList<TensorChip>& chips, const TensorPalette& palette) {
  painter.save();
  painter.setRenderHint(QPainter::Antialiasing);
  for (const auto& chip : chips) {
    const QColor fill = chip.tensor.isEmpty() ? QColor(0xDD, 0xDD, 0xDD) : palette.colorFor(chip.tensor);
    const double radius = chip.rect.height() / 2.0;
    painter.setPen(Qt::NoPen);
    painter.setBrush(fill);
    painter.drawRoundedRect(chip.rect, radius, radius);
    painter.setPen(textOn(fill));
    painter.drawText(chip.rect, Qt::AlignCenter, chip.text);
  }
  painter.restore();
}

}  // namespace af::ui
