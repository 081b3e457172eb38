// The playback of a mapping (engine/playback): positions and steps agree with a brute-force
// walk of the loop nest, tiles agree with the loops' arithmetic, Sequential branches play in
// order (their shared loops around them), spatial loops give each PE its own tile, and a nest
// of 10^9 innermost iterations steps at its outer loops.
#include <QtTest>

#include "playback/playback.h"
#include "workspace/workspace.h"

using namespace af;
using playback::Cursor;
using playback::Range;

namespace {

std::string example(const std::string& name, const std::string& file) {
  return std::string(AF_SOURCE_DIR) + "/resources/examples/" + name + "/" + file;
}

Workspace load(const std::string& name, std::vector<std::string> sets) {
  SpecInputs in;
  in.files = {example(name, "arch.yaml"), example(name, "workload.yaml"), example(name, "mapping.yaml")};
  in.assignments = std::move(sets);
  return Workspace::load(in);
}

spec::MappingNode node(spec::MappingNode::Variant v) { return spec::MappingNode{std::move(v), {}, {}, {}}; }

}  // namespace

class TestPlayback : public QObject {
  Q_OBJECT
 private slots:
  // Weight stationary: B whole in the scratchpad, A's row m, k innermost.
  void tiles_follow_the_loops() {
    const Workspace ws = load("two_level_matmul", {"M=3", "K=4", "N=5"});
    QVERIFY(ws.ok());
    const auto p = playback::Playback::build(ws.spec().workload.workload, *ws.spec().mapping);
    QCOMPARE(p.nests().size(), std::size_t{1});
    const auto& nest = p.nests()[0];
    QCOMPARE(nest.loops.size(), std::size_t{3});
    QCOMPARE(p.total_steps(), 3.0 * 5 * 4);
    // Holders: DRAM [A, B, Z], Scratchpad [B] above m, Scratchpad [A, Z] under m.
    QCOMPARE(nest.holders.size(), std::size_t{3});
    QCOMPARE(nest.holders[2].loops_above, std::size_t{1});
    Cursor c = p.start();
    for (double pos = 0; pos < p.total_steps(); ++pos) {
      QCOMPARE(p.position(c), pos);
      QCOMPARE(p.at_position(pos), c);
      const std::int64_t m = c.index[0], n = c.index[1], k = c.index[2];
      QCOMPARE(static_cast<double>(m * 20 + n * 4 + k), pos);  // for m, for n, for k
      // A[m, k]: the row m in the lower scratchpad; B whole in the upper one.
      QCOMPARE(p.tile(c, 2, "A"), (std::vector<Range>{{m, m + 1}, {0, 4}}));
      QCOMPARE(p.tile(c, 2, "Z"), (std::vector<Range>{{m, m + 1}, {0, 5}}));
      QCOMPARE(p.tile(c, 1, "B"), (std::vector<Range>{{0, 4}, {0, 5}}));
      // A new row of A each step of m; B once.
      QCOMPARE(p.tiles_so_far(c, 2, "A"), static_cast<double>(m + 1));
      QCOMPARE(p.tiles_so_far(c, 1, "B"), 1.0);
      QCOMPARE(p.computes_so_far(c), pos + 1);
      const bool more = p.step(c, p.innermost(0));
      QCOMPARE(more, pos + 1 < p.total_steps());
    }
    QCOMPARE(c, p.end());
    // A step of the outer loop starts its next iteration from the top of the inner ones.
    c = p.at_position(1 * 20 + 3 * 4 + 2);
    QVERIFY(p.step(c, 0));
    QCOMPARE(c.index, (std::vector<std::int64_t>{2, 0, 0}));
    QVERIFY(!p.step(c, 0));  // m was at its last iteration
    QCOMPARE(p.at_fraction(0.0), p.start());
    QCOMPARE(p.at_fraction(1.0), p.end());
  }

  // Two Einsums under a Sequential play one after the other; their buffers keep their own
  // tensors; a loop above the branch is shared: for each of its iterations, both play.
  void sequential_branches_play_in_order() {
    const Workspace ws = load("three_level_matmul_chain", {"M=2", "KN=3"});
    QVERIFY(ws.ok());
    const auto p = playback::Playback::build(ws.spec().workload.workload, *ws.spec().mapping);
    QCOMPARE(p.nests().size(), std::size_t{2});
    QCOMPARE(p.nests()[0].einsum, std::string("Matmul0"));
    QCOMPARE(p.total_steps(), 2.0 * 18);
    Cursor c = p.start();
    for (int s = 0; s < 17; ++s) QVERIFY(p.step(c, 99));  // innermost
    QCOMPARE(c.nest, std::size_t{0});
    QVERIFY(p.step(c, 99));
    QCOMPARE(c.nest, std::size_t{1});
    QCOMPARE(p.position(c), 18.0);
    // DRAM above the branch lists every tensor; each nest keeps only its Einsum's.
    for (const auto& h : p.nests()[1].holders)
      for (const auto& t : h.tensors) QVERIFY(t == "T1" || t == "W1" || t == "T2");

    // A fused chain: m shared above the branch.
    const spec::Mapping fused{{
        node(spec::StorageNode{{"T0", "W0", "T1", "W1", "T2"}, "DRAM", false}),
        node(spec::TemporalNode{"m", 1, {}}),
        node(spec::BranchNode{spec::BranchKind::Sequential,
                              {node(spec::NestedNode{{node(spec::StorageNode{{"T1"}, "GlobalBuffer", false}),
                                                      node(spec::TemporalNode{"n1", 1, {}}),
                                                      node(spec::TemporalNode{"n0", 1, {}}),
                                                      node(spec::ComputeNode{"Matmul0", "MAC"})}}),
                               node(spec::NestedNode{{node(spec::TemporalNode{"n2", 1, {}}),
                                                      node(spec::TemporalNode{"n1", 1, {}}),
                                                      node(spec::ComputeNode{"Matmul1", "MAC"})}})}}),
    }};
    const auto f = playback::Playback::build(ws.spec().workload.workload, fused);
    QCOMPARE(f.nests().size(), std::size_t{2});
    QCOMPARE(f.nests()[0].shared, std::size_t{1});
    QCOMPARE(f.total_steps(), 2.0 * (9 + 9));
    // Brute force: for m: Matmul0's 9 steps, then Matmul1's 9.
    Cursor g = f.start();
    for (int pos = 0; pos < 36; ++pos) {
      const int m = pos / 18, inGroup = pos % 18;
      QCOMPARE(g.nest, std::size_t(inGroup < 9 ? 0 : 1));
      QCOMPARE(g.index[0], std::int64_t{m});
      QCOMPARE(f.position(g), static_cast<double>(pos));
      QCOMPARE(f.at_position(pos), g);
      // The intermediate T1's tile in the global buffer: row m, whole n1.
      if (g.nest == 0) QCOMPARE(f.tile(g, 1, "T1"), (std::vector<Range>{{m, m + 1}, {0, 3}}));
      QCOMPARE(f.step(g, 99), pos < 35);
    }
    // Stepping the shared loop: the next m, from the first Einsum.
    g = f.at_position(12);  // m = 0, in Matmul1
    QVERIFY(f.step(g, 0));
    QCOMPARE(g.nest, std::size_t{0});
    QCOMPARE(g.index[0], std::int64_t{1});
    QCOMPARE(f.position(g), 18.0);
  }

  // Spatial loops: each PE holds its own tile; without a PE, the fanout's hull.
  void spatial_loops_give_each_pe_its_tile() {
    const Workspace ws = load("spatial_array_conv", {});
    QVERIFY(ws.ok());
    const auto p = playback::Playback::build(ws.spec().workload.workload, *ws.spec().mapping);
    const auto& nest = p.nests().at(0);
    // Register [O] sits under X (m) and Y (p).
    std::size_t reg = 0;
    for (std::size_t h = 0; h < nest.holders.size(); ++h)
      if (nest.holders[h].component == "Register") reg = h;
    const auto fan = p.fanout(0, nest.holders[reg].loops_above);
    QCOMPARE(fan.size(), std::size_t{2});
    const Cursor c = p.start();
    const auto pe00 = p.tile(c, reg, "O", {0, 0});
    const auto pe11 = p.tile(c, reg, "O", {1, 1});
    QVERIFY(pe00 != pe11);
    const auto hull = p.tile(c, reg, "O");
    for (std::size_t r = 0; r < hull.size(); ++r) {
      QVERIFY(hull[r].lo <= std::min(pe00[r].lo, pe11[r].lo));
      QVERIFY(hull[r].hi >= std::max(pe00[r].hi, pe11[r].hi));
    }
    // Every position round-trips.
    for (double pos = 0; pos < p.total_steps(); pos += 7) QCOMPARE(p.position(p.at_position(pos)), pos);
  }

  // 10^9 innermost iterations: stepping the outer loop is arithmetic, not a walk.
  void a_huge_nest_steps_at_its_outer_loops() {
    const Workspace ws = load("two_level_matmul", {"M=1000", "K=1000", "N=1000"});
    QVERIFY(ws.ok());
    const auto p = playback::Playback::build(ws.spec().workload.workload, *ws.spec().mapping);
    QCOMPARE(p.total_steps(), 1e9);
    Cursor c = p.start();
    for (int i = 0; i < 999; ++i) QVERIFY(p.step(c, 0));
    QCOMPARE(c.index[0], std::int64_t{999});
    QCOMPARE(p.position(c), 999e6);
    QCOMPARE(p.tiles_so_far(c, 2, "A"), 1000.0);
    const Cursor mid = p.at_fraction(0.5);
    QCOMPARE(mid.index[0], std::int64_t{499});
  }

  void an_unknown_einsum_is_named() {
    const Workspace ws = load("two_level_matmul", {});
    QVERIFY(ws.ok());
    const spec::Mapping bad{{node(spec::ComputeNode{"Nope", "MAC"})}};
    try {
      (void)playback::Playback::build(ws.spec().workload.workload, bad);
      QFAIL("no error");
    } catch (const std::invalid_argument& e) {
      QVERIFY(QString(e.what()).contains("Nope"));
    }
  }
};

QTEST_APPLESS_MAIN(TestPlayback)
#include "test_playback.moc"
