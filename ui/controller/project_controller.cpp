#include "controller/project_controller.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QStandardPaths>
#include <QTimer>
#include <algorithm>
#include <chrono>

#include "controller/live_mapper_observer.h"
#include "controller/load_job.h"
#include "controller/mapper_settings.h"
#include "editors/autosaver.h"
#include "editors/document_set.h"
#include "editors/recent_files.h"
#include "editors/spec_document.h"
#include "editors/text_file.h"
#include "mapper/map_cache.h"
#include "mapping_edit/mapping_section.h"

namespace af::ui {

ProjectController::ProjectController(QObject* parent, const QString& autosaveDirectory)
    : QObject(parent),
      documents_(new DocumentSet(this)),
      autosaver_(new Autosaver(documents_, this, autosaveDirectory)),
      mapperSettings_(new MapperSettings(this)),
      projectFile_(this, &filesPool_,
                   {.finished = [this](int, ProjectFileReadPtr read) { applyProjectFile(*read); },
                    .failed = [this](int, const QString& error) { emit failed(error); },
                    .stopped = {},
                    .progress = {}}),
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
            .progress = [this](int, int, const QString&) { onMapperProgress(); }}),
      mapCache_(std::make_shared<mapper::MapCache>()) {
  // One thread loads while another maps; the mapper parallelizes inside (oneTBB). Project files
  // are read on a thread of their own, never waiting behind a mapper run.
  pool_.setMaxThreadCount(2);
  filesPool_.setMaxThreadCount(1);
  connect(documents_, &DocumentSet::documentAdded, this, [this] {
    onFileSetChanged();
    emit projectChanged();
  });
  connect(documents_, &DocumentSet::documentMoved, this, [this] {
    scheduleRevalidate();  // the merge order changed
    emit projectChanged();
  });
  connect(documents_, &DocumentSet::documentAboutToClose, this, [this] {
    onFileSetChanged();
    emit projectChanged();
  });
}

ProjectController::~ProjectController() { shutdown(5000); }

bool ProjectController::shutdown(int ms) {
  load_.stop();
  map_.stop();
  return pool_.waitForDone(ms);
}

void ProjectController::onFileSetChanged() {
  lastValid_.reset();
  lastEvaluated_.reset();
  scheduleRevalidate();
}

void ProjectController::scheduleRevalidate() {
  // Opening three files is one change: one load.
  if (revalidateQueued_) return;
  revalidateQueued_ = true;
  QTimer::singleShot(0, this, [this] {
    if (revalidateQueued_) revalidate();
  });
}

void ProjectController::closeProject() {
  documents_->closeAll();
  const bool typed = !typed_.isEmpty();
  typed_.clear();
  // The cost table and the project file belong to the project that is closed.
  setComponentCosts({});
  setPricedByModel({});
  projectFilePath_.clear();
  clearResults();
  if (typed) emit variablesChanged();  // the values shown are the ones in use
}

void ProjectController::clearResults() {
  // Results still on their way belong to files no longer open: dropped, as the run is.
  load_.cancel();
  map_.cancel();
  observer_.reset();
  last_.reset();
  lastValid_.reset();
  lastEvaluated_.reset();
  lastRun_.reset();
  mapCache_->clear();  // another project's stages would only take memory
  if (!variables_.empty()) {
    variables_.clear();
    emit variablesChanged();
  }
  emit loadingChanged(load_.busy());
  emit mappingChanged(map_.busy());
  emit specPublished(nullptr, Freshness::Cleared);
  emit evaluationPublished(nullptr, Freshness::Cleared);
  emit resultsCleared();
}

QList<FileError> ProjectController::openProject(const QStringList& paths) {
  closeProject();
  return documents_->openFiles(paths);
}

void ProjectController::openProjectFile(const QString& path) {
  // Read and parsed on a worker: the GUI thread only applies what it found.
  projectFile_.start([path](QPromise<ProjectFileReadPtr>&, std::stop_token) {
    auto read = std::make_shared<ProjectFileRead>();
    read->path = path;
    try {
      read->project = read_project_file(path.toStdString());
    } catch (const core::SpecError& e) {
      QStringList lines;
      for (const auto& d : e.diagnostics()) lines << QString::fromStdString(d.to_string());
      read->error = lines.join('\n');
    }
    return ProjectFileReadPtr(read);
  });
}

void ProjectController::applyProjectFile(const ProjectFileRead& read) {
  if (!read.error.isEmpty()) {
    emit projectFileOpened(read.path, read.error, {});
    return;
  }
  const ProjectFile& project = read.project;
  QStringList files;
  for (const auto& f : project.files) files << QString::fromStdString(f);
  const QList<FileError> errors = openProject(files);
  for (const auto& [name, value] : project.variables)
    typed_[QString::fromStdString(name)] = QString::fromStdString(value);
  setComponentCosts(QString::fromStdString(project.component_costs));
  QStringList priced;
  for (const auto& c : project.priced_by_model) priced << QString::fromStdString(c);
  setPricedByModel(priced);
  setCimOpening(project.cim);
  projectFilePath_ = read.path;
  documents_->recentFiles()->add(read.path);
  mapperSettings_->setUserSettings(project.mapper);
  emit variablesChanged();
  emit projectFileOpened(read.path, {}, errors);
  revalidate();
}

void ProjectController::setPricedByModel(const QStringList& components) {
  if (components == pricedByModel_) return;
  pricedByModel_ = components;
  emit componentCostsChanged();
}

void ProjectController::setCimOpening(const loader::CimOpening& cim) {
  if (cim == cim_) return;
  cim_ = cim;
  emit componentCostsChanged();  // like the cost table, it changes what the arch holds
}

void ProjectController::priceWithModel(const QString& component) {
  if (pricedByModel_.contains(component) || pricedByModel_.contains(QStringLiteral("*"))) return;
  setPricedByModel(pricedByModel_ + QStringList{component});
  revalidate();
}

void ProjectController::setComponentCosts(const QString& table) {
  if (table == componentCosts_) return;
  componentCosts_ = table;
  emit componentCostsChanged();
}

QString ProjectController::saveProjectFile(const QString& path) {
  ProjectFile project;
  for (const SpecDocument* d : documents_->documents()) {
    if (d->isUntitled())
      return tr("%1 has never been saved: save it first, so that the project can name it")
          .arg(d->displayName());
    project.files.push_back(d->path().toStdString());
  }
  for (const QString& a : assignments())
    if (const auto eq = a.indexOf('='); eq > 0)
      project.variables.emplace_back(a.left(eq).toStdString(), a.mid(eq + 1).toStdString());
  project.component_costs = componentCosts_.toStdString();
  for (const QString& c : pricedByModel_) project.priced_by_model.push_back(c.toStdString());
  project.cim = cim_;
  project.mapper = mapperSettings_->userSettings();
  const auto written =
      writeTextFile(path, QString::fromStdString(write_project_file(project, path.toStdString())));
  if (written) return written->message;
  projectFilePath_ = path;
  documents_->recentFiles()->add(path);
  return {};
}

QList<FileError> ProjectController::openFiles(const QStringList& paths) {
  return documents_->openFiles(paths);
}

QList<FileError> ProjectController::restoreProject(const AutosaveProject& project) {
  closeProject();
  return autosaver_->restoreProject(project);
}

QString ProjectController::examplesSource() {
  const QString installed =
      QStandardPaths::locate(QStandardPaths::GenericDataLocation,
                             QStringLiteral("accelforge-explorer/examples"), QStandardPaths::LocateDirectory);
  return installed.isEmpty() ? QStringLiteral(":/examples") : installed;
}

QStringList ProjectController::exampleNames() {
  return QDir(examplesSource()).entryList(QDir::Dirs | QDir::NoDotAndDotDot, QDir::Name);
}

QString ProjectController::examplesDirectory() const {
  return examplesDirectory_.isEmpty()
             ? QStandardPaths::writableLocation(QStandardPaths::AppDataLocation) + QStringLiteral("/examples")
             : examplesDirectory_;
}

QString ProjectController::exampleCopy(const QString& name) const { return examplesDirectory() + '/' + name; }

QStringList ProjectController::copyExample(const QString& name, bool overwrite,
                                           QList<FileError>& errors) const {
  const QString target = exampleCopy(name);
  QDir().mkpath(target);
  QStringList files;
  for (const QString& file : QDir(examplesSource() + '/' + name).entryList(QDir::Files, QDir::Name)) {
    const QString out = target + '/' + file;
    if (overwrite) QFile::remove(out);
    if (!QFileInfo::exists(out)) {
      if (!QFile::copy(examplesSource() + '/' + name + '/' + file, out))
        errors << FileError{out, FileProblem::WriteFailed, tr("Cannot copy the example file to %1").arg(out)};
      // Resource files are read-only; the copy is the user's to edit.
      QFile::setPermissions(out, QFile::ReadOwner | QFile::WriteOwner | QFile::ReadGroup | QFile::ReadOther);
    }
    files << out;
  }
  // Arch first, then workload, then mapping: the merge order the CLI uses.
  std::stable_sort(files.begin(), files.end(), [](const QString& a, const QString& b) {
    const auto rank = [](const QString& f) {
      const QString n = QFileInfo(f).fileName();
      return n.contains("arch") ? 0 : n.contains("workload") ? 1 : n.contains("mapping") ? 2 : 3;
    };
    return rank(a) < rank(b);
  });
  return files;
}

namespace {

// An example may keep a project file beside its specs: it opens as that project, with the
// mapper settings it names (bandwidth_tradeoff asks for the front of energy and latency).
QString exampleProjectFile(const QStringList& files) {
  for (const QString& file : files)
    if (file.endsWith(QStringLiteral(".afproj"))) return file;
  return {};
}

QStringList exampleSpecFiles(QStringList files) {
  files.removeIf([](const QString& file) { return file.endsWith(QStringLiteral(".afproj")); });
  return files;
}

}  // namespace

QList<FileError> ProjectController::openExample(const QString& name) {
  QList<FileError> errors;
  const QStringList files = copyExample(name, false, errors);
  if (const QString project = exampleProjectFile(files); !project.isEmpty()) {
    openProjectFile(project);  // what it finds comes with projectFileOpened
    return errors;
  }
  errors << openProject(exampleSpecFiles(files));
  return errors;
}

QList<FileError> ProjectController::revertExample(const QString& name) {
  closeProject();  // first: nothing may keep the edited text around
  QList<FileError> errors;
  const QStringList files = copyExample(name, true, errors);
  errors << documents_->openFiles(exampleSpecFiles(files));
  return errors;
}

QString ProjectController::currentExample() const {
  const QStringList paths = documents_->paths();
  if (paths.isEmpty()) return {};
  const QString folder = QFileInfo(paths.first()).absolutePath();
  for (const QString& path : paths)
    if (QFileInfo(path).absolutePath() != folder) return {};
  for (const QString& name : exampleNames())
    if (QFileInfo(exampleCopy(name)).absoluteFilePath() == folder) return name;
  return {};
}

bool ProjectController::exampleEdited(const QString& name) const {
  // Small text files: reading them here is cheaper than a job and parses nothing.
  for (const QString& file : QDir(examplesSource() + '/' + name).entryList(QDir::Files, QDir::Name)) {
    const QString copy = exampleCopy(name) + '/' + file;
    if (const SpecDocument* open = documents_->findByPath(copy); open && open->isModified()) return true;
    if (!QFileInfo::exists(copy)) continue;  // copied again when opened
    const auto original = readTextFile(examplesSource() + '/' + name + '/' + file);
    const auto current = readTextFile(copy);
    const auto* a = std::get_if<TextFileContents>(&original);
    const auto* b = std::get_if<TextFileContents>(&current);
    if (!a || !b || a->text != b->text) return true;
  }
  return false;
}

SpecDocument* ProjectController::mappingDocument() const {
  // The load found it on the worker; until the next load ends, a document that has just gained
  // or lost its `mapping:` keeps the answer of the last one.
  if (!last_) return nullptr;
  const QString path = last_->mappingPath();
  if (path.isEmpty()) return nullptr;
  for (SpecDocument* d : documents_->documents())
    if (loadPath(d) == path) return d;
  return nullptr;
}

void ProjectController::setCommandLineAssignments(const QStringList& assignments) {
  commandLine_ = assignments;
  emit variablesChanged();
}

void ProjectController::setVariableValue(const QString& name, const QString& value) {
  if (value.isEmpty())
    typed_.remove(name);
  else
    typed_[name] = value;
}

void ProjectController::setVariableValues(const QMap<QString, QString>& values) {
  for (auto it = values.cbegin(); it != values.cend(); ++it) setVariableValue(it.key(), it.value());
  emit variablesChanged();
  revalidate();
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
  revalidateQueued_ = false;
  // Snapshot on the GUI thread: plain strings only cross to the worker.
  LoadRequest request;
  for (const SpecDocument* d : documents_->documents()) {
    const std::string path = loadPath(d).toStdString();
    request.inputs.files.push_back(path);
    if (d->isModified() || d->isUntitled()) request.inputs.unsaved[path] = d->text().toStdString();
  }
  if (request.inputs.files.empty()) {
    // Nothing to load: no results, rather than those of files no longer open.
    clearResults();
    return;
  }
  for (const QString& a : assignments()) request.inputs.assignments.push_back(a.toStdString());
  request.inputs.component_costs = componentCosts_.toStdString();
  for (const QString& c : pricedByModel_) request.inputs.priced_by_model.insert(c.toStdString());
  request.inputs.cim = cim_;
  load_.start([request = std::move(request)](QPromise<ProjectResultPtr>&, std::stop_token stop) {
    return runLoad(request, stop);
  });
  emit loadingChanged(true);
}

void ProjectController::stopLoad() { load_.stop(); }

QString ProjectController::loadPath(const SpecDocument* document) const {
  if (!document->isUntitled()) return document->path();
  // An untitled text loads as if saved beside the project's first file (its includes resolve
  // there); nothing is written.
  QString folder = QDir::currentPath();
  for (const SpecDocument* d : documents_->documents())
    if (!d->isUntitled()) {
      folder = QFileInfo(d->path()).absolutePath();
      break;
    }
  return QDir(folder).filePath(document->displayName() + QStringLiteral(".yaml"));
}

SpecDocument* ProjectController::replaceMapping(const QString& section) {
  SpecDocument* document = mappingDocument();
  if (document) {
    document->setText(QString::fromStdString(
        mapping_edit::replace_mapping_section(document->text().toStdString(), section.toStdString(), true)));
  } else {
    document = documents_->newUntitled();
    document->setText(section);
    emit projectChanged();
  }
  revalidate();
  return document;
}

void ProjectController::onLoaded(int generation, ProjectResultPtr result) {
  auto copy = std::make_shared<ProjectResult>(*result);
  copy->generation = generation;
  last_ = copy;
  if (last_->valid()) {
    lastValid_ = last_;
    mapperSettings_->setSpecOptions(last_->workspace->mapper_options());
  }
  if (last_->evaluation) lastEvaluated_ = last_;
  const auto& vars = last_->workspace->template_variables();
  const bool varsChanged =
      vars.size() != variables_.size() ||
      !std::equal(vars.begin(), vars.end(), variables_.begin(), [](const auto& a, const auto& b) {
        return a.name == b.name && a.default_text == b.default_text && a.files == b.files && a.line == b.line;
      });
  variables_ = vars;
  emit loadingChanged(load_.busy());
  if (varsChanged) emit variablesChanged();
  publish();
  emit specLoaded(last_);
  if (last_->evaluation) emit evaluated(last_);
}

void ProjectController::publish() {
  // Fresh when the newest load has it; else the last good one of these files, dimmed; else
  // nothing. lastValid_ and lastEvaluated_ are of the current file set only (onFileSetChanged).
  if (last_->valid()) {
    QStringList tensors;
    for (const auto& t : last_->spec()->workload.workload.tensor_names())
      tensors << QString::fromStdString(t);
    palette_.assign(tensors);
    emit specPublished(last_, Freshness::Fresh);
  } else {
    emit specPublished(lastValid_, lastValid_ ? Freshness::Stale : Freshness::Cleared);
  }
  if (last_->evaluation)
    emit evaluationPublished(last_, Freshness::Fresh);
  else
    emit evaluationPublished(lastEvaluated_, lastEvaluated_ ? Freshness::Stale : Freshness::Cleared);
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
  // The cache follows the project's files: a re-load of them keeps it, other files clear it.
  std::string project;
  for (const auto& file : workspace->inputs().files) project += file + '\n';
  mapCache_->use_for(project);
  map_.start([workspace, options, observer, notify, cache = mapCache_](QPromise<MapRunPtr>& promise,
                                                                       std::stop_token stop) {
    int events = 0;
    // Qt coalesces progress signals (at most ~25 per second); the value only has to change.
    *notify = [&promise, &events] { promise.setProgressValue(++events); };
    promise.setProgressRange(0, std::numeric_limits<int>::max());
    const auto start = std::chrono::steady_clock::now();
    auto run = std::make_shared<MapRun>();
    run->workspace = workspace;
    run->options = options;
    run->result = workspace->map(options, observer.get(), stop, cache.get());
    run->seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    *notify = nullptr;
    observer->finish(run->result);
    return MapRunPtr(run);
  });
  emit mapperStarted();
  emit mappingChanged(true);
}

void ProjectController::stopMapper() { map_.stop(); }

void ProjectController::stopAll() {
  stopLoad();
  stopMapper();
  emit stopRequested();
}

void ProjectController::onMapperProgress() {
  if (!observer_) return;
  emit mapperProgress(observer_->progress());
  emit frontChanged(observer_->front());
}

}  // namespace af::ui
