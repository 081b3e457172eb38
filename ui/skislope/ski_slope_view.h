#pragma once
// The Ski slope page (AccelForge's plotting/skislope.py, after the Orojenesis paper): for one
// memory, the least energy — or the least traffic at its parent — that a mapping reaches with
// at most that much of the memory, as steps on log-log axes, from the front of a run with the
// resource-usage objective. Fused and unfused runs of the same spec are drawn together; a click
// on a step opens its mapping. A plain view: SkiSlopeRuns feeds it the evaluated fronts.
#include <QWidget>
#include <optional>
#include <vector>

#include "io/ski_slope.h"
#include "skislope/ski_slope_runs.h"

class QComboBox;
class QCustomPlot;
class QLabel;
class QMouseEvent;
class QPushButton;

namespace af::ui {

class SkiSlopeView : public QWidget {
  Q_OBJECT
 public:
  explicit SkiSlopeView(QWidget* parent = nullptr);

  // `stale`: the spec changed since they ran; they are drawn faded, and the summary says so.
  void setRuns(std::vector<SkiSlopeRunPtr> runs, bool stale = false);
  [[nodiscard]] bool isStale() const { return stale_; }
  // What the page waits for (a run, the evaluation of a front); empty when idle.
  void setStatus(const QString& status);

  [[nodiscard]] QStringList memories() const;
  [[nodiscard]] QString memory() const;
  void setMemory(const QString& memory);
  [[nodiscard]] io::SkiSlopeAxis axis() const;
  void setAxis(io::SkiSlopeAxis axis);

  // The steps drawn for the fused or unfused run (empty if none), and where step i is in the
  // plot's pixels (tests click there).
  [[nodiscard]] const std::vector<io::SkiSlopeStep>& steps(bool unfused) const;
  [[nodiscard]] std::optional<QPointF> stepPosition(bool unfused, std::size_t i) const;
  [[nodiscard]] QString summary() const;
  [[nodiscard]] QString emptyText() const;
  [[nodiscard]] QCustomPlot* customPlot() const { return plot_; }

 signals:
  void mapRequested();
  // A step was clicked: mapping `row` of the fused or unfused run's front.
  void stepClicked(bool unfused, int row);

 private:
  void fillMemories();
  void redraw();
  void onClick(QMouseEvent* event);
  void showContextMenu(const QPoint& at);
  [[nodiscard]] double value(const io::SkiSlopeStep& step) const;

  std::vector<SkiSlopeRunPtr> runs_;
  bool stale_ = false;
  io::SkiSlope fused_, unfused_;  // the steps drawn
  QComboBox* memory_;
  QComboBox* axis_;
  QPushButton* map_;
  QLabel* status_;
  QLabel* summary_;
  QLabel* empty_;
  QCustomPlot* plot_;
};

}  // namespace af::ui
