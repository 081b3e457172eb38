// The component models in the window. On the bundled component_models example (no costs
// written: every figure comes from a model), an edit of the buffer's size re-prices it: its
// energy per access, its area, the Area view and the accesses' energy all change, as the CLI
// says they should. With AccelForge's eyeriss, made 4x larger, the reference cost table's entry
// is said to be stale and one click prices it with its model.
#include <QLabel>
#include <QSignalSpy>
#include <QtTest>

#include "controller/project_controller.h"
#include "docks/plots_dock.h"
#include "editors/document_set.h"
#include "editors/spec_document.h"
#include "models/accesses_data.h"
#include "plots/accesses_plot.h"
#include "plots/area_plot.h"
#include "support/shared_corpus.h"
#include "views/architecture_view.h"
#include "window_fixture.h"

using namespace af::ui;

namespace {

SpecDocument* document(MainWindow& w, const QString& fileName) {
  for (SpecDocument* d : w.documents()->documents())
    if (d->displayName() == fileName) return d;
  return nullptr;
}

double energyOf(const AccessesData& data, const QString& component) {
  double e = 0;
  for (const auto& r : data.actions)
    if (r.component == component && r.action != QLatin1String("leak")) e += r.energy;
  return e;
}

}  // namespace

class TestCostsWindow : public QObject {
  Q_OBJECT
 private slots:
  void initTestCase() { test::useTestSettings(); }

  void an_edited_size_reprices_the_buffer() {
    test::WindowFixture t;
    QVERIFY(t.show());
    const auto first = t.openExample("component_models");
    QVERIFY(first && first->valid() && first->evaluation);
    QVERIFY(t.w.showView("architecture"));
    ArchitectureView* arch = t.w.architectureView();
    const auto& pricing = arch->pricing();
    QVERIFY(pricing.contains("GlobalBuffer"));
    const af::spec::PricedComponent before = pricing.at("GlobalBuffer");
    QCOMPARE(before.model, std::string("SmartBufferSRAM"));
    QCOMPARE(before.area_source, af::spec::CostSource::Model);
    QVERIFY(before.find_action("read"));
    QCOMPARE(before.find_action("read")->energy_source, af::spec::CostSource::Model);
    auto* area = t.w.plotsDock()->areaPlot();
    const double areaBefore = area->barValue("GlobalBuffer");
    QVERIFY(areaBefore > 0);
    const double energyBefore = energyOf(first->accesses, "GlobalBuffer");
    QVERIFY(energyBefore > 0);

    // The buffer 4x larger, typed into the arch file as a user edits it.
    SpecDocument* file = document(t.w, "arch.yaml");
    QVERIFY(file);
    const auto edited = t.result([&] {
      file->setText(file->text().replace("default(16)", "default(64)"));
      t.w.revalidate();
    });
    QVERIFY(edited && edited->valid() && edited->evaluation);
    const af::spec::PricedComponent after = arch->pricing().at("GlobalBuffer");
    QVERIFY2(after.find_action("read")->energy > before.find_action("read")->energy,
             "a larger SRAM costs more per access");
    QVERIFY2(after.area > 3 * before.area, "four times the bits, about four times the area");
    QVERIFY(after.leak_power > before.leak_power);
    QVERIFY(area->barValue("GlobalBuffer") > 3 * areaBefore);
    QVERIFY(energyOf(edited->accesses, "GlobalBuffer") > energyBefore);
    // The Area view's total is the CLI's (Workspace::area).
    QCOMPARE(area->data().total, edited->workspace->area().total);
    QVERIFY(t.w.showView("area"));
    QCOMPARE(t.w.plotsDock()->currentWidget(), area);
    QVERIFY(!area->showsEmptyState());
  }

  void a_stale_table_entry_is_offered_to_its_model() {
    AF_REQUIRE_CORPUS();
    QTemporaryDir dir;
    QFile original(af::test::reference_qfile("examples/arches/eyeriss.yaml"));
    QVERIFY(original.open(QIODevice::ReadOnly));
    QString text = QString::fromUtf8(original.readAll());
    QVERIFY(text.contains("size: 1024 * 1024"));
    text.replace("size: 1024 * 1024", "size: 4 * 1024 * 1024");  // the GlobalBuffer 4x larger
    QFile larger(dir.filePath("eyeriss.yaml"));
    QVERIFY(larger.open(QIODevice::WriteOnly));
    larger.write(text.toUtf8());
    larger.close();

    test::WindowFixture t;
    QVERIFY(t.show());
    t.w.setAssignments({"N_EINSUMS=1", "M=64", "KN=64"});
    QVERIFY(
        t.openFiles({larger.fileName(), af::test::reference_qfile("examples/workloads/basic/matmuls.yaml")}));
    const auto loaded = t.result([&] {
      t.w.controller()->setComponentCosts(af::test::reference_qfile("expected/component-costs.json") +
                                          "#eyeriss");
      t.w.revalidate();
    });
    QVERIFY(loaded && loaded->valid());
    ArchitectureView* arch = t.w.architectureView();
    QVERIFY2(arch->staleText().contains("GlobalBuffer"), qPrintable(arch->staleText()));
    QCOMPARE(arch->pricing().at("GlobalBuffer").area_source, af::spec::CostSource::Table);
    // The diagnostics say it too, at the component.
    bool warned = false;
    for (const auto& d : loaded->diagnostics)
      warned = warned || d.message.find("GlobalBuffer") != std::string::npos;
    QVERIFY(warned);

    auto* banner = arch->findChild<QLabel*>("staleCosts");
    QVERIFY(banner && !banner->isHidden());
    const auto repriced = t.result([&] { emit banner->linkActivated("price:GlobalBuffer"); });
    QVERIFY(repriced && repriced->valid());
    QCOMPARE(t.w.controller()->pricedByModel(), QStringList{"GlobalBuffer"});
    const af::spec::PricedComponent byModel = arch->pricing().at("GlobalBuffer");
    QCOMPARE(byModel.area_source, af::spec::CostSource::Model);
    QVERIFY(byModel.priced_by_model_instead);
    QVERIFY(arch->staleText().isEmpty());
    // The other components keep the table's figures.
    QCOMPARE(arch->pricing().at("InputScratchpad").area_source, af::spec::CostSource::Table);
  }
};

QTEST_MAIN(TestCostsWindow)
#include "test_costs_window.moc"
