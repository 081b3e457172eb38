#pragma once
// The window's controller: owns the open documents, their autosave, the Jinja data, the
// bundled examples and the engine jobs, and tells the views what happened through typed
// signals. Every engine call goes through af::Workspace on a worker thread (Qt Concurrent
// with the engine's stop token); the GUI thread only snapshots texts and applies results.
#include <QMap>
#include <QObject>
#include <QStringList>
#include <QThreadPool>
#include <memory>
#include <vector>

#include "controller/job_slot.h"
#include "controller/mapper_run.h"
#include "controller/project_result.h"
#include "editors/file_error.h"
#include "text/jinja/template_variables.h"

namespace af::ui {

class Autosaver;
class DocumentSet;
class LiveMapperObserver;

class ProjectController : public QObject {
  Q_OBJECT
 public:
  // `autosaveDirectory` empty: the default autosave folder.
  explicit ProjectController(QObject* parent = nullptr, const QString& autosaveDirectory = {});
  ~ProjectController() override;

  [[nodiscard]] DocumentSet* documents() const { return documents_; }
  [[nodiscard]] Autosaver* autosaver() const { return autosaver_; }

  // --- the project --------------------------------------------------------------------------
  // Adds files to the project (merge order = order given). One error per file not opened.
  QList<FileError> openFiles(const QStringList& paths);
  // Copies a bundled example (":/examples/NAME") to a writable folder and adds its files.
  QList<FileError> openExample(const QString& name);
  [[nodiscard]] static QStringList exampleNames();
  // The document holding the top-level `mapping:` section, or nullptr.
  [[nodiscard]] class SpecDocument* mappingDocument() const;

  // --- Jinja data -------------------------------------------------------------------------
  // From the command line (`--set`); values typed in the variables pane win.
  void setCommandLineAssignments(const QStringList& assignments);
  [[nodiscard]] const QStringList& commandLineAssignments() const { return commandLine_; }
  // A value typed in the variables pane (empty removes it).
  void setVariableValue(const QString& name, const QString& value);
  [[nodiscard]] const QMap<QString, QString>& variableValues() const { return typed_; }
  // Command-line values overridden by typed ones: what every file renders with.
  [[nodiscard]] QStringList assignments() const;
  // The variables the files read, from the last load (the real Jinja parser).
  [[nodiscard]] const std::vector<spec::TemplateVariable>& templateVariables() const { return variables_; }

  // `FILE[#SECTION]` component-cost table; empty = none.
  void setComponentCosts(const QString& table) { componentCosts_ = table; }

  // --- jobs ---------------------------------------------------------------------------------
  [[nodiscard]] bool loading() const { return load_.busy(); }
  [[nodiscard]] bool mapping() const { return map_.busy(); }
  [[nodiscard]] bool busy() const { return loading() || mapping(); }
  [[nodiscard]] const ProjectResultPtr& lastResult() const { return last_; }
  [[nodiscard]] const ProjectResultPtr& lastValidResult() const { return lastValid_; }
  [[nodiscard]] const MapRunPtr& lastRun() const { return lastRun_; }
  // Asks every job to stop and waits up to `ms` for the workers; false if one still runs.
  bool shutdown(int ms);

 public slots:
  // Snapshots the documents and loads + evaluates them; a load in flight is superseded.
  void revalidate();
  // Maps the last valid spec with these options; a run in flight is stopped first.
  void startMapper(const af::mapper::MapperOptions& options);
  void stopMapper();
  void stopLoad();

 signals:
  void projectChanged();                                      // files opened, closed or reordered
  void variablesChanged();                                    // the template variables changed
  void specLoaded(const af::ui::ProjectResultPtr& result);    // after every load
  void evaluated(const af::ui::ProjectResultPtr& result);     // the result has an evaluation
  void loadingChanged(bool loading);
  void mapperStarted();
  void mapperProgress(const af::ui::MapperProgressPtr& progress);
  void frontChanged(const af::ui::FrontSnapshotPtr& front);
  void mapped(const af::ui::MapRunPtr& run);                  // finished (run->result.cancelled if stopped)
  void mappingChanged(bool running);
  void failed(const QString& what);                           // a job threw: an engine bug

 private:
  void onLoaded(int generation, ProjectResultPtr result);
  void onMapperProgress();

  DocumentSet* documents_;
  Autosaver* autosaver_;
  QThreadPool pool_;
  JobSlot<ProjectResultPtr> load_;
  JobSlot<MapRunPtr> map_;
  std::shared_ptr<LiveMapperObserver> observer_;  // of the running map job
  QStringList commandLine_;
  QMap<QString, QString> typed_;
  QString componentCosts_;
  std::vector<spec::TemplateVariable> variables_;
  ProjectResultPtr last_, lastValid_;
  MapRunPtr lastRun_;
};

}  // namespace af::ui
