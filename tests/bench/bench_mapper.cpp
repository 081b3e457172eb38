// Mapper benchmark (prints figures; not a timed test). Each case runs in a child process, so
// its peak memory is its own. Sections (default: all three):
//   --regression     the 20 cases of expected/mapper-regression.json (AccelForge's settings:
//                    EDP, energy on snowcat, at most one fused loop), at 1 and 2 threads;
//   --transformers   gpt3_6.7B on every reference arch, fused and unfused, at 1 and 2
//                    threads, and gpt3_6.7B at 2048 tokens on snowcat fused vs unfused
//                    (ENERGY, fused loops unlimited: AccelForge's notebook comparison);
//                    with --all, every transformer workload on every arch;
//   --chains         matmul chains of 2 to 32 Einsums (fused; time and peak memory against
//                    the number of Einsums).
// `bench_mapper [--unfused] [--metric M] [--costs F#S] [--set K=V] [--imperfect WHICH]
// [--coarseness C] [--einsum E] [--threads N] [--max-fused-loops N] FILE...` runs one case.
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <vector>

#include "components/cost_table.h"
#include "loader/load.h"
#include "mapper/mapper.h"
#include "support/mapper_regression.h"

namespace {

const std::string kRef = AF_SHARED_DIR "/reference/accelforge/";
const std::string kEx = kRef + "examples/";

struct Case {
  std::string name;
  std::vector<std::string> files;
  std::vector<std::string> sets;
  std::string costs;
  std::string metric = "edp";
  bool unfused = false;
  std::string imperfect = "";  // "", spatial, temporal or both
  double coarseness = 1;
  std::vector<std::string> einsums;  // empty: all
  std::vector<int> threads = {1, 2};
  std::int64_t max_fused_loops = 1;  // the regression setting; < 0: unlimited
};

// One run in this process: its line of figures.
void run_once(const Case& c, int threads) {
  std::optional<af::components::CostTable> costs;
  if (!c.costs.empty()) costs = af::components::load_cost_table(c.costs);
  const af::spec::Spec spec =
      af::spec::load_spec(c.files, af::spec::parse_assignments(c.sets), {costs ? &*costs : nullptr, true});
  af::mapper::MapperOptions o = af::mapper::options_from_spec(spec);
  o.einsums = c.einsums;
  o.max_fused_loops = c.max_fused_loops < 0 ? af::mapper::kUnlimited : c.max_fused_loops;
  o.metrics = af::mapper::parse_metrics(c.metric);
  o.unfused = c.unfused;
  o.threads = threads;
  if (!c.imperfect.empty()) af::mapper::set_imperfect_loops(o, c.imperfect);
  if (c.coarseness != 1) o.tiling_coarseness = c.coarseness;
  const auto start = std::chrono::steady_clock::now();
  const auto r = af::mapper::map_workload(spec, o);
  const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  std::size_t templates = 0;
  std::uint64_t evaluated = 0, grouped = 0;
  for (const auto& st : r.stats) {
    templates += st.templates;
    evaluated += st.pmappings_evaluated;
    grouped += st.pmappings_grouped;
  }
  std::uint64_t joined = 0;
  for (const auto& j : r.join_steps) joined += j.rows_paired;
  rusage u{};
  getrusage(RUSAGE_SELF, &u);
  std::printf(
      "%-46s threads=%d einsums=%zu templates=%zu evaluated=%llu grouped=%llu row_pairs_joined=%llu "
      "wall=%.3fs energy=%.6g latency=%.6g n_mappings=%zu peak_rss=%ldkB%s\n",
      c.name.c_str(), threads, r.stats.size(), templates, static_cast<unsigned long long>(evaluated),
      static_cast<unsigned long long>(grouped), static_cast<unsigned long long>(joined), s,
      r.evaluation ? r.evaluation->total_energy : -1.0, r.evaluation ? r.evaluation->total_latency : -1.0,
      r.n_mappings(), u.ru_maxrss, r.found ? "" : (" FAILED: " + r.failure).c_str());
  std::fflush(stdout);
}

// Each thread count in a child process: a clean peak memory per run.
void run(const Case& c) {
  for (const int threads : c.threads) {
    const pid_t pid = fork();
    if (pid == 0) {
      try {
        run_once(c, threads);
      } catch (const std::exception& e) {
        std::printf("%-46s error: %s\n", c.name.c_str(), e.what());
      }
      std::fflush(stdout);
      _exit(0);
    }
    int status = 0;
    waitpid(pid, &status, 0);
  }
}

std::string costs_for(const std::string& arch) {
  std::ifstream in(kRef + "expected/component-costs.json");
  std::stringstream text;
  text << in.rdbuf();
  return text.str().find("\"" + arch + "\"") != std::string::npos
             ? kRef + "expected/component-costs.json#" + arch
             : std::string();
}

std::vector<Case> regression_cases() {
  std::vector<Case> out;
  const auto ref = af::test::read_mapper_regression(kRef);
  for (const auto& [key, value] : ref.items()) {
    const auto inputs = af::test::mapper_regression_case(kRef, key);
    Case c;
    c.name = key;
    c.files = inputs.files;
    c.sets = inputs.sets;
    c.costs = costs_for(inputs.arch);
    c.metric = inputs.arch == "snowcat" ? "energy" : "edp";
    c.unfused = inputs.unfused;
    out.push_back(c);
  }
  return out;
}

std::vector<Case> transformer_cases(bool all) {
  std::vector<Case> out;
  for (const auto& t : af::test::transformer_cases(kRef)) {
    if (!all && t.workload != "gpt/gpt3_6.7B") continue;
    for (const bool unfused : {false, true}) {
      Case c;
      c.name = t.arch + "|" + t.workload + (unfused ? "|unfused" : "|fused");
      c.files = t.files;
      c.sets = t.sets;
      c.costs = costs_for(t.arch);
      c.metric = t.arch == "snowcat" ? "energy" : "edp";
      c.unfused = unfused;
      out.push_back(c);
    }
  }
  // AccelForge's memory_size_vs_access_tradeoff notebook: "may take 3-15 minutes".
  for (const bool unfused : {false, true}) {
    Case c;
    c.name = std::string("snowcat|gpt3_6.7B 2048 tokens|") + (unfused ? "unfused" : "fused");
    c.files = {kEx + "arches/snowcat.yaml", kEx + "workloads/transformers/gpt/gpt3_6.7B.yaml"};
    c.sets = {"BATCH_SIZE=1", "DECODE=False", "N_NEW_TOKENS=2048"};
    c.metric = "energy";
    c.unfused = unfused;
    c.max_fused_loops = -1;
    out.push_back(c);
  }
  return out;
}

// Chains T{i+1} = T{i} W{i} (M = KN = 256) on the simple arch with a 64 KiB buffer and a
// main memory four times as costly: fusion pays and capacity binds.
std::vector<Case> chain_cases() {
  std::vector<Case> out;
  for (const int n : {2, 4, 8, 16, 32}) {
    Case c;
    c.name = "chain of " + std::to_string(n) + " matmuls|fused";
    c.files = {kEx + "arches/simple.yaml", kEx + "workloads/basic/matmuls.yaml",
               kEx + "workloads/_renames_default.yaml"};
    c.sets = {"N_EINSUMS=" + std::to_string(n), "M=256", "KN=256", "GlobalBufferSize=524288",
              "MainMemoryEnergy=4"};
    c.threads = {2};
    out.push_back(c);
  }
  return out;
}

}  // namespace

int main(int argc, char** argv) {
  std::vector<Case> cases;
  bool regression = false, transformers = false, chains = false, all = false;
  Case custom;
  custom.name = "custom";
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    if (a == "--regression")
      regression = true;
    else if (a == "--transformers")
      transformers = true;
    else if (a == "--chains")
      chains = true;
    else if (a == "--all")
      all = true;
    else if (a == "--unfused")
      custom.unfused = true;
    else if (a == "--metric" && i + 1 < argc)
      custom.metric = argv[++i];
    else if (a == "--costs" && i + 1 < argc)
      custom.costs = argv[++i];
    else if (a == "--set" && i + 1 < argc)
      custom.sets.emplace_back(argv[++i]);
    else if (a == "--imperfect" && i + 1 < argc)
      custom.imperfect = argv[++i];
    else if (a == "--coarseness" && i + 1 < argc)
      custom.coarseness = std::stod(argv[++i]);
    else if (a == "--einsum" && i + 1 < argc)
      custom.einsums.emplace_back(argv[++i]);
    else if (a == "--threads" && i + 1 < argc)
      custom.threads = {std::stoi(argv[++i])};
    else if (a == "--max-fused-loops" && i + 1 < argc)
      custom.max_fused_loops = std::stoll(argv[++i]);
    else
      custom.files.push_back(a);
  }
  if (!custom.files.empty()) {
    cases.push_back(custom);
  } else {
    if (!regression && !transformers && !chains) regression = transformers = chains = true;
    if (regression)
      for (auto& c : regression_cases()) cases.push_back(c);
    if (transformers)
      for (auto& c : transformer_cases(all)) cases.push_back(c);
    if (chains)
      for (auto& c : chain_cases()) cases.push_back(c);
  }
  for (const auto& c : cases) run(c);
}
