// The Ski slope page, reached through the table like any page: "Map fused and unfused" maps
// the spec twice with the resource-usage objective, each front becomes steps (usage up, energy
// down), the two are drawn together, a click on a step opens its mapping, and a closed
// project leaves the page empty. On tpu_v4i with two matmuls the GlobalBuffer's slope shows.
#include <qcustomplot.h>

#include <QCheckBox>
#include <QElapsedTimer>
#include <QPushButton>
#include <QSignalSpy>
#include <QStatusBar>
#include <QtTest>

#include "controller/mapper_settings.h"
#include "controller/project_controller.h"
#include "editors/spec_document.h"
#include "explore/explore_session.h"
#include "explore/run_panel.h"
#include "mapping_edit/mapping_section.h"
#include "pages/page_ids.h"
#include "skislope/ski_slope_runs.h"
#include "skislope/ski_slope_view.h"
#include "support/shared_corpus.h"
#include "window_fixture.h"

using namespace af::ui;

namespace {

// Usage strictly up and the drawn value strictly down: a slope, not a cloud.
bool descends(const std::vector<af::io::SkiSlopeStep>& steps, bool traffic) {
  for (std::size_t i = 1; i < steps.size(); ++i) {
    const double before = traffic ? steps[i - 1].parent_bits : steps[i - 1].energy;
    const double now = traffic ? steps[i].parent_bits : steps[i].energy;
    if (!(steps[i].usage_bits > steps[i - 1].usage_bits) || !(now < before)) return false;
  }
  return true;
}

SkiSlopeView* skiSlope(test::WindowFixture& t) {
  return qobject_cast<SkiSlopeView*>(t.w.page(page_ids::kSkiSlope));
}

}  // namespace

class TestSkiSlopeWindow : public QObject {
  Q_OBJECT
 private slots:
  void initTestCase() { test::useTestSettings(); }

  void fused_and_unfused_slopes_and_a_click_opens_a_mapping() {
    test::WindowFixture t;
    QVERIFY(t.show());
    QVERIFY(t.openExample("three_level_matmul_chain"));
    QVERIFY(t.w.showView("skislope"));
    SkiSlopeView* view = skiSlope(t);
    QVERIFY(view);
    QCOMPARE(t.w.centralTabs()->currentWidget(), view);
    QVERIFY(!view->emptyText().isEmpty());  // says what to do before any run

    auto* runs = view->findChild<SkiSlopeRuns*>("skiSlopeRuns");
    QVERIFY(runs);
    QSignalSpy started(t.w.controller(), &ProjectController::mapperStarted);
    QSignalSpy changed(runs, &SkiSlopeRuns::changed);
    view->findChild<QPushButton*>("skiSlopeMap")->click();
    QVERIFY(t.w.settling());  // a screenshot would wait for the page
    QTRY_VERIFY_WITH_TIMEOUT(runs->runs().size() == 2 && !runs->busy(), 120000);
    QCOMPARE(started.count(), 2);  // fused, then unfused
    QVERIFY(!t.w.settling());
    QVERIFY(!runs->runs()[0]->unfused);
    QVERIFY(runs->runs()[1]->unfused);
    for (const auto& run : runs->runs()) QVERIFY((run->run->result.metrics & af::spec::kResourceUsage) != 0);

    // The memories with a usage, the first chosen; both slopes drawn, each descending.
    QVERIFY2(view->memories().contains("GlobalBuffer"), qPrintable(view->memories().join(", ")));
    view->setMemory("GlobalBuffer");
    QVERIFY(view->emptyText().isEmpty());
    QVERIFY(!view->steps(false).empty());
    QVERIFY(!view->steps(true).empty());
    QVERIFY(descends(view->steps(false), false));
    QVERIFY(descends(view->steps(true), false));
    QVERIFY2(view->summary().contains("fused: ") && view->summary().contains("unfused: "),
             qPrintable(view->summary()));
    // Fusion keeps intermediates on chip: its least energy is never above the unfused one's.
    QVERIFY(view->steps(false).back().energy <= view->steps(true).back().energy * (1 + 1e-9));

    // Against the parent's traffic: other values, still a slope.
    view->setAxis(af::io::SkiSlopeAxis::ParentTraffic);
    QVERIFY(descends(view->steps(false), true));
    QVERIFY(view->steps(false).back().parent_bits > 0);

    // A click on the fused slope's first step opens that mapping in the editors.
    QTest::qWait(50);
    const auto at = view->stepPosition(false, 0);
    QVERIFY(at);
    QSignalSpy clicked(view, &SkiSlopeView::stepClicked);
    QTest::mouseClick(view->customPlot(), Qt::LeftButton, {}, at->toPoint());
    QCOMPARE(clicked.count(), 1);
    QCOMPARE(clicked.last().at(0).toBool(), false);  // the fused step (drawn first)
    const auto row = static_cast<std::size_t>(clicked.last().at(1).toInt());
    QCOMPARE(row, view->steps(false).front().mapping);
    QVERIFY2(t.w.statusBar()->currentMessage().startsWith("Opened mapping"),
             qPrintable(t.w.statusBar()->currentMessage()));
    const std::string expected =
        af::mapping_edit::write_mapping_section(af::mapper::mapping_of(runs->runs()[0]->run->result, row));
    QTRY_VERIFY(t.w.controller()->mappingDocument() &&
                t.w.controller()->mappingDocument()->text().toStdString().find(expected.substr(0, 40)) !=
                    std::string::npos);

    // Opening a mapping changes nothing the mapper reads: the slopes still answer for the spec.
    QTRY_VERIFY(t.w.controller()->lastResult() &&
                t.w.controller()->lastResult()->mapperInputs == runs->runs()[0]->mapperInputs);
    QVERIFY(!runs->stale() && !view->isStale());
    // A value the workload renders with does: both slopes fade until mapped again, and coming
    // back to the mapped value makes them current again.
    t.w.controller()->setVariableValues({{"M", "32"}});
    QTRY_VERIFY(view->isStale());
    QVERIFY(runs->stale());
    QVERIFY2(view->summary().startsWith("The spec changed"), qPrintable(view->summary()));
    QCOMPARE(view->customPlot()->graph(0)->pen().color().alpha(), 80);
    t.w.controller()->setVariableValues({{"M", ""}});
    QTRY_VERIFY(!view->isStale());
    QCOMPARE(view->customPlot()->graph(0)->pen().color().alpha(), 255);

    // A run of another spec replaces both: the unfused slope of the old spec is not kept.
    // A closed project leaves the page empty.
    t.w.controller()->closeProject();
    QTRY_VERIFY(!view->emptyText().isEmpty());
    QVERIFY(runs->runs().empty());
  }

  // The Mapper pane's "and each memory's usage" box adds resource_usage to the metric: a
  // plain run then feeds the page (one run, fused), and the box shows what the run used.
  void the_mapper_pane_box_feeds_the_page() {
    test::WindowFixture t;
    QVERIFY(t.show());
    QVERIFY(t.openExample("three_level_matmul_chain"));
    auto* box = t.w.explore()->runPanel()->findChild<QCheckBox*>("runResourceUsage");
    QVERIFY(box);
    QVERIFY(!box->isChecked());
    const unsigned before = t.w.controller()->mapperSettings()->options().metrics;
    box->click();
    QCOMPARE(t.w.controller()->mapperSettings()->options().metrics, before | af::spec::kResourceUsage);
    SkiSlopeView* view = skiSlope(t);
    auto* runs = view->findChild<SkiSlopeRuns*>("skiSlopeRuns");
    QVERIFY(t.w.explore()->run());
    QTRY_VERIFY_WITH_TIMEOUT(runs->runs().size() == 1 && !runs->busy(), 120000);
    QVERIFY(!runs->runs()[0]->unfused);
    QVERIFY(!view->steps(false).empty());
    QVERIFY(view->steps(true).empty());
    // Off again: the metric as it was, and the box follows the settings.
    box->click();
    QCOMPARE(t.w.controller()->mapperSettings()->options().metrics, before);
    t.w.explore()->runPanel()->setMetric(af::mapper::kLatency | af::mapper::kResourceUsage);
    QVERIFY(box->isChecked());
  }

  // AccelForge's tpu_v4i with two chained matmuls (its basic/matmuls workload): a real arch's
  // memories. (GPT-3 6.7B with every memory tracked runs for minutes fused: the bench README.)
  void tpu_v4i_matmuls_global_buffer_slope() {
    AF_REQUIRE_CORPUS();
    test::WindowFixture t;
    QVERIFY(t.show());
    t.w.setAssignments({"N_EINSUMS=2", "M=256", "KN=256"});
    const auto loaded = t.openFiles({af::test::reference_qfile("examples/arches/tpu_v4i.yaml"),
                                     af::test::reference_qfile("examples/workloads/basic/matmuls.yaml")});
    QVERIFY(loaded && loaded->valid());
    QVERIFY(t.w.showView("skislope"));
    SkiSlopeView* view = skiSlope(t);
    auto* runs = view->findChild<SkiSlopeRuns*>("skiSlopeRuns");
    QElapsedTimer clock;
    clock.start();
    view->findChild<QPushButton*>("skiSlopeMap")->click();
    QTRY_VERIFY_WITH_TIMEOUT(runs->runs().size() == 2 && !runs->busy(), 300000);
    qInfo("tpu_v4i + two matmuls, fused and unfused with resource usage, fronts evaluated: %.1f s",
          static_cast<double>(clock.elapsed()) / 1000);
    QVERIFY2(view->memories().contains("GlobalBuffer"), qPrintable(view->memories().join(", ")));
    view->setMemory("GlobalBuffer");
    QVERIFY(descends(view->steps(false), false));
    QVERIFY(descends(view->steps(true), false));
    QVERIFY(!view->steps(false).empty());
  }

  // Run › Stop half way through "Map fused and unfused" on what users open (tpu_v4i with GPT-3
  // 6.7B prefill: minutes with every memory tracked): the fused run stops, the unfused one
  // never starts, the page is idle again with nothing half drawn, and it maps again after.
  void stop_during_map_fused_and_unfused() {
    AF_REQUIRE_CORPUS();
    test::WindowFixture t;
    QVERIFY(t.show());
    t.w.setAssignments({"BATCH_SIZE=1", "DECODE=False", "N_NEW_TOKENS=2048"});
    const auto loaded =
        t.openFiles({af::test::reference_qfile("examples/arches/tpu_v4i.yaml"),
                     af::test::reference_qfile("examples/workloads/transformers/gpt/gpt3_6.7B.yaml")});
    QVERIFY(loaded && loaded->valid());
    QVERIFY(t.w.showView("skislope"));
    SkiSlopeView* view = skiSlope(t);
    auto* runs = view->findChild<SkiSlopeRuns*>("skiSlopeRuns");
    auto* map = view->findChild<QPushButton*>("skiSlopeMap");
    QSignalSpy started(t.w.controller(), &ProjectController::mapperStarted);
    QSignalSpy mapped(t.w.controller(), &ProjectController::mapped);
    map->click();
    QVERIFY(runs->busy());
    QVERIFY(!map->isEnabled());
    QTest::qWait(1500);  // well into the fused run's searches
    QCOMPARE(mapped.count(), 0);
    t.w.controller()->stopAll();
    QTRY_VERIFY_WITH_TIMEOUT(!runs->busy(), 30000);
    QCOMPARE(started.count(), 1);  // the unfused run was dropped
    QVERIFY(runs->runs().empty());
    QVERIFY(!view->emptyText().isEmpty());
    QVERIFY(map->isEnabled());
    QVERIFY(!t.w.settling());
    // And it maps again: a small spec, both runs.
    t.w.setAssignments({});
    QVERIFY(t.openExample("three_level_matmul_chain"));
    QVERIFY(t.w.showView("skislope"));
    map->click();
    QTRY_VERIFY_WITH_TIMEOUT(runs->runs().size() == 2 && !runs->busy(), 120000);
  }
};

QTEST_MAIN(TestSkiSlopeWindow)
#include "test_ski_slope_window.moc"
