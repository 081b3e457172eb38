// The mapper in the window, widget by widget, on the project's own two-level matmul with its
// mapping left out: the controller maps on a worker, the Pareto plot gets points while it
// runs, the funnel shows the same counts as the result's stats, Stop takes effect within
// 100 ms, and an over-constrained spec explains why nothing was found.
#include <qcustomplot.h>

#include <QElapsedTimer>
#include <QFile>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QtTest>

#include "controller/project_controller.h"
#include "editors/document_set.h"
#include "explore/funnel_plot.h"
#include "explore/pareto_plot.h"
#include "explore/run_panel.h"
#include "window_fixture.h"

using namespace af::ui;

namespace {

QByteArray resource(const QString& name) { return test::exampleFile("two_level_matmul", name); }

// arch + workload of the bundled matmul in `dir` (no mapping: the mapper finds one).
QStringList matmulProject(const QTemporaryDir& dir, const QByteArray& arch) {
  const QStringList files{dir.filePath("arch.yaml"), dir.filePath("workload.yaml")};
  for (const auto& [path, text] :
       {std::pair{files[0], arch}, std::pair{files[1], resource("workload.yaml")}}) {
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly)) return {};
    f.write(text);
  }
  return files;
}

// Loads `files` with the controller and waits for the result.
ProjectResultPtr load(ProjectController& c, const QStringList& files, const QStringList& assignments) {
  c.setCommandLineAssignments(assignments);
  if (!c.openFiles(files).isEmpty()) return nullptr;
  QSignalSpy loaded(&c, &ProjectController::specLoaded);
  c.revalidate();
  if (!loaded.wait(30000)) return nullptr;
  return loaded.last().at(0).value<ProjectResultPtr>();
}

}  // namespace

class TestExplore : public QObject {
  Q_OBJECT
 private slots:
  void initTestCase() { test::useTestSettings(); }

  void front_and_funnel_fill_while_mapping() {
    QTemporaryDir dir;
    ProjectController c(nullptr, dir.filePath("autosave"));
    const auto result = load(c, matmulProject(dir, resource("arch.yaml")), {"M=64", "K=64", "N=64"});
    QVERIFY(result && result->valid());
    ParetoPlot pareto;
    FunnelPlot funnel;
    RunPanel panel;
    pareto.resize(800, 500);
    panel.setSpecOptions(result->workspace->mapper_options());
    panel.setSpecReady(true);
    panel.setMetric(af::mapper::kEnergy | af::mapper::kLatency);
    QObject::connect(&c, &ProjectController::mapperStarted, &pareto, &ParetoPlot::beginRun);
    QObject::connect(&c, &ProjectController::frontChanged, &pareto, &ParetoPlot::setFront);
    QObject::connect(&c, &ProjectController::mapperProgress, &funnel, &FunnelPlot::setProgress);
    QObject::connect(&c, &ProjectController::mapperProgress, &panel, &RunPanel::setProgress);
    int livePoints = 0;
    QObject::connect(&c, &ProjectController::frontChanged,
                     [&] { livePoints = std::max(livePoints, pareto.pointCount()); });
    QSignalSpy mapped(&c, &ProjectController::mapped);
    QSignalSpy progress(&c, &ProjectController::mapperProgress);
    c.startMapper(panel.options());
    QVERIFY(mapped.wait(60000));
    const auto run = mapped.last().at(0).value<MapRunPtr>();
    QVERIFY2(run->result.found, run->result.failure.c_str());
    pareto.setRun(run);
    funnel.setRun(run);
    panel.setFinished(run);
    QVERIFY(progress.count() >= 1);
    QVERIFY2(livePoints > 0, "points reached the plot before the run ended");
    QCOMPARE(pareto.pointCount(), static_cast<int>(run->result.front.size()));
    QVERIFY(pareto.optimumIndex().has_value());
    QVERIFY(!pareto.showsEmptyState());
    // The funnel's bars are the run's own counts.
    const auto& stats = run->result.stats.front();
    const QString einsum = QString::fromStdString(stats.einsum);
    QCOMPARE(funnel.barValue(einsum, "total"), stats.pmappings_total);
    QCOMPARE(funnel.barValue(einsum, "evaluated"), static_cast<double>(stats.pmappings_evaluated));
    QCOMPARE(funnel.barValue(einsum, "pareto"), static_cast<double>(stats.pmappings_pareto));
    QVERIFY(!funnel.explanationVisible());
    // Hover explains a point; a click asks for its mapping.
    const QPoint at = pareto.pixelOf(*pareto.optimumIndex());
    QVERIFY(pareto.toolTipAt(at).contains("energy"));
    QSignalSpy clicked(&pareto, &ParetoPlot::mappingClicked);
    QTest::mouseClick(pareto.customPlot(), Qt::LeftButton, {}, at);
    QCOMPARE(clicked.count(), 1);
    // A second run keeps the first front as a faded overlay.
    pareto.beginRun();
    QCOMPARE(pareto.previousPointCount(), static_cast<int>(run->result.front.size()));
  }

  void stop_takes_effect_within_100ms() {
    QTemporaryDir dir;
    ProjectController c(nullptr, dir.filePath("autosave"));
    // Large prime-ish ranks with imperfect tiles: a search of many seconds.
    const auto result = load(c, matmulProject(dir, resource("arch.yaml")), {"M=2520", "K=2520", "N=2520"});
    QVERIFY(result && result->valid());
    af::mapper::MapperOptions o = result->workspace->mapper_options();
    o.explore_imperfect_spatial_loops = o.explore_imperfect_temporal_loops = true;
    QSignalSpy mapped(&c, &ProjectController::mapped);
    QSignalSpy progress(&c, &ProjectController::mapperProgress);
    c.startMapper(o);
    QVERIFY(progress.wait(20000));  // running
    QElapsedTimer clock;
    clock.start();
    c.stopMapper();
    QVERIFY(mapped.wait(5000));
    QVERIFY2(clock.elapsed() < 100, qPrintable(QStringLiteral("stop took %1 ms").arg(clock.elapsed())));
    QVERIFY(mapped.last().at(0).value<MapRunPtr>()->result.cancelled);
    QVERIFY(!c.mapping());
  }

  void over_constrained_spec_explains_itself() {
    QTemporaryDir dir;
    ProjectController c(nullptr, dir.filePath("autosave"));
    // A scratchpad of 8 bits cannot hold the smallest tiles of A, B and Z together.
    QByteArray arch = resource("arch.yaml");
    arch.replace("size: 64 * 1024 * 8", "size: 8\n    tensors: {keep: All}");
    const auto result = load(c, matmulProject(dir, arch), {});
    QVERIFY2(result && result->valid(),
             result && !result->diagnostics.empty() ? result->diagnostics.front().to_string().c_str() : "");
    FunnelPlot funnel;
    QSignalSpy mapped(&c, &ProjectController::mapped);
    c.startMapper(result->workspace->mapper_options());
    QVERIFY(mapped.wait(30000));
    const auto run = mapped.last().at(0).value<MapRunPtr>();
    QVERIFY(!run->result.found);
    funnel.setRun(run);
    QVERIFY(funnel.explanationVisible());
    QVERIFY2(funnel.explanation().contains("capacity Scratchpad"), qPrintable(funnel.explanation()));
    QVERIFY(funnel.explanation().contains("What to try"));
  }
};

QTEST_MAIN(TestExplore)
#include "test_explore.moc"
