// The window on the bundled examples: the occupancy plot shows every buffer of
// spatial_array_conv (the 1 % global buffer and the 64-bit PE register included), and the plot,
// the workload graph and the mapping views colour each tensor from the one palette.
#include <qcustomplot.h>

#include <QAbstractGraphicsShapeItem>
#include <QtTest>

#include "main_window.h"
#include "plots/accesses_plot.h"
#include "views/diagram_scene.h"
#include "views/workload_view.h"
#include "window_fixture.h"

using namespace af::ui;

class TestWindowConsistency : public QObject {
  Q_OBJECT
 private slots:
  void initTestCase() { test::useTestSettings(); }
  // Any Qt warning fails (the offscreen platform's own note about size hints aside).
  void init() {
    QTest::failOnWarning(QRegularExpression(QStringLiteral("^(?!This plugin does not support).*")));
  }

  void occupancy_shows_every_buffer_of_spatial_array_conv() {
    test::WindowFixture t;
    QVERIFY(t.show());
    QVERIFY(t.w.showView(QStringLiteral("occupancy")));
    QVERIFY(t.openExample(QStringLiteral("spatial_array_conv")));
    AccessesPlot* plot = t.w.accessesPlot();
    QVERIFY(!plot->showsEmptyState());
    plot->customPlot()->replot();
    const auto& table = plot->table();
    QVERIFY(table.categories.contains("GlobalBuffer"));
    QVERIFY(table.categories.contains("Register"));
    QCPAxis* x = plot->customPlot()->xAxis;
    for (const QString buffer : {"GlobalBuffer", "Register"}) {
      double share = 0;
      for (const auto& t : table.series) {
        const QCPBars* bars = plot->barsFor(t);
        QVERIFY(bars);
        for (auto it = bars->data()->constBegin(); it != bars->data()->constEnd(); ++it)
          if (static_cast<int>(it->key) == table.categories.indexOf(buffer)) share += it->value;
      }
      const double px = x->coordToPixel(share) - x->coordToPixel(0);
      QVERIFY2(px >= 4, qPrintable(QStringLiteral("%1: %2 % is %3 px").arg(buffer).arg(share).arg(px)));
    }
    QCOMPARE(x->scaleType(), QCPAxis::stLinear);
  }

  void one_palette_for_every_view_and_every_run() {
    test::WindowFixture t;
    QVERIFY(t.show());
    QVERIFY(t.openExample(QStringLiteral("spatial_array_conv")));
    auto* graph = t.w.findChild<WorkloadView*>(QStringLiteral("workloadView"));
    QVERIFY(graph);
    AccessesPlot* plot = t.w.accessesPlot();
    QCOMPARE(&plot->tensorPalette(), &graph->tensorPalette());  // one object, lent to both
    QHash<QString, QColor> first;
    for (const QString t : {"I", "Wt", "O"}) {
      first[t] = plot->tensorPalette().colorFor(t);
      auto* oval = dynamic_cast<QAbstractGraphicsShapeItem*>(graph->scene()->findItem(t, kKindTensor));
      QVERIFY2(oval, qPrintable(t));
      QVERIFY(oval->pen().color() == first[t].darker(115) || oval->pen().color() == first[t].darker(170));
    }
    t.w.showView(QStringLiteral("occupancy"));
    for (const QString t : {"I", "Wt", "O"})
      if (const QCPBars* bars = plot->barsFor(t)) QCOMPARE(bars->brush().color().rgb(), first[t].rgb());
  }
};

QTEST_MAIN(TestWindowConsistency)
#include "test_window_consistency.moc"
