// The window's pages come from one table: a page registered there — and nowhere else — is
// placed where its entry says, its views are listed by --help and reachable by --view, and its
// actions reach the menus. The explorer's own table names each page and view once.
#include <QAction>
#include <QDockWidget>
#include <QLabel>
#include <QMenuBar>
#include <QSet>
#include <QTabWidget>
#include <QtTest>

#include "command_line.h"
#include "pages/page_context.h"
#include "pages/page_table.h"
#include "window_fixture.h"

using namespace af::ui;

namespace {

// A page of the test's own: a label, and a counter its action bumps.
Page labelPage(const QString& id, PagePlace place, const QString& view, int* triggered) {
  return {.id = id,
          .title = QStringLiteral("Test page ") + id,
          .place = place,
          .views = {{view, QStringLiteral("a page the test added")}},
          .build =
              [id](PageContext& c) {
                auto* label = new QLabel(QStringLiteral("content of ") + id, c.window());
                label->setObjectName(id + QStringLiteral("Content"));
                return label;
              },
          .actions = {{.objectName = id + QStringLiteral("Action"),
                       .text = QStringLiteral("Test action"),
                       .menu = QStringLiteral("Run"),
                       .shortcut = QKeySequence(Qt::CTRL | Qt::ALT | Qt::Key_T),
                       .trigger = [triggered](PageContext&) { ++*triggered; }}},
          .tabbedWith = place == PagePlace::Centre ? QString() : QString(MainWindow::kPlotsDock),
          .share = place == PagePlace::Centre ? 0.0 : 0.45};
}

}  // namespace

class TestPageTable : public QObject {
  Q_OBJECT
 private slots:
  void initTestCase() { test::useTestSettings(); }

  // Each page id and each view name once; every page builds something and names a view.
  void the_explorer_table_is_well_formed() {
    const PageTable table = defaultPages();
    QVERIFY(table.pages().size() >= 13);
    QSet<QString> ids, views;
    for (const Page& p : table.pages()) {
      QVERIFY2(!ids.contains(p.id), qPrintable(p.id));
      ids.insert(p.id);
      QVERIFY2(bool(p.build), qPrintable(p.id));
      QVERIFY2(!p.views.isEmpty(), qPrintable(p.id));
      for (const PageView& v : p.views) {
        QVERIFY2(!views.contains(v.name), qPrintable(v.name));
        views.insert(v.name);
        QVERIFY2(!v.summary.isEmpty(), qPrintable(v.name));
      }
    }
    for (const char* view : {"editors", "architecture", "workload", "pareto", "funnel", "sweep", "playback",
                             "history", "accesses", "occupancy", "latency", "table"})
      QVERIFY2(table.pageOf(view), view);
    // A second page with a taken id or view is refused.
    PageTable copy = table;
    int unused = 0;
    QVERIFY(!copy.add(labelPage("editorsPage", PagePlace::Centre, "new-view", &unused)));
    QVERIFY(!copy.add(labelPage("newPage", PagePlace::Centre, "editors", &unused)));
    QCOMPARE(copy.pages().size(), table.pages().size());
  }

  // A dock and a centre page added through the table alone: placed, shown by --view, listed by
  // --help, their actions in the menu they name.
  void a_page_added_through_the_table_is_docked_listed_and_reachable() {
    int dockTriggered = 0, centreTriggered = 0;
    PageTable table = defaultPages();
    QVERIFY(table.add(labelPage("testDock", PagePlace::Bottom, "test-dock", &dockTriggered)));
    QVERIFY(table.add(labelPage("testCentre", PagePlace::Centre, "test-centre", &centreTriggered)));
    MainWindow w(table);
    w.resize(1400, 900);
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));

    // Docked where the entry says, tabbed with the Plots dock.
    QDockWidget* dock = w.dock("testDock");
    QVERIFY(dock);
    QCOMPARE(w.dockWidgetArea(dock), Qt::BottomDockWidgetArea);
    QVERIFY(w.tabifiedDockWidgets(w.dock(MainWindow::kPlotsDock)).contains(dock));
    QCOMPARE(dock->widget()->objectName(), QStringLiteral("testDockContent"));
    // A centre page is a tab of the centre.
    QWidget* centre = w.page("testCentre");
    QVERIFY(centre);
    QVERIFY(w.centralTabs()->indexOf(centre) >= 0);
    QCOMPARE(w.centralTabs()->tabText(w.centralTabs()->indexOf(centre)),
             QStringLiteral("Test page testCentre"));

    // Reachable by --view: the window brings each to the front.
    QVERIFY(w.showView("test-centre"));
    QCOMPARE(w.centralTabs()->currentWidget(), centre);
    // In front of its tab group (a dock behind a tab shows nothing of itself).
    const auto inFront = [](const QDockWidget* d) { return !d->visibleRegion().isEmpty(); };
    QVERIFY(w.showView("test-dock"));
    QTRY_VERIFY(inFront(dock));
    QVERIFY(!inFront(w.dock(MainWindow::kPlotsDock)));
    QVERIFY(w.showView("accesses"));  // and the others still work
    QTRY_VERIFY(inFront(w.dock(MainWindow::kPlotsDock)));
    QVERIFY(!inFront(dock));
    QVERIFY(!w.showView("no-such-view"));

    // Listed by --help, accepted by --view, and an unknown view is a usage error.
    const auto help = parseExplorerArguments({"accelforge-explorer", "--help"}, table);
    QCOMPARE(help.exitCode, 0);
    QVERIFY(
        help.out.contains(QRegularExpression(QStringLiteral("\\n  test-dock +a page the test added\\n"))));
    QVERIFY(help.out.contains(QStringLiteral("test-centre")));
    const auto chosen = parseExplorerArguments({"accelforge-explorer", "--view", "test-dock"}, table);
    QVERIFY(chosen.options);
    QCOMPARE(chosen.options->views, QStringList{"test-dock"});
    const auto unknown =
        parseExplorerArguments({"accelforge-explorer", "--view", "test-dock"}, defaultPages());
    QCOMPARE(unknown.exitCode, 2);
    QVERIFY(unknown.err.contains(QStringLiteral("unknown view 'test-dock'")));

    // Its actions are in the Run menu, with their shortcut, and trigger the page's own code.
    auto* action = w.findChild<QAction*>("testDockAction");
    QVERIFY(action);
    QCOMPARE(action->shortcut(), QKeySequence(Qt::CTRL | Qt::ALT | Qt::Key_T));
    bool inRun = false;
    for (QAction* top : w.menuBar()->actions())
      if (top->menu() && top->text().remove('&') == QLatin1String("Run"))
        inRun = top->menu()->actions().contains(action);
    QVERIFY(inRun);
    action->trigger();
    QCOMPARE(dockTriggered, 1);
    QCOMPARE(centreTriggered, 0);
  }

  // The explorer's own pages: the Map action lives in the Run menu and the toolbar, the lessons
  // under Help, each dock where its entry puts it.
  void the_explorer_pages_are_placed_as_the_table_says() {
    test::WindowFixture t;
    QVERIFY(t.show());
    for (const Page& p : t.w.pages().pages()) {
      QVERIFY2(t.w.page(p.id), qPrintable(p.id));
      if (p.place == PagePlace::Centre) {
        QVERIFY2(t.w.centralTabs()->indexOf(t.w.page(p.id)) >= 0, qPrintable(p.id));
        continue;
      }
      QDockWidget* dock = t.w.dock(p.id);
      QVERIFY2(dock, qPrintable(p.id));
      const Qt::DockWidgetArea want = p.place == PagePlace::Left    ? Qt::LeftDockWidgetArea
                                      : p.place == PagePlace::Right ? Qt::RightDockWidgetArea
                                                                    : Qt::BottomDockWidgetArea;
      QCOMPARE(t.w.dockWidgetArea(dock), want);
      if (!p.tabbedWith.isEmpty())
        QVERIFY2(t.w.tabifiedDockWidgets(t.w.dock(p.tabbedWith)).contains(dock), qPrintable(p.id));
      for (const PageView& v : p.views) QVERIFY2(t.w.showView(v.name), qPrintable(v.name));
    }
    QVERIFY(t.w.findChild<QAction*>("mapAction"));
    QCOMPARE(t.w.findChild<QAction*>("mapAction")->shortcut(), QKeySequence(Qt::Key_F6));
    QVERIFY(t.w.findChild<QMenu*>("lessonsMenu"));
    QVERIFY(t.w.findChild<QAction*>("lesson_output_stationary"));
  }
};

QTEST_MAIN(TestPageTable)
#include "test_page_table.moc"
