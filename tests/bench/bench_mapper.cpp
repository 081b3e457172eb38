// Mapper benchmark: per case, templates, pmappings evaluated, pmappings/s/thread, wall time
// at 1 and 2 threads, peak memory. Without arguments it runs the 12 unfused reference
// cases, gpt3_6.7B on three arches, and gpt3_6.7B on eyeriss with imperfect tiles;
// `bench_mapper [--unfused] [--metric M] [--costs F#S] [--set K=V] [--imperfect WHICH]
// [--coarseness C]... FILE...` runs one case.
#include <sys/resource.h>

#include <chrono>
#include <cstdio>
#include <string>
#include <vector>

#include "components/cost_table.h"
#include "mapper/mapper.h"
#include "loader/load.h"

namespace {

struct Case {
  std::string name;
  std::vector<std::string> files;
  std::vector<std::string> sets;
  std::string costs;
  std::string metric = "edp";
  bool unfused = true;
  std::string imperfect = "";  // "", spatial, temporal or both
  double coarseness = 1;
  std::vector<std::string> einsums;  // empty: all
  std::vector<int> threads = {1, 2};
  std::int64_t max_fused_loops = 1;  // the regression setting
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
  for (const int threads : c.threads) {
    af::mapper::MapperOptions o = af::mapper::options_from_spec(spec);
    o.einsums = c.einsums;
    o.max_fused_loops = c.max_fused_loops;
    o.metrics = af::mapper::parse_metrics(c.metric);
    o.unfused = c.unfused;
    o.threads = threads;
    if (!c.imperfect.empty()) af::mapper::set_imperfect_loops(o, c.imperfect);
    if (c.coarseness != 1) o.tiling_coarseness = c.coarseness;
    const auto start = std::chrono::steady_clock::now();
    const auto r = af::mapper::map_workload(spec, o);
    const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    std::size_t templates = 0;
    std::uint64_t evaluated = 0;
    for (const auto& st : r.stats) {
      templates += st.templates;
      evaluated += st.pmappings_evaluated;
    }
    std::printf(
        "%-40s threads=%d templates=%zu evaluated=%llu wall=%.3fs pmappings/s/thread=%.0f "
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
      if (a == "--unfused")
        c.unfused = true;
      else if (a == "--metric" && i + 1 < argc)
        c.metric = argv[++i];
      else if (a == "--costs" && i + 1 < argc)
        c.costs = argv[++i];
      else if (a == "--set" && i + 1 < argc)
        c.sets.emplace_back(argv[++i]);
      else if (a == "--imperfect" && i + 1 < argc)
        c.imperfect = argv[++i];
      else if (a == "--coarseness" && i + 1 < argc)
        c.coarseness = std::stod(argv[++i]);
      else if (a == "--einsum" && i + 1 < argc)
        c.einsums.emplace_back(argv[++i]);
      else if (a == "--threads" && i + 1 < argc)
        c.threads = {std::stoi(argv[++i])};
      else if (a == "--max-fused-loops" && i + 1 < argc)
        c.max_fused_loops = std::stoll(argv[++i]);
      else
        c.files.push_back(a);
    }
    cases.push_back(c);
  } else {
    // The 12 unfused regression cases, then transformers at N_NEW_TOKENS=256.
    const std::string ref = AF_SHARED_DIR "/reference/accelforge/";
    const std::string ex = ref + "examples/";
    const std::string renames = ex + "workloads/_renames_default.yaml";
    const std::vector<std::string> mm = {"KN=64", "M=64", "N_EINSUMS=2"};
    const auto costs_for = [&](const std::string& arch) {
      return arch == "eyeriss" || arch == "simba" ? ref + "expected/component-costs.json#" + arch
                                                  : std::string();
    };
    for (const std::string arch : {"simple", "eyeriss", "simba", "tpu_v4i", "snowcat"}) {
      const std::string metric = arch == "snowcat" ? "energy" : "edp";
      const std::string a = ex + "arches/" + arch + ".yaml";
      const std::vector<std::string> extra =
          arch == "snowcat" ? std::vector<std::string>{} : std::vector<std::string>{renames};
      const auto files = [&](const std::string& w) {
        std::vector<std::string> f = {a, w};
        f.insert(f.end(), extra.begin(), extra.end());
        return f;
      };
      cases.push_back({arch + "|matmuls|unfused", files(ex + "workloads/basic/matmuls.yaml"), mm,
                       costs_for(arch), metric, true});
      cases.push_back({arch + "|three_matmuls|unfused",
                       files(ex + "workloads/basic/three_matmuls_annotated.yaml"),
                       {},
                       costs_for(arch),
                       metric,
                       true});
    }
    cases.push_back({"snowcat|matvecs|unfused",
                     {ex + "arches/snowcat.yaml", ex + "workloads/basic/matvecs.yaml"},
                     {},
                     "",
                     "energy",
                     true});
    cases.push_back({"snowcat|mobilenet_28|unfused",
                     {ex + "arches/snowcat.yaml", ex + "workloads/cnns/mobilenet/mobilenet_28.yaml"},
                     {},
                     "",
                     "energy",
                     true});
    const std::vector<std::string> prefill = {"BATCH_SIZE=1", "DECODE=False", "N_NEW_TOKENS=256"};
    for (const std::string arch : {"eyeriss", "simba", "snowcat"})
      cases.push_back({arch + "|gpt3_6.7B|unfused",
                       {ex + "arches/" + arch + ".yaml", ex + "workloads/transformers/gpt/gpt3_6.7B.yaml"},
                       prefill,
                       costs_for(arch),
                       arch == "snowcat" ? "energy" : "edp",
                       true});
    // Imperfect tiles: 4096 has no factor that fills eyeriss's 14 x 12 array.
    const std::vector<std::string> gpt = {ex + "arches/eyeriss.yaml",
                                          ex + "workloads/transformers/gpt/gpt3_6.7B.yaml"};
    cases.push_back(
        {"eyeriss|gpt3_6.7B|imperfect spatial", gpt, prefill, costs_for("eyeriss"), "edp", true, "spatial"});
    cases.push_back({"eyeriss|gpt3_6.7B|imperfect, coarseness 1.5", gpt, prefill, costs_for("eyeriss"), "edp",
                     true, "both", 1.5});
  }
  for (const auto& c : cases) {
    try {
      run(c);
    } catch (const std::exception& e) {
      std::printf("%-40s error: %s\n", c.name.c_str(), e.what());
    }
  }
}
