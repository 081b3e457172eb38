#pragma once
// The explorer's window: editors in the centre with the drawn architecture and workload and
// the mapper's results, the project (files, Jinja variables) on the left, the mapping tree and
// loop nest on the right, plots and diagnostics below (ui/README: Conventions). Layout, menus and
// actions only. The ProjectController owns the documents, the Jinja data and the engine jobs
// and publishes each result with its freshness; every dock and view connects itself to the
// signals it draws (docks/, explore/ExploreSession), so no result passes through here. The
// project flows (open, examples, close all, restore) are ProjectActions', the Edit menu
// EditActions', the Help menu HelpActions'.
#include <QMainWindow>

#include "controller/project_result.h"
#include "project_prompts.h"

class QListWidget;
class QProgressBar;
class QTabWidget;

namespace af::ui {

class AccessesModel;
class AccessesPlot;
class ArchitectureView;
class CompareView;
class DiagnosticsModel;
class DockLayout;
class DocumentSet;
class EditActions;
class EditorTabs;
class ExploreSession;
class SweepSession;
class HistorySession;
class HistoryDock;
class PlaybackView;
class FileActions;
class FindBar;
class HelpActions;
class InspectorDock;
class MappingSync;
class MappingTreeModel;
class MappingTreeView;
class PinnedMapping;
class PlotsDock;
class ProjectActions;
class ProjectController;
class ProjectDock;
class SpecDocument;
class StatusLine;
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
  static constexpr const char* kSweepDock = "sweepDock";
  static constexpr const char* kHistoryDock = "historyDock";
  // The status line while no file is open.
  [[nodiscard]] static QString noSpecText();

  // Replaces the project with these spec files (they form one spec, in order), without asking:
  // for the command line. Returns the problems, one per file.
  QStringList openFiles(const QStringList& paths);
  // Jinja data for every file, as `--set NAME=VALUE` gives it.
  void setAssignments(const QStringList& assignments);
  // Brings a view to the front: editors, architecture, workload, accesses, occupancy,
  // latency, table, pareto or funnel. Returns false for an unknown name.
  bool showView(const QString& name);
  [[nodiscard]] static QStringList viewNames();
  // Offers to restore the unsaved edits of a session that did not close cleanly.
  void offerAutosaveRestore();
  // Replaces the dialogs of the project flows (tests); empty members keep the defaults.
  void setPrompts(ProjectPrompts prompts);

  // The parts, for tests, main() and screenshots.
  [[nodiscard]] EditorTabs* editorTabs() const { return tabs_; }
  [[nodiscard]] QTabWidget* centralTabs() const { return centralTabs_; }
  [[nodiscard]] QProgressBar* progressBar() const;
  [[nodiscard]] ProjectController* controller() const { return controller_; }
  [[nodiscard]] ProjectActions* projectActions() const { return projectActions_; }
  [[nodiscard]] FileActions* fileActions() const { return fileActions_; }
  [[nodiscard]] EditActions* editActions() const { return editActions_; }
  [[nodiscard]] HelpActions* helpActions() const { return helpActions_; }
  [[nodiscard]] FindBar* findBar() const { return findBar_; }
  [[nodiscard]] DockLayout* dockLayout() const { return dockLayout_; }
  [[nodiscard]] DocumentSet* documents() const;
  [[nodiscard]] PlotsDock* plotsDock() const { return plots_; }
  [[nodiscard]] AccessesPlot* accessesPlot() const;
  [[nodiscard]] AccessesModel* accessesModel() const;
  [[nodiscard]] CompareView* compareView() const;
  [[nodiscard]] PinnedMapping* pinnedMapping() const;
  [[nodiscard]] DiagnosticsModel* diagnosticsModel() const { return diagnostics_; }
  [[nodiscard]] ExploreSession* explore() const { return explore_; }
  [[nodiscard]] SweepSession* sweeps() const { return sweeps_; }
  [[nodiscard]] HistorySession* history() const { return history_; }
  [[nodiscard]] PlaybackView* playbackView() const { return playback_; }
  [[nodiscard]] HistoryDock* historyDock() const { return historyDock_; }
  [[nodiscard]] InspectorDock* inspector() const { return inspector_; }
  [[nodiscard]] MappingTreeModel* mappingModel() const;
  [[nodiscard]] MappingTreeView* mappingTree() const;
  [[nodiscard]] MappingSync* mappingSync() const;
  [[nodiscard]] ArchitectureView* architectureView() const { return archView_; }
  [[nodiscard]] WorkloadView* workloadView() const { return workloadView_; }
  [[nodiscard]] QListWidget* projectFiles() const;
  [[nodiscard]] VariablesPane* variablesPane() const;
  [[nodiscard]] QString specStateText() const;
  [[nodiscard]] SpecDocument* mappingDocument() const;

 public slots:
  void revalidate();

 signals:
  // A load result reached every view the window made (they subscribed before this signal was
  // connected): tests and --screenshot wait for it.
  void resultApplied(const af::ui::ProjectResultPtr& result);
  // Every view went back to its empty state (no file open, or the project was replaced).
  void resultsCleared();

 protected:
  void closeEvent(QCloseEvent* event) override;

 private:
  void buildCentre();
  void buildDocks();
  void buildMenus();
  void connectViews();
  void resetLayout();

  ProjectController* controller_ = nullptr;
  EditorTabs* tabs_ = nullptr;
  FindBar* findBar_ = nullptr;
  QWidget* editorsPage_ = nullptr;
  QWidget* exploreView_ = nullptr;
  FileActions* fileActions_ = nullptr;
  ProjectActions* projectActions_ = nullptr;
  EditActions* editActions_ = nullptr;
  DockLayout* dockLayout_ = nullptr;
  HelpActions* helpActions_ = nullptr;
  QTabWidget* centralTabs_ = nullptr;
  ArchitectureView* archView_ = nullptr;
  WorkloadView* workloadView_ = nullptr;
  ProjectDock* project_ = nullptr;
  InspectorDock* inspector_ = nullptr;
  PlotsDock* plots_ = nullptr;
  DiagnosticsModel* diagnostics_ = nullptr;
  ExploreSession* explore_ = nullptr;
  SweepSession* sweeps_ = nullptr;
  HistorySession* history_ = nullptr;
  HistoryDock* historyDock_ = nullptr;
  PlaybackView* playback_ = nullptr;
  StatusLine* status_ = nullptr;
};

}  // namespace af::ui
