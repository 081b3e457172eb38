// The roofline of an evaluated mapping (model/roofline.h): roofs from the arch's own figures
// (peak = one unit's throughput × the units the fanouts make; bandwidth = read throughput ×
// bits per action × instances), each Einsum's point from the evaluation, and the physics a
// roofline states: no Einsum runs above any roof.
#include <QtTest>
#include <cmath>

#include "model/roofline.h"
#include "support/shared_corpus.h"
#include "workspace/workspace.h"

using namespace af;

namespace {

Workspace example(const std::string& name, std::vector<std::string> sets = {}) {
  const std::string dir = std::string(AF_SOURCE_DIR) + "/resources/examples/" + name + "/";
  SpecInputs in;
  in.files = {dir + "arch.yaml", dir + "workload.yaml", dir + "mapping.yaml"};
  in.assignments = std::move(sets);
  return Workspace::load(std::move(in));
}

}  // namespace

class TestRoofline : public QObject {
  Q_OBJECT
 private slots:
  // spatial_array_conv: a 4 × 4 PE array of 1 GHz MACs under DRAM at 128e9 one-bit actions/s.
  void roofs_come_from_the_arch() {
    const Workspace ws = example("spatial_array_conv");
    QVERIFY(ws.ok());
    const auto outcome = ws.evaluate();
    QVERIFY(outcome.evaluation);
    const model::Roofline r = model::roofline(*ws.resolved(), *outcome.evaluation);
    QCOMPARE(r.computes.size(), std::size_t{1});
    QCOMPARE(r.computes[0].component, std::string("MAC"));
    QCOMPARE(r.computes[0].instances, 16.0);
    QCOMPARE(r.computes[0].ops_per_second, 16e9);
    QCOMPARE(r.memories.size(), std::size_t{3});
    QCOMPARE(r.memories[0].component, std::string("DRAM"));  // outermost first
    QCOMPARE(r.memories[0].bits_per_second, 128e9);
    QCOMPARE(r.memories[1].bits_per_second, 2048e9);
    QCOMPARE(r.memories[2].component, std::string("Register"));
    QCOMPARE(r.memories[2].instances, 16.0);  // one per PE
    QVERIFY(std::isinf(r.memories[2].bits_per_second));
    // The roof bends where the bandwidth meets the peak.
    QCOMPARE(r.ceiling("MAC", "DRAM", 0.01), 128e9 * 0.01);
    QCOMPARE(r.ceiling("MAC", "DRAM", 1000), 16e9);
    QCOMPARE(r.ceiling("MAC", "Register", 1e-6), 16e9);  // no bandwidth limit
  }

  // Each Einsum's point: its operations (M·C·P·Q·R·S for the convolution), its latency, the bits
  // it moves across each level (the DRAM's reads of every tensor's whole footprint, here), and
  // the component whose latency is its own.
  void points_come_from_the_evaluation() {
    const Workspace ws = example("spatial_array_conv");
    const auto outcome = ws.evaluate();
    QVERIFY(outcome.evaluation);
    const model::Evaluation& ev = *outcome.evaluation;
    const model::Roofline r = model::roofline(*ws.resolved(), ev);
    QCOMPARE(r.einsums.size(), std::size_t{1});
    const model::RooflineEinsum& e = r.einsums[0];
    QCOMPARE(e.einsum, std::string("Conv"));
    QCOMPARE(e.compute, std::string("MAC"));
    QCOMPARE(e.ops, 8.0 * 4 * 8 * 8 * 3 * 3);
    QCOMPARE(e.seconds, ev.einsum_latency.at("Conv"));
    double dram = 0;
    for (const auto& [key, count] : ev.actions)
      if (key.component == "DRAM") dram += count;  // one bit per action
    QVERIFY(dram > 0);
    QCOMPARE(e.bits_moved.at("DRAM"), dram);
    QCOMPARE(e.intensity("DRAM"), e.ops / dram);
    QCOMPARE(e.attained(), e.ops / e.seconds);
    double longest = 0;
    for (const auto& [key, latency] : ev.component_latency) longest = std::max(longest, latency);
    QCOMPARE(ev.component_latency.at({"Conv", e.bound_by}), longest);
  }

  // No Einsum runs above any roof: not above its unit's peak, not above what any level's
  // bandwidth carries at its intensity (read and write share one throughput in these arches).
  void no_einsum_runs_above_a_roof_data() {
    QTest::addColumn<QString>("example");
    QTest::addColumn<QStringList>("sets");
    QTest::newRow("spatial_array_conv") << "spatial_array_conv" << QStringList{};
    QTest::newRow("two_level_matmul") << "two_level_matmul" << QStringList{};
    QTest::newRow("spatial_array_conv P=4") << "spatial_array_conv" << QStringList{"P=4"};
    QTest::newRow("spatial_array_conv R=1") << "spatial_array_conv" << QStringList{"R=1"};
  }
  void no_einsum_runs_above_a_roof() {
    QFETCH(QString, example);
    QFETCH(QStringList, sets);
    std::vector<std::string> assignments;
    for (const QString& s : sets) assignments.push_back(s.toStdString());
    const Workspace ws = this->exampleOf(example.toStdString(), assignments);
    QVERIFY(ws.ok());
    const auto outcome = ws.evaluate();
    QVERIFY(outcome.evaluation);
    const model::Roofline r = model::roofline(*ws.resolved(), *outcome.evaluation);
    for (const auto& e : r.einsums) {
      QVERIFY(e.attained() > 0);
      for (const auto& m : r.memories)
        QVERIFY2(e.attained() <= r.ceiling(e.compute, m.component, e.intensity(m.component)) * (1 + 1e-9),
                 qPrintable(QString::fromStdString(e.einsum + " above " + m.component)));
    }
  }

 private:
  static Workspace exampleOf(const std::string& name, std::vector<std::string> sets) {
    return example(name, std::move(sets));
  }
};

QTEST_GUILESS_MAIN(TestRoofline)
#include "test_roofline.moc"
