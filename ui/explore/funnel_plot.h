#pragma once
// The keep-rate funnel of a mapper run, live: per Einsum, how many pmappings the search space
// held, how many were valid, evaluated and Pareto-optimal (log axis), and the keep rate of
// each removal cause per component (AccelForge's pmapping_keep_rates); when nothing survives,
// a panel says which cause removed everything, where, and what to try.
#include <QString>
#include <QWidget>

#include "controller/mapper_run.h"

class QCPBars;
class QCustomPlot;
class QLabel;
class QTreeWidget;

namespace af::ui {

class FunnelPlot : public QWidget {
  Q_OBJECT
 public:
  explicit FunnelPlot(QWidget* parent = nullptr);

  void setProgress(const MapperProgressPtr& progress);  // live counts
  void setRun(const MapRunPtr& run);                    // final counts, and why nothing was found
  void clear();

  [[nodiscard]] QString title() const { return tr("Keep-rate funnel"); }
  bool exportTo(const QString& path, QString* error = nullptr);

  // For tests.
  [[nodiscard]] QCustomPlot* customPlot() const { return plot_; }
  // Bar value of one stage ("total", "valid", "evaluated", "pareto") of one Einsum; -1 if absent.
  [[nodiscard]] double barValue(const QString& einsum, const QString& stage) const;
  [[nodiscard]] QTreeWidget* causes() const { return causes_; }
  [[nodiscard]] bool explanationVisible() const;
  [[nodiscard]] QString explanation() const;
  [[nodiscard]] bool showsEmptyState() const;

 private:
  void rebuild(const std::vector<mapper::EinsumStats>& stats);
  void showContextMenu(const QPoint& pos);

  QCustomPlot* plot_ = nullptr;
  QTreeWidget* causes_ = nullptr;
  QLabel* explanation_ = nullptr;
  QLabel* empty_ = nullptr;
  std::vector<QCPBars*> bars_;  // total, valid, evaluated, pareto
  QStringList einsums_;
};

// Why a run found nothing, for a person: the cause that removed everything, where, and what
// to try. Empty when the run found mappings.
[[nodiscard]] QString explainNoMapping(const mapper::MapperResult& result);

}  // namespace af::ui
