// The mapper rules a compute-in-memory array leans on, each on a spec small enough to read:
// a spatial dimension's usage_scale limits the mapper (not a given mapping), a holder's own
// force_memory_hierarchy_order: False lets its node rise above other memories' nodes, and of
// two min_usage dimensions that cannot both be filled the inner one is filled first.
#include <QTemporaryDir>
#include <QtTest>

#include "mapper/mapper.h"
#include "mapper/search/problem.h"
#include "mapper/search/templates.h"
#include "model/evaluate.h"
#include "support/load_spec.h"
#include "support/mv_spec.h"
#include "support/replace_all.h"

using namespace af;
using test::replace_all;

namespace {

// {NODES} between MainMemory and the compute.
const char* kArch = R"(
arch:
  nodes:
  - !Memory
    name: MainMemory
    size: inf
    leak_power: 0
    area: 0
    tensors: {keep: All}
    actions:
    - {name: read, energy: 2, throughput: inf}
    - {name: write, energy: 2, throughput: inf}
{NODES}
  - !Compute
    name: MAC
    leak_power: 0
    area: 0
    actions:
    - {name: compute, energy: 1, throughput: 1}
)";

spec::Spec load(const QTemporaryDir& dir, const std::string& nodes, int m, int k) {
  return test::load_mv(dir, replace_all(kArch, "{NODES}", nodes), m, k);
}

model::SpatialUsage usage_of(const model::Evaluation& e, const std::string& component,
                             const std::string& dim) {
  const auto it = e.spatial_usage.find({"MV", component, dim});
  return it == e.spatial_usage.end() ? model::SpatialUsage{} : it->second;
}

}  // namespace

class TestArrayRules : public QObject {
  Q_OBJECT
 private slots:
  // Two columns per output (a signed weight in two cells): 4 columns hold 2 outputs at a time.
  void usage_scale_limits_the_mapper() {
    QTemporaryDir dir;
    const spec::Spec s = load(dir, R"(  - !Container
    name: Column
    spatial: [{name: X, fanout: 4, usage_scale: 2}]
)",
                              4, 1);
    const mapper::MapperResult r = mapper::map_workload(s, mapper::options_from_spec(s));
    QVERIFY2(r.found, r.failure.c_str());
    const model::SpatialUsage u = usage_of(*r.evaluation, "Column", "X");
    QCOMPARE(u.used, 2.0);
    QCOMPARE(u.usage, 1.0);

    // Without the scale the same arch uses all four columns: the limit follows the attribute.
    const spec::Spec unscaled = load(dir, R"(  - !Container
    name: Column
    spatial: [{name: X, fanout: 4}]
)",
                                     4, 1);
    const mapper::MapperResult all = mapper::map_workload(unscaled, mapper::options_from_spec(unscaled));
    QVERIFY2(all.found, all.failure.c_str());
    QCOMPARE(usage_of(*all.evaluation, "Column", "X").used, 4.0);

    // A given mapping is held only to the fanout (AccelForge's run_model): 4 columns evaluate,
    // at usage 2.
    const model::Evaluation e = model::evaluate(s.resolved(), *all.mapping);
    QCOMPARE(usage_of(e, "Column", "X").used, 4.0);
    QCOMPARE(usage_of(e, "Column", "X").usage, 2.0);
  }

  // The array's weights held "as high as possible": a holder that waives the hierarchy order
  // gets templates with its node above a higher memory's node of another tensor.
  void holder_waives_hierarchy_order() {
    QTemporaryDir dir;
    const std::string nodes = R"(  - !Memory
    name: Buffer
    size: inf
    leak_power: 0
    area: 0
    tensors: {keep: x}
    actions:
    - {name: read, energy: 1, throughput: inf}
    - {name: write, energy: 1, throughput: inf}
  - !Memory
    name: Cell
    size: inf
    leak_power: 0
    area: 0
    tensors: {keep: A, force_memory_hierarchy_order: {FORCE}}
    actions:
    - {name: read, energy: 1, throughput: inf}
    - {name: write, energy: 1, throughput: inf}
)";
    const auto cell_above_buffer = [&](const char* force) {
      const spec::Spec s = load(dir, replace_all(nodes, "{FORCE}", force), 4, 4);
      const auto options = mapper::options_from_spec(s);
      int above = 0;
      for (const auto& p : mapper::make_problems(s, s.workload.workload.einsums.front()))
        for (const auto& t : mapper::all_templates(p, options)) {
          int cell = -1, buffer = -1;
          for (std::size_t i = 0; i < t.nodes.size(); ++i) {
            if (t.nodes[i].kind != mapper::TemplateNodeKind::Storage) continue;
            if (t.nodes[i].component == "Cell") cell = static_cast<int>(i);
            if (t.nodes[i].component == "Buffer") buffer = static_cast<int>(i);
          }
          if (cell >= 0 && buffer >= 0 && cell < buffer) ++above;
        }
      return above;
    };
    QCOMPARE(cell_above_buffer("True"), 0);
    QVERIFY(cell_above_buffer("False") > 0);
  }

  // Rows (reduction only, below the accumulator) and columns both want full usage; k = 4 can
  // fill one of them. AccelForge enumerates tile shapes inner to outer, so the dimension whose
  // loops sit deeper in the mapping, the rows, is filled.
  void inner_min_usage_first() {
    QTemporaryDir dir;
    const spec::Spec s = load(dir, R"(  - !Container
    name: Column
    spatial: [{name: C, fanout: 4, min_usage: 1}]
  - !Memory
    name: Accumulator
    size: inf
    leak_power: 0
    area: 0
    tensors: {keep: y}
    actions:
    - {name: read, energy: 0.1, throughput: inf}
    - {name: write, energy: 0.1, throughput: inf}
  - !Container
    name: Row
    spatial: [{name: R, fanout: 4, min_usage: 1, reuse: y}]
)",
                              1, 4);
    const mapper::MapperResult r = mapper::map_workload(s, mapper::options_from_spec(s));
    QVERIFY2(r.found, r.failure.c_str());
    QCOMPARE(usage_of(*r.evaluation, "Row", "R").used, 4.0);
    QCOMPARE(usage_of(*r.evaluation, "Column", "C").used, 1.0);
  }
};

QTEST_GUILESS_MAIN(TestArrayRules)
#include "test_array_rules.moc"
