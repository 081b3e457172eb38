#pragma once
// One colour per tensor everywhere (ui/README: Conventions), from the Okabe–Ito palette so the colours stay
// distinguishable for colour-blind readers. The colour is a function of the tensor's name and the
// workload's tensor set, nothing else: the same spec gives the same colours in every run and in
// every view, whichever view asks first. One object is owned by the window and lent to the views.
#include <QColor>
#include <QHash>
#include <QStringList>

namespace af::ui {

class TensorPalette {
 public:
  // The workload's tensors. Each starts at a slot picked by a fixed hash of its name (so adding a
  // tensor rarely recolours the others) and takes the next free colour on a clash, in this order.
  // Replaces any earlier set: colours never depend on what was shown before.
  void assign(const QStringList& tensors);
  [[nodiscard]] const QStringList& tensors() const { return tensors_; }
  // Colour of a tensor. Empty name = compute (grey). A name outside the assigned set still gets a
  // fixed colour from its hash (it may then share a hue with an assigned tensor).
  [[nodiscard]] QColor colorFor(const QString& tensor) const;
  [[nodiscard]] bool contains(const QString& tensor) const { return colors_.contains(tensor); }

  [[nodiscard]] static QColor computeColor() { return {0x99, 0x99, 0x99}; }
  // The qualitative palette, in preference order (yellow last: weakest on white). Okabe–Ito's
  // black is left out: it reads as "no colour" in fills and hides text on chips.
  [[nodiscard]] static QList<QColor> okabeIto();
  // Stable across runs and platforms (FNV-1a over UTF-8; qHash is seeded per process).
  [[nodiscard]] static quint32 nameHash(const QString& tensor);

 private:
  QStringList tensors_;
  QHash<QString, QColor> colors_;
};

}  // namespace af::ui
