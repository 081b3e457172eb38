#include "docks/diagnostics_tab.h"

#include <QDockWidget>

#include "controller/project_controller.h"
#include "editors/diagnostics_model.h"

namespace af::ui {

DiagnosticsTab::DiagnosticsTab(const ProjectController* controller, const DiagnosticsModel* model,
                               QDockWidget* diagnostics, QDockWidget* plots)
    : QObject(diagnostics), model_(model), diagnostics_(diagnostics), plots_(plots) {
  connect(model, &QAbstractItemModel::modelReset, this, &DiagnosticsTab::updateTitle);
  connect(controller, &ProjectController::evaluationPublished, this,
          [this](const ProjectResultPtr& result, Freshness freshness) {
            plotsEmpty_ = !result || freshness == Freshness::Cleared;
            if (!plotsEmpty_ && freshness == Freshness::Fresh && raisedForErrors_ && plots_) {
              raisedForErrors_ = false;
              plots_->raise();
            }
          });
  // specLoaded follows evaluationPublished, and the diagnostics model is filled on it too:
  // queued, so the count read here is this load's.
  connect(
      controller, &ProjectController::specLoaded, this,
      [this] {
        if (plotsEmpty_ && model_->errorCount() > 0 && diagnostics_ && !diagnostics_->isFloating()) {
          raisedForErrors_ = true;
          diagnostics_->raise();
        }
      },
      Qt::QueuedConnection);
  updateTitle();
}

QString DiagnosticsTab::title(int errors, int warnings) {
  QStringList parts;
  if (errors > 0) parts << (errors == 1 ? tr("1 error") : tr("%1 errors").arg(errors));
  if (warnings > 0) parts << (warnings == 1 ? tr("1 warning") : tr("%1 warnings").arg(warnings));
  return parts.isEmpty() ? tr("Diagnostics") : tr("Diagnostics (%1)").arg(parts.join(", "));
}

void DiagnosticsTab::updateTitle() {
  if (diagnostics_) diagnostics_->setWindowTitle(title(model_->errorCount(), model_->warningCount()));
}

}  // namespace af::ui
