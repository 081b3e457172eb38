#pragma once
// The window's controller: owns the open documents, their autosave, the Jinja data, the
// bundled examples and the engine jobs, and publishes their results through one typed signal
// per result, with its freshness (KDAB Hotspot's shape: each view connects itself to the
// signals it draws; the window only places the views). Every engine call goes through
// af::Workspace on a worker thread (Qt Concurrent with the engine's stop token); the GUI
// thread only snapshots texts and applies results.
#include <QMap>
#include <QObject>
#include <QStringList>
#include <QThreadPool>
#include <memory>
#include <vector>

#include "controller/freshness.h"
#include "controller/job_slot.h"
#include "controller/mapper_run.h"
#include "controller/project_result.h"
#include "editors/file_error.h"
#include "models/tensor_palette.h"
#include "workspace/project_file.h"
#include "workspace/spec_variable.h"
#include "workspace/workspace.h"

namespace af::ui {

class Autosaver;
class DocumentSet;
struct AutosaveProject;
class LiveMapperObserver;
class MapperSettings;
class SpecDocument;

}  // namespace af::ui

namespace af::mapper {
class MapCache;
}

namespace af::ui {

class ProjectController : public QObject {
  Q_OBJECT
 public:
  // `autosaveDirectory` empty: the default autosave folder.
  explicit ProjectController(QObject* parent = nullptr, const QString& autosaveDirectory = {});
  ~ProjectController() override;

  [[nodiscard]] DocumentSet* documents() const { return documents_; }
  [[nodiscard]] Autosaver* autosaver() const { return autosaver_; }
  // The mapper's settings: each valid load gives it the spec's `mapper:` section; a project
  // file, a stored run, the Mapper pane and launch flags make choices in it.
  [[nodiscard]] MapperSettings* mapperSettings() const { return mapperSettings_; }

  // --- the project ------------------------------------------------------------------------
  // The project is the open files, in merge order. Replacing or closing it drops the documents
  // without asking (the window asks first) and forgets its results, runs and typed values;
  // each change re-validates on its own.
  // Replaces the project with these files. One error per file not opened.
  QList<FileError> openProject(const QStringList& paths);
  // Adds files to the project (after its files).
  QList<FileError> openFiles(const QStringList& paths);
  // Replaces the project with the one a project file (.afproj) describes: its files, variable
  // values, cost table and mapper settings. The file is read and parsed on a worker; then
  // projectFileOpened says how it went. A file that does not read changes nothing.
  void openProjectFile(const QString& path);
  // Writes the project (files, the values in force, cost table, the user's mapper settings) as
  // a project file. Returns why not (an untitled file, an unwritable path), or an empty string.
  QString saveProjectFile(const QString& path);
  // The project file the project was opened from or saved to; empty if none.
  [[nodiscard]] const QString& projectFilePath() const { return projectFilePath_; }
  // Replaces the project with a bundled example, copied out to examplesDirectory() first (the
  // engine reads real files) unless a copy is already there: edits to it are kept.
  QList<FileError> openExample(const QString& name);
  // Overwrites the example's copy with the bundled files, then opens it.
  QList<FileError> revertExample(const QString& name);
  // Replaces the project with one left by a session that did not close cleanly.
  QList<FileError> restoreProject(const AutosaveProject& project);
  void closeProject();

  [[nodiscard]] static QStringList exampleNames();
  // Where the bundled examples are read from: the installed copy (the .deb puts it in
  // /usr/share/accelforge-explorer/examples, beside the CLI's users) when there is one, else the
  // copy compiled into the program (":/examples", for a build tree).
  [[nodiscard]] static QString examplesSource();
  // Where examples are copied to (AppDataLocation/examples unless set, e.g. by tests).
  [[nodiscard]] QString examplesDirectory() const;
  void setExamplesDirectory(const QString& directory) { examplesDirectory_ = directory; }
  // The example whose copy the project is, or empty.
  [[nodiscard]] QString currentExample() const;
  // The example's copy differs from the bundled files, on disk or in an open editor.
  [[nodiscard]] bool exampleEdited(const QString& name) const;
  // The document holding the top-level `mapping:` section, as the last load found it (the
  // workspace reads the texts on the worker), or nullptr.
  [[nodiscard]] SpecDocument* mappingDocument() const;

  // Puts `section` ("mapping:\n  nodes: ...") into the project: it replaces the mapping
  // document's section (one undoable edit; the rest of the file is kept) or becomes a new
  // untitled document. Revalidates. Returns the document.
  SpecDocument* replaceMapping(const QString& section);
  // Where a document loads from: its path, or for an untitled one a path beside the project.
  [[nodiscard]] QString loadPath(const SpecDocument* document) const;

  // --- Jinja data -------------------------------------------------------------------------
  // From the command line (`--set`); values typed in the variables pane win.
  void setCommandLineAssignments(const QStringList& assignments);
  [[nodiscard]] const QStringList& commandLineAssignments() const { return commandLine_; }
  // A value typed in the variables pane (empty removes it).
  void setVariableValue(const QString& name, const QString& value);
  [[nodiscard]] const QMap<QString, QString>& variableValues() const { return typed_; }
  // Types these values at once (a sweep point opened): the variables pane shows them, and the
  // spec re-validates with them.
  void setVariableValues(const QMap<QString, QString>& values);
  // Command-line values overridden by typed ones: what every file renders with.
  [[nodiscard]] QStringList assignments() const;
  // The variables the files read, from the last load (the real Jinja parser).
  [[nodiscard]] const std::vector<SpecVariable>& templateVariables() const { return variables_; }

  // `FILE[#SECTION]` component-cost table; empty = none.
  // FILE#SECTION (as --component-costs); empty for none. Takes effect at the next revalidate().
  void setComponentCosts(const QString& table);
  [[nodiscard]] const QString& componentCosts() const { return componentCosts_; }
  // Components priced by their model although the cost table lists them (a stale entry: the
  // table was made for another design); "*" for every one. Kept in the project file.
  void setPricedByModel(const QStringList& components);
  [[nodiscard]] const QStringList& pricedByModel() const { return pricedByModel_; }
  // Adds one component to them and re-validates (the Architecture view's offer).
  void priceWithModel(const QString& component);
  // The nodes AccelForge's compute-in-memory loader may add on top (--cim-main-memory,
  // --cim-macros). Kept in the project file; takes effect at the next revalidate().
  void setCimOpening(const loader::CimOpening& cim);
  [[nodiscard]] const loader::CimOpening& cimOpening() const { return cim_; }

  // --- jobs ---------------------------------------------------------------------------------
  [[nodiscard]] bool loading() const { return load_.busy(); }
  [[nodiscard]] bool mapping() const { return map_.busy(); }
  [[nodiscard]] bool busy() const { return loading() || mapping(); }
  [[nodiscard]] const ProjectResultPtr& lastResult() const { return last_; }
  // Of the current file set only: opening or closing a file forgets them.
  [[nodiscard]] const ProjectResultPtr& lastValidResult() const { return lastValid_; }
  [[nodiscard]] const ProjectResultPtr& lastEvaluatedResult() const { return lastEvaluated_; }
  [[nodiscard]] const MapRunPtr& lastRun() const { return lastRun_; }
  // What each map keeps for the next (the per-Einsum searches, the join): a re-map after an
  // edit re-runs only the stages whose inputs changed. One project's; forgotten when the
  // project's files change. Shared with the worker that maps.
  [[nodiscard]] const std::shared_ptr<mapper::MapCache>& mapCache() const { return mapCache_; }
  // One colour per tensor of the published spec, for every view that colours tensors.
  [[nodiscard]] const TensorPalette* palette() const { return &palette_; }
  // For the loop nest, which assigns it the tensors of the workload it shows (the same ones).
  [[nodiscard]] TensorPalette* palette() { return &palette_; }
  // Asks every job to stop and waits up to `ms` for the workers; false if one still runs.
  bool shutdown(int ms);

 public slots:
  // Snapshots the documents and loads + evaluates them; a load in flight is superseded. With
  // no saved file to load, the results are cleared instead (resultsCleared).
  void revalidate();
  // Maps the last valid spec with these options; a run in flight is stopped first.
  void startMapper(const af::mapper::MapperOptions& options);
  void stopMapper();
  void stopLoad();
  // Run › Stop: the load, the mapper run and every other job that follows stopRequested.
  void stopAll();

 signals:
  void projectChanged();  // files opened, closed or reordered
  // openProjectFile ended: `error` ("file:line:column: error: field: message") when the project
  // file did not read (the open project stays), else the spec files that did not open.
  void projectFileOpened(const QString& path, const QString& error,
                         const QList<af::ui::FileError>& fileErrors);
  // Run › Stop: jobs other than the load and the mapper run (a sweep) stop too.
  void stopRequested();
  void variablesChanged();       // the template variables or the values they render with changed
  void componentCostsChanged();  // a cost table was attached or detached (componentCosts())
  // After every load, before specLoaded: the spec the drawn views show (architecture,
  // workload, the tree's context). Stale: the last valid spec of these files while the newest
  // has errors; Cleared: none (null result).
  void specPublished(const af::ui::ProjectResultPtr& result, af::ui::Freshness freshness);
  // After every load, before specLoaded: the evaluation the accesses views show. Stale: the
  // last evaluation of these files (dimmed) while the newest has errors or no evaluation.
  void evaluationPublished(const af::ui::ProjectResultPtr& result, af::ui::Freshness freshness);
  // After every load, always fresh: its diagnostics, the mapping file's own section, the status.
  void specLoaded(const af::ui::ProjectResultPtr& result);
  // The project was closed or replaced, or no file is left to load: every view of its results
  // (spec, evaluation, mapper run) returns to its empty state. The published signals say
  // Cleared first.
  void resultsCleared();
  void evaluated(const af::ui::ProjectResultPtr& result);  // the newest load has an evaluation
  void loadingChanged(bool loading);
  void mapperStarted();
  void mapperProgress(const af::ui::MapperProgressPtr& progress);
  void frontChanged(const af::ui::FrontSnapshotPtr& front);
  void mapped(const af::ui::MapRunPtr& run);  // finished (run->result.cancelled if stopped)
  void mappingChanged(bool running);
  void failed(const QString& what);  // a job threw: an engine bug

 private:
  void onLoaded(int generation, ProjectResultPtr result);
  // The dim/clear/keep rule: what each published signal carries after a load.
  void publish();
  // Forgets every result of the project and tells the views (Cleared, then resultsCleared).
  void clearResults();
  void onMapperProgress();
  // The file set changed: results of the old set are no longer "the last valid" ones.
  void onFileSetChanged();
  void scheduleRevalidate();
  [[nodiscard]] QString exampleCopy(const QString& name) const;
  [[nodiscard]] QStringList copyExample(const QString& name, bool overwrite, QList<FileError>& errors) const;

  DocumentSet* documents_;
  Autosaver* autosaver_;
  MapperSettings* mapperSettings_;
  QThreadPool pool_;
  QThreadPool filesPool_;
  // A project file read on a worker: the project, or why it does not read.
  struct ProjectFileRead {
    QString path;
    ProjectFile project;
    QString error;
  };
  using ProjectFileReadPtr = std::shared_ptr<const ProjectFileRead>;
  void applyProjectFile(const ProjectFileRead& read);
  JobSlot<ProjectFileReadPtr> projectFile_;
  JobSlot<ProjectResultPtr> load_;
  QString projectFilePath_;
  JobSlot<MapRunPtr> map_;
  std::shared_ptr<LiveMapperObserver> observer_;  // of the running map job
  QStringList commandLine_;
  QMap<QString, QString> typed_;
  QString componentCosts_;
  QStringList pricedByModel_;
  loader::CimOpening cim_;
  QString examplesDirectory_;
  bool revalidateQueued_ = false;
  std::vector<SpecVariable> variables_;
  ProjectResultPtr last_, lastValid_, lastEvaluated_;
  MapRunPtr lastRun_;
  std::shared_ptr<mapper::MapCache> mapCache_;
  TensorPalette palette_;
};

}  // namespace af::ui
