#pragma once
// The window's run history: every map and sweep the window runs is recorded in the run store
// (SQLite, `store/`; the CLI's `--store` writes the same one) with the project it belongs to;
// the History dock lists them, and a run can be renamed, deleted, reopened (its front, funnel
// and mapping come back without mapping again; a sweep's points too), re-run with its own
// settings, compared with another, or exported. Every store operation is a job on a thread of
// its own (one connection per job); the GUI thread only applies results.
#include <QFutureWatcher>
#include <QObject>
#include <QPointer>
#include <QThreadPool>
#include <any>
#include <functional>
#include <optional>

#include "history/stored_run.h"
#include "run_store.h"
#include "sweep/sweep_run.h"

namespace af::ui {

class HistoryModel;
class ProjectController;
struct MapRun;

class HistorySession : public QObject {
  Q_OBJECT
 public:
  explicit HistorySession(ProjectController* controller);
  ~HistorySession() override;

  [[nodiscard]] HistoryModel* model() const { return model_; }
  // The store file (default: the user's data folder, shared with `accelforge --store`).
  void setStorePath(const QString& path);
  [[nodiscard]] QString storePath() const;
  // Lists only the runs of the open project file (when one is open).
  void setProjectOnly(bool only);
  [[nodiscard]] bool projectOnly() const { return projectOnly_; }
  // Records the window's runs (on by default).
  void setRecording(bool on) { recording_ = on; }
  [[nodiscard]] bool busy() const { return inFlight_ > 0; }

  void refresh();
  void rename(std::int64_t id, const QString& name);
  void remove(std::int64_t id);
  // Opens the run's files (when they are not the project's and still exist), its variables and
  // cost table, and shows what it found: a map's front, funnel and chosen mapping, a sweep's
  // points. `rerun`: then maps (or sweeps) again with the run's own settings.
  void reopen(std::int64_t id, bool rerun = false);
  // Reads both runs for the Compare dialog (`compared`).
  void compare(std::int64_t a, std::int64_t b);
  void exportRun(std::int64_t id, const QString& path);
  // Records a finished sweep (the sweep page hands each one over).
  void recordSweep(const af::ui::SweepRunPtr& run);
  // Asked before a reopened run replaces a project with unsaved edits (the window asks the
  // user); without it such a project is never replaced.
  void setConfirmReplace(std::function<bool(const QString& action)> confirm) {
    confirm_ = std::move(confirm);
  }

 signals:
  void listed(int runs);
  void recorded(std::int64_t id);
  void reopened(const af::ui::StoredRunPtr& run);
  // Requests to the pages that show runs: a reopened map's front, funnel and mapping; a
  // reopened sweep's points; a run to start again once the reopened spec has loaded.
  void storedMapOpened(const af::ui::StoredRunPtr& run);
  void storedSweepOpened(const af::ui::SweepRunPtr& sweep);
  void rerunRequested(af::store::RunKind kind);
  void compared(const af::ui::StoredRunPtr& a, const af::ui::StoredRunPtr& b);
  void message(const QString& text);
  // The store set a broken or newer file aside (the path, what was wrong, where it went), or
  // cannot be opened: shown in the dock until the next good open.
  void storeProblem(const QString& text);

 private:
  // A store operation on the store's thread: `work` returns its value or sets `error`; `done`
  // gets the value on the GUI thread (not called on an error, which becomes a message).
  using Work = std::function<std::any(const store::RunStore& store, std::string& error)>;
  void submit(Work work, std::function<void(const std::any& value)> done);
  void recordMap(const std::shared_ptr<const MapRun>& run);
  void apply(const StoredRunPtr& run, bool rerun);
  [[nodiscard]] std::string project() const;

  ProjectController* controller_;
  HistoryModel* model_;
  QThreadPool pool_;  // one thread: store operations run in order
  QString path_;
  bool projectOnly_ = false;
  bool recording_ = true;
  int inFlight_ = 0;
  // Set by reopen(rerun): the run starts once the reopened spec has loaded.
  std::optional<store::RunKind> pendingRerun_;
  SweepRunPtr reopenedSweep_;
  std::function<bool(const QString&)> confirm_;  // shown from the store: not recorded again
};

}  // namespace af::ui
