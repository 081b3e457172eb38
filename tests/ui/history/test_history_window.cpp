// The run history in the window (issue 24): every map and sweep the window runs is stored;
// the History dock lists, renames, deletes, reopens (front, funnel, mapping and a sweep's
// points come back without mapping again), runs again and compares runs; a corrupt store is
// set aside with a message; a project's runs are listed on their own; two windows recording at
// once lose nothing.
#include <QAbstractButton>
#include <QFile>
#include <QPushButton>
#include <QRegularExpression>
#include <QSignalSpy>
#include <QTabWidget>
#include <QTableView>
#include <QTemporaryDir>
#include <QtTest>

#include "controller/project_controller.h"
#include "editors/document_set.h"
#include "editors/spec_document.h"
#include "explore/explore_session.h"
#include "explore/funnel_plot.h"
#include "explore/pareto_plot.h"
#include "explore/run_panel.h"
#include "history/compare_runs_view.h"
#include "history/history_dock.h"
#include "history/history_model.h"
#include "history/history_session.h"
#include "history/text_diff.h"
#include "main_window.h"
#include "plots/accesses_plot.h"
#include "qt_warnings.h"
#include "run_capture.h"
#include "run_store.h"
#include "sweep/sweep_fronts_plot.h"
#include "sweep/sweep_panel.h"
#include "sweep/sweep_plot.h"
#include "sweep/sweep_session.h"
#include "window_fixture.h"

using namespace af::ui;

namespace {

constexpr int kWaitMs = 60000;

// Maps with the pane's settings and waits until the run is stored and listed again.
std::int64_t mapAndRecord(test::WindowFixture& t) {
  QSignalSpy recorded(t.w.history(), &HistorySession::recorded);
  QSignalSpy listed(t.w.history(), &HistorySession::listed);
  if (!t.w.explore()->run()) return 0;
  if (!recorded.wait(kWaitMs)) return 0;
  if (!listed.wait(kWaitMs)) return 0;
  return recorded.last().at(0).value<std::int64_t>();
}

std::vector<af::store::RunSummary> storedRuns(const QString& path) {
  const af::store::RunStore store(path.toStdString());
  const auto runs = store.list();
  return runs ? *runs.value : std::vector<af::store::RunSummary>{};
}

}  // namespace

class TestHistoryWindow : public QObject {
  Q_OBJECT
 private slots:
  void initTestCase() { test::useTestSettings(); }
  void init() { test::failOnQtWarnings(); }

  void line_diff_marks_what_changed() {
    QCOMPARE(lineDiff("a\nb\nc", "a\nb\nc"), QStringList{});
    QCOMPARE(lineDiff("a\nb\nc", "a\nB\nc"), (QStringList{" a", "-b", "+B", " c"}));
    QCOMPARE(lineDiff("1\n2\n3\n4\n5\n6\n7\n8", "1\n2\n3\n4\n5\n6\n7\nX", 1),
             (QStringList{"…", " 7", "-8", "+X"}));
    QCOMPARE(lineDiff("a\nc", "a\nb\nc"), (QStringList{" a", "+b", " c"}));
  }

  // A map is stored; reopened, its front (clickable), funnel and mapping come back without a
  // mapper run; its second front mapping opens from the stored YAML.
  void a_map_run_is_recorded_and_reopened() {
    QTemporaryDir dir;
    test::WindowFixture t;
    const QString storePath = dir.filePath("runs.sqlite");
    t.w.history()->setStorePath(storePath);
    const QStringList files = test::exampleSpec(dir, "bandwidth_tradeoff");
    QVERIFY(t.openFiles(files));
    t.w.explore()->runPanel()->setMetric(af::mapper::kEnergy | af::mapper::kLatency);
    const std::int64_t id = mapAndRecord(t);
    QVERIFY(id > 0);
    const auto runs = storedRuns(storePath);
    QCOMPARE(runs.size(), std::size_t{1});
    QCOMPARE(runs[0].kind, af::store::RunKind::kMap);
    QVERIFY(runs[0].found);
    QVERIFY(runs[0].points >= 2);  // a front of several mappings
    HistoryModel* model = t.w.history()->model();
    QCOMPARE(model->rowCount(), 1);
    QCOMPARE(model->idAt(0), id);
    QVERIFY(model->data(model->index(0, HistoryModel::Optimum)).toString().contains("J"));

    // Another project replaces it; reopening the run brings back its files and results.
    const double energy = runs[0].energy;
    t.w.controller()->closeProject();
    QCOMPARE(t.w.explore()->paretoPlot()->pointCount(), 0);
    QSignalSpy reopened(t.w.history(), &HistorySession::reopened);
    QSignalSpy evaluated(t.w.controller(), &ProjectController::evaluated);
    QSignalSpy started(t.w.controller(), &ProjectController::mapperStarted);
    t.w.history()->reopen(id);
    QVERIFY(reopened.wait(kWaitMs));
    const auto stored = reopened.last().at(0).value<StoredRunPtr>();
    QVERIFY(stored);
    QCOMPARE(t.w.explore()->paretoPlot()->pointCount(), static_cast<int>(runs[0].points));
    QCOMPARE(t.w.explore()->paretoPlot()->optimumIndex().has_value(), true);
    QVERIFY(!t.w.explore()->funnelPlot()->showsEmptyState());
    QVERIFY(!stored->optimum.actions.isEmpty());  // evaluated against the stored texts
    QVERIFY(evaluated.wait(kWaitMs));
    const auto result = evaluated.last().at(0).value<ProjectResultPtr>();
    QVERIFY(result->evaluation);
    QVERIFY2(qAbs(result->evaluation->total_energy - energy) <= 1e-9 * energy,
             qPrintable(QString("%1 vs %2").arg(result->evaluation->total_energy).arg(energy)));
    QCOMPARE(started.count(), 0);  // nothing was mapped again
    // Its files are the project again (and an untitled mapping file holds its mapping).
    const auto& docs = t.w.controller()->documents()->documents();
    QCOMPARE(docs.size(), 3);
    QCOMPARE(docs.at(0)->path(), files[0]);
    QCOMPARE(docs.at(1)->path(), files[1]);
    // A stored front's other mappings open from their YAML.
    QSignalSpy evaluatedAgain(t.w.controller(), &ProjectController::evaluated);
    QVERIFY(t.w.explore()->openMapping(1));
    QVERIFY(evaluatedAgain.wait(kWaitMs));
    const auto second = evaluatedAgain.last().at(0).value<ProjectResultPtr>();
    QVERIFY(second->evaluation);
    QVERIFY(qAbs(second->evaluation->total_latency - stored->front[1].latency) <=
            1e-9 * stored->front[1].latency);
    QVERIFY(storedRuns(storePath).size() == 1);  // reopening records nothing
  }

  // A run that stopped itself at the join's memory limit, or whose front is of a rounded join,
  // says so when reopened, as it did when it ran.
  void a_stopped_run_says_so_when_reopened() {
    QTemporaryDir dir;
    test::WindowFixture t;
    const QString storePath = dir.filePath("runs.sqlite");
    t.w.history()->setStorePath(storePath);
    const QStringList files = test::exampleSpec(dir, "two_level_matmul");
    const af::Workspace ws =
        af::Workspace::load({{files[0].toStdString(), files[1].toStdString()}, {}, {}, {}, true});
    QVERIFY(ws.ok());
    const af::mapper::MapperOptions o = ws.mapper_options();
    af::mapper::MapperResult result = ws.map(o);
    QVERIFY(result.found);
    result.cancelled = true;
    result.stopped_because = "the join outgrew its memory limit joining Einsum Z";
    const af::store::RunStore store(storePath.toStdString());
    const auto id = store.add(af::store::capture_map(ws, o, result, 0.1));
    QVERIFY2(id.ok(), id.error.c_str());
    QSignalSpy reopened(t.w.history(), &HistorySession::reopened);
    QSignalSpy said(t.w.history(), &HistorySession::message);
    t.w.history()->reopen(*id);
    QVERIFY(reopened.wait(kWaitMs));
    QVERIFY(!said.isEmpty());
    const QString text = said.last().at(0).toString();
    QVERIFY2(text.contains("stopped") && text.contains("memory limit joining Einsum Z"), qPrintable(text));
    // Its row in the History dock says so before it is opened.
    QSignalSpy listed(t.w.history(), &HistorySession::listed);
    t.w.history()->refresh();
    QVERIFY(listed.wait(kWaitMs));
    HistoryModel* model = t.w.history()->model();
    QCOMPARE(model->rowCount(), 1);
    const QString optimum = model->data(model->index(0, HistoryModel::Optimum)).toString();
    QVERIFY2(optimum.endsWith("(stopped)"), qPrintable(optimum));
    const QString tip = model->data(model->index(0, HistoryModel::Optimum), Qt::ToolTipRole).toString();
    QVERIFY2(tip.contains("1 warning"), qPrintable(tip));
    // A run that finished on a rounded join: its row says "(rounded)", not "(stopped)".
    result.cancelled = false;
    result.stopped_because.clear();
    result.rounded_because = "the exact join outgrew its memory limit";
    const auto rounded = store.add(af::store::capture_map(ws, o, result, 0.1));
    QVERIFY2(rounded.ok(), rounded.error.c_str());
    t.w.history()->refresh();
    QVERIFY(listed.wait(kWaitMs));
    QCOMPARE(model->rowCount(), 2);
    QStringList cells;
    for (int row = 0; row < 2; ++row)
      cells << model->data(model->index(row, HistoryModel::Optimum)).toString();
    QCOMPARE(cells.filter(QRegularExpression("\\(rounded\\)$")).size(), 1);
    QCOMPARE(cells.filter(QRegularExpression("\\(stopped\\)$")).size(), 1);
  }

  // A sweep is stored; reopened, its points come back with their accesses and it is not
  // stored again; renamed and deleted from the dock.
  void a_sweep_is_recorded_reopened_renamed_and_deleted() {
    QTemporaryDir dir;
    test::WindowFixture t;
    const QString storePath = dir.filePath("runs.sqlite");
    t.w.history()->setStorePath(storePath);
    QVERIFY(t.openFiles(test::exampleSpec(dir, "bandwidth_tradeoff")));
    SweepSession* sweeps = t.w.sweeps();
    sweeps->panel()->setVariation(0, "M", "16,32,64");
    QSignalSpy recorded(t.w.history(), &HistorySession::recorded);
    QSignalSpy finished(sweeps, &SweepSession::finished);
    QVERIFY(sweeps->run());
    QVERIFY(finished.wait(kWaitMs));
    QVERIFY(recorded.wait(kWaitMs));
    const std::int64_t id = recorded.last().at(0).value<std::int64_t>();
    const SweepRunPtr ran = finished.last().at(0).value<SweepRunPtr>();

    t.w.controller()->closeProject();
    QCOMPARE(sweeps->frontsPlot()->frontCount(), 0);
    QSignalSpy reopened(t.w.history(), &HistorySession::reopened);
    t.w.history()->reopen(id);
    QVERIFY(reopened.wait(kWaitMs));
    const auto shown = sweeps->current();
    QVERIFY(shown);
    QCOMPARE(shown->points.size(), std::size_t{3});
    QCOMPARE(sweeps->frontsPlot()->frontCount(), 3);
    QCOMPARE(sweeps->sweepPlot()->plottedCount(), 9);
    for (std::size_t i = 0; i < 3; ++i) {
      QCOMPARE(shown->points[i].row.energy, ran->points[i].row.energy);
      QCOMPARE(shown->points[i].row.front, ran->points[i].row.front);
      QCOMPARE(shown->points[i].accesses, ran->points[i].accesses);  // evaluated again, the same
    }
    QTest::qWait(200);
    QCOMPARE(storedRuns(storePath).size(), std::size_t{1});  // not recorded again

    // Rename through the table's name cell; delete through the dock.
    HistoryModel* model = t.w.history()->model();
    QSignalSpy listed(t.w.history(), &HistorySession::listed);
    QVERIFY(model->setData(model->index(0, HistoryModel::Name), "buffer sweep", Qt::EditRole));
    QVERIFY(listed.wait(kWaitMs));
    QCOMPARE(storedRuns(storePath).at(0).name, std::string("buffer sweep"));
    QCOMPARE(model->data(model->index(0, HistoryModel::Name)).toString(), QStringLiteral("buffer sweep"));
    t.w.history()->remove(id);
    QVERIFY(listed.wait(kWaitMs));
    QCOMPARE(model->rowCount(), 0);
    QVERIFY(storedRuns(storePath).empty());
  }

  // Run again: the run's settings come back to the Mapper pane and it maps again, a new run.
  void a_run_runs_again_with_its_settings() {
    QTemporaryDir dir;
    test::WindowFixture t;
    const QString storePath = dir.filePath("runs.sqlite");
    t.w.history()->setStorePath(storePath);
    QVERIFY(t.openFiles(test::exampleSpec(dir, "bandwidth_tradeoff")));
    t.w.explore()->runPanel()->setMetric(af::mapper::kLatency);
    const std::int64_t first = mapAndRecord(t);
    QVERIFY(first > 0);
    t.w.explore()->runPanel()->setMetric(af::mapper::kEnergy);  // changed since
    QSignalSpy recorded(t.w.history(), &HistorySession::recorded);
    t.w.history()->reopen(first, true);
    QVERIFY(recorded.wait(kWaitMs));
    const auto runs = storedRuns(storePath);
    QCOMPARE(runs.size(), std::size_t{2});
    QCOMPARE(runs[0].latency, runs[1].latency);
    QCOMPARE(runs[0].energy, runs[1].energy);
    QCOMPARE(t.w.explore()->runPanel()->options().metrics, static_cast<unsigned>(af::mapper::kLatency));
  }

  // Two runs compared: fronts overlaid, the optima's accesses with A pinned, the inputs'
  // differences (a variable, the text of a file).
  void two_runs_compared() {
    QTemporaryDir dir;
    test::WindowFixture t;
    t.w.history()->setStorePath(dir.filePath("runs.sqlite"));
    const QStringList files = test::exampleSpec(dir, "bandwidth_tradeoff");
    QVERIFY(t.openFiles(files));
    const std::int64_t a = mapAndRecord(t);
    QVERIFY(a > 0);
    // B: M=16 and an edited workload (unsaved: the run stores the text it read).
    SpecDocument* workload = t.w.controller()->documents()->documents().at(1);
    QVERIFY(t.result([&] {
      workload->setText(workload->text() + "# edited for run B\n");
      t.w.controller()->setVariableValues({{"M", "16"}});
    }));
    const std::int64_t b = mapAndRecord(t);
    QVERIFY(b > a);
    QSignalSpy compared(t.w.history(), &HistorySession::compared);
    t.w.historyDock()->selectIds({a, b});
    t.w.historyDock()->findChild<QPushButton*>("historyCompare")->click();
    QVERIFY(compared.wait(kWaitMs));
    CompareRunsView* view = t.w.historyDock()->compareView();
    QVERIFY(view);
    QCOMPARE(view->frontsPlot()->graphCount(), 2);
    QVERIFY(view->accessesPlot()->pinned().has_value());
    QVERIFY(!view->accessesPlot()->data().actions.isEmpty());
    QVERIFY2(view->inputsText().contains("M: (default) → 16"), qPrintable(view->inputsText()));
    QVERIFY2(view->inputsText().contains("+# edited for run B"), qPrintable(view->inputsText()));
    QVERIFY(view->figuresText().contains("energy"));

    // A is pinned by the window itself: no tab offers a Pin or Unpin that could re-pin B or
    // drop A (the reused plot's and Per buffer view's own buttons are hidden).
    QVERIFY(view->window()->isVisible());
    auto* tabs = view->findChild<QTabWidget*>();
    QVERIFY(tabs);
    const auto pinButtons = [view] {
      QList<QAbstractButton*> out;
      for (auto* b : view->findChildren<QAbstractButton*>())
        if (b->text().contains("pin", Qt::CaseInsensitive)) out << b;
      return out;
    };
    QVERIFY(pinButtons().size() >= 4);  // they exist (plot and Per buffer: Pin, Unpin), hidden
    for (int i = 0; i < tabs->count(); ++i) {
      tabs->setCurrentIndex(i);
      QCoreApplication::processEvents();
      for (auto* b : pinButtons())
        QVERIFY2(
            !(b->isVisible() && b->isEnabled()),
            qPrintable(QStringLiteral("tab %1: %2 (%3)").arg(tabs->tabText(i), b->text(), b->objectName())));
    }
  }

  // A store that is not a database is set aside with a message naming it; a fresh one works.
  void a_corrupt_store_is_set_aside() {
    QTemporaryDir dir;
    const QString path = dir.filePath("runs.sqlite");
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(QByteArray(4096, '\x5a'));
    f.close();
    test::WindowFixture t;
    QSignalSpy problem(t.w.history(), &HistorySession::storeProblem);
    t.w.history()->setStorePath(path);
    QVERIFY(problem.wait(kWaitMs));
    const QString text = problem.last().at(0).toString();
    QVERIFY2(text.contains(path), qPrintable(text));
    QVERIFY2(t.w.historyDock()->banner() == text, qPrintable(t.w.historyDock()->banner()));
    QVERIFY(QDir(dir.path()).entryList({"runs.sqlite.corrupt-*"}).size() == 1);
    QVERIFY(t.openFiles(test::exampleSpec(dir, "bandwidth_tradeoff")));
    QVERIFY(mapAndRecord(t) > 0);
    QCOMPARE(storedRuns(path).size(), std::size_t{1});
  }

  // Runs belong to the project file open when they ran: "this project's runs only" lists them.
  void runs_belong_to_their_project() {
    QTemporaryDir dir;
    test::WindowFixture t;
    t.w.history()->setStorePath(dir.filePath("runs.sqlite"));
    QVERIFY(t.openFiles(test::exampleSpec(dir, "bandwidth_tradeoff")));
    QVERIFY(mapAndRecord(t) > 0);  // no project file yet
    const QString project = dir.filePath("tradeoff.afproj");
    QVERIFY(t.w.controller()->saveProjectFile(project).isEmpty());
    const std::int64_t inProject = mapAndRecord(t);
    QVERIFY(inProject > 0);
    QSignalSpy listed(t.w.history(), &HistorySession::listed);
    t.w.history()->setProjectOnly(true);
    QVERIFY(listed.wait(kWaitMs));
    QCOMPARE(t.w.history()->model()->rowCount(), 1);
    QCOMPARE(t.w.history()->model()->idAt(0), inProject);
    // Reopening the project brings its history entries back.
    test::WindowFixture again;
    again.w.history()->setStorePath(dir.filePath("runs.sqlite"));
    QSignalSpy listedAgain(again.w.history(), &HistorySession::listed);
    again.w.history()->setProjectOnly(true);
    QSignalSpy opened(again.w.controller(), &ProjectController::projectFileOpened);
    again.w.controller()->openProjectFile(project);
    QVERIFY(opened.wait(kWaitMs));
    QVERIFY(opened.takeFirst().at(1).toString().isEmpty());
    QTRY_VERIFY_WITH_TIMEOUT(again.w.history()->model()->rowCount() == 1, kWaitMs);
    QCOMPARE(again.w.history()->model()->idAt(0), inProject);
  }

  // Two windows recording into one store at once: both runs are there.
  void two_windows_record_at_once() {
    QTemporaryDir dir;
    const QString path = dir.filePath("runs.sqlite");
    test::WindowFixture one, two;
    one.w.history()->setStorePath(path);
    two.w.history()->setStorePath(path);
    QTemporaryDir d1, d2;
    QVERIFY(one.openFiles(test::exampleSpec(d1, "bandwidth_tradeoff")));
    QVERIFY(two.openFiles(test::exampleSpec(d2, "two_level_matmul")));
    QSignalSpy r1(one.w.history(), &HistorySession::recorded), r2(two.w.history(), &HistorySession::recorded);
    for (int i = 0; i < 3; ++i) {
      QVERIFY(one.w.explore()->run());
      QVERIFY(two.w.explore()->run());
      QTRY_VERIFY_WITH_TIMEOUT(r1.count() == i + 1 && r2.count() == i + 1, kWaitMs);
    }
    QCOMPARE(storedRuns(path).size(), std::size_t{6});
  }
};

QTEST_MAIN(TestHistoryWindow)
#include "test_history_window.moc"
