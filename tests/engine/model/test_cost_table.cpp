// Component cost tables: the loader and the resolver on the project's own table
// (tests/data/costs/component_costs.json), and the reference expected/component-costs.json
// when AccelForge's corpus is there.
#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>
#include <clocale>

#include "components/cost_resolution.h"
#include "components/cost_table.h"
#include "core/diagnostic.h"
#include "support/shared_corpus.h"

using namespace af;

class TestCostTable : public QObject {
  Q_OBJECT

 private slots:
  void loadsSections() {
    const std::string file = af::test::data_file("costs/component_costs.json");
    const auto unit = components::load_cost_table(file + "#unit");
    QCOMPARE(unit.components.size(), std::size_t{2});
    QCOMPARE(*unit.find("MAC")->actions.at("compute").energy, 2.0);
    QCOMPARE(*unit.find("MAC")->actions.at("compute").throughput, 1.0);
    QVERIFY(std::isinf(*unit.find("Memory")->actions.at("read").throughput));  // Python's Infinity
    QVERIFY(unit.find("GlobalBuffer") == nullptr);
    const auto npu = components::load_cost_table(file + "#edge_npu");
    QCOMPARE(npu.components.size(), std::size_t{3});
    QCOMPARE(*npu.find("DRAM")->actions.at("write").energy, 2.5e-11);
    QCOMPARE(*npu.find("GlobalBuffer")->leak_power, 0.000375);
    QCOMPARE(*npu.find("GlobalBuffer")->area, 2.5e-07);
    QVERIFY_THROWS_EXCEPTION(core::SpecError, components::load_cost_table(file));  // 2 sections
    QVERIFY_THROWS_EXCEPTION(core::SpecError, components::load_cost_table(file + "#nope"));
    QVERIFY_THROWS_EXCEPTION(core::SpecError,
                             components::load_cost_table(af::test::data_file("costs/no_such_table.json")));
  }

  void loadsReferenceSections() {
    AF_REQUIRE_CORPUS();
    const std::string file = af::test::reference_file("expected/component-costs.json");
    const auto simple = components::load_cost_table(file + "#simple");
    QCOMPARE(simple.components.size(), std::size_t{3});
    QCOMPARE(*simple.find("MAC")->actions.at("compute").energy, 1.0);
    QVERIFY(std::isinf(*simple.find("MainMemory")->actions.at("read").throughput));
    const auto eyeriss = components::load_cost_table(file + "#eyeriss");
    QCOMPARE(*eyeriss.find("MainMemory")->actions.at("read").energy, 8e-12);
    QCOMPARE(*eyeriss.find("GlobalBuffer")->leak_power, 0.00025508039081958506);
    QVERIFY_THROWS_EXCEPTION(core::SpecError, components::load_cost_table(file));  // 4 sections
    QVERIFY_THROWS_EXCEPTION(core::SpecError, components::load_cost_table(file + "#nope"));
  }

  void loadsYaml() {
    const auto t = components::parse_cost_table(
        "MAC:\n  leak_power: 0.5\n  actions:\n    compute: {energy: 2, throughput: .inf}\n", true, "",
        "inline.yaml");
    QCOMPARE(*t.find("MAC")->leak_power, 0.5);
    QVERIFY(std::isinf(*t.find("MAC")->actions.at("compute").throughput));
  }

  // Explicit spec values (scaled) win over the table (final, unscaled), which wins over
  // Dummy; nothing at all is an error naming the component and the action. On the project's
  // table and on AccelForge's: a GlobalBuffer's figures from each.
  void resolverPrecedence_data() {
    QTest::addColumn<bool>("corpus");
    QTest::addColumn<QString>("table");
    QTest::addColumn<double>("writeEnergy");
    QTest::addColumn<double>("writeThroughput");
    QTest::addColumn<double>("leakPower");
    QTest::newRow("project") << false
                             << QString::fromStdString(
                                    af::test::data_file("costs/component_costs.json#edge_npu"))
                             << 7.25e-13 << 16000000000.0 << 0.000375;
    QTest::newRow("reference") << true
                               << QString::fromStdString(
                                      af::test::reference_file("expected/component-costs.json#eyeriss"))
                               << 9.122346940403464e-11 << 9846153846.153845 << 0.00025508039081958506;
  }

  void resolverPrecedence() {
    QFETCH(bool, corpus);
    QFETCH(QString, table);
    QFETCH(double, writeEnergy);
    QFETCH(double, writeThroughput);
    QFETCH(double, leakPower);
    if (corpus) AF_REQUIRE_CORPUS();
    const auto costs = components::load_cost_table(table.toStdString());
    components::ComponentCostInput in;
    in.name = "GlobalBuffer";
    in.component_class = "SmartBufferSRAM";
    in.energy_scale = 2;
    in.actions = {{"read", 3.0, std::nullopt, 1, 1, std::nullopt, {}},
                  {"write", std::nullopt, std::nullopt, 1, 1, std::nullopt, {}}};
    const auto r = components::resolve_component_costs(in, &costs);
    QCOMPARE(r.actions[0].energy, 6.0);          // explicit value, scaled
    QCOMPARE(r.actions[1].energy, writeEnergy);  // table value, final
    QCOMPARE(r.actions[1].throughput, writeThroughput);
    QCOMPARE(r.leak_power, leakPower);

    components::ComponentCostInput dummy;
    dummy.name = "Extra";
    dummy.component_class = "DUMMY";
    dummy.actions = {{"read", std::nullopt, std::nullopt, 1, 1, std::nullopt, {}}};
    const auto d = components::resolve_component_costs(dummy, &costs);
    QCOMPARE(d.actions[0].energy, 0.0);
    QVERIFY(std::isinf(d.actions[0].throughput));

    components::ComponentCostInput unknown = dummy;
    unknown.component_class = "SmartBufferSRAM";
    unknown.leak_power = 0;
    try {
      components::resolve_component_costs(unknown, &costs);
      QFAIL("expected SpecError");
    } catch (const core::SpecError& e) {
      QVERIFY2(QString(e.what()).contains("Extra") && QString(e.what()).contains("'read'"), e.what());
    }
  }

  // Qt sets the C locale from the environment; under a decimal-comma locale a strtod/stod
  // reader takes "1.5" for 1. The cost table must read the same numbers anywhere.
  void readsNumbersUnderADecimalCommaLocale() {
    const std::string previous = std::setlocale(LC_ALL, nullptr);
    QTemporaryDir compiled;
    if (!std::setlocale(LC_ALL, "de_DE.UTF-8")) {
      // Not installed system-wide: compile it into a folder of our own (needs the locales data).
      const int rc =
          QProcess::execute("localedef", {"-i", "de_DE", "-f", "UTF-8", compiled.filePath("de_DE.UTF-8")});
      qputenv("LOCPATH", compiled.path().toUtf8());
      if (rc != 0 || !std::setlocale(LC_ALL, "de_DE.UTF-8"))
        QSKIP("no decimal-comma locale: install Debian's `locales` package (packaging/common.sh does)");
    }
    QCOMPARE(std::localeconv()->decimal_point[0], ',');  // the trap is set
    const auto yaml = components::parse_cost_table(
        "Buffer:\n  leak_power: 0.25\n  area: 1.5e-9\n  actions:\n    read: {energy: 2.5e-12, throughput: "
        "1.5e9}\n",
        true, "", "inline.yaml");
    const auto json = components::parse_cost_table(
        R"({"MAC": {"leak_power": "0.125", "actions": {"compute": {"energy": 3.75, "throughput": "2.5"}}}})",
        false, "", "inline.json");
    std::setlocale(LC_ALL, previous.c_str());
    QCOMPARE(*yaml.find("Buffer")->leak_power, 0.25);
    QCOMPARE(*yaml.find("Buffer")->actions.at("read").energy, 2.5e-12);
    QCOMPARE(*yaml.find("Buffer")->actions.at("read").throughput, 1.5e9);
    QCOMPARE(*json.find("MAC")->leak_power, 0.125);
    QCOMPARE(*json.find("MAC")->actions.at("compute").energy, 3.75);
    QCOMPARE(*json.find("MAC")->actions.at("compute").throughput, 2.5);
  }
};

int run_cost_table_tests(int argc, char** argv) {
  TestCostTable t;
  return QTest::qExec(&t, argc, argv);
}

#include "test_cost_table.moc"
