#include "docks/status_line.h"

#include <QLabel>
#include <QProgressBar>
#include <QStatusBar>

#include "controller/project_controller.h"
#include "editors/document_set.h"
#include "models/si_format.h"

namespace af::ui {

StatusLine::StatusLine(const ProjectController* controller, QStatusBar* bar)
    : QObject(bar),
      controller_(controller),
      specState_(new QLabel(noSpecText(), bar)),
      jobState_(new QLabel(tr("Idle"), bar)),
      progress_(new QProgressBar(bar)) {
  specState_->setObjectName("specState");
  jobState_->setObjectName("jobState");
  progress_->setObjectName("jobProgress");
  progress_->setMaximumWidth(200);
  progress_->setRange(0, 1);
  progress_->setValue(0);
  progress_->setTextVisible(false);
  // A long message must not widen the window.
  specState_->setMinimumWidth(100);
  specState_->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
  bar->addWidget(specState_, 1);
  bar->addPermanentWidget(jobState_);
  bar->addPermanentWidget(progress_);

  connect(controller, &ProjectController::specLoaded, this, &StatusLine::showLoad);
  connect(controller, &ProjectController::resultsCleared, this, &StatusLine::showCleared);
  connect(controller, &ProjectController::loadingChanged, this, [this](bool busy) {
    jobState_->setText(busy ? tr("Evaluating…") : tr("Idle"));
    progress_->setRange(0, busy ? 0 : 1);  // an indeterminate bar while a job is in flight
    progress_->setValue(0);
  });
  connect(controller, &ProjectController::mappingChanged, this,
          [this](bool running) { jobState_->setText(running ? tr("Mapping…") : tr("Idle")); });
}

QString StatusLine::noSpecText() { return tr("No spec loaded"); }

QString StatusLine::specStateText() const { return specState_->text(); }

void StatusLine::showCleared() {
  const DocumentSet* documents = controller_->documents();
  specState_->setText(documents->count() == 0         ? noSpecText()
                      : !documents->paths().isEmpty() ? tr("Evaluating…")
                                                      : tr("Save the new file to validate it"));
}

void StatusLine::showLoad(const ProjectResultPtr& result) {
  if (!result->valid()) {
    specState_->setText(controller_->lastValidResult()
                            ? tr("%n error(s) — showing the last valid results", "", result->errorCount())
                            : tr("%n error(s) — see Diagnostics", "", result->errorCount()));
  } else if (result->evaluation) {
    const auto& ev = *result->evaluation;
    specState_->setText(tr("Valid — energy %1, latency %2 (evaluated in %3 ms)")
                            .arg(formatSi(ev.total_energy, "J"), formatSi(ev.total_latency, "s"),
                                 QString::number(result->seconds * 1000, 'f', 1)));
  } else if (const auto& problem = result->mappingProblem) {
    specState_->setText(tr("Invalid mapping: %1").arg(QString::fromStdString(problem->message)));
  } else {
    specState_->setText(result->spec()->mapping
                            ? tr("Valid spec — add an architecture to evaluate the mapping")
                            : tr("Valid spec — add a mapping to see buffer accesses"));
  }
}

}  // namespace af::ui
