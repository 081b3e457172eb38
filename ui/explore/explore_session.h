#pragma once
// The mapper in the window: the run panel, the live Pareto front and the keep-rate funnel
// follow the controller's mapper signals (a stopped run stays on screen as it was; a closed or
// replaced project clears them); a clicked front point becomes the project's mapping (the
// editors, tree, loop nest and accesses then show it); the last run's Pareto set exports as a
// job with progress and cancel, any of its mappings as YAML. MainWindow only places the three
// widgets.
#include <QObject>
#include <QPointer>
#include <QString>
#include <QThreadPool>
#include <memory>
#include <optional>

#include "controller/job_slot.h"
#include "controller/mapper_run.h"
#include "controller/project_result.h"

class QProgressDialog;

namespace af::ui {

class FunnelPlot;
struct StoredRun;
class ParetoPlot;
class ProjectController;
class RunPanel;

class ExploreSession : public QObject {
  Q_OBJECT
 public:
  // The widgets are parented to `widgetParent` until the window places them.
  ExploreSession(ProjectController* controller, QWidget* widgetParent);

  [[nodiscard]] RunPanel* runPanel() const { return panel_; }
  [[nodiscard]] ParetoPlot* paretoPlot() const { return pareto_; }
  [[nodiscard]] FunnelPlot* funnelPlot() const { return funnel_; }

  // Runs with the panel's options (what Run does); false with the reason when the spec is not
  // valid yet.
  bool run();
  // Map as you edit: while on, each load whose mapper inputs differ from the last run's (an
  // edit of the arch, the workload, a variable, the cost table) and each change of the mapper's
  // settings starts a run, superseding the one under way; an edit of the mapping alone does not.
  void setMapAsYouEdit(bool on);
  [[nodiscard]] bool mapAsYouEdit() const { return live_; }
  // Writes front point `index` of the last run into the project's mapping document (a new
  // untitled one when the project has none). False when there is no such point.
  bool openMapping(int index);
  [[nodiscard]] std::optional<int> openedIndex() const { return opened_; }
  // Shows a stored run as the last run: its front (a click opens its mappings, kept as YAML)
  // and its funnel, without mapping again. The next run or a closed project replaces it.
  void showStoredRun(const std::shared_ptr<const StoredRun>& run);
  [[nodiscard]] const std::shared_ptr<const StoredRun>& storedRun() const { return stored_; }

  // The last run's Pareto set: one row per mapping (energy, latency, EDP, energy per
  // component), as CSV or JSON by the file's suffix. A job on a worker: it evaluates every
  // mapping and writes the file, showing its progress (with Cancel) when it takes a while;
  // `exported` says how it ended. False, with the reason, when there is nothing to export.
  bool exportParetoSet(const QString& path, QString* error = nullptr);
  // Stops the export in flight; nothing is written.
  void cancelExport();
  [[nodiscard]] bool exporting() const { return export_.busy(); }
  // Front point `index` of the last run as AccelForge mapping YAML.
  bool exportMapping(int index, const QString& path, QString* error = nullptr) const;

 signals:
  void mappingOpened(int index);
  void message(const QString& text);  // for the status bar
  // The Pareto export ended: written (error empty), failed (the reason) or cancelled.
  void exported(const QString& path, const QString& error, bool cancelled);
  void exportProgress(int done, int total);

 private:
  // Where an export job ended: the path it wrote, or why it did not.
  struct ExportOutcome {
    QString path;
    QString error;
  };
  using ExportOutcomePtr = std::shared_ptr<const ExportOutcome>;

  void onSpecLoaded(const ProjectResultPtr& result);
  // What a run of `result` with the current settings would read; a run is due when it differs
  // from the last run's.
  [[nodiscard]] std::string runKey(const ProjectResultPtr& result) const;
  void remapIfEdited();
  void onMapped(const MapRunPtr& run);
  void onResultsCleared();
  void exportEnded(const QString& error, bool cancelled);

  ProjectController* controller_;
  RunPanel* panel_;
  ParetoPlot* pareto_;
  FunnelPlot* funnel_;
  std::optional<int> opened_;
  bool live_ = false;
  bool liveRun_ = false;                     // the run under way was started by an edit
  std::string mappedKey_;                    // runKey() of the last run started
  std::shared_ptr<const StoredRun> stored_;  // shown in place of the last run
  QThreadPool exportPool_;                   // of its own: an export never waits behind a mapper run
  QString exportPath_;
  int exportTotal_ = 0;
  QPointer<QProgressDialog> exportDialog_;
  JobSlot<ExportOutcomePtr> export_;
};

}  // namespace af::ui
