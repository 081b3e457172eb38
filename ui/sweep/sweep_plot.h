#pragma once
// The sweep plot: the optimum's energy, latency and EDP against the varied variable (three
// panels sharing its axis), or for two variables a heat map of the chosen measure with each
// cell's value written in it. Points without a mapping leave a gap (a grey cell). A click
// selects a point; the selected one is ringed.
#include <QWidget>

#include "sweep/sweep_run.h"

class QComboBox;
class QCustomPlot;
class QLabel;

namespace af::ui {

class SweepPlot : public QWidget {
  Q_OBJECT
 public:
  enum class Measure { Energy, Latency, Edp };

  explicit SweepPlot(QWidget* parent = nullptr);

  void setRun(const SweepRunPtr& run);
  void setSelected(int index);
  void setMeasure(Measure measure);  // of the heat map
  void clear();

  [[nodiscard]] QCustomPlot* plot() const { return plot_; }
  [[nodiscard]] bool heatMap() const;
  // Plotted points (one variable: per measure; two: the cells with a value).
  [[nodiscard]] int plottedCount() const { return plotted_; }
  // The point drawn at `pos` (widget pixels of plot()), or -1.
  [[nodiscard]] int pointAt(const QPointF& pos) const;

 signals:
  void pointClicked(int index);

 protected:
  void resizeEvent(QResizeEvent* event) override;  // the heat map's cell labels fit the cells

 private:
  void rebuild();
  void buildLine();
  void buildHeatMap();

  QComboBox* measure_;
  QCustomPlot* plot_;
  QLabel* empty_;
  SweepRunPtr run_;
  int selected_ = -1;
  int plotted_ = 0;
  std::vector<double> xs_;  // one variable: each grid position's x (its index)
};

}  // namespace af::ui
