#pragma once
// Every point's Pareto front (energy against latency) overlaid, one colour per point from a
// sequential palette in grid order, with a legend; the selected point's front drawn bold and
// its optimum marked. A click near a front selects its point.
#include <QWidget>

#include "sweep/sweep_run.h"

class QCPTextElement;
class QCustomPlot;
class QLabel;

namespace af::ui {

// A sequential palette (viridis, dark to light) at t in [0, 1]: the order of the points reads
// as the order of the colours, for colour-blind readers too.
[[nodiscard]] QColor sequentialColor(double t);

class SweepFrontsPlot : public QWidget {
  Q_OBJECT
 public:
  explicit SweepFrontsPlot(QWidget* parent = nullptr);

  void setRun(const SweepRunPtr& run);
  void setSelected(int index);  // -1: none
  void clear();

  [[nodiscard]] QCustomPlot* plot() const { return plot_; }
  [[nodiscard]] int frontCount() const { return fronts_; }
  // The point whose front passes nearest to `pos` (widget pixels of plot()), or -1.
  [[nodiscard]] int pointAt(const QPointF& pos) const;

 signals:
  void pointClicked(int index);

 protected:
  void resizeEvent(QResizeEvent* event) override;  // tick counts follow the size

 private:
  void rebuild();

  QCustomPlot* plot_;
  QLabel* empty_;
  QCPTextElement* title_;
  SweepRunPtr run_;
  int selected_ = -1;
  int fronts_ = 0;
};

}  // namespace af::ui
