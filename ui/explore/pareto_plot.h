#pragma once
// Energy against latency of the mappings the mapper has found, while it runs: log axes with SI
// units, the front drawn as a staircase, the metric's optimum marked, the previous run faded
// behind (for "what did shrinking the buffer do?"), and a choice between the joined front and
// each Einsum's pmapping front. Hover tells a point's numbers; clicking a point of a finished
// run asks for its mapping. The axes fit the points (log only when they span a decade, so that
// two close points never merge into one mark); wheel zooms, drag pans, double-click fits again.
// A table of the shown points (energy, latency, EDP, mapping) selects with the plot.
#include <QPoint>
#include <QString>
#include <QWidget>
#include <optional>
#include <vector>

#include "controller/mapper_run.h"

class QAction;
class QComboBox;
class QCPGraph;
class QCPItemTracer;
class QCustomPlot;
class QLabel;
class QMouseEvent;
class QResizeEvent;
class QTableWidget;
class QToolButton;

namespace af::ui {

class ParetoPlot : public QWidget {
  Q_OBJECT
 public:
  explicit ParetoPlot(QWidget* parent = nullptr);

  // A new run starts: the front on screen becomes the faded overlay.
  void beginRun();
  // The live fronts (joined and per Einsum), as the observer saw them.
  void setFront(const FrontSnapshotPtr& front);
  // The finished run: its final front (clickable, with summaries) and its optimum.
  void setRun(const MapRunPtr& run);
  void clear();

  // "" = the joined front of the whole workload, else an Einsum's pmapping front.
  void showFront(const QString& einsum);
  [[nodiscard]] QString shownFront() const { return shown_; }

  [[nodiscard]] QString title() const;
  // The line above the plot: how many points, and whether the run finished or was stopped.
  [[nodiscard]] QString statusText() const;
  // Actions appended to the plot's context menu after the figure exports (not owned).
  void setContextActions(const QList<QAction*>& actions) { contextActions_ = actions; }
  bool exportTo(const QString& path, QString* error = nullptr);

  // For tests and screenshots.
  [[nodiscard]] QCustomPlot* customPlot() const { return plot_; }
  [[nodiscard]] int pointCount() const;          // points of the shown front
  [[nodiscard]] int previousPointCount() const;  // points of the faded overlay
  [[nodiscard]] std::optional<int> optimumIndex() const;
  // Pixel position of a point of the shown front (plot widget coordinates).
  [[nodiscard]] QPoint pixelOf(int index) const;
  [[nodiscard]] QString toolTipAt(const QPoint& pos) const;
  [[nodiscard]] bool showsEmptyState() const;
  // The table of the shown points, rows in the plot's order (latency); hidden until asked for.
  [[nodiscard]] QTableWidget* pointsTable() const { return table_; }
  void setTableVisible(bool visible);
  // The point selected in the plot and the table, if any.
  [[nodiscard]] std::optional<int> selectedIndex() const { return selected_; }
  void selectPoint(int index);
  // Fits both axes to the points again (what double-click does); zoom and pan stay until then.
  void fitToPoints();
  [[nodiscard]] bool userZoomed() const { return userZoomed_; }

 signals:
  // A point of the finished run's joined front was clicked: front index (0 = the optimum).
  void mappingClicked(int index);

 protected:
  void resizeEvent(QResizeEvent* event) override;

 private:
  struct Point {
    double energy = 0, latency = 0;
    int index = -1;   // into the run's front; -1 while the run is live
    QString summary;  // one line: what the mapping does
  };
  void rebuild();
  void fitTickCounts();
  [[nodiscard]] bool legendFits() const;
  void updateCombo();
  [[nodiscard]] std::vector<Point> shownPoints() const;
  [[nodiscard]] int hitAt(const QPoint& pos) const;
  void onMouseMove(QMouseEvent* event);
  void onMousePress(QMouseEvent* event);
  void showContextMenu(const QPoint& pos);
  void fillTable();

  FrontSnapshotPtr front_;
  MapRunPtr run_;
  std::vector<Point> previous_;
  QString shown_;
  QComboBox* combo_ = nullptr;
  QLabel* status_ = nullptr;
  QLabel* empty_ = nullptr;
  QCustomPlot* plot_ = nullptr;
  QCPGraph* previousGraph_ = nullptr;
  QCPGraph* frontGraph_ = nullptr;
  QCPGraph* optimumGraph_ = nullptr;
  QCPGraph* selectedGraph_ = nullptr;
  QToolButton* tableButton_ = nullptr;
  QTableWidget* table_ = nullptr;
  std::optional<int> selected_;
  bool fitting_ = false;       // rebuild() is setting the ranges
  bool userZoomed_ = false;    // wheel or drag since the last fit: live updates keep the view
  std::vector<Point> points_;  // what frontGraph_ draws, in latency order
  QList<QAction*> contextActions_;
};

// "Matmul0: [A, B in GlobalBuffer] for m for n … ; Matmul1: …" for one joined mapping.
[[nodiscard]] QString mappingSummary(const mapper::MapperResult& result, std::size_t frontIndex);

}  // namespace af::ui
