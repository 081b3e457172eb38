#include "main_window.h"

#include <qcustomplot.h>

#include <QAction>
#include <QApplication>
#include <QCloseEvent>
#include <QDockWidget>
#include <QFile>
#include <QFileInfo>
#include <QFontDatabase>
#include <QLabel>
#include <QListWidget>
#include <QMenu>
#include <QMenuBar>
#include <QMessageBox>
#include <QPlainTextEdit>
#include <QProgressBar>
#include <QSettings>
#include <QStatusBar>
#include <QTabWidget>
#include <QToolBar>
#include <QTreeWidget>

namespace af::ui {

namespace {
// Empty states say what to do next (docs/GUI.md: "Empty states explain what to do").
QLabel* emptyState(const QString& text, QWidget* parent) {
  auto* label = new QLabel(text, parent);
  label->setAlignment(Qt::AlignCenter);
  label->setWordWrap(true);
  label->setEnabled(false);
  return label;
}
}  // namespace

MainWindow::MainWindow(QWidget* parent) : QMainWindow(parent) {
  setObjectName("mainWindow");
  setWindowTitle(tr("AccelForge Explorer"));
  setWindowIcon(QIcon(":/icons/accelforge-explorer.svg"));
  setDockOptions(QMainWindow::AnimatedDocks | QMainWindow::AllowTabbedDocks | QMainWindow::AllowNestedDocks);

  editorTabs_ = new QTabWidget(this);
  editorTabs_->setObjectName("editorTabs");
  editorTabs_->setDocumentMode(true);
  editorTabs_->setTabsClosable(true);
  editorTabs_->addTab(emptyState(tr("Open an architecture and a workload (File > Open),\n"
                                    "or pick one from Examples."),
                                 editorTabs_),
                      tr("Welcome"));
  setCentralWidget(editorTabs_);

  buildActions();
  buildDocks();
  buildStatusBar();
  resize(1400, 900);
  restoreLayout();
}

MainWindow::~MainWindow() = default;

void MainWindow::buildActions() {
  auto* file = menuBar()->addMenu(tr("&File"));
  auto* quit = file->addAction(tr("&Quit"), this, &QWidget::close);
  quit->setShortcut(QKeySequence::Quit);
  auto* view = menuBar()->addMenu(tr("&View"));
  view->setObjectName("viewMenu");
  auto* help = menuBar()->addMenu(tr("&Help"));
  help->addAction(tr("&About"), this, [this] {
    QMessageBox::about(this, tr("About AccelForge Explorer"),
                       tr("AccelForge Explorer %1\nExplore tensor-algebra accelerators.")
                           .arg(QApplication::applicationVersion()));
  });

  auto* toolbar = addToolBar(tr("Main"));
  toolbar->setObjectName("mainToolBar");
  toolbar->setMovable(false);
}

QDockWidget* MainWindow::addDock(const char* objectName, const QString& title, QWidget* content,
                                 Qt::DockWidgetArea area) {
  auto* dock = new QDockWidget(title, this);
  dock->setObjectName(objectName);
  dock->setWidget(content);
  addDockWidget(area, dock);
  if (auto* view = menuBar()->findChild<QMenu*>("viewMenu")) view->addAction(dock->toggleViewAction());
  return dock;
}

void MainWindow::buildDocks() {
  auto* project = new QTreeWidget(this);
  project->setObjectName("projectTree");
  project->setHeaderLabels({tr("Files and variables")});
  addDock(kProjectDock, tr("Project"), project, Qt::LeftDockWidgetArea);

  auto* inspector = new QTreeWidget(this);
  inspector->setObjectName("mappingTree");
  inspector->setHeaderLabels({tr("Mapping")});
  addDock(kInspectorDock, tr("Inspector"), inspector, Qt::RightDockWidgetArea);

  plotTabs_ = new QTabWidget(this);
  plotTabs_->setObjectName("plotTabs");
  auto* accesses = new QCustomPlot(plotTabs_);
  accesses->setObjectName("accessesPlot");
  accesses->xAxis->setLabel(tr("buffer"));
  accesses->yAxis->setLabel(tr("accesses (bits)"));
  plotTabs_->addTab(accesses, tr("Accesses per buffer"));
  plotTabs_->addTab(emptyState(tr("Run the mapper to see the Pareto front."), plotTabs_), tr("Pareto front"));
  plotTabs_->addTab(emptyState(tr("Run the mapper to see the keep-rate funnel."), plotTabs_),
                    tr("Keep-rate funnel"));
  addDock(kPlotsDock, tr("Plots"), plotTabs_, Qt::BottomDockWidgetArea);

  auto* diagnostics = new QListWidget(this);
  diagnostics->setObjectName("diagnosticsList");
  auto* diagDock = addDock(kDiagnosticsDock, tr("Diagnostics"), diagnostics, Qt::BottomDockWidgetArea);
  splitDockWidget(findChild<QDockWidget*>(kPlotsDock), diagDock, Qt::Vertical);
  resizeDocks({findChild<QDockWidget*>(kProjectDock), findChild<QDockWidget*>(kInspectorDock)}, {260, 320},
              Qt::Horizontal);
  resizeDocks({findChild<QDockWidget*>(kPlotsDock), diagDock}, {300, 110}, Qt::Vertical);
}

void MainWindow::buildStatusBar() {
  specState_ = new QLabel(tr("No spec loaded"), this);
  specState_->setObjectName("specState");
  jobState_ = new QLabel(tr("Idle"), this);
  jobState_->setObjectName("jobState");
  progress_ = new QProgressBar(this);
  progress_->setObjectName("jobProgress");
  progress_->setMaximumWidth(220);
  progress_->setRange(0, 100);
  progress_->setValue(0);
  progress_->setTextVisible(true);
  statusBar()->addWidget(specState_, 1);
  statusBar()->addPermanentWidget(jobState_);
  statusBar()->addPermanentWidget(progress_);
}

QStringList MainWindow::openFiles(const QStringList& paths) {
  QStringList failures;
  auto* project = findChild<QTreeWidget*>("projectTree");
  auto* diagnostics = findChild<QListWidget*>("diagnosticsList");
  for (const QString& path : paths) {
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly | QIODevice::Text)) {
      const QString problem = QStringLiteral("%1: %2").arg(path, file.errorString());
      failures << problem;
      diagnostics->addItem(problem);
      continue;
    }
    if (editorTabs_->count() == 1 && editorTabs_->tabText(0) == tr("Welcome")) editorTabs_->removeTab(0);
    auto* editor = new QPlainTextEdit(editorTabs_);
    editor->setObjectName("editor:" + QFileInfo(path).fileName());
    editor->setPlainText(QString::fromUtf8(file.readAll()));
    editor->setLineWrapMode(QPlainTextEdit::NoWrap);
    editor->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    const int index = editorTabs_->addTab(editor, QFileInfo(path).fileName());
    editorTabs_->setTabToolTip(index, QFileInfo(path).absoluteFilePath());
    auto* item = new QTreeWidgetItem(project, {QFileInfo(path).fileName()});
    item->setToolTip(0, QFileInfo(path).absoluteFilePath());
  }
  specState_->setText(tr("%n file(s) open", "", editorTabs_->count()));
  return failures;
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
  saveLayout();
  event->accept();
}

}  // namespace af::ui
