// The playback of a mapping (engine/playback): positions and steps agree with a brute-force
// walk of the loop nest, tiles agree with the loops' arithmetic, Sequential branches play in
// order (their shared loops around them), spatial loops give each PE its own tile, a nest
// of 10^9 innermost iterations steps at its outer loops; under tiles and fanouts that do not
// divide their ranks the last tile is clipped and the counters are the sums of the tiles
// outlined, at every step (a walk), ending at the model's counts, except where the model's
// average tile is not the true count (a halo, a loop past a range's end; README: Counters).
#include <QtTest>
#include <map>

#include "model/evaluate.h"
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

// The model's count of `action` on `tensor` in `component` for `einsum`, in values.
double modelValues(const Workspace& ws, const model::Evaluation& ev, const std::string& einsum,
                   const std::string& component, const std::string& tensor, const std::string& action) {
  const auto found = ev.actions.find({einsum, component, tensor, action});
  if (found == ev.actions.end()) return 0;
  const auto& arch = ws.spec().arch_by_einsum.at(einsum).arch;
  const auto* c = arch.find(component);
  const auto* a = c ? c->find_action(action) : nullptr;
  const double bitsPerAction = a ? a->bits_per_action.value_or(c->bits_per_action.value_or(1.0)) : 1.0;
  return found->second * bitsPerAction /
         ws.spec().workload.workload.find_einsum(einsum)->find_access(tensor)->bits_per_value;
}

Workspace loadMapping(const std::string& name, const std::string& mapping, std::vector<std::string> sets) {
  SpecInputs in;
  in.files = {example(name, "arch.yaml"), example(name, "workload.yaml"),
              AF_TEST_DATA_DIR "/playback/" + mapping};
  in.assignments = std::move(sets);
  return Workspace::load(in);
}

// Every PE of a fanout (its spatial loops' trips), in order.
std::vector<std::vector<std::int64_t>> everyPe(const std::vector<std::int64_t>& fan) {
  std::vector<std::vector<std::int64_t>> out{{}};
  for (const auto trips : fan) {
    std::vector<std::vector<std::int64_t>> next;
    for (const auto& pe : out)
      for (std::int64_t i = 0; i < trips; ++i) {
        next.push_back(pe);
        next.back().push_back(i);
      }
    out = std::move(next);
  }
  return out;
}

double volume(const std::vector<Range>& ranges) {
  double v = 1;
  for (const auto& r : ranges) v *= static_cast<double>(std::max<std::int64_t>(r.size(), 0));
  return v;
}

// Walks every position of a one-nest play and checks, at each, the counters that are sums of
// what the playback shows: the computes (the points of every PE's range) and, for each input
// a buffer below its backing one holds, the tiles and values written (each tile where it
// arrives, per PE, at the size tile() outlines).
void checkCountersAgainstAWalk(const playback::Playback& p) {
  QCOMPARE(p.nests().size(), std::size_t{1});
  const auto& nest = p.nests()[0];
  const std::vector<std::int64_t> firstPe(nest.loops.size(), 0);
  double computes = 0;
  std::map<std::pair<std::size_t, std::string>, std::pair<double, double>> arrived;  // tiles, values
  Cursor c = p.start();
  for (double pos = 0; pos < p.total_steps(); ++pos) {
    for (const auto& pe : everyPe(p.fanout(0, nest.loops.size()))) {
      double points = 1;
      for (const auto& [rv, r] : p.ranges(c, nest.loops.size(), pe)) points *= static_cast<double>(r.size());
      computes += points;
    }
    QCOMPARE(p.computes_so_far(c), computes);
    for (const auto& k : p.counters(c)) {
      const auto* access = nest.workload->find_access(k.tensor);
      if (access->output || k.holder == 0) continue;
      auto& [tiles, values] = arrived[{k.holder, k.tensor}];
      if (p.refill_position(c, k.holder, k.tensor) == pos) {
        const double first = volume(p.tile(c, k.holder, k.tensor, firstPe));
        tiles += first > 0 ? 1 : 0;
        for (const auto& pe : everyPe(p.fanout(0, nest.holders[k.holder].loops_above)))
          values += volume(p.tile(c, k.holder, k.tensor, pe));
      }
      QVERIFY2(k.tiles == tiles && k.writes == values,
               qPrintable(QString("%1 %2 at %3: tiles %4 (walk %5), written %6 (walk %7)")
                              .arg(QString::fromStdString(k.component), QString::fromStdString(k.tensor))
                              .arg(pos)
                              .arg(k.tiles)
                              .arg(tiles)
                              .arg(k.writes)
                              .arg(values)));
    }
    p.step(c, p.innermost(0));
  }
}

// The counters at the play's end against the model's action counts, in values.
void checkCountersAgainstTheModel(const Workspace& ws) {
  const auto outcome = ws.evaluate();
  QVERIFY(outcome.evaluation);
  const auto p = playback::Playback::build(ws.spec().workload.workload, *ws.spec().mapping);
  const Cursor end = p.end();
  const std::string& einsum = p.nests()[end.nest].einsum;
  for (const auto& k : p.counters(end))
    for (const auto& [action, ours] : {std::pair{"read", k.reads}, std::pair{"write", k.writes}}) {
      const double theirs = modelValues(ws, *outcome.evaluation, einsum, k.component, k.tensor, action);
      QVERIFY2(ours == theirs, qPrintable(QString("%1 %2 %3: playback %4, model %5")
                                              .arg(QString::fromStdString(k.component),
                                                   QString::fromStdString(k.tensor), action)
                                              .arg(ours)
                                              .arg(theirs)));
    }
}

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

  // Tiles that do not divide their ranks (M=3 by 2, N=5 by 2, K=4 by 3): the last tile is
  // clipped at the range's end, the inner loops under it run past the end with empty tiles,
  // and every counter sums the true sizes, ending at the model's counts.
  void imperfect_tiles_are_clipped_and_counted() {
    const Workspace ws =
        loadMapping("two_level_matmul", "imperfect_matmul_mapping.yaml", {"M=3", "K=4", "N=5"});
    QVERIFY(ws.ok());
    const auto p = playback::Playback::build(ws.spec().workload.workload, *ws.spec().mapping);
    const auto& nest = p.nests()[0];
    // Loops m/2, n/2, m/1, n/1, k/3, k/1: 2 x 3 x 2 x 2 x 2 x 3 steps, of which 3 x 5 x 4 compute.
    QCOMPARE(p.total_steps(), 144.0);
    QCOMPARE(nest.holders[1].component, std::string("Scratchpad"));  // A and Z, under m/2
    Cursor c = p.start();
    c.index = {1, 2, 0, 0, 1, 0};  // the last m tile, the last n tile, the last k tile
    QCOMPARE(p.tile(c, 1, "A"), (std::vector<Range>{{2, 3}, {0, 4}}));
    QCOMPARE(p.tile(c, 2, "B"), (std::vector<Range>{{0, 4}, {4, 5}}));
    QCOMPARE(p.compute_tile(c, "A"), (std::vector<Range>{{2, 3}, {3, 4}}));
    c.index = {1, 2, 1, 0, 1, 1};  // m and k past their ends: nothing to compute
    QCOMPARE(volume(p.compute_tile(c, "A")), 0.0);
    for (const auto& [rv, r] : p.ranges(c, nest.loops.size()))
      if (rv == "k") QCOMPARE(r, (Range{4, 4}));
    checkCountersAgainstAWalk(p);
    if (QTest::currentTestFailed()) return;
    QCOMPARE(p.computes_so_far(p.end()), 60.0);
    checkCountersAgainstTheModel(ws);
  }

  // Fanouts that do not divide their ranks (M=8 over 3 PEs by 3, P=5 over 3 by 2): the last
  // PE holds less, each PE's counters sum its own tiles, ending at the model's counts.
  void imperfect_fanouts_are_clipped_and_counted() {
    const Workspace ws = loadMapping("spatial_array_conv", "imperfect_conv_mapping.yaml", {"P=5"});
    QVERIFY(ws.ok());
    const auto p = playback::Playback::build(ws.spec().workload.workload, *ws.spec().mapping);
    const auto& nest = p.nests()[0];
    std::size_t reg = 0;
    for (std::size_t h = 0; h < nest.holders.size(); ++h)
      if (nest.holders[h].component == "Register") reg = h;
    QCOMPARE(p.fanout(0, nest.holders[reg].loops_above), (std::vector<std::int64_t>{3, 3}));
    Cursor c = p.start();
    c.index[3] = 2;  // temporal m: the third of each PE's m
    QCOMPARE(p.tile(c, reg, "O", {1, 2}), (std::vector<Range>{{5, 6}, {4, 5}, {0, 1}}));
    QCOMPARE(volume(p.tile(c, reg, "O", {2, 2})), 0.0);  // the last X PE has m 6 and 7 only
    QCOMPARE(p.tile(c, reg, "O"), (std::vector<Range>{{2, 8}, {0, 5}, {0, 1}}));  // the hull
    checkCountersAgainstAWalk(p);
    if (QTest::currentTestFailed()) return;
    QCOMPARE(p.computes_so_far(p.end()), 8.0 * 4 * 5 * 5 * 3 * 3);
    checkCountersAgainstTheModel(ws);
  }

  // Where the model's average tile is not the true count (README: Counters): a tile of I
  // spans p + r, so P=5 by 2 with R=3 gives tiles of 4, 4 and 3 rows, 11 per (c, w), where the
  // model counts 2.5 tiles of 4; and the model counts p's loops as fractions (p is not a
  // simple rank variable), 5 per q, where the play has 6 steps, one past P's end.
  void a_halo_and_a_loop_past_the_end_differ_from_the_model() {
    const Workspace ws = loadMapping("spatial_array_conv", "halo_conv_mapping.yaml", {"P=5"});
    QVERIFY(ws.ok());
    const auto outcome = ws.evaluate();
    QVERIFY(outcome.evaluation);
    const auto p = playback::Playback::build(ws.spec().workload.workload, *ws.spec().mapping);
    checkCountersAgainstAWalk(p);
    if (QTest::currentTestFailed()) return;
    const auto counters = p.counters(p.end());
    const auto counter = [&](const std::string& component, const std::string& tensor) {
      for (const auto& k : counters)
        if (k.component == component && k.tensor == tensor) return k;
      return playback::Playback::Counter{};
    };
    // I (C=4, W=7): written into the global buffer per tile of p.
    QCOMPARE(counter("GlobalBuffer", "I").writes, 11.0 * 4 * 7);
    QCOMPARE(modelValues(ws, *outcome.evaluation, "Conv", "GlobalBuffer", "I", "write"), 10.0 * 4 * 7);
    // Wt read from DRAM at every step: 3 x 2 steps of p per (m, q, c, r, s), against the model's 5.
    QCOMPARE(counter("DRAM", "Wt").reads, 6.0 * 8 * 5 * 4 * 3 * 3);
    QCOMPARE(modelValues(ws, *outcome.evaluation, "Conv", "DRAM", "Wt", "read"), 5.0 * 8 * 5 * 4 * 3 * 3);
    // The rest agree, the computes too.
    QCOMPARE(p.computes_so_far(p.end()), 8.0 * 4 * 5 * 5 * 3 * 3);
    QCOMPARE(counter("GlobalBuffer", "I").reads,
             modelValues(ws, *outcome.evaluation, "Conv", "GlobalBuffer", "I", "read"));
    QCOMPARE(counter("GlobalBuffer", "O").writes,
             modelValues(ws, *outcome.evaluation, "Conv", "GlobalBuffer", "O", "write"));
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
