// The window on the specs users bring (issue 22): AccelForge's GPT-3 workload, whose variables
// live in the files it includes, set in the variables table; eyeriss, whose components need
// the reference component-cost table, attached from the File menu. Each maps in the window and
// gets the figures the CLI's path (af::Workspace) gets for the same inputs.
#include <qcustomplot.h>

#include <QElapsedTimer>
#include <QLabel>
#include <QListWidget>
#include <QSignalSpy>
#include <QtTest>
#include <cmath>

#include "component_costs_action.h"
#include "controller/project_controller.h"
#include "explore/explore_session.h"
#include "explore/funnel_plot.h"
#include "explore/run_panel.h"
#include "main_window.h"
#include "plots/accesses_plot.h"
#include "qt_warnings.h"
#include "support/shared_corpus.h"
#include "sweep/sweep_panel.h"
#include "sweep/sweep_session.h"
#include "views/variables_model.h"
#include "views/variables_pane.h"
#include "window_fixture.h"
#include "workspace/workspace.h"

using namespace af::ui;

namespace {

QString reference(const QString& relative) { return af::test::reference_qfile("examples/" + relative); }

// Types `value` into the variables table's Value cell of `name`, as a user does.
bool typeValue(VariablesModel* model, const QString& name, const QString& value) {
  for (int row = 0; row < model->rowCount(); ++row)
    if (model->index(row, VariablesModel::NameColumn).data().toString() == name)
      return model->setData(model->index(row, VariablesModel::ValueColumn), value);
  return false;
}

MapRunPtr mapInWindow(test::WindowFixture& t) {
  RunPanel* panel = t.w.explore()->runPanel();
  panel->setUnfused(true);
  panel->setMetric(af::mapper::kEnergy);
  QSignalSpy mapped(t.w.controller(), &ProjectController::mapped);
  if (!t.w.explore()->run()) return nullptr;
  if (mapped.isEmpty() && !mapped.wait(120000)) return nullptr;
  return mapped.last().at(0).value<MapRunPtr>();
}

// What `accelforge map FILES --set ... --component-costs ... --unfused --metric energy` finds.
af::mapper::MapperResult mapLikeTheCli(const af::SpecInputs& inputs) {
  const af::Workspace ws = af::Workspace::load(inputs);
  if (!ws.ok()) throw std::runtime_error(ws.diagnostics().front().to_string());
  af::mapper::MapperOptions options = ws.mapper_options();
  options.unfused = true;
  options.metrics = af::mapper::kEnergy;
  return ws.map(options);
}

}  // namespace

class TestRealSpecs : public QObject {
  Q_OBJECT
 private slots:
  void initTestCase() {
    AF_REQUIRE_CORPUS();
    test::useTestSettings();
  }
  void init() { test::failOnQtWarnings(); }

  // gpt3_6.7B.yaml reads DECODE, BATCH_SIZE, N_NEW_TOKENS (and N_CACHED_TOKENS when decoding)
  // only in the files it includes: the table lists them as needing a value, the user types
  // them there, and the run finds the CLI's optimum for the same values.
  void gpt3_variables_are_set_in_the_table() {
    test::WindowFixture t;
    const auto first = t.openFiles(
        {reference("arches/tpu_v4i.yaml"), reference("workloads/transformers/gpt/gpt3_6.7B.yaml")});
    QVERIFY(first);
    QVERIFY(!first->valid());
    VariablesModel* model = t.w.variablesPane()->model();
    const QStringList missing = model->missingRequired();
    for (const char* name : {"DECODE", "BATCH_SIZE", "N_NEW_TOKENS", "N_CACHED_TOKENS"})
      QVERIFY2(missing.contains(name), qPrintable(missing.join(", ")));
    QVERIFY(!missing.contains("N_HEADS"));  // set by the file itself

    const QList<QPair<QString, QString>> values = {
        {"DECODE", "True"}, {"BATCH_SIZE", "1"}, {"N_NEW_TOKENS", "1"}, {"N_CACHED_TOKENS", "128"}};
    ProjectResultPtr loaded;
    for (const auto& [name, value] : values) {
      loaded = t.result([&] { QVERIFY2(typeValue(model, name, value), qPrintable(name)); });
      QVERIFY(loaded);
    }
    QVERIFY2(loaded->valid(), loaded->workspace->diagnostics().empty()
                                  ? ""
                                  : loaded->workspace->diagnostics().front().to_string().c_str());
    QVERIFY(model->missingRequired().isEmpty());

    const MapRunPtr run = mapInWindow(t);
    QVERIFY(run);
    QVERIFY(run->result.found);
    af::SpecInputs cli;
    cli.files = {reference("arches/tpu_v4i.yaml").toStdString(),
                 reference("workloads/transformers/gpt/gpt3_6.7B.yaml").toStdString()};
    cli.assignments = {"BATCH_SIZE=1", "DECODE=True", "N_CACHED_TOKENS=128", "N_NEW_TOKENS=1"};
    const af::mapper::MapperResult expected = mapLikeTheCli(cli);
    QVERIFY(expected.found);
    QCOMPARE(run->result.evaluation->total_energy, expected.evaluation->total_energy);
    QCOMPARE(run->result.evaluation->total_latency, expected.evaluation->total_latency);
  }

  // tpu_v4i with GPT-3 6.7B prefill, unfused, EDP, at 1400x900, as an architect opens it: the
  // variables pane says N_CACHED_TOKENS matters only when DECODE is true; the accesses plot
  // says which buffers draw as empty bars beside the registers' ~100 GiB and shows them all in
  // one click; the funnel draws no fused-join section for an unfused run.
  void gpt3_prefill_reads_at_1400x900() {
    test::WindowFixture t;
    QVERIFY(t.show());
    t.w.setAssignments({"BATCH_SIZE=1", "DECODE=False", "N_NEW_TOKENS=256"});
    const auto loaded = t.openFiles(
        {reference("arches/tpu_v4i.yaml"), reference("workloads/transformers/gpt/gpt3_6.7B.yaml")});
    QVERIFY(loaded && loaded->valid());
    VariablesModel* model = t.w.variablesPane()->model();
    QVERIFY2(model->missingRequired().isEmpty(), qPrintable(model->missingRequired().join(", ")));
    QCOMPARE(model->missingButNotNeeded(), QStringList{"N_CACHED_TOKENS"});
    auto* status = t.w.variablesPane()->findChild<QLabel*>("variablesStatus");
    QVERIFY(status);
    QVERIFY2(status->isVisible() && status->text().contains("matters only when DECODE is true"),
             qPrintable(status->text()));
    for (int row = 0; row < model->rowCount(); ++row)
      if (model->index(row, VariablesModel::NameColumn).data().toString() == "N_CACHED_TOKENS")
        QVERIFY(!model->index(row, VariablesModel::ValueColumn).data(Qt::BackgroundRole).isValid());

    RunPanel* panel = t.w.explore()->runPanel();
    panel->setUnfused(true);
    panel->setMetric(af::mapper::kEdp);
    QSignalSpy mapped(t.w.controller(), &ProjectController::mapped);
    QVERIFY(t.w.explore()->run());
    QVERIFY(mapped.wait(120000));
    const auto opened = t.result([&] { QVERIFY(t.w.explore()->openMapping(0)); });
    QVERIFY(opened && opened->evaluation);

    // The funnel: the Einsums only.
    for (const QString& category : t.w.explore()->funnelPlot()->categories())
      QVERIFY2(!category.startsWith("join "), qPrintable(category));

    // The accesses plot names the buffers that would draw empty, and shows them on a log axis.
    QVERIFY(t.w.showView("accesses"));
    AccessesPlot* plot = t.w.accessesPlot();
    QVERIFY(!plot->logScale());
    const QString hint = plot->scaleHint();
    for (const char* buffer : {"MainMemory", "GlobalBuffer", "Register"})
      QVERIFY2(hint.contains(buffer), qPrintable(hint));
    auto* link = plot->findChild<QLabel*>("scaleHint");
    QVERIFY(link && link->isVisible());
    emit link->linkActivated("log");  // the one click
    QVERIFY(plot->logScale());
    QVERIFY(plot->scaleHint().isEmpty());
    const double lowest = plot->valueAxis()->range().lower;
    for (const QString& component : plot->table().categories) {
      double total = 0;
      for (const QString& series : plot->table().series) total += plot->table().value(series, component);
      if (total > 0) QVERIFY2(total > lowest, qPrintable(component));  // a bar above the axis' floor
    }
  }

  // eyeriss names component classes whose costs come from the reference table: File >
  // Component Costs… attaches it (the section chosen from the arch's name), the errors go,
  // and the run gets the CLI's figures.
  void eyeriss_gets_its_costs_from_the_attached_table() {
    test::WindowFixture t;
    t.w.setAssignments({"N_EINSUMS=2"});
    const auto first =
        t.openFiles({reference("arches/eyeriss.yaml"), reference("workloads/basic/matmuls.yaml")});
    QVERIFY(first);
    auto* costs = t.w.findChild<ComponentCostsAction*>();
    QVERIFY(costs);
    const QString table = af::test::reference_qfile("expected/component-costs.json");
    // The table's sections are read on a worker: `attached` says how it went.
    const auto attach = [costs](const QString& file, const QString& section = {}) {
      QSignalSpy attached(costs, &ComponentCostsAction::attached);
      costs->attach(file, section);
      return attached.wait(30000) ? attached.takeFirst().at(1).toString() : QStringLiteral("no answer");
    };
    QVERIFY(attach(table).contains("several sections"));
    QVERIFY(attach(table, "nosuch").contains("no section 'nosuch'"));
    QCOMPARE(ComponentCostsAction::guessSection({"simba", "eyeriss"}, {reference("arches/eyeriss.yaml")}),
             QStringLiteral("eyeriss"));
    const auto attached = t.result([&] { QCOMPARE(attach(table, "eyeriss"), QString()); });
    QVERIFY(attached);
    QVERIFY(attached->valid());
    QCOMPARE(t.w.controller()->componentCosts(), table + "#eyeriss");
    QVERIFY(costs->detachAction()->isEnabled());
    // The Project pane lists the table under the files.
    QTRY_COMPARE(t.w.projectFiles()->count(), 3);
    QCOMPARE(t.w.projectFiles()->item(2)->text(), QString("costs: component-costs.json # eyeriss"));

    const MapRunPtr run = mapInWindow(t);
    QVERIFY(run);
    QVERIFY2(run->result.found, run->result.failure.c_str());
    af::SpecInputs cli;
    cli.files = {reference("arches/eyeriss.yaml").toStdString(),
                 reference("workloads/basic/matmuls.yaml").toStdString()};
    cli.assignments = {"N_EINSUMS=2"};
    cli.component_costs = (table + "#eyeriss").toStdString();
    const af::mapper::MapperResult expected = mapLikeTheCli(cli);
    QVERIFY(expected.found);
    QCOMPARE(run->result.evaluation->total_energy, expected.evaluation->total_energy);
    QCOMPARE(run->result.evaluation->total_latency, expected.evaluation->total_latency);
    QVERIFY(run->result.evaluation->total_energy > 0);

    costs->detachAction()->trigger();
    QTRY_COMPARE(t.w.projectFiles()->count(), 2);
  }

  // GPT-3's N_NEW_TOKENS has no value, so the spec does not load until a sweep gives it one:
  // it is swept all the same, and each point is what the CLI maps with that value.
  void gpt3_sweeps_a_variable_it_needs() {
    test::WindowFixture t;
    t.w.setAssignments({"BATCH_SIZE=1", "DECODE=False"});
    const QStringList files = {reference("arches/tpu_v4i.yaml"),
                               reference("workloads/transformers/gpt/gpt3_6.7B.yaml")};
    const auto loaded = t.openFiles(files);
    QVERIFY(loaded);
    QVERIFY(!loaded->valid());  // N_NEW_TOKENS is undefined
    t.w.explore()->runPanel()->setUnfused(true);
    t.w.explore()->runPanel()->setMetric(af::mapper::kEnergy);
    SweepSession* sweeps = t.w.sweeps();
    sweeps->panel()->setVariation(0, "N_NEW_TOKENS", "256,512");
    QSignalSpy finished(sweeps, &SweepSession::finished);
    QVERIFY(sweeps->run());
    QVERIFY(finished.wait(240000));
    const auto run = finished.last().at(0).value<SweepRunPtr>();
    QVERIFY(run && run->problems.empty());
    QCOMPARE(run->points.size(), std::size_t{2});
    for (const auto& p : run->points) {
      QVERIFY2(p.row.found, p.row.failure.c_str());
      af::SpecInputs cli;
      cli.files = {files[0].toStdString(), files[1].toStdString()};
      cli.assignments = {"BATCH_SIZE=1", "DECODE=False", "N_NEW_TOKENS=" + p.row.values[0]};
      const auto expected = mapLikeTheCli(cli);
      QCOMPARE(p.row.energy, expected.evaluation->total_energy);
      QCOMPARE(p.row.latency, expected.evaluation->total_latency);
      QVERIFY(!p.accesses.actions.isEmpty());
    }
    QVERIFY(run->points[1].row.energy > run->points[0].row.energy);  // twice the tokens
  }

  // eyeriss with its cost table attached sweeps with the table: each point has the CLI's
  // figures.
  void eyeriss_sweeps_with_its_cost_table() {
    test::WindowFixture t;
    t.w.setAssignments({"N_EINSUMS=2"});
    const QString table = af::test::reference_qfile("expected/component-costs.json");
    QVERIFY(t.openFiles({reference("arches/eyeriss.yaml"), reference("workloads/basic/matmuls.yaml")}));
    const auto loaded = t.result([&] {
      t.w.controller()->setComponentCosts(table + "#eyeriss");
      t.w.controller()->revalidate();
    });
    QVERIFY(loaded && loaded->valid());
    t.w.explore()->runPanel()->setUnfused(true);
    t.w.explore()->runPanel()->setMetric(af::mapper::kEnergy);
    SweepSession* sweeps = t.w.sweeps();
    sweeps->panel()->setVariation(0, "KN", "64,128");
    QSignalSpy finished(sweeps, &SweepSession::finished);
    QVERIFY(sweeps->run());
    QVERIFY(finished.wait(240000));
    const auto run = finished.last().at(0).value<SweepRunPtr>();
    QVERIFY(run && run->points.size() == 2);
    for (const auto& p : run->points) {
      QVERIFY2(p.row.found, p.row.failure.c_str());
      af::SpecInputs cli;
      cli.files = {reference("arches/eyeriss.yaml").toStdString(),
                   reference("workloads/basic/matmuls.yaml").toStdString()};
      cli.assignments = {"N_EINSUMS=2", "KN=" + p.row.values[0]};
      cli.component_costs = (table + "#eyeriss").toStdString();
      const auto expected = mapLikeTheCli(cli);
      QCOMPARE(p.row.energy, expected.evaluation->total_energy);
    }
  }

  // Stop half way through a long fused GPT-3 point: the sweep ends at once, keeping the points
  // done before it (none here), and says it was stopped.
  void stop_half_way_through_a_gpt3_sweep() {
    test::WindowFixture t;
    t.w.setAssignments({"BATCH_SIZE=1", "DECODE=False"});
    QVERIFY(t.openFiles(
        {reference("arches/tpu_v4i.yaml"), reference("workloads/transformers/gpt/gpt3_6.7B.yaml")}));
    t.w.explore()->runPanel()->setUnfused(false);
    SweepSession* sweeps = t.w.sweeps();
    sweeps->panel()->setVariation(0, "N_NEW_TOKENS", "2048,4096");
    QSignalSpy finished(sweeps, &SweepSession::finished);
    QVERIFY(sweeps->run());
    QTest::qWait(1500);  // inside the first point's search
    QVERIFY(sweeps->running());
    QElapsedTimer clock;
    clock.start();
    sweeps->stop();
    QVERIFY(finished.wait(30000));
    qInfo("the sweep ended %lld ms after Stop", static_cast<long long>(clock.elapsed()));
    const auto run = finished.last().at(0).value<SweepRunPtr>();
    QVERIFY(run->stopped);
    QVERIFY(run->points.empty());
    QVERIFY(!sweeps->running());
  }
};

QTEST_MAIN(TestRealSpecs)
#include "test_real_specs.moc"
