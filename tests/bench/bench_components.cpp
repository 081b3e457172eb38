// Component pricing (issue 41): what the component models add to a load and to a sweep.
//   1. The CACTI table indexed on first use (once per process).
//   2. Every component of every reference arch (AccelForge's examples/arches but the compute-in-
//      memory ones, whose classes come with a later issue) priced by its model, alone, many
//      times: microseconds per component.
//   3. Load per arch: with the models, and (eyeriss, simba) with AccelForge's cost table instead,
//      so the pricing's share of a load shows as their difference.
//   4. A sweep of 64 points (the bundled component_models example, its buffer 1..64 KiB): per
//      point, load and map, every point priced by the models.
// Wall and CPU time (the machine is shared: CPU time is the figure to compare).
#include <sys/resource.h>

#include <chrono>
#include <cstdio>
#include <ctime>
#include <filesystem>
#include <string>
#include <vector>

#include "components/cost_resolution.h"
#include "components/models/cacti_grid.h"
#include "sweep/sweep.h"
#include "workspace/workspace.h"

namespace {

using Clock = std::chrono::steady_clock;
namespace fs = std::filesystem;
namespace models = af::components::models;

double cpu_seconds() {
  rusage u{};
  getrusage(RUSAGE_SELF, &u);
  return static_cast<double>(u.ru_utime.tv_sec + u.ru_stime.tv_sec) +
         static_cast<double>(u.ru_utime.tv_usec + u.ru_stime.tv_usec) * 1e-6;
}

struct Timer {
  Clock::time_point wall = Clock::now();
  double cpu = cpu_seconds();
  [[nodiscard]] double wall_s() const { return std::chrono::duration<double>(Clock::now() - wall).count(); }
  [[nodiscard]] double cpu_s() const { return cpu_seconds() - cpu; }
};

fs::path shared() {
  const char* env = std::getenv("AF_SHARED_DIR");
  return fs::path(env != nullptr && *env != '\0' ? env : AF_SHARED_DIR) / "reference" / "accelforge";
}

double g_sink = 0;  // keeps the priced figures observable

}  // namespace

int main() {
  const fs::path ref = shared();
  if (!fs::is_directory(ref / "examples")) {
    std::printf("AccelForge reference corpus not found in %s (set AF_SHARED_DIR)\n", ref.string().c_str());
    return 1;
  }
  std::printf("## Component pricing\n\n");

  {
    const Timer t;
    const auto& grid = models::CactiGrid::builtin();
    g_sink += grid.figures({1024, 32, 1, 1, 45}).area;
    std::printf("CACTI table indexed on first use: %.3f ms wall, %.3f ms CPU (once per process)\n\n",
                1e3 * t.wall_s(), 1e3 * t.cpu_s());
  }

  // Every arch file, with a workload that renames to what they name.
  const std::vector<std::string> workload = {(ref / "examples/workloads/basic/matmuls.yaml").string(),
                                             (ref / "examples/workloads/_renames_default.yaml").string()};
  const std::vector<std::string> sets = {"M=64", "KN=64", "N_EINSUMS=2"};
  std::vector<fs::path> arches;
  for (const auto& e : fs::recursive_directory_iterator(ref / "examples/arches"))
    if (e.path().extension() == ".yaml" && !e.path().filename().string().starts_with("_") &&
        e.path().string().find("compute_in_memory") == std::string::npos)
      arches.push_back(e.path());
  std::sort(arches.begin(), arches.end());

  std::printf(
      "| arch | components | by a model | load (ms, wall / CPU) | load with the reference table | pricing "
      "only (us per component, CPU) |\n");
  std::printf("|---|---|---|---|---|---|\n");
  std::size_t all_components = 0, all_models = 0;
  double all_pricing_cpu = 0;
  for (const auto& arch : arches) {
    af::SpecInputs in{{arch.string()}, {}, sets, {}, false};
    in.files.insert(in.files.end(), workload.begin(), workload.end());
    constexpr int kLoads = 20;
    const Timer load;
    std::size_t components = 0, by_model = 0;
    for (int i = 0; i < kLoads; ++i) {
      const af::Workspace ws = af::Workspace::load(in);
      components = ws.priced_components().size();
      by_model = 0;
      for (const auto& p : ws.priced_components()) by_model += p.model.empty() ? 0 : 1;
    }
    const double load_wall = 1e3 * load.wall_s() / kLoads, load_cpu = 1e3 * load.cpu_s() / kLoads;
    std::string with_table = "-";
    const std::string stem = arch.stem().string();
    if (stem == "eyeriss" || stem == "simba") {
      af::SpecInputs t = in;
      t.component_costs = (ref / "expected/component-costs.json").string() + "#" + stem;
      const Timer tl;
      for (int i = 0; i < kLoads; ++i) (void)af::Workspace::load(t);
      char buf[64];
      std::snprintf(buf, sizeof buf, "%.2f / %.2f", 1e3 * tl.wall_s() / kLoads, 1e3 * tl.cpu_s() / kLoads);
      with_table = buf;
    }
    // The models alone: select and call every action of every component the arch prices by
    // model (the attributes the load gave them), many times.
    std::vector<af::components::ComponentCostInput> inputs;
    {
      const af::Workspace ws = af::Workspace::load(in);
      for (const auto& p : ws.priced_components()) {
        if (p.model.empty()) continue;
        af::components::ComponentCostInput c;
        c.name = p.name;
        c.component_class = p.component_class;
        for (const auto& a : p.attributes)
          if (!a.defaulted) c.attributes[a.name] = models::Attribute{std::stod(a.value), std::nullopt};
        for (const auto& a : p.actions) {
          af::components::ActionCostInput ai;
          ai.name = a.name;
          ai.bits_per_action = a.bits_per_action;
          c.actions.push_back(ai);
        }
        inputs.push_back(std::move(c));
      }
    }
    double pricing = 0;
    if (!inputs.empty()) {
      constexpr int kRounds = 2000;
      const Timer p;
      for (int i = 0; i < kRounds; ++i)
        for (const auto& c : inputs) g_sink += af::components::resolve_component_costs(c, nullptr).area;
      pricing = 1e6 * p.cpu_s() / (kRounds * static_cast<double>(inputs.size()));
      all_pricing_cpu += pricing * static_cast<double>(inputs.size());
    }
    all_components += components;
    all_models += by_model;
    std::printf("| %s | %zu | %zu | %.2f / %.2f | %s | %s |\n",
                fs::relative(arch, ref / "examples/arches").string().c_str(), components, by_model, load_wall,
                load_cpu, with_table.c_str(),
                inputs.empty() ? "-" : std::to_string(pricing).substr(0, 5).c_str());
  }
  std::printf(
      "\n%zu components in %zu arches, %zu priced by a model: pricing all of them once takes %.0f us of "
      "CPU\n\n",
      all_components, arches.size(), all_models, all_pricing_cpu);

  // A sweep of 64 points.
  const std::string example = std::string(AF_SOURCE_DIR) + "/resources/examples/component_models/";
  af::sweep::Sweep s;
  s.inputs.files = {example + "arch.yaml", example + "workload.yaml"};
  s.vary = {af::sweep::parse_variation("GlobalBufferKiB=1..64")};
  s.options = [](af::mapper::MapperOptions& o) {
    o.metrics = af::mapper::kEnergy;
    o.threads = 1;
  };
  const Timer sweep;
  const auto rows = af::sweep::run(s);
  const double sweep_wall = sweep.wall_s(), sweep_cpu = sweep.cpu_s();
  std::size_t found = 0;
  for (const auto& r : rows) found += r.found ? 1 : 0;
  const Timer loads;
  for (const auto& v : af::sweep::points(s.vary)) {
    af::SpecInputs in = s.inputs;
    in.assignments.push_back("GlobalBufferKiB=" + v[0]);
    g_sink += af::Workspace::load(in).area().total;
  }
  std::printf(
      "sweep of %zu points (component_models, GlobalBufferKiB=1..64, 1 thread): %zu mapped, %.3f s wall, "
      "%.3f s "
      "CPU, %.2f ms CPU per point; of which loading (pricing included) %.2f ms CPU per point\n",
      rows.size(), found, sweep_wall, sweep_cpu, 1e3 * sweep_cpu / static_cast<double>(rows.size()),
      1e3 * loads.cpu_s() / static_cast<double>(rows.size()));
  std::printf("(sink %g)\n", g_sink);
}
