// Cost resolution with component models (components/README.md, 'Cost resolution', 'Stale
// entries'): which source prices each figure, how the spec's scales apply to a model's figures,
// stale table entries (recorded attributes, or figures far from the model's), pricing a stale
// component with its model instead; and the same through af::Workspace on the bundled example
// whose arch names only component classes (no corpus needed).
#include <fmt/format.h>
#include <fmt/ranges.h>

#include <QTemporaryDir>
#include <QtTest>
#include <cmath>
#include <fstream>

#include "components/cost_resolution.h"
#include "workspace/workspace.h"

using namespace af;
using components::ComponentCostInput;
using spec::CostSource;

namespace {

core::SourceLocation at(int line) { return {"arch.yaml", line, 5, nullptr}; }

components::models::Attribute number(double v, int line = 0) {
  return {v, line ? std::optional<core::SourceLocation>(at(line)) : std::nullopt};
}

// A SmartBufferSRAM of `size` bits at 45 nm with read and write actions of 1 bit.
ComponentCostInput buffer(double size) {
  ComponentCostInput in;
  in.name = "Buffer";
  in.component_class = "SmartBufferSRAM";
  in.field = "arch.nodes[1](Buffer)";
  in.where = at(10);
  in.class_where = at(11);
  in.attributes["size"] = number(size, 12);
  in.attributes["tech_node"] = number(45e-9, 2);
  components::ActionCostInput read, write;
  read.name = "read";
  read.bits_per_action = 1;
  write.name = "write";
  write.bits_per_action = 1;
  in.actions = {read, write};
  return in;
}

components::CostTable table_of(const std::string& json) {
  return components::parse_cost_table(json, false, "", "costs.json");
}

std::string example(const std::string& file) {
  return std::string(AF_SOURCE_DIR) + "/resources/examples/component_models/" + file;
}

SpecInputs example_inputs(std::vector<std::string> sets = {}) {
  SpecInputs in;
  in.files = {example("arch.yaml"), example("workload.yaml"), example("mapping.yaml")};
  in.assignments = std::move(sets);
  return in;
}

const spec::PricedComponent& priced(const Workspace& ws, const std::string& name) {
  const auto& all = ws.priced_components();
  return *std::find_if(all.begin(), all.end(),
                       [&](const spec::PricedComponent& p) { return p.name == name; });
}

// The line of the first line of `file` that contains `text` (1-based).
int line_of(const std::string& file, const std::string& text) {
  std::ifstream in(file);
  int n = 0;
  for (std::string line; std::getline(in, line);) {
    ++n;
    if (line.find(text) != std::string::npos) return n;
  }
  return 0;
}

std::vector<std::string> warnings(const Workspace& ws) {
  std::vector<std::string> out;
  for (const auto& d : ws.diagnostics())
    if (d.severity == core::Severity::Warning) out.push_back(d.to_string());
  return out;
}

}  // namespace

class TestComponentPricing : public QObject {
  Q_OBJECT

 private slots:
  // The spec's figure wins (scaled), then the table's (final), then the model's (scaled as the
  // spec's would be: energy by the energy scales, throughput, leak and area also by
  // n_parallel_instances).
  void sources_and_scales() {
    ComponentCostInput in = buffer(8192);
    in.actions[0].energy = 1e-12;
    in.energy_scale = 2;
    in.leak_power_scale = 3;
    in.n_parallel_instances = 4;
    const auto table = table_of(R"({"Buffer": {"actions": {"write": {"energy": 5e-14}}}})");
    const auto plain = components::resolve_component_costs(buffer(8192), nullptr);
    const auto r = components::resolve_component_costs(in, &table);
    const spec::PricedComponent& p = r.priced;
    QCOMPARE(p.actions[0].energy_source, CostSource::Spec);
    QCOMPARE(r.actions[0].energy, 2e-12);
    QCOMPARE(p.actions[1].energy_source, CostSource::Table);
    QCOMPARE(r.actions[1].energy, 5e-14);  // final as the table has it
    QCOMPARE(p.actions[1].throughput_source, CostSource::Model);
    QCOMPARE(r.actions[1].throughput, plain.actions[1].throughput * 4);
    QCOMPARE(p.leak_source, CostSource::Model);
    QCOMPARE(r.leak_power, plain.leak_power * 3 * 4);
    QCOMPARE(p.area_source, CostSource::Model);
    QCOMPARE(r.area, plain.area * 4);
    QCOMPARE(QString::fromStdString(p.model), QString("SmartBufferSRAM"));
    QCOMPARE(QString::fromStdString(p.table), QString("costs.json"));
    // The table's write energy is far from the model's, and the entry records no attributes.
    QCOMPARE(r.warnings.size(), std::size_t{1});
    QVERIFY(r.warnings.front().message.find("write energy") != std::string::npos);
    // The model's read, with where each came from.
    const auto size = std::find_if(p.attributes.begin(), p.attributes.end(),
                                   [](const spec::ModelAttribute& a) { return a.name == "size"; });
    QVERIFY(size != p.attributes.end() && size->where && size->where->line == 12);
    QCOMPARE(QString::fromStdString(size->value), QString("8192"));
    const auto banks = std::find_if(p.attributes.begin(), p.attributes.end(),
                                    [](const spec::ModelAttribute& a) { return a.name == "n_banks"; });
    QVERIFY(banks != p.attributes.end() && banks->defaulted);
  }

  // Dummy costs nothing and builds no model; with no class and no figure it is an error.
  void dummy_and_nothing() {
    ComponentCostInput d = buffer(8192);
    d.component_class = "dUmMy";
    const auto r = components::resolve_component_costs(d, nullptr);
    QCOMPARE(r.priced.leak_source, CostSource::Dummy);
    QCOMPARE(r.priced.actions[0].energy_source, CostSource::Dummy);
    QVERIFY(std::isinf(r.actions[0].throughput));
    QVERIFY(r.priced.model.empty());
    ComponentCostInput none = buffer(8192);
    none.component_class.clear();
    QVERIFY_THROWS_EXCEPTION(core::SpecError, (void)components::resolve_component_costs(none, nullptr));
  }

  // A model that cannot price the component: the error names the attribute it lacks, at the
  // class (the attribute is not written); while only validating it is a warning and 0.
  void model_errors_name_the_attribute() {
    ComponentCostInput in = buffer(8192);
    in.attributes.erase("tech_node");
    try {
      (void)components::resolve_component_costs(in, nullptr);
      QFAIL("expected a SpecError");
    } catch (const core::SpecError& e) {
      const auto& d = e.diagnostics().front();
      QVERIFY2(
          d.message.find("tech_node") != std::string::npos && d.message.find("Buffer") != std::string::npos,
          d.message.c_str());
      QCOMPARE(d.where.line, 11);
      QCOMPARE(QString::fromStdString(d.field), QString("arch.nodes[1](Buffer).tech_node"));
    }
    in.attributes["tech_node"] = number(45, 2);  // nanometres where metres are meant
    try {
      (void)components::resolve_component_costs(in, nullptr);
      QFAIL("expected a SpecError");
    } catch (const core::SpecError& e) {
      QCOMPARE(e.diagnostics().front().where.line, 2);  // at the attribute
    }
    const auto lenient =
        components::resolve_component_costs(in, nullptr, components::models::builtin_registry(), false);
    QCOMPARE(lenient.warnings.size(), std::size_t{1});
    QCOMPARE(lenient.priced.leak_source, CostSource::Unpriced);
    QCOMPARE(lenient.priced.actions[0].energy_source, CostSource::Unpriced);
    // Only the area needs the model: a warning, the area 0.
    in.leak_power = 0;
    for (auto& a : in.actions) a.energy = a.throughput = 1;
    const auto area_only = components::resolve_component_costs(in, nullptr);
    QCOMPARE(area_only.priced.area_source, CostSource::Unpriced);
    QCOMPARE(area_only.warnings.size(), std::size_t{1});
  }

  // A table entry that records its attributes is stale where the spec's differ: a warning at
  // the spec's attribute naming both values. Priced with the model instead, no warning.
  void recorded_attributes_tell_a_stale_entry() {
    const auto table = table_of(R"({"Buffer": {"leak_power": 1e-6, "area": 1e-9,
      "actions": {"read": {"energy": 1e-14, "throughput": 1e9}, "write": {"energy": 1e-14, "throughput": 1e9}},
      "attributes": {"size": 8192, "tech_node": "45e-9", "n_banks": 1}}})");
    const auto same = components::resolve_component_costs(buffer(8192), &table);
    QVERIFY(same.warnings.empty());
    QCOMPARE(same.actions[0].energy, 1e-14);
    const auto bigger = components::resolve_component_costs(buffer(32768), &table);
    QCOMPARE(bigger.actions[0].energy, 1e-14);  // the table still prices it
    QCOMPARE(bigger.warnings.size(), std::size_t{1});
    const auto& w = bigger.warnings.front();
    QCOMPARE(w.severity, core::Severity::Warning);
    QCOMPARE(w.where.line, 12);
    QVERIFY2(w.message.find("size=8192") != std::string::npos &&
                 w.message.find("size=32768") != std::string::npos &&
                 w.message.find("'Buffer'") != std::string::npos,
             w.message.c_str());
    QCOMPARE(bigger.priced.stale.size(), std::size_t{1});
    QCOMPARE(QString::fromStdString(bigger.priced.stale[0].attribute), QString("size"));
    QCOMPARE(QString::fromStdString(bigger.priced.stale[0].table_value), QString("8192"));
    QCOMPARE(QString::fromStdString(bigger.priced.stale[0].spec_value), QString("32768"));
    // More banks than the entry was computed with, with the default written out in the table.
    ComponentCostInput banked = buffer(8192);
    banked.attributes["n_banks"] = number(4, 13);
    QCOMPARE(components::resolve_component_costs(banked, &table).warnings.size(), std::size_t{1});

    ComponentCostInput instead = buffer(32768);
    instead.price_with_model = true;
    const auto model = components::resolve_component_costs(instead, &table);
    QVERIFY(model.warnings.empty());
    QCOMPARE(model.priced.actions[0].energy_source, CostSource::Model);
    QCOMPARE(model.actions[0].energy,
             components::resolve_component_costs(buffer(32768), nullptr).actions[0].energy);
    QVERIFY(model.priced.priced_by_model_instead);
    QVERIFY(model.priced.table.empty());
  }

  // An entry that records no attributes (AccelForge's reference table) is stale when a figure of
  // the model at the spec's attributes is more than kStaleFigureRatio off the table's.
  void legacy_entry_compared_with_the_model() {
    const auto at_8k = components::resolve_component_costs(buffer(8192), nullptr);
    const std::string json = fmt::format(
        R"({{"Buffer": {{"leak_power": {}, "area": {}, "actions": {{"read": {{"energy": {}, "throughput": {}}},
        "write": {{"energy": {}, "throughput": {}}}}}}}}})",
        at_8k.leak_power, at_8k.area, at_8k.actions[0].energy, at_8k.actions[0].throughput,
        at_8k.actions[1].energy, at_8k.actions[1].throughput);
    const auto table = table_of(json);
    QVERIFY(components::resolve_component_costs(buffer(8192), &table).warnings.empty());
    const auto bigger = components::resolve_component_costs(buffer(4 * 8192), &table);
    QCOMPARE(bigger.warnings.size(), std::size_t{1});
    const std::string& m = bigger.warnings.front().message;
    QVERIFY2(m.find("looks stale") != std::string::npos && m.find("size=32768") != std::string::npos &&
                 m.find("area") != std::string::npos,
             m.c_str());
    QCOMPARE(bigger.warnings.front().where.line, 11);  // at the class: no one attribute is known to differ
    QVERIFY(bigger.priced.stale.front().attribute.empty());
  }

  // The bundled example: every figure from a model; a bigger buffer costs more per access, leaks
  // more and takes more area; a newer node costs less.
  void bundled_example_follows_its_attributes() {
    const Workspace small = Workspace::load(example_inputs());
    QVERIFY(small.ok());
    QVERIFY2(warnings(small).empty(), fmt::format("{}", fmt::join(warnings(small), "\n")).c_str());
    for (const auto& p : small.priced_components()) {
      QCOMPARE(p.leak_source, CostSource::Model);
      QCOMPARE(p.area_source, CostSource::Model);
      for (const auto& a : p.actions) QCOMPARE(a.energy_source, CostSource::Model);
    }
    const auto& gb = priced(small, "GlobalBuffer");
    const auto node = std::find_if(gb.attributes.begin(), gb.attributes.end(),
                                   [](const spec::ModelAttribute& a) { return a.name == "tech_node"; });
    QVERIFY(node != gb.attributes.end() && node->where);
    QCOMPARE(node->where->line, line_of(example("arch.yaml"), "extra_attributes_for_all_component_models"));
    const Workspace big = Workspace::load(example_inputs({"GlobalBufferKiB=64"}));
    QVERIFY(big.ok());
    const auto& bigger = priced(big, "GlobalBuffer");
    QVERIFY(bigger.find_action("read")->energy > gb.find_action("read")->energy);
    QVERIFY(bigger.find_action("write")->energy > gb.find_action("write")->energy);
    QVERIFY(bigger.area > gb.area);
    QVERIFY(bigger.leak_power > gb.leak_power);
    QVERIFY(big.area().total > small.area().total);
    const auto e_small = small.evaluate(), e_big = big.evaluate();
    QVERIFY(e_small.evaluation && e_big.evaluation);
    QVERIFY(e_big.evaluation->total_energy > e_small.evaluation->total_energy);
    const Workspace newer = Workspace::load(example_inputs({"TechNode=22e-9"}));
    QVERIFY(newer.ok());
    QVERIFY(priced(newer, "GlobalBuffer").find_action("read")->energy < gb.find_action("read")->energy);
    QVERIFY(priced(newer, "MAC").find_action("compute")->energy <
            priced(small, "MAC").find_action("compute")->energy);
    QVERIFY(newer.area().total < small.area().total);
  }

  // A table made for the 16 KiB buffer, attached to the 64 KiB one: validate, evaluate, map and
  // sweep load through here and warn at the size; the model prices it when asked.
  void stale_entry_through_the_workspace() {
    const Workspace small = Workspace::load(example_inputs());
    QVERIFY(small.ok());
    const auto& gb = priced(small, "GlobalBuffer");
    QTemporaryDir dir;
    const std::string recorded = dir.filePath("recorded.json").toStdString(),
                      legacy = dir.filePath("legacy.json").toStdString();
    const std::string entry = fmt::format(
        R"("area": {}, "leak_power": {}, "actions": {{"read": {{"energy": {}, "throughput": {}}}, "write": {{"energy": {}, "throughput": {}}}}})",
        gb.area, gb.leak_power, gb.find_action("read")->energy, gb.find_action("read")->throughput,
        gb.find_action("write")->energy, gb.find_action("write")->throughput);
    std::ofstream(recorded) << R"({"GlobalBuffer": {)" << entry
                            << R"(, "attributes": {"size": 131072, "tech_node": 4.5e-08}}})";
    std::ofstream(legacy) << R"({"GlobalBuffer": {)" << entry << "}}";

    SpecInputs in = example_inputs({"GlobalBufferKiB=64"});
    in.component_costs = recorded;
    const Workspace stale = Workspace::load(in);
    QVERIFY(stale.ok());
    QCOMPARE(priced(stale, "GlobalBuffer").find_action("read")->energy, gb.find_action("read")->energy);
    const auto found = stale.stale_costs();
    QCOMPARE(found.size(), std::size_t{1});
    QCOMPARE(QString::fromStdString(found[0].component), QString("GlobalBuffer"));
    QCOMPARE(QString::fromStdString(found[0].attribute), QString("size"));
    QCOMPARE(QString::fromStdString(found[0].table_value), QString("131072"));
    QCOMPARE(QString::fromStdString(found[0].spec_value), QString("524288"));
    QVERIFY(found[0].where);
    QCOMPARE(found[0].where->line, line_of(example("arch.yaml"), "size: {{GlobalBufferKiB}}"));
    const auto w = warnings(stale);
    QCOMPARE(w.size(), std::size_t{1});
    QVERIFY2(QString::fromStdString(w[0]).contains("arch.yaml:"), w[0].c_str());

    const Workspace instead = Workspace::load(stale.inputs_priced_by_model("GlobalBuffer"));
    QVERIFY(instead.ok());
    QVERIFY(instead.stale_costs().empty());
    QVERIFY(warnings(instead).empty());
    const Workspace fresh = Workspace::load(example_inputs({"GlobalBufferKiB=64"}));
    QCOMPARE(priced(instead, "GlobalBuffer").find_action("read")->energy,
             priced(fresh, "GlobalBuffer").find_action("read")->energy);
    QVERIFY(priced(instead, "GlobalBuffer").priced_by_model_instead);

    in.component_costs = legacy;
    const Workspace guessed = Workspace::load(in);
    QCOMPARE(guessed.stale_costs().size(), std::size_t{1});
    in.assignments.clear();  // the design the entry was made for
    QVERIFY(Workspace::load(in).stale_costs().empty());
  }
};

QTEST_GUILESS_MAIN(TestComponentPricing)
#include "test_component_pricing.moc"
