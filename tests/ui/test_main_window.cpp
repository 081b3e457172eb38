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
};

QTEST_MAIN(TestMainWindow)
#include "test_main_window.moc"
