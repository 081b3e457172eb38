// Candidate tile shapes: the candidate table and the tile-space
// counts F(n, flags) from the domain notes (derived there with a port of AccelForge's
// Python), the imperfect marking rule, and the chains the candidates make.
#include <QtTest>

#include "candidate_chains.h"
#include "mapper/search/tile_candidates.h"

using namespace af;
using Tiles = std::vector<std::int64_t>;

namespace {

mapper::PmappingTemplate loops_template(const std::vector<std::pair<std::string, bool>>& loops) {
  const std::string tensor = "A", memory = "Main", array = "PE", dim = "X";
  mapper::PmappingTemplate t;
  mapper::TemplateNode storage;
  storage.tensor = tensor;
  storage.component = memory;
  t.nodes.push_back(storage);
  for (const auto& [rv, spatial] : loops) {
    mapper::TemplateNode n;
    n.kind = spatial ? mapper::TemplateNodeKind::Spatial : mapper::TemplateNodeKind::Temporal;
    n.component = array;
    n.rank_variable = rv;
    n.dim = dim;
    t.nodes.push_back(n);
  }
  return t;
}

}  // namespace

class TestTileCandidates : public QObject {
  Q_OBJECT

 private slots:
  void candidates_data() {
    QTest::addColumn<qint64>("outer");
    QTest::addColumn<bool>("imperfect");
    QTest::addColumn<qint64>("inner");
    QTest::addColumn<double>("coarseness");
    QTest::addColumn<Tiles>("expected");
    QTest::newRow("8 perfect") << qint64(8) << false << qint64(1) << 1.0 << Tiles{1, 2, 4, 8};
    QTest::newRow("12 perfect over 2") << qint64(12) << false << qint64(2) << 1.0 << Tiles{2, 4, 6, 12};
    QTest::newRow("7 perfect") << qint64(7) << false << qint64(1) << 1.0 << Tiles{1, 7};
    QTest::newRow("7 imperfect") << qint64(7) << true << qint64(1) << 1.0 << Tiles{1, 2, 3, 4, 7};
    QTest::newRow("7 imperfect over 2") << qint64(7) << true << qint64(2) << 1.0 << Tiles{2, 4, 7};
    // 5 is not a multiple of 3: the smallest tile giving two tiles (AccelForge's quirk).
    QTest::newRow("10 imperfect over 3") << qint64(10) << true << qint64(3) << 1.0 << Tiles{3, 5, 10};
    // Steps of x1.5 snapped with halves to even: 1.5 -> 2, 2.25 -> 2, 3.375 -> 3, ...
    QTest::newRow("100 imperfect, coarseness 1.5")
        << qint64(100) << true << qint64(1) << 1.5 << Tiles{1, 2, 3, 5, 8, 10, 17, 25, 34, 50, 100};
    // Perfect with coarseness: each kept divisor at least 2x the previous; outer always.
    QTest::newRow("36 perfect, coarseness 2")
        << qint64(36) << false << qint64(1) << 2.0 << Tiles{1, 2, 4, 9, 18, 36};
    QTest::newRow("1") << qint64(1) << true << qint64(1) << 1.0 << Tiles{1};
  }
  void candidates() {
    QFETCH(qint64, outer);
    QFETCH(bool, imperfect);
    QFETCH(qint64, inner);
    QFETCH(double, coarseness);
    QFETCH(Tiles, expected);
    QCOMPARE(mapper::tile_candidates(outer, imperfect, inner, coarseness), expected);
  }

  // The imperfect walk jumps between tile counts; stepping n by inner gives the same set.
  void imperfect_jumps_match_the_walk() {
    for (std::int64_t outer = 1; outer <= 160; ++outer)
      for (std::int64_t inner = 1; inner <= outer + 2; ++inner) {
        std::set<std::int64_t> factors, counts;
        const auto admit = [&](std::int64_t n) {
          if (n > outer || factors.contains(n)) return;
          const std::int64_t k = (outer + n - 1) / n;
          if (counts.insert(k).second) factors.insert((outer + k - 1) / k);
        };
        for (std::int64_t n = inner; n <= outer; n += inner) admit(n);
        admit(outer);
        QCOMPARE(mapper::tile_candidates(outer, true, inner, 1), Tiles(factors.begin(), factors.end()));
      }
  }

  void factorization_counts() {
    using F = std::vector<char>;
    QCOMPARE(mapper::count_factorizations(8, F{0, 0}), 4.0);
    QCOMPARE(mapper::count_factorizations(8, F{0, 0, 0}), 10.0);
    QCOMPARE(mapper::count_factorizations(64, F{0, 0}), 7.0);
    QCOMPARE(mapper::count_factorizations(64, F{0, 0, 0}), 28.0);
    QCOMPARE(mapper::count_factorizations(64, F{0, 0, 0, 0}), 84.0);
    QCOMPARE(mapper::count_factorizations(4096, F{0, 0, 0}), 91.0);
    QCOMPARE(mapper::count_factorizations(7, F{1, 0}), 7.0);
    QCOMPARE(mapper::count_factorizations(5, F{0}), 1.0);
    // Σ_{s=1..n} F(ceil(n/s)) grouped by quotient equals the plain sum.
    double plain = 0;
    for (std::int64_t s = 1; s <= 1000; ++s)
      plain += mapper::count_factorizations((1000 + s - 1) / s, F{0, 0});
    QCOMPARE(mapper::count_factorizations(1000, F{1, 0, 0}), plain);
  }

  // Divisor chains without flags; with flags, inner-to-outer candidates (a perfect outer
  // loop over an imperfect tile may pass the bound, as in AccelForge).
  void chains() {
    const std::vector<Tiles> eight = test::candidate_chains(8, {0, 0, 0}, 1);
    QCOMPARE(eight.size(), std::size_t{10});
    for (const auto& c : eight) {
      QCOMPARE(c.back(), std::int64_t{1});
      QVERIFY(8 % c[0] == 0 && c[0] % c[1] == 0);
    }
    QCOMPARE(test::candidate_chains(7, {1, 0}, 1),
             (std::vector<Tiles>{{7, 1}, {4, 1}, {3, 1}, {2, 1}, {1, 1}}));
    // Middle loop imperfect: t1 in {1,2,3,4,7}; t0 = t1 x divisors of ceil(7/t1), and 7.
    const auto mixed = test::candidate_chains(7, {0, 1, 0}, 1);
    QCOMPARE(mixed.size(), std::size_t{13});
    QVERIFY(std::find(mixed.begin(), mixed.end(), Tiles{8, 2, 1}) != mixed.end());
    QCOMPARE(test::candidate_chains(9, {}, 1), std::vector<Tiles>{Tiles{}});
    QCOMPARE(test::candidate_chains(9, {1}, 1), std::vector<Tiles>{Tiles{1}});
  }

  // A spatial (temporal) loop marks the loop outside it on its rank variable, or itself
  // when outermost; only simple rank variables; each flag only for its loop kind.
  void marking() {
    const auto t = loops_template({{"m", false}, {"n", false}, {"m", false}, {"m", true}, {"p", true}});
    const std::set<std::string> simple = {"m", "n"};
    using M = std::vector<char>;
    QCOMPARE(mapper::imperfect_loops(t, simple, {true, false, 1}), (M{0, 0, 1, 0, 0}));
    QCOMPARE(mapper::imperfect_loops(t, simple, {false, true, 1}), (M{1, 1, 0, 0, 0}));
    QCOMPARE(mapper::imperfect_loops(t, simple, {true, true, 1}), (M{1, 1, 1, 0, 0}));
    QCOMPARE(mapper::imperfect_loops(t, simple, {false, false, 2}), (M{0, 0, 0, 0, 0}));
    QCOMPARE(mapper::imperfect_loops(t, {"m", "n", "p"}, {true, false, 1}), (M{0, 0, 1, 0, 1}));
  }
};

QTEST_GUILESS_MAIN(TestTileCandidates)
#include "test_tile_candidates.moc"
