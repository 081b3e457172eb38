// The Roofline page, reached through the table like any page: it follows the evaluation the
// accesses plot shows, names what bounds each Einsum, and a click on a point selects the
// Einsum, which the workload graph outlines. On AccelForge's tpu_v4i with GPT-3 6.7B (unfused)
// it says which Einsums the off-chip bandwidth bounds.
#include <qcustomplot.h>

#include <QComboBox>
#include <QSignalSpy>
#include <QStatusBar>
#include <QtTest>

#include "controller/mapper_settings.h"
#include "controller/project_controller.h"
#include "explore/explore_session.h"
#include "pages/page_ids.h"
#include "roofline/roofline_view.h"
#include "support/shared_corpus.h"
#include "views/diagram_scene.h"
#include "views/workload_view.h"
#include "window_fixture.h"

using namespace af::ui;

class TestRooflineWindow : public QObject {
  Q_OBJECT
 private slots:
  void initTestCase() { test::useTestSettings(); }

  void the_bundled_convolution_shows_its_point_and_its_roofs() {
    test::WindowFixture t;
    QVERIFY(t.show());
    QVERIFY(t.openExample("spatial_array_conv"));
    QVERIFY(t.w.showView("roofline"));
    auto* view = qobject_cast<RooflineView*>(t.w.page(page_ids::kRoofline));
    QVERIFY(view);
    QCOMPARE(t.w.centralTabs()->currentWidget(), view);
    QCOMPARE(view->pointCount(), 1);
    QCOMPARE(view->levels(), (QStringList{"DRAM", "GlobalBuffer", "Register"}));
    QCOMPARE(view->level(), QStringLiteral("DRAM"));  // the outermost by default
    QVERIFY(view->emptyText().isEmpty());
    // Every word of the summary comes from the figures: DRAM (128 Gb/s) meets the 16 MACs' peak
    // (16 Gop/s) at 0.125 operations per bit.
    QVERIFY2(view->summary().contains(QStringLiteral("DRAM meets MAC's peak at 0.125 operations per bit")),
             qPrintable(view->summary()));

    // A click on the point selects the Einsum: the workload graph outlines it, the status bar
    // says what bounds it.
    QTest::qWait(50);
    const auto at = view->pointPosition("Conv");
    QVERIFY(at);
    QSignalSpy selected(view, &RooflineView::einsumSelected);
    QTest::mouseClick(view->customPlot(), Qt::LeftButton, {}, at->toPoint());
    QCOMPARE(selected.count(), 1);
    QCOMPARE(view->selectedEinsum(), QStringLiteral("Conv"));
    QCOMPARE(t.w.workloadView()->scene()->highlighted(), QStringLiteral("Conv"));
    QVERIFY2(t.w.statusBar()->currentMessage().startsWith(QStringLiteral("Conv: ")),
             qPrintable(t.w.statusBar()->currentMessage()));
    // And a click on the Einsum in the graph selects it here (the other way).
    emit t.w.workloadView()->einsumClicked(QString());
    QCOMPARE(view->selectedEinsum(), QString());

    // Another level moves the point: the GlobalBuffer's traffic is larger than the DRAM's.
    const QPointF dram = *view->pointValue("Conv");
    view->setLevel("GlobalBuffer");
    const QPointF buffer = *view->pointValue("Conv");
    QVERIFY(buffer.x() < dram.x());
    QCOMPARE(buffer.y(), dram.y());  // the same throughput, another intensity

    // A closed project leaves the page empty, saying what to do.
    t.w.controller()->closeProject();
    QTRY_VERIFY(!view->emptyText().isEmpty());
    QCOMPARE(view->pointCount(), 0);
  }

  void tpu_v4i_shows_which_gpt3_einsums_are_memory_bound() {
    AF_REQUIRE_CORPUS();
    test::WindowFixture t;
    QVERIFY(t.show());
    t.w.setAssignments({"BATCH_SIZE=1", "DECODE=False", "N_NEW_TOKENS=256"});
    const auto loaded =
        t.openFiles({af::test::reference_qfile("examples/arches/tpu_v4i.yaml"),
                     af::test::reference_qfile("examples/workloads/transformers/gpt/gpt3_6.7B.yaml")});
    QVERIFY(loaded && loaded->valid());
    QSignalSpy mapped(t.w.controller(), &ProjectController::mapped);
    QSignalSpy applied(&t.w, &MainWindow::resultApplied);
    af::ProjectMapperSettings settings;
    settings.unfused = true;
    settings.metrics = af::mapper::kEdp;
    t.w.controller()->mapperSettings()->choose(settings);
    QVERIFY(t.w.explore()->run());
    QVERIFY(mapped.wait(120000));
    QVERIFY(t.w.explore()->openMapping(0));
    QVERIFY(applied.wait(test::kResultTimeoutMs));
    QVERIFY(t.w.showView("roofline"));
    auto* view = qobject_cast<RooflineView*>(t.w.page(page_ids::kRoofline));
    QCOMPARE(view->level(), QStringLiteral("MainMemory"));
    QVERIFY(view->pointCount() >= 9);
    // The attention scores and their softmax move a whole sequence per operation or two: they
    // wait on the off-chip bandwidth; the projections and the feed-forward layers run at the
    // MAC array's peak.
    const QStringList bound = view->memoryBound();
    for (const char* einsum : {"QK", "QK_softmax", "AV"})
      QVERIFY2(bound.contains(einsum), qPrintable(bound.join(", ")));
    for (const char* einsum : {"V", "K", "Q", "FFA", "FFB"})
      QVERIFY2(!bound.contains(einsum), qPrintable(bound.join(", ")));
    QVERIFY(view->summary().startsWith(QStringLiteral("Memory-bound: ")));
  }
};

QTEST_MAIN(TestRooflineWindow)
#include "test_roofline_window.moc"
