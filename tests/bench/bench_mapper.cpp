// Mapper benchmark: per case, templates, pmappings evaluated, pmappings/s/thread, wall time
// at 1 and 2 threads, peak memory. Without arguments it runs small reference cases;
// `bench_mapper [--unfused] [--metric M] [--costs F#S] [--set K=V]... FILE...` runs one case.
#include <sys/resource.h>

#include <chrono>
#include <cstdio>
#include <string>
#include <vector>

#include "components/cost_table.h"
#include "mapper/mapper.h"
#include "spec/build/load.h"

namespace {

struct Case {
  std::string name;
  std::vector<std::string> files;
  std::vector<std::string> sets;
  std::string costs;
  std::string metric = "edp";
  bool unfused = true;
};

long peak_rss_kb() {
  rusage u{};
  getrusage(RUSAGE_SELF, &u);
  return u.ru_maxrss;
}

void run(const Case& c) {
  std::optional<af::components::CostTable> costs;
  if (!c.costs.empty()) costs = af::components::load_cost_table(c.costs);
  const af::spec::Spec spec =
      af::spec::load_spec(c.files, af::spec::parse_assignments(c.sets), {costs ? &*costs : nullptr, true});
  for (const int threads : {1, 2}) {
    af::mapper::MapperOptions o = af::mapper::options_from_spec(spec);
    o.metrics = af::mapper::parse_metrics(c.metric);
    o.unfused = c.unfused;
    o.threads = threads;
    const auto start = std::chrono::steady_clock::now();
    const auto r = af::mapper::map_workload(spec, o);
    const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    std::size_t templates = 0;
    std::uint64_t evaluated = 0;
    for (const auto& st : r.stats) {
      templates += st.templates;
      evaluated += st.pmappings_evaluated;
    }
    std::printf("%-40s threads=%d templates=%zu evaluated=%llu wall=%.3fs pmappings/s/thread=%.0f "
                "energy=%.6g latency=%.6g n_mappings=%zu peak_rss=%ldkB\n",
                c.name.c_str(), threads, templates, static_cast<unsigned long long>(evaluated), s,
                static_cast<double>(evaluated) / s / threads, r.evaluation ? r.evaluation->total_energy : -1.0,
                r.evaluation ? r.evaluation->total_latency : -1.0, r.n_mappings(), peak_rss_kb());
    std::fflush(stdout);
  }
}

}  // namespace

int main(int argc, char** argv) {
  std::vector<Case> cases;
  if (argc > 1) {
    Case c;
    c.name = "custom";
    c.unfused = false;
    for (int i = 1; i < argc; ++i) {
      const std::string a = argv[i];
      if (a == "--unfused") c.unfused = true;
      else if (a == "--metric" && i + 1 < argc) c.metric = argv[++i];
      else if (a == "--costs" && i + 1 < argc) c.costs = argv[++i];
      else if (a == "--set" && i + 1 < argc) c.sets.emplace_back(argv[++i]);
      else c.files.push_back(a);
    }
    cases.push_back(c);
  } else {
    const std::string ref = AF_SHARED_DIR "/reference/accelforge/";
    const std::string ex = ref + "examples/";
    const std::string renames = ex + "workloads/_renames_default.yaml";
    const std::vector<std::string> mm = {"KN=64", "M=64", "N_EINSUMS=2"};
    cases.push_back({"simple|matmuls|unfused", {ex + "arches/simple.yaml", ex + "workloads/basic/matmuls.yaml", renames}, mm, "", "edp", true});
    cases.push_back({"snowcat|matvecs|unfused", {ex + "arches/snowcat.yaml", ex + "workloads/basic/matvecs.yaml", renames}, {}, "", "energy", true});
    cases.push_back({"eyeriss|matmuls|unfused", {ex + "arches/eyeriss.yaml", ex + "workloads/basic/matmuls.yaml", renames}, mm,
                     ref + "expected/component-costs.json#eyeriss", "edp", true});
  }
  for (const auto& c : cases) {
    try {
      run(c);
    } catch (const std::exception& e) {
      std::printf("%-40s error: %s\n", c.name.c_str(), e.what());
    }
  }
}
