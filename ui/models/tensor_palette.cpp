#include "models/tensor_palette.h"

namespace af::ui {

QList<QColor> TensorPalette::okabeIto() {
  return {QColor(0xE6, 0x9F, 0x00),   // orange
          QColor(0x56, 0xB4, 0xE9),   // sky blue
          QColor(0x00, 0x9E, 0x73),   // bluish green
          QColor(0xD5, 0x5E, 0x00),   // vermillion
          QColor(0x00, 0x72, 0xB2),   // blue
          QColor(0xCC, 0x79, 0xA7),   // reddish purple
          QColor(0xF0, 0xE4, 0x42),   // yellow
          QColor(0x00, 0x00, 0x00)};  // black
}

QColor TensorPalette::colorFor(const QString& tensor) {
  if (tensor.isEmpty()) return computeColor();
  if (const auto it = colors_.constFind(tensor); it != colors_.constEnd()) return *it;
  const auto base = okabeIto();
  const auto n = colors_.size();
  // Past eight tensors, cycle with lighter variants rather than inventing new hues.
  const QColor color = base[n % base.size()].lighter(100 + 40 * static_cast<int>(n / base.size()));
  colors_.insert(tensor, color);
  return color;
}

void TensorPalette::assign(const QStringList& tensors) {
  for (const auto& t : tensors) colorFor(t);
}

}  // namespace af::ui
