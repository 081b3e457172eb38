// What AccelForge's compute-in-memory arch files need of the loader, on small specs written
// here (the arches themselves are checked by tests/compat with the corpus): top-level keys that
// only hold YAML anchors, the array-fanout helpers, nodes used before they are defined, default
// scales visible to extra attributes, `>` blocks evaluated, loop bounds AccelForge cannot
// evaluate, and the mapper settings its CiM loader chooses.
#include <QtTest>

#include "components/models/registry.h"
#include "loader/cim_defaults.h"
#include "loader/load.h"
#include "spec/metrics.h"
#include "text/yaml/yaml_parse.h"

using namespace af::spec;
using namespace af::core;
using namespace af::loader;
using af::text::yaml::parse_yaml;

namespace {

// Through the whole load (Jinja, YAML merge keys), the text standing in for an unsaved file.
Spec build(const std::string& text, const ArchBuildOptions& options = {}) {
  const UnsavedTexts unsaved{{"cim.yaml", text}};
  return load_spec({"cim.yaml"}, {}, options, &unsaved);
}

std::string errors_of(const std::string& text) {
  try {
    (void)build(text);
  } catch (const SpecError& e) {
    std::string out;
    for (const auto& d : e.diagnostics()) out += d.to_string() + "\n";
    return out;
  }
  return "";
}

// `text` with its first `from` replaced by `to` (built by appending: GCC 12 warns falsely,
// -Wrestrict, on std::string::replace with a literal).
std::string replaced(const std::string& text, const std::string& from, const std::string& to) {
  const auto at = text.find(from);
  if (at == std::string::npos) return text;
  std::string out = text.substr(0, at);
  out += to;
  out += text.substr(at + from.size());
  return out;
}

bool has_warning(const Spec& spec, const std::string& part) {
  for (const auto& w : spec.warnings)
    if (w.message.find(part) != std::string::npos) return true;
  return false;
}

// A 4 x 8 array: rows reuse outputs, columns may reuse inputs; columns' fanout is an arch
// variable written as a number, as colonnade's is.
const char* kArray = R"(sliced: &sliced
  actions_scale: 2
arch:
  variables:
    n_cols: 8
    parallel_inputs: get_array_fanout_reuse_output(spec)
    parallel_outputs: get_array_fanout_reuse_input(spec)
    cells: get_array_fanout_total(spec)
    encode: >
      offset_encode_hist
      if True else xnor_encode_hist
    average_input: encoded_hist_to_avg_slice(encode([1, 1, 1]), 2, 2)
  nodes:
  - !Memory
    name: Buffer
    size: Array.get_fanout() * 8
    component_class: Dummy
    tensors: {keep: ~weight}
  - !Toll
    name: ADC
    <<: *sliced
    component_class: Dummy
    tensors: {keep: output}
    direction: up
    extra_attributes_for_component_model:
      throughput: 1e9 * throughput_scale * actions_scale
  - !Container
    name: Array
    spatial:
    - {name: column_ARRAY_COLUMNS, fanout: n_cols, may_reuse: input}
    - {name: row_ARRAY_ROWS, fanout: 4, reuse: output}
    - {name: other, fanout: 3, reuse: output}
  - !Memory
    name: Cell
    size: 8
    component_class: Dummy
    tensors: {keep: weight}
  - !Compute
    name: Mac
    component_class: Dummy
workload:
  rank_sizes: {M: 1, N: 8, K: 4}
  einsums:
  - name: Matmul
    tensor_accesses:
    - {name: input, projection: [m, k], bits_per_value: 8}
    - {name: weight, projection: [k, n], bits_per_value: 8}
    - {name: output, projection: [m, n], output: True, bits_per_value: 8}
)";

}  // namespace

class TestCimSpecs : public QObject {
  Q_OBJECT
 private slots:
  void the_array_helpers_read_the_array() {
    const Spec spec = build(kArray);
    const auto& vars = spec.arch_by_einsum.at("Matmul").arch_variables;
    QCOMPARE(vars.at("parallel_inputs").as_int(), af::text::expr::Int{4});  // rows: reuse output
    QCOMPARE(vars.at("parallel_outputs").as_int(),
             af::text::expr::Int{8});                              // columns: may_reuse input, fanout n_cols
    QCOMPARE(vars.at("cells").as_int(), af::text::expr::Int{32});  // `other` is not an array dimension
    // `>` is a block to evaluate, not a quoted literal: the function, then called.
    QVERIFY(vars.at("encode").is_function());
    QVERIFY(std::abs(vars.at("average_input").as_double() - 1.0 / 3) < 1e-12);
  }

  void a_node_may_use_a_later_nodes_fanout() {
    const Spec spec = build(kArray);
    const auto& components = spec.arch_by_einsum.at("Matmul").arch.components;
    const auto buffer =
        std::find_if(components.begin(), components.end(), [](const auto& c) { return c.name == "Buffer"; });
    QVERIFY(buffer != components.end());
    QCOMPARE(buffer->size, 8.0 * 3 * 4 * 8);
  }

  void anchor_holders_are_not_fields_but_typos_are() {
    QCOMPARE(errors_of(kArray), std::string());
    // A top-level key without an anchor is still an unknown field, with its did-you-mean.
    const std::string typo = errors_of(std::string(kArray) + "mapperr: {}\n");
    QVERIFY2(typo.find("unknown field 'mapperr'") != std::string::npos, typo.c_str());
    QVERIFY2(typo.find("did you mean") != std::string::npos, typo.c_str());
  }

  void a_loop_bound_accelforge_cannot_evaluate_is_ignored_with_a_warning() {
    const std::string text = replaced(kArray, "{name: other, fanout: 3, reuse: output}",
                                      "{name: other, fanout: 3, reuse: output, loop_bounds: "
                                      "[{expression: '{M, N}', operator: '<=', value: 1}]}");
    const Spec spec = build(text);
    QVERIFY(has_warning(spec, "constrains nothing"));
    QVERIFY(spec.arch_by_einsum.at("Matmul").spatial_rules.at({"Array", "other"}).loop_bounds.empty());
  }

  void a_cim_arch_opens_with_accelforges_cim_settings_shown() {
    const Spec spec = build(kArray);
    QCOMPARE(spec.mapper.explore_imperfect_spatial_loops, std::optional<bool>(true));
    QCOMPARE(spec.mapper.explore_loop_orders, std::optional<bool>(false));
    QCOMPARE(spec.mapper.metrics, std::optional<unsigned>(parse_metrics("edp")));
    QVERIFY(has_warning(spec, "explore_loop_orders: false"));

    // What the spec sets itself stays, and is not listed.
    const Spec own = build(std::string(kArray) + "mapper: {metrics: energy, explore_loop_orders: true}\n");
    QCOMPARE(own.mapper.metrics, std::optional<unsigned>(parse_metrics("energy")));
    QCOMPARE(own.mapper.explore_loop_orders, std::optional<bool>(true));
    QVERIFY(!has_warning(own, "explore_loop_orders"));
    QVERIFY(has_warning(own, "explore_imperfect_spatial_loops: true"));
  }

  void other_specs_keep_the_mappers_defaults() {
    std::string text = kArray;
    for (const char* helper : {"get_array_fanout_reuse_output(spec)", "get_array_fanout_reuse_input(spec)",
                               "get_array_fanout_total(spec)"})
      text = replaced(text, helper, "1");
    const Spec spec = build(text);
    QVERIFY(!spec.mapper.metrics);
    QVERIFY(!spec.mapper.explore_loop_orders);
    QVERIFY(!has_warning(spec, "compute-in-memory"));
  }

  void a_cim_part_makes_a_cim_arch() {
    const auto& models = af::components::models::builtin_registry();
    const auto arch = [](const char* cls) {
      return parse_yaml(
          std::string(
              "arch:\n  nodes:\n  - !Hierarchical\n    nodes:\n    - !Toll {name: X, component_class: ") +
              cls + "}\n",
          "a.yaml");
    };
    QVERIFY(is_cim_spec(arch("adc"), models));  // any letter case, inside a Hierarchical
    QVERIFY(is_cim_spec(arch("AlbireoMicroRingResonator"), models));
    QVERIFY(!is_cim_spec(arch("SRAM"), models));
    QVERIFY(!is_cim_spec(arch("Dummy"), models));
  }

  void the_cim_loaders_nodes_go_on_top() {
    ArchBuildOptions options;
    options.cim = {.macros = 4, .dummy_main_memory = true};
    const Spec spec = build(kArray, options);
    const auto& components = spec.arch_by_einsum.at("Matmul").arch.components;
    QCOMPARE(components.at(0).name, std::string("MainMemory"));
    QCOMPARE(components.at(0).size, std::numeric_limits<double>::infinity());
    QCOMPARE(components.at(1).name, std::string("MacroAuto"));
    QCOMPARE(components.at(1).fanout(), 4.0);
    // Without them, the arch is as written.
    QCOMPARE(build(kArray).arch_by_einsum.at("Matmul").arch.components.at(0).name, std::string("Buffer"));
  }

  void the_helpers_want_the_spec() {
    const std::string text = replaced(kArray, "get_array_fanout_total(spec)", "get_array_fanout_total(3)");
    const std::string err = errors_of(text);
    QVERIFY2(err.find("get_array_fanout_total(spec)") != std::string::npos, err.c_str());
    QVERIFY2(err.find("cim.yaml:") != std::string::npos, err.c_str());
  }
};

QTEST_APPLESS_MAIN(TestCimSpecs)
#include "test_cim_specs.moc"
