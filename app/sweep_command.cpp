#include "sweep_command.h"

#include <fmt/format.h>

#include <CLI/CLI.hpp>
#include <chrono>
#include <ostream>
#include <set>

#include "cli_main.h"
#include "cli_output.h"
#include "cli_store.h"
#include "run_capture.h"
#include "sweep/sweep.h"
#ifdef AF_MPI
#include "sweep_ranks.h"
#endif

namespace af::cli {

namespace {

int run(const SweepArgs& args, std::ostream& out, std::ostream& err, std::mutex* commit_lock) {
  std::optional<unsigned> metrics;
  if (!parse_metric_arg(args.map, metrics, err)) return kUsage;
  sweep::Sweep s;
  for (const auto& v : args.vary) {
    try {
      s.vary.push_back(sweep::parse_variation(v));
    } catch (const std::invalid_argument& e) {
      err << "accelforge: --vary: " << e.what() << '\n';
      return kUsage;
    }
  }
  s.inputs = spec_inputs(args.map.files, args.map.assignments, args.map.costs, args.map.price_with_model,
                         /*costs_required=*/true, args.map.cim);
  s.options = [&](mapper::MapperOptions& o) { apply_map_options(args.map, metrics, o); };
  if (const auto problems = sweep::check(s); !problems.empty()) {
    for (const auto& p : problems) err << "accelforge: --vary: " << p << '\n';
    return kUsage;
  }
  const bool quiet = args.csv == "-" || args.json == "-";
  const sweep::SweepProgress progress = [&](const sweep::SweepRow& row, std::size_t done, std::size_t total) {
    if (quiet) return;
    std::string values;
    for (std::size_t i = 0; i < row.values.size(); ++i)
      values += fmt::format("{}{}={}", i == 0 ? "" : " ", s.vary[i].name, row.values[i]);
    out << fmt::format("[{}/{}] {}: ", done, total, values)
        << (row.found
                ? fmt::format("energy {:.6g}, latency {:.6g}, EDP {:.6g}", row.energy, row.latency, row.edp)
                : "no mapping: " + row.failure)
        << fmt::format(" ({:.2f} s)\n", row.seconds);
  };
  const auto start = std::chrono::steady_clock::now();
  std::vector<sweep::SweepRow> rows;
#ifdef AF_MPI
  if (auto ranked = run_over_ranks(s, progress)) {
    if (!ranked->root) return kOk;  // rank 0 writes
    rows = std::move(ranked->rows);
  } else {
    rows = sweep::run(s, {}, progress);
  }
#else
  rows = sweep::run(s, {}, progress);
#endif
  // Each point's warnings (a stale cost-table entry, ...) once, however many points share them.
  std::set<std::string> warned;
  for (const auto& row : rows)
    for (const auto& w : row.warnings)
      if (warned.insert(w).second) err << w << '\n';
  std::vector<Output> outputs;
  if (!args.csv.empty()) outputs.push_back({args.csv, sweep::csv(s, rows)});
  if (!args.json.empty()) outputs.push_back({args.json, sweep::json(s, rows).dump(2)});
  if (!write_outputs(outputs, out, err, commit_lock)) return kInvalidInput;
  // Only here, after the run: under mpirun only rank 0 gets this far, so one process writes.
  if (args.map.store) {
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    std::optional<CliStore> run_store;
    if (!open_store(*args.map.store, run_store, err) ||
        !store_run(*run_store, store::capture_sweep(s, rows, seconds), quiet ? err : out, err))
      return kInvalidInput;
  }
  const bool any = std::any_of(rows.begin(), rows.end(), [](const sweep::SweepRow& r) { return r.found; });
  if (!any) err << "accelforge: no point of the sweep has a valid mapping\n";
  return any ? kOk : kNoMapping;
}

}  // namespace

CLI::App* add_sweep_subcommand(CLI::App& app, SweepArgs& args) {
  auto* cmd = app.add_subcommand(
      "sweep", "Map the workload at every point of a grid of one or two spec variables; one row per point");
  add_map_options(*cmd, args.map);
  cmd->add_option("--vary", args.vary,
                  "A variable and its values: a list a,b,c, a range LO..HI[:STEP] or a geometric range "
                  "LO..HI*F; numbers may end in k, M, G, Ki, Mi, Gi (e.g. 64Ki..4Mi*2); once or twice")
      ->type_name("NAME=VALUES")
      ->required();
  cmd->add_option("--csv", args.csv, "Write one row per point as CSV to OUT (- for stdout)")
      ->type_name("OUT|-");
  cmd->add_option("--json", args.json, "Write the points as JSON to OUT (- for stdout)")->type_name("OUT|-");
  return cmd;
}

int run_sweep_command(const SweepArgs& args, std::ostream& out, std::ostream& err, std::mutex* commit_lock) {
  try {
    return run(args, out, err, commit_lock);
  } catch (const std::exception& e) {
    err << "accelforge: internal error: " << e.what() << '\n';
    return kInvalidInput;
  }
}

}  // namespace af::cli
