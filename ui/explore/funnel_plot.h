#pragma once
// The keep-rate funnel of a mapper run, live: per Einsum, how many pmappings the search space
// held, how many were valid, evaluated and Pareto-optimal (log axis), and the keep rate of
// each removal cause per component (AccelForge's pmapping_keep_rates), then the fused join's
// steps on the same bars (row pairs, valid, merged, kept); when nothing survives,
// a panel says which cause removed everything, where, and what to try.
#include <QPointer>
#include <QString>
#include <QWidget>

#include "controller/mapper_run.h"

class QCPBars;
class QCPItemStraightLine;
class QCPItemText;
class QCustomPlot;
class QLabel;
class QResizeEvent;
class QTreeWidget;
class QTreeWidgetItem;

namespace af::ui {

class FunnelPlot : public QWidget {
  Q_OBJECT
 public:
  explicit FunnelPlot(QWidget* parent = nullptr);

  // Whether the run draws the fused join's steps: an unfused run joins each Einsum's own best
  // mappings, one row each, and the section would be empty bars. setRun takes it from the run.
  void setFusedJoin(bool fused);
  [[nodiscard]] bool fusedJoin() const { return fusedJoin_; }
  void setProgress(const MapperProgressPtr& progress);  // live counts
  void setRun(const MapRunPtr& run);                    // final counts, and why nothing was found
  void clear();

  [[nodiscard]] QString title() const { return tr("Keep-rate funnel"); }
  bool exportTo(const QString& path, QString* error = nullptr);

  // For tests.
  [[nodiscard]] QCustomPlot* customPlot() const { return plot_; }
  // The top of the drawn bar of one stage ("total", "valid", "evaluated", "pareto") of one
  // category: an Einsum's name or "join NAME" for the join step adding Einsum NAME; -1 if
  // absent. An empty stage's top is the floor (0.5): no bar.
  [[nodiscard]] double barValue(const QString& category, const QString& stage) const;
  [[nodiscard]] QTreeWidget* causes() const { return causes_; }
  // The bars' labels: the Einsums, then "join NAME" per step of a fused join.
  [[nodiscard]] const QStringList& categories() const { return categories_; }
  [[nodiscard]] bool explanationVisible() const;
  [[nodiscard]] QString explanation() const;
  [[nodiscard]] bool showsEmptyState() const;

 protected:
  void resizeEvent(QResizeEvent* event) override;

 private:
  // Category labels stand upright when they are wider than a category's room (a transformer's
  // nine Einsums and eight join steps in a narrow pane), else lie flat.
  void fitLabels();
  void rebuild(const std::vector<mapper::EinsumStats>& stats,
               const std::vector<mapper::JoinStepStats>& joins);
  static void addCause(QTreeWidgetItem* parent, const mapper::EinsumStats::Stage& stage, double removed);
  void drawJoinDivider(double x);  // x < 0: none
  void showContextMenu(const QPoint& pos);

  QCustomPlot* plot_ = nullptr;
  QTreeWidget* causes_ = nullptr;
  QLabel* explanation_ = nullptr;
  QLabel* empty_ = nullptr;
  std::vector<QCPBars*> bars_;             // total, valid, evaluated, pareto
  QPointer<QCPItemStraightLine> divider_;  // between the Einsums and the join (owned by plot_)
  QPointer<QCPItemText> dividerLabel_;
  QStringList categories_;  // Einsums, then "join NAME" per join step
  QList<double> keys_;      // their x positions
  bool fusedJoin_ = true;
};

// A keep rate as a percentage with sensible digits: "50%", "3.4%", "0.012%", "0%",
// "< 0.0001%" for a rate that is not zero but rounds to it.
[[nodiscard]] QString keepRateText(double rate);

// Why a run found nothing, for a person: the cause that removed everything, where, and what
// to try. Empty when the run found mappings.
[[nodiscard]] QString explainNoMapping(const mapper::MapperResult& result);

}  // namespace af::ui
