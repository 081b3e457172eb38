// The compute-in-memory lesson: Help › Lessons opens the bundled analog array on the
// Architecture view, every part priced by its CiM model (the ADC, NeuroSim's cells and drivers),
// the CiM mapper settings shown, and the array maps from the window; a taller array shares each
// ADC conversion among more MACs, so the ADC's energy falls, until the bits a taller column's sum
// needs cost more than the conversions they save: a sweep of the rows shows it as a front.
#include <QAction>
#include <QSignalSpy>
#include <QtTest>

#include "controller/project_controller.h"
#include "editors/document_set.h"
#include "editors/spec_document.h"
#include "explore/explore_session.h"
#include "sweep/sweep_fronts_plot.h"
#include "sweep/sweep_panel.h"
#include "sweep/sweep_session.h"
#include "views/arch_text.h"
#include "views/architecture_view.h"
#include "window_fixture.h"

using namespace af::ui;

namespace {

double adc_energy(const MapRunPtr& run) {
  double e = 0;
  for (const auto& [key, value] : run->result.evaluation->energy)
    if (key.component == "ADC") e += value;
  return e;
}

MapRunPtr map(MainWindow& w) {
  QSignalSpy mapped(w.controller(), &ProjectController::mapped);
  if (!w.explore()->run() || !mapped.wait(60000)) return nullptr;
  return mapped.last().at(0).value<MapRunPtr>();
}

}  // namespace

class TestCimLesson : public QObject {
  Q_OBJECT
 private slots:
  void initTestCase() { test::useTestSettings(); }

  void the_lesson_opens_the_array_priced_by_its_models() {
    test::WindowFixture t;
    QVERIFY(t.show());
    auto* lesson = t.w.findChild<QAction*>("lesson_cim_analog_array");
    QVERIFY(lesson);
    const auto opened = t.result([&] { lesson->trigger(); });
    QVERIFY(opened && opened->valid() && opened->evaluation);
    ArchitectureView* arch = t.w.architectureView();
    QVERIFY(arch->isVisible());
    const auto& pricing = arch->pricing();
    for (const auto& [component, model] :
         {std::pair{"ADC", "ADC"}, std::pair{"Cells", "MemoryCell"},
          std::pair{"RowDrivers", "ArrayRowDrivers"}, std::pair{"ColumnDrivers", "ArrayColumnDrivers"}}) {
      QVERIFY2(pricing.contains(component), component);
      QCOMPARE(pricing.at(component).model, std::string(model));
      QCOMPARE(pricing.at(component).area_source, af::spec::CostSource::Model);
    }
    // The cells' write is AccelForge's figure, physically reversed: the corrected value is
    // beside it in the source line and the tooltip.
    QVERIFY(!pricing.at("Cells").model_notes.empty());
    QVERIFY(pricingSummary(pricing.at("Cells")).contains(QStringLiteral("as AccelForge has it")));
    QVERIFY(pricing.at("ADC").model_notes.empty());
    // The array in one line: its rows and columns, and how many of each part it has.
    const QString array = arch->arrayText();
    QVERIFY2(array.contains(QStringLiteral("32 rows \u00d7 32 columns")), qPrintable(array));
    QVERIFY2(array.contains(QStringLiteral("ADC \u00d71 (n_adcs")), qPrintable(array));
    QVERIFY2(array.contains(QStringLiteral("Cells \u00d71,024 (one per cell)")), qPrintable(array));
    // The settings AccelForge's CiM loader chooses are said, not hidden.
    bool said = false;
    for (const auto& d : opened->workspace->diagnostics())
      said = said || d.message.find("compute-in-memory arch") != std::string::npos;
    QVERIFY(said);
    // The lesson ends on a sweep of the rows: the Sweep pane is set up for it.
    const auto sweep = t.w.sweeps()->panel()->variations();
    QCOMPARE(sweep.size(), std::size_t{1});
    QCOMPARE(sweep[0].name, std::string("ArrayRows"));
    QCOMPARE(sweep[0].values, (std::vector<std::string>{"8", "16", "32", "64", "128", "256"}));
    QCOMPARE(t.w.sweeps()->frontsPlot()->axes(), SweepFrontsPlot::Axes::EnergyArea);
  }

  void a_taller_array_spends_less_on_its_adc() {
    test::WindowFixture t;
    QVERIFY(t.show());
    QVERIFY(t.openExample("cim_analog_array"));
    const MapRunPtr first = map(t.w);
    QVERIFY(first && first->result.found);
    QVERIFY2(first->seconds < 10, "a student's example maps at once");  // generous: a loaded CI machine
    const double adc32 = adc_energy(first);
    QVERIFY(adc32 > 0);

    SpecDocument* file = nullptr;
    for (SpecDocument* d : t.w.documents()->documents())
      if (d->displayName() == QLatin1String("arch.yaml")) file = d;
    QVERIFY(file);
    const auto edited = t.result([&] {
      file->setText(file->text().replace("ArrayRows | default(32)", "ArrayRows | default(64)"));
      t.w.revalidate();
    });
    QVERIFY(edited && edited->valid());
    const MapRunPtr taller = map(t.w);
    QVERIFY(taller && taller->result.found);
    // Half the conversions, each of 10 bits instead of 9: about 0.7 of the energy.
    QVERIFY2(
        adc_energy(taller) < 0.8 * adc32,
        qPrintable(QString("ADC energy %1 J at 64 rows, %2 J at 32").arg(adc_energy(taller)).arg(adc32)));
  }

  // The ADC-versus-array trade-off on the front: swept over the rows, with the ADC's bits
  // following what a column's sum needs, the energy falls to 64 rows and rises after, while the
  // latency keeps falling; on energy against area the taller arrays are off the front, on
  // latency against area every design is on it.
  void a_sweep_of_the_rows_draws_the_trade_off() {
    test::WindowFixture t;
    QVERIFY(t.show());
    QVERIFY(t.openExample("cim_analog_array"));
    SweepSession* sweeps = t.w.sweeps();
    sweeps->panel()->setVariation(0, "ArrayRows", "8..256*2");
    QSignalSpy finished(sweeps, &SweepSession::finished);
    QVERIFY(sweeps->run());
    QVERIFY(finished.wait(120000));
    const auto run = finished.last().at(0).value<SweepRunPtr>();
    QVERIFY(run && run->points.size() == 6);
    std::vector<double> energy;
    for (const auto& p : run->points) {
      QVERIFY(p.row.found);
      energy.push_back(p.row.energy);
    }
    const auto lowest = std::min_element(energy.begin(), energy.end()) - energy.begin();
    QCOMPARE(lowest, 3);  // 64 rows
    for (std::size_t i = 1; i < run->points.size(); ++i) {
      QVERIFY2(run->points[i].row.area > run->points[i - 1].row.area, "a taller array, a larger ADC");
      QVERIFY(run->points[i].row.latency < run->points[i - 1].row.latency);
    }
    SweepFrontsPlot* fronts = sweeps->frontsPlot();
    fronts->setAxes(SweepFrontsPlot::Axes::EnergyArea);
    QCOMPARE(fronts->frontAcrossPoints(), (std::vector<std::size_t>{0, 1, 2, 3}));
    fronts->setAxes(SweepFrontsPlot::Axes::LatencyArea);
    QCOMPARE(fronts->frontAcrossPoints(), (std::vector<std::size_t>{0, 1, 2, 3, 4, 5}));
  }
};

QTEST_MAIN(TestCimLesson)
#include "test_cim_lesson.moc"
