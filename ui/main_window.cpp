#include "main_window.h"

#include <QAction>
#include <QApplication>
#include <QCloseEvent>
#include <QDir>
#include <QDirIterator>
#include <QDockWidget>
#include <QFile>
#include <QFileInfo>
#include <QHeaderView>
#include <QLabel>
#include <QListWidget>
#include <QMenu>
#include <QMenuBar>
#include <QMessageBox>
#include <QProgressBar>
#include <QSettings>
#include <QSplitter>
#include <QStandardPaths>
#include <QStatusBar>
#include <QTabWidget>
#include <QTimer>
#include <QToolBar>

#include "editors/autosaver.h"
#include "editors/diagnostics_model.h"
#include "editors/diagnostics_view.h"
#include "editors/document_set.h"
#include "editors/editor_tabs.h"
#include "editors/file_actions.h"
#include "editors/spec_document.h"
#include "mapping/loop_nest_view.h"
#include "mapping/mapping_sync.h"
#include "mapping/mapping_tree_model.h"
#include "mapping/mapping_tree_view.h"
#include "models/accesses_model.h"
#include "models/si_format.h"
#include "plots/accesses_plot.h"
#include "plots/accesses_table_view.h"
#include "controller/project_controller.h"
#include "views/architecture_view.h"
#include "views/variables_model.h"
#include "views/variables_pane.h"
#include "views/workload_view.h"

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

}  // namespace

MainWindow::MainWindow(QWidget* parent) : QMainWindow(parent) {
  registerExplorerResources();
  setObjectName("mainWindow");
  setWindowTitle(tr("AccelForge Explorer"));
  setWindowIcon(QIcon(":/icons/accelforge-explorer.svg"));
  setDockOptions(QMainWindow::AnimatedDocks | QMainWindow::AllowTabbedDocks | QMainWindow::AllowNestedDocks);

  controller_ = new ProjectController(this);
  buildCentre();
  buildDocks();
  buildMenus();
  buildStatusBar();
  connectSignals();
  resize(1400, 900);
  restoreLayout();
}

MainWindow::~MainWindow() = default;

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
  archView_ = new ArchitectureView(centralTabs_);
  archView_->setObjectName("architectureView");
  workloadView_ = new WorkloadView(centralTabs_);
  workloadView_->setObjectName("workloadView");
  centralTabs_->addTab(tabs_, tr("Editors"));
  centralTabs_->addTab(archView_, tr("Architecture"));
  centralTabs_->addTab(workloadView_, tr("Workload"));
  setCentralWidget(centralTabs_);
}

void MainWindow::buildDocks() {
  auto* project = new QSplitter(Qt::Vertical, this);
  fileList_ = new QListWidget(project);
  fileList_->setObjectName("projectFiles");
  fileList_->setToolTip(tr("Files of the spec, merged in this order (drag the editor tabs to reorder)"));
  variables_ = new VariablesPane(project);
  variables_->setObjectName("variablesPane");
  project->addWidget(fileList_);
  project->addWidget(variables_);
  project->setSizes({160, 400});
  makeDock(this, kProjectDock, tr("Project"), project, Qt::LeftDockWidgetArea);

  auto* inspector = new QSplitter(Qt::Vertical, this);
  mappingModel_ = new MappingTreeModel(this);
  mappingSync_ = new MappingSync(mappingModel_, this);
  auto* tree = new MappingTreeView(inspector);
  tree->setObjectName("mappingTree");

  tree->setMappingModel(mappingModel_);
  tree->setTensorPalette(&palette_);
  tree->setColumnWidth(0, 260);  // labels first; details take the rest
  loopNest_ = new LoopNestView(inspector);
  loopNest_->setObjectName("loopNest");
  loopNest_->setModel(mappingModel_);
  loopNest_->setTensorPalette(&palette_);
  loopNest_->setTreeSelectionModel(tree->selectionModel());
  inspector->addWidget(tree);
  inspector->addWidget(loopNest_);
  makeDock(this, kInspectorDock, tr("Inspector"), inspector, Qt::RightDockWidgetArea);

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
  plots->addTab(emptyState(tr("Run the mapper to see the Pareto front."), plots), tr("Pareto front"));
  plots->addTab(emptyState(tr("Run the mapper to see the keep-rate funnel."), plots), tr("Keep-rate funnel"));
  auto* plotsDock = makeDock(this, kPlotsDock, tr("Plots"), plots, Qt::BottomDockWidgetArea);

  diagnostics_ = new DiagnosticsModel(this);
  auto* diagnosticsView = new DiagnosticsView(this);
  diagnosticsView->setObjectName("diagnosticsView");
  diagnosticsView->setModel(diagnostics_);
  connect(diagnosticsView, &DiagnosticsView::jumpTo, this, [this](const QString& path, int line, int column) {
    centralTabs_->setCurrentWidget(tabs_);
    tabs_->jumpTo(path, line, column);
  });
  auto* diagDock =
      makeDock(this, kDiagnosticsDock, tr("Diagnostics"), diagnosticsView, Qt::BottomDockWidgetArea);
  splitDockWidget(plotsDock, diagDock, Qt::Vertical);
  resizeDocks({findChild<QDockWidget*>(kProjectDock), findChild<QDockWidget*>(kInspectorDock)}, {240, 430},
              Qt::Horizontal);
  resizeDocks({plotsDock, diagDock}, {330, 100}, Qt::Vertical);
}

void MainWindow::buildMenus() {
  fileActions_ = new FileActions(tabs_, this);
  auto* file = menuBar()->addMenu(tr("&File"));
  file->addActions(fileActions_->actions());
  file->addSeparator();
  auto* quit = file->addAction(tr("&Quit"), this, &QWidget::close);
  quit->setShortcut(QKeySequence::Quit);

  auto* examples = menuBar()->addMenu(tr("&Examples"));
  examples->setObjectName("examplesMenu");
  for (const QString& name : ProjectController::exampleNames())
    examples->addAction(QString(name).replace('_', ' '), this, [this, name] { openExample(name); });

  auto* run = menuBar()->addMenu(tr("&Run"));
  auto* evaluate = run->addAction(tr("&Evaluate"), this, &MainWindow::revalidate);
  evaluate->setShortcut(Qt::Key_F5);
  auto* stop = run->addAction(tr("&Stop"), controller_, [this] {
    controller_->stopLoad();
    controller_->stopMapper();
  });
  stop->setShortcut(Qt::Key_Escape);

  auto* view = menuBar()->addMenu(tr("&View"));
  for (auto* dock : findChildren<QDockWidget*>()) view->addAction(dock->toggleViewAction());

  auto* help = menuBar()->addMenu(tr("&Help"));
  help->addAction(tr("&About"), this, [this] {
    QMessageBox::about(this, tr("About AccelForge Explorer"),
                       tr("AccelForge Explorer %1\nExplore tensor-algebra accelerators: edit specs and "
                          "mappings, see every buffer's accesses.")
                           .arg(QApplication::applicationVersion()));
  });

  auto* toolbar = addToolBar(tr("Main"));
  toolbar->setObjectName("mainToolBar");
  toolbar->setMovable(false);
  toolbar->addAction(fileActions_->openAction());
  toolbar->addAction(fileActions_->saveAction());
  toolbar->addSeparator();
  toolbar->addAction(evaluate);
  toolbar->addAction(stop);
}

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
  statusBar()->addWidget(specState_, 1);
  statusBar()->addPermanentWidget(jobState_);
  statusBar()->addPermanentWidget(progress_);
}

void MainWindow::connectSignals() {
  DocumentSet* documents = controller_->documents();
  connect(fileActions_, &FileActions::opened, this, [this] {
    refreshProject();
    revalidate();
  });
  connect(documents, &DocumentSet::documentAboutToClose, this, [this] {
    QTimer::singleShot(0, this, [this] {
      refreshProject();
      revalidate();
    });
  });
  connect(documents, &DocumentSet::documentMoved, this, [this] {
    refreshProject();
    revalidate();
  });
  connect(tabs_, &EditorTabs::settled, this, &MainWindow::onDocumentSettled);

  connect(controller_, &ProjectController::variablesChanged, this, &MainWindow::updateVariables);
  connect(variables_->model(), &VariablesModel::variablesEdited, this, [this](const QMap<QString, QString>& values) {
    if (updatingVariables_) return;  // values re-applied by updateVariables, not a user edit
    for (const auto& v : variables_->model()->variables()) controller_->setVariableValue(v.name, values.value(v.name));
    revalidate();
  });

  connect(controller_, &ProjectController::specLoaded, this, &MainWindow::applyResult);
  connect(controller_, &ProjectController::loadingChanged, this, [this](bool busy) {
    jobState_->setText(busy ? tr("Evaluating…") : tr("Idle"));
    progress_->setRange(0, busy ? 0 : 1);  // an indeterminate bar while a job is in flight
    progress_->setValue(0);
  });
  connect(controller_, &ProjectController::failed, this,
          [this](const QString& what) { statusBar()->showMessage(tr("Internal error: %1").arg(what), 10000); });

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
  connect(loopNest_, &LoopNestView::hoveredBuffer, plot_, &AccessesPlot::highlight);
  connect(loopNest_, &LoopNestView::hoveredBuffer, archView_,
          [this](const QString& component, const QString&) { archView_->highlight(component); });
  connect(plot_, &AccessesPlot::hovered, workloadView_,
          [this](const QString&, const QString& tensor) { workloadView_->highlightTensor(tensor); });
}

QStringList MainWindow::openFiles(const QStringList& paths) {
  QStringList problems;
  for (const FileError& e : fileActions_->openPaths(paths)) problems << e.message;
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
    if (const auto eq = a.indexOf('='); eq > 0 && !typed.contains(a.left(eq))) model->setValue(a.left(eq), a.mid(eq + 1));
  for (auto it = typed.cbegin(); it != typed.cend(); ++it) model->setValue(it.key(), it.value());
  updatingVariables_ = false;
}

QStringList MainWindow::exampleNames() { return ProjectController::exampleNames(); }

QStringList MainWindow::openExample(const QString& name) {
  QStringList problems;
  for (const FileError& e : controller_->openExample(name)) problems << e.message;
  refreshProject();
  revalidate();
  return problems;
}

QStringList MainWindow::viewNames() {
  return {"editors", "architecture", "workload", "accesses", "occupancy", "latency", "table"};
}

bool MainWindow::showView(const QString& name) {
  auto* plots = findChild<QTabWidget*>("plotTabs");
  if (name == "editors") centralTabs_->setCurrentWidget(tabs_);
  else if (name == "architecture") centralTabs_->setCurrentWidget(archView_);
  else if (name == "workload") centralTabs_->setCurrentWidget(workloadView_);
  else if (name == "table") plots->setCurrentIndex(1);
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

void MainWindow::offerAutosaveRestore() {
  Autosaver* autosaver = controller_->autosaver();
  const auto pending = autosaver->pendingRestores();
  for (const AutosaveEntry& entry : pending) {
    const auto answer = QMessageBox::question(
        this, tr("Restore unsaved edits?"),
        tr("%1 has unsaved edits from %2 that were not saved before the explorer closed. Restore them?")
            .arg(entry.displayName, entry.savedAt.toString()),
        QMessageBox::Yes | QMessageBox::Discard);
    if (answer == QMessageBox::Yes)
      (void)autosaver->restore(entry);
    else
      autosaver->discard(entry);
  }
  autosaver->removeStale();
  if (!pending.isEmpty()) {
    refreshProject();
    revalidate();
  }
}

SpecDocument* MainWindow::mappingDocument() const { return controller_->mappingDocument(); }

void MainWindow::revalidate() { controller_->revalidate(); }

void MainWindow::onDocumentSettled(SpecDocument*) {
  controller_->autosaver()->saveNow();
  revalidate();
}

void MainWindow::refreshProject() {
  fileList_->clear();
  for (const SpecDocument* d : controller_->documents()->documents()) {
    auto* item = new QListWidgetItem(d->displayName(), fileList_);
    item->setToolTip(d->path());
  }
}

void MainWindow::applyResult(const ProjectResultPtr& result) {
  showDiagnostics(*result);
  // The tree follows the mapping file's own section, even while another file is broken.
  if (result->mappingSection)
    mappingSync_->setSection(QString::fromStdString(result->mappingText), *result->mappingSection);
  if (!result->valid()) {
    // Keep the last good results on screen, dimmed, with the banner the plot draws.
    plot_->setDimmed(controller_->lastValidResult() != nullptr);
    specState_->setText(tr("%n error(s) — showing the last valid results", "", result->errorCount()));
    emit resultApplied(result);
    return;
  }
  const spec::Spec& spec = *result->spec();
  QStringList tensors;
  for (const auto& t : spec.workload.workload.tensor_names()) tensors << QString::fromStdString(t);
  palette_.assign(tensors);
  workloadView_->setPalette(palette_);
  workloadView_->setWorkload(spec.workload.workload);
  if (spec.has_arch())
    archView_->setArch(spec.arch_by_einsum.begin()->second.arch);
  else
    archView_->clear();
  mappingModel_->setWorkload(spec.workload.workload);
  mappingModel_->setArchitecture(spec.has_arch() ? std::optional(spec.arch_by_einsum.begin()->second.arch)
                                                 : std::nullopt);
  mappingModel_->clearNodeErrors();

  if (result->evaluation) {
    plot_->setTensorPalette(palette_);
    plot_->setData(result->accesses);
    plot_->setDimmed(false);
    accessesModel_->setAccesses(result->accesses);
    const auto& ev = *result->evaluation;
    specState_->setText(tr("Valid — energy %1, latency %2 (evaluated in %3 ms)")
                            .arg(formatSi(ev.total_energy, "J"), formatSi(ev.total_latency, "s"),
                                 QString::number(result->seconds * 1000, 'f', 1)));
  } else if (const auto& problem = result->mappingProblem) {
    if (problem->where && problem->where->line > 0)
      mappingModel_->setNodeErrorAtLine(problem->where->line, QString::fromStdString(problem->message));
    plot_->setDimmed(true);
    specState_->setText(tr("Invalid mapping: %1").arg(QString::fromStdString(problem->message)));
  } else {
    specState_->setText(spec.mapping ? tr("Valid spec — add an architecture to evaluate the mapping")
                                     : tr("Valid spec — add a mapping to see buffer accesses"));
  }
  emit resultApplied(result);
}

void MainWindow::showDiagnostics(const ProjectResult& result) {
  QList<DiagnosticRow> rows;
  for (const auto& d : result.diagnostics)
    rows.append(DiagnosticRow{QString::fromStdString(d.where.file), d.where.line, d.where.column,
                              QString::fromStdString(d.field), QString::fromStdString(d.message),
                              d.severity == spec::Severity::Error});
  diagnostics_->setDiagnostics(rows);
  tabs_->applyDiagnostics(diagnostics_);
}

void MainWindow::restoreLayout() {
  const QSettings settings;
  if (const auto geometry = settings.value("window/geometry").toByteArray(); !geometry.isEmpty())
    restoreGeometry(geometry);
  if (const auto state = settings.value("window/state").toByteArray(); !state.isEmpty()) restoreState(state);
}

void MainWindow::saveLayout() const {
  QSettings settings;
  settings.setValue("window/geometry", saveGeometry());
  settings.setValue("window/state", saveState());
}

void MainWindow::closeEvent(QCloseEvent* event) {
  if (!tabs_->requestCloseAll()) {
    event->ignore();
    return;
  }
  saveLayout();
  event->accept();
}

}  // namespace af::ui
