// Einsums whose tile searches are one search with tensors renamed (a transformer's Q, K and
// V projections) are searched once (search/search_signature.h). The oracle is the mapper
// with sharing off: the same fronts, mappings, per-Einsum counts and join, fused and
// unfused. And a difference that only a renamed tensor carries (its bits per value in the
// workload or in one memory, a spatial dimension that may reuse it) keeps the searches
// apart.
#include <QTemporaryDir>
#include <QtTest>
#include <fstream>

#include "io/mapping_writer.h"
#include "mapper/mapper.h"
#include "support/load_spec.h"
#include "support/replace_all.h"

using namespace af;

namespace {

// {BPV}: the GlobalBuffer's per-tensor bits_per_value entries; {REUSE}: the PE array's
// may_reuse set.
const char* kArch = R"(
arch:
  nodes:
  - !Memory
    name: MainMemory
    size: inf
    leak_power: 0
    area: 0
    tensors: {keep: ~Intermediates, may_keep: All}
    actions:
    - {name: read, energy: 2, throughput: 4}
    - {name: write, energy: 2, throughput: 4}
  - !Memory
    name: GlobalBuffer
    size: 2048
    leak_power: 0
    area: 0
    bits_per_value: {BPV}
    tensors: {may_keep: All}
    actions:
    - {name: read, energy: 0.5, throughput: 16}
    - {name: write, energy: 0.5, throughput: 16}
  - !Container
    name: PE
    spatial: [{name: X, fanout: 2, may_reuse: {REUSE}}]
  - !Compute
    name: MAC
    leak_power: 0
    area: 0
    actions:
    - {name: compute, energy: 1, throughput: 1}
)";

// Three projections of X and an Einsum that reads all three. {VBITS}: V's bits per value.
const char* kWorkload = R"(
workload:
  iteration_space_shape:
    m: 0 <= m < 8
    d: 0 <= d < 4
    h: 0 <= h < 4
  bits_per_value: {~V: 8, V: {VBITS}}
  einsums:
  - name: Q
    tensor_accesses:
    - {name: X, projection: [m, d]}
    - {name: WQ, projection: [d, h]}
    - {name: Q, projection: [m, h], output: True}
  - name: K
    tensor_accesses:
    - {name: X, projection: [m, d]}
    - {name: WK, projection: [d, h]}
    - {name: K, projection: [m, h], output: True}
  - name: V
    tensor_accesses:
    - {name: X, projection: [m, d]}
    - {name: WV, projection: [d, h]}
    - {name: V, projection: [m, h], output: True}
  - name: O
    tensor_accesses:
    - {name: Q, projection: [m, h]}
    - {name: K, projection: [m, h]}
    - {name: V, projection: [m, h]}
    - {name: O, projection: [m, h], output: True}
)";

using test::replace_all;

struct Variant {
  std::string bpv = "{}", reuse = "All", v_bits = "8";
};

spec::Spec load(const QTemporaryDir& dir, const Variant& v) {
  const std::string a = dir.filePath("arch.yaml").toStdString();
  const std::string w = dir.filePath("workload.yaml").toStdString();
  std::ofstream(a) << replace_all(replace_all(kArch, "{BPV}", v.bpv), "{REUSE}", v.reuse);
  std::ofstream(w) << replace_all(kWorkload, "{VBITS}", v.v_bits);
  return af::test::load_spec({a, w});
}

mapper::MapperResult map(const spec::Spec& s, bool unfused, bool share) {
  mapper::MapperOptions o;
  o.metrics = mapper::kEnergy | mapper::kLatency;
  o.threads = 2;
  o.unfused = unfused;
  o.share_identical_searches = share;
  return mapper::map_workload(s, o);
}

std::map<std::string, std::string> searched_with(const mapper::MapperResult& r) {
  std::map<std::string, std::string> out;
  for (const auto& st : r.stats) out[st.einsum] = st.searched_with;
  return out;
}

}  // namespace

class TestSharedSearches : public QObject {
  Q_OBJECT

 private slots:
  void sharing_changes_nothing_data() {
    QTest::addColumn<bool>("unfused");
    QTest::newRow("fused") << false;
    QTest::newRow("unfused") << true;
  }
  void sharing_changes_nothing() {
    QFETCH(bool, unfused);
    QTemporaryDir dir;
    const auto spec = load(dir, {});
    const auto shared = map(spec, unfused, true);
    const auto alone = map(spec, unfused, false);
    QVERIFY(shared.found);
    QVERIFY(alone.found);
    const std::map<std::string, std::string> expected{{"Q", ""}, {"K", "Q"}, {"V", "Q"}, {"O", ""}};
    QCOMPARE(searched_with(shared), expected);
    for (const auto& [einsum, with] : searched_with(alone)) QVERIFY2(with.empty(), einsum.c_str());

    QCOMPARE(shared.front.size(), alone.front.size());
    if (!unfused) QVERIFY(shared.front.size() >= 2);  // a front, not one point
    for (std::size_t i = 0; i < shared.front.size(); ++i) {
      QCOMPARE(shared.front[i].energy(), alone.front[i].energy());
      QCOMPARE(shared.front[i].latency, alone.front[i].latency);
      QCOMPARE(io::write_mapping_yaml(mapper::mapping_of(shared, i)),
               io::write_mapping_yaml(mapper::mapping_of(alone, i)));
    }
    for (std::size_t e = 0; e < shared.stats.size(); ++e) {
      const auto& a = shared.stats[e];
      const auto& b = alone.stats[e];
      QCOMPARE(a.einsum, b.einsum);
      QCOMPARE(a.templates, b.templates);
      QCOMPARE(a.pmappings_evaluated, b.pmappings_evaluated);
      QCOMPARE(a.pmappings_valid, b.pmappings_valid);
      QCOMPARE(a.pmappings_pareto, b.pmappings_pareto);
      QCOMPARE(a.groups, b.groups);
      QCOMPARE(a.removed, b.removed);
    }
    QCOMPARE(shared.join_steps.size(), alone.join_steps.size());
    for (std::size_t s = 0; s < shared.join_steps.size(); ++s) {
      QCOMPARE(shared.join_steps[s].rows_paired, alone.join_steps[s].rows_paired);
      QCOMPARE(shared.join_steps[s].rows_out, alone.join_steps[s].rows_out);
    }
  }

  // Each variant makes V differ from Q and K only through its own tensors' names.
  void a_difference_in_a_renamed_tensor_keeps_searches_apart_data() {
    QTest::addColumn<QString>("bpv");
    QTest::addColumn<QString>("reuse");
    QTest::addColumn<QString>("v_bits");
    QTest::newRow("V's bits in the workload") << "{}"
                                              << "All"
                                              << "16";
    QTest::newRow("WV's bits in one memory") << "{WV: 16}"
                                             << "All"
                                             << "8";
    QTest::newRow("the PE array may reuse WV only") << "{}"
                                                    << "~WV"
                                                    << "8";
  }
  void a_difference_in_a_renamed_tensor_keeps_searches_apart() {
    QFETCH(QString, bpv);
    QFETCH(QString, reuse);
    QFETCH(QString, v_bits);
    QTemporaryDir dir;
    const auto spec = load(dir, {bpv.toStdString(), reuse.toStdString(), v_bits.toStdString()});
    const auto r = map(spec, true, true);
    QVERIFY(r.found);
    const std::map<std::string, std::string> expected{{"Q", ""}, {"K", "Q"}, {"V", ""}, {"O", ""}};
    QCOMPARE(searched_with(r), expected);
  }
};

QTEST_GUILESS_MAIN(TestSharedSearches)
#include "test_shared_searches.moc"
