// The compute-in-memory lesson: Help › Lessons opens the bundled analog array on the
// Architecture view, every part priced by its CiM model (the ADC, NeuroSim's cells and drivers),
// the CiM mapper settings shown, and the array maps from the window; a taller array shares each
// ADC conversion among more MACs, so the ADC's energy falls.
#include <QAction>
#include <QSignalSpy>
#include <QtTest>

#include "controller/project_controller.h"
#include "editors/document_set.h"
#include "editors/spec_document.h"
#include "explore/explore_session.h"
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
    QVERIFY2(
        adc_energy(taller) < 0.6 * adc32,
        qPrintable(QString("ADC energy %1 J at 64 rows, %2 J at 32").arg(adc_energy(taller)).arg(adc32)));
  }
};

QTEST_MAIN(TestCimLesson)
#include "test_cim_lesson.moc"
