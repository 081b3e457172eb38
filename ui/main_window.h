#pragma once
// The explorer's window. It lays out a table of pages (pages/page_table.h: the centre's tabs and
// the docks, each with its views, actions and how it is built), builds the window-wide menus
// (File, Edit, Examples, Run, View, Help) and adds each page's actions to them. It wires nothing
// page-specific: each page connects itself through its PageContext, and every view follows the
// ProjectController's signals (ui/README: Conventions). The project flows are ProjectActions',
// the Edit menu EditActions', the Help menu HelpActions'.
#include <QMainWindow>
#include <memory>

#include "controller/project_result.h"
#include "pages/page_ids.h"
#include "pages/page_table.h"
#include "project_prompts.h"

class QAction;
class QDockWidget;
class QMenu;
class QToolBar;
class QProgressBar;
class QListWidget;
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
class FileActions;
class FindBar;
class HelpActions;
class HistoryDock;
class HistorySession;
class InspectorDock;
class MappingSync;
class MappingTreeModel;
class MappingTreeView;
class PageContext;
class PinnedMapping;
class PlaybackView;
class PlotsDock;
class ProjectActions;
class ProjectController;
class SpecDocument;
class StatusLine;
class SweepSession;
class VariablesPane;
class WorkloadView;

class MainWindow : public QMainWindow {
  Q_OBJECT
 public:
  explicit MainWindow(PageTable pages = defaultPages(), QWidget* parent = nullptr);
  ~MainWindow() override;

  // Object names of the docks, stable for tests and saved layouts.
  static constexpr const char* kProjectDock = page_ids::kProjectDock;
  static constexpr const char* kInspectorDock = page_ids::kInspectorDock;
  static constexpr const char* kPlotsDock = page_ids::kPlotsDock;
  static constexpr const char* kDiagnosticsDock = page_ids::kDiagnosticsDock;
  static constexpr const char* kMapperDock = page_ids::kMapperDock;
  static constexpr const char* kSweepDock = page_ids::kSweepDock;
  static constexpr const char* kHistoryDock = page_ids::kHistoryDock;
  // The status line while no file is open.
  [[nodiscard]] static QString noSpecText();

  // Replaces the project with these spec files (they form one spec, in order), without asking:
  // for the command line. Returns the problems, one per file.
  QStringList openFiles(const QStringList& paths);
  // Jinja data for every file, as `--set NAME=VALUE` gives it.
  void setAssignments(const QStringList& assignments);
  // Brings a view of the page table to the front. Returns false for an unknown name.
  bool showView(const QString& name);
  [[nodiscard]] const PageTable& pages() const { return pages_; }
  // The widget a page built (its id: pages/page_ids.h), and its dock; null for an unknown id.
  [[nodiscard]] QWidget* page(const QString& id) const;
  [[nodiscard]] QDockWidget* dock(const QString& id) const;
  // A page is still computing what it shows (Page::settling): a screenshot waits for it.
  [[nodiscard]] bool settling() const;
  // Offers to restore the unsaved edits of a session that did not close cleanly.
  void offerAutosaveRestore();
  // Replaces the dialogs of the project flows (tests); empty members keep the defaults.
  void setPrompts(ProjectPrompts prompts);

  // The parts, for tests, main() and screenshots (main_window_parts.cpp).
  [[nodiscard]] ProjectController* controller() const { return controller_; }
  [[nodiscard]] ProjectActions* projectActions() const { return projectActions_; }
  [[nodiscard]] FileActions* fileActions() const { return fileActions_; }
  [[nodiscard]] EditActions* editActions() const { return editActions_; }
  [[nodiscard]] HelpActions* helpActions() const { return helpActions_; }
  [[nodiscard]] DockLayout* dockLayout() const { return dockLayout_; }
  [[nodiscard]] QTabWidget* centralTabs() const { return centralTabs_; }
  [[nodiscard]] EditorTabs* editorTabs() const;
  [[nodiscard]] FindBar* findBar() const;
  [[nodiscard]] QProgressBar* progressBar() const;
  [[nodiscard]] DocumentSet* documents() const;
  [[nodiscard]] PlotsDock* plotsDock() const;
  [[nodiscard]] AccessesPlot* accessesPlot() const;
  [[nodiscard]] AccessesModel* accessesModel() const;
  [[nodiscard]] CompareView* compareView() const;
  [[nodiscard]] PinnedMapping* pinnedMapping() const;
  [[nodiscard]] DiagnosticsModel* diagnosticsModel() const;
  [[nodiscard]] ExploreSession* explore() const;
  [[nodiscard]] SweepSession* sweeps() const;
  [[nodiscard]] HistorySession* history() const;
  [[nodiscard]] PlaybackView* playbackView() const;
  [[nodiscard]] HistoryDock* historyDock() const;
  [[nodiscard]] InspectorDock* inspector() const;
  [[nodiscard]] MappingTreeModel* mappingModel() const;
  [[nodiscard]] MappingTreeView* mappingTree() const;
  [[nodiscard]] MappingSync* mappingSync() const;
  [[nodiscard]] ArchitectureView* architectureView() const;
  [[nodiscard]] WorkloadView* workloadView() const;
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
  void placePages();
  void buildMenus();
  void addPageActions();
  [[nodiscard]] QMenu* menuAt(const QString& path);

  PageTable pages_;
  ProjectController* controller_ = nullptr;
  std::unique_ptr<PageContext> context_;
  QTabWidget* centralTabs_ = nullptr;
  FileActions* fileActions_ = nullptr;
  ProjectActions* projectActions_ = nullptr;
  EditActions* editActions_ = nullptr;
  DockLayout* dockLayout_ = nullptr;
  HelpActions* helpActions_ = nullptr;
  StatusLine* status_ = nullptr;
  QToolBar* toolbar_ = nullptr;
  QAction* stopAction_ = nullptr;
};

}  // namespace af::ui
