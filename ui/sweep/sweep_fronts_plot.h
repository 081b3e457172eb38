#pragma once
// Every point's Pareto front (energy against latency) overlaid, one colour per point from a
// sequential palette in grid order, with a legend; the selected point's front drawn bold and
// its optimum marked. Or, across the points, each point's optimum against the chip's area
// (energy or latency against area, the designs no other point beats on both joined as a
// front): the design-space trade-off a sweep of a size shows. A click selects a point.
#include <QStringList>
#include <QWidget>
#include <optional>

#include "sweep/sweep_run.h"

class QComboBox;
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

  // What the plot compares: each point's front, or the points' optima against their area.
  enum class Axes { Fronts, EnergyArea, LatencyArea };
  // The axes' names on the explorer's command line (--sweep-plot), in the order of Axes.
  [[nodiscard]] static QStringList axesNames();
  [[nodiscard]] static std::optional<Axes> axesNamed(const QString& name);
  void setAxes(Axes axes);
  [[nodiscard]] Axes axes() const { return axes_; }
  // With the area axes: the points on the front across points, in order of area.
  [[nodiscard]] const std::vector<std::size_t>& frontAcrossPoints() const { return across_; }

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
  void drawAgainstArea();

  QComboBox* axesCombo_;
  QCustomPlot* plot_;
  QLabel* empty_;
  QCPTextElement* title_;
  SweepRunPtr run_;
  int selected_ = -1;
  int fronts_ = 0;
  Axes axes_ = Axes::Fronts;
  std::vector<std::size_t> across_;
};

}  // namespace af::ui
