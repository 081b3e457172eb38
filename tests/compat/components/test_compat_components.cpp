// AccelForge's own component figures (expected/component-costs.json) against the component
// models with no cost table (engine/components/models/README.md, 'Reproducing AccelForge'):
// every figure of eyeriss and simba within 5%, and exact where CACTI's call is on the grid;
// a figure whose CACTI call is off the grid within the interpolation's documented 10%. And
// eyeriss with its GlobalBuffer 4x larger: dearer per access, larger, and the reference table's
// entry for it reported stale.
#include <QtTest>
#include <cmath>
#include <fstream>
#include <sstream>

#include "components/cost_table.h"
#include "components/models/cacti_grid.h"
#include "components/models/sram.h"
#include "support/shared_corpus.h"
#include "workspace/workspace.h"

using namespace af;

namespace {

std::string arch(const std::string& name) {
  return af::test::reference_file("examples/arches/" + name + ".yaml");
}

SpecInputs arch_inputs(const std::string& name) {
  SpecInputs in;
  in.files = {arch(name), af::test::reference_file("examples/workloads/basic/matmuls.yaml"),
              af::test::reference_file("examples/workloads/_renames_default.yaml")};
  in.assignments = {"M=64", "KN=64", "N_EINSUMS=1"};
  return in;
}

std::string costs(const std::string& section) {
  return af::test::reference_file("expected/component-costs.json") + "#" + section;
}

double attribute(const spec::PricedComponent& p, const std::string& name) {
  for (const auto& a : p.attributes)
    if (a.name == name) return std::stod(a.value);
  return 0;
}

// Whether every CACTI call hwcomponents makes for this SRAM-class component is on the grid.
bool on_grid(const spec::PricedComponent& p) {
  const double node = attribute(p, "tech_node") * 1e9;
  const int ports = static_cast<int>(attribute(p, "n_rw_ports")),
            banks = static_cast<int>(attribute(p, "n_banks"));
  components::models::SramRequest r{attribute(p, "tech_node"), std::nullopt, std::nullopt,
                                    attribute(p, "size"),      ports,        banks};
  const auto shape = components::models::sram_figures(components::models::CactiGrid::builtin(), r);
  // The CACTI nodes hwcomponents calls: 22 nm outside 22..90 nm, else the two around the node.
  int lo = 22, hi = 22;
  if (node >= 22 && node <= 90)
    for (const int n : components::models::CactiGrid::kNodes) {
      if (n <= node) lo = n;
      if (n >= node && hi < node) hi = n;
    }
  const auto& grid = components::models::CactiGrid::builtin();
  return grid.on_grid(components::models::cacti_call(shape, ports, banks, lo)) &&
         grid.on_grid(components::models::cacti_call(shape, ports, banks, hi));
}

}  // namespace

class TestCompatComponents : public QObject {
  Q_OBJECT

 private slots:
  void initTestCase() { AF_REQUIRE_CORPUS(); }

  void figures_data() {
    QTest::addColumn<QString>("arch");
    QTest::newRow("eyeriss") << "eyeriss";
    QTest::newRow("simba") << "simba";
  }
  void figures() {
    QFETCH(QString, arch);
    const std::string name = arch.toStdString();
    const Workspace ws = Workspace::load(arch_inputs(name));
    QVERIFY(ws.ok());
    const components::CostTable table = components::load_cost_table(costs(name));
    QCOMPARE(ws.priced_components().size(), table.components.size());
    QStringList report;
    std::size_t figures = 0, within_5 = 0;
    for (const auto& p : ws.priced_components()) {
      const components::ComponentCost* ref = table.find(p.name);
      QVERIFY2(ref, p.name.c_str());
      const bool sram = !p.model.empty() && p.model.find("SRAM") != std::string::npos;
      // Exact (to the last digits) unless the model stood in for an off-grid CACTI call.
      const double tolerance = sram && !on_grid(p) ? 0.10 : 1e-12;
      const auto check = [&](const std::string& what, double got, double want) {
        ++figures;
        const double rel = want == got ? 0 : std::abs(got - want) / std::abs(want);
        if (rel <= 0.05) ++within_5;
        report << QString("%1 %2: %3 vs %4 (%5%)")
                      .arg(QString::fromStdString(p.name), QString::fromStdString(what))
                      .arg(got)
                      .arg(want)
                      .arg(100 * (got - want) / (want == 0 ? 1 : want), 0, 'f', 2);
        QVERIFY2(rel <= tolerance, qPrintable(report.last()));
      };
      check("area", p.area, *ref->area);
      check("leak_power", p.leak_power, *ref->leak_power);
      for (const auto& [action, cost] : ref->actions) {
        const spec::PricedAction* a = p.find_action(action);
        QVERIFY2(a, action.c_str());
        check(action + " energy", a->energy, *cost.energy);
        if (std::isinf(*cost.throughput))
          QVERIFY(std::isinf(a->throughput));
        else
          check(action + " throughput", a->throughput, *cost.throughput);
      }
    }
    qInfo("%s", qPrintable(report.join('\n')));
    // The README's count: all 34 finite figures of eyeriss, 37 of 38 of simba: all but an off-grid
    // figure the interpolation misses by more (simba's AccumulationBuffer read energy, +9.5%).
    QVERIFY2(within_5 >= figures * 95 / 100,
             qPrintable(QString("%1 of %2 within 5%").arg(within_5).arg(figures)));
  }

  // The issue's case: eyeriss's GlobalBuffer made 4x larger.
  void larger_global_buffer() {
    const Workspace original = Workspace::load(arch_inputs("eyeriss"));
    SpecInputs in = arch_inputs("eyeriss");
    std::ifstream f(arch("eyeriss"));
    std::stringstream text;
    text << f.rdbuf();
    std::string changed = text.str();
    const std::string from = "size: 1024 * 1024";
    QVERIFY(changed.find(from) != std::string::npos);
    changed.replace(changed.find(from), from.size(), "size: 4 * 1024 * 1024");
    in.unsaved[arch("eyeriss")] = changed;
    const Workspace larger = Workspace::load(in);
    QVERIFY(original.ok() && larger.ok());
    const auto glb = [](const Workspace& ws) {
      for (const auto& p : ws.priced_components())
        if (p.name == "GlobalBuffer") return p;
      return spec::PricedComponent{};
    };
    QVERIFY(glb(larger).find_action("read")->energy > glb(original).find_action("read")->energy);
    QVERIFY(glb(larger).find_action("write")->energy > glb(original).find_action("write")->energy);
    QVERIFY(glb(larger).area > glb(original).area);
    QVERIFY(larger.area().total > original.area().total);
    QVERIFY(larger.stale_costs().empty());  // no table: nothing to be stale

    in.component_costs = costs("eyeriss");
    const Workspace with_table = Workspace::load(in);
    QVERIFY(with_table.ok());
    const auto stale = with_table.stale_costs();
    QCOMPARE(stale.size(), std::size_t{1});
    QCOMPARE(QString::fromStdString(stale[0].component), QString("GlobalBuffer"));
    QVERIFY2(stale[0].message.find("size=4194304") != std::string::npos, stale[0].message.c_str());
    bool warned = false;
    for (const auto& d : with_table.diagnostics())
      warned = warned ||
               (d.severity == core::Severity::Warning && d.message.find("GlobalBuffer") != std::string::npos);
    QVERIFY(warned);
    // The table as written for the original design is not stale there.
    SpecInputs same = arch_inputs("eyeriss");
    same.component_costs = costs("eyeriss");
    QVERIFY(Workspace::load(same).stale_costs().empty());
    SpecInputs simba = arch_inputs("simba");
    simba.component_costs = costs("simba");
    QVERIFY(Workspace::load(simba).stale_costs().empty());
  }
};

QTEST_GUILESS_MAIN(TestCompatComponents)
#include "test_compat_components.moc"
