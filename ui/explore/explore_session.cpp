#include "explore/explore_session.h"

#include <QAction>
#include <QFile>
#include <QFileDialog>
#include <QFileInfo>
#include <QProgressDialog>
#include <QSaveFile>
#include <utility>

#include "controller/mapper_settings.h"
#include "controller/project_controller.h"
#include "editors/spec_document.h"
#include "explore/funnel_plot.h"
#include "explore/pareto_plot.h"
#include "explore/run_panel.h"
#include "history/stored_run.h"
#include "io/mapping_writer.h"
#include "io/pareto_set.h"
#include "mapping_edit/mapping_section.h"
#include "run_capture.h"

namespace af::ui {

namespace {

bool writeText(const QString& path, const std::string& text, QString* error) {
  QSaveFile file(path);
  if (file.open(QIODevice::WriteOnly) &&
      file.write(text.data(), static_cast<qint64>(text.size())) == static_cast<qint64>(text.size()) &&
      file.commit())
    return true;
  if (error) *error = QObject::tr("cannot write %1: %2").arg(path, file.errorString());
  return false;
}

}  // namespace

ExploreSession::ExploreSession(ProjectController* controller, QWidget* widgetParent)
    : QObject(controller),
      controller_(controller),
      panel_(new RunPanel(controller->mapperSettings(), widgetParent)),
      pareto_(new ParetoPlot(widgetParent)),
      funnel_(new FunnelPlot(widgetParent)),
      export_(
          this, &exportPool_,
          {.finished = [this](int, const ExportOutcomePtr& outcome) { exportEnded(outcome->error, false); },
           .failed = [this](int, const QString& error) { exportEnded(error, false); },
           .stopped = [this](int) { exportEnded({}, true); },
           .progress =
               [this](int, int done, const QString&) {
                 if (exportDialog_) exportDialog_->setValue(done);
                 emit exportProgress(done, exportTotal_);
               }}) {
  exportPool_.setMaxThreadCount(1);
  panel_->setObjectName("runPanel");
  pareto_->setObjectName("paretoPlot");
  funnel_->setObjectName("funnelPlot");
  panel_->setSpecReady(false, tr("Open a valid spec with an architecture and a workload to map it."));

  connect(panel_, &RunPanel::runRequested, this, &ExploreSession::run);
  connect(panel_, &RunPanel::mapAsYouEditChanged, this, &ExploreSession::setMapAsYouEdit);
  // A setting changed is an edit too (the metric, fusion, the loop limit, ...).
  connect(controller_->mapperSettings(), &MapperSettings::changed, this, [this] {
    if (live_) remapIfEdited();
  });
  connect(panel_, &RunPanel::stopRequested, controller_, &ProjectController::stopMapper);
  connect(controller_, &ProjectController::specLoaded, this, &ExploreSession::onSpecLoaded);
  connect(controller_, &ProjectController::mapperStarted, this, [this] {
    opened_.reset();
    stored_.reset();
    pareto_->beginRun();
    funnel_->clear();
    panel_->setRunning(true);
  });
  connect(controller_, &ProjectController::frontChanged, pareto_, &ParetoPlot::setFront);
  connect(controller_, &ProjectController::mapperProgress, funnel_, &FunnelPlot::setProgress);
  connect(controller_, &ProjectController::mapperProgress, panel_, &RunPanel::setProgress);
  connect(controller_, &ProjectController::mapped, this, &ExploreSession::onMapped);
  connect(controller_, &ProjectController::resultsCleared, this, &ExploreSession::onResultsCleared);
  connect(pareto_, &ParetoPlot::mappingClicked, this, &ExploreSession::openMapping);

  auto* exportSet = new QAction(tr("Export the Pareto set (CSV or JSON)…"), this);
  connect(exportSet, &QAction::triggered, this, [this] {
    const QString path = QFileDialog::getSaveFileName(pareto_, tr("Export the Pareto set"), "pareto-set.csv",
                                                      tr("CSV (*.csv);;JSON (*.json)"));
    QString error;
    if (!path.isEmpty() && !exportParetoSet(path, &error)) emit message(error);
  });
  connect(this, &ExploreSession::exported, this,
          [this](const QString& path, const QString& error, bool cancelled) {
            emit message(cancelled         ? tr("Export cancelled: %1 was not written").arg(path)
                         : error.isEmpty() ? tr("Exported the Pareto set to %1").arg(path)
                                           : error);
          });
  auto* exportMapping = new QAction(tr("Export the opened mapping (AccelForge YAML)…"), this);
  connect(exportMapping, &QAction::triggered, this, [this] {
    const QString path = QFileDialog::getSaveFileName(pareto_, tr("Export the mapping"), "mapping.yaml",
                                                      tr("YAML (*.yaml *.yml)"));
    QString error;
    if (!path.isEmpty() && !this->exportMapping(opened_.value_or(0), path, &error)) emit message(error);
  });
  pareto_->setContextActions({exportSet, exportMapping});
}

std::string ExploreSession::runKey(const ProjectResultPtr& result) const {
  if (!result) return {};
  return result->mapperInputs + '\n' +
         io::mapper_settings_json(controller_->mapperSettings()->options()).dump();
}

void ExploreSession::setMapAsYouEdit(bool on) {
  live_ = on;
  if (panel_->mapAsYouEdit() != on) panel_->setMapAsYouEdit(on);
  if (on) remapIfEdited();
}

void ExploreSession::remapIfEdited() {
  const auto& result = controller_->lastResult();
  if (!result || !result->valid() || !result->spec()->has_arch()) return;  // its errors say why
  if (runKey(result) == mappedKey_) return;  // only the mapping (or nothing the mapper reads) changed
  liveRun_ = true;
  run();
}

bool ExploreSession::run() {
  // A run asked for by hand is not an edit's: its message is the panel's.
  if (sender() == panel_) liveRun_ = false;
  const auto& valid = controller_->lastValidResult();
  if (!valid || !valid->valid() || !valid->spec()->has_arch()) {
    emit message(tr("The spec is not ready to map: it needs to be valid and to have an architecture."));
    return false;
  }
  mappedKey_ = runKey(valid);
  const mapper::MapperOptions options = controller_->mapperSettings()->options();
  funnel_->setFusedJoin(!options.unfused);
  controller_->startMapper(options);
  return true;
}

void ExploreSession::onSpecLoaded(const ProjectResultPtr& result) {
  if (!result->valid()) {
    panel_->setSpecReady(false, tr("Fix the errors in Diagnostics to map this spec."));
    return;
  }
  if (!result->spec()->has_arch()) {
    panel_->setSpecReady(false, tr("Add an architecture to map this workload."));
    return;
  }
  panel_->setSpecReady(true);
  if (live_) remapIfEdited();
}

void ExploreSession::onMapped(const MapRunPtr& run) {
  panel_->setFinished(run);
  if (!run) return;
  if (std::exchange(liveRun_, false) && !run->result.cancelled) {
    const std::string reuse = run->result.reuse.summary();
    emit message(reuse.empty() ? tr("Mapped again after the edit in %1 s").arg(run->seconds, 0, 'f', 2)
                               : tr("Mapped again after the edit in %1 s: %2")
                                     .arg(run->seconds, 0, 'f', 2)
                                     .arg(QString::fromStdString(reuse)));
  }
  pareto_->setRun(run);
  // A stopped run's own counts cover only the stages it finished: the funnel keeps the live
  // counts it has (the controller's last progress), unless the run got as far as the join.
  if (!run->result.cancelled || !run->result.join_steps.empty()) funnel_->setRun(run);
}

void ExploreSession::onResultsCleared() {
  // The project's run went with it: nothing of it stays on screen, nor can be clicked.
  opened_.reset();
  stored_.reset();
  cancelExport();
  pareto_->clear();
  funnel_->clear();
  panel_->resetProgress();
}

void ExploreSession::showStoredRun(const std::shared_ptr<const StoredRun>& run) {
  if (!run) return;
  opened_.reset();
  pareto_->clear();
  auto front = std::make_shared<FrontSnapshot>();
  front->joined = run->front;
  front->stored = run->record.kind == store::RunKind::kMap;
  pareto_->setFront(front);
  // The funnel's counts, read back from the record.
  auto shown = std::make_shared<MapRun>();
  shown->result.found = run->record.found;
  shown->result.failure = run->record.failure;
  shown->result.stats = run->stats;
  shown->result.join_steps = run->joins;
  shown->seconds = run->record.seconds;
  shown->options.unfused = store::settings_of(run->record).unfused.value_or(false);
  funnel_->clear();
  if (!run->stats.empty()) funnel_->setRun(shown);
  stored_ = run;
}

bool ExploreSession::openMapping(int index) {
  if (stored_) {  // a stored run's front: its mappings are kept as YAML
    if (index < 0 || static_cast<std::size_t>(index) >= stored_->frontYaml.size() ||
        stored_->frontYaml[static_cast<std::size_t>(index)].empty())
      return false;
    controller_->replaceMapping(QString::fromStdString(stored_->frontYaml[static_cast<std::size_t>(index)]));
    opened_ = index;
    emit mappingOpened(index);
    emit message(tr("Opened mapping %1 of %2").arg(index).arg(stored_->title()));
    return true;
  }
  const MapRunPtr& run = controller_->lastRun();
  if (!run || index < 0 || static_cast<std::size_t>(index) >= run->result.front.size()) return false;
  const std::string section =
      mapping_edit::write_mapping_section(mapper::mapping_of(run->result, static_cast<std::size_t>(index)));
  controller_->replaceMapping(QString::fromStdString(section));
  opened_ = index;
  emit mappingOpened(index);
  emit message(index == 0 ? tr("Opened the optimum's mapping")
                          : tr("Opened mapping %1 of the front").arg(index));
  return true;
}

bool ExploreSession::exportParetoSet(const QString& path, QString* error) {
  const MapRunPtr run = controller_->lastRun();
  if (!run || !run->result.found) {
    if (error) *error = tr("no mapper run with a front to export");
    return false;
  }
  if (export_.busy()) {
    if (error) *error = tr("an export of the Pareto set is still running");
    return false;
  }
  // One full evaluation per mapping, on a worker: a front of a few hundred mappings takes a
  // while, and the GUI thread never waits for it.
  exportPath_ = path;
  exportTotal_ = static_cast<int>(run->result.front.size());
  const bool json = QFileInfo(path).suffix().compare("json", Qt::CaseInsensitive) == 0;
  export_.start(
      [run, path, json](QPromise<ExportOutcomePtr>& promise, std::stop_token stop) -> ExportOutcomePtr {
        promise.setProgressRange(0, static_cast<int>(run->result.front.size()));
        const auto rows = io::pareto_rows(
            run->workspace->spec(), run->result, stop,
            [&promise](std::size_t done, std::size_t) { promise.setProgressValue(static_cast<int>(done)); });
        if (stop.stop_requested()) return nullptr;  // cancelled: nothing written
        const SpecInputs& inputs = run->workspace->inputs();
        const io::ParetoProvenance from{inputs.files, io::fingerprint(run->workspace->texts()),
                                        inputs.assignments, inputs.component_costs, run->options};
        auto outcome = std::make_shared<ExportOutcome>();
        outcome->path = path;
        writeText(path, json ? io::pareto_json(rows, from).dump(2) + "\n" : io::pareto_csv(rows, from),
                  &outcome->error);
        return outcome;
      });
  // Shown only when the export takes long enough to notice (QProgressDialog's 4 s default).
  delete exportDialog_.data();
  exportDialog_ = new QProgressDialog(tr("Evaluating the Pareto set's %n mapping(s)…", "", exportTotal_),
                                      tr("Cancel"), 0, exportTotal_, pareto_);
  exportDialog_->setObjectName("exportProgress");
  exportDialog_->setWindowModality(Qt::NonModal);
  exportDialog_->setAutoClose(false);
  exportDialog_->setAutoReset(false);
  connect(exportDialog_, &QProgressDialog::canceled, this, &ExploreSession::cancelExport);
  return true;
}

void ExploreSession::cancelExport() {
  if (export_.busy()) export_.cancel();
}

void ExploreSession::exportEnded(const QString& error, bool cancelled) {
  if (exportDialog_) exportDialog_->deleteLater();
  exportDialog_.clear();
  emit exported(exportPath_, error, cancelled);
}

bool ExploreSession::exportMapping(int index, const QString& path, QString* error) const {
  const MapRunPtr& run = controller_->lastRun();
  if (!run || index < 0 || static_cast<std::size_t>(index) >= run->result.front.size()) {
    if (error) *error = tr("no such mapping in the last run");
    return false;
  }
  // The opened mapping as it is on screen, with the edits made since it was opened.
  if (opened_ == index)
    if (const SpecDocument* document = controller_->mappingDocument())
      if (const std::string shown = mapping_edit::mapping_section_text(document->text().toStdString());
          !shown.empty())
        return writeText(path, shown, error);
  return writeText(
      path, io::write_mapping_yaml(mapper::mapping_of(run->result, static_cast<std::size_t>(index))), error);
}

}  // namespace af::ui
