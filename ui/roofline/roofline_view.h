#pragma once
// The Roofline page: the architecture's roofs — each compute unit's peak throughput and each
// memory level's bandwidth — on log-log axes, and each Einsum of the opened mapping as a point
// at its operational intensity (operations per bit moved across the chosen level) and attained
// throughput (operations over the model's latency), coloured by what bounds it. A click selects
// an Einsum (the other views highlight it). A plain view: the page's entry feeds it the
// controller's evaluation (model/roofline.h computes the figures on the load's worker).
#include <QWidget>
#include <optional>

#include "model/roofline.h"

class QComboBox;
class QCPItemTracer;
class QCustomPlot;
class QLabel;
class QMouseEvent;

namespace af::ui {

class RooflineView : public QWidget {
  Q_OBJECT
 public:
  explicit RooflineView(QWidget* parent = nullptr);

  // The evaluation's roofline (nullopt: nothing evaluated, the empty state); `stale`: the last
  // good one while the spec has errors (drawn dimmed).
  void setRoofline(std::optional<model::Roofline> roofline, bool stale = false);
  // The memory level whose traffic sets each point's intensity (default: the outermost).
  void setLevel(const QString& level);
  [[nodiscard]] QString level() const;
  [[nodiscard]] QStringList levels() const;
  void selectEinsum(const QString& einsum);
  [[nodiscard]] const QString& selectedEinsum() const { return selected_; }

  [[nodiscard]] QCustomPlot* customPlot() const { return plot_; }
  [[nodiscard]] int pointCount() const { return points_; }
  // The Einsums the chosen level's bandwidth bounds, and the line above the plot saying so.
  [[nodiscard]] QStringList memoryBound() const;
  [[nodiscard]] QString summary() const;
  [[nodiscard]] QString emptyText() const;
  // One Einsum in words: what bounds it, its intensity and throughput against the peak.
  [[nodiscard]] QString describe(const QString& einsum) const;
  // An Einsum's point as drawn: (intensity, throughput), and where it is in the plot's pixels
  // (tests click there); nullopt if none.
  [[nodiscard]] std::optional<QPointF> pointValue(const QString& einsum) const;
  [[nodiscard]] std::optional<QPointF> pointPosition(const QString& einsum) const;

 signals:
  void einsumSelected(const QString& einsum);

 private:
  void redraw();
  void onClick(QMouseEvent* event);
  void showContextMenu(const QPoint& at);

  std::optional<model::Roofline> roofline_;
  bool stale_ = false;
  QString selected_;
  int points_ = 0;
  QComboBox* level_;
  QLabel* summary_;
  QLabel* empty_;
  QCustomPlot* plot_;
  QCPItemTracer* ring_ = nullptr;
};

}  // namespace af::ui
