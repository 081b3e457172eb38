#pragma once
// One colour per tensor everywhere (docs/GUI.md), from the Okabe–Ito palette so the colours stay
// distinguishable for colour-blind readers. A tensor keeps its colour once assigned, so bars do
// not change colour when a filter hides another tensor or new results arrive.
#include <QColor>
#include <QHash>
#include <QStringList>

namespace af::ui {

class TensorPalette {
 public:
  // Colour of a tensor; assigns the next free colour on first use. Empty name = compute (grey).
  QColor colorFor(const QString& tensor);
  // Assigns colours in this order (e.g. the workload's tensor order) before any lookup.
  void assign(const QStringList& tensors);
  [[nodiscard]] bool contains(const QString& tensor) const { return colors_.contains(tensor); }

  [[nodiscard]] static QColor computeColor() { return {0x99, 0x99, 0x99}; }
  // The qualitative palette, in assignment order (yellow and black last: weakest on white / darkest).
  [[nodiscard]] static QList<QColor> okabeIto();

 private:
  QHash<QString, QColor> colors_;
};

}  // namespace af::ui
