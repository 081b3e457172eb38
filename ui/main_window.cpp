#include "main_window.h"

#include <QAction>
#include <QApplication>
#include <QCloseEvent>
#include <QDockWidget>
#include <QHeaderView>
#include <QLabel>
#include <QListWidget>
#include <QMenu>
#include <QMenuBar>
#include <QMessageBox>
#include <QProgressBar>
#include <QScrollArea>
#include <QSettings>
#include <QSplitter>
#include <QStackedWidget>
#include <QStatusBar>
#include <QTabWidget>
#include <QTimer>
#include <QToolBar>
#include <QToolButton>
#include <QVBoxLayout>

#include "controller/project_controller.h"
#include "dock_layout.h"
#include "edit_actions.h"
#include "editors/autosaver.h"
#include "editors/diagnostics_model.h"
#include "editors/diagnostics_view.h"
#include "editors/document_set.h"
#include "editors/editor_tabs.h"
#include "editors/file_actions.h"
#include "editors/find_bar.h"
#include "editors/path_labels.h"
#include "editors/spec_document.h"
#include "explore/explore_session.h"
#include "explore/funnel_plot.h"
#include "explore/pareto_plot.h"
#include "explore/run_panel.h"
#include "help_actions.h"
#include "mapping/loop_nest_view.h"
#include "mapping/mapping_sync.h"
#include "mapping/mapping_tree_model.h"
#include "mapping/mapping_tree_view.h"
#include "models/accesses_model.h"
#include "models/pinned_mapping.h"
#include "models/si_format.h"
#include "plots/accesses_plot.h"
#include "plots/accesses_table_view.h"
#include "plots/compare_view.h"
#include "project_actions.h"
#include "views/architecture_view.h"
#include "views/variables_model.h"
#include "views/variables_pane.h"
#include "views/workload_view.h"
#include "workspace/mapping_queries.h"

// af_ui is a static library: its compiled-in resources (icons, examples) must be registered
// by name, from the global namespace, before first use.
static void registerExplorerResources() { Q_INIT_RESOURCE(resources); }

namespace af::ui {

namespace {

QLabel* emptyState(const QString& text, QWidget* parent) {
  auto* label = new QLabel(text, parent);
  label->setAlignment(Qt::AlignCenter);
  label->setWordWrap(true);
  label->setEnabled(false);
  return label;
}

QDockWidget* makeDock(QMainWindow* window, const char* objectName, const QString& title, QWidget* content,
                      Qt::DockWidgetArea area) {
  auto* dock = new QDockWidget(title, window);
  dock->setObjectName(objectName);
  dock->setWidget(content);
  window->addDockWidget(area, dock);
  return dock;
}

// The default layout as shares of the window (at 1400x900: 240 and 390 px wide, 300 and 72 px
// high), so that it holds from 800x600 up: the editor keeps about half of each dimension.
constexpr double kProjectShare = 0.17;
constexpr double kInspectorShare = 0.28;
constexpr double kPlotsShare = 0.33;
constexpr double kDiagnosticsShare = 0.08;

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
  buildStatusBar();
  connectSignals();
  resize(1400, 900);
  restoreLayout();
}

MainWindow::~MainWindow() = default;

QString MainWindow::noSpecText() { return tr("No spec loaded"); }

QString MainWindow::specStateText() const { return specState_->text(); }

DocumentSet* MainWindow::documents() const { return controller_->documents(); }

void MainWindow::buildCentre() {
  centralTabs_ = new QTabWidget(this);
  centralTabs_->setObjectName("centralTabs");
  centralTabs_->setTabPosition(QTabWidget::South);
  centralTabs_->setDocumentMode(true);
  tabs_ = new EditorTabs(controller_->documents(), centralTabs_);
  tabs_->setEmptyText(
      tr("Open an architecture, a workload and a mapping (File > Open, or drop files here),\n"
         "or pick one from Examples."));
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
  workloadView_ = new WorkloadView(centralTabs_);
  workloadView_->setObjectName("workloadView");
  centralTabs_->addTab(editorsPage_, tr("Editors"));
  centralTabs_->addTab(archView_, tr("Architecture"));
  centralTabs_->addTab(workloadView_, tr("Workload"));
  // The docks give way before the editor drops below a dozen lines of sixty columns.
  centralTabs_->setMinimumSize(360, 220);
  setCentralWidget(centralTabs_);
}

void MainWindow::buildDocks() {
  auto* project = new QSplitter(Qt::Vertical, this);
  project->setChildrenCollapsible(false);
  fileList_ = new QListWidget(project);
  fileList_->setObjectName("projectFiles");
  fileList_->setToolTip(tr("Files of the spec, merged in this order (drag the editor tabs to reorder)"));
  fileList_->setMinimumHeight(40);
  variables_ = new VariablesPane(project);
  variables_->setObjectName("variablesPane");
  project->addWidget(fileList_);
  project->addWidget(variables_);
  // A spec is a handful of files: the list stays small, the variables take what is left.
  project->setStretchFactor(0, 0);
  project->setStretchFactor(1, 1);
  project->setSizes({64, 400});
  auto* projectDock = makeDock(this, kProjectDock, tr("Project"), project, Qt::LeftDockWidgetArea);
  projectDock->setMinimumWidth(140);

  inspector_ = new QStackedWidget(this);
  inspector_->setObjectName("inspector");
  inspectorEmpty_ =
      emptyState(tr("No mapping yet.\nOpen a spec with a mapping, or pick an example."), inspector_);
  inspectorEmpty_->setObjectName("inspectorEmptyState");
  auto* inspectorViews = new QSplitter(Qt::Vertical, inspector_);
  inspectorViews->setChildrenCollapsible(false);
  mappingModel_ = new MappingTreeModel(this);
  mappingSync_ = new MappingSync(mappingModel_, this);
  tree_ = new MappingTreeView(inspectorViews);
  tree_->setObjectName("mappingTree");
  tree_->setMappingModel(mappingModel_);
  tree_->setTensorPalette(&palette_);
  tree_->setColumnWidth(0, 260);  // labels first; details take the rest
  loopNest_ = new LoopNestView(inspectorViews);
  loopNest_->setObjectName("loopNest");
  loopNest_->setModel(mappingModel_);
  loopNest_->setTensorPalette(&palette_);
  loopNest_->setTreeSelectionModel(tree_->selectionModel());
  inspectorViews->addWidget(tree_);
  inspectorViews->addWidget(loopNest_);
  inspector_->addWidget(inspectorEmpty_);
  inspector_->addWidget(inspectorViews);
  auto* inspectorDock = makeDock(this, kInspectorDock, tr("Inspector"), inspector_, Qt::RightDockWidgetArea);
  inspectorDock->setMinimumWidth(160);

  auto* plots = new QTabWidget(this);
  plots->setObjectName("plotTabs");
  plot_ = new AccessesPlot(plots);
  plot_->setObjectName("accessesPlot");
  accessesModel_ = new AccessesModel(this);
  auto* table = new AccessesTableView(plots);
  table->setObjectName("accessesTable");
  table->setAccessesModel(accessesModel_);
  plots->addTab(plot_, tr("Accesses per buffer"));
  plots->addTab(table, tr("Table"));
  pin_ = new PinnedMapping(this);
  compare_ = new CompareView(pin_, plots);
  compare_->setObjectName("compareView");
  plots->addTab(compare_, tr("Compare"));
  // The front and the funnel are the large plots of a mapper run: side by side in the centre,
  // while the Plots dock shows the accesses of the mapping a click opens.
  auto* explore = new QSplitter(Qt::Horizontal, centralTabs_);
  explore->setObjectName("exploreView");
  explore_ = new ExploreSession(controller_, explore);
  explore->addWidget(explore_->paretoPlot());
  explore->addWidget(explore_->funnelPlot());
  explore->setStretchFactor(0, 3);
  explore->setStretchFactor(1, 2);
  centralTabs_->addTab(explore, tr("Mapper results"));
  auto* plotsDock = makeDock(this, kPlotsDock, tr("Plots"), plots, Qt::BottomDockWidgetArea);
  plotsDock->setMinimumHeight(150);
  // Scrollable, so the panel's controls never set the window's minimum size (small screens).
  auto* runScroll = new QScrollArea(this);
  runScroll->setWidgetResizable(true);
  runScroll->setFrameShape(QFrame::NoFrame);
  runScroll->setWidget(explore_->runPanel());
  auto* mapperDock = makeDock(this, kMapperDock, tr("Mapper"), runScroll, Qt::RightDockWidgetArea);
  tabifyDockWidget(findChild<QDockWidget*>(kInspectorDock), mapperDock);
  findChild<QDockWidget*>(kInspectorDock)->raise();

  diagnostics_ = new DiagnosticsModel(this);
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
  splitDockWidget(plotsDock, diagDock, Qt::Vertical);

  dockLayout_->track(projectDock, kProjectShare);
  dockLayout_->track(inspectorDock, kInspectorShare);
  dockLayout_->track(plotsDock, kPlotsShare);
  dockLayout_->track(diagDock, kDiagnosticsShare);
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
  file->addAction(projectActions_->closeAllAction());
  file->addSeparator();
  auto* quit = file->addAction(tr("&Quit"), this, &QWidget::close);
  quit->setShortcut(QKeySequence::Quit);

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
  });
  stop->setShortcut(Qt::Key_Escape);
  auto* map = run->addAction(tr("&Map"), this, [this] {
    findChild<QDockWidget*>(kMapperDock)->raise();
    explore_->run();
  });
  map->setShortcut(Qt::Key_F6);
  map->setToolTip(tr("Run the mapper with the Mapper pane's options (F6)"));

  auto* view = menuBar()->addMenu(tr("&View"));
  for (auto* dock : findChildren<QDockWidget*>()) view->addAction(dock->toggleViewAction());
  view->addSeparator();
  auto* resetLayout = view->addAction(tr("&Reset Layout"), this, [this] {
    for (auto* dock : findChildren<QDockWidget*>()) {
      dock->setFloating(false);
      dock->show();
    }
    dockLayout_->track(findChild<QDockWidget*>(kProjectDock), kProjectShare);
    dockLayout_->track(findChild<QDockWidget*>(kInspectorDock), kInspectorShare);
    dockLayout_->track(findChild<QDockWidget*>(kPlotsDock), kPlotsShare);
    dockLayout_->track(findChild<QDockWidget*>(kDiagnosticsDock), kDiagnosticsShare);
    dockLayout_->apply();
  });
  resetLayout->setObjectName("resetLayoutAction");

  helpActions_ = new HelpActions(this, [this] { return controller_->examplesDirectory(); });
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

void MainWindow::setPrompts(ProjectPrompts prompts) { projectActions_->setPrompts(std::move(prompts)); }

void MainWindow::buildStatusBar() {
  specState_ = new QLabel(tr("No spec loaded"), this);
  specState_->setObjectName("specState");
  jobState_ = new QLabel(tr("Idle"), this);
  jobState_->setObjectName("jobState");
  progress_ = new QProgressBar(this);
  progress_->setObjectName("jobProgress");
  progress_->setMaximumWidth(200);
  progress_->setRange(0, 1);
  progress_->setValue(0);
  progress_->setTextVisible(false);
  // A long message must not widen the window.
  specState_->setMinimumWidth(100);
  specState_->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
  statusBar()->addWidget(specState_, 1);
  statusBar()->addPermanentWidget(jobState_);
  statusBar()->addPermanentWidget(progress_);
}

void MainWindow::connectSignals() {
  DocumentSet* documents = controller_->documents();
  // The controller re-validates after every change of the file set; the list follows once the
  // change is done (a closing file is still in the set when it is announced).
  connect(controller_, &ProjectController::projectChanged, this, &MainWindow::refreshProject,
          Qt::QueuedConnection);
  connect(documents, &DocumentSet::documentAdded, this, [this](SpecDocument* d) {
    connect(d, &SpecDocument::pathChanged, this, &MainWindow::refreshProject);
  });
  connect(projectActions_, &ProjectActions::projectReplaced, this,
          [this] { centralTabs_->setCurrentWidget(editorsPage_); });
  connect(projectActions_, &ProjectActions::message, this,
          [this](const QString& text) { statusBar()->showMessage(text, 10000); });
  connect(controller_, &ProjectController::resultsCleared, this, &MainWindow::clearResults);
  connect(tabs_, &EditorTabs::settled, this, &MainWindow::onDocumentSettled);

  connect(controller_, &ProjectController::variablesChanged, this, &MainWindow::updateVariables);
  connect(variables_->model(), &VariablesModel::variablesEdited, this,
          [this](const QMap<QString, QString>& values) {
            if (updatingVariables_) return;  // values re-applied by updateVariables, not a user edit
            for (const auto& v : variables_->model()->variables())
              controller_->setVariableValue(v.name, values.value(v.name));
            revalidate();
          });

  connect(controller_, &ProjectController::specLoaded, this, &MainWindow::applyResult);
  connect(controller_, &ProjectController::loadingChanged, this, [this](bool busy) {
    jobState_->setText(busy ? tr("Evaluating…") : tr("Idle"));
    progress_->setRange(0, busy ? 0 : 1);  // an indeterminate bar while a job is in flight
    progress_->setValue(0);
  });
  connect(documents, &DocumentSet::fileErrorsChanged, this, [this] {
    const ProjectResultPtr& last = controller_->lastResult();
    showDiagnostics(last ? *last : ProjectResult{});
  });
  connect(explore_, &ExploreSession::message, this,
          [this](const QString& text) { statusBar()->showMessage(text, 8000); });
  connect(explore_, &ExploreSession::mappingOpened, this, [this] { showView("accesses"); });
  connect(controller_, &ProjectController::mapperStarted, this, [this] { showView("pareto"); });
  connect(controller_, &ProjectController::mappingChanged, this,
          [this](bool running) { jobState_->setText(running ? tr("Mapping…") : tr("Idle")); });
  connect(controller_, &ProjectController::failed, this, [this](const QString& what) {
    statusBar()->showMessage(tr("Internal error: %1").arg(what), 10000);
  });

  // Tree edits splice into the document's current text, or rewrite the section when it moved on.
  mappingSync_->setDocumentText([this] {
    const SpecDocument* doc = mappingDocument();
    return doc ? doc->text() : QString();
  });
  connect(mappingSync_, &MappingSync::yamlChanged, this, [this](const QString& text) {
    if (SpecDocument* doc = mappingDocument()) doc->setText(text);  // one undoable edit
    revalidate();
  });
  connect(mappingSync_, &MappingSync::confirmationNeeded, this, [this] {
    const auto answer = QMessageBox::question(
        this, tr("Replace the templated mapping?"),
        tr("The mapping file uses Jinja templating. Writing the edited tree replaces it with plain YAML "
           "(the template is lost; Undo in the editor brings it back)."),
        QMessageBox::Apply | QMessageBox::Cancel);
    if (answer == QMessageBox::Apply)
      mappingSync_->confirmRegenerate();
    else
      mappingSync_->discardPendingEdit();
  });
  connect(mappingModel_, &MappingTreeModel::editRejected, this,
          [this](const QString& reason) { statusBar()->showMessage(reason, 5000); });
  // The Inspector shows its empty state while there is no tree.
  connect(mappingModel_, &QAbstractItemModel::modelReset, this, &MainWindow::updateInspectorState);
  connect(mappingModel_, &QAbstractItemModel::rowsInserted, this, &MainWindow::updateInspectorState);
  connect(mappingModel_, &QAbstractItemModel::rowsRemoved, this, &MainWindow::updateInspectorState);
  // Pin and compare: the pin lives in pin_; the plot's buttons and the Compare tab's change it,
  // and the plot and the table draw it.
  connect(plot_, &AccessesPlot::pinRequested, pin_, &PinnedMapping::pin);
  connect(plot_, &AccessesPlot::unpinRequested, pin_, &PinnedMapping::unpin);
  connect(pin_, &PinnedMapping::pinnedChanged, this, [this] {
    plot_->setPinned(pin_->pinned());
    accessesModel_->setPinned(pin_->pinned());
  });
  connect(loopNest_, &LoopNestView::hoveredBuffer, plot_, &AccessesPlot::highlight);
  connect(loopNest_, &LoopNestView::hoveredBuffer, archView_,
          [this](const QString& component, const QString&) { archView_->highlight(component); });
  connect(plot_, &AccessesPlot::hovered, workloadView_,
          [this](const QString&, const QString& tensor) { workloadView_->highlightTensor(tensor); });
}

QStringList MainWindow::openFiles(const QStringList& paths) {
  QStringList problems;
  for (const FileError& e : controller_->openProject(paths)) problems << e.message;
  return problems;
}

void MainWindow::setAssignments(const QStringList& assignments) {
  controller_->setCommandLineAssignments(assignments);
  updateVariables();
}

void MainWindow::updateVariables() {
  // The pane lists the variables the open files read; command-line values fill the ones the
  // user has not typed.
  updatingVariables_ = true;
  VariablesModel* model = variables_->model();
  model->setTemplateVariables(controller_->templateVariables());
  const QMap<QString, QString>& typed = controller_->variableValues();
  for (const QString& a : controller_->commandLineAssignments())
    if (const auto eq = a.indexOf('='); eq > 0 && !typed.contains(a.left(eq)))
      model->setValue(a.left(eq), a.mid(eq + 1));
  for (auto it = typed.cbegin(); it != typed.cend(); ++it) model->setValue(it.key(), it.value());
  updatingVariables_ = false;
}

QStringList MainWindow::viewNames() {
  return {"editors", "architecture", "workload", "accesses", "occupancy",
          "latency", "table",        "pareto",   "funnel"};
}

bool MainWindow::showView(const QString& name) {
  auto* plots = findChild<QTabWidget*>("plotTabs");
  if (name == "editors")
    centralTabs_->setCurrentWidget(editorsPage_);
  else if (name == "architecture")
    centralTabs_->setCurrentWidget(archView_);
  else if (name == "workload")
    centralTabs_->setCurrentWidget(workloadView_);
  else if (name == "table")
    plots->setCurrentIndex(1);
  else if (name == "pareto" || name == "funnel")
    centralTabs_->setCurrentWidget(findChild<QSplitter*>("exploreView"));
  else if (name == "accesses" || name == "occupancy" || name == "latency") {
    plots->setCurrentWidget(plot_);
    plot_->setView(name == "accesses"    ? AccessesPlot::View::Accesses
                   : name == "occupancy" ? AccessesPlot::View::Occupancy
                                         : AccessesPlot::View::Latency);
  } else {
    return false;
  }
  return true;
}

void MainWindow::offerAutosaveRestore() { projectActions_->offerRestore(); }

SpecDocument* MainWindow::mappingDocument() const { return controller_->mappingDocument(); }

void MainWindow::revalidate() { controller_->revalidate(); }

void MainWindow::onDocumentSettled(SpecDocument*) {
  controller_->autosaver()->saveNow();
  revalidate();
}

void MainWindow::refreshProject() {
  fileList_->clear();
  const QList<SpecDocument*>& open = controller_->documents()->documents();
  QStringList paths;
  for (const SpecDocument* d : open) paths << (d->isUntitled() ? d->displayName() : d->path());
  const QStringList labels = distinctFileLabels(paths);
  for (qsizetype i = 0; i < open.size(); ++i) {
    auto* item = new QListWidgetItem(labels.value(i), fileList_);
    item->setToolTip(open[i]->isUntitled() ? tr("%1 (not saved yet)").arg(open[i]->displayName()) : paths[i]);
  }
}

void MainWindow::updateInspectorState() {
  inspector_->setCurrentIndex(mappingModel_->rowCount() > 0 ? 1 : 0);
}

void MainWindow::clearResults() {
  diagnostics_->setDiagnostics({});
  tabs_->applyDiagnostics(diagnostics_);
  mappingSync_->clear();
  mappingModel_->setArchitecture(std::nullopt);
  mappingModel_->clearNodeErrors();
  plot_->setData({});
  plot_->setDimmed(false);
  accessesModel_->setAccesses({});
  pin_->setCurrent({});
  pin_->unpin();  // the project closed or no file is left: its pin goes with it
  archView_->clear();
  workloadView_->clear();
  const DocumentSet* documents = controller_->documents();
  specState_->setText(documents->count() == 0         ? noSpecText()
                      : !documents->paths().isEmpty() ? tr("Evaluating…")
                                                      : tr("Save the new file to validate it"));
  updateInspectorState();
  emit resultsCleared();
}

void MainWindow::applyResult(const ProjectResultPtr& result) {
  showDiagnostics(*result);
  if (const spec::Spec* spec = result->spec()) {
    QStringList tensors;
    for (const auto& t : spec->workload.workload.tensor_names()) tensors << QString::fromStdString(t);
    palette_.assign(tensors);
    workloadView_->setTensorPalette(&palette_);
    workloadView_->setWorkload(spec->workload.workload);
    if (spec->has_arch())
      archView_->setArch(spec->arch_by_einsum.begin()->second.arch);
    else
      archView_->clear();
    mappingModel_->setWorkload(spec->workload.workload);
    mappingModel_->setArchitecture(spec->has_arch() ? std::optional(spec->arch_by_einsum.begin()->second.arch)
                                                    : std::nullopt);
    mappingModel_->clearNodeErrors();
    if (result->valid()) {
      mappingModel_->setResolvedSpec(result->workspace->resolved());  // buffers' reserved tiles
      mappingModel_->setTileChoicePolicy(tile_choice_policy(spec->mapper));
    }
  }
  // The tree follows the mapping file's own section, even while another file is broken; with
  // no mapping file left it empties.
  if (result->mappingSection)
    mappingSync_->setSection(QString::fromStdString(result->mappingText), *result->mappingSection);
  else if (result->mappingPath.isEmpty() && mappingModel_->rowCount() > 0)
    mappingSync_->clear();
  updateInspectorState();
  // Errors in the mapping file mark their nodes: load errors (a bad `component:`) and the
  // model's rejections alike.
  mappingSync_->markErrors(result->diagnostics, result->mappingPath);

  if (!result->valid()) {
    if (controller_->lastValidResult()) {
      // Keep the last good results of these files on screen, dimmed, with the plot's banner.
      plot_->setDimmed(controller_->lastEvaluatedResult() != nullptr);
      specState_->setText(tr("%n error(s) — showing the last valid results", "", result->errorCount()));
    } else {
      // Nothing valid from these files yet: what is on screen belongs to other files.
      plot_->setData({});
      plot_->setDimmed(false);
      accessesModel_->setAccesses({});
      archView_->clear();
      workloadView_->clear();
      specState_->setText(tr("%n error(s) — see Diagnostics", "", result->errorCount()));
    }
    emit resultApplied(result);
    return;
  }
  if (result->evaluation) {
    plot_->setTensorPalette(&palette_);
    plot_->setData(result->accesses);
    plot_->setDimmed(false);
    accessesModel_->setAccesses(result->accesses);
    pin_->setCurrent(result->accesses);
    const auto& ev = *result->evaluation;
    specState_->setText(tr("Valid — energy %1, latency %2 (evaluated in %3 ms)")
                            .arg(formatSi(ev.total_energy, "J"), formatSi(ev.total_latency, "s"),
                                 QString::number(result->seconds * 1000, 'f', 1)));
  } else {
    // No numbers for this spec: the last ones of these files stay, dimmed; another spec's go.
    if (controller_->lastEvaluatedResult()) {
      plot_->setDimmed(true);
    } else {
      plot_->setData({});
      plot_->setDimmed(false);
      accessesModel_->setAccesses({});
    }
    if (const auto& problem = result->mappingProblem) {
      if (problem->where && problem->where->line > 0)
        mappingModel_->setNodeErrorAtLine(problem->where->line, QString::fromStdString(problem->message));
      specState_->setText(tr("Invalid mapping: %1").arg(QString::fromStdString(problem->message)));
    } else {
      specState_->setText(result->spec()->mapping
                              ? tr("Valid spec — add an architecture to evaluate the mapping")
                              : tr("Valid spec — add a mapping to see buffer accesses"));
    }
  }
  emit resultApplied(result);
}

void MainWindow::showDiagnostics(const ProjectResult& result) {
  QList<DiagnosticRow> rows;
  for (const auto& d : result.diagnostics)
    rows.append(DiagnosticRow{QString::fromStdString(d.where.file), d.where.line, d.where.column,
                              QString::fromStdString(d.field), QString::fromStdString(d.message),
                              d.severity == spec::Severity::Error});
  // Files that did not open are load errors too: without this they would only vanish.
  for (const FileError& e : controller_->documents()->fileErrors())
    rows.append(DiagnosticRow{e.path, 0, 0, QString(), e.message, true});
  diagnostics_->setDiagnostics(rows);
  tabs_->applyDiagnostics(diagnostics_);
}

void MainWindow::restoreLayout() {
  const QSettings settings;
  if (const auto geometry = settings.value("window/geometry").toByteArray(); !geometry.isEmpty())
    restoreGeometry(geometry);
  if (const auto state = settings.value("window/state").toByteArray();
      !state.isEmpty() && restoreState(state))
    dockLayout_->adoptCurrentSizes();  // the user's sizes become the shares kept on resizing
}

void MainWindow::saveLayout() const {
  QSettings settings;
  settings.setValue("window/geometry", saveGeometry());
  settings.setValue("window/state", saveState());
}

void MainWindow::closeEvent(QCloseEvent* event) {
  if (!projectActions_->confirmDiscard(tr("quit"))) {
    event->ignore();
    return;
  }
  saveLayout();
  controller_->closeProject();  // a clean close: the autosaves go
  event->accept();
}

}  // namespace af::ui
