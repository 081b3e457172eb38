#include "main_window.h"

#include <QCloseEvent>
#include <QDockWidget>
#include <QEvent>
#include <QMenu>
#include <QMenuBar>
#include <QScrollArea>
#include <QSplitter>
#include <QStatusBar>
#include <QTabWidget>
#include <QToolBar>
#include <QToolButton>
#include <QVBoxLayout>
#include <utility>

#include "component_costs_action.h"
#include "controller/project_controller.h"
#include "dock_layout.h"
#include "docks/diagnostics_feed.h"
#include "docks/diagnostics_tab.h"
#include "docks/inspector_dock.h"
#include "docks/plots_dock.h"
#include "docks/project_dock.h"
#include "docks/spec_views.h"
#include "docks/status_line.h"
#include "edit_actions.h"
#include "editors/autosaver.h"
#include "editors/diagnostics_model.h"
#include "editors/diagnostics_view.h"
#include "editors/document_set.h"
#include "editors/editor_tabs.h"
#include "editors/file_actions.h"
#include "editors/find_bar.h"
#include "editors/spec_document.h"
#include "explore/explore_session.h"
#include "explore/funnel_plot.h"
#include "explore/pareto_plot.h"
#include "explore/run_panel.h"
#include "help_actions.h"
#include "history/history_dock.h"
#include "history/history_session.h"
#include "mapping/loop_nest_view.h"
#include "playback/playback_view.h"
#include "plots/accesses_plot.h"
#include "project_actions.h"
#include "sweep/sweep_panel.h"
#include "sweep/sweep_session.h"
#include "views/architecture_view.h"
#include "views/variables_pane.h"
#include "views/workload_view.h"

// af_ui is a static library: its compiled-in resources (icons, examples) must be registered
// by name, from the global namespace, before first use.
static void registerExplorerResources() { Q_INIT_RESOURCE(resources); }

namespace af::ui {

namespace {

QDockWidget* makeDock(QMainWindow* window, const char* objectName, const QString& title, QWidget* content,
                      Qt::DockWidgetArea area) {
  auto* dock = new QDockWidget(title, window);
  dock->setObjectName(objectName);
  dock->setWidget(content);
  window->addDockWidget(area, dock);
  return dock;
}

// The default layout as shares of the window (at 1400x900: 240 and 390 px wide, 400 px high),
// so that it holds from 800x600 up: the editor keeps about half of each dimension, and at
// 1000x700 the accesses plot keeps 200 px. The Inspector and the Mapper pane share the right
// column, the Plots and Diagnostics the bottom (tabbed).
struct DockShare {
  const char* name;
  double share;        // of the width (side docks) or height (bottom docks)
  double heightShare;  // side docks stacked in the right column (0: Qt splits)
};
constexpr DockShare kDockShares[] = {
    {MainWindow::kProjectDock, 0.17, 0},     {MainWindow::kInspectorDock, 0.28, 0.5},
    {MainWindow::kMapperDock, 0.28, 0.45},   {MainWindow::kPlotsDock, 0.45, 0},
    {MainWindow::kDiagnosticsDock, 0.45, 0}, {MainWindow::kHistoryDock, 0.45, 0}};

// Keeps a splitter's panes even as it is laid out and resized, until the user drags its handle
// (setSizes once at construction would split a width that is not yet known, and the layout
// passes that follow give the difference to one side).
class EvenSplit : public QObject {
 public:
  explicit EvenSplit(QSplitter* splitter) : QObject(splitter), splitter_(splitter) {
    connect(splitter, &QSplitter::splitterMoved, this, [this] {
      splitter_->removeEventFilter(this);
      deleteLater();  // the user's split from now on
    });
    splitter->installEventFilter(this);
  }

 protected:
  bool eventFilter(QObject* watched, QEvent* event) override {
    if (watched == splitter_ && (event->type() == QEvent::Show || event->type() == QEvent::Resize ||
                                 event->type() == QEvent::LayoutRequest)) {
      if (splitter_->count() > 0 && splitter_->width() > 0) {
        const int each = splitter_->width() / splitter_->count();
        splitter_->setSizes(QList<int>(splitter_->count(), each));
      }
    }
    return QObject::eventFilter(watched, event);
  }

 private:
  QSplitter* splitter_;
};

}  // namespace

MainWindow::MainWindow(QWidget* parent) : QMainWindow(parent) {
  registerExplorerResources();
  setObjectName("mainWindow");
  setWindowTitle(tr("AccelForge Explorer"));
  setWindowIcon(QIcon(":/icons/accelforge-explorer.svg"));
  setDockOptions(QMainWindow::AnimatedDocks | QMainWindow::AllowTabbedDocks | QMainWindow::AllowNestedDocks);

  controller_ = new ProjectController(this);
  dockLayout_ = new DockLayout(this);
  buildCentre();
  buildDocks();
  buildMenus();
  status_ = new StatusLine(controller_, statusBar());
  connectViews();
  resize(1400, 900);
  dockLayout_->keepAsDefault();
  dockLayout_->restoreSaved();
}

MainWindow::~MainWindow() = default;

QString MainWindow::noSpecText() { return StatusLine::noSpecText(); }
QString MainWindow::specStateText() const { return status_->specStateText(); }
QProgressBar* MainWindow::progressBar() const { return status_->progressBar(); }
DocumentSet* MainWindow::documents() const { return controller_->documents(); }
AccessesPlot* MainWindow::accessesPlot() const { return plots_->accessesPlot(); }
AccessesModel* MainWindow::accessesModel() const { return plots_->accessesModel(); }
CompareView* MainWindow::compareView() const { return plots_->compareView(); }
PinnedMapping* MainWindow::pinnedMapping() const { return plots_->pinnedMapping(); }
MappingTreeModel* MainWindow::mappingModel() const { return inspector_->mappingModel(); }
MappingTreeView* MainWindow::mappingTree() const { return inspector_->tree(); }
MappingSync* MainWindow::mappingSync() const { return inspector_->mappingSync(); }
QListWidget* MainWindow::projectFiles() const { return project_->files(); }
VariablesPane* MainWindow::variablesPane() const { return project_->variables(); }
SpecDocument* MainWindow::mappingDocument() const { return controller_->mappingDocument(); }

void MainWindow::buildCentre() {
  centralTabs_ = new QTabWidget(this);
  centralTabs_->setObjectName("centralTabs");
  centralTabs_->setTabPosition(QTabWidget::South);
  centralTabs_->setDocumentMode(true);
  tabs_ = new EditorTabs(controller_->documents(), centralTabs_);
  tabs_->setEmptyText(
      tr("Open an architecture, a workload and a mapping (File > Open, or drop files here),\n"
         "or pick one from Examples. Then Map (F6) finds the best mappings;\n"
         "the mapping is optional when you map."));
  // The editors and their find bar share the first page.
  editorsPage_ = new QWidget(centralTabs_);
  editorsPage_->setObjectName("editorsPage");
  findBar_ = new FindBar(editorsPage_);
  auto* editorsLayout = new QVBoxLayout(editorsPage_);
  editorsLayout->setContentsMargins(0, 0, 0, 0);
  editorsLayout->setSpacing(0);
  editorsLayout->addWidget(tabs_, 1);
  editorsLayout->addWidget(findBar_);
  archView_ = new ArchitectureView(centralTabs_);
  archView_->setObjectName("architectureView");
  followSpec(controller_, archView_);
  workloadView_ = new WorkloadView(centralTabs_);
  workloadView_->setObjectName("workloadView");
  followSpec(controller_, workloadView_);
  // The front and the funnel are the large plots of a mapper run: side by side in the centre,
  // while the Plots dock shows the accesses of the mapping a click opens.
  auto* explore = new QSplitter(Qt::Horizontal, centralTabs_);
  explore->setObjectName("exploreView");
  explore_ = new ExploreSession(controller_, explore);
  explore->addWidget(explore_->paretoPlot());
  explore->addWidget(explore_->funnelPlot());
  // Halves: a transformer's funnel (a dozen Einsums and their joins) needs the width as much as
  // the front does; once the user drags the handle, their split stays.
  explore->setChildrenCollapsible(false);
  explore->setStretchFactor(0, 1);
  explore->setStretchFactor(1, 1);
  new EvenSplit(explore);  // owned by the splitter
  exploreView_ = explore;
  centralTabs_->addTab(editorsPage_, tr("Editors"));
  centralTabs_->addTab(archView_, tr("Architecture"));
  centralTabs_->addTab(workloadView_, tr("Workload"));
  centralTabs_->addTab(explore, tr("Mapper results"));
  // A sweep's views: every point's front, the sweep plot and the selected point's accesses.
  sweeps_ = new SweepSession(
      controller_, [this] { return explore_->runPanel()->userSettings(); }, centralTabs_);
  centralTabs_->addTab(sweeps_->view(), tr("Sweep results"));
  // The mapping on screen played step by step (teaching).
  playback_ = new PlaybackView(controller_, centralTabs_);
  playback_->setObjectName("playbackView");
  centralTabs_->addTab(playback_, tr("Playback"));
  // The docks give way before the editor drops below a dozen lines of sixty columns.
  centralTabs_->setMinimumSize(360, 220);
  setCentralWidget(centralTabs_);
  // The sweep and playback pages carry their own plots, and at 1400x900 they were squeezed
  // into the space the Plots dock leaves: they get most of the height while they show.
  connect(centralTabs_, &QTabWidget::currentChanged, this, [this] {
    const QWidget* page = centralTabs_->currentWidget();
    dockLayout_->giveCentreHeight(page == sweeps_->view() || page == playback_);
  });
}

void MainWindow::buildDocks() {
  project_ = new ProjectDock(controller_, this);
  makeDock(this, kProjectDock, tr("Project"), project_, Qt::LeftDockWidgetArea)->setMinimumWidth(140);
  inspector_ = new InspectorDock(controller_, this);
  auto* inspectorDock = makeDock(this, kInspectorDock, tr("Inspector"), inspector_, Qt::RightDockWidgetArea);
  inspectorDock->setMinimumWidth(160);
  plots_ = new PlotsDock(controller_, this);
  auto* plotsDock = makeDock(this, kPlotsDock, tr("Plots"), plots_, Qt::BottomDockWidgetArea);
  plotsDock->setMinimumHeight(150);
  // The right column runs the window's full height: the Mapper pane sits under the Inspector,
  // beside the results, and both keep room when the bottom docks grow.
  setCorner(Qt::BottomRightCorner, Qt::RightDockWidgetArea);
  // Scrollable, so the panel's controls never set the window's minimum size (small screens).
  auto* runScroll = new QScrollArea(this);
  runScroll->setWidgetResizable(true);
  runScroll->setFrameShape(QFrame::NoFrame);
  runScroll->setWidget(explore_->runPanel());
  auto* mapperDock = makeDock(this, kMapperDock, tr("Mapper"), runScroll, Qt::RightDockWidgetArea);
  splitDockWidget(inspectorDock, mapperDock, Qt::Vertical);
  auto* sweepScroll = new QScrollArea(this);
  sweepScroll->setWidgetResizable(true);
  sweepScroll->setFrameShape(QFrame::NoFrame);
  sweepScroll->setWidget(sweeps_->panel());
  auto* sweepDock = makeDock(this, kSweepDock, tr("Sweep"), sweepScroll, Qt::RightDockWidgetArea);
  tabifyDockWidget(mapperDock, sweepDock);  // the Mapper pane's settings apply to each point
  mapperDock->raise();

  diagnostics_ = new DiagnosticsModel(this);
  new DiagnosticsFeed(controller_, diagnostics_, tabs_);  // owned by the model
  auto* diagnosticsView = new DiagnosticsView(this);
  diagnosticsView->setObjectName("diagnosticsView");
  diagnosticsView->setModel(diagnostics_);
  connect(diagnosticsView, &DiagnosticsView::jumpTo, this, [this](const QString& path, int line, int column) {
    centralTabs_->setCurrentWidget(editorsPage_);
    tabs_->jumpTo(path, line, column);
  });
  auto* diagDock =
      makeDock(this, kDiagnosticsDock, tr("Diagnostics"), diagnosticsView, Qt::BottomDockWidgetArea);
  diagDock->setMinimumHeight(60);
  tabifyDockWidget(plotsDock, diagDock);
  // The run history: every map and sweep of the window, kept in the run store.
  history_ = new HistorySession(controller_, explore_, sweeps_);
  historyDock_ = new HistoryDock(history_, controller_->palette(), this);
  historyDock_->setObjectName("historyView");
  auto* historyDock = makeDock(this, kHistoryDock, tr("History"), historyDock_, Qt::BottomDockWidgetArea);
  historyDock->setMinimumHeight(60);
  tabifyDockWidget(diagDock, historyDock);
  history_->refresh();
  plotsDock->raise();
  new DiagnosticsTab(controller_, diagnostics_, diagDock, plotsDock);  // owned by the dock
  for (const auto& [name, share, heightShare] : kDockShares)
    dockLayout_->track(findChild<QDockWidget*>(name), share, heightShare);
}

void MainWindow::buildMenus() {
  fileActions_ = new FileActions(tabs_, this);
  projectActions_ = new ProjectActions(controller_, tabs_, this);
  editActions_ = new EditActions(tabs_, findBar_, this);
  // Tree edits are edits of the mapping file: Undo in the Inspector undoes them there.
  editActions_->setInspector(inspector_, [this] { return controller_->mappingDocument(); });

  auto* file = menuBar()->addMenu(tr("&File"));
  file->setObjectName("fileMenu");
  file->addAction(projectActions_->openAction());
  file->addMenu(projectActions_->recentMenu());
  file->addActions(fileActions_->actions());
  file->addAction(projectActions_->saveProjectAction());
  projectActions_->setMapperSettings([this] { return explore_->runPanel()->userSettings(); });
  file->addAction(projectActions_->closeAllAction());
  file->addSeparator();
  auto* costs = new ComponentCostsAction(controller_, this);
  file->addActions({costs->chooseAction(), costs->detachAction()});
  connect(costs, &ComponentCostsAction::message, this,
          [this](const QString& text) { statusBar()->showMessage(text, 10000); });
  file->addSeparator();
  file->addAction(tr("&Quit"), this, &QWidget::close)->setShortcut(QKeySequence::Quit);

  auto* edit = menuBar()->addMenu(tr("&Edit"));
  edit->setObjectName("editMenu");
  edit->addActions(editActions_->actions());
  connect(edit, &QMenu::aboutToShow, editActions_, &EditActions::updateEnabled);

  menuBar()->addMenu(projectActions_->examplesMenu());

  auto* run = menuBar()->addMenu(tr("&Run"));
  auto* evaluate = run->addAction(tr("&Evaluate"), this, &MainWindow::revalidate);
  evaluate->setShortcut(Qt::Key_F5);
  auto* stop = run->addAction(tr("&Stop"), controller_, [this] {
    controller_->stopLoad();
    controller_->stopMapper();
    sweeps_->stop();
  });
  stop->setShortcut(Qt::Key_Escape);
  auto* map = run->addAction(tr("&Map"), this, [this] {
    findChild<QDockWidget*>(kMapperDock)->show();  // raised, should the user have tabbed it
    findChild<QDockWidget*>(kMapperDock)->raise();
    explore_->run();
  });
  map->setShortcut(Qt::Key_F6);
  map->setToolTip(tr("Run the mapper with the Mapper pane's options (F6)"));

  auto* view = menuBar()->addMenu(tr("&View"));
  for (auto* dock : findChildren<QDockWidget*>()) view->addAction(dock->toggleViewAction());
  view->addSeparator();
  view->addAction(tr("&Reset Layout"), this, &MainWindow::resetLayout)->setObjectName("resetLayoutAction");

  helpActions_ = new HelpActions(this, [this] { return controller_->examplesDirectory(); });
  // Three mappings of one matmul, each with its note, to play and compare (the Playback page).
  auto* lessons = new QMenu(tr("&Lessons: dataflow"), helpActions_->menu());
  lessons->setObjectName("lessonsMenu");
  for (const auto& [name, title] : {std::pair{"lesson_weight_stationary", tr("1. Weight stationary")},
                                    std::pair{"lesson_output_stationary", tr("2. Output stationary")},
                                    std::pair{"lesson_input_stationary", tr("3. Input stationary")}}) {
    auto* action = new QAction(title, this);  // the window's, so tests and shortcuts find it
    lessons->addAction(action);
    action->setObjectName(QString::fromLatin1(name));
    connect(action, &QAction::triggered, this, [this, lesson = QString::fromLatin1(name)] {
      if (projectActions_->openExample(lesson)) showView("playback");
    });
  }
  helpActions_->menu()->insertMenu(helpActions_->menu()->actions().value(0), lessons);
  menuBar()->addMenu(helpActions_->menu());

  auto* toolbar = addToolBar(tr("Main"));
  toolbar->setObjectName("mainToolBar");
  toolbar->setMovable(false);
  toolbar->addAction(projectActions_->openAction());
  auto* examples = new QToolButton(toolbar);
  examples->setText(tr("Examples"));
  examples->setToolTip(tr("Open a bundled example in place of the open files"));
  examples->setMenu(projectActions_->examplesMenu());
  examples->setPopupMode(QToolButton::InstantPopup);
  toolbar->addWidget(examples);
  toolbar->addAction(fileActions_->saveAction());
  toolbar->addSeparator();
  toolbar->addAction(evaluate);
  toolbar->addAction(map);
  toolbar->addAction(stop);
}

void MainWindow::resetLayout() { dockLayout_->reset(); }

void MainWindow::setPrompts(ProjectPrompts prompts) { projectActions_->setPrompts(std::move(prompts)); }

void MainWindow::connectViews() {
  // Which page is in front, the status bar's messages and the hover links between views; the
  // results themselves reach each view through its own subscription.
  connect(projectActions_, &ProjectActions::projectReplaced, this,
          [this] { centralTabs_->setCurrentWidget(editorsPage_); });
  const auto tell = [this](int ms) {
    return [this, ms](const QString& text) { statusBar()->showMessage(text, ms); };
  };
  connect(projectActions_, &ProjectActions::message, this, tell(10000));
  connect(explore_, &ExploreSession::message, this, tell(8000));
  connect(sweeps_, &SweepSession::message, this, tell(8000));
  connect(history_, &HistorySession::message, this, tell(8000));
  history_->setConfirmReplace(
      [this](const QString& action) { return projectActions_->confirmDiscard(action); });
  connect(history_, &HistorySession::reopened, this, [this](const StoredRunPtr& run) {
    showView(run->record.kind == store::RunKind::kSweep ? "sweep" : "pareto");
  });
  connect(sweeps_, &SweepSession::started, this, [this] {
    showView("sweep");
    findChild<QDockWidget*>(kSweepDock)->raise();  // its progress, in front of the Mapper pane
  });
  connect(inspector_, &InspectorDock::message, this, tell(5000));
  connect(controller_, &ProjectController::failed, this,
          [tell](const QString& what) { tell(10000)(tr("Internal error: %1").arg(what)); });
  connect(tabs_, &EditorTabs::settled, this, [this] {
    controller_->autosaver()->saveNow();
    revalidate();
  });
  connect(explore_, &ExploreSession::mappingOpened, this, [this] { showView("accesses"); });
  connect(controller_, &ProjectController::mapperStarted, this, [this] { showView("pareto"); });
  AccessesPlot* plot = plots_->accessesPlot();
  connect(inspector_->loopNest(), &LoopNestView::hoveredBuffer, plot, &AccessesPlot::highlight);
  connect(inspector_->loopNest(), &LoopNestView::hoveredBuffer, archView_,
          [this](const QString& component, const QString&) { archView_->highlight(component); });
  connect(plot, &AccessesPlot::hovered, workloadView_,
          [this](const QString&, const QString& tensor) { workloadView_->highlightTensor(tensor); });
  // Connected after every view above subscribed, so these say that the views have it.
  connect(controller_, &ProjectController::specLoaded, this, &MainWindow::resultApplied);
  connect(controller_, &ProjectController::resultsCleared, this, &MainWindow::resultsCleared);
}

QStringList MainWindow::openFiles(const QStringList& paths) {
  QStringList problems;
  for (const FileError& e : controller_->openProject(paths)) problems << e.message;
  return problems;
}

void MainWindow::setAssignments(const QStringList& assignments) {
  controller_->setCommandLineAssignments(assignments);
}

QStringList MainWindow::viewNames() {
  return {"editors", "architecture", "workload", "accesses", "occupancy",
          "latency", "table",        "pareto",   "funnel",   "sweep"};
}

bool MainWindow::showView(const QString& name) {
  if (name == "editors")
    centralTabs_->setCurrentWidget(editorsPage_);
  else if (name == "architecture")
    centralTabs_->setCurrentWidget(archView_);
  else if (name == "workload")
    centralTabs_->setCurrentWidget(workloadView_);
  else if (name == "table")
    plots_->setCurrentIndex(1);
  else if (name == "pareto" || name == "funnel")
    centralTabs_->setCurrentWidget(exploreView_);
  else if (name == "sweep")
    centralTabs_->setCurrentWidget(sweeps_->view());
  else if (name == "playback")
    centralTabs_->setCurrentWidget(playback_);
  else if (name == "history")
    findChild<QDockWidget*>(kHistoryDock)->raise();
  else if (name == "accesses" || name == "occupancy" || name == "latency") {
    plots_->setCurrentWidget(plots_->accessesPlot());
    plots_->accessesPlot()->setView(name == "accesses"    ? AccessesPlot::View::Accesses
                                    : name == "occupancy" ? AccessesPlot::View::Occupancy
                                                          : AccessesPlot::View::Latency);
  } else {
    return false;
  }
  return true;
}

void MainWindow::offerAutosaveRestore() { projectActions_->offerRestore(); }

void MainWindow::revalidate() { controller_->revalidate(); }

void MainWindow::closeEvent(QCloseEvent* event) {
  if (!projectActions_->confirmDiscard(tr("quit"))) {
    event->ignore();
    return;
  }
  dockLayout_->save();
  controller_->closeProject();  // a clean close: the autosaves go
  event->accept();
}

}  // namespace af::ui
