// The unit tests run on the project's own small specs (tests/data/specs) so that they pass
// without AccelForge's corpus. This suite checks that those specs stand in faithfully for
// the AccelForge files they replace: for the same variables, the same mapper fronts, the
// same chosen mapping's figures, and the same evaluation of the unfused mapping, to the bit.
//   buffered_mac.arch.yaml   <-> arches/simple.yaml
//   mac_row.arch.yaml        <-> arches/fanout_variations/at_mac.yaml
//   mac_row_m_only.arch.yaml <-> arches/fanout_variations/at_mac_with_constraints.yaml
//   matmul_chain.workload.yaml (+ nothing) <-> workloads/basic/matmuls.yaml + _renames_default.yaml
//   matmul_chain_unfused.mapping.yaml <-> mappings/unfused_matmuls_to_simple.yaml
#include <QtTest>

#include <algorithm>

#include "../../engine/mapper/front_oracle.h"
#include "mapper/mapper.h"
#include "model/evaluate.h"
#include "support/load_spec.h"
#include "support/shared_corpus.h"

using namespace af;

namespace {

std::vector<std::string> reference_files(const QString& arch) {
  const std::string ex = af::test::examples_dir().string() + "/";
  return {ex + "arches/" + arch.toStdString() + ".yaml", ex + "workloads/basic/matmuls.yaml",
          ex + "workloads/_renames_default.yaml"};
}

std::vector<std::string> project_files(const QString& arch) {
  return {af::test::data_file("specs/" + arch.toStdString() + ".arch.yaml"),
          af::test::data_file("specs/matmul_chain.workload.yaml")};
}

spec::Spec load(std::vector<std::string> files, const QStringList& sets, const std::string& mapping = "") {
  std::vector<std::string> a;
  for (const auto& s : sets) a.push_back(s.toStdString());
  if (!mapping.empty()) files.push_back(mapping);
  return af::test::load_spec(std::move(files), a);
}

// Same keys (by the map's own ordering) and exactly the same values.
template <class Map>
bool same_map(const Map& a, const Map& b) {
  const auto less = a.key_comp();
  return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), [&](const auto& x, const auto& y) {
           return !less(x.first, y.first) && !less(y.first, x.first) && x.second == y.second;
         });
}

void compare_evaluations(const model::Evaluation& got, const model::Evaluation& want) {
  QVERIFY(!want.actions.empty());
  QVERIFY(same_map(got.actions, want.actions));
  QVERIFY(same_map(got.energy, want.energy));
  QVERIFY(same_map(got.leak_energy, want.leak_energy));
  QVERIFY(same_map(got.component_latency, want.component_latency));
  QVERIFY(same_map(got.occupancy, want.occupancy));
  QCOMPARE(got.total_energy, want.total_energy);
  QCOMPARE(got.total_latency, want.total_latency);
}

}  // namespace

class TestCompatInputs : public QObject {
  Q_OBJECT

 private slots:
  void initTestCase() { AF_REQUIRE_CORPUS(); }

  // The variable sets the mapper tests (engine/mapper, cli/test_cli_map) use.
  void same_mapper_results_data() {
    QTest::addColumn<QString>("project");
    QTest::addColumn<QString>("reference");
    QTest::addColumn<QStringList>("sets");
    QTest::addColumn<QString>("imperfect");
    const QStringList slow = {"MainMemoryEnergy=8", "GlobalBufferThroughput=1"};
    QTest::newRow("simple 4x4x4") << "buffered_mac" << "simple" << QStringList{"M=4", "KN=4", "N_EINSUMS=1"} << "";
    QTest::newRow("simple 8x4x4 slow") << "buffered_mac" << "simple" << QStringList{"M=8", "KN=4", "N_EINSUMS=1"} + slow
                                       << "";
    QTest::newRow("simple 160-bit slow") << "buffered_mac" << "simple"
                                         << QStringList{"M=4", "KN=4", "N_EINSUMS=1", "GlobalBufferSize=160"} + slow
                                         << "";
    QTest::newRow("simple 64-bit") << "buffered_mac" << "simple"
                                   << QStringList{"M=8", "KN=4", "N_EINSUMS=1", "GlobalBufferSize=64",
                                                  "MainMemoryEnergy=4", "GlobalBufferThroughput=2"}
                                   << "";
    QTest::newRow("simple 16x32, two einsums") << "buffered_mac" << "simple"
                                               << QStringList{"M=16", "KN=8", "N_EINSUMS=2", "GlobalBufferSize=512"}
                                               << "";
    QTest::newRow("simple 5x7 imperfect") << "buffered_mac" << "simple"
                                          << QStringList{"M=5", "KN=7", "N_EINSUMS=1", "GlobalBufferSize=160"} + slow
                                          << "both";
    QTest::newRow("at_mac 4x4x4") << "mac_row" << "fanout_variations/at_mac" << QStringList{"M=4", "KN=4", "N_EINSUMS=1"}
                                  << "";
    QTest::newRow("at_mac 5x7 imperfect") << "mac_row" << "fanout_variations/at_mac"
                                          << QStringList{"M=5", "KN=7", "N_EINSUMS=1"} << "both";
    QTest::newRow("at_mac_with_constraints") << "mac_row_m_only" << "fanout_variations/at_mac_with_constraints"
                                             << QStringList{"M=16", "KN=16", "N_EINSUMS=1"} << "";
  }
  void same_mapper_results() {
    QFETCH(QString, project);
    QFETCH(QString, reference);
    QFETCH(QStringList, sets);
    QFETCH(QString, imperfect);
    const spec::Spec mine = load(project_files(project), sets);
    const spec::Spec theirs = load(reference_files(reference), sets);
    for (const unsigned metrics : {mapper::kEnergy | mapper::kLatency, unsigned(mapper::kEdp)}) {
      const auto run = [&](const spec::Spec& s) {
        mapper::MapperOptions o = mapper::options_from_spec(s);
        o.metrics = metrics;
        o.unfused = true;
        if (!imperfect.isEmpty()) mapper::set_imperfect_loops(o, imperfect.toStdString());
        return mapper::map_workload(s, o);
      };
      const auto a = run(mine), b = run(theirs);
      QVERIFY2(a.found && b.found, (a.failure + " / " + b.failure).c_str());
      const auto fa = af::test::front_of(a), fb = af::test::front_of(b);
      QVERIFY2(fa == fb, qPrintable(QString("project %1\nreference %2")
                                        .arg(QString::fromStdString(af::test::show(fa)),
                                             QString::fromStdString(af::test::show(fb)))));
      QCOMPARE(a.n_mappings(), b.n_mappings());
      compare_evaluations(*a.evaluation, *b.evaluation);
      if (QTest::currentTestFailed()) return;
    }
  }

  void same_unfused_evaluation_data() {
    QTest::addColumn<QStringList>("sets");
    QTest::newRow("one einsum") << QStringList{"N_EINSUMS=1", "M=64", "KN=32"};
    QTest::newRow("two einsums") << QStringList{"N_EINSUMS=2", "M=64", "KN=64"};
    QTest::newRow("three einsums, costly memory") << QStringList{"N_EINSUMS=3", "M=8", "KN=16", "MainMemoryEnergy=5"};
  }
  void same_unfused_evaluation() {
    QFETCH(QStringList, sets);
    const spec::Spec mine =
        load(project_files("buffered_mac"), sets, af::test::data_file("specs/matmul_chain_unfused.mapping.yaml"));
    const spec::Spec theirs = load(reference_files("simple"), sets,
                                   af::test::reference_file("examples/mappings/unfused_matmuls_to_simple.yaml"));
    QVERIFY(mine.mapping && theirs.mapping);
    compare_evaluations(model::evaluate(mine.resolved(), *mine.mapping),
                        model::evaluate(theirs.resolved(), *theirs.mapping));
  }
};

QTEST_GUILESS_MAIN(TestCompatInputs)
#include "test_compat_inputs.moc"
