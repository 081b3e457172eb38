// The Pareto plot at real scale (issue 22): GPT-3's two front points, 1.5% apart in energy and
// 0.3% in latency, must be two marks, not one star; wheel and drag change the view and the
// live updates keep it until a double-click fits again; the table lists the same points and
// selects together with the plot. Fed with snapshots, as the controller feeds it.
#include <qcustomplot.h>

#include <QTableWidget>
#include <QtTest>
#include <cmath>

#include "explore/pareto_plot.h"
#include "qt_warnings.h"
#include "window_fixture.h"

using namespace af::ui;

namespace {

FrontSnapshotPtr snapshot(std::vector<af::mapper::FrontPoint> points) {
  auto s = std::make_shared<FrontSnapshot>();
  s->joined = std::move(points);
  s->einsumsJoined = 1;
  return s;
}

double distance(const QPoint& a, const QPoint& b) { return std::hypot(a.x() - b.x(), a.y() - b.y()); }

}  // namespace

class TestParetoPlot : public QObject {
  Q_OBJECT
 private slots:
  void initTestCase() { test::useTestSettings(); }
  void init() { test::failOnQtWarnings(); }

  void close_points_stay_apart() {
    ParetoPlot plot;
    plot.resize(600, 400);
    plot.show();
    QVERIFY(QTest::qWaitForWindowExposed(&plot));
    plot.setFront(snapshot({{159.3e-3, 6.79e-3}, {161.8e-3, 6.77e-3}}));
    plot.customPlot()->replot();
    QCOMPARE(plot.pointCount(), 2);
    QVERIFY2(distance(plot.pixelOf(0), plot.pixelOf(1)) > 100,
             qPrintable(QString::number(distance(plot.pixelOf(0), plot.pixelOf(1)))));
    QCOMPARE(plot.customPlot()->xAxis->scaleType(), QCPAxis::stLinear);
    // Both inside the axes, with a margin.
    const QRect inside = plot.customPlot()->axisRect()->rect();
    for (int i = 0; i < 2; ++i) QVERIFY(inside.adjusted(5, 5, -5, -5).contains(plot.pixelOf(i)));

    // Over several decades the axes are logarithmic.
    plot.setFront(snapshot({{1e-6, 1e-2}, {1e-3, 1e-5}, {1e-1, 1e-6}}));
    QCOMPARE(plot.customPlot()->xAxis->scaleType(), QCPAxis::stLogarithmic);
    QCOMPARE(plot.customPlot()->yAxis->scaleType(), QCPAxis::stLogarithmic);
  }

  // In a small pane (an 800x600 window) the key would cover the points: it goes, and comes
  // back when the pane grows. The tick labels thin out rather than overlap.
  void small_plots_drop_the_key() {
    ParetoPlot plot;
    plot.resize(600, 400);
    plot.show();
    QVERIFY(QTest::qWaitForWindowExposed(&plot));
    plot.setFront(snapshot({{1.0, 1.0}, {2.0, 0.5}, {3.0, 0.4}}));
    QVERIFY(plot.customPlot()->legend->visible());
    plot.resize(200, 200);
    QTRY_VERIFY(!plot.customPlot()->legend->visible());
    QVERIFY(plot.customPlot()->xAxis->ticker()->tickCount() <= 2);
    plot.resize(600, 400);
    QTRY_VERIFY(plot.customPlot()->legend->visible());
    QVERIFY(plot.customPlot()->xAxis->ticker()->tickCount() >= 4);
  }

  void zoom_survives_live_updates_until_double_click() {
    ParetoPlot plot;
    plot.resize(600, 400);
    plot.show();
    QVERIFY(QTest::qWaitForWindowExposed(&plot));
    plot.setFront(snapshot({{1.0, 1.0}, {2.0, 0.5}}));
    const QCPRange fitted = plot.customPlot()->xAxis->range();
    QVERIFY(!plot.userZoomed());
    // A wheel turn over the plot zooms in.
    QCustomPlot* cp = plot.customPlot();
    const QPoint centre = cp->axisRect()->rect().center();
    QWheelEvent wheel(centre, cp->mapToGlobal(centre), QPoint(), QPoint(0, 120), Qt::NoButton, Qt::NoModifier,
                      Qt::NoScrollPhase, false);
    QCoreApplication::sendEvent(cp, &wheel);
    QVERIFY(plot.userZoomed());
    const QCPRange zoomed = cp->xAxis->range();
    QVERIFY(zoomed.size() < fitted.size());
    // The next live front keeps the view.
    plot.setFront(snapshot({{1.0, 1.0}, {2.0, 0.5}, {3.0, 0.4}}));
    QCOMPARE(cp->xAxis->range().lower, zoomed.lower);
    QCOMPARE(cp->xAxis->range().upper, zoomed.upper);
    // Double-click fits the points again.
    QTest::mouseDClick(cp, Qt::LeftButton, Qt::NoModifier, centre + QPoint(3, 3));
    QVERIFY(!plot.userZoomed());
    // x is latency: 0.4 .. 1.0 s, y energy: 1 .. 3 J.
    QVERIFY2(cp->xAxis->range().contains(0.4) && cp->xAxis->range().contains(1.0) &&
                 cp->yAxis->range().contains(3.0),
             qPrintable(QString("%1 .. %2").arg(cp->xAxis->range().lower).arg(cp->xAxis->range().upper)));
  }

  void the_table_lists_and_selects_the_points() {
    ParetoPlot plot;
    plot.resize(600, 500);
    plot.show();
    QVERIFY(QTest::qWaitForWindowExposed(&plot));
    plot.setFront(snapshot({{159.3e-3, 6.79e-3}, {161.8e-3, 6.77e-3}}));
    plot.setTableVisible(true);
    QTableWidget* table = plot.pointsTable();
    QVERIFY(table->isVisible());
    QCOMPARE(table->rowCount(), 2);
    // Plot order is by latency: 6.77 ms first. Four significant digits and SI units.
    QCOMPARE(table->item(0, 2)->text(), QStringLiteral("6.77 ms"));
    QCOMPARE(table->item(0, 1)->text(), QStringLiteral("161.8 mJ"));
    QCOMPARE(table->item(1, 1)->text(), QStringLiteral("159.3 mJ"));

    table->selectRow(1);
    QCOMPARE(plot.selectedIndex(), std::optional<int>(1));
    plot.customPlot()->replot();
    QTest::mouseClick(plot.customPlot(), Qt::LeftButton, Qt::NoModifier, plot.pixelOf(0));
    QCOMPARE(plot.selectedIndex(), std::optional<int>(0));
    QCOMPARE(table->selectionModel()->selectedRows().size(), 1);
    QCOMPARE(table->selectionModel()->selectedRows().front().row(), 0);
  }
};

QTEST_MAIN(TestParetoPlot)
#include "test_pareto_plot.moc"
