// The mapper in the window, widget by widget, on the project's own two-level matmul with its
// mapping left out: the controller maps on a worker, the Pareto plot gets points while it
// runs, the funnel shows the same counts as the result's stats, Stop takes effect within
// 100 ms, and an over-constrained spec explains why nothing was found.
#include <qcustomplot.h>

#include <QCheckBox>
#include <QComboBox>
#include <QElapsedTimer>
#include <QFile>
#include <QLabel>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTreeWidget>
#include <QtTest>

#include "controller/live_mapper_observer.h"
#include "controller/mapper_settings.h"
#include "controller/project_controller.h"
#include "editors/document_set.h"
#include "event_loop_watch.h"
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
    RunPanel panel(c.mapperSettings());  // the load gave the settings the spec's options
    pareto.resize(800, 500);
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

  // The bound is on the work done after Stop (the process's CPU time, two mapper threads, so at
  // most 100 ms each), which the code controls; the wall-clock latency is printed, since on a
  // busy machine it measures the scheduler.
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
    const double cpu0 = test::processCpuMs();
    c.stopMapper();
    QVERIFY(mapped.wait(5000));
    const double work = test::processCpuMs() - cpu0;
    qInfo("stop: %lld ms wall, %.1f ms of CPU in all threads, load %.1f", clock.elapsed(), work,
          test::loadAverage());
    QVERIFY2(work < 200,
             qPrintable(QStringLiteral("the threads worked %1 ms after Stop").arg(work, 0, 'f', 1)));
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
    // Nothing valid, evaluated or kept: no bar at all above the axis floor (issue 22: they
    // were drawn up to 1), the total's bar reaches the total.
    for (const char* stage : {"valid", "evaluated", "pareto"})
      QCOMPARE(funnel.barValue("Matmul", stage), 0.5);
    QCOMPARE(funnel.barValue("Matmul", "total"), run->result.stats.front().pmappings_total);
    QCOMPARE(funnel.customPlot()->yAxis->range().lower, 0.5);
    // What QCPBars draws, from its base up by the value: the empty stages have no height.
    QCustomPlot* plot = funnel.customPlot();
    int empty = 0;
    for (int i = 0; i < plot->plottableCount(); ++i)
      if (const auto* bars = qobject_cast<const QCPBars*>(plot->plottable(i))) {
        QCOMPARE(bars->data()->size(), 1);
        const double top = bars->baseValue() + bars->data()->constBegin()->value;
        if (bars->name() == "in the search space") {
          QCOMPARE(top, run->result.stats.front().pmappings_total);
        } else {
          QCOMPARE(top, 0.5);
          ++empty;
        }
      }
    QCOMPARE(empty, 3);
    QVERIFY(funnel.explanationVisible());
    QVERIFY2(funnel.explanation().contains("capacity Scratchpad"), qPrintable(funnel.explanation()));
    QVERIFY(funnel.explanation().contains("What to try"));
    // The figure that decided it: the size, and the least the search found the tiles need
    // (one 8-bit value each of A, B and Z), as the engine recorded it.
    const auto& over = run->result.stats.front().smallest_over_limit.at("capacity Scratchpad");
    QCOMPARE(over.limit, 8.0);
    QCOMPARE(over.used, 24.0);
    QVERIFY2(funnel.explanation().contains("Scratchpad holds 8 b; the smallest tiles of Einsum"),
             qPrintable(funnel.explanation()));
    QVERIFY2(funnel.explanation().contains("need 24 b there"), qPrintable(funnel.explanation()));
  }

  // A fused run of two Einsums: after the Einsums' bars, the join's step on the same bars
  // (row pairs, valid, merged, kept) with its causes, equal to the engine's join statistics.
  void funnel_draws_the_join() {
    QTemporaryDir dir;
    ProjectController c(nullptr, dir.filePath("autosave"));
    const QStringList files{QStringLiteral(AF_SOURCE_DIR "/tests/data/specs/buffered_mac.arch.yaml"),
                            QStringLiteral(AF_SOURCE_DIR "/tests/data/specs/matmul_chain.workload.yaml")};
    const auto result = load(c, files, {"N_EINSUMS=2", "M=8", "KN=8", "GlobalBufferSize=2048"});
    QVERIFY2(result && result->valid(),
             result && !result->diagnostics.empty() ? result->diagnostics.front().to_string().c_str() : "");
    FunnelPlot funnel;
    QObject::connect(&c, &ProjectController::mapperProgress, &funnel, &FunnelPlot::setProgress);
    QSignalSpy mapped(&c, &ProjectController::mapped);
    auto options = result->workspace->mapper_options();
    options.unfused = false;
    c.startMapper(options);
    QVERIFY(mapped.wait(60000));
    const auto run = mapped.last().at(0).value<MapRunPtr>();
    QVERIFY2(run->result.found, run->result.failure.c_str());
    QCOMPARE(run->result.join_steps.size(), std::size_t{1});
    funnel.setRun(run);
    const auto& step = run->result.join_steps.front();
    const QString join = "join " + QString::fromStdString(step.einsum);
    QCOMPARE(funnel.barValue(join, "total"), step.candidates());
    QCOMPARE(funnel.barValue(join, "evaluated"), static_cast<double>(step.rows_paired));
    QCOMPARE(funnel.barValue(join, "valid"), std::max(0.5, static_cast<double>(step.rows_valid())));
    QCOMPARE(funnel.barValue(join, "pareto"), static_cast<double>(step.rows_out));
    QVERIFY(step.rows_out > 0 && step.candidates() >= static_cast<double>(step.rows_paired));
    // The Einsums keep their own bars.
    for (const auto& s : run->result.stats)
      QCOMPARE(funnel.barValue(QString::fromStdString(s.einsum), "pareto"),
               static_cast<double>(s.pmappings_pareto));
    // The causes list has the join with every row pair accounted for.
    const auto items = funnel.causes()->findItems(join, Qt::MatchExactly);
    QCOMPARE(items.size(), 1);
    const auto stages = step.funnel();
    QCOMPARE(items.front()->childCount(), static_cast<int>(stages.size()));
    double removed = 0;
    for (const auto& stage : stages) removed += static_cast<double>(step.removed_by(stage.cause));
    QCOMPARE(removed + static_cast<double>(step.rows_out), step.candidates());
  }

  // An empty window's Mapper pane shows the engine's defaults, the ones a spec without a
  // `mapper:` section gets: the metric does not jump from EDP to Energy when a spec loads.
  void run_panel_starts_at_the_engine_defaults() {
    MapperSettings settings;
    RunPanel panel(&settings);
    const af::mapper::MapperOptions defaults;
    QCOMPARE(panel.options().metrics, defaults.metrics);
    QCOMPARE(panel.options().unfused, defaults.unfused);
    QCOMPARE(panel.options().max_fused_loops, defaults.max_fused_loops);
    QCOMPARE(panel.options().threads, defaults.threads);
    QCOMPARE(panel.options().explore_imperfect_spatial_loops, defaults.explore_imperfect_spatial_loops);
    // The defaults are not the user's: a spec's own values still apply.
    af::mapper::MapperOptions spec;
    spec.metrics = af::mapper::kEdp;
    settings.setSpecOptions(spec);
    QCOMPARE(panel.options().metrics, static_cast<unsigned>(af::mapper::kEdp));
    QCOMPARE(panel.findChild<QComboBox*>("runMetric")->currentData().toUInt(),
             static_cast<unsigned>(af::mapper::kEdp));
    // A control edited is the user's choice in the settings, and the spec no longer moves it.
    auto* fused = panel.findChild<QCheckBox*>("runFused");
    fused->click();
    QCOMPARE(settings.userSettings().unfused, std::optional<bool>(true));
    spec.unfused = false;
    settings.setSpecOptions(spec);
    QVERIFY(panel.options().unfused);
    QVERIFY(!fused->isChecked());
    // A choice made elsewhere (a stored run, a project file) shows in the pane.
    settings.setUserSettings({.metrics = af::mapper::kEnergy});
    QCOMPARE(panel.findChild<QComboBox*>("runMetric")->currentData().toUInt(),
             static_cast<unsigned>(af::mapper::kEnergy));
    QVERIFY(fused->isChecked());  // back to the spec's
  }

  // An Einsum that took another's search says so instead of repeating its count.
  void run_panel_names_a_shared_search() {
    MapperSettings settings;
    RunPanel panel(&settings);
    const auto stats = [](std::string einsum, std::string with) {
      af::mapper::EinsumStats s;
      s.einsum = std::move(einsum);
      s.searched_with = std::move(with);
      s.pmappings_evaluated = 1234;
      return s;
    };
    auto progress = std::make_shared<MapperProgress>();
    progress->stats = {stats("V", {}), stats("K", "V")};
    panel.setProgress(progress);
    auto* table = panel.findChild<QTreeWidget*>();
    QVERIFY(table != nullptr);
    QCOMPARE(table->topLevelItemCount(), 2);
    QVERIFY(table->topLevelItem(0)->text(2) != QStringLiteral("= V"));
    QCOMPARE(table->topLevelItem(1)->text(2), QStringLiteral("= V"));
    QVERIFY(table->topLevelItem(1)->toolTip(2).contains(QStringLiteral("V's search")));
  }

  // A run that ended at the join's memory limit says so, rounded or stopped, with the reason
  // in the stage line's tooltip; a Stop of the user's reads as before.
  void run_panel_says_when_the_join_outgrew_its_memory() {
    MapperSettings settings;
    RunPanel panel(&settings);
    const auto finish = [&](auto set) {
      auto run = std::make_shared<MapRun>();
      run->result.found = true;
      set(run->result);
      panel.setFinished(run);
      QLabel* stage = nullptr;
      for (auto* l : panel.findChildren<QLabel*>())
        if (l->text() == panel.stageText()) stage = l;
      return stage ? stage->toolTip() : QString();
    };
    QString tip = finish([](af::mapper::MapperResult& r) { r.rounded_because = "held 3 GB; rounded"; });
    QVERIFY2(panel.stageText().contains("rounded"), qPrintable(panel.stageText()));
    QCOMPARE(tip, QStringLiteral("held 3 GB; rounded"));
    tip = finish([](af::mapper::MapperResult& r) {
      r.cancelled = true;
      r.stopped_because = "held 3 GB; stopped";
    });
    QVERIFY2(panel.stageText().startsWith("Stopped itself"), qPrintable(panel.stageText()));
    QVERIFY(panel.stageText().contains("memory limit"));
    QCOMPARE(tip, QStringLiteral("held 3 GB; stopped"));
    tip = finish([](af::mapper::MapperResult& r) { r.cancelled = true; });
    QVERIFY2(panel.stageText().startsWith("Stopped after"), qPrintable(panel.stageText()));
    QVERIFY(tip.isEmpty());
  }

  // Keep rates read as percentages with sensible digits, never "0.000".
  void keep_rates_read_as_percentages() {
    QCOMPARE(keepRateText(0.5), QStringLiteral("50%"));
    QCOMPARE(keepRateText(0.034), QStringLiteral("3.4%"));
    QCOMPARE(keepRateText(0.0034), QStringLiteral("0.34%"));
    QCOMPARE(keepRateText(0.00012), QStringLiteral("0.012%"));
    QCOMPARE(keepRateText(0.0), QStringLiteral("0%"));
    QCOMPARE(keepRateText(1e-9), QStringLiteral("< 0.0001%"));
    QCOMPARE(keepRateText(1.0), QStringLiteral("100%"));
  }

  // A transformer's Einsum names do not fit side by side in a narrow pane: they stand up;
  // two short names in a wide one lie flat.
  void funnel_labels_stand_up_when_crowded() {
    FunnelPlot funnel;
    funnel.resize(420, 360);
    funnel.show();
    QVERIFY(QTest::qWaitForWindowExposed(&funnel));
    auto progress = std::make_shared<MapperProgress>();
    for (const char* name : {"I", "V", "K", "Q", "QK", "QK_softmax", "AV", "Z", "FFA", "FFB"})
      progress->stats.emplace_back().einsum = name;
    funnel.setProgress(progress);
    funnel.customPlot()->replot();
    QCOMPARE(funnel.customPlot()->xAxis->tickLabelRotation(), 90.0);

    auto two = std::make_shared<MapperProgress>();
    for (const char* name : {"A", "B"}) two->stats.emplace_back().einsum = name;
    funnel.resize(900, 360);
    funnel.setProgress(two);
    QCOMPARE(funnel.customPlot()->xAxis->tickLabelRotation(), 0.0);
  }

  // The window's observer passes each join step on as it comes, for the live funnel.
  void observer_keeps_join_steps() {
    int changes = 0;
    LiveMapperObserver observer([&] { ++changes; });
    af::mapper::JoinStepStats step;
    step.rows_paired = 6;
    step.rows_out = 2;
    observer.on_join_step(step);
    observer.on_join_step(step);
    const auto progress = observer.progress();
    QCOMPARE(progress->stage, QStringLiteral("join"));
    QCOMPARE(progress->joinSteps.size(), std::size_t{2});
    QCOMPARE(progress->joinSteps.back().rows_out, std::uint64_t{2});
    QCOMPARE(changes, 2);

    // Over the memory limit the join starts again rounded: the exact join's steps go, the
    // stage says why, and the rounded join's steps come in as before.
    observer.on_join_restarted("the join outgrew its memory limit joining Einsum B");
    auto restarted = observer.progress();
    QVERIFY(restarted->joinSteps.empty());
    QVERIFY2(restarted->stage.contains("rounded"), qPrintable(restarted->stage));
    QCOMPARE(restarted->remainingSeconds, -1.0);
    observer.on_join_step(step);
    restarted = observer.progress();
    QCOMPARE(restarted->joinSteps.size(), std::size_t{1});
    QVERIFY2(restarted->stage.contains("rounded"), qPrintable(restarted->stage));
    QCOMPARE(changes, 4);
  }

  // Before the fused search, the unfused optimum found for the ceilings moves the stage on:
  // the least searches that follow can take seconds.
  void observer_names_the_ceilings_stage() {
    int changes = 0;
    LiveMapperObserver observer([&] { ++changes; });
    QCOMPARE(observer.progress()->stage, QStringLiteral("templates"));
    observer.on_unfused_optimum({{1.0, 2.0}});
    QCOMPARE(observer.progress()->stage, QStringLiteral("ceilings"));
    QCOMPARE(changes, 1);
  }

  // When every Einsum has pmappings but the join keeps none, the panel says so and names the
  // cause with its count.
  void join_that_keeps_nothing_explains_itself() {
    af::mapper::MapperResult r;
    const std::vector<std::string> names{"A", "B"};
    for (const auto& name : names) {
      auto& s = r.stats.emplace_back();
      s.einsum = name;
      s.templates = 1;
      s.pmappings_total = 10;
      s.pmappings_pareto = 2;
    }
    af::mapper::JoinStepStats step;
    step.einsum = names[1];
    step.rows_paired = 4;
    step.rows_unmatched = 1;
    step.removed = {{"capacity GlobalBuffer", 4}};
    r.join_steps = {step};
    const QString why = explainNoMapping(r);
    QVERIFY2(why.contains("fused join up to Einsum B"), qPrintable(why));
    QVERIFY2(why.contains("capacity GlobalBuffer removed 4 of 5 row pairs"), qPrintable(why));
    QVERIFY2(why.contains("mapping unfused"), qPrintable(why));
    // The stage that removed the most decides, whether a cause of the merged rows or not.
    r.join_steps.front().rows_unmatched = 10;
    const QString loops = explainNoMapping(r);
    QVERIFY2(loops.contains("loops differ removed 10 of 14 row pairs"), qPrintable(loops));
  }
};

QTEST_MAIN(TestExplore)
#include "test_explore.moc"
