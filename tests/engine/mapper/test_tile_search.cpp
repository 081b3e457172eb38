// Tile-shape search: the compiled pmapping gives model::evaluate's figures exactly, and the
// pruned search keeps the exhaustive search's front (same rows, same order) while still
// accounting for every pmapping of the template.
//
// Small arches and the matmul chain are the project's own (tests/data/specs: buffered_mac,
// mac_row, mac_row_m_only); the rows on AccelForge's eyeriss, tpu_v4i, simba and snowcat
// (with its component-cost table) run when the reference corpus is there and skip otherwise.
#include <QTemporaryDir>
#include <QtTest>
#include <cmath>
#include <fstream>
#include <functional>
#include <limits>
#include <random>

#include "candidate_chains.h"
#include "front_oracle.h"
#include "mapper/mapper.h"
#include "mapper/search/problem.h"
#include "mapper/search/templates.h"
#include "mapper/search/tile_candidates.h"
#include "mapper/search/tile_shapes.h"
#include "model/compiled_pmapping.h"
#include "model/evaluate.h"
#include "support/load_spec.h"
#include "support/shared_corpus.h"
#include "tile_search_case.h"

using namespace af;

namespace {

using test::kWorkload;
using test::load;
using test::Loaded;
using test::set_tiling;

void cases() {
  QTest::addColumn<QString>("arch");
  QTest::addColumn<QString>("workload");
  QTest::addColumn<QStringList>("sets");
  QTest::addColumn<QString>("tiling");
  const QStringList mm = {"KN=32", "M=16", "N_EINSUMS=1"};
  QTest::newRow("buffered_mac") << "buffered_mac"
                                << "matmuls" << mm << "";
  QTest::newRow("eyeriss (fanout, capacity)") << "eyeriss"
                                              << "matmuls" << mm << "";
  QTest::newRow("tpu_v4i (min_usage)") << "tpu_v4i"
                                       << "matmuls" << mm << "";
  QTest::newRow("simba") << "simba"
                         << "matmuls" << mm << "";
  QTest::newRow("snowcat") << "snowcat"
                           << "matvecs" << QStringList{} << "";
  // Sizes with few factors, where imperfect tiles matter.
  const QStringList odd = {"KN=10", "M=7", "N_EINSUMS=1"};
  QTest::newRow("buffered_mac, imperfect") << "buffered_mac"
                                           << "matmuls" << odd << "imperfect";
  QTest::newRow("eyeriss, imperfect") << "eyeriss"
                                      << "matmuls" << odd << "imperfect";
  QTest::newRow("tpu_v4i, imperfect")
      << "tpu_v4i"
      << "matmuls" << QStringList{"KN=12", "M=10", "N_EINSUMS=1"} << "imperfect";
  QTest::newRow("simba, coarse") << "simba"
                                 << "matmuls" << odd << "coarse";
  QTest::newRow("eyeriss, imperfect spatial") << "eyeriss"
                                              << "matmuls" << odd << "spatial";
  QTest::newRow("simba, imperfect temporal") << "simba"
                                             << "matmuls" << odd << "temporal";
  // A GlobalBuffer too small for most tiles, on the project's own arch: with imperfect tiles
  // chosen inner to outer, the pending-capacity check must size the tiles not yet chosen at
  // their least (the outermost known tile below), or the pruned search loses front rows.
  const QStringList small_buffer = {"KN=10", "M=7", "N_EINSUMS=1", "GlobalBufferSize=160"};
  QTest::newRow("buffered_mac, small buffer, imperfect") << "buffered_mac"
                                                         << "matmuls" << small_buffer << "imperfect";
  QTest::newRow("buffered_mac, small buffer, imperfect temporal")
      << "buffered_mac"
      << "matmuls" << QStringList{"KN=13", "M=11", "N_EINSUMS=1", "GlobalBufferSize=96"} << "temporal";
  // A PE array whose two dimensions must be filled (min_usage), on the project's own arch:
  // the dive for a reachable usage before the search must not change the front.
  QTest::newRow("pe_array (min_usage)") << "pe_array"
                                        << "matmuls" << mm << "";
  QTest::newRow("pe_array, imperfect") << "pe_array"
                                       << "matmuls" << odd << "imperfect";
  // A sliding window (I[c, p + r, q + s]): p, q, r and s are pruned by their extent points,
  // the window's fills falling and its occupancy growing with each of their tiles. With a
  // stride (2p + r) p and q are searched outright and only r and s pruned.
  const QStringList conv = {"P=5", "R=3"};
  QTest::newRow("buffered_mac, conv") << "buffered_mac"
                                      << "conv_chain" << conv << "";
  QTest::newRow("buffered_mac, conv, small buffer")
      << "buffered_mac"
      << "conv_chain" << QStringList{"P=5", "R=3", "GlobalBufferSize=400"} << "";
  const QStringList narrow_conv = {"P=5", "R=3", "C=2", "M=4"};  // pe_array's exhaustive search is long
  QTest::newRow("pe_array, conv") << "pe_array"
                                  << "conv_chain" << narrow_conv << "";
  QTest::newRow("pe_array, strided conv")
      << "pe_array"
      << "conv_chain" << QStringList{"P=5", "R=3", "C=2", "M=4", "STRIDE=2"} << "";
  // A strided 1 x 1 convolution (a residual shortcut's): the window's extent 2t - 1 per tile
  // t of p grows faster than t, so a larger tile of p fetches more, not less.
  QTest::newRow("buffered_mac, strided 1x1 conv")
      << "buffered_mac"
      << "conv_chain" << QStringList{"P=6", "R=1", "STRIDE=2"} << "";
  // A copy (a scatter to experts): no capacity checks before the leaves (its buffers merge),
  // but its spatial splits are checked against the fanouts as they are chosen.
  QTest::newRow("pe_array, scatter copy") << "pe_array"
                                          << "scatter_chain" << QStringList{} << "";
  QTest::newRow("pe_array, scatter copy, more tokens")
      << "pe_array"
      << "scatter_chain" << QStringList{"M=12", "G=4", "X=6", "XT=2"} << "";
  QTest::newRow("pe_array, conv, imperfect")
      << "pe_array"
      << "conv_chain" << QStringList{"P=5", "R=2", "C=2", "M=4"} << "imperfect";
}

// A random candidate chain per rank variable (divisor chains when tiling is off), outer
// loop first, innermost tile 1.
std::vector<std::int64_t> random_tiles(const mapper::PmappingTemplate& t, const mapper::EinsumProblem& p,
                                       const mapper::MapperOptions& o, std::mt19937& rng) {
  const auto per_rv = test::rank_variable_loops(t, p, o);
  std::size_t n = 0;
  for (const auto& [rv, r] : per_rv) n += r.loops.size();
  std::vector<std::int64_t> tiles(n, 1);
  for (const auto& [rv, r] : per_rv) {
    const auto& chain = r.chains[std::uniform_int_distribution<std::size_t>(0, r.chains.size() - 1)(rng)];
    for (std::size_t j = 0; j < r.loops.size(); ++j) tiles[r.loops[j]] = chain[j];
  }
  return tiles;
}

void check_accounting(const mapper::TemplateResult& r) {
  double removed = 0;
  for (const auto& [cause, n] : r.stats.removed)
    if (cause != "pareto") removed += static_cast<double>(n);
  // Chains another chain dominates are never searched; they count as dominated (pareto).
  const auto dominated = r.stats.pmappings_dominated;
  QCOMPARE(static_cast<double>(r.stats.pmappings_valid + dominated) + removed, r.stats.pmappings_total);
  QCOMPARE(r.stats.removed.at("pareto") + r.front.size(), r.stats.pmappings_valid + dominated);
  // The funnel's rates lie in [0, 1] and multiply to Pareto-optimal / total.
  double product = 1;
  for (const auto& stage : r.stats.funnel()) {
    QVERIFY2(stage.kept_rate >= 0 && stage.kept_rate <= 1, stage.cause.c_str());
    product *= stage.kept_rate;
  }
  QVERIFY(std::abs(product - static_cast<double>(r.front.size()) / r.stats.pmappings_total) <= 1e-9);
}

// An 8x8x8 matmul (one Einsum) on MainMemory -> GlobalBuffer [-> `between`] -> MAC, the
// arch written to `dir`. `main` and `glb` are extra field lines of the two memories
// (`glb` must give the size).
spec::Spec matmul_on(const QTemporaryDir& dir, const std::string& main, const std::string& glb,
                     const std::string& between = "",
                     const std::vector<std::string>& sizes = {"M=8", "KN=8", "N_EINSUMS=1"}) {
  const std::string arch = dir.filePath("arch.yaml").toStdString();
  std::ofstream(arch) << "arch:\n  nodes:\n"
                      << "  - !Memory\n    name: MainMemory\n    size: inf\n    leak_power: 0\n    area: 0\n"
                      << main
                      << "    actions:\n    - {name: read, energy: 4, throughput: inf}\n"
                         "    - {name: write, energy: 4, throughput: inf}\n"
                      << "  - !Memory\n    name: GlobalBuffer\n    leak_power: 0\n    area: 0\n"
                      << glb
                      << "    actions:\n    - {name: read, energy: 1, throughput: inf}\n"
                         "    - {name: write, energy: 1, throughput: inf}\n"
                      << between
                      << "  - !Compute\n    name: MAC\n    leak_power: 0\n    area: 0\n"
                         "    actions:\n    - {name: compute, energy: 1, throughput: 1}\n";
  return af::test::load_spec({arch, kWorkload}, sizes);
}

const std::string kKeepNonIntermediates = "    tensors: {keep: ~Intermediates, may_keep: All}\n";

const QStringList kSmallOdd = {"M=5", "KN=7", "N_EINSUMS=1"};

// A 5x7x7 matmul on a 256-bit GlobalBuffer over 4 MACs, loaded like load().
Loaded load_finite(const QTemporaryDir& dir, const QString& tiling) {
  std::vector<std::string> sizes;
  for (const auto& s : kSmallOdd) sizes.push_back(s.toStdString());
  Loaded l;
  l.spec =
      matmul_on(dir, kKeepNonIntermediates, "    size: 256\n",
                "  - !Container\n    name: MACArray\n    spatial:\n    - name: X\n      fanout: 4\n", sizes);
  const auto& einsum = l.spec.workload.workload.einsums.front();
  l.resolved.workload = l.spec.workload.workload;
  l.resolved.arch_by_einsum[einsum.name] = l.spec.arch_by_einsum.at(einsum.name).arch;
  l.problems = mapper::make_problems(l.spec, einsum);
  l.options = mapper::options_from_spec(l.spec);
  set_tiling(l.options, tiling);
  return l;
}

// Pruned and exhaustive searches of one template: same front, full accounting each.
// Returns the pmappings each evaluated.
std::pair<double, double> compare_searches(const mapper::PmappingTemplate& t, const mapper::EinsumProblem& p,
                                           const spec::ResolvedSpec& rs, const mapper::MapperOptions& o) {
  const auto a = mapper::explore_tile_shapes(t, p, rs, o, {}, false);
  const auto b = mapper::explore_tile_shapes(t, p, rs, o, {}, true);
  [&] {
    // The exhaustive search evaluates every pmapping that no loop bound rules out.
    double bound_removed = 0;
    for (const auto& [cause, n] : a.stats.removed)
      if (cause.starts_with("loop_bounds")) bound_removed += static_cast<double>(n);
    QCOMPARE(static_cast<double>(a.stats.pmappings_evaluated) + bound_removed, a.stats.pmappings_total);
    QVERIFY(b.stats.pmappings_evaluated <= a.stats.pmappings_evaluated);
    check_accounting(a);
    check_accounting(b);
    // A copy's search has no dominance and no bounds: only the checks of its fanouts prune,
    // and they must keep every valid pmapping (its front alone rarely shows a lost one: a
    // copy seldom gains from the array).
    if (p.einsum->is_copy_operation) QCOMPARE(b.stats.pmappings_valid, a.stats.pmappings_valid);
    // The same objective vectors. Of pmappings with exactly equal objectives the two may
    // keep different ones: the pruned search never visits a chain another chain of its
    // rank variable dominates, even where that only ties (tile_shapes.cpp).
    QCOMPARE(b.front.size(), a.front.size());
    const auto values = [&](const mapper::TemplateResult& r) {
      std::vector<std::vector<double>> v;
      for (const auto& row : r.front) v.push_back(mapper::tile_stage_objectives(row, o.metrics));
      std::sort(v.begin(), v.end());
      return v;
    };
    QVERIFY(values(b) == values(a));
  }();
  return {static_cast<double>(a.stats.pmappings_evaluated), static_cast<double>(b.stats.pmappings_evaluated)};
}

}  // namespace

class TestTileSearch : public QObject {
  Q_OBJECT

 private slots:
  void compiled_matches_model_data() { cases(); }
  void compiled_matches_model() {
    QFETCH(QString, arch);
    QFETCH(QString, workload);
    QFETCH(QStringList, sets);
    QFETCH(QString, tiling);
    REQUIRE_ARCH(arch);
    const Loaded l = load(arch, workload, sets, tiling);
    std::mt19937 rng(11);
    int valid = 0, invalid = 0, occupancy_checked = 0;
    for (const auto& p : l.problems) {
      const auto templates = mapper::all_templates(p, l.options);
      for (std::size_t ti = 0; ti < templates.size(); ti += 3) {
        const auto& t = templates[ti];
        model::CompiledPmapping compiled(l.resolved, mapper::to_mapping(t, std::vector<std::int64_t>(64, 1)));
        for (int k = 0; k < 40; ++k) {
          const auto tiles = random_tiles(t, p, l.options, rng);
          // The occupancy-only evaluation (the bounds' least reservations) gives the
          // unchecked evaluation's failure and buffers, bit for bit.
          const auto unchecked = compiled.evaluate_unchecked(tiles).failure;
          const auto full_buffers = compiled.buffers();
          QCOMPARE(compiled.evaluate_occupancy(tiles).failure, unchecked);
          const auto& occupancy_buffers = compiled.buffers();
          QCOMPARE(occupancy_buffers.size(), full_buffers.size());
          for (std::size_t b = 0; b < full_buffers.size(); ++b) {
            QCOMPARE(occupancy_buffers[b].tensor, full_buffers[b].tensor);
            QCOMPARE(occupancy_buffers[b].component, full_buffers[b].component);
            QCOMPARE(occupancy_buffers[b].depth, full_buffers[b].depth);
            QVERIFY(occupancy_buffers[b].bits == full_buffers[b].bits);
          }
          ++occupancy_checked;
          const model::QuickEvaluation quick = compiled.evaluate(tiles);
          try {
            const auto ev = model::evaluate(l.resolved, mapper::to_mapping(t, tiles));
            QVERIFY2(quick.failure == model::QuickEvaluation::Failure::None,
                     qPrintable(QString::fromStdString(t.describe())));
            QCOMPARE(quick.latency, ev.total_latency);  // exact: the same arithmetic
            QVERIFY(quick.dynamic_energy == ev.dynamic_energy);
            QVERIFY(quick.leak_energy == ev.leak_energy_total);
            ++valid;
          } catch (const model::InvalidMapping& e) {
            QVERIFY2(quick.failure != model::QuickEvaluation::Failure::None, e.what());
            ++invalid;
          }
        }
      }
    }
    QVERIFY(valid > 0);
    QVERIFY(occupancy_checked > 0);
    qInfo("%d valid and %d invalid random pmappings agree", valid, invalid);
  }

  void pruning_keeps_front_data() { cases(); }
  void pruning_keeps_front() {
    QFETCH(QString, arch);
    QFETCH(QString, workload);
    QFETCH(QStringList, sets);
    QFETCH(QString, tiling);
    REQUIRE_ARCH(arch);
    const Loaded l = load(arch, workload, sets, tiling);
    double exhaustive = 0, pruned = 0;
    for (const auto& p : l.problems) {
      for (const auto& t : mapper::all_templates(p, l.options)) {
        const auto [a, b] = compare_searches(t, p, l.resolved, l.options);
        if (QTest::currentTestFailed()) return;
        exhaustive += a;
        pruned += b;
      }
    }
    qInfo("evaluated %.0f of %.0f pmappings with pruning", pruned, exhaustive);
  }

  // A rank variable read through a sliding window of an input (p and r in I[c, p + r, ...])
  // has extent points, the window's holders marked, in every template; with a stride on it
  // (I[c, 2p + r, ...]) it has none, since the window's fills per tile of p, (2t - 1 + r) / t,
  // grow with t when r is 1, while r keeps its points. (Rank variables are told apart by
  // their bounds: p and q 5, r and s 3, c 4, m and n 8.)
  void sliding_window_rank_variables_have_extent_points_data() {
    QTest::addColumn<int>("stride");
    QTest::newRow("stride 1") << 1;
    QTest::newRow("stride 2") << 2;
  }
  void sliding_window_rank_variables_have_extent_points() {
    QFETCH(int, stride);
    const Loaded l =
        load("buffered_mac", "conv_chain", {"P=5", "R=3", QStringLiteral("STRIDE=%1").arg(stride)});
    std::size_t checked = 0, windows = 0;
    for (const auto& p : l.problems)
      for (const auto& t : mapper::all_templates(p, l.options)) {
        const model::CompiledPmapping compiled(l.resolved,
                                               mapper::to_mapping(t, std::vector<std::int64_t>(64, 1)));
        for (std::size_t rv = 0; rv < compiled.rank_variable_count(); ++rv) {
          const auto bound = compiled.rank_variable_bound(static_cast<int>(rv));
          if (bound != 5 && bound != 3) continue;
          const auto points = compiled.extent_points(static_cast<int>(rv));
          if (bound == 5 && stride == 2) {
            QVERIFY(!points.has_value());
            continue;
          }
          QVERIFY2(points.has_value(), qPrintable(QString::fromStdString(t.describe())));
          for (const auto& pt : *points) {
            QVERIFY(!pt.window || pt.relevant);
            windows += pt.window && !pt.reservation ? 1 : 0;
          }
          ++checked;
        }
      }
    QVERIFY(checked > 0);
    QVERIFY(windows > 0);
  }

  // min_usage keeps only the rows of the best usage found, so a search that meets it late
  // evaluates valid pmappings only to drop them. With imperfect tiles an array's loops are
  // chosen inner to outer, largest tile first, which gives the least usage first (the pruned
  // search evaluated 2,262 pmappings here for 283 valid); a dive for a reachable usage sets
  // the bar before. No pmapping of this case fails a check at the leaf, so each evaluated one
  // is valid. (Its front is compare_searches', in pruning_keeps_front.)
  void min_usage_is_met_before_rows_are_kept() {
    const Loaded l = load("pe_array", "matmuls", {"KN=10", "M=7", "N_EINSUMS=1"}, "imperfect");
    std::uint64_t evaluated = 0, valid = 0;
    for (const auto& p : l.problems)
      for (const auto& t : mapper::all_templates(p, l.options)) {
        const auto r = mapper::explore_tile_shapes(t, p, l.resolved, l.options, {}, true);
        evaluated += r.stats.pmappings_evaluated;
        valid += r.stats.pmappings_valid;
      }
    QVERIFY(valid > 0);
    QCOMPARE(evaluated, valid);
  }

  // check_pending_capacity says a memory overflows for every completion of a prefix. The
  // completion it must be right about is the least one: what each rank variable has left
  // all in its outermost loop without a split, so that every tile is as small as it can be.
  // That completion overflows too, at the size the check reports.
  // Matmuls large enough that memories overflow.
  void pending_capacity_holds_for_the_least_completion_data() {
    QTest::addColumn<QString>("arch");
    QTest::addColumn<QStringList>("sets");
    QTest::newRow("eyeriss") << "eyeriss" << QStringList{"KN=512", "M=512", "N_EINSUMS=1"};
    QTest::newRow("tpu_v4i") << "tpu_v4i" << QStringList{"KN=12288", "M=2048", "N_EINSUMS=1"};
    QTest::newRow("simba") << "simba" << QStringList{"KN=1024", "M=1024", "N_EINSUMS=1"};
  }
  void pending_capacity_holds_for_the_least_completion() {
    QFETCH(QString, arch);
    QFETCH(QStringList, sets);
    REQUIRE_ARCH(arch);
    const Loaded l = load(arch, "matmuls", sets, "");
    std::mt19937 rng(5);
    int failed = 0, prefixes = 0;
    for (const auto& p : l.problems)
      for (const auto& t : mapper::all_templates(p, l.options)) {
        model::CompiledPmapping compiled(l.resolved, mapper::to_mapping(t, {}));
        const std::size_t n = compiled.loop_count();
        for (int k = 0; k < 10; ++k) {
          const auto tiles = random_tiles(t, p, l.options, rng);
          for (std::size_t depth = 0; depth <= n; ++depth) {
            // The least completion of the first `depth` loops' splits, outer loop first.
            std::vector<std::int64_t> least(n, 1);
            std::vector<double> splits(n, 1);
            for (std::size_t rv = 0; rv < compiled.rank_variable_count(); ++rv) {
              std::vector<std::size_t> loops;
              for (std::size_t i = 0; i < n; ++i)
                if (compiled.loop_rank_variable(i) == static_cast<int>(rv)) loops.push_back(i);
              const std::int64_t bound = compiled.rank_variable_bound(static_cast<int>(rv));
              std::int64_t left = bound, outer = bound;
              std::vector<std::int64_t> split(loops.size(), 1);
              for (std::size_t j = 0; j < loops.size(); ++j) {
                if (compiled.split_known_at(loops[j]) <= depth) split[j] = outer / tiles[loops[j]];
                outer = tiles[loops[j]];
                left /= split[j];
              }
              for (std::size_t j = 0; j < loops.size(); ++j)
                if (compiled.split_known_at(loops[j]) > depth) {
                  split[j] = left;  // the outermost open loop takes the rest
                  break;
                }
              std::int64_t tile = bound;
              for (std::size_t j = 0; j < loops.size(); ++j) {
                tile /= split[j];
                least[loops[j]] = tile;
                splits[loops[j]] = static_cast<double>(split[j]);
              }
            }
            ++prefixes;
            model::QuickEvaluation pending;
            if (compiled.check_pending_capacity(least, splits, depth, pending) ==
                model::QuickEvaluation::Failure::None)
              continue;
            ++failed;
            const auto& q = compiled.evaluate_occupancy(least);
            QVERIFY2(q.failure != model::QuickEvaluation::Failure::None, t.describe().c_str());
            if (q.failure == model::QuickEvaluation::Failure::Capacity && q.component == pending.component)
              QCOMPARE(q.used, pending.used);
          }
        }
      }
    qInfo("%d of %d prefixes have a memory no completion fits", failed, prefixes);
    QVERIFY(failed > 0);
  }

  // The figure a run with no valid mapping is explained by: per capacity cause, the fewest
  // bits the search saw a memory asked to hold over its size. Pruned and exhaustive searches
  // record the same least figure as every candidate tile evaluated one by one.
  void smallest_over_limit_is_the_least_failing_figure_data() {
    QTest::addColumn<QString>("size");
    QTest::newRow("nothing fits") << "16";
    QTest::newRow("some tiles fit") << "400";
  }
  void smallest_over_limit_is_the_least_failing_figure() {
    QFETCH(QString, size);
    QTemporaryDir dir;
    Loaded l;
    l.spec = matmul_on(dir, kKeepNonIntermediates,
                       "    size: " + size.toStdString() + "\n    tensors: {keep: All}\n");
    const auto& einsum = l.spec.workload.workload.einsums.front();
    l.resolved.workload = l.spec.workload.workload;
    l.resolved.arch_by_einsum[einsum.name] = l.spec.arch_by_einsum.at(einsum.name).arch;
    l.problems = mapper::make_problems(l.spec, einsum);
    l.options = mapper::options_from_spec(l.spec);
    const std::string cause = "capacity GlobalBuffer";
    double least = std::numeric_limits<double>::infinity();  // over every template
    for (const auto& p : l.problems)
      for (const auto& t : mapper::all_templates(p, l.options)) {
        // Every pmapping of the template, one by one.
        const auto per_rv = test::rank_variable_loops(t, p, l.options);
        std::size_t n = 0;
        for (const auto& [rv, r] : per_rv) n += r.loops.size();
        model::CompiledPmapping compiled(l.resolved, mapper::to_mapping(t, std::vector<std::int64_t>(n, 1)));
        double oracle = std::numeric_limits<double>::infinity();
        std::vector<std::int64_t> tiles(n, 1);
        const std::function<void(std::map<std::string, test::RankVariableLoops>::const_iterator)> each =
            [&](auto it) {
              if (it == per_rv.end()) {
                const auto& q = compiled.evaluate(tiles);
                if (q.failure == model::QuickEvaluation::Failure::Capacity &&
                    compiled.failure_name(q) == cause) {
                  QCOMPARE(q.limit, size.toDouble());
                  oracle = std::min(oracle, q.used);
                }
                return;
              }
              for (const auto& chain : it->second.chains) {
                for (std::size_t j = 0; j < it->second.loops.size(); ++j)
                  tiles[it->second.loops[j]] = chain[j];
                each(std::next(it));
              }
            };
        each(per_rv.begin());
        for (const bool prune : {false, true}) {
          const auto r = mapper::explore_tile_shapes(t, p, l.resolved, l.options, {}, prune);
          const auto it = r.stats.smallest_over_limit.find(cause);
          if (std::isinf(oracle)) {
            QVERIFY(it == r.stats.smallest_over_limit.end() || it->second.used >= oracle);
            continue;
          }
          QVERIFY2(it != r.stats.smallest_over_limit.end(), t.describe().c_str());
          QCOMPARE(it->second.used, oracle);
          QCOMPARE(it->second.limit, size.toDouble());
        }
        least = std::min(least, oracle);
      }
    QVERIFY(std::isfinite(least));
    qInfo("GlobalBuffer of %s bits: the least over it is %g bits", qPrintable(size), least);
    // The whole run keeps the least over its templates.
    const auto run = mapper::map_workload(l.spec, l.options);
    QCOMPARE(run.stats.front().smallest_over_limit.at(cause).used, least);
    QVERIFY(least > size.toDouble());
    if (size == "16") {
      // One 8-bit value each of T0, W0 and T1 is the least any tile can hold.
      QCOMPARE(least, 24.0);
      QVERIFY(!run.found);
    }
  }

  // objective_tolerance trades accuracy for speed: never better than exact, never worse
  // than (1 + t) per Pareto stage (tile shapes, Einsum front, join, final).
  void objective_tolerance_bounds_the_loss() {
    AF_REQUIRE_CORPUS();  // eyeriss with AccelForge's component costs
    Loaded l = load("eyeriss", "matmuls", {"KN=32", "M=16", "N_EINSUMS=2"});
    l.options.metrics = mapper::kEnergy;
    const auto exact = mapper::map_workload(l.spec, l.options);
    QVERIFY(exact.found);
    const double t = 0.25;
    l.options.objective_tolerance = t;
    const auto loose = mapper::map_workload(l.spec, l.options);
    QVERIFY(loose.found);
    const double e0 = exact.evaluation->total_energy, e1 = loose.evaluation->total_energy;
    QVERIFY2(e1 >= e0 * (1 - 1e-9) && e1 <= e0 * std::pow(1 + t, 4),
             qPrintable(QString("exact %1, tolerant %2").arg(e0).arg(e1)));
    std::size_t kept0 = 0, kept1 = 0;
    for (const auto& s : exact.stats) kept0 += s.pmappings_pareto;
    for (const auto& s : loose.stats) kept1 += s.pmappings_pareto;
    QVERIFY(kept1 <= kept0);
  }

  // mac_row_m_only (like AccelForge's fanout_variations/at_mac_with_constraints): `~m == 1`
  // on MACArray.X deletes the spatial loops over every rank variable but m; the latency
  // stays ops / 4 (AccelForge's test).
  void loop_bounds_of_one_delete_loops() {
    const spec::Spec s = af::test::load_spec(
        {af::test::data_file("specs/mac_row_m_only.arch.yaml"), kWorkload}, {"M=16", "KN=16", "N_EINSUMS=1"});
    mapper::MapperOptions o = mapper::options_from_spec(s);
    o.metrics = mapper::kLatency;
    std::size_t spatial = 0;
    for (const auto& p : mapper::make_problems(s, s.workload.workload.einsums.front()))
      for (const auto& t : mapper::all_templates(p, o))
        for (const auto& n : t.nodes)
          if (n.kind == mapper::TemplateNodeKind::Spatial) {
            ++spatial;
            QCOMPARE(QString::fromStdString(n.rank_variable), QString("m"));
          }
    QVERIFY(spatial > 0);
    const auto r = mapper::map_workload(s, o);
    QVERIFY2(r.found, r.failure.c_str());
    QCOMPARE(r.evaluation->total_latency, 16.0 * 16 * 16 / 4);
  }

  // Other loop bounds are checked on the tile shapes: a product bound of 2 halves the
  // parallelism, a lower bound forbids small splits; pruned and exhaustive runs agree.
  void loop_bounds_are_enforced_data() {
    QTest::addColumn<QString>("bound");
    QTest::addColumn<double>("latency");
    QTest::newRow("product<= 2") << "{expression: m | n0 | n1, operator: product<=, value: 2}"
                                 << 8.0 * 8 * 8 / 2;
    QTest::newRow("m >= 4") << "{expression: m, operator: '>=', value: 4}" << 8.0 * 8 * 8 / 4;
    QTest::newRow("each <= 2") << "{expression: m | n0 | n1, operator: <=, value: 2}" << 8.0 * 8 * 8 / 4;
  }
  void loop_bounds_are_enforced() {
    QFETCH(QString, bound);
    QFETCH(double, latency);
    QTemporaryDir dir;
    const spec::Spec s =
        matmul_on(dir, kKeepNonIntermediates, "    size: inf\n    tensors: {keep: All}\n",
                  "  - !Container\n    name: MACArray\n    spatial:\n    - name: X\n      fanout: 4\n"
                  "      loop_bounds:\n      - " +
                      bound.toStdString() + "\n");
    mapper::MapperOptions o = mapper::options_from_spec(s);
    o.metrics = mapper::kLatency;
    const auto r = mapper::map_workload(s, o);
    QVERIFY2(r.found, r.failure.c_str());
    QCOMPARE(r.evaluation->total_latency, latency);
    bool named = false;
    for (const auto& [cause, n] : r.stats.front().removed)
      named = named || cause.starts_with("loop_bounds MACArray.X");
    QVERIFY(named);

    spec::ResolvedSpec rs;
    rs.workload = s.workload.workload;
    const auto& e = s.workload.workload.einsums.front();
    rs.arch_by_einsum[e.name] = s.arch_by_einsum.at(e.name).arch;
    for (const auto& p : mapper::make_problems(s, e))
      for (const auto& t : mapper::all_templates(p, o)) {
        (void)compare_searches(t, p, rs, o);
        if (QTest::currentTestFailed()) return;
      }
  }

  // Loop bounds are typed when the spec loads: a bad operator is a load error (validate finds
  // it), not a surprise when the mapper runs.
  void bad_loop_bound_names_the_field() {
    QTemporaryDir dir;
    try {
      (void)matmul_on(dir, kKeepNonIntermediates, "    size: inf\n    tensors: {keep: All}\n",
                      "  - !Container\n    name: MACArray\n    spatial:\n    - name: X\n      fanout: 4\n"
                      "      loop_bounds:\n      - {expression: m, operator: '=<', value: 2}\n");
      QFAIL("an unknown operator must be an error");
    } catch (const core::SpecError& e) {
      const std::string what = e.what();
      QVERIFY2(what.find("(MACArray).spatial[0].loop_bounds[0].operator") != std::string::npos, what.c_str());
      QVERIFY2(what.find("unknown operator '=<'") != std::string::npos, what.c_str());
      QVERIFY2(what.find("arch.yaml:") != std::string::npos, what.c_str());  // file:line of the operator
    }
  }

  // no_refetch_from_above on GlobalBuffer for the weight: no loop irrelevant to it (m) may
  // sit between its MainMemory and GlobalBuffer holders, so it is read from MainMemory once.
  void no_refetch_deletes_irrelevant_loops() {
    QTemporaryDir dir;
    const auto load_with = [&](const std::string& extra) {
      return matmul_on(dir, kKeepNonIntermediates, "    size: 256\n    tensors: {keep: All" + extra + "}\n");
    };
    const auto m_loop_in_span = [](const mapper::PmappingTemplate& t) {
      bool in_span = false;
      for (const auto& n : t.nodes) {
        if (n.kind == mapper::TemplateNodeKind::Storage && n.tensor == "W0")
          in_span = n.component == "MainMemory";
        else if (in_span && n.kind == mapper::TemplateNodeKind::Temporal && n.rank_variable == "m")
          return true;
      }
      return false;
    };
    const auto count_spans = [&](const spec::Spec& s) {
      mapper::MapperOptions o = mapper::options_from_spec(s);
      int with = 0;
      for (const auto& p : mapper::make_problems(s, s.workload.workload.einsums.front()))
        for (const auto& t : mapper::all_templates(p, o)) with += m_loop_in_span(t) ? 1 : 0;
      return with;
    };
    QVERIFY(count_spans(load_with("")) > 0);  // without the constraint such templates exist
    const spec::Spec s = load_with(", no_refetch_from_above: weight");
    QCOMPARE(count_spans(s), 0);
    mapper::MapperOptions o = mapper::options_from_spec(s);
    o.metrics = mapper::kEnergy;
    const auto r = mapper::map_workload(s, o);
    QVERIFY2(r.found, r.failure.c_str());
    const auto it = r.evaluation->actions.find(model::ActionKey{"Matmul0", "MainMemory", "W0", "read"});
    QVERIFY(it != r.evaluation->actions.end());
    QCOMPARE(it->second, 8.0 * 8 * 8);  // 64 values of 8 bits, once
  }

  // Imperfect tiles, whole-space oracle: every template with every candidate chain per
  // rank variable, evaluated by model::evaluate, gives the mapper's final front. On
  // mac_row (4 MACs) the sizes 5 and 7 have no divisor that fills the array, so only
  // imperfect spatial loops reach ops / 4 (with the model's average tiles).
  void imperfect_front_matches_brute_force_data() {
    QTest::addColumn<QString>("arch");
    QTest::addColumn<QStringList>("extra");
    QTest::addColumn<QString>("tiling");
    QTest::addColumn<double>("best_latency");
    const QString row = "mac_row";
    QTest::newRow("mac_row, perfect") << row << QStringList{} << "" << 5.0 * 7 * 7;
    QTest::newRow("mac_row, imperfect") << row << QStringList{} << "imperfect" << 5.0 * 7 * 7 / 4;
    QTest::newRow("mac_row, coarse") << row << QStringList{} << "coarse" << 5.0 * 7 * 7 / 4;
    // A 256-bit GlobalBuffer over 4 MACs.
    QTest::newRow("finite buffer, perfect") << "finite" << QStringList{} << "" << 5.0 * 7 * 7;
    QTest::newRow("finite buffer, imperfect") << "finite" << QStringList{} << "imperfect" << 5.0 * 7 * 7 / 4;
    QTest::newRow("finite buffer, imperfect spatial")
        << "finite" << QStringList{} << "spatial" << 5.0 * 7 * 7 / 4;
    // A temporal loop marks the loop outside it, which may be spatial: spatial tiles can
    // be imperfect with only the temporal flag.
    QTest::newRow("finite buffer, imperfect temporal") << "finite" << QStringList{} << "temporal" << 0.0;
    // A costly MainMemory and a slow 160-bit GlobalBuffer: reuse saves energy and costs
    // latency, so the front has several points.
    const QStringList slow = {"MainMemoryEnergy=8", "GlobalBufferThroughput=1", "GlobalBufferSize=160"};
    QTest::newRow("buffered_mac, slow buffer, perfect") << "buffered_mac" << slow << "" << 0.0;
    QTest::newRow("buffered_mac, slow buffer, imperfect") << "buffered_mac" << slow << "imperfect" << 0.0;
    QTest::newRow("buffered_mac, slow buffer, coarse") << "buffered_mac" << slow << "coarse" << 0.0;
  }
  void imperfect_front_matches_brute_force() {
    QFETCH(QString, arch);
    QFETCH(QStringList, extra);
    QFETCH(QString, tiling);
    QFETCH(double, best_latency);
    QTemporaryDir dir;
    Loaded l = arch == "finite" ? load_finite(dir, tiling) : load(arch, "matmuls", kSmallOdd + extra, tiling);
    l.options.metrics = mapper::kEnergy | mapper::kLatency;
    std::vector<std::pair<double, double>> points;
    std::size_t evaluated = 0;
    for (const auto& p : l.problems)
      for (const auto& t : mapper::all_templates(p, l.options)) {
        // Every combination of one candidate chain per rank variable.
        std::vector<test::RankVariableLoops> rvs;
        std::size_t n_loops = 0;
        for (auto& [rv, r] : test::rank_variable_loops(t, p, l.options)) {
          n_loops += r.loops.size();
          rvs.push_back(std::move(r));
        }
        std::vector<std::size_t> pick(rvs.size(), 0);
        std::vector<std::int64_t> tiles(n_loops, 1);
        while (true) {
          for (std::size_t r = 0; r < rvs.size(); ++r)
            for (std::size_t j = 0; j < rvs[r].loops.size(); ++j)
              tiles[rvs[r].loops[j]] = rvs[r].chains[pick[r]][j];
          ++evaluated;
          try {
            const auto ev = model::evaluate(l.resolved, mapper::to_mapping(t, tiles));
            points.emplace_back(ev.total_energy, ev.total_latency);
          } catch (const model::InvalidMapping&) {
          }
          std::size_t r = 0;
          while (r < pick.size() && ++pick[r] == rvs[r].chains.size()) pick[r++] = 0;
          if (r == pick.size()) break;
        }
      }
    const auto expected = test::front_of(points);
    const auto r = mapper::map_workload(l.spec, l.options);
    QVERIFY2(r.found, r.failure.c_str());
    const auto got = test::front_of(r);
    QVERIFY2(got == expected, qPrintable(QString("mapper %1\nbrute force %2")
                                             .arg(QString::fromStdString(test::show(got)),
                                                  QString::fromStdString(test::show(expected)))));
    if (best_latency > 0) QCOMPARE(got.rbegin()->second, static_cast<float>(best_latency));
    qInfo("%zu pmappings evaluated, front of %zu", evaluated, expected.size());
    QVERIFY(!expected.empty());
  }

  // Memories without `tensors:` may keep anything; storage choices that leave a tensor
  // without a holder are skipped, not an error, as long as some choice backs everything.
  void default_tensor_choices_map() {
    QTemporaryDir dir;
    const spec::Spec s = matmul_on(dir, "", "    size: 512\n");
    mapper::MapperOptions o = mapper::options_from_spec(s);
    o.metrics = mapper::kEnergy;
    const auto r = mapper::map_workload(s, o);
    QVERIFY2(r.found, r.failure.c_str());
    QVERIFY(r.stats.front().templates > 1);
  }
};

QTEST_GUILESS_MAIN(TestTileSearch)
#include "test_tile_search.moc"
