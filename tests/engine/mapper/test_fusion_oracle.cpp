// Oracle for the fused join, on chains of two and three tiny
// matmuls: every template of every Einsum with every divisor chain is evaluated by the
// model (nothing pruned); the cross product of the Einsums' pmappings is kept where it is
// compatible; each joined mapping's memory peaks come from a lifetime simulation of its
// merged loop tree; the (energy, latency) Pareto front of the valid ones must be the
// mapper's. Compatibility and lifetimes are derived here from the pmappings themselves,
// without the mapper's groups, reservation columns or algebra.
//
// The space is the mapper's (AccelForge's): a tensor that several Einsums use is held
// alike by all of them (same memory, same loops above it, iterating alike); Einsums join
// in workload order, and the loops above the deepest tensor still shared when an Einsum
// joins are shared with it; a tensor passing over an Einsum needs that Einsum under as
// many loops for its own later tensors. A buffer reserved below d shared loops lives for
// one iteration of loop d-1 of the merged tree: it is alive during every Einsum sharing
// more than d loops with its own, and a shared tensor from its first user to its last.
#include <QTemporaryDir>
#include <QtTest>
#include <algorithm>
#include <climits>
#include <fstream>
#include <map>
#include <set>

#include "front_oracle.h"
#include "mapper/mapper.h"
#include "mapper/search/problem.h"
#include "mapper/search/templates.h"
#include "mapper/search/tile_shapes.h"
#include "model/compiled_pmapping.h"
#include "support/load_spec.h"
#include "support/replace_all.h"

using namespace af;

namespace {

const char* kArch = R"(
arch:
  nodes:
  - !Memory
    name: MainMemory
    size: inf
    leak_power: 0
    area: 0
    tensors: {keep: {MAIN_KEEP}, may_keep: All}
    actions:
    - {name: read, energy: 1, throughput: 2}
    - {name: write, energy: 1, throughput: 2}
  - !Memory
    name: GlobalBuffer
    size: {GLB}
    leak_power: 0
    area: 0
    tensors: {may_keep: All}
    actions:
    - {name: read, energy: {GLB_ENERGY}, throughput: 64}
    - {name: write, energy: {GLB_ENERGY}, throughput: 64}
  - !Compute
    name: MAC
    leak_power: 0
    area: 0
    actions:
    - {name: compute, energy: 1, throughput: 1}
)";

using test::replace_all;

// T{i+1}[m, n{i+1}] = T{i}[m, n{i}] * W{i}[n{i}, n{i+1}]; `persistent`: weights stay.
// `residual`: a third Einsum T3[m, n2] = T2[m, n2] * T1[m, n1] reads T1 again, so two shared
// tensors meet at E2; with `bypass`, E1 reads T0 instead of T1 (T2 = T0 * W1), so T1 also
// passes over E1 and stays allocated while E1 runs.
spec::Spec load(const QTemporaryDir& dir, const std::string& glb, int einsums, int m, int kn, bool persistent,
                bool residual, bool cheap_buffer, bool bypass = false) {
  std::string wl = "workload:\n  iteration_space_shape:\n    m: 0 <= m < " + std::to_string(m) + "\n";
  for (int i = 0; i <= einsums; ++i)
    wl += "    n" + std::to_string(i) + ": 0 <= n" + std::to_string(i) + " < " + std::to_string(kn) + "\n";
  wl += "  bits_per_value: {All: 8}\n";
  if (persistent) {
    wl += "  persistent_tensors: W0";
    for (int i = 1; i < (residual ? 2 : einsums); ++i) wl += " | W" + std::to_string(i);
    wl += "\n";
  }
  wl += "  einsums:\n";
  const int chain = residual ? 2 : einsums;
  for (int i = 0; i < chain; ++i) {
    const auto s = std::to_string(i), t = std::to_string(i + 1);
    const auto in = bypass && i == 1 ? std::string("0") : s;
    wl += "  - name: E" + s + "\n    tensor_accesses:\n";
    wl += "    - {name: T" + in + ", projection: [m, n" + in + "]}\n";
    wl += "    - {name: W" + s + ", projection: [n" + in + ", n" + t + "]}\n";
    wl += "    - {name: T" + t + ", projection: [m, n" + t + "], output: True}\n";
  }
  if (residual)
    wl +=
        "  - name: E2\n    tensor_accesses:\n    - {name: T2, projection: [m, n2]}\n"
        "    - {name: T1, projection: [m, n1]}\n    - {name: T3, projection: [m, n2], output: True}\n";
  const std::string a = dir.filePath("arch.yaml").toStdString();
  const std::string w = dir.filePath("workload.yaml").toStdString();
  // Persistent weights may live on chip: then the main memory need not keep them.
  // A costly buffer trades energy for latency (wide fronts); a cheap one is worth filling,
  // so capacity decides the optimum.
  std::ofstream(a) << replace_all(
      replace_all(replace_all(kArch, "{GLB}", glb), "{MAIN_KEEP}",
                  persistent ? "~(Intermediates | Persistent)" : "~Intermediates"),
      "{GLB_ENERGY}", cheap_buffer ? "0.25" : "3");
  std::ofstream(w) << wl;
  return af::test::load_spec({a, w});
}

// ---- one Einsum: every pmapping --------------------------------------------------------

struct Backing {
  std::string memory;
  bool persistent = false;
  std::vector<std::string> ranks;  // per loop above it that iterates more than once
  std::vector<char> spatial;
  std::vector<std::int64_t> iterations;
  auto operator<=>(const Backing&) const = default;
  [[nodiscard]] int depth() const { return persistent ? -1 : static_cast<int>(ranks.size()); }
};

constexpr int kBelow = INT_MAX / 2;  // below every fused loop

struct Buffer {
  std::string memory, tensor;
  int depth = 0;  // fused loops above it that iterate more than once (kBelow: under all)
  double bits = 0;
  auto operator<=>(const Buffer&) const = default;
};

struct Pm {
  double energy = 0, latency = 0;
  std::vector<std::int64_t> fused;        // iteration counts of the fused loops iterating > 1
  std::map<std::string, Backing> shared;  // per fusable tensor
  std::vector<Buffer> buffers;
  auto operator<=>(const Pm&) const = default;
};

std::string rank_of(const spec::Einsum& e, const std::string& tensor, const std::string& rv) {
  for (const auto& entry : e.find_access(tensor)->projection)
    if (entry.expr.contains(rv)) return entry.rank;
  return {};
}

void divisor_chains(std::int64_t outer, std::size_t k, std::vector<std::int64_t>& cur,
                    std::vector<std::vector<std::int64_t>>& out) {
  if (cur.size() + 1 == k) {
    cur.push_back(1);
    out.push_back(cur);
    cur.pop_back();
    return;
  }
  for (std::int64_t d = 1; d <= outer; ++d)
    if (outer % d == 0) {
      cur.push_back(d);
      divisor_chains(d, k, cur, out);
      cur.pop_back();
    }
}

std::vector<Pm> all_pmappings(const spec::Spec& s, const spec::Einsum& einsum, const mapper::MapperOptions& o,
                              std::size_t& evaluated) {
  std::set<Pm> out;
  spec::ResolvedSpec resolved;
  resolved.workload = s.workload.workload;
  resolved.arch_by_einsum[einsum.name] = s.arch_by_einsum.at(einsum.name).arch;
  std::vector<std::string> memories;
  for (const auto& c : resolved.arch_by_einsum[einsum.name].components)
    if (c.kind == spec::ComponentKind::Memory) memories.push_back(c.name);
  for (const auto& problem : mapper::make_problems(s, einsum))
    for (const auto& t : mapper::all_templates(problem, o)) {
      std::vector<const mapper::TemplateNode*> loops;
      for (const auto& n : t.nodes)
        if (n.kind != mapper::TemplateNodeKind::Storage) loops.push_back(&n);
      // Fused loops: above the last backing node of a tensor another Einsum uses.
      std::size_t n_fused = 0, seen_loops = 0;
      for (const auto& n : t.nodes) {
        if (n.kind != mapper::TemplateNodeKind::Storage)
          ++seen_loops;
        else if (n.backing && problem.fusable.contains(n.tensor))
          n_fused = seen_loops;
      }
      std::map<std::string, std::vector<std::size_t>> of_rv;
      for (std::size_t i = 0; i < loops.size(); ++i) of_rv[loops[i]->rank_variable].push_back(i);
      std::vector<std::vector<std::vector<std::int64_t>>> choices;
      std::vector<std::vector<std::size_t>> positions;
      for (const auto& [rv, pos] : of_rv) {
        std::vector<std::int64_t> cur;
        choices.emplace_back();
        divisor_chains(problem.bounds.at(rv), pos.size(), cur, choices.back());
        positions.push_back(pos);
      }
      model::CompiledPmapping compiled(resolved,
                                       mapper::to_mapping(t, std::vector<std::int64_t>(loops.size(), 1)));
      std::map<int, std::string> memory_at;
      for (const auto& m : memories)
        if (const int c = compiled.component_index(m); c >= 0) memory_at[c] = m;
      std::vector<std::size_t> pick(choices.size(), 0);
      std::vector<std::int64_t> tiles(loops.size(), 1);
      while (true) {
        for (std::size_t r = 0; r < choices.size(); ++r)
          for (std::size_t j = 0; j < positions[r].size(); ++j)
            tiles[positions[r][j]] = choices[r][pick[r]][j];
        // Iteration counts, and the fused-loop limits (loops whose tile is pinned to 1, the
        // innermost of their rank variable, never count).
        std::vector<std::int64_t> its(loops.size());
        std::map<std::string, std::int64_t> per_rv;
        std::int64_t counted = 0;
        for (std::size_t i = 0; i < loops.size(); ++i) {
          const auto& pos = of_rv[loops[i]->rank_variable];
          const auto at = std::find(pos.begin(), pos.end(), i) - pos.begin();
          const std::int64_t outer =
              at == 0 ? problem.bounds.at(loops[i]->rank_variable) : tiles[pos[at - 1]];
          its[i] = outer / tiles[i];
          if (i < n_fused && pos.back() != i && its[i] != 1) {
            ++counted;
            ++per_rv[loops[i]->rank_variable];
          }
        }
        bool ok = counted <= o.max_fused_loops;
        for (const auto& [rv, c] : per_rv) ok = ok && c <= o.max_fused_loops_per_rank_variable;
        if (ok) {
          ++evaluated;
          const auto& ev = compiled.evaluate(tiles);
          if (ev.failure == model::QuickEvaluation::Failure::None) {
            Pm pm;
            pm.energy = ev.dynamic_energy + ev.leak_energy;
            pm.latency = ev.latency;
            std::vector<int> nonnull_above(loops.size() + 1, 0);  // among the fused loops
            for (std::size_t i = 0; i < loops.size(); ++i)
              nonnull_above[i + 1] = nonnull_above[i] + (i < n_fused && its[i] != 1 ? 1 : 0);
            for (std::size_t i = 0; i < n_fused; ++i)
              if (its[i] != 1) pm.fused.push_back(its[i]);
            std::size_t above = 0;
            for (const auto& n : t.nodes) {
              if (n.kind != mapper::TemplateNodeKind::Storage) {
                ++above;
                continue;
              }
              if (!n.backing || !problem.fusable.contains(n.tensor)) continue;
              Backing b;
              b.memory = n.component;
              b.persistent = n.persistent;
              if (!n.persistent)
                for (std::size_t i = 0; i < above; ++i)
                  if (its[i] != 1) {
                    b.ranks.push_back(rank_of(einsum, n.tensor, loops[i]->rank_variable));
                    b.spatial.push_back(loops[i]->kind == mapper::TemplateNodeKind::Spatial ? 1 : 0);
                    b.iterations.push_back(its[i]);
                  }
              pm.shared[n.tensor] = b;
            }
            for (const auto& buf : compiled.buffers()) {
              const auto tensor = einsum.accesses[static_cast<std::size_t>(buf.tensor)].tensor;
              int depth = buf.depth;
              if (depth >= 0)
                depth = static_cast<std::size_t>(depth) > n_fused
                            ? kBelow
                            : nonnull_above[static_cast<std::size_t>(depth)];
              pm.buffers.push_back({memory_at.at(buf.component), tensor, depth, buf.bits});
            }
            std::sort(pm.buffers.begin(), pm.buffers.end());
            out.insert(std::move(pm));
          }
        }
        std::size_t r = 0;
        for (; r < choices.size(); ++r) {
          if (++pick[r] < choices[r].size()) break;
          pick[r] = 0;
        }
        if (r == choices.size()) break;
      }
    }
  return {out.begin(), out.end()};
}

// ---- the cross product ------------------------------------------------------------------

struct Chain {
  std::vector<std::set<std::string>> tensors;  // per Einsum
  std::set<std::string> fusable;
  std::map<std::string, double> sizes;  // finite memories, bits
  std::vector<std::vector<Pm>> pms;
  std::vector<std::pair<double, double>> points;
  std::size_t combinations = 0, compatible = 0;
};

bool used_in(const Chain& c, const std::string& t, std::size_t from, std::size_t to) {
  for (std::size_t e = from; e < to && e < c.tensors.size(); ++e)
    if (c.tensors[e].contains(t)) return true;
  return false;
}

// Memory peaks of one joined mapping by lifetimes; true if every finite memory holds them.
bool fits(const Chain& c, const std::vector<const Pm*>& pick,
          const std::vector<std::size_t>& shared_with_previous) {
  const std::size_t n = pick.size();
  const auto s = [&](std::size_t e, std::size_t f) {  // loops Einsums e and f share
    if (e > f) std::swap(e, f);
    std::size_t k = SIZE_MAX;
    for (std::size_t b = e + 1; b <= f; ++b) k = std::min(k, shared_with_previous[b]);
    return k;
  };
  const auto alive_in_prefix = [&](int depth, std::size_t e, std::size_t f) {
    return depth == -1 || (depth != kBelow && static_cast<std::size_t>(depth) < s(e, f));
  };
  for (const auto& [memory, size] : c.sizes)
    for (std::size_t e = 0; e < n; ++e) {
      double used = 0;
      std::set<std::string> counted;  // shared tensors: one buffer for all their users
      for (std::size_t f = 0; f < n; ++f)
        for (const auto& b : pick[f]->buffers) {
          if (b.memory != memory) continue;
          const auto sh = pick[f]->shared.find(b.tensor);
          if (c.fusable.contains(b.tensor) && sh != pick[f]->shared.end() && sh->second.memory == memory) {
            if (counted.contains(b.tensor)) continue;
            std::size_t first = n, last = 0;
            for (std::size_t u = 0; u < n; ++u)
              if (c.tensors[u].contains(b.tensor)) first = std::min(first, u), last = std::max(last, u);
            bool alive = e >= first && e <= last;
            for (std::size_t u = first; u <= last && !alive; ++u)
              alive = c.tensors[u].contains(b.tensor) && alive_in_prefix(b.depth, e, u);
            if (!alive) continue;
            counted.insert(b.tensor);
            used += b.bits;
            continue;
          }
          if (f == e || alive_in_prefix(b.depth, e, f)) used += b.bits;
        }
      if (used > size) return false;
    }
  return true;
}

void extend(Chain& c, std::vector<const Pm*>& pick, std::vector<std::size_t>& shared,
            std::vector<std::int64_t>& path) {
  const std::size_t j = pick.size();
  if (j == c.pms.size()) {
    ++c.compatible;
    if (!fits(c, pick, shared)) return;
    double e = 0, l = 0;
    for (const auto* p : pick) e += p->energy, l += p->latency;
    c.points.emplace_back(e, l);
    return;
  }
  // Tensors the tree shares with Einsum j: used before and from j on.
  std::size_t kl = 0, left_freed = 0;
  for (const auto& t : c.fusable) {
    if (!used_in(c, t, 0, j) || !used_in(c, t, j, c.pms.size())) continue;
    int d = -1;
    for (std::size_t u = 0; u < j; ++u)
      if (c.tensors[u].contains(t)) d = pick[u]->shared.at(t).depth();
    kl = std::max<std::size_t>(kl, d > 0 ? static_cast<std::size_t>(d) : 0);
    if (used_in(c, t, j + 1, c.pms.size())) left_freed = std::max<std::size_t>(left_freed, d > 0 ? d : 0);
  }
  for (const Pm& pm : c.pms[j]) {
    ++c.combinations;
    bool ok = true;
    for (const auto& [t, b] : pm.shared)  // held alike by every earlier user
      for (std::size_t u = 0; u < j && ok; ++u)
        if (c.tensors[u].contains(t)) ok = pick[u]->shared.at(t) == b;
    if (!ok) continue;
    std::size_t right_freed = 0;
    for (const auto& [t, b] : pm.shared)
      if (used_in(c, t, j + 1, c.pms.size()) && b.depth() > 0)
        right_freed = std::max<std::size_t>(right_freed, b.depth());
    if (left_freed > right_freed || pm.fused.size() < kl) continue;
    if (!std::equal(path.begin(), path.begin() + static_cast<std::ptrdiff_t>(kl), pm.fused.begin())) continue;
    // The tree's path after j: the shared loops, then j's own down to its deepest tensor
    // still alive afterwards.
    std::size_t kj = 0;
    for (const auto& t : c.fusable) {
      if (!used_in(c, t, 0, j + 1) || !used_in(c, t, j + 1, c.pms.size())) continue;
      int d = -1;
      for (std::size_t u = 0; u <= j; ++u)
        if (c.tensors[u].contains(t)) d = u == j ? pm.shared.at(t).depth() : pick[u]->shared.at(t).depth();
      kj = std::max<std::size_t>(kj, d > 0 ? static_cast<std::size_t>(d) : 0);
    }
    std::vector<std::int64_t> next(path.begin(), path.begin() + static_cast<std::ptrdiff_t>(kl));
    for (std::size_t i = kl; i < kj; ++i) next.push_back(pm.fused[i]);
    pick.push_back(&pm);
    shared.push_back(kl);
    extend(c, pick, shared, next);
    pick.pop_back();
    shared.pop_back();
  }
}

std::set<test::Vec> oracle_front(const spec::Spec& s, const mapper::MapperOptions& o, Chain& c) {
  std::size_t evaluated = 0;
  const auto& w = s.workload.workload;
  const auto fusable = w.fusable_tensors();
  c.fusable = {fusable.begin(), fusable.end()};
  for (const auto& e : w.einsums) {
    c.tensors.push_back({});
    for (const auto& a : e.accesses) c.tensors.back().insert(a.tensor);
    c.pms.push_back(all_pmappings(s, e, o, evaluated));
  }
  for (const auto& comp : s.arch_by_einsum.begin()->second.arch.components)
    if (comp.kind == spec::ComponentKind::Memory && std::isfinite(comp.size)) c.sizes[comp.name] = comp.size;
  std::vector<const Pm*> pick;
  std::vector<std::size_t> shared{0};
  std::vector<std::int64_t> path;
  // The first Einsum: everything is its own.
  for (const Pm& pm : c.pms[0]) {
    ++c.combinations;
    std::size_t k = 0;
    for (const auto& [t, b] : pm.shared)
      if (b.depth() > 0) k = std::max<std::size_t>(k, b.depth());
    std::vector<std::int64_t> p(pm.fused.begin(),
                                pm.fused.begin() + static_cast<std::ptrdiff_t>(std::min(k, pm.fused.size())));
    pick = {&pm};
    extend(c, pick, shared, p);
  }
  auto front = test::front_of(c.points);
  qInfo("%zu pmappings evaluated, %zu combinations tried, %zu compatible, %zu valid, front of %zu", evaluated,
        c.combinations, c.compatible, c.points.size(), front.size());
  return front;
}

}  // namespace

class TestFusionOracle : public QObject {
  Q_OBJECT

 private slots:
  void chains_data() {
    QTest::addColumn<int>("einsums");
    QTest::addColumn<int>("glb");
    QTest::addColumn<int>("M");
    QTest::addColumn<int>("KN");
    QTest::addColumn<bool>("persistent");
    QTest::addColumn<int>("max_fused");  // -1: unlimited
    QTest::addColumn<int>("shape");      // 0 chain, 1 residual, 2 residual with T1 bypassing E1
    QTest::addColumn<bool>("cheap");     // a cheap buffer: capacity decides the optimum
    struct Case {
      const char* name;
      int einsums, M, KN;
      bool persistent;
      int max_fused, shape;
      bool cheap;
    };
    const Case cases[] = {
        {"2 Einsums", 2, 4, 2, false, 1, 0, false},
        {"2 Einsums, wider", 2, 2, 4, false, 1, 0, false},
        {"2 Einsums, fused loops unlimited", 2, 4, 2, false, -1, 0, false},
        {"2 Einsums, persistent weights", 2, 4, 2, true, 1, 0, false},
        {"2 Einsums, cheap buffer", 2, 4, 2, false, -1, 0, true},
        {"3 Einsums", 3, 2, 2, false, 1, 0, false},
        {"3 Einsums, taller", 3, 4, 2, false, 1, 0, false},
        {"3 Einsums, persistent weights", 3, 2, 2, true, -1, 0, false},
        {"3 Einsums, cheap buffer", 3, 4, 2, true, 1, 0, true},
        {"residual", 3, 2, 2, false, 1, 1, false},
        {"residual, taller", 3, 4, 2, false, -1, 1, false},
        {"residual, persistent weights", 3, 4, 2, true, 1, 1, false},
        {"residual, cheap buffer", 3, 4, 2, false, -1, 1, true},
        {"residual, cheap buffer, persistent weights", 3, 2, 4, true, 1, 1, true},
        {"bypass", 3, 4, 2, false, -1, 2, false},
        {"bypass, cheap buffer", 3, 4, 2, false, -1, 2, true},
        {"bypass, cheap buffer, persistent weights", 3, 2, 4, true, 1, 2, true},
    };
    // Buffer sizes from roomy to where little fits: capacity decides more and more joins.
    for (const int glb : {4096, 256, 192, 128, 112, 96, 88, 64})
      for (const auto& c : cases)
        QTest::newRow(qPrintable(QString("%1, %2-bit buffer").arg(c.name).arg(glb)))
            << c.einsums << glb << c.M << c.KN << c.persistent << c.max_fused << c.shape << c.cheap;
  }
  void chains() {
    QFETCH(int, einsums);
    QFETCH(int, glb);
    QFETCH(int, M);
    QFETCH(int, KN);
    QFETCH(bool, persistent);
    QFETCH(int, max_fused);
    QFETCH(int, shape);
    QFETCH(bool, cheap);
    QTemporaryDir dir;
    std::optional<spec::Spec> loaded;
    try {
      loaded = load(dir, std::to_string(glb), einsums, M, KN, persistent, shape > 0, cheap, shape == 2);
    } catch (const core::SpecError& e) {
      QFAIL(e.what());
    }
    const spec::Spec& s = *loaded;
    mapper::MapperOptions o;
    o.metrics = mapper::kEnergy | mapper::kLatency;
    o.max_fused_loops = max_fused < 0 ? mapper::kUnlimited : max_fused;
    Chain c;
    const auto expected = oracle_front(s, o, c);
    QVERIFY(!expected.empty());
    const auto r = mapper::map_workload(s, o);
    QVERIFY2(r.found, r.failure.c_str());
    const auto got = test::front_of(r);
    if (got != expected)
      qWarning("mapper %s\noracle %s", test::show(got).c_str(), test::show(expected).c_str());
    QCOMPARE(got, expected);
    // The chosen mapping, as one loop tree, evaluates to the mapper's figures.
    QVERIFY(r.evaluation.has_value());
    QCOMPARE(static_cast<float>(r.evaluation->total_energy), static_cast<float>(r.front.front().energy()));
    QCOMPARE(static_cast<float>(r.evaluation->total_latency), static_cast<float>(r.front.front().latency));
  }
};

QTEST_GUILESS_MAIN(TestFusionOracle)
#include "test_fusion_oracle.moc"
