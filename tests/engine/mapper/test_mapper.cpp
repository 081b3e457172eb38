// Mapper oracles: on tiny matrix-vector products, a brute-force
// enumeration of the raw map space (every keep subset, storage order, loop placement and
// order, tile chain), evaluated by the model, gives exactly the mapper's Pareto front.
// Also: Pareto tie rules, divisor chains, thread-count invariance, cancellation latency.
#include <QTemporaryDir>
#include <QtTest>
#include <algorithm>
#include <chrono>
#include <ctime>
#include <set>
#include <thread>

#include "front_oracle.h"
#include "mapper/ceilings.h"
#include "mapper/mapper.h"
#include "mapper/pareto.h"
#include "mapper/stopped_join.h"
#include "support/load_spec.h"
#include "support/mv_spec.h"
#include "support/replace_all.h"

using namespace af;

namespace {

// The bundled three-matmul chain: fused templates, small enough to map in a fraction of a second.
spec::Spec bundled_chain() {
  const std::string ex = std::string(AF_SOURCE_DIR) + "/resources/examples/three_level_matmul_chain/";
  return af::test::load_spec({ex + "arch.yaml", ex + "workload.yaml"});
}

// CPU time of the whole process, every thread, in ms.
double process_cpu_ms() {
  timespec t{};
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
  return static_cast<double>(t.tv_sec) * 1e3 + static_cast<double>(t.tv_nsec) / 1e6;
}

// {GLB}: GlobalBuffer size in bits; {PE}: an optional fanout Container.
const char* kArch = R"(
arch:
  nodes:
  - !Memory
    name: MainMemory
    size: inf
    leak_power: 0
    area: 0
    tensors: {keep: All, may_keep: All}
    actions:
    - {name: read, energy: 2, throughput: inf}
    - {name: write, energy: 2, throughput: inf}
  - !Memory
    name: GlobalBuffer
    size: {GLB}
    leak_power: 0
    area: 0
    tensors: {keep: ~MainMemory, may_keep: All}
    actions:
    - {name: read, energy: 0.5, throughput: 3}
    - {name: write, energy: 0.5, throughput: 3}
{PE}
  - !Compute
    name: MAC
    leak_power: 0
    area: 0
    actions:
    - {name: compute, energy: 1, throughput: 1}
)";

const char* kPe = R"(  - !Container
    name: PE
    spatial: [{name: X, fanout: 4}]
)";

using test::replace_all;

spec::Spec load(const QTemporaryDir& dir, const std::string& glb, bool pe, int m, int k) {
  return af::test::load_mv(dir, replace_all(replace_all(kArch, "{GLB}", glb), "{PE}", pe ? kPe : ""), m, k);
}

using test::front_of;
using test::show;
using test::Vec;

std::set<Vec> mapper_front(const spec::Spec& s, int threads = 1) {
  mapper::MapperOptions o;
  o.metrics = mapper::kEnergy | mapper::kLatency;
  o.threads = threads;
  return front_of(mapper::map_workload(s, o));
}

// ---- brute force -----------------------------------------------------------------------

spec::MappingNode storage(const std::string& t, const std::string& c) {
  spec::MappingNode n;
  n.node = spec::StorageNode{{t}, c, false};
  return n;
}

struct Loop {
  bool spatial = false;
  std::string rv;
};

void chains(std::int64_t outer, std::size_t k, std::vector<std::int64_t>& cur,
            std::vector<std::vector<std::int64_t>>& out) {
  if (k == 0) {
    if (cur.empty() || cur.back() == 1) out.push_back(cur);
    return;
  }
  for (std::int64_t d = 1; d <= outer; ++d)
    if (outer % d == 0) {
      cur.push_back(d);
      chains(d, k - 1, cur, out);
      cur.pop_back();
    }
}

// Ordered subsets of {m, k}.
const std::vector<std::vector<std::string>> kOrders = {{}, {"m"}, {"k"}, {"m", "k"}, {"k", "m"}};

std::set<Vec> brute_force(const spec::Spec& s, bool pe, int M, int K) {
  const spec::ResolvedSpec rs = s.resolved();
  std::vector<std::pair<double, double>> points;
  const std::vector<std::string> tensors = {"A", "x", "y"};
  for (int subset = 0; subset < 8; ++subset) {
    std::vector<std::string> glb;
    for (int i = 0; i < 3; ++i)
      if (subset & (1 << i)) glb.push_back(tensors[static_cast<std::size_t>(i)]);
    std::sort(glb.begin(), glb.end());
    do {
      const std::size_t gaps = glb.size() + 1;
      std::vector<std::size_t> pick(gaps + (pe ? 2 : 0), 0);
      while (true) {
        // Structure: MainMemory block, gap 0, GLB node, gap 1, ...; spatial loops in the
        // last gap, before or after its temporal loops.
        std::vector<std::variant<std::string, Loop>> nodes;  // storage tensor (GLB) or loop
        std::vector<Loop> spatial;
        if (pe)
          for (const auto& rv : kOrders[pick[gaps]]) spatial.push_back({true, rv});
        for (std::size_t g = 0; g < gaps; ++g) {
          if (g > 0) nodes.emplace_back(glb[g - 1]);
          const bool last = g + 1 == gaps;
          if (last && pe && pick[gaps + 1] == 0)
            for (const auto& l : spatial) nodes.emplace_back(l);
          for (const auto& rv : kOrders[pick[g]]) nodes.emplace_back(Loop{false, rv});
          if (last && pe && pick[gaps + 1] == 1)
            for (const auto& l : spatial) nodes.emplace_back(l);
        }
        // Every rank variable needs a loop; enumerate tile chains per rank variable.
        std::map<std::string, std::vector<std::size_t>> loops_of;
        std::size_t n_loops = 0;
        for (const auto& n : nodes)
          if (const auto* l = std::get_if<Loop>(&n)) loops_of[l->rv].push_back(n_loops++);
        if (loops_of.size() == 2) {
          std::vector<std::int64_t> cur;
          std::vector<std::vector<std::int64_t>> cm, ck;
          chains(M, loops_of["m"].size(), cur, cm);
          chains(K, loops_of["k"].size(), cur, ck);
          for (const auto& a : cm)
            for (const auto& b : ck) {
              std::vector<std::int64_t> tiles(n_loops);
              for (std::size_t i = 0; i < a.size(); ++i) tiles[loops_of["m"][i]] = a[i];
              for (std::size_t i = 0; i < b.size(); ++i) tiles[loops_of["k"][i]] = b[i];
              spec::Mapping mapping;
              for (const auto& t : {"y", "x", "A"}) mapping.nodes.push_back(storage(t, "MainMemory"));
              std::size_t li = 0;
              for (const auto& n : nodes) {
                if (const auto* t = std::get_if<std::string>(&n)) {
                  mapping.nodes.push_back(storage(*t, "GlobalBuffer"));
                  continue;
                }
                const auto& l = std::get<Loop>(n);
                spec::MappingNode node;
                if (l.spatial)
                  node.node = spec::SpatialNode{l.rv, tiles[li++], std::nullopt, "X", "PE"};
                else
                  node.node = spec::TemporalNode{l.rv, tiles[li++], std::nullopt};
                mapping.nodes.push_back(std::move(node));
              }
              spec::MappingNode c;
              c.node = spec::ComputeNode{"MV", "MAC"};
              mapping.nodes.push_back(std::move(c));
              try {
                const auto ev = model::evaluate(rs, mapping);
                points.emplace_back(ev.total_energy, ev.total_latency);
              } catch (const model::InvalidMapping&) {
              }
            }
        }
        std::size_t d = pick.size();
        bool done = true;
        while (d > 0) {
          --d;
          const std::size_t limit = d == gaps + 1 ? 2 : kOrders.size();
          if (++pick[d] < limit) {
            done = false;
            break;
          }
          pick[d] = 0;
        }
        if (done) break;
      }
    } while (std::next_permutation(glb.begin(), glb.end()));
  }
  return front_of(points);
}

}  // namespace

class TestMapper : public QObject {
  Q_OBJECT

 private slots:
  void pareto_rules() {
    // Dominated rows go; exact duplicates keep the first occurrence; order is kept.
    const std::vector<std::vector<double>> rows = {{3, 1}, {1, 3}, {2, 2}, {2, 2}, {3, 3}, {1, 3}, {0.5, 4}};
    const auto kept = mapper::pareto_indices(rows);
    QCOMPARE(kept, (std::vector<std::size_t>{0, 1, 2, 6}));
    // Brute force agreement on random rows with many ties.
    std::vector<std::vector<double>> r;
    unsigned seed = 7;
    for (int i = 0; i < 300; ++i) {
      std::vector<double> v;
      for (int c = 0; c < 3; ++c) {
        seed = seed * 1103515245U + 12345U;
        v.push_back(static_cast<double>((seed >> 16) % 6));
      }
      r.push_back(v);
    }
    std::vector<std::size_t> expect;
    for (std::size_t i = 0; i < r.size(); ++i) {
      bool drop = false;
      for (std::size_t j = 0; j < r.size() && !drop; ++j) {
        if (i == j) continue;
        const bool le = r[j][0] <= r[i][0] && r[j][1] <= r[i][1] && r[j][2] <= r[i][2];
        drop = le && (r[j] != r[i] || j < i);
      }
      if (!drop) expect.push_back(i);
    }
    QCOMPARE(mapper::pareto_indices(r), expect);
  }

  void pareto_select_brute_force_data() {
    QTest::addColumn<int>("rows");
    QTest::addColumn<int>("width");
    QTest::addColumn<int>("values");  // per column: 0 .. values-1 (few: many ties)
    QTest::newRow("tiny") << 5 << 2 << 3;
    QTest::newRow("ties, 3 columns") << 400 << 3 << 4;
    QTest::newRow("wide, few values") << 3000 << 12 << 3;
    QTest::newRow("wide, many values") << 3000 << 9 << 50;
    QTest::newRow("one column") << 500 << 1 << 20;
  }
  void pareto_select_brute_force() {
    // The join's Pareto (median masks, sum order) against the rule itself, O(n^2): a row
    // goes when another is <= everywhere and < somewhere, or equal and earlier. Constant
    // columns (every other one here) must not change the answer.
    QFETCH(int, rows);
    QFETCH(int, width);
    QFETCH(int, values);
    const auto n = static_cast<std::size_t>(rows);
    const auto w = static_cast<std::size_t>(2 * width);
    std::vector<float> keys;
    unsigned seed = 11;
    for (std::size_t i = 0; i < n; ++i)
      for (std::size_t c = 0; c < w; ++c) {
        seed = seed * 1103515245U + 12345U;
        keys.push_back(c % 2 == 1 ? 7.0F : static_cast<float>((seed >> 16) % static_cast<unsigned>(values)));
      }
    // The first column falls as the third rises, so that fronts are large.
    if (w > 2)
      for (std::size_t i = 0; i < n; ++i) keys[i * w] = static_cast<float>(values - 1) - keys[i * w + 2];
    std::vector<std::size_t> expect;
    for (std::size_t i = 0; i < n; ++i) {
      bool drop = false;
      for (std::size_t j = 0; j < n && !drop; ++j) {
        if (i == j) continue;
        bool le = true, equal = true;
        for (std::size_t c = 0; c < w; ++c) {
          le = le && keys[j * w + c] <= keys[i * w + c];
          equal = equal && keys[j * w + c] == keys[i * w + c];
        }
        drop = le && (!equal || j < i);
      }
      if (!drop) expect.push_back(i);
    }
    QVERIFY(expect.size() > (width > 1 ? 1U : 0U));
    QCOMPARE(mapper::pareto_select(keys, w, n), expect);
  }
  void pareto_select_float_sums_tie() {
    // In float32, 1e8 + 2 == 1e8 + 1: the dominated row comes first in sum order and is kept
    // until the row dominating it arrives.
    const std::vector<float> keys = {1e8F, 2, 5, 1e8F, 1, 5, 1e8F, 3, 4};
    QCOMPARE(mapper::pareto_select(keys, 3, 3), (std::vector<std::size_t>{1, 2}));
  }

  void least_added_bounds_every_choice() {
    // Three Einsums of random pmappings (energy and latency pulling apart, 40 to 60 each, so
    // that the staircases are thinned): every choice of one pmapping each adds at least one
    // staircase point's energy and latency, and the least dynamic and leak energy.
    unsigned seed = 5;
    const auto next = [&] {
      seed = seed * 1103515245U + 12345U;
      return static_cast<double>((seed >> 16) % 1000) / 100.0;
    };
    std::vector<std::vector<mapper::PmappingRow>> einsums(3);
    for (std::size_t e = 0; e < einsums.size(); ++e)
      for (std::size_t i = 0; i < 40 + 10 * e; ++i) {
        mapper::PmappingRow r;
        r.dynamic_energy = next();
        r.leak_energy = next() / 10;
        r.latency = 12 - r.dynamic_energy + next() / 5;
        einsums[e].push_back(r);
      }
    const auto all = mapper::LeastAdded::of(einsums[0])
                         .plus(mapper::LeastAdded::of(einsums[1]))
                         .plus(mapper::LeastAdded::of(einsums[2]));
    QVERIFY(all.points.size() > 1 && all.points.size() <= 32);
    double least_gap = 1e9;  // how close the staircase comes: it must not be a loose corner
    for (const auto& a : einsums[0])
      for (const auto& b : einsums[1])
        for (const auto& c : einsums[2]) {
          const double e = a.energy() + b.energy() + c.energy(), l = a.latency + b.latency + c.latency;
          QVERIFY(a.dynamic_energy + b.dynamic_energy + c.dynamic_energy >= all.dynamic);
          QVERIFY(a.leak_energy + b.leak_energy + c.leak_energy >= all.leak);
          bool below = false;
          for (const auto& [pe, pl] : all.points) {
            below = below || (pe <= e && pl <= l);
            least_gap = std::min(least_gap, std::max(e - pe, l - pl));
          }
          QVERIFY(below);
        }
    QVERIFY(least_gap < 0.5);
  }

  void ceilings_beat_only_what_cannot_win() {
    // EDP: a whole mapping of energy 2 and latency 3 (EDP 6) is known. A partial row of
    // energy 1 and latency 1 with the rest adding at least (1, 1) or (0.5, 2) can reach 2 * 2
    // = 4 or 1.5 * 3 = 4.5: not beaten. With the rest adding (2, 2) at least it reaches 3 * 3.
    const mapper::Ceilings known({{6.0}}, mapper::kEdp);
    mapper::LeastAdded rest;
    rest.points = {{0.5, 2.0}, {1.0, 1.0}};
    QVERIFY(!known.beaten(1.0, 0.0, 1.0, rest));
    rest.points = {{2.0, 2.0}};
    QVERIFY(known.beaten(1.0, 0.0, 1.0, rest));
    // Equal to the ceiling is not beaten: it may tie, and ties are the join's to settle.
    rest.points = {{1.0, 2.0}};
    QVERIFY(!known.beaten(1.0, 0.0, 1.0, rest));
    // Energy and latency: beaten only when worse in both than one known mapping.
    const mapper::Ceilings front({{2.0, 3.0}, {4.0, 1.0}}, mapper::kEnergy | mapper::kLatency);
    rest.points = {{0.0, 0.0}};
    QVERIFY(!front.beaten(3.0, 0.0, 2.0, rest));
    QVERIFY(front.beaten(4.5, 0.0, 1.5, rest));
    QVERIFY(!mapper::Ceilings({}, mapper::kEdp).beaten(1e9, 0.0, 1e9, rest));
  }

  void divisor_chain_counts() {
    // F(8,2)=4, F(8,3)=10, F(64,3)=28, F(64,4)=84: chains of divisors.
    QCOMPARE(mapper::divisor_chains(8, 2).size(), std::size_t{4});
    QCOMPARE(mapper::divisor_chains(8, 3).size(), std::size_t{10});
    QCOMPARE(mapper::divisor_chains(64, 3).size(), std::size_t{28});
    QCOMPARE(mapper::divisor_chains(64, 4).size(), std::size_t{84});
    for (const auto& c : mapper::divisor_chains(12, 3)) QCOMPARE(c.back(), std::int64_t{1});
  }

  void oracle_data() {
    QTest::addColumn<QString>("glb");
    QTest::addColumn<bool>("pe");
    QTest::addColumn<int>("M");
    QTest::addColumn<int>("K");
    QTest::newRow("infinite buffer") << "inf" << false << 4 << 8;
    QTest::newRow("finite buffer") << "80" << false << 8 << 4;
    QTest::newRow("fanout") << "inf" << true << 4 << 4;
    QTest::newRow("fanout, finite buffer") << "48" << true << 4 << 4;
  }
  void oracle() {
    QFETCH(QString, glb);
    QFETCH(bool, pe);
    QFETCH(int, M);
    QFETCH(int, K);
    QTemporaryDir dir;
    const spec::Spec s = load(dir, glb.toStdString(), pe, M, K);
    const auto expected = brute_force(s, pe, M, K);
    const auto got = mapper_front(s);
    QVERIFY(!expected.empty());
    if (got != expected) qWarning("mapper %s\noracle %s", show(got).c_str(), show(expected).c_str());
    QCOMPARE(got, expected);
  }

  void thread_count_invariance() {
    QTemporaryDir dir;
    const spec::Spec s = load(dir, "96", true, 4, 8);
    mapper::MapperOptions o;
    o.metrics = mapper::kEnergy | mapper::kLatency;
    o.threads = 1;
    const auto a = mapper::map_workload(s, o);
    o.threads = 2;
    const auto b = mapper::map_workload(s, o);
    QCOMPARE(a.front.size(), b.front.size());
    for (std::size_t i = 0; i < a.front.size(); ++i) {
      QCOMPARE(a.front[i].pmappings[0].template_index, b.front[i].pmappings[0].template_index);
      QCOMPARE(a.front[i].pmappings[0].tiles, b.front[i].pmappings[0].tiles);
      QCOMPARE(a.front[i].energy(), b.front[i].energy());
    }
    QCOMPARE(a.stats[0].pmappings_evaluated, b.stats[0].pmappings_evaluated);
  }

  void cancellation_latency() {
    QTemporaryDir dir;
    // 720720 with imperfect tiles: 3.5e10 pmappings, tens of seconds even in a release
    // build, so the stop lands mid-run.
    const spec::Spec s = load(dir, "inf", true, 720720, 720720);
    mapper::MapperOptions o;
    o.metrics = mapper::kEdp;
    o.explore_imperfect_spatial_loops = o.explore_imperfect_temporal_loops = true;
    o.threads = 2;
    std::stop_source stop;
    std::chrono::steady_clock::time_point returned;
    mapper::MapperResult r;
    std::jthread worker([&] {
      r = mapper::map_workload(s, o, nullptr, stop.get_token());
      returned = std::chrono::steady_clock::now();
    });
    std::this_thread::sleep_for(std::chrono::milliseconds(300));
    const auto requested = std::chrono::steady_clock::now();
    const double cpu0 = process_cpu_ms();
    stop.request_stop();
    worker.join();
    // The bound is on the work done after the request (CPU time of all threads: two workers,
    // 100 ms each), which the code controls; the wall-clock latency also counts the
    // scheduler's delays on a busy machine, so it is printed, not asserted.
    const double work = process_cpu_ms() - cpu0;
    const auto ms = std::chrono::duration<double, std::milli>(returned - requested).count();
    qInfo("cancellation: %.1f ms wall, %.1f ms of CPU in all threads", ms, work);
    QVERIFY(r.cancelled);
    QVERIFY2(work < 200, qPrintable(QString("the workers ran %1 ms of CPU after the stop").arg(work)));
  }

  // Stopped in the tile-shape search (before the join), a fused chain still has whole mappings:
  // what was found so far joins, and the best one is a real mapping that the model evaluates
  // to the front's figures, never better than the finished run's optimum.
  // The bundled chain's DRAM keeps the workload's inputs and outputs (keep: ~Intermediates),
  // as AccelForge's arches do; the intermediate T1 may stay on chip, and the fused optimum
  // keeps it there. Without the rule the optimum kept nothing in DRAM (issue 22).
  void bundled_chain_keeps_inputs_and_outputs_in_dram() {
    const spec::Spec s = bundled_chain();
    const auto r = mapper::map_workload(s, mapper::options_from_spec(s));
    QVERIFY2(r.found && r.evaluation, r.failure.c_str());
    std::set<std::string> in_dram;
    for (const auto& [key, bits] : r.evaluation->occupancy)
      if (std::get<1>(key) == "DRAM" && bits > 0) in_dram.insert(std::get<2>(key));
    QCOMPARE(in_dram, (std::set<std::string>{"T0", "T2", "W0", "W1"}));
  }

  void stop_before_the_join_still_gives_a_best_mapping() {
    const spec::Spec s = bundled_chain();
    mapper::MapperOptions o = mapper::options_from_spec(s);
    o.metrics = mapper::kEdp;
    o.threads = 1;
    const auto full = mapper::map_workload(s, o);
    QVERIFY(full.found && !full.cancelled);

    // Stop once every Einsum has half of its templates searched (one thread: the first Einsum's
    // all, the last one's half), so that compatible pmappings exist on both sides.
    struct StopHalfWay : mapper::Observer {
      std::stop_source stop;
      std::set<std::string> halfway;
      std::size_t einsums = 0;
      void on_template_done(const std::string& einsum, std::size_t done, std::size_t total,
                            const mapper::EinsumStats&) override {
        if (2 * done >= total) halfway.insert(einsum);
        if (halfway.size() == einsums) stop.request_stop();
      }
    } observer;
    observer.einsums = s.workload.workload.einsums.size();
    QVERIFY(observer.einsums >= 2);
    const auto stopped = mapper::map_workload(s, o, &observer, observer.stop.get_token());
    QVERIFY(stopped.cancelled);
    QVERIFY(stopped.join_steps.empty());  // it stopped before the join
    QVERIFY2(stopped.found, stopped.failure.c_str());
    QVERIFY(stopped.mapping && stopped.evaluation);
    const double edp = stopped.front[0].energy() * stopped.front[0].latency;
    QVERIFY(qAbs(stopped.evaluation->total_energy * stopped.evaluation->total_latency - edp) <= 1e-6 * edp);
    QVERIFY(edp >= full.evaluation->total_energy * full.evaluation->total_latency * (1 - 1e-9));
    // Every front row opens as a mapping tree.
    for (std::size_t i = 0; i < stopped.front.size(); ++i) (void)mapper::mapping_of(stopped, i);

    // Stopped before any Einsum had a pmapping: no front, and it says it was stopped.
    std::stop_source at_once;
    at_once.request_stop();
    const auto none = mapper::map_workload(s, o, nullptr, at_once.get_token());
    QVERIFY(none.cancelled);
    QVERIFY(!none.found);
    QVERIFY2(none.failure.find("stopped") != std::string::npos, none.failure.c_str());
  }

  // A stopped run joins each Einsum's best few groups first; when those do not fit the
  // neighbour's (here the producer's 40 cheapest tile counts of the shared loop against the
  // consumer's one, which is the producer's dearest), every group is tried before giving up.
  void a_stopped_join_finds_the_groups_that_fit() {
    const auto compat = [](std::int64_t iterations) {
      mapper::Compatibility c;
      c.iterations = {iterations};
      c.tensors = {{"T", "Buffer", false, {"m"}, {0}}};
      return c;
    };
    const auto row = [](double energy, std::int64_t iterations) {
      mapper::PmappingRow r;
      r.dynamic_energy = energy;
      r.latency = 1;
      r.fused_iterations = {iterations};
      r.shared_sizes = {0};
      return r;
    };
    mapper::JoinEinsum producer{"Producer", {"A", "T"}, {"T"}, {}, {}};
    for (std::int64_t i = 2; i < 42; ++i) {
      producer.rows.push_back(row(static_cast<double>(i), i));
      producer.compat.push_back(compat(i));
    }
    mapper::JoinEinsum consumer{"Consumer", {"T", "B"}, {"B"}, {row(5, 41)}, {compat(41)}};
    mapper::JoinSettings settings;
    settings.memory_levels = {{"Buffer", 0}};
    const auto joined = mapper::join_found_so_far({producer, consumer}, {}, {}, settings);
    QCOMPARE(joined.size(), std::size_t{1});
    QCOMPARE(joined[0].energy(), 46.0);
  }

  // Stopped after the unfused optimum was found for the ceilings, before the fused search:
  // that optimum is the result, a whole mapping that opens, no better than the fused one.
  void stop_before_the_fused_search_gives_the_unfused_optimum() {
    const spec::Spec s = bundled_chain();
    mapper::MapperOptions o = mapper::options_from_spec(s);
    o.metrics = mapper::kEdp;
    o.threads = 2;
    o.max_fused_loops = mapper::kUnlimited;
    const auto fused = mapper::map_workload(s, o);
    mapper::MapperOptions u = o;
    u.unfused = true;
    const auto unfused = mapper::map_workload(s, u);
    QVERIFY(fused.found && unfused.found);

    struct StopAtUnfused : mapper::Observer {
      std::stop_source stop;
      std::vector<mapper::FrontPoint> seen;
      bool searched = false;
      void on_unfused_optimum(const std::vector<mapper::FrontPoint>& mappings) override {
        seen = mappings;
        stop.request_stop();
      }
      void on_template_done(const std::string&, std::size_t, std::size_t,
                            const mapper::EinsumStats&) override {
        searched = true;
      }
    } observer;
    const auto stopped = mapper::map_workload(s, o, &observer, observer.stop.get_token());
    QVERIFY(stopped.cancelled);
    QVERIFY(!observer.searched);
    QVERIFY2(stopped.found && stopped.mapping && stopped.evaluation, stopped.failure.c_str());
    QCOMPARE(observer.seen.size(), unfused.front.size());
    QCOMPARE(stopped.front[0].energy(), unfused.front[0].energy());
    QCOMPARE(stopped.front[0].latency, unfused.front[0].latency);
    QVERIFY(stopped.front[0].energy() * stopped.front[0].latency >=
            fused.front[0].energy() * fused.front[0].latency * (1 - 1e-9));
    (void)mapper::mapping_of(stopped, 0);
  }

  void no_valid_mapping_names_cause() {
    QTemporaryDir dir;
    // A 1-bit buffer that must keep something: nothing fits.
    const std::string arch = replace_all(replace_all(kArch, "{GLB}", "1"), "{PE}", "");
    std::string forced =
        replace_all(arch, "tensors: {keep: ~MainMemory, may_keep: All}", "tensors: {keep: All}");
    const spec::Spec s = af::test::load_mv(dir, forced, 4, 4);
    const auto r = mapper::map_workload(s, mapper::MapperOptions{});
    QVERIFY(!r.found);
    QVERIFY2(r.failure.find("capacity GlobalBuffer") != std::string::npos, r.failure.c_str());
  }
};

QTEST_GUILESS_MAIN(TestMapper)
#include "test_mapper.moc"
