#pragma once
// The Plots dock: the accesses plot (accesses, occupancy, latency), its table and the Compare
// tab, with the window's one pin. It follows the controller's published evaluation itself: a
// fresh one is drawn, a stale one stays dimmed with the plot's banner, a cleared one empties
// the plot and the table; closing the project also drops the pin.
#include <QTabWidget>

#include "controller/freshness.h"
#include "controller/project_result.h"

namespace af::ui {

class AccessesModel;
class AccessesPlot;
class AccessesTableView;
class AreaPlot;
class CompareView;
class PinnedMapping;
class ProjectController;

class PlotsDock : public QTabWidget {
  Q_OBJECT
 public:
  explicit PlotsDock(const ProjectController* controller, QWidget* parent = nullptr);

  [[nodiscard]] AccessesPlot* accessesPlot() const { return plot_; }
  [[nodiscard]] AccessesModel* accessesModel() const { return model_; }
  [[nodiscard]] AccessesTableView* table() const { return table_; }
  [[nodiscard]] CompareView* compareView() const { return compare_; }
  [[nodiscard]] AreaPlot* areaPlot() const { return area_; }
  [[nodiscard]] PinnedMapping* pinnedMapping() const { return pin_; }
  // The result whose evaluation is on screen (null: none).
  [[nodiscard]] const ProjectResultPtr& shown() const { return shown_; }

 private:
  void showEvaluation(const ProjectResultPtr& result, Freshness freshness);

  AccessesPlot* plot_;
  AccessesModel* model_;
  AccessesTableView* table_;
  PinnedMapping* pin_;  // the one pin: Compare tab, accesses plot and table follow it
  CompareView* compare_;
  AreaPlot* area_;  // follows the published spec: an architecture alone has an area
  ProjectResultPtr shown_;
};

}  // namespace af::ui
