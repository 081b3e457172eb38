#include "main_window.h"

#include <QCloseEvent>
#include <QDockWidget>
#include <QMenu>
#include <QMenuBar>
#include <QStatusBar>
#include <QTabWidget>
#include <QToolBar>
#include <QToolButton>
#include <algorithm>

#include "cim_opening_actions.h"
#include "component_costs_action.h"
#include "controller/project_controller.h"
#include "dock_layout.h"
#include "docks/inspector_dock.h"
#include "docks/status_line.h"
#include "edit_actions.h"
#include "editors/autosaver.h"
#include "editors/editor_tabs.h"
#include "editors/file_actions.h"
#include "editors/find_bar.h"
#include "help_actions.h"
#include "pages/page_context.h"
#include "project_actions.h"

// af_ui is a static library: its compiled-in resources (icons, examples) must be registered
// by name, from the global namespace, before first use.
static void registerExplorerResources() { Q_INIT_RESOURCE(resources); }

namespace af::ui {

namespace {

Qt::DockWidgetArea areaOf(PagePlace place) {
  switch (place) {
    case PagePlace::Left:
      return Qt::LeftDockWidgetArea;
    case PagePlace::Right:
      return Qt::RightDockWidgetArea;
    case PagePlace::Bottom:
    case PagePlace::Centre:
      break;
  }
  return Qt::BottomDockWidgetArea;
}

}  // namespace

MainWindow::MainWindow(PageTable pages, QWidget* parent) : QMainWindow(parent), pages_(std::move(pages)) {
  registerExplorerResources();
  setObjectName("mainWindow");
  setWindowTitle(tr("AccelForge Explorer"));
  setWindowIcon(QIcon(":/icons/accelforge-explorer.svg"));
  setDockOptions(QMainWindow::AnimatedDocks | QMainWindow::AllowTabbedDocks | QMainWindow::AllowNestedDocks);

  controller_ = new ProjectController(this);
  context_ = std::make_unique<PageContext>(this, controller_);
  context_->showView = [this](const QString& view) { return showView(view); };
  context_->tell = [this](const QString& text, int ms) { statusBar()->showMessage(text, ms); };
  context_->confirmDiscard = [this](const QString& action) {
    return projectActions_->confirmDiscard(action);
  };
  context_->openExample = [this](const QString& example) { return projectActions_->openExample(example); };
  dockLayout_ = new DockLayout(this);
  placePages();
  buildMenus();
  addPageActions();
  status_ = new StatusLine(controller_, statusBar());
  for (const Page& p : pages_.pages())
    if (p.connect) p.connect(*context_, page(p.id));
  // Connected after every page subscribed, so these say that the views have it.
  connect(controller_, &ProjectController::specLoaded, this, &MainWindow::resultApplied);
  connect(controller_, &ProjectController::resultsCleared, this, &MainWindow::resultsCleared);
  resize(1400, 900);
  dockLayout_->keepAsDefault();
  dockLayout_->restoreSaved();
}

MainWindow::~MainWindow() = default;

void MainWindow::placePages() {
  centralTabs_ = new QTabWidget(this);
  centralTabs_->setObjectName("centralTabs");
  centralTabs_->setTabPosition(QTabWidget::South);
  centralTabs_->setDocumentMode(true);
  // The docks give way before the editor drops below a dozen lines of sixty columns.
  centralTabs_->setMinimumSize(360, 220);
  setCentralWidget(centralTabs_);
  // The right column runs the window's full height: the panes stacked there keep room when the
  // bottom docks grow.
  setCorner(Qt::BottomRightCorner, Qt::RightDockWidgetArea);
  for (const Page& p : pages_.pages()) {
    QWidget* content = p.build(*context_);
    if (p.place == PagePlace::Centre) {
      content->setObjectName(p.id);
      centralTabs_->addTab(content, p.title);
      context_->setPlaced(p.id, content, nullptr);
      continue;
    }
    auto* dock = new QDockWidget(p.title, this);
    dock->setObjectName(p.id);
    dock->setWidget(content);
    if (p.minimumSize.width() > 0) dock->setMinimumWidth(p.minimumSize.width());
    if (p.minimumSize.height() > 0) dock->setMinimumHeight(p.minimumSize.height());
    addDockWidget(areaOf(p.place), dock);
    if (QDockWidget* above = this->dock(p.stackedUnder))
      splitDockWidget(above, dock, Qt::Vertical);
    else if (QDockWidget* group = this->dock(p.tabbedWith))
      tabifyDockWidget(group, dock);
    context_->setPlaced(p.id, content, dock);
    if (p.share > 0) dockLayout_->track(dock, p.share, p.heightShare);
  }
  for (const Page& p : pages_.pages())
    if (QDockWidget* d = dock(p.id); d && p.raised) d->raise();
  // Pages with plots of their own get most of the height while they show.
  connect(centralTabs_, &QTabWidget::currentChanged, this, [this](int index) {
    const QWidget* shown = centralTabs_->widget(index);
    const auto& all = pages_.pages();
    dockLayout_->giveCentreHeight(std::any_of(
        all.begin(), all.end(), [&](const Page& p) { return p.wantsHeight && page(p.id) == shown; }));
  });
}

void MainWindow::buildMenus() {
  fileActions_ = new FileActions(editorTabs(), this);
  projectActions_ = new ProjectActions(controller_, editorTabs(), this);
  editActions_ = new EditActions(editorTabs(), findBar(), this);
  // Tree edits are edits of the mapping file: Undo in the Inspector undoes them there.
  editActions_->setInspector(inspector(), [this] { return controller_->mappingDocument(); });

  auto* file = menuBar()->addMenu(tr("&File"));
  file->setObjectName("fileMenu");
  file->addAction(projectActions_->openAction());
  file->addMenu(projectActions_->recentMenu());
  file->addActions(fileActions_->actions());
  file->addAction(projectActions_->saveProjectAction());
  file->addAction(projectActions_->closeAllAction());
  file->addSeparator();
  auto* costs = new ComponentCostsAction(controller_, this);
  file->addActions({costs->chooseAction(), costs->detachAction()});
  file->addMenu((new CimOpeningActions(controller_, this))->menu());
  connect(costs, &ComponentCostsAction::message, this,
          [this](const QString& text) { context_->tell(text, 10000); });
  file->addSeparator();
  file->addAction(tr("&Quit"), this, &QWidget::close)->setShortcut(QKeySequence::Quit);

  auto* edit = menuBar()->addMenu(tr("&Edit"));
  edit->setObjectName("editMenu");
  edit->addActions(editActions_->actions());
  connect(edit, &QMenu::aboutToShow, editActions_, &EditActions::updateEnabled);

  menuBar()->addMenu(projectActions_->examplesMenu());

  auto* run = menuAt("Run");
  auto* evaluate = run->addAction(tr("&Evaluate"), this, &MainWindow::revalidate);
  evaluate->setShortcut(Qt::Key_F5);
  stopAction_ = new QAction(tr("&Stop"), this);
  stopAction_->setShortcut(Qt::Key_Escape);
  connect(stopAction_, &QAction::triggered, controller_, &ProjectController::stopAll);

  auto* view = menuAt("View");
  for (auto* dock : findChildren<QDockWidget*>()) view->addAction(dock->toggleViewAction());
  view->addSeparator();
  view->addAction(tr("&Reset Layout"), dockLayout_, &DockLayout::reset)->setObjectName("resetLayoutAction");

  helpActions_ = new HelpActions(this, [this] { return controller_->examplesDirectory(); });
  menuBar()->addMenu(helpActions_->menu());

  toolbar_ = addToolBar(tr("Main"));
  toolbar_->setObjectName("mainToolBar");
  toolbar_->setMovable(false);
  toolbar_->addAction(projectActions_->openAction());
  auto* examples = new QToolButton(toolbar_);
  examples->setText(tr("Examples"));
  examples->setToolTip(tr("Open a bundled example in place of the open files"));
  examples->setMenu(projectActions_->examplesMenu());
  examples->setPopupMode(QToolButton::InstantPopup);
  toolbar_->addWidget(examples);
  toolbar_->addAction(fileActions_->saveAction());
  toolbar_->addSeparator();
  toolbar_->addAction(evaluate);

  // Status-bar messages and the first page after the project is replaced.
  connect(projectActions_, &ProjectActions::message, this,
          [this](const QString& text) { context_->tell(text, 10000); });
  connect(projectActions_, &ProjectActions::projectReplaced, this,
          [this] { centralTabs_->setCurrentIndex(0); });
  connect(controller_, &ProjectController::failed, this,
          [this](const QString& what) { context_->tell(tr("Internal error: %1").arg(what), 10000); });
}

// Each page's actions in the menus its table entry names (a submenu made on first use, at the
// top of its menu), the toolbar's between Evaluate and Stop.
void MainWindow::addPageActions() {
  for (const Page& p : pages_.pages())
    for (const PageAction& a : p.actions) {
      auto* action = new QAction(a.text, this);  // the window's, so tests and shortcuts find it
      action->setObjectName(a.objectName);
      action->setShortcut(a.shortcut);
      action->setToolTip(a.toolTip);
      connect(action, &QAction::triggered, this, [this, trigger = a.trigger] { trigger(*context_); });
      menuAt(a.menu)->addAction(action);
      if (a.toolbar) toolbar_->addAction(action);
    }
  menuAt("Run")->addAction(stopAction_);
  toolbar_->addAction(stopAction_);
}

QMenu* MainWindow::menuAt(const QString& path) {
  const QString top = path.section('/', 0, 0);
  QMenu* menu = top == QLatin1String("Help") ? helpActions_->menu() : nullptr;
  for (QAction* a : menuBar()->actions())
    if (!menu && a->menu() && a->text().remove('&') == top) menu = a->menu();
  if (!menu) {
    // A new top menu goes before View, so that View and Help stay last.
    menu = new QMenu(QLatin1Char('&') + top, this);
    QAction* before = nullptr;
    for (QAction* a : menuBar()->actions())
      if (a->menu() && a->text().remove('&') == QLatin1String("View")) before = a;
    menuBar()->insertMenu(before, menu);
  }
  const QString sub = path.section('/', 1);
  if (sub.isEmpty()) return menu;
  for (QAction* a : menu->actions())
    if (a->menu() && a->text() == sub) return a->menu();
  auto* submenu = new QMenu(sub, menu);
  submenu->setObjectName(sub.toLower().remove('&').section(':', 0, 0).trimmed() + QStringLiteral("Menu"));
  menu->insertMenu(menu->actions().value(0), submenu);
  return submenu;
}

void MainWindow::setPrompts(ProjectPrompts prompts) { projectActions_->setPrompts(std::move(prompts)); }

QStringList MainWindow::openFiles(const QStringList& paths) {
  QStringList problems;
  for (const FileError& e : controller_->openProject(paths)) problems << e.message;
  return problems;
}

void MainWindow::setAssignments(const QStringList& assignments) {
  controller_->setCommandLineAssignments(assignments);
}

bool MainWindow::showView(const QString& name) {
  const Page* p = pages_.pageOf(name);
  if (!p) return false;
  if (QDockWidget* d = dock(p->id)) {
    d->show();
    d->raise();
  } else {
    centralTabs_->setCurrentWidget(page(p->id));
  }
  if (p->focus) p->focus(page(p->id), name);
  return true;
}

QWidget* MainWindow::page(const QString& id) const { return context_->page(id); }
QDockWidget* MainWindow::dock(const QString& id) const { return context_->dock(id); }

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
