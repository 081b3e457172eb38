// The ski slope of a RESOURCE_USAGE run (io/ski_slope.h): per memory, the front's mappings
// Pareto-pruned on usage and energy (or the parent's traffic), usage ascending. By hand on
// made-up rows, and on the bundled two-level matmul mapped with energy|resource_usage: every
// step's mapping evaluates to its figures, and the largest usage reaches the energy optimum.
#include <QtTest>

#include "io/pareto_set.h"
#include "io/ski_slope.h"
#include "mapper/mapper.h"
#include "support/load_spec.h"

using namespace af;

namespace {

io::ParetoRow row(double usage_bits, double energy, double parent_bits) {
  io::ParetoRow r;
  r.energy = energy;
  r.memories.push_back({"Buffer", "DRAM", usage_bits / 100, usage_bits, parent_bits});
  return r;
}

}  // namespace

class TestSkiSlope : public QObject {
  Q_OBJECT

 private slots:
  void steps_by_hand() {
    const std::vector<io::ParetoRow> rows = {row(10, 5, 50), row(20, 3, 40), row(15, 6, 30),
                                             row(30, 3, 20), row(40, 1, 25), row(20, 3, 10)};
    QCOMPARE(io::ski_slope_memories(rows), std::vector<std::string>{"Buffer"});
    const auto energy = io::ski_slope(rows, "Buffer");
    QCOMPARE(energy.parent, std::string("DRAM"));
    std::vector<std::pair<double, double>> got;
    for (const auto& s : energy.steps) got.emplace_back(s.usage_bits, s.energy);
    QCOMPARE(got, (std::vector<std::pair<double, double>>{{10, 5}, {20, 3}, {40, 1}}));
    QCOMPARE(energy.steps[1].mapping, std::size_t{1});  // of the two rows at (20, 3), the first
    const auto traffic = io::ski_slope(rows, "Buffer", io::SkiSlopeAxis::ParentTraffic);
    std::vector<std::pair<double, double>> t;
    for (const auto& s : traffic.steps) t.emplace_back(s.usage_bits, s.parent_bits);
    QCOMPARE(t, (std::vector<std::pair<double, double>>{{10, 50}, {15, 30}, {20, 10}}));
    QVERIFY(io::ski_slope(rows, "Register").steps.empty());
  }

  void bundled_matmul() {
    const std::string ex = std::string(AF_SOURCE_DIR) + "/resources/examples/two_level_matmul/";
    const spec::Spec s = af::test::load_spec({ex + "arch.yaml", ex + "workload.yaml"});
    mapper::MapperOptions o = mapper::options_from_spec(s);
    o.threads = 2;
    o.metrics = mapper::parse_metrics("energy|resource_usage");
    const auto r = mapper::map_workload(s, o);
    QVERIFY(r.found);
    const auto rows = io::pareto_rows(s, r);
    QCOMPARE(rows.size(), r.front.size());
    QCOMPARE(io::ski_slope_memories(rows), std::vector<std::string>{"Scratchpad"});
    const auto slope = io::ski_slope(rows, "Scratchpad");
    QVERIFY(slope.steps.size() >= 3);
    QCOMPARE(slope.parent, std::string("DRAM"));
    for (std::size_t i = 1; i < slope.steps.size(); ++i) {
      QVERIFY(slope.steps[i].usage_bits > slope.steps[i - 1].usage_bits);
      QVERIFY(slope.steps[i].energy < slope.steps[i - 1].energy);
    }
    for (const auto& step : slope.steps) {
      QVERIFY(step.parent_bits > 0);
      QVERIFY(step.usage_bits <= 64 * 1024 * 8);
      const auto ev = model::evaluate(s.resolved(), mapper::mapping_of(r, step.mapping));
      QCOMPARE(ev.total_energy, step.energy);
    }
    o.metrics = mapper::kEnergy;
    QCOMPARE(slope.steps.back().energy, mapper::map_workload(s, o).evaluation->total_energy);
  }
};

QTEST_GUILESS_MAIN(TestSkiSlope)
#include "test_ski_slope.moc"
