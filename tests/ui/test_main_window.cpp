// The main window constructs offscreen with the docks later issues fill, and keeps its layout.
#include <QDockWidget>
#include <QProgressBar>
#include <QSettings>
#include <QTabWidget>
#include <QtTest>

#include "main_window.h"
#include "qt_warnings.h"
#include "window_fixture.h"

using af::ui::MainWindow;

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
};

QTEST_MAIN(TestMainWindow)
#include "test_main_window.moc"
