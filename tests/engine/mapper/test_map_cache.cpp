// Re-mapping with a MapCache (mapper/map_cache.h): after each kind of edit, through the
// workspace as the window makes it, the cached re-map's front is exactly the front of a map
// of the same spec without the cache (figures, usages and mappings), and the cache took what
// the edit left alone: nothing after an arch edit of a buffer every Einsum uses, the other
// Einsum's search after an edit of one Einsum's rank, every search and the join after a
// comment. Also: a Stop leaves nothing wrong behind, eviction, a project change clears, two
// maps share one cache from two threads.
#include <QtTest>
#include <fstream>
#include <sstream>
#include <thread>

#include "io/mapping_writer.h"
#include "mapper/mapper.h"
#include "workspace/workspace.h"

using namespace af;

namespace {

const std::string kChain = std::string(AF_SOURCE_DIR) + "/resources/examples/three_level_matmul_chain/";

std::string read(const std::string& path) {
  std::ifstream in(path);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

// `path`'s text with `from` replaced by `to`; `from` must be there.
std::string edited(const std::string& path, const std::string& from, const std::string& to) {
  std::string text = read(path);
  const auto at = text.find(from);
  if (at == std::string::npos) throw std::runtime_error(from + " is not in " + path);
  return text.replace(at, from.size(), to);
}

// The bundled chain at sizes where fusion and capacity both matter, with `unsaved` texts.
Workspace chain(std::map<std::string, std::string> unsaved = {}) {
  SpecInputs in;
  in.files = {kChain + "arch.yaml", kChain + "workload.yaml"};
  in.unsaved = std::move(unsaved);
  in.assignments = {"M=64", "KN=64"};
  Workspace ws = Workspace::load(std::move(in));
  if (!ws.ok()) throw std::runtime_error("the bundled chain did not load");
  return ws;
}

mapper::MapperOptions options(const Workspace& ws, unsigned metrics, std::int64_t max_fused_loops) {
  mapper::MapperOptions o = ws.mapper_options();
  o.metrics = metrics;
  o.threads = 2;
  o.max_fused_loops = max_fused_loops;
  return o;
}

// Exactly the same front: figures, usages and each mapping.
void same_front(const mapper::MapperResult& cached, const mapper::MapperResult& cold, const char* where) {
  QVERIFY2(cached.found && cold.found, where);
  QVERIFY2(cached.front.size() == cold.front.size(), where);
  for (std::size_t i = 0; i < cold.front.size(); ++i) {
    QVERIFY2(cached.front[i].dynamic_energy == cold.front[i].dynamic_energy, where);
    QVERIFY2(cached.front[i].leak_energy == cold.front[i].leak_energy, where);
    QVERIFY2(cached.front[i].latency == cold.front[i].latency, where);
    QVERIFY2(cached.front[i].usage == cold.front[i].usage, where);
    QVERIFY2(io::write_mapping_yaml(mapper::mapping_of(cached, i)) ==
                 io::write_mapping_yaml(mapper::mapping_of(cold, i)),
             where);
  }
  QVERIFY2(cached.evaluation->total_energy == cold.evaluation->total_energy, where);
  QVERIFY2(cached.evaluation->total_latency == cold.evaluation->total_latency, where);
}

// Stops the run once `after` templates have finished.
class StopAfter : public mapper::Observer {
 public:
  StopAfter(std::stop_source& stop, std::size_t after) : stop_(stop), after_(after) {}
  void on_template_done(const std::string&, std::size_t, std::size_t, const mapper::EinsumStats&) override {
    if (++done_ >= after_) stop_.request_stop();
  }

 private:
  std::stop_source& stop_;
  std::size_t after_, done_ = 0;
};

constexpr std::int64_t kNoLimit = mapper::kUnlimited;

}  // namespace

class TestMapCache : public QObject {
  Q_OBJECT

 private slots:
  void nothing_changed_reruns_only_the_report() {
    mapper::MapCache cache;
    const Workspace ws = chain();
    const auto o = options(ws, mapper::kEdp, kNoLimit);
    const auto first = ws.map(o, nullptr, {}, &cache);
    QCOMPARE(first.reuse.searches_reused, std::size_t{0});
    QVERIFY(!first.reuse.join_reused);
    // A comment is an edit that no stage reads.
    const Workspace commented = chain({{kChain + "arch.yaml", "# a note\n" + read(kChain + "arch.yaml")}});
    const auto again = commented.map(o, nullptr, {}, &cache);
    QCOMPARE(again.reuse.searches_reused, again.reuse.searches);
    QVERIFY(again.reuse.searches > 0);
    QVERIFY(again.reuse.join_reused);
    QCOMPARE(again.reuse.ceiling_searches_reused, again.reuse.ceiling_searches);
    QCOMPARE(QString::fromStdString(again.reuse.summary()),
             QString("reused %1 of %1 Einsum searches, join reused").arg(again.reuse.searches));
    same_front(again, commented.map(o), "comment");
  }

  // A buffer's size is read by every Einsum's search: nothing is reused, the front is new.
  void arch_edit() {
    mapper::MapCache cache;
    const auto o = options(chain(), mapper::kEdp, kNoLimit);
    (void)chain().map(o, nullptr, {}, &cache);
    const Workspace smaller =
        chain({{kChain + "arch.yaml", edited(kChain + "arch.yaml", "32 * 1024 * 8", "8 * 1024 * 8")}});
    const auto cached = smaller.map(o, nullptr, {}, &cache);
    QCOMPARE(cached.reuse.searches_reused, std::size_t{0});
    QVERIFY(!cached.reuse.join_reused);
    same_front(cached, smaller.map(o), "GlobalBuffer 8 KiB");
  }

  // N2 is a rank of Matmul1 alone. Without ceilings (a fused-loop limit, no earlier
  // unlimited map in the cache) Matmul0's search reads nothing the edit changed.
  void workload_edit_of_one_einsum() {
    for (const std::int64_t limit : {std::int64_t{1}, kNoLimit}) {
      mapper::MapCache cache;
      const auto o = options(chain(), mapper::kEdp, limit);
      (void)chain().map(o, nullptr, {}, &cache);
      const Workspace edited_ws =
          chain({{kChain + "workload.yaml", edited(kChain + "workload.yaml", "N2: {{KN}}", "N2: 32")}});
      const auto cached = edited_ws.map(o, nullptr, {}, &cache);
      QVERIFY(!cached.reuse.join_reused);
      QCOMPARE(cached.reuse.searches, std::size_t{2});
      if (limit == 1) QCOMPARE(cached.reuse.searches_reused, std::size_t{1});
      QVERIFY(cached.reuse.searches_reused <= 1);
      same_front(cached, edited_ws.map(o), limit == 1 ? "N2 = 32, one fused loop" : "N2 = 32");
      if (QTest::currentTestFailed()) return;
    }
  }

  // A mapper setting the search reads (the fused-loop limit), then back: the second map
  // without a limit is the first one's, entirely from the cache.
  void mapper_setting_edit() {
    mapper::MapCache cache;
    const Workspace ws = chain();
    for (const unsigned metrics : {unsigned{mapper::kEdp}, unsigned{mapper::kEnergy | mapper::kLatency}}) {
      const auto unlimited = options(ws, metrics, kNoLimit);
      const auto one = options(ws, metrics, 1);
      const auto first = ws.map(unlimited, nullptr, {}, &cache);
      const auto limited = ws.map(one, nullptr, {}, &cache);
      same_front(limited, ws.map(one), "one fused loop");
      const auto back = ws.map(unlimited, nullptr, {}, &cache);
      QCOMPARE(back.reuse.searches_reused, back.reuse.searches);
      QVERIFY(back.reuse.join_reused);
      same_front(back, first, "no limit again");
      if (QTest::currentTestFailed()) return;
    }
  }

  // A run stopped half way keeps nothing half done: the next map finds the cold front.
  void a_stop_leaves_nothing_wrong() {
    mapper::MapCache cache;
    const Workspace ws = chain();
    const auto o = options(ws, mapper::kEdp, kNoLimit);
    for (const std::size_t after : {1, 3, 8}) {
      std::stop_source stop;
      StopAfter observer(stop, after);
      const auto stopped = ws.map(o, &observer, stop.get_token(), &cache);
      QVERIFY(stopped.cancelled);
    }
    same_front(ws.map(o, nullptr, {}, &cache), ws.map(o), "after stops");
  }

  // A cache of no bytes keeps nothing; one for half of a map drops the least recently used.
  void bounded() {
    const Workspace ws = chain();
    const auto o = options(ws, mapper::kEdp, kNoLimit);
    mapper::MapCache tiny(0);
    same_front(ws.map(o, nullptr, {}, &tiny), ws.map(o), "tiny cache");
    QCOMPARE(tiny.figures().entries, std::size_t{0});
    mapper::MapCache full;
    (void)ws.map(o, nullptr, {}, &full);
    const std::size_t needed = full.figures().bytes;
    QVERIFY(needed > 0);
    mapper::MapCache half(needed / 2);
    same_front(ws.map(o, nullptr, {}, &half), ws.map(o), "half cache");
    QVERIFY(half.figures().bytes <= needed / 2);
    QVERIFY(half.figures().dropped > 0);
    same_front(ws.map(o, nullptr, {}, &half), ws.map(o), "half cache, again");
  }

  void a_new_project_starts_empty() {
    mapper::MapCache cache;
    const Workspace ws = chain();
    const auto o = options(ws, mapper::kEdp, kNoLimit);
    cache.use_for("one project");
    (void)ws.map(o, nullptr, {}, &cache);
    QVERIFY(cache.figures().entries > 0);
    cache.use_for("one project");  // a re-load of the same project keeps it
    QVERIFY(cache.figures().entries > 0);
    cache.use_for("another project");
    QCOMPARE(cache.figures().entries, std::size_t{0});
    QCOMPARE(cache.figures().bytes, std::size_t{0});
  }

  // A re-map in the background while another is under way: one cache, two threads.
  void two_threads_share_a_cache() {
    mapper::MapCache cache;
    const Workspace ws = chain();
    const Workspace edited_ws =
        chain({{kChain + "workload.yaml", edited(kChain + "workload.yaml", "N2: {{KN}}", "N2: 32")}});
    const auto o = options(ws, mapper::kEdp, kNoLimit);
    mapper::MapperResult a, b;
    {
      std::jthread first([&] { a = ws.map(o, nullptr, {}, &cache); });
      std::jthread second([&] { b = edited_ws.map(o, nullptr, {}, &cache); });
    }
    same_front(a, ws.map(o), "first thread");
    same_front(b, edited_ws.map(o), "second thread");
  }
};

QTEST_GUILESS_MAIN(TestMapCache)
#include "test_map_cache.moc"
