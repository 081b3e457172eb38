// The typed spec from YAML: projections, Einsum strings, shape checks with did-you-mean,
// workload evaluation (rank sizes, renames, bits per value, persistence) and the per-Einsum
// architecture (expressions over set symbols, default actions, spatial defaults, latency).
#include <QtTest>

#include "components/area.h"
#include "loader/projection_parser.h"
#include "loader/schema.h"
#include "loader/spec_builder.h"
#include "spec/priced_component.h"
#include "text/expr/expression_error.h"
#include "text/yaml/yaml_parse.h"

using namespace af::spec;
using namespace af::core;
using namespace af::loader;
using namespace af::text::expr;
using namespace af::text::yaml;

namespace {

Spec build(const std::string& text, const ArchBuildOptions& options = {}) {
  return build_spec(parse_yaml(text, "spec.yaml"), options);
}

std::string first_error(const std::string& text) {
  try {
    (void)build(text);
  } catch (const SpecError& e) {
    return e.diagnostics().front().to_string();
  }
  return "no error";
}

const char* kWorkload = R"(workload:
  rank_sizes: {M: 8, X: 4, XT: ceil(256*8/X) // 64}
  bits_per_value: {W: 4, Other: 8}
  persistent_tensors: weight - Intermediates
  einsums:
  - name: E0
    tensor_accesses:
    - {name: A, projection: [m, x]}
    - {name: W, projection: {X: x, Q: xt}}
    - {name: B, projection: [m, xt], output: True}
    renames: {input: A}
  - "C[m, xt] = B[m, xt] * V[xt]"
renames:
  einsums:
  - name: default
    tensor_accesses:
    - {name: input, source: Inputs & Intermediates if len(All) == 3 else Inputs, expected_count: 1}
    - {name: output, source: Outputs, expected_count: 1}
    - {name: weight, source: ~(input | output), expected_count: 1 if len(All) == 3 else 0}
)";

}  // namespace

class TestSpecBuild : public QObject {
  Q_OBJECT
 private slots:
  void affine_expressions() {
    const AffineExpr e = parse_affine("p0 * 2 + r0 - 1");
    QCOMPARE(e.terms.size(), std::size_t{2});
    QCOMPARE(e.terms[0].coeff, std::int64_t{2});
    QCOMPARE(e.constant, std::int64_t{-1});
    QVERIFY(parse_affine("m").is_plain_variable());
    QVERIFY_THROWS_EXCEPTION(ExpressionError, (void)parse_affine("m * n"));
    QVERIFY_THROWS_EXCEPTION(ExpressionError, (void)parse_affine("m +"));
  }

  void einsum_strings() {
    const auto accesses =
        parse_einsum_string("QK[b, m, p, h] = Q[b, m, h, e] * K_cache[b, P: p, h, e] + Q[b,m,h,e]");
    QCOMPARE(accesses.size(), std::size_t{3});  // duplicate Q collapses
    QCOMPARE(accesses[0].tensor, std::string("QK"));
    QVERIFY(accesses[0].output);
    QCOMPARE(accesses[2].tensor, std::string("K_cache"));
    QCOMPARE(accesses[2].projection[1].rank, std::string("P"));
    QCOMPARE(accesses[2].projection[1].expr.terms[0].var, std::string("p"));
    QVERIFY_THROWS_EXCEPTION(ExpressionError, (void)parse_einsum_string("Z[m] A[m]"));
    try {
      (void)parse_einsum_string("Z[m] = A[m, 2*]");
      QFAIL("expected an error");
    } catch (const ExpressionError& e) {
      QVERIFY(e.offset().value_or(0) >= 10);  // points into the index list, not at the start
    }
  }

  void shape_errors_suggest_names() {
    const auto diagnostics = check_spec_shape(parse_yaml(
        "arch:\n  nodes:\n  - !Memroy {name: X}\n  - !Memory {name: Y, sise: 4}\nworklaod: {}\n", "s.yaml"));
    QCOMPARE(diagnostics.size(), std::size_t{3});
    QCOMPARE(diagnostics[0].where.line, 3);
    QVERIFY(diagnostics[0].message.find("did you mean Memory?") != std::string::npos);
    QVERIFY(diagnostics[1].message.find("did you mean size?") != std::string::npos);
    QCOMPARE(diagnostics[1].field, std::string("arch.nodes[1].sise"));
    QVERIFY(diagnostics[2].message.find("did you mean workload?") != std::string::npos);
  }

  void workload_evaluation() {
    const Spec spec = build(kWorkload);
    const Workload& w = spec.workload.workload;
    QCOMPARE(w.einsums.size(), std::size_t{2});
    QCOMPARE(spec.workload.rank_sizes.at("XT"), std::int64_t{8});  // ceil(2048/4) // 64 from a sibling
    const Einsum& e0 = w.einsums[0];
    QCOMPARE(e0.rank_variable_bounds.at("m"), std::int64_t{8});
    QCOMPARE(e0.rank_variable_bounds.at("xt"), std::int64_t{8});
    QCOMPARE(e0.n_computes.value_or(0), std::int64_t{8 * 4 * 8});
    QCOMPARE(e0.find_access("W")->bits_per_value, 4.0);  // `Other` covers the rest
    QVERIFY(e0.find_access("W")->persistent);            // weight - Intermediates
    QVERIFY(!e0.find_access("B")->persistent);
    const Einsum& e1 = w.einsums[1];
    QCOMPARE(e1.name, std::string("C"));  // an Einsum string is named by its output
    QVERIFY(e1.is_output("C"));
    // Renames: in C, input = Inputs & Intermediates = {B}, weight = {V}.
    const auto& sym = spec.workload.einsum_symbols.at("C");
    QCOMPARE(sym.at("input").as_name_set().items(), std::vector<std::string>{"B"});
    QCOMPARE(sym.at("weight").as_name_set().items(), std::vector<std::string>{"V"});
    QCOMPARE(sym.at("A").as_name_set().size(), std::size_t{0});  // other Einsums' tensors are empty
    QCOMPARE(sym.at("Intermediates").as_name_set().items(), std::vector<std::string>{"B"});
  }

  void expected_count_mismatch_is_an_error() {
    std::string text = kWorkload;
    text.replace(text.find("expected_count: 1}"), 18, "expected_count: 2}");
    const std::string error = first_error(text);
    QVERIFY2(error.find("expected_count is 2") != std::string::npos, error.c_str());
    QVERIFY2(error.find("spec.yaml:") == 0, error.c_str());
  }

  void arch_per_einsum() {
    const std::string text = std::string(kWorkload) + R"(
variables: {GB_KIB: 2}
arch:
  variables: {BITS: 8}
  nodes:
  - !Memory
    name: MainMemory
    size: inf
    leak_power: 0
    area: 0
    actions: [{name: read, energy: 2, throughput: inf}, {name: write, energy: 3, throughput: inf}]
  - !Container
    name: Array
    spatial: [{name: X, fanout: 4, reuse: input}]
  - !Memory
    name: GlobalBuffer
    size: GB_KIB * 1024 * BITS
    leak_power: 1
    area: 0
    energy_scale: 2
    bits_per_action: weight.bits_per_value if weight else BITS
    total_latency: max(a.n_calls / a.throughput for a in actions)
    actions: [{name: read, energy: 1, throughput: 10}, {name: write, energy: 1, throughput: 2}]
  - !Compute
    name: MAC
    component_class: Dummy
    leak_power: 0
)";
    const Spec spec = build(text);
    QCOMPARE(spec.arch_by_einsum.size(), std::size_t{2});
    const ResolvedArch& a0 = spec.arch_by_einsum.at("E0").arch;
    const Component* gb = a0.find("GlobalBuffer");
    QVERIFY(gb);
    QCOMPARE(gb->size, 2.0 * 1024 * 8);
    QCOMPARE(gb->bits_per_action.value_or(0), 4.0);  // E0's weight W has 4 bits per value
    QCOMPARE(spec.arch_by_einsum.at("C").arch.find("GlobalBuffer")->bits_per_action.value_or(0), 8.0);
    QCOMPARE(gb->find_action("read")->energy, 2.0);                        // × energy_scale
    QCOMPARE(gb->find_action("write")->bits_per_action.value_or(0), 4.0);  // the component's default
    const Component* array = a0.find("Array");
    QCOMPARE(array->spatial.size(), std::size_t{1});
    QVERIFY(array->spatial[0].may_reuse.has_value());  // may_reuse defaults to reuse
    QCOMPARE(*array->spatial[0].may_reuse, std::set<std::string>{"A"});
    QVERIFY(a0.find("MAC")->find_action("compute"));                // default action added
    QCOMPARE(a0.find("MAC")->find_action("compute")->energy, 0.0);  // Dummy class
    QCOMPARE(a0.paths.at("MAC").size(), std::size_t{4});
    // total_latency goes through the real expression engine.
    LatencyContext ctx{gb, {{"read", 50, 10, 1}, {"write", 30, 2, 1}}};
    QCOMPARE(gb->latency_evaluator(gb->total_latency, ctx), 15.0);
  }

  // Area counts the instances the fanouts above a component create, not its own fanout.
  void area_multiplies_by_fanouts_above() {
    const std::string text = std::string(kWorkload) + R"(
arch:
  nodes:
  - !Memory {name: MainMemory, size: inf, leak_power: 0, area: 1, actions: [{name: read, energy: 1, throughput: 1}, {name: write, energy: 1, throughput: 1}]}
  - !Container {name: Array, spatial: [{name: X, fanout: 4}]}
  - !Memory {name: Buffer, size: 64, leak_power: 0, area: 2, spatial: [{name: Y, fanout: 2}], actions: [{name: read, energy: 1, throughput: 1}, {name: write, energy: 1, throughput: 1}]}
  - !Compute {name: MAC, leak_power: 0, area: 0.5, actions: [{name: compute, energy: 1, throughput: 1}]}
)";
    const auto area = af::components::total_area(build(text).arch_by_einsum.at("E0").arch);
    QCOMPARE(area.per_component.at("MainMemory"), 1.0);
    QCOMPARE(area.per_component.at("Buffer"), 8.0);  // × 4 from Array, not × 2 from its own Y
    QCOMPARE(area.per_component.at("MAC"), 4.0);     // × 4 × 2
    QCOMPARE(area.total, 13.0);
  }

  // A cost neither the spec, a table nor a model gives is an error naming the component and
  // the figure (a warning, and 0, while only validating). A class whose model needs an attribute
  // the component lacks says which, at the class.
  void missing_cost_is_an_error_or_a_warning() {
    const std::string text = std::string(kWorkload) + R"(
arch:
  nodes:
  - !Memory {name: MainMemory, size: inf, leak_power: 0}
  - !Compute {name: MAC, leak_power: 0, actions: [{name: compute, energy: 1, throughput: 1}]}
)";
    const std::string error = first_error(text);
    QVERIFY2(error.find("MainMemory") != std::string::npos && error.find("energy") != std::string::npos,
             error.c_str());
    const Spec lenient = build(text, {nullptr, false});
    QVERIFY(!lenient.warnings.empty());

    const std::string needs_node = std::string(kWorkload) + R"(
arch:
  nodes:
  - !Memory {name: MainMemory, size: inf, component_class: LPDDR4}
  - !Memory {name: Buffer, size: 1024, component_class: SmartBufferSRAM}
  - !Compute {name: MAC, leak_power: 0, actions: [{name: compute, energy: 1, throughput: 1}]}
)";
    const std::string why = first_error(needs_node);
    QVERIFY2(why.find("Buffer") != std::string::npos && why.find("tech_node") != std::string::npos &&
                 why.find("component_class") != std::string::npos,
             why.c_str());
  }

  // A component_class prices what the spec leaves out, from the component's attributes.
  void component_class_prices_the_rest() {
    const std::string text = std::string(kWorkload) + R"(
arch:
  extra_attributes_for_all_component_models: {tech_node: 65e-9}
  nodes:
  - !Memory {name: MainMemory, size: inf, component_class: LPDDR4}
  - !Memory {name: Buffer, size: 192, component_class: SmartBufferSRAM, area: 1e-9}
  - !Compute {name: MAC, component_class: IntMAC, extra_attributes_for_component_model: {adder_width: 16, multiplier_width: 8}}
)";
    const Spec s = build(text);
    const auto& built = s.arch_by_einsum.at("E0");
    const Component* dram = built.arch.find("MainMemory");
    QCOMPARE(dram->find_action("read")->energy, 8e-12);
    const Component* buffer = built.arch.find("Buffer");
    QVERIFY(std::abs(buffer->find_action("read")->energy - 2.27339e-14) < 1e-19);
    QCOMPARE(buffer->area, 1e-9);  // the spec's own figure wins
    QCOMPARE(built.priced.size(), std::size_t{3});
    const PricedComponent& p = built.priced[1];
    QCOMPARE(p.area_source, CostSource::Spec);
    QCOMPARE(p.leak_source, CostSource::Model);
    QCOMPARE(QString::fromStdString(p.model), QString("SmartBufferSRAM"));
    const auto node = std::find_if(p.attributes.begin(), p.attributes.end(),
                                   [](const ModelAttribute& a) { return a.name == "tech_node"; });
    QVERIFY(node != p.attributes.end() && !node->defaulted && node->where);
    QCOMPARE(node->where->line, 22);  // the arch's extra_attributes_for_all_component_models
    QVERIFY(std::abs(built.arch.find("MAC")->find_action("compute")->energy - 1.28138e-12) < 1e-17);
  }

  void expression_errors_point_into_the_scalar() {
    const std::string text = std::string(kWorkload) + "variables:\n  X: 3 + undefined_name\n";
    const std::string error = first_error(text);
    QVERIFY2(error.find("undefined_name") != std::string::npos, error.c_str());
    QVERIFY2(error.find("spec.yaml:21:10:") == 0, error.c_str());
  }

  // The arch's mapper constraints and the `mapper:` section are typed fields of the Spec, read
  // and checked when the spec loads: a broken set expression is an error at its place, a name
  // that is nothing gets a "did you mean" warning, and the mapper reads no YAML.
  void mapper_constraints_are_typed_and_checked_at_load() {
    const std::string arch = R"(arch:
  nodes:
  - !Memory
    name: MainMemory
    size: inf
    leak_power: 0
    area: 0
    actions: [{name: read, energy: 1, throughput: inf}, {name: write, energy: 1, throughput: inf}]
    tensors: {keep: ~Intermediates, may_keep: All, no_refetch_from_above: W}
  - !Memory
    name: Buffer
    size: 1024
    leak_power: 0
    area: 0
    actions: [{name: read, energy: 1, throughput: inf}, {name: write, energy: 1, throughput: inf}]
    tensors: {keep: KEEP}
  - !Container
    name: Array
    spatial: [{name: X, fanout: 4, min_usage: 0.5, loop_bounds: [{expression: m, operator: "<=", value: 2}]}]
  - !Compute
    name: MAC
    leak_power: 0
    area: 0
    actions: [{name: compute, energy: 1, throughput: 1}]
mapper: {metrics: "edp", max_fused_loops: 2, tiling_coarseness: 1.5}
)";
    const auto with_keep = [&](const std::string& keep) {
      std::string text = arch;
      text.replace(text.find("KEEP"), 4, keep);
      return text + kWorkload;
    };
    const Spec s = build(with_keep("Inputs | Above"));
    const BuiltArch& e0 = s.arch_by_einsum.at("E0");
    QVERIFY(e0.tensor_rules.at("Buffer").keep.has_value());
    QCOMPARE(e0.tensor_rules.at("Buffer").keep->text(), std::string("Inputs | Above"));
    QCOMPARE(e0.tensor_rules.at("MainMemory").no_refetch_from_above, std::set<std::string>{"W"});
    const SpatialRules& x = e0.spatial_rules.at({"Array", "X"});
    QCOMPARE(x.min_usage.value_or(0), 0.5);
    QCOMPARE(x.loop_bounds.size(), std::size_t{1});
    QCOMPARE(x.loop_bounds[0].op, std::string("<="));
    QCOMPARE(x.loop_bounds[0].rank_variables, std::set<std::string>{"m"});
    QCOMPARE(s.mapper.max_fused_loops.value_or(0), std::int64_t{2});
    QCOMPARE(s.mapper.tiling_coarseness.value_or(0), 1.5);
    QVERIFY(s.mapper.metrics.has_value());

    // A syntax error in a set expression: rejected when the spec loads, at its line and field.
    const std::string broken = first_error(with_keep("Inputs &| Outputs"));
    QVERIFY2(broken.starts_with("spec.yaml:16:"), broken.c_str());
    QVERIFY2(broken.find("tensors.keep") != std::string::npos, broken.c_str());
    // A misspelt tensor: a warning with a "did you mean".
    const Spec typo = build(with_keep("Inputs | Outpts"));
    const auto warned = std::find_if(typo.warnings.begin(), typo.warnings.end(), [](const Diagnostic& d) {
      return d.message.find("Outpts") != std::string::npos;
    });
    QVERIFY(warned != typo.warnings.end());
    QVERIFY2(warned->message.find("did you mean Outputs?") != std::string::npos, warned->message.c_str());
    QCOMPARE(warned->where.line, 16);
    // A bad mapper value names its field.
    std::string bad_mapper = with_keep("All");
    bad_mapper.replace(bad_mapper.find("tiling_coarseness: 1.5"), 22, "tiling_coarseness: -1");
    const std::string mapper_error = first_error(bad_mapper);
    QVERIFY2(mapper_error.find("mapper.tiling_coarseness") != std::string::npos, mapper_error.c_str());
  }
};

QTEST_GUILESS_MAIN(TestSpecBuild)
#include "test_spec_build.moc"
