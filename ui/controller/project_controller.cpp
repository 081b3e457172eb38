#include "controller/project_controller.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QStandardPaths>
#include <algorithm>
#include <chrono>

#include "controller/live_mapper_observer.h"
#include "controller/load_job.h"
#include "editors/autosaver.h"
#include "editors/document_set.h"
#include "editors/spec_document.h"

namespace af::ui {

ProjectController::ProjectController(QObject* parent, const QString& autosaveDirectory)
    : QObject(parent),
      documents_(new DocumentSet(this)),
      autosaver_(new Autosaver(documents_, this, autosaveDirectory)),
      load_(this, &pool_,
            {.finished = [this](int generation, ProjectResultPtr r) { onLoaded(generation, std::move(r)); },
             .failed =
                 [this](int, const QString& error) {
                   emit loadingChanged(load_.busy());
                   emit failed(error);
                 },
             .stopped = [this](int) { emit loadingChanged(load_.busy()); },
             .progress = {}}),
      map_(this, &pool_,
           {.finished =
                [this](int, MapRunPtr run) {
                  lastRun_ = run;
                  onMapperProgress();  // the final counts
                  emit mapped(run);
                  emit mappingChanged(false);
                },
            .failed =
                [this](int, const QString& error) {
                  emit mappingChanged(false);
                  emit failed(error);
                },
            .stopped = [this](int) { emit mappingChanged(map_.busy()); },
            .progress = [this](int, int, const QString&) { onMapperProgress(); }}) {
  // One thread loads while another maps; the mapper parallelizes inside (oneTBB).
  pool_.setMaxThreadCount(2);
  connect(documents_, &DocumentSet::documentAdded, this, &ProjectController::projectChanged);
  connect(documents_, &DocumentSet::documentMoved, this, &ProjectController::projectChanged);
  connect(documents_, &DocumentSet::documentAboutToClose, this, &ProjectController::projectChanged);
}

ProjectController::~ProjectController() { shutdown(5000); }

bool ProjectController::shutdown(int ms) {
  load_.stop();
  map_.stop();
  return pool_.waitForDone(ms);
}

QList<FileError> ProjectController::openFiles(const QStringList& paths) { return documents_->openFiles(paths); }

QStringList ProjectController::exampleNames() {
  return QDir(":/examples").entryList(QDir::Dirs | QDir::NoDotAndDotDot, QDir::Name);
}

QList<FileError> ProjectController::openExample(const QString& name) {
  // Examples are compiled in; the engine reads real files, so they are copied out first.
  const QString target =
      QStandardPaths::writableLocation(QStandardPaths::AppDataLocation) + "/examples/" + name;
  QDir().mkpath(target);
  QStringList files;
  for (const QString& file : QDir(":/examples/" + name).entryList(QDir::Files, QDir::Name)) {
    const QString out = target + "/" + file;
    if (!QFileInfo::exists(out)) {
      QFile::copy(":/examples/" + name + "/" + file, out);
      QFile::setPermissions(out, QFile::ReadOwner | QFile::WriteOwner | QFile::ReadGroup | QFile::ReadOther);
    }
    files << out;
  }
  // Arch first, then workload, then mapping: the merge order the CLI uses.
  std::stable_sort(files.begin(), files.end(), [](const QString& a, const QString& b) {
    const auto rank = [](const QString& f) {
      return f.contains("arch") ? 0 : f.contains("workload") ? 1 : f.contains("mapping") ? 2 : 3;
    };
    return rank(a) < rank(b);
  });
  return openFiles(files);
}

SpecDocument* ProjectController::mappingDocument() const {
  for (SpecDocument* d : documents_->documents())
    if (has_mapping_section(d->text().toStdString())) return d;
  return nullptr;
}

void ProjectController::setCommandLineAssignments(const QStringList& assignments) { commandLine_ = assignments; }

void ProjectController::setVariableValue(const QString& name, const QString& value) {
  if (value.isEmpty())
    typed_.remove(name);
  else
    typed_[name] = value;
}

QStringList ProjectController::assignments() const {
  QMap<QString, QString> merged;
  for (const QString& a : commandLine_)
    if (const auto eq = a.indexOf('='); eq > 0) merged[a.left(eq)] = a.mid(eq + 1);
  for (auto it = typed_.cbegin(); it != typed_.cend(); ++it) merged[it.key()] = it.value();
  QStringList out;
  for (auto it = merged.cbegin(); it != merged.cend(); ++it) out << it.key() + "=" + it.value();
  return out;
}

void ProjectController::revalidate() {
  // Snapshot on the GUI thread: plain strings only cross to the worker.
  LoadRequest request;
  for (const SpecDocument* d : documents_->documents()) {
    if (d->isUntitled()) continue;  // no path to resolve includes against: validated once saved
    const std::string path = d->path().toStdString();
    request.inputs.files.push_back(path);
    if (d->isModified()) request.inputs.unsaved[path] = d->text().toStdString();
  }
  for (const QString& a : assignments()) request.inputs.assignments.push_back(a.toStdString());
  request.inputs.component_costs = componentCosts_.toStdString();
  if (const SpecDocument* m = mappingDocument()) {
    request.mappingPath = m->isUntitled() ? m->displayName() : m->path();
    request.mappingText = m->text().toStdString();
  }
  load_.start([request = std::move(request)](QPromise<ProjectResultPtr>&, std::stop_token stop) {
    return runLoad(request, stop);
  });
  emit loadingChanged(true);
}

void ProjectController::stopLoad() { load_.stop(); }

void ProjectController::onLoaded(int generation, ProjectResultPtr result) {
  auto copy = std::make_shared<ProjectResult>(*result);
  copy->generation = generation;
  last_ = copy;
  if (last_->valid()) lastValid_ = last_;
  const auto& vars = last_->workspace->template_variables();
  const bool varsChanged =
      vars.size() != variables_.size() ||
      !std::equal(vars.begin(), vars.end(), variables_.begin(), [](const auto& a, const auto& b) {
        return a.name == b.name && a.default_text == b.default_text && a.files == b.files && a.line == b.line;
      });
  variables_ = vars;
  emit loadingChanged(load_.busy());
  if (varsChanged) emit variablesChanged();
  emit specLoaded(last_);
  if (last_->evaluation) emit evaluated(last_);
}

void ProjectController::startMapper(const mapper::MapperOptions& options) {
  map_.stop();
  if (!lastValid_ || !lastValid_->valid()) {
    emit failed(tr("The spec is not valid yet: fix the errors in Diagnostics, then map."));
    return;
  }
  auto workspace = lastValid_->workspace;
  // The observer outlives the job: the GUI thread reads it on every throttled progress signal.
  std::shared_ptr<std::function<void()>> notify = std::make_shared<std::function<void()>>();
  observer_ = std::make_shared<LiveMapperObserver>([notify] {
    if (*notify) (*notify)();
  });
  auto observer = observer_;
  map_.start([workspace, options, observer, notify](QPromise<MapRunPtr>& promise, std::stop_token stop) {
    int events = 0;
    // Qt coalesces progress signals (at most ~25 per second); the value only has to change.
    *notify = [&promise, &events] { promise.setProgressValue(++events); };
    promise.setProgressRange(0, std::numeric_limits<int>::max());
    const auto start = std::chrono::steady_clock::now();
    auto run = std::make_shared<MapRun>();
    run->workspace = workspace;
    run->options = options;
    run->result = workspace->map(options, observer.get(), stop);
    run->seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    *notify = nullptr;
    observer->finish(run->result);
    return MapRunPtr(run);
  });
  emit mapperStarted();
  emit mappingChanged(true);
}

void ProjectController::stopMapper() { map_.stop(); }

void ProjectController::onMapperProgress() {
  if (!observer_) return;
  emit mapperProgress(observer_->progress());
  emit frontChanged(observer_->front());
}

}  // namespace af::ui
