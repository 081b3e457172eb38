#include "docks/plots_dock.h"

#include "controller/project_controller.h"
#include "models/accesses_model.h"
#include "models/pinned_mapping.h"
#include "plots/accesses_plot.h"
#include "plots/accesses_table_view.h"
#include "plots/area_plot.h"
#include "plots/compare_view.h"

namespace af::ui {

PlotsDock::PlotsDock(const ProjectController* controller, QWidget* parent)
    : QTabWidget(parent),
      plot_(new AccessesPlot(this)),
      model_(new AccessesModel(this)),
      table_(new AccessesTableView(this)),
      pin_(new PinnedMapping(this)),
      compare_(new CompareView(pin_, this)),
      area_(new AreaPlot(this)) {
  setObjectName("plotTabs");
  plot_->setObjectName("accessesPlot");
  plot_->setTensorPalette(controller->palette());
  table_->setObjectName("accessesTable");
  table_->setAccessesModel(model_);
  compare_->setObjectName("compareView");
  addTab(plot_, tr("Accesses per buffer"));
  addTab(table_, tr("Table"));
  addTab(compare_, tr("Compare"));
  addTab(area_, tr("Area"));

  connect(controller, &ProjectController::evaluationPublished, this, &PlotsDock::showEvaluation);
  connect(controller, &ProjectController::specPublished, area_,
          [this](const ProjectResultPtr& result, Freshness f) {
            if (f != Freshness::Stale)
              area_->setData(result ? result->area : AreaData{});  // a stale one stays
          });
  // The project closed or no file is left: its pin goes with it.
  connect(controller, &ProjectController::resultsCleared, pin_, &PinnedMapping::unpin);
  // The pin lives in pin_; the plot's buttons and the Compare tab change it, the plot and the
  // table draw it.
  connect(plot_, &AccessesPlot::pinRequested, pin_, &PinnedMapping::pin);
  connect(plot_, &AccessesPlot::unpinRequested, pin_, &PinnedMapping::unpin);
  connect(pin_, &PinnedMapping::pinnedChanged, this, [this] {
    plot_->setPinned(pin_->pinned());
    model_->setPinned(pin_->pinned());
  });
}

void PlotsDock::showEvaluation(const ProjectResultPtr& result, Freshness freshness) {
  // Redrawn only for another result: a stale one already on screen keeps the reader's view.
  if (result != shown_) {
    shown_ = result;
    const AccessesData data = result ? result->accesses : AccessesData{};
    plot_->setData(data);
    model_->setAccesses(data);
    pin_->setCurrent(data);
  }
  plot_->setDimmed(freshness == Freshness::Stale);
}

}  // namespace af::ui
