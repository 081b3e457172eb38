// Sweeps in the window (issue 24): a two-variable 3 × 3 sweep run from the Sweep pane fills
// the overlaid fronts, the heat map and the selected point's accesses, and its CSV is the one
// `accelforge sweep` writes; Stop half way keeps the finished points; a point opens in the
// editors with its values and its optimum's mapping; a bad variable is refused with a reason.
#include <QFile>
#include <QLineEdit>
#include <QPushButton>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QtTest>

#include "../../cli/cli_runner.h"
#include "controller/project_controller.h"
#include "explore/explore_session.h"
#include "explore/run_panel.h"
#include "main_window.h"
#include "plots/accesses_plot.h"
#include "qt_warnings.h"
#include "sweep/sweep_fronts_plot.h"
#include "sweep/sweep_panel.h"
#include "sweep/sweep_plot.h"
#include "sweep/sweep_session.h"
#include "window_fixture.h"

using namespace af::ui;

namespace {

SweepRunPtr waitForSweep(QSignalSpy& finished, int ms = 240000) {
  if (finished.isEmpty() && !finished.wait(ms)) return nullptr;
  return finished.last().at(0).value<SweepRunPtr>();
}

// The CSV without its `seconds` column (wall time differs from run to run).
QStringList withoutSeconds(const QString& csv) {
  QStringList lines;
  for (const QString& line : csv.trimmed().split('\n')) {
    QStringList cells = line.split(',');
    cells.removeAt(cells.size() - 2);
    lines << cells.join(',');
  }
  return lines;
}

QString readAll(const QString& path) {
  QFile f(path);
  return f.open(QIODevice::ReadOnly) ? QString::fromUtf8(f.readAll()) : QString();
}

}  // namespace

class TestSweepWindow : public QObject {
  Q_OBJECT
 private slots:
  void initTestCase() { test::useTestSettings(); }
  void init() { test::failOnQtWarnings(); }

  void two_variable_sweep_fills_the_views_and_writes_the_cli_csv() {
    QTemporaryDir dir;
    test::WindowFixture t;
    const QStringList files = test::exampleSpec(dir, "bandwidth_tradeoff");
    const auto loaded = t.openFiles(files);
    QVERIFY(loaded && loaded->valid());
    SweepSession* sweeps = t.w.sweeps();
    SweepPanel* panel = sweeps->panel();
    panel->setVariation(0, "LocalBandwidth", "1e9,8e9,64e9");
    panel->setVariation(1, "M", "16,32,64");
    QString error;
    QCOMPARE(panel->variations(&error).size(), std::size_t{2});
    QVERIFY2(panel->findChild<QPushButton*>("sweepRun")->isEnabled(), "Sweep is not enabled");

    QSignalSpy finished(sweeps, &SweepSession::finished);
    QSignalSpy points(sweeps, &SweepSession::pointsChanged);
    panel->findChild<QPushButton*>("sweepRun")->click();  // as the user does
    const SweepRunPtr run = waitForSweep(finished);
    QVERIFY(run);
    QVERIFY(run->problems.empty());
    QVERIFY(!run->stopped);
    QCOMPARE(run->total, std::size_t{9});
    QCOMPARE(run->points.size(), std::size_t{9});
    QVERIFY(points.count() >= 1);  // the views followed it while it ran
    for (const auto& p : run->points) {
      QVERIFY2(p.row.found, p.row.failure.c_str());
      QVERIFY(!p.accesses.actions.isEmpty());
      QVERIFY(!p.row.mapping_yaml.empty());
    }
    // Grid order, the first variable outermost; the values as the pane expanded them.
    QCOMPARE(QString::fromStdString(run->points[1].row.values[0]), QStringLiteral("1e9"));
    QCOMPARE(QString::fromStdString(run->points[1].row.values[1]), QStringLiteral("32"));
    QCOMPARE(run->label(1), QStringLiteral("LocalBandwidth=1G, M=32"));

    QCOMPARE(sweeps->frontsPlot()->frontCount(), 9);
    QVERIFY(sweeps->sweepPlot()->heatMap());
    QCOMPARE(sweeps->sweepPlot()->plottedCount(), 9);
    QCOMPARE(sweeps->current(), run);
    // The first point is selected: its optimum's accesses are drawn.
    QCOMPARE(sweeps->selected(), 0);
    QVERIFY(!sweeps->accessesPlot()->showsEmptyState());

    // A click selects another point (here through the session, as both plots do).
    QSignalSpy selected(sweeps, &SweepSession::selectedChanged);
    sweeps->select(7);
    QCOMPARE(selected.count(), 1);
    QCOMPARE(selected.last().at(0).toInt(), 7);

    // Two points compared: the first pinned, the seventh selected; the plot draws both.
    sweeps->pinPoint(0);
    QCOMPARE(sweeps->pinnedPoint(), 0);
    QVERIFY(sweeps->accessesPlot()->pinned().has_value());
    QCOMPARE(*sweeps->accessesPlot()->pinned(), run->points[0].accesses);
    QCOMPARE(sweeps->accessesPlot()->data(), run->points[7].accesses);
    QVERIFY(sweeps->view()->findChild<QLabel*>("sweepPointTitle")->text().contains("pinned"));
    sweeps->pinPoint(-1);
    QVERIFY(!sweeps->accessesPlot()->pinned().has_value());

    // The CSV equals the CLI's, but for the wall time.
    const QString windowCsv = dir.filePath("window.csv");
    QVERIFY(sweeps->exportCsv(windowCsv, &error));
    const QString cliCsv = dir.filePath("cli.csv");
    const auto cli = runProcess(QStringLiteral(AF_CLI_EXE),
                                {"sweep", files[0], files[1], "--vary", "LocalBandwidth=1e9,8e9,64e9",
                                 "--vary", "M=16,32,64", "--csv", cliCsv});
    QVERIFY2(cli.exitCode == 0, qPrintable(cli.err));
    const QStringList got = withoutSeconds(readAll(windowCsv)), want = withoutSeconds(readAll(cliCsv));
    QCOMPARE(got.size(), 10);
    QCOMPARE(got, want);
  }

  // Stop during the second point: the sweep ends with the points finished before it, shown
  // and exported; the pane says it was stopped.
  void stop_keeps_the_finished_points() {
    QTemporaryDir dir;
    test::WindowFixture t;
    const auto loaded = t.openFiles(test::exampleSpec(dir, "three_level_matmul_chain"));
    QVERIFY(loaded && loaded->valid());
    SweepSession* sweeps = t.w.sweeps();
    // About 0.2 s per point in Release (2026-12-03): the Stop lands well inside the grid.
    sweeps->panel()->setVariation(0, "M", "256,512,1024");
    sweeps->panel()->setVariation(1, "KN", "256,512,1024");
    bool stopped = false;
    connect(sweeps, &SweepSession::pointsChanged, this, [&](const SweepRunPtr& run) {
      if (stopped || run->points.empty()) return;
      stopped = true;
      sweeps->panel()->findChild<QPushButton*>("sweepStop")->click();
    });
    QSignalSpy finished(sweeps, &SweepSession::finished);
    QVERIFY(sweeps->run());
    const SweepRunPtr run = waitForSweep(finished);
    QVERIFY(run);
    QVERIFY(stopped);
    QVERIFY(run->stopped);
    QCOMPARE(run->total, std::size_t{9});
    QVERIFY2(!run->points.empty() && run->points.size() < 9, qPrintable(QString::number(run->points.size())));
    QCOMPARE(QString::fromStdString(run->points[0].row.values[0]), QStringLiteral("256"));
    for (const auto& p : run->points) QVERIFY2(p.row.found, p.row.failure.c_str());
    QCOMPARE(sweeps->frontsPlot()->frontCount(), static_cast<int>(run->points.size()));
    QCOMPARE(sweeps->sweepPlot()->plottedCount(), static_cast<int>(run->points.size()));
    QVERIFY(!sweeps->running());
    const QString csv = dir.filePath("stopped.csv");
    QVERIFY(sweeps->exportCsv(csv));
    QCOMPARE(readAll(csv).trimmed().split('\n').size(), static_cast<int>(run->points.size()) + 1);
    QVERIFY2(sweeps->panel()->findChild<QLabel*>("sweepPointLabel")->text().startsWith("Stopped"),
             qPrintable(sweeps->panel()->findChild<QLabel*>("sweepPointLabel")->text()));
  }

  // One variable: three panels (energy, latency, EDP); a point opens in the editors with its
  // values set and its optimum as the project's mapping, which the model then evaluates.
  void a_point_opens_in_the_editors() {
    QTemporaryDir dir;
    test::WindowFixture t;
    const auto loaded = t.openFiles(test::exampleSpec(dir, "bandwidth_tradeoff"));
    QVERIFY(loaded && loaded->valid());
    SweepSession* sweeps = t.w.sweeps();
    sweeps->panel()->setVariation(0, "LocalBandwidth", "1G..64G*8");
    QSignalSpy finished(sweeps, &SweepSession::finished);
    QVERIFY(sweeps->run());
    const SweepRunPtr run = waitForSweep(finished);
    QVERIFY(run && run->points.size() == 3);
    QVERIFY(!sweeps->sweepPlot()->heatMap());
    QCOMPARE(sweeps->sweepPlot()->plottedCount(), 9);  // three measures × three points

    ProjectController* controller = t.w.controller();
    QSignalSpy evaluated(controller, &ProjectController::evaluated);
    QVERIFY(sweeps->openPoint(2));
    QCOMPARE(controller->variableValues().value("LocalBandwidth"), QStringLiteral("64000000000"));
    QVERIFY(evaluated.wait(20000));
    const auto result = evaluated.last().at(0).value<ProjectResultPtr>();
    QVERIFY(result->evaluation);
    const double energy = run->points[2].row.energy;
    QVERIFY2(qAbs(result->evaluation->total_energy - energy) <= 1e-9 * energy,
             qPrintable(QString("%1 vs %2").arg(result->evaluation->total_energy).arg(energy)));
  }

  // Area as a front axis: a sweep of the bundled component_models' buffer size, each point's
  // optimum against the chip's area (the models price each size), the points no other beats on
  // both joined; a click on a point selects it.
  void points_against_their_area() {
    QTemporaryDir dir;
    test::WindowFixture t;
    QVERIFY(t.show());
    const auto loaded = t.openFiles(test::exampleSpec(dir, "component_models"));
    QVERIFY(loaded && loaded->valid());
    SweepSession* sweeps = t.w.sweeps();
    sweeps->panel()->setVariation(0, "GlobalBufferKiB", "1,4,16,64");
    QSignalSpy finished(sweeps, &SweepSession::finished);
    QVERIFY(sweeps->run());
    const SweepRunPtr run = waitForSweep(finished);
    QVERIFY(run && run->points.size() == 4);
    for (std::size_t i = 1; i < run->points.size(); ++i)
      QVERIFY2(run->points[i].row.area > run->points[i - 1].row.area, "a larger buffer, a larger chip");
    SweepFrontsPlot* fronts = sweeps->frontsPlot();
    fronts->setAxes(SweepFrontsPlot::Axes::EnergyArea);
    QCOMPARE(fronts->frontCount(), 4);
    const auto& across = fronts->frontAcrossPoints();
    QVERIFY(!across.empty());
    QCOMPARE(across.front(), std::size_t{0});        // the smallest chip is on it, whatever its energy
    for (std::size_t k = 1; k < across.size(); ++k)  // more area only where it buys less energy
      QVERIFY(run->points[across[k]].row.energy < run->points[across[k - 1]].row.energy);
    QCOMPARE(fronts->plot()->xAxis->label(), QStringLiteral("chip area (mm\u00b2)"));
    fronts->plot()->replot();
    // A click on the largest design's dot selects it.
    const auto& largest = run->points[3].row;
    const QPointF at(fronts->plot()->xAxis->coordToPixel(largest.area * 1e6),
                     fronts->plot()->yAxis->coordToPixel(largest.energy));
    QCOMPARE(fronts->pointAt(at), 3);
    fronts->setAxes(SweepFrontsPlot::Axes::Fronts);  // back: each point's front
    QVERIFY(fronts->frontAcrossPoints().empty());
  }

  // A variable the spec does not read: nothing runs, the reason names it with a suggestion.
  void a_bad_variable_is_refused_with_a_reason() {
    QTemporaryDir dir;
    test::WindowFixture t;
    const auto loaded = t.openFiles(test::exampleSpec(dir, "bandwidth_tradeoff"));
    QVERIFY(loaded && loaded->valid());
    SweepSession* sweeps = t.w.sweeps();
    sweeps->panel()->setVariation(0, "LocalBandwith", "1,2");
    QSignalSpy finished(sweeps, &SweepSession::finished);
    QSignalSpy message(sweeps, &SweepSession::message);
    QVERIFY(sweeps->run());
    const SweepRunPtr run = waitForSweep(finished);
    QVERIFY(run);
    QVERIFY(run->points.empty());
    QCOMPARE(run->problems.size(), std::size_t{1});
    QVERIFY2(QString::fromStdString(run->problems[0]).contains("did you mean LocalBandwidth"),
             run->problems[0].c_str());
    QVERIFY(message.last().at(0).toString().contains("LocalBandwith"));
    // A values text that does not parse says where.
    sweeps->panel()->setVariation(0, "LocalBandwidth", "1..x");
    QString error;
    QVERIFY(sweeps->panel()->variations(&error).empty());
    QVERIFY2(error.contains("'x' is not a number"), qPrintable(error));
    QVERIFY(!sweeps->panel()->findChild<QPushButton*>("sweepRun")->isEnabled());
  }

  // Closing the project clears the sweep's views.
  void closing_the_project_clears_the_sweep() {
    QTemporaryDir dir;
    test::WindowFixture t;
    const auto loaded = t.openFiles(test::exampleSpec(dir, "bandwidth_tradeoff"));
    QVERIFY(loaded && loaded->valid());
    SweepSession* sweeps = t.w.sweeps();
    sweeps->panel()->setVariation(0, "M", "16,32");
    QSignalSpy finished(sweeps, &SweepSession::finished);
    QVERIFY(sweeps->run());
    QVERIFY(waitForSweep(finished));
    QCOMPARE(sweeps->frontsPlot()->frontCount(), 2);
    t.w.controller()->closeProject();
    QVERIFY(!sweeps->current());
    QCOMPARE(sweeps->frontsPlot()->frontCount(), 0);
    QCOMPARE(sweeps->sweepPlot()->plottedCount(), 0);
    QVERIFY(sweeps->accessesPlot()->showsEmptyState());
  }
};

QTEST_MAIN(TestSweepWindow)
#include "test_sweep_window.moc"
