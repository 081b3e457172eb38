// RESOURCE_USAGE as an objective (AccelForge's Metrics.RESOURCE_USAGE): each memory's usage,
// its peak reservation as a share of its size, is an objective of the fronts. The oracle:
// on a matmul, every point of the energy-versus-buffer-usage front is the optimum energy of
// the same arch with the buffer's size set to that point's usage (three points checked), and
// energy never rises as usage grows (the "ski slope"). On AccelForge's snowcat (the arch its
// ski-slope notebook uses) when the corpus is there, and on the bundled two-level matmul.
#include <QtTest>
#include <algorithm>
#include <cmath>
#include <stop_token>

#include "mapper/mapper.h"
#include "support/load_spec.h"
#include "support/shared_corpus.h"

using namespace af;

namespace {

struct Point {
  double usage = 0, energy = 0;
};

// The memory's usage against energy: the front's mappings, Pareto-pruned on those two,
// usage ascending.
std::vector<Point> slope(const mapper::MapperResult& r, const std::string& memory) {
  const auto it = std::find(r.tracked.names.begin(), r.tracked.names.end(), memory);
  if (it == r.tracked.names.end()) return {};
  const auto m = static_cast<std::size_t>(it - r.tracked.names.begin());
  std::vector<Point> all;
  for (const auto& jm : r.front) all.push_back({jm.usage.at(m), jm.energy()});
  std::sort(all.begin(), all.end(), [](const Point& a, const Point& b) {
    return a.usage < b.usage || (a.usage == b.usage && a.energy < b.energy);
  });
  std::vector<Point> out;
  for (const auto& p : all)
    if (out.empty() || p.energy < out.back().energy) out.push_back(p);
  return out;
}

spec::Spec with_size(spec::Spec s, const std::string& memory, double bits) {
  for (auto& [einsum, built] : s.arch_by_einsum)
    for (auto& c : built.arch.components)
      if (c.name == memory) c.size = bits;
  return s;
}

double optimum_energy(const spec::Spec& s) {
  mapper::MapperOptions o = mapper::options_from_spec(s);
  o.metrics = mapper::kEnergy;
  o.threads = 2;
  const auto r = mapper::map_workload(s, o);
  return r.found ? r.front.front().energy() : -1;
}

double size_of(const spec::Spec& s, const std::string& memory) {
  for (const auto& [einsum, built] : s.arch_by_einsum)
    for (const auto& c : built.arch.components)
      if (c.name == memory) return c.size;
  return 0;
}

// The front's energy at a usage equals the optimum under that much memory; float32 is what
// the mapper ranks by, so a different mapping of the same energy may sum to other last bits.
bool same_energy(double a, double b) { return std::abs(a - b) <= 1e-6 * std::max(std::abs(a), std::abs(b)); }

void check_slope(const spec::Spec& s, const std::string& memory) {
  mapper::MapperOptions o = mapper::options_from_spec(s);
  o.metrics = mapper::parse_metrics("energy|resource_usage");
  o.threads = 2;
  const auto r = mapper::map_workload(s, o);
  QVERIFY2(r.found, r.failure.c_str());
  QVERIFY(r.tracked.index(memory) >= 0);
  const auto points = slope(r, memory);
  qInfo("%zu front mappings, %zu points of %s usage against energy", r.front.size(), points.size(),
        memory.c_str());
  QVERIFY2(points.size() >= 3, "the slope has fewer than three steps: the oracle would be vacuous");
  for (std::size_t i = 1; i < points.size(); ++i) {
    QVERIFY(points[i].usage > points[i - 1].usage);
    QVERIFY(points[i].energy < points[i - 1].energy);  // non-increasing, strictly after pruning
  }
  const double size = size_of(s, memory);
  for (const std::size_t i : {std::size_t{0}, points.size() / 2, points.size() - 1}) {
    const double bits = std::round(points[i].usage * size);
    const double best = optimum_energy(with_size(s, memory, bits));
    QVERIFY2(same_energy(best, points[i].energy),
             qPrintable(QString("at %1 bits of %2 the optimum is %3 J, the front says %4 J")
                            .arg(bits)
                            .arg(QString::fromStdString(memory))
                            .arg(best, 0, 'g', 12)
                            .arg(points[i].energy, 0, 'g', 12)));
    // With one bit less that point's mappings no longer fit: the optimum is dearer.
    if (i > 0) QVERIFY(optimum_energy(with_size(s, memory, bits - 1)) > points[i].energy * (1 + 1e-9));
  }
}

}  // namespace

class TestResourceUsage : public QObject {
  Q_OBJECT

 private slots:
  void metric_grammar() {
    QCOMPARE(mapper::parse_metrics("energy|resource_usage"),
             unsigned{mapper::kEnergy | mapper::kResourceUsage});
    QCOMPARE(mapper::parse_metrics("Metrics.ENERGY | Metrics.RESOURCE_USAGE"),
             unsigned{mapper::kEnergy | mapper::kResourceUsage});
    QCOMPARE(QString::fromStdString(mapper::metrics_name(mapper::kEdp | mapper::kResourceUsage)),
             QString("edp|resource_usage"));
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, (void)mapper::parse_metrics("resource_usage"));
  }

  // Without RESOURCE_USAGE a buffer that holds every tensor is not tracked; with it, every
  // finite memory is, and each front mapping carries its usages.
  void every_finite_memory_is_tracked() {
    const std::string ex = std::string(AF_SOURCE_DIR) + "/resources/examples/three_level_matmul_chain/";
    const spec::Spec s = af::test::load_spec({ex + "arch.yaml", ex + "workload.yaml"});
    mapper::MapperOptions o = mapper::options_from_spec(s);
    o.threads = 2;
    o.metrics = mapper::parse_metrics("energy|resource_usage");
    const auto r = mapper::map_workload(s, o);
    QVERIFY(r.found);
    QCOMPARE(r.tracked.names, (std::vector<std::string>{"GlobalBuffer", "Register"}));
    double most = 0;
    for (const auto& m : r.front) {
      QCOMPARE(m.usage.size(), std::size_t{2});
      for (const double u : m.usage) QVERIFY(u >= 0 && u <= 1);
      most = std::max(most, *std::max_element(m.usage.begin(), m.usage.end()));
    }
    QVERIFY(most > 0);
    o.metrics = mapper::kEnergy;
    const auto energy_only = mapper::map_workload(s, o);
    QVERIFY(r.front.size() > energy_only.front.size());
    // The energy optimum is on the usage front too.
    double least = r.front.front().energy();
    for (const auto& m : r.front) least = std::min(least, m.energy());
    QCOMPARE(least, energy_only.front.front().energy());
  }

  // With every memory's usage an objective a fused join keeps many rows; over its memory
  // limit the run stops itself as a Stop would, saying where and what to change, and keeps
  // what it found. A limit it stays under changes nothing.
  void join_memory_limit_stops_the_run_and_says_why() {
    const std::string ex = std::string(AF_SOURCE_DIR) + "/resources/examples/three_level_matmul_chain/";
    const spec::Spec s = af::test::load_spec({ex + "arch.yaml", ex + "workload.yaml"});
    mapper::MapperOptions o = mapper::options_from_spec(s);
    o.threads = 2;
    o.metrics = mapper::parse_metrics("energy|resource_usage");
    const auto whole = mapper::map_workload(s, o);
    QVERIFY(whole.found && !whole.cancelled && whole.stopped_because.empty());
    QVERIFY(!whole.join_steps.empty());

    o.join_memory_limit = 1;  // a byte: the first batch of joined rows is over it
    const auto cut = mapper::map_workload(s, o);
    QVERIFY(cut.cancelled);
    QVERIFY2(cut.stopped_because.find("memory limit") != std::string::npos, cut.stopped_because.c_str());
    QVERIFY2(cut.stopped_because.find("objective_tolerance") != std::string::npos,
             cut.stopped_because.c_str());
    // It names the Einsum whose step outgrew the limit: the first to join the left.
    QVERIFY2(cut.stopped_because.find(whole.join_steps.front().einsum) != std::string::npos,
             cut.stopped_because.c_str());
    // What was found so far joins into whole mappings, none better than the whole run's best.
    QVERIFY2(cut.found, cut.failure.c_str());
    double best = whole.front.front().energy(), cut_best = cut.front.front().energy();
    for (const auto& m : whole.front) best = std::min(best, m.energy());
    for (const auto& m : cut.front) cut_best = std::min(cut_best, m.energy());
    QVERIFY(cut_best >= best * (1 - 1e-9));

    // Between what the exact join holds and what a rounded one does, the run joins again
    // rounded and says so: the front is the rounded run's.
    const auto most_held = [](const mapper::MapperResult& r) {
      std::size_t most = 0;
      for (const auto& step : r.join_steps) most = std::max(most, step.held_bytes);
      return most;
    };
    mapper::MapperOptions rounding = o;
    rounding.join_memory_limit = 0;
    rounding.objective_tolerance = 0.05;
    const auto rounded_run = mapper::map_workload(s, rounding);
    qInfo("the join held %zu bytes at most, %zu rounded", most_held(whole), most_held(rounded_run));
    QVERIFY(most_held(rounded_run) > 0);
    QVERIFY(most_held(rounded_run) < most_held(whole));
    o.join_memory_limit = (most_held(rounded_run) + most_held(whole)) / 2;
    const auto rounded = mapper::map_workload(s, o);
    QVERIFY(rounded.found && !rounded.cancelled && rounded.stopped_because.empty());
    QVERIFY2(rounded.rounded_because.find("rounded") != std::string::npos, rounded.rounded_because.c_str());
    QVERIFY2(rounded.rounded_because.find("memory limit") != std::string::npos,
             rounded.rounded_because.c_str());
    QCOMPARE(rounded.join_steps.back().rows_out, rounded_run.join_steps.back().rows_out);

    // The observer hears of the restart once, then the rounded join's steps. A Stop pressed
    // then is the user's: the run says nothing of the memory limit.
    struct Restarts : mapper::Observer {
      std::stop_source stop;
      bool stop_at_restart = false;
      int restarts = 0;
      std::size_t steps_after = 0;
      void on_join_restarted(const std::string& why) override {
        ++restarts;
        steps_after = 0;
        QVERIFY2(why.find("memory limit") != std::string::npos, why.c_str());
        if (stop_at_restart) stop.request_stop();
      }
      void on_join_step(const mapper::JoinStepStats&) override { ++steps_after; }
    };
    Restarts heard;
    const auto again = mapper::map_workload(s, o, &heard);
    QCOMPARE(heard.restarts, 1);
    QCOMPARE(heard.steps_after, again.join_steps.size());
    QVERIFY(again.rounded_because == rounded.rounded_because);
    Restarts stopping;
    stopping.stop_at_restart = true;
    const auto stopped = mapper::map_workload(s, o, &stopping, stopping.stop.get_token());
    QCOMPARE(stopping.restarts, 1);
    QVERIFY(stopped.cancelled);
    QVERIFY2(stopped.stopped_because.empty(), stopped.stopped_because.c_str());
    QVERIFY2(stopped.rounded_because.empty(), stopped.rounded_because.c_str());

    o.join_memory_limit = std::size_t{1} << 30;
    const auto roomy = mapper::map_workload(s, o);
    QVERIFY(!roomy.cancelled && roomy.stopped_because.empty() && roomy.rounded_because.empty());
    QCOMPARE(roomy.front.size(), whole.front.size());
    QVERIFY(mapper::join_memory_limit(mapper::MapperOptions{}) > 0);
  }

  void bundled_two_level_matmul() {
    const std::string ex = std::string(AF_SOURCE_DIR) + "/resources/examples/two_level_matmul/";
    check_slope(af::test::load_spec({ex + "arch.yaml", ex + "workload.yaml"}), "Scratchpad");
  }

  void snowcat_matmul() {
    AF_REQUIRE_CORPUS();
    const std::string ex = af::test::examples_dir().string() + "/";
    check_slope(af::test::load_spec({ex + "arches/snowcat.yaml", ex + "workloads/basic/matmuls.yaml"},
                                    {"N_EINSUMS=1", "M=64", "KN=64"}),
                "GlobalBuffer");
  }
};

QTEST_GUILESS_MAIN(TestResourceUsage)
#include "test_resource_usage.moc"
