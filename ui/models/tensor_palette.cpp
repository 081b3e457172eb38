#include "models/tensor_palette.h"

#include <QByteArray>

namespace af::ui {

namespace {

// Past seven tensors: darker, then lighter variants of the same hues rather than new hues.
QColor colourAt(qsizetype slot) {
  const auto base = TensorPalette::okabeIto();
  const auto round = slot / base.size();
  const QColor hue = base[slot % base.size()];
  if (round == 0) return hue;
  return round % 2 == 1 ? hue.darker(100 + 45 * static_cast<int>((round + 1) / 2))
                        : hue.lighter(100 + 35 * static_cast<int>(round / 2));
}

}  // namespace

QList<QColor> TensorPalette::okabeIto() {
  return {QColor(0xE6, 0x9F, 0x00),   // orange
          QColor(0x56, 0xB4, 0xE9),   // sky blue
          QColor(0x00, 0x9E, 0x73),   // bluish green
          QColor(0xD5, 0x5E, 0x00),   // vermillion
          QColor(0x00, 0x72, 0xB2),   // blue
          QColor(0xCC, 0x79, 0xA7),   // reddish purple
          QColor(0xF0, 0xE4, 0x42)};  // yellow
}

quint32 TensorPalette::nameHash(const QString& tensor) {
  quint32 h = 2166136261u;
  for (const char c : tensor.toUtf8()) {
    h ^= static_cast<unsigned char>(c);
    h *= 16777619u;
  }
  return h;
}

void TensorPalette::assign(const QStringList& tensors) {
  tensors_.clear();
  colors_.clear();
  const qsizetype hues = okabeIto().size();
  // Few tensors: start slots among the six strong hues, so yellow is only used when needed.
  qsizetype slotCount = tensors.size() <= hues - 1 ? hues - 1 : hues;
  while (slotCount < tensors.size()) slotCount += hues;
  QList<bool> taken(slotCount, false);
  for (const auto& t : tensors) {
    if (t.isEmpty() || colors_.contains(t)) continue;
    qsizetype slot = static_cast<qsizetype>(nameHash(t) % static_cast<quint32>(slotCount));
    while (taken[slot]) slot = (slot + 1) % slotCount;
    taken[slot] = true;
    tensors_ << t;
    colors_.insert(t, colourAt(slot));
  }
}

QColor TensorPalette::colorFor(const QString& tensor) const {
  if (tensor.isEmpty()) return computeColor();
  if (const auto it = colors_.constFind(tensor); it != colors_.constEnd()) return *it;
  return colourAt(static_cast<qsizetype>(nameHash(tensor) % static_cast<quint32>(okabeIto().size())));
}

}  // namespace af::ui
