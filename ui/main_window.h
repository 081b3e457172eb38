#pragma once
// The explorer's window: editors in the centre with the drawn architecture and workload,
// the project (files, Jinja variables) on the left, the mapping tree and loop nest on the
// right, plots and diagnostics below (docs/GUI.md). Layout, menus and actions only: the
// documents, the Jinja data and the engine jobs belong to the ProjectController, whose
// signals the views follow.
#include <QMainWindow>

#include "models/tensor_palette.h"
#include "controller/project_result.h"

class QLabel;
class QListWidget;
class QProgressBar;
class QTabWidget;

namespace af::ui {

class AccessesModel;
class AccessesPlot;
class ArchitectureView;
class DiagnosticsModel;
class DocumentSet;
class EditorTabs;
class FileActions;
class LoopNestView;
class MappingSync;
class MappingTreeModel;
class SpecDocument;
class ProjectController;
class VariablesPane;
class WorkloadView;

class MainWindow : public QMainWindow {
  Q_OBJECT
 public:
  explicit MainWindow(QWidget* parent = nullptr);
  ~MainWindow() override;

  // Object names of the docks, stable for tests and saved layouts.
  static constexpr const char* kProjectDock = "projectDock";
  static constexpr const char* kInspectorDock = "inspectorDock";
  static constexpr const char* kPlotsDock = "plotsDock";
  static constexpr const char* kDiagnosticsDock = "diagnosticsDock";

  // Opens spec files (they form one spec, in order). Returns the problems, one per file.
  QStringList openFiles(const QStringList& paths);
  // Jinja data for every file, as `--set NAME=VALUE` gives it.
  void setAssignments(const QStringList& assignments);
  // Copies a bundled example (":/examples/NAME") to a writable folder and opens it.
  QStringList openExample(const QString& name);
  // Names of the bundled examples, for the gallery.
  [[nodiscard]] static QStringList exampleNames();
  // Brings a view to the front: editors, architecture, workload, accesses, occupancy,
  // latency or table. Returns false for an unknown name.
  bool showView(const QString& name);
  [[nodiscard]] static QStringList viewNames();
  // Offers to restore unsaved edits left by a previous run that did not close cleanly.
  void offerAutosaveRestore();

  [[nodiscard]] EditorTabs* editorTabs() const { return tabs_; }
  [[nodiscard]] QTabWidget* centralTabs() const { return centralTabs_; }
  [[nodiscard]] QProgressBar* progressBar() const { return progress_; }
  [[nodiscard]] ProjectController* controller() const { return controller_; }
  [[nodiscard]] DocumentSet* documents() const;
  [[nodiscard]] AccessesPlot* accessesPlot() const { return plot_; }
  [[nodiscard]] AccessesModel* accessesModel() const { return accessesModel_; }
  [[nodiscard]] DiagnosticsModel* diagnosticsModel() const { return diagnostics_; }
  [[nodiscard]] MappingTreeModel* mappingModel() const { return mappingModel_; }
  [[nodiscard]] MappingSync* mappingSync() const { return mappingSync_; }
  [[nodiscard]] SpecDocument* mappingDocument() const;

 public slots:
  void revalidate();

 signals:
  // A load result reached every view (tests and --screenshot wait for it).
  void resultApplied(const af::ui::ProjectResultPtr& result);

 protected:
  void closeEvent(QCloseEvent* event) override;

 private:
  void buildCentre();
  void buildDocks();
  void buildMenus();
  void buildStatusBar();
  void connectSignals();
  void restoreLayout();
  void saveLayout() const;
  void applyResult(const ProjectResultPtr& result);
  void showDiagnostics(const ProjectResult& result);
  void onDocumentSettled(SpecDocument* document);
  void refreshProject();
  void updateVariables();

  TensorPalette palette_;
  bool updatingVariables_ = false;
  ProjectController* controller_ = nullptr;
  EditorTabs* tabs_ = nullptr;
  FileActions* fileActions_ = nullptr;
  QTabWidget* centralTabs_ = nullptr;
  ArchitectureView* archView_ = nullptr;
  WorkloadView* workloadView_ = nullptr;
  QListWidget* fileList_ = nullptr;
  VariablesPane* variables_ = nullptr;
  MappingTreeModel* mappingModel_ = nullptr;
  MappingSync* mappingSync_ = nullptr;
  LoopNestView* loopNest_ = nullptr;
  AccessesPlot* plot_ = nullptr;
  AccessesModel* accessesModel_ = nullptr;
  DiagnosticsModel* diagnostics_ = nullptr;
  QLabel* specState_ = nullptr;
  QLabel* jobState_ = nullptr;
  QProgressBar* progress_ = nullptr;
};

}  // namespace af::ui
