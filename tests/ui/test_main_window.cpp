// The main window constructs offscreen with its docks and keeps its layout; results reach the
// views through their own subscriptions to the controller, not through the window.
#include <QDockWidget>
#include <QGraphicsScene>
#include <QProgressBar>
#include <QSettings>
#include <QTabWidget>
#include <QtTest>

#include "controller/project_controller.h"
#include "docks/inspector_dock.h"
#include "docks/plots_dock.h"
#include "docks/spec_views.h"
#include "editors/document_set.h"
#include "editors/spec_document.h"
#include "main_window.h"
#include "mapping/mapping_tree_model.h"
#include "models/accesses_model.h"
#include "plots/accesses_plot.h"
#include "qt_warnings.h"
#include "views/architecture_view.h"
#include "views/diagram_scene.h"
#include "views/workload_view.h"
#include "window_fixture.h"

using af::ui::MainWindow;
using namespace af::ui;

class TestMainWindow : public QObject {
  Q_OBJECT
 private slots:
  void init() { af::ui::test::failOnQtWarnings(); }
  void initTestCase() { af::ui::test::useTestSettings(); }

  void constructs_with_docks() {
    MainWindow w;
    for (const char* name : {MainWindow::kProjectDock, MainWindow::kInspectorDock, MainWindow::kPlotsDock,
                             MainWindow::kDiagnosticsDock}) {
      auto* dock = w.findChild<QDockWidget*>(name);
      QVERIFY2(dock != nullptr, name);
      QVERIFY(dock->widget() != nullptr);
    }
    QVERIFY(w.editorTabs() != nullptr);
    QVERIFY(w.progressBar() != nullptr);
    QVERIFY(w.findChild<QWidget*>("accessesPlot") != nullptr);
  }

  void shows_and_exposes() {
    MainWindow w;
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
  }

  void remembers_layout() {
    {
      MainWindow w;
      w.show();
      QVERIFY(QTest::qWaitForWindowExposed(&w));
      w.findChild<QDockWidget*>(MainWindow::kDiagnosticsDock)->hide();
      w.close();
    }
    MainWindow again;
    again.show();
    QVERIFY(QTest::qWaitForWindowExposed(&again));
    QVERIFY(!again.findChild<QDockWidget*>(MainWindow::kDiagnosticsDock)->isVisible());
    QSettings().clear();
  }

  // Views made after the window connect themselves to its controller and receive the next
  // results as the window's own do: fresh, stale while the files have errors (the plot
  // dimmed, the drawings kept), cleared when the project closes. Nothing passes through the
  // window.
  void views_subscribe_themselves() {
    test::WindowFixture t;
    const auto first = t.openExample("two_level_matmul");
    QVERIFY(first && first->evaluation);
    ProjectController* controller = t.w.controller();

    PlotsDock plots(controller);
    InspectorDock inspector(controller);
    ArchitectureView arch;
    followSpec(controller, &arch);
    WorkloadView workload;
    followSpec(controller, &workload);
    QSignalSpy published(controller, &ProjectController::evaluationPublished);
    QCOMPARE(plots.accessesModel()->rowCount(), 0);

    const auto fresh = t.result([&] { t.w.revalidate(); });
    QVERIFY(fresh && fresh->evaluation);
    QCOMPARE(published.count(), 1);
    QCOMPARE(published.last().at(1).value<Freshness>(), Freshness::Fresh);
    QCOMPARE(plots.shown(), fresh);
    QVERIFY(plots.accessesModel()->rowCount() > 0);
    QVERIFY(!plots.accessesPlot()->isDimmed());
    QVERIFY(inspector.mappingModel()->rowCount() > 0);
    QVERIFY(!arch.computeNames().isEmpty());
    QVERIFY(!workload.scene()->items().isEmpty());

    // A broken file: the last valid evaluation stays, dimmed, in the late view as in the window's.
    SpecDocument* archDoc = controller->documents()->documents().first();
    const auto broken = t.result([&] {
      archDoc->setText(archDoc->text() + "\n  - !Bogus {}\n");
      t.w.revalidate();
    });
    QVERIFY(broken && !broken->valid());
    QCOMPARE(published.last().at(1).value<Freshness>(), Freshness::Stale);
    QCOMPARE(plots.shown(), fresh);
    QVERIFY(plots.accessesPlot()->isDimmed());
    QVERIFY(t.w.accessesPlot()->isDimmed());
    QVERIFY(!arch.computeNames().isEmpty());

    // Closed: every view is empty.
    controller->closeProject();
    QCOMPARE(published.last().at(1).value<Freshness>(), Freshness::Cleared);
    QCOMPARE(plots.accessesModel()->rowCount(), 0);
    QCOMPARE(inspector.mappingModel()->rowCount(), 0);
    QVERIFY(arch.computeNames().isEmpty());
    QVERIFY(workload.scene()->items().isEmpty());
  }

  // Issue 22: the Diagnostics dock shares the Plots' place (so that the plots keep their
  // height). Its tab counts the errors; it comes to the front when a load has errors and the
  // plots have nothing to show, and gives the place back when the spec evaluates again. A
  // valid spec edited into an invalid one keeps the (dimmed) plots in front: typing never
  // flips the tabs.
  void diagnostics_share_the_plots_place() {
    test::WindowFixture t;
    QVERIFY(t.show());
    auto* plots = t.w.findChild<QDockWidget*>(MainWindow::kPlotsDock);
    auto* diagnostics = t.w.findChild<QDockWidget*>(MainWindow::kDiagnosticsDock);
    QVERIFY(t.w.tabifiedDockWidgets(plots).contains(diagnostics));
    const auto inFront = [](const QDockWidget* dock) { return !dock->visibleRegion().isEmpty(); };
    QVERIFY(inFront(plots) && !inFront(diagnostics));
    QCOMPARE(diagnostics->windowTitle(), QString("Diagnostics"));

    // Valid, then broken by an edit: the plots stay in front, the tab counts.
    QVERIFY(t.openExample("two_level_matmul"));
    SpecDocument* arch = t.w.controller()->documents()->documents().first();
    const QString good = arch->text();
    const auto edited = t.result([&] {
      arch->setText(good + "\n  - !Bogus {}\n");
      t.w.revalidate();
    });
    QVERIFY(edited && !edited->valid());
    QTest::qWait(20);
    QVERIFY(inFront(plots));
    QVERIFY2(diagnostics->windowTitle().startsWith("Diagnostics (1 error"), qPrintable(diagnostics->windowTitle()));

    // Files that open with errors: nothing to plot, so Diagnostics comes to the front.
    QTemporaryDir dir;
    QStringList paths;
    for (const char* name : {"arch.yaml", "workload.yaml", "mapping.yaml"}) {
      QFile file(dir.filePath(name));
      QVERIFY(file.open(QIODevice::WriteOnly));
      QByteArray text = test::exampleFile("two_level_matmul", name);
      if (QByteArray(name) == "arch.yaml") text += "\n  - !Bogus {}\n";
      file.write(text);
      paths << file.fileName();
    }
    const auto opened = t.openFiles(paths);
    QVERIFY(opened && !opened->valid());
    QTRY_VERIFY(inFront(diagnostics));
    QVERIFY(!inFront(plots));

    // Fixed: the plots take their place back.
    SpecDocument* brokenArch = t.w.controller()->documents()->documents().first();
    const auto fixed = t.result([&] {
      brokenArch->setText(QString::fromUtf8(test::exampleFile("two_level_matmul", "arch.yaml")));
      t.w.revalidate();
    });
    QVERIFY(fixed && fixed->valid() && fixed->evaluation);
    QTRY_VERIFY(inFront(plots));
    QCOMPARE(diagnostics->windowTitle(), QString("Diagnostics"));
  }
};

QTEST_MAIN(TestMainWindow)
#include "test_main_window.moc"
