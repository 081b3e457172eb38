// Issue 13 item 12: the layout from 800x600 up. At 1000x700 the editor shows a useful number of
// lines and the variables table several rows; at 800x600 the editor stays usable; growing the
// window back gives the plots back their room.
#include <QDockWidget>
#include <QHeaderView>
#include <QSettings>
#include <QTableView>
#include <QtTest>

#include "editors/document_set.h"
#include "editors/editor_tabs.h"
#include "editors/yaml_editor.h"
#include "explore/explore_session.h"
#include "explore/funnel_plot.h"
#include "explore/pareto_plot.h"
#include "main_window.h"
#include "plots/accesses_plot.h"
#include "qcustomplot.h"
#include "qt_warnings.h"
#include "views/variables_pane.h"
#include "window_fixture.h"

using namespace af::ui;

namespace {

int visibleLines(const YamlEditor* editor) {
  return editor->viewport()->height() / editor->fontMetrics().lineSpacing();
}

int visibleRows(const QTableView* table) {
  const int row = table->verticalHeader()->defaultSectionSize();
  return table->viewport()->height() / row;
}

// Resizes and waits until the docks have followed (DockLayout applies after the resize).
void resizeTo(MainWindow& w, int width, int height) {
  w.resize(width, height);
  QTest::qWait(50);
  QCoreApplication::processEvents();
  QTRY_COMPARE(w.size(), QSize(width, height));
  QTest::qWait(50);
}

}  // namespace

class TestSmallWindows : public QObject {
  Q_OBJECT
 private slots:
  void initTestCase() {
    QCoreApplication::setApplicationName("test_small_windows");
    test::useTestSettings();
  }
  void init() {
    af::ui::test::failOnQtWarnings();
    QSettings().clear();
  }

  void layout_works_from_800x600_up() {
    test::WindowFixture t;
    MainWindow& w = t.w;
    QVERIFY(t.show());
    QVERIFY(t.openExample("two_level_matmul"));
    QTest::qWait(50);
    auto* plots = w.findChild<QDockWidget*>(MainWindow::kPlotsDock);
    const int plotsAtStart = plots->height();
    QVERIFY2(plotsAtStart >= 220, qPrintable(QString::number(plotsAtStart)));

    resizeTo(w, 1000, 700);
    const YamlEditor* editor = w.editorTabs()->currentEditor();
    QVERIFY(editor);
    QVERIFY2(visibleLines(editor) >= 14, qPrintable(QString::number(visibleLines(editor))));
    QVERIFY2(editor->viewport()->width() >= 420, qPrintable(QString::number(editor->viewport()->width())));
    const QTableView* variables = w.variablesPane()->table();
    QCOMPARE(variables->model()->rowCount(), 3);  // M, K, N
    QVERIFY2(visibleRows(variables) >= 3, qPrintable(QString::number(visibleRows(variables))));
    QVERIFY(plots->height() >= 150);
    // Issue 22: the accesses plot keeps 200 px, the front too once a run shows, and the Mapper
    // pane is beside the results (its own place in the right column, not a hidden tab).
    const int accessesHeight = w.accessesPlot()->customPlot()->height();
    QVERIFY2(accessesHeight >= 200, qPrintable(QString::number(accessesHeight)));
    QVERIFY(w.showView("pareto"));
    QTest::qWait(50);
    const int frontHeight = w.explore()->paretoPlot()->customPlot()->height();
    QVERIFY2(frontHeight >= 200, qPrintable(QString::number(frontHeight)));
    QVERIFY2(w.explore()->paretoPlot()->width() >= 200,
             qPrintable(QString::number(w.explore()->paretoPlot()->width())));
    auto* mapper = w.findChild<QDockWidget*>(MainWindow::kMapperDock);
    auto* inspector = w.findChild<QDockWidget*>(MainWindow::kInspectorDock);
    // Only the Sweep pane shares its place (its settings apply to each point), behind it.
    const auto tabbed = w.tabifiedDockWidgets(mapper);
    QVERIFY(tabbed.isEmpty() ||
            (tabbed.size() == 1 && tabbed.front()->objectName() == MainWindow::kSweepDock));
    QVERIFY(!mapper->visibleRegion().isEmpty());
    QVERIFY(tabbed.isEmpty() || tabbed.front()->visibleRegion().isEmpty());
    QVERIFY(mapper->isVisible() && inspector->isVisible());
    QVERIFY2(mapper->height() >= 200 && inspector->height() >= 200,
             qPrintable(QString("%1, %2").arg(mapper->height()).arg(inspector->height())));
    QVERIFY(mapper->geometry().left() >= w.centralWidget()->geometry().right());  // beside, not under
    QVERIFY(w.showView("editors"));

    resizeTo(w, 800, 600);
    QVERIFY2(visibleLines(editor) >= 10, qPrintable(QString::number(visibleLines(editor))));
    QVERIFY2(editor->viewport()->width() >= 330, qPrintable(QString::number(editor->viewport()->width())));
    QVERIFY(plots->height() >= 150);
    QVERIFY(visibleRows(variables) >= 2);

    // Grown back, the plots get their room back.
    resizeTo(w, 1400, 900);
    QTRY_VERIFY2(qAbs(plots->height() - plotsAtStart) <= 12,
                 qPrintable(QString("%1 vs %2").arg(plots->height()).arg(plotsAtStart)));
    // Where both fit, the front and the funnel share the page evenly (a transformer's funnel
    // needs the width as much as the front).
    QVERIFY(w.showView("funnel"));
    const auto frontWidth = [&] { return w.explore()->paretoPlot()->width(); };
    const auto funnelWidth = [&] { return w.explore()->funnelPlot()->width(); };
    QTRY_VERIFY2(qAbs(frontWidth() - funnelWidth()) <= 12,
                 qPrintable(QString("%1 vs %2").arg(frontWidth()).arg(funnelWidth())));
  }

  // The sweep and playback pages carry their own plots: while one shows, the Plots dock gives
  // it most of the height; back on the editors, the dock has its own height again. A separator
  // dragged on such a page is that page's height the next time.
  void pages_with_their_own_plots_get_the_height() {
    test::WindowFixture t;
    MainWindow& w = t.w;
    QVERIFY(t.show());
    QVERIFY(t.openExample("spatial_array_conv"));
    resizeTo(w, 1400, 900);
    auto* plots = w.findChild<QDockWidget*>(MainWindow::kPlotsDock);
    const int own = plots->height();
    QVERIFY2(own >= 300, qPrintable(QString::number(own)));
    const auto centre = [&] { return w.centralWidget()->height(); };
    for (const char* page : {"playback", "sweep"}) {
      QVERIFY(w.showView(page));
      QTRY_VERIFY2(plots->height() <= 0.26 * 900, qPrintable(QString::number(plots->height())));
      QVERIFY2(plots->height() >= 150, qPrintable(QString::number(plots->height())));
      QVERIFY2(centre() >= 0.58 * 900, qPrintable(QString::number(centre())));
      QVERIFY(w.showView("editors"));
      QTRY_VERIFY2(qAbs(plots->height() - own) <= 12,
                   qPrintable(QString("%1 vs %2").arg(plots->height()).arg(own)));
    }
    // Resizing keeps the page's share too.
    QVERIFY(w.showView("playback"));
    resizeTo(w, 1200, 1000);
    QTRY_VERIFY2(plots->height() <= 0.26 * 1000, qPrintable(QString::number(plots->height())));
    QVERIFY(w.showView("editors"));
    QTRY_VERIFY2(plots->height() >= 0.4 * 1000, qPrintable(QString::number(plots->height())));
  }
};

QTEST_MAIN(TestSmallWindows)
#include "test_small_windows.moc"
