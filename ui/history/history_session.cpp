#include "history/history_session.h"

#include <QFileInfo>
#include <QSaveFile>
#include <QtConcurrent>

#include "controller/mapper_run.h"
#include "controller/mapper_settings.h"
#include "controller/project_controller.h"
#include "editors/document_set.h"
#include "history/history_model.h"
#include "run_capture.h"

namespace af::ui {

namespace {

struct StoreAnswer {
  std::any value;
  QString error;
  QString notice;  // the store set a file aside
  bool storeFailed = false;
};

}  // namespace

HistorySession::HistorySession(ProjectController* controller)
    : QObject(controller), controller_(controller), model_(new HistoryModel(this)) {
  pool_.setMaxThreadCount(1);
  connect(model_, &HistoryModel::renameRequested, this, &HistorySession::rename);
  connect(controller_, &ProjectController::mapped, this, &HistorySession::recordMap);
  // A project file opened or saved: "this project only" lists its runs.
  // Queued: a project file is named after its files open (openProjectFile).
  connect(
      controller_, &ProjectController::projectChanged, this,
      [this] {
        if (projectOnly_) refresh();
      },
      Qt::QueuedConnection);
  connect(controller_, &ProjectController::specLoaded, this, [this](const ProjectResultPtr& result) {
    if (!pendingRerun_ || !result->valid()) return;
    const store::RunKind kind = *pendingRerun_;
    pendingRerun_.reset();
    emit rerunRequested(kind);
  });
}

HistorySession::~HistorySession() { pool_.waitForDone(); }

void HistorySession::setStorePath(const QString& path) {
  path_ = path;
  refresh();
}

QString HistorySession::storePath() const {
  return path_.isEmpty() ? QString::fromStdString(store::RunStore::default_path()) : path_;
}

void HistorySession::setProjectOnly(bool only) {
  projectOnly_ = only;
  refresh();
}

std::string HistorySession::project() const { return controller_->projectFilePath().toStdString(); }

void HistorySession::submit(Work work, std::function<void(const std::any&)> done) {
  const std::string path = storePath().toStdString();
  auto* watcher = new QFutureWatcher<StoreAnswer>(this);
  ++inFlight_;
  connect(watcher, &QFutureWatcherBase::finished, this, [this, watcher, done = std::move(done)] {
    --inFlight_;
    watcher->deleteLater();
    const StoreAnswer answer = watcher->result();
    if (!answer.notice.isEmpty()) emit storeProblem(answer.notice);
    if (!answer.error.isEmpty()) {
      if (answer.storeFailed) emit storeProblem(answer.error);
      emit message(answer.error);
      return;
    }
    if (done) done(answer.value);
  });
  watcher->setFuture(QtConcurrent::run(&pool_, [path, work = std::move(work)]() -> StoreAnswer {
    StoreAnswer answer;
    try {
      const store::RunStore store(path);  // this thread's own connection, closed on return
      answer.notice = QString::fromStdString(store.notice());
      if (!store.ok()) {
        answer.error = QString::fromStdString(store.error());
        answer.storeFailed = true;
        return answer;
      }
      std::string error;
      answer.value = work(store, error);
      answer.error = QString::fromStdString(error);
    } catch (const std::exception& e) {
      answer.error = QString::fromUtf8(e.what());
    }
    return answer;
  }));
}

void HistorySession::refresh() {
  std::optional<std::string> only;
  if (projectOnly_ && !controller_->projectFilePath().isEmpty()) only = project();
  submit(
      [only](const store::RunStore& store, std::string& error) -> std::any {
        auto runs = store.list(only);
        if (!runs) {
          error = runs.error;
          return {};
        }
        return *runs.value;
      },
      [this](const std::any& value) {
        model_->setRuns(std::any_cast<std::vector<store::RunSummary>>(value));
        emit listed(model_->rowCount());
      });
}

void HistorySession::recordMap(const MapRunPtr& run) {
  if (!recording_ || !run || !run->workspace) return;
  submit(
      [run, project = project()](const store::RunStore& store, std::string& error) -> std::any {
        const auto id =
            store.add(store::capture_map(*run->workspace, run->options, run->result, run->seconds, project));
        if (!id) error = id.error;
        return id ? *id.value : std::int64_t{0};
      },
      [this](const std::any& id) {
        emit recorded(std::any_cast<std::int64_t>(id));
        refresh();
      });
}

void HistorySession::recordSweep(const SweepRunPtr& run) {
  if (!recording_ || !run || run == reopenedSweep_ || !run->problems.empty() || run->points.empty()) return;
  submit(
      [run, project = project()](const store::RunStore& store, std::string& error) -> std::any {
        const auto id = store.add(store::capture_sweep(run->sweep, run->rows(), run->seconds, project));
        if (!id) error = id.error;
        return id ? *id.value : std::int64_t{0};
      },
      [this](const std::any& id) {
        emit recorded(std::any_cast<std::int64_t>(id));
        refresh();
      });
}

void HistorySession::rename(std::int64_t id, const QString& name) {
  submit(
      [id, name = name.toStdString()](const store::RunStore& store, std::string& error) -> std::any {
        if (const auto done = store.rename(id, name); !done) error = done.error;
        return {};
      },
      [this](const std::any&) { refresh(); });
}

void HistorySession::remove(std::int64_t id) {
  submit(
      [id](const store::RunStore& store, std::string& error) -> std::any {
        if (const auto done = store.remove(id); !done) error = done.error;
        return {};
      },
      [this, id](const std::any&) {
        emit message(tr("Deleted run #%1 from the history").arg(id));
        refresh();
      });
}

void HistorySession::reopen(std::int64_t id, bool rerun) {
  submit(
      [id](const store::RunStore& store, std::string& error) -> std::any {
        auto record = store.get(id);
        if (!record) {
          error = record.error;
          return {};
        }
        return prepareStoredRun(*record.value);
      },
      [this, rerun](const std::any& value) { apply(std::any_cast<StoredRunPtr>(value), rerun); });
}

void HistorySession::apply(const StoredRunPtr& run, bool rerun) {
  if (!run) return;
  const store::RunRecord& r = run->record;
  // Its files, when they are not the project's: opened from disk if they are all there (the
  // stored texts are what ran; Compare shows how the files differ now).
  QStringList paths;
  bool onDisk = true;
  for (const auto& f : r.files) {
    paths << QString::fromStdString(f.path);
    onDisk = onDisk && QFileInfo::exists(paths.back());
  }
  QStringList current;
  if (const auto& last = controller_->lastResult(); last && last->workspace)
    for (const auto& f : last->workspace->inputs().files) current << QString::fromStdString(f);
  QString note;
  if (paths != current) {
    const bool unsaved = controller_->documents()->anyModified();
    if (!onDisk) {
      note = tr(" Its files are no longer all on disk: the results are shown, the project is kept.");
    } else if (unsaved && !(confirm_ && confirm_(tr("reopen run #%1").arg(r.id)))) {
      note = tr(" The open files have unsaved edits: the project is kept.");
    } else {
      controller_->openProject(paths);
      controller_->setComponentCosts(QString::fromStdString(r.component_costs));
    }
  }
  QMap<QString, QString> values;
  for (const auto& a : r.assignments) {
    const auto eq = a.find('=');
    if (eq != std::string::npos)
      values[QString::fromStdString(a.substr(0, eq))] = QString::fromStdString(a.substr(eq + 1));
  }
  controller_->mapperSettings()->setUserSettings(store::settings_of(r));
  if (r.kind == store::RunKind::kMap) {
    emit storedMapOpened(run);
    if (!values.isEmpty()) controller_->setVariableValues(values);
    if (r.found && !r.mapping_yaml.empty() && !rerun)
      controller_->replaceMapping(QString::fromStdString(r.mapping_yaml));
    else
      controller_->revalidate();
  } else {
    if (run->sweep) {
      reopenedSweep_ = run->sweep;
      emit storedSweepOpened(run->sweep);
    }
    if (!values.isEmpty())
      controller_->setVariableValues(values);
    else
      controller_->revalidate();
  }
  if (rerun) pendingRerun_ = r.kind;
  emit reopened(run);
  // What the run warned of when it ran (a rounded join, a stop) stays with it.
  if (store::was_stopped(r)) note += tr(" It was stopped: its front is of what it had found by then.");
  for (const auto& why : store::warnings_of(r)) note += tr(" Warning: %1.").arg(QString::fromStdString(why));
  emit message((rerun ? tr("Running %1 again.").arg(run->title()) : tr("Reopened %1.").arg(run->title())) +
               note);
}

void HistorySession::compare(std::int64_t a, std::int64_t b) {
  submit(
      [a, b](const store::RunStore& store, std::string& error) -> std::any {
        auto ra = store.get(a);
        auto rb = ra ? store.get(b) : decltype(ra){};
        if (!ra || !rb) {
          error = !ra ? ra.error : rb.error;
          return {};
        }
        return std::make_pair(prepareStoredRun(*ra.value), prepareStoredRun(*rb.value));
      },
      [this](const std::any& value) {
        const auto& [ra, rb] = std::any_cast<const std::pair<StoredRunPtr, StoredRunPtr>&>(value);
        emit compared(ra, rb);
      });
}

void HistorySession::exportRun(std::int64_t id, const QString& path) {
  submit(
      [id, path](const store::RunStore& store, std::string& error) -> std::any {
        const auto text = store.export_json(id);
        if (!text) {
          error = text.error;
          return {};
        }
        QSaveFile file(path);
        if (!file.open(QIODevice::WriteOnly) ||
            file.write(text->data(), static_cast<qint64>(text->size())) < 0 || !file.write("\n") ||
            !file.commit())
          error = QObject::tr("cannot write %1: %2").arg(path, file.errorString()).toStdString();
        return {};
      },
      [this, id, path](const std::any&) { emit message(tr("Exported run #%1 to %2").arg(id).arg(path)); });
}

}  // namespace af::ui
