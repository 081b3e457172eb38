// Mapper oracle on small arches: for one tiny matmul,
// every mapping below the backing MainMemory block — every GlobalBuffer tensor subset and
// order, every interleaving of loops with those storage nodes, every tile chain, spatial
// loops where the arch fans out — is evaluated by the model, and the (energy, latency)
// Pareto front must equal the mapper's.
//
// Tile chains are strictly decreasing (each loop splits its rank by >= 2): a loop with one
// iteration changes no figure, and leaving those out keeps the space small enough to walk
// (tens of thousands of mappings instead of billions).
//
// The inputs are the project's own (tests/data/specs): buffered_mac is a backing memory, a
// buffer and one MAC with costs set by variables; mac_row has four MACs under a free buffer.
// tests/compat/inputs checks that they give the same fronts as AccelForge's `simple` and
// `fanout_variations/at_mac` with its `matmuls` workload.
#include <QtTest>
#include <set>

#include "front_oracle.h"
#include "mapper/mapper.h"
#include "model/evaluate.h"
#include "support/load_spec.h"
#include "support/shared_corpus.h"

using namespace af;

namespace {

using test::front_of;
using test::show;
using test::Vec;

struct OracleLoop {
  std::string rv;
  std::int64_t tile = 1;
  bool spatial = false;
};

struct Space {
  const spec::ResolvedSpec* spec = nullptr;
  std::string einsum, compute, spatial_component, spatial_dim;  // dim empty: no fanout
  std::vector<std::string> tensors;
  std::vector<std::string> glb;                // GlobalBuffer nodes, in order
  std::vector<std::vector<OracleLoop>> loops;  // per rank variable, outer first
  std::vector<std::pair<double, double>> points;
  std::size_t evaluated = 0;
};

// Strictly decreasing divisor chains from `bound` down to 1.
void strict_chains(std::int64_t outer, std::vector<std::int64_t>& cur,
                   std::vector<std::vector<std::int64_t>>& out) {
  for (std::int64_t d = 1; d < outer; ++d) {
    if (outer % d != 0) continue;
    cur.push_back(d);
    if (d == 1)
      out.push_back(cur);
    else
      strict_chains(d, cur, out);
    cur.pop_back();
  }
}

// Every interleaving of the GlobalBuffer nodes and each rank variable's loops (outer loop
// first); spatial loops only below the last storage node.
void interleave(Space& s, std::vector<std::size_t>& next, std::size_t glb_next, spec::Mapping& m) {
  bool done = glb_next == s.glb.size();
  for (std::size_t r = 0; r < s.loops.size(); ++r) done = done && next[r] == s.loops[r].size();
  if (done) {
    spec::Mapping full = m;
    spec::MappingNode c;
    c.node = spec::ComputeNode{s.einsum, s.compute};
    full.nodes.push_back(std::move(c));
    ++s.evaluated;
    try {
      const auto ev = model::evaluate(*s.spec, full);
      s.points.emplace_back(ev.total_energy, ev.total_latency);
    } catch (const model::InvalidMapping&) {
    }
    return;
  }
  if (glb_next < s.glb.size()) {
    spec::MappingNode n;
    n.node = spec::StorageNode{{s.glb[glb_next]}, "GlobalBuffer", false};
    m.nodes.push_back(std::move(n));
    interleave(s, next, glb_next + 1, m);
    m.nodes.pop_back();
  }
  for (std::size_t r = 0; r < s.loops.size(); ++r) {
    if (next[r] == s.loops[r].size()) continue;
    const OracleLoop& l = s.loops[r][next[r]];
    if (l.spatial && glb_next < s.glb.size()) continue;
    spec::MappingNode n;
    if (l.spatial)
      n.node = spec::SpatialNode{l.rv, l.tile, std::nullopt, s.spatial_dim, s.spatial_component};
    else
      n.node = spec::TemporalNode{l.rv, l.tile, std::nullopt};
    m.nodes.push_back(std::move(n));
    ++next[r];
    interleave(s, next, glb_next, m);
    --next[r];
    m.nodes.pop_back();
  }
}

std::set<Vec> brute_force(const spec::Spec& spec, bool glb_keeps_all, const std::string& spatial_component,
                          const std::string& spatial_dim, std::size_t& evaluated) {
  const spec::ResolvedSpec rs = spec.resolved();
  const auto& e = spec.workload.workload.einsums.front();
  Space s;
  s.spec = &rs;
  s.einsum = e.name;
  s.compute = "MAC";
  s.spatial_component = spatial_component;
  s.spatial_dim = spatial_dim;
  s.tensors = e.tensor_names();
  std::vector<std::string> rvs;
  std::vector<std::vector<std::vector<std::int64_t>>> chains;
  for (const auto& rv : e.rank_variables()) {
    if (e.bound(rv) <= 1) continue;
    rvs.push_back(rv);
    std::vector<std::int64_t> cur;
    chains.emplace_back();
    strict_chains(e.bound(rv), cur, chains.back());
  }
  spec::Mapping top;
  for (const auto& t : s.tensors) {
    spec::MappingNode n;
    n.node = spec::StorageNode{{t}, "MainMemory", false};
    top.nodes.push_back(std::move(n));
  }
  const std::size_t n_tensors = s.tensors.size();
  for (unsigned subset = 0; subset < (1U << n_tensors); ++subset) {
    if (glb_keeps_all && subset + 1 != (1U << n_tensors)) continue;
    std::vector<std::string> glb;
    for (std::size_t i = 0; i < n_tensors; ++i)
      if (subset & (1U << i)) glb.push_back(s.tensors[i]);
    std::sort(glb.begin(), glb.end());
    do {
      s.glb = glb;
      // Odometer over one chain per rank variable, then over temporal/spatial per loop.
      std::vector<std::size_t> pick(rvs.size(), 0);
      while (true) {
        std::size_t n_loops = 0;
        for (std::size_t r = 0; r < rvs.size(); ++r) n_loops += chains[r][pick[r]].size();
        const unsigned kinds = spatial_dim.empty() ? 1U : (1U << n_loops);
        for (unsigned kind = 0; kind < kinds; ++kind) {
          s.loops.assign(rvs.size(), {});
          std::size_t bit = 0;
          for (std::size_t r = 0; r < rvs.size(); ++r)
            for (const auto tile : chains[r][pick[r]])
              s.loops[r].push_back({rvs[r], tile, ((kind >> bit++) & 1U) != 0});
          std::vector<std::size_t> next(rvs.size(), 0);
          spec::Mapping m = top;
          interleave(s, next, 0, m);
        }
        std::size_t d = pick.size();
        bool more = false;
        while (d > 0) {
          --d;
          if (++pick[d] < chains[d].size()) {
            more = true;
            break;
          }
          pick[d] = 0;
        }
        if (!more) break;
      }
    } while (std::next_permutation(glb.begin(), glb.end()));
  }
  evaluated = s.evaluated;
  return front_of(s.points);
}

std::set<Vec> mapper_front(const spec::Spec& s) {
  mapper::MapperOptions o = mapper::options_from_spec(s);
  o.metrics = mapper::kEnergy | mapper::kLatency;
  o.unfused = true;
  return front_of(mapper::map_workload(s, o));
}

}  // namespace

class TestMatmulOracle : public QObject {
  Q_OBJECT

 private slots:
  void oracle_data() {
    QTest::addColumn<QString>("arch");
    QTest::addColumn<QStringList>("sets");
    QTest::addColumn<bool>("glb_keeps_all");
    QTest::addColumn<QString>("spatial");
    QTest::newRow("buffered_mac 4x4x4") << "buffered_mac" << QStringList{"M=4", "KN=4", "N_EINSUMS=1"} << false << "";
    // A costly MainMemory and a slow GlobalBuffer: reuse saves energy and costs latency,
    // so the front has several points.
    QTest::newRow("buffered_mac 8x4x4, slow GlobalBuffer")
        << "buffered_mac"
        << QStringList{"M=8", "KN=4", "N_EINSUMS=1", "MainMemoryEnergy=8", "GlobalBufferThroughput=1"}
        << false << "";
    // 8-bit values: a 4x4 tile is 128 bits, so 160 bits hold one whole tensor and a bit more.
    QTest::newRow("buffered_mac, 160-bit GlobalBuffer, slow") << "buffered_mac" << QStringList{"M=4",
                                                                                   "KN=4",
                                                                                   "N_EINSUMS=1",
                                                                                   "GlobalBufferSize=160",
                                                                                   "MainMemoryEnergy=8",
                                                                                   "GlobalBufferThroughput=1"}
                                                        << false << "";
    QTest::newRow("buffered_mac, 64-bit GlobalBuffer, throughput 2")
        << "buffered_mac" << QStringList{"M=8",
                                   "KN=4",
                                   "N_EINSUMS=1",
                                   "GlobalBufferSize=64",
                                   "MainMemoryEnergy=4",
                                   "GlobalBufferThroughput=2"}
        << false << "";
    QTest::newRow("mac_row 4x4x4")
        << "mac_row" << QStringList{"M=4", "KN=4", "N_EINSUMS=1"} << true << "X";
  }

  void oracle() {
    QFETCH(QString, arch);
    QFETCH(QStringList, sets);
    QFETCH(bool, glb_keeps_all);
    QFETCH(QString, spatial);
    std::vector<std::string> a;
    for (const auto& x : sets) a.push_back(x.toStdString());
    const spec::Spec s =
        af::test::load_spec({af::test::data_file("specs/" + arch.toStdString() + ".arch.yaml"),
                             af::test::data_file("specs/matmul_chain.workload.yaml")},
                            a);
    std::size_t evaluated = 0;
    const auto expected = brute_force(s, glb_keeps_all, "MAC", spatial.toStdString(), evaluated);
    const auto got = mapper_front(s);
    qInfo("%zu mappings enumerated, front of %zu", evaluated, expected.size());
    QVERIFY(!expected.empty());
    if (got != expected) qWarning("mapper %s\noracle %s", show(got).c_str(), show(expected).c_str());
    QCOMPARE(got, expected);
  }
};

QTEST_GUILESS_MAIN(TestMatmulOracle)
#include "test_matmul_oracle.moc"
