// The search's bounds from below, checked against exhaustive searches: the least rows the
// guessed and known ceilings take for an Einsum lie under every row any template keeps, and
// the chain-dominance cache shared by an Einsum's templates changes no row and no count.
//
// These were part of test_tile_search; they have a suite of their own so that each stays well
// under CTest's limit in the sanitizer build (about 12 times slower than Release).
#include <QtTest>
#include <algorithm>

#include "mapper/mapper.h"
#include "mapper/search/templates.h"
#include "mapper/search/tile_shapes.h"
#include "tile_search_case.h"

using namespace af;
using test::load;
using test::Loaded;

class TestLeastRows : public QObject {
  Q_OBJECT

  std::size_t dominance_cache_bytes_ = 0;  // over dominance_cache_changes_nothing's rows

 private slots:
  // The least rows the search's ceilings take for an Einsum (RowsFor::Least: every template
  // in one chain, fused-loop limits and the join's memories left out): every row any
  // template's exhaustive search keeps lies above the staircase they make, and with no
  // fused-loop limits the staircase's ends are the least energy and latency found.
  void least_rows_bound_every_row_data() {
    QTest::addColumn<QString>("arch");
    QTest::addColumn<QString>("workload");
    QTest::addColumn<QStringList>("sets");
    for (const char* arch : {"buffered_mac", "eyeriss", "tpu_v4i", "simba"})
      QTest::newRow(arch) << QString(arch) << "matmuls" << QStringList{"KN=32", "M=16", "N_EINSUMS=2"};
    QTest::newRow("buffered_mac, conv chain") << "buffered_mac"
                                              << "conv_chain" << QStringList{"P=5", "R=3"};
    QTest::newRow("pe_array, conv chain") << "pe_array"
                                          << "conv_chain" << QStringList{"P=5", "R=3", "C=2", "M=4"};
  }
  void least_rows_bound_every_row() {
    QFETCH(QString, arch);
    QFETCH(QString, workload);
    QFETCH(QStringList, sets);
    REQUIRE_ARCH(arch);
    Loaded l = load(arch, workload, sets);
    l.options.unfused = false;  // fused templates: the first matmul's output is shared
    l.options.max_fused_loops = mapper::kUnlimited;
    l.options.max_fused_loops_per_rank_variable = mapper::kUnlimited;
    std::vector<mapper::PmappingRow> least_rows, all_rows;
    std::size_t fused = 0, templates = 0;
    for (const auto& p : l.problems) {
      mapper::EarlierRows earlier;
      for (const auto& t : mapper::all_templates(p, l.options)) {
        fused += t.n_fused_loops > 0 ? 1 : 0;
        ++templates;
        auto least = mapper::explore_tile_shapes(t, p, l.resolved, l.options, {}, true, nullptr, &earlier,
                                                 nullptr, mapper::RowsFor::Least);
        earlier.add(least.front, l.options.metrics);
        least_rows.insert(least_rows.end(), least.front.begin(), least.front.end());
        const auto rows = mapper::explore_tile_shapes(t, p, l.resolved, l.options, {}, false).front;
        all_rows.insert(all_rows.end(), rows.begin(), rows.end());
      }
    }
    QVERIFY(fused > 0);
    QVERIFY(!all_rows.empty());
    const auto least = mapper::LeastAdded::of(least_rows);
    double energy = all_rows[0].energy(), latency = all_rows[0].latency;
    for (const auto& r : all_rows) {
      QVERIFY(r.dynamic_energy >= least.dynamic);
      QVERIFY(r.leak_energy >= least.leak);
      QVERIFY(std::any_of(least.points.begin(), least.points.end(),
                          [&](const auto& pt) { return pt.first <= r.energy() && pt.second <= r.latency; }));
      energy = std::min(energy, r.energy());
      latency = std::min(latency, r.latency);
    }
    QCOMPARE(least.points.front().first, energy);
    QCOMPARE(least.points.back().second, latency);
    qInfo("%zu least rows bound %zu rows of %zu templates (%zu fused)", least_rows.size(), all_rows.size(),
          templates, fused);
  }

  // One ChainDominanceCache for every template of an Einsum, searched twice over (the second
  // time every rank variable's chains come from it): the same rows and the same counts as
  // searches without it, and it was used.
  void dominance_cache_changes_nothing_data() { least_rows_bound_every_row_data(); }
  void dominance_cache_changes_nothing() {
    QFETCH(QString, arch);
    QFETCH(QString, workload);
    QFETCH(QStringList, sets);
    REQUIRE_ARCH(arch);
    Loaded l = load(arch, workload, sets);
    l.options.unfused = false;
    l.options.max_fused_loops = mapper::kUnlimited;
    for (const auto& p : l.problems) {
      mapper::ChainDominanceCache cache;
      const auto templates = mapper::all_templates(p, l.options);
      for (int pass = 0; pass < 2; ++pass)
        for (const auto& t : templates) {
          const auto plain = mapper::explore_tile_shapes(t, p, l.resolved, l.options);
          const auto cached = mapper::explore_tile_shapes(t, p, l.resolved, l.options, {}, true, nullptr,
                                                          nullptr, nullptr, mapper::RowsFor::Join, &cache);
          QCOMPARE(cached.front.size(), plain.front.size());
          for (std::size_t i = 0; i < plain.front.size(); ++i)
            QCOMPARE(cached.front[i].tiles, plain.front[i].tiles);
          QCOMPARE(cached.stats.pmappings_evaluated, plain.stats.pmappings_evaluated);
          QCOMPARE(cached.stats.pmappings_dominated, plain.stats.pmappings_dominated);
          QCOMPARE(cached.stats.removed, plain.stats.removed);
        }
      dominance_cache_bytes_ += cache.bytes();
    }
  }
  void dominance_cache_was_used() { QVERIFY(dominance_cache_bytes_ > 0); }
};

QTEST_GUILESS_MAIN(TestLeastRows)
#include "test_least_rows.moc"
