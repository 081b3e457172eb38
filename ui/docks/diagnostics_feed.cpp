#include "docks/diagnostics_feed.h"

#include "controller/project_controller.h"
#include "editors/diagnostics_model.h"
#include "editors/document_set.h"
#include "editors/editor_tabs.h"

namespace af::ui {

DiagnosticsFeed::DiagnosticsFeed(const ProjectController* controller, DiagnosticsModel* model,
                                 EditorTabs* editors)
    : QObject(model), controller_(controller), model_(model), editors_(editors) {
  connect(controller, &ProjectController::specLoaded, this,
          [this](const ProjectResultPtr& result) { show(result.get()); });
  connect(controller, &ProjectController::resultsCleared, this, [this] { show(nullptr); });
  connect(controller->documents(), &DocumentSet::fileErrorsChanged, this,
          [this] { show(controller_->lastResult().get()); });
}

void DiagnosticsFeed::show(const ProjectResult* result) {
  QList<DiagnosticRow> rows;
  if (result)
    for (const auto& d : result->diagnostics)
      rows.append(DiagnosticRow{QString::fromStdString(d.where.file), d.where.line, d.where.column,
                                QString::fromStdString(d.field), QString::fromStdString(d.message),
                                d.severity == core::Severity::Error});
  // Files that did not open are load errors too: without this they would only vanish.
  for (const FileError& e : controller_->documents()->fileErrors())
    rows.append(DiagnosticRow{e.path, 0, 0, QString(), e.message, true});
  model_->setDiagnostics(rows);
  editors_->applyDiagnostics(model_);
}

}  // namespace af::ui
