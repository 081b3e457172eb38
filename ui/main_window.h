#pragma once
// The explorer's window: editors in the centre with the drawn architecture and workload,
// the project (files, Jinja variables) on the left, the mapping tree and loop nest on the
// right, plots and diagnostics below (docs/GUI.md). Layout, menus and actions only: the
// documents, the Jinja data and the engine jobs belong to the ProjectController, whose
// signals the views follow; the project flows (open, examples, close all, restore) are
// ProjectActions', the Edit menu EditActions', the Help menu HelpActions'.
#include <QMainWindow>

#include "controller/project_result.h"
#include "models/tensor_palette.h"
#include "project_prompts.h"

class QLabel;
class QListWidget;
class QProgressBar;
class QStackedWidget;
class QTabWidget;

namespace af::ui {

class AccessesModel;
class AccessesPlot;
class ArchitectureView;
class DiagnosticsModel;
class DockLayout;
class DocumentSet;
class EditActions;
class CompareView;
class EditorTabs;
class ExploreSession;
class FileActions;
class FindBar;
class HelpActions;
class LoopNestView;
class MappingSync;
class MappingTreeModel;
class MappingTreeView;
class PinnedMapping;
class ProjectActions;
class ProjectController;
class SpecDocument;
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
  static constexpr const char* kMapperDock = "mapperDock";
  // The status line while no file is open.
  [[nodiscard]] static QString noSpecText();

  // Replaces the project with these spec files (they form one spec, in order), without asking:
  // for the command line. Returns the problems, one per file.
  QStringList openFiles(const QStringList& paths);
  // Jinja data for every file, as `--set NAME=VALUE` gives it.
  void setAssignments(const QStringList& assignments);
  // Brings a view to the front: editors, architecture, workload, accesses, occupancy,
  // latency or table. Returns false for an unknown name.
  bool showView(const QString& name);
  [[nodiscard]] static QStringList viewNames();
  // Offers to restore the unsaved edits of a session that did not close cleanly.
  void offerAutosaveRestore();
  // Replaces the dialogs of the project flows (tests); empty members keep the defaults.
  void setPrompts(ProjectPrompts prompts);

  [[nodiscard]] EditorTabs* editorTabs() const { return tabs_; }
  [[nodiscard]] QTabWidget* centralTabs() const { return centralTabs_; }
  [[nodiscard]] QProgressBar* progressBar() const { return progress_; }
  [[nodiscard]] ProjectController* controller() const { return controller_; }
  [[nodiscard]] ProjectActions* projectActions() const { return projectActions_; }
  [[nodiscard]] FileActions* fileActions() const { return fileActions_; }
  [[nodiscard]] EditActions* editActions() const { return editActions_; }
  [[nodiscard]] HelpActions* helpActions() const { return helpActions_; }
  [[nodiscard]] FindBar* findBar() const { return findBar_; }
  [[nodiscard]] DockLayout* dockLayout() const { return dockLayout_; }
  [[nodiscard]] DocumentSet* documents() const;
  [[nodiscard]] AccessesPlot* accessesPlot() const { return plot_; }
  [[nodiscard]] AccessesModel* accessesModel() const { return accessesModel_; }
  [[nodiscard]] DiagnosticsModel* diagnosticsModel() const { return diagnostics_; }
  [[nodiscard]] ExploreSession* explore() const { return explore_; }
  [[nodiscard]] CompareView* compareView() const { return compare_; }
  [[nodiscard]] PinnedMapping* pinnedMapping() const { return pin_; }
  [[nodiscard]] MappingTreeModel* mappingModel() const { return mappingModel_; }
  [[nodiscard]] MappingTreeView* mappingTree() const { return tree_; }
  [[nodiscard]] MappingSync* mappingSync() const { return mappingSync_; }
  [[nodiscard]] ArchitectureView* architectureView() const { return archView_; }
  [[nodiscard]] WorkloadView* workloadView() const { return workloadView_; }
  [[nodiscard]] QListWidget* projectFiles() const { return fileList_; }
  [[nodiscard]] VariablesPane* variablesPane() const { return variables_; }
  [[nodiscard]] QString specStateText() const;
  [[nodiscard]] SpecDocument* mappingDocument() const;

 public slots:
  void revalidate();

 signals:
  // A load result reached every view (tests and --screenshot wait for it).
  void resultApplied(const af::ui::ProjectResultPtr& result);
  // Every view went back to its empty state (no file open, or the project was replaced).
  void resultsCleared();

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
  void clearResults();
  void showDiagnostics(const ProjectResult& result);
  void onDocumentSettled(SpecDocument* document);
  void refreshProject();
  void updateVariables();
  void updateInspectorState();

  TensorPalette palette_;
  bool updatingVariables_ = false;
  ProjectController* controller_ = nullptr;
  EditorTabs* tabs_ = nullptr;
  FindBar* findBar_ = nullptr;
  QWidget* editorsPage_ = nullptr;
  FileActions* fileActions_ = nullptr;
  ProjectActions* projectActions_ = nullptr;
  EditActions* editActions_ = nullptr;
  DockLayout* dockLayout_ = nullptr;
  HelpActions* helpActions_ = nullptr;
  QTabWidget* centralTabs_ = nullptr;
  ArchitectureView* archView_ = nullptr;
  WorkloadView* workloadView_ = nullptr;
  QListWidget* fileList_ = nullptr;
  VariablesPane* variables_ = nullptr;
  QStackedWidget* inspector_ = nullptr;
  QLabel* inspectorEmpty_ = nullptr;
  MappingTreeModel* mappingModel_ = nullptr;
  MappingSync* mappingSync_ = nullptr;
  MappingTreeView* tree_ = nullptr;
  LoopNestView* loopNest_ = nullptr;
  AccessesPlot* plot_ = nullptr;
  AccessesModel* accessesModel_ = nullptr;
  DiagnosticsModel* diagnostics_ = nullptr;
  ExploreSession* explore_ = nullptr;
  CompareView* compare_ = nullptr;
  PinnedMapping* pin_ = nullptr;  // the one pin: Compare tab, accesses plot and table follow it
  QLabel* specState_ = nullptr;
  QLabel* jobState_ = nullptr;
  QProgressBar* progress_ = nullptr;
};

}  // namespace af::ui
