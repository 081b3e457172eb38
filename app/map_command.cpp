#include "map_command.h"

#include <fmt/format.h>

#include <CLI/CLI.hpp>
#include <algorithm>
#include <array>
#include <cctype>
#include <chrono>
#include <cmath>
#include <limits>
#include <ostream>
#include <string_view>

#include "cli_checks.h"
#include "cli_main.h"
#include "cli_output.h"
#include "cli_store.h"
#include "io/evaluation_json.h"
#include "io/evaluation_report.h"
#include "io/mapper_stats.h"
#include "io/mapping_writer.h"
#include "io/pareto_set.h"
#include "run_capture.h"
#include "workspace/workspace.h"

namespace af::cli {

namespace {

constexpr int kMaxThreads = 1024;  // far above any machine this runs on; oneTBB takes any count
constexpr double kInfinity = std::numeric_limits<double>::infinity();
// What `--store DB` may name without the `=` (README: Command line): never a spec file's name.
constexpr std::array<std::string_view, 3> kStoreSuffixes{".db", ".sqlite", ".sqlite3"};

// --front's format, by the file's extension (any case); empty when it is neither.
std::string front_format(std::string_view path) {
  std::string lower(path);
  std::transform(lower.begin(), lower.end(), lower.begin(),
                 [](unsigned char ch) { return static_cast<char>(std::tolower(ch)); });
  if (lower.ends_with(".json")) return "json";
  if (lower.ends_with(".csv")) return "csv";
  return {};
}

bool is_store_path(std::string_view arg) {
  std::string lower(arg);
  std::transform(lower.begin(), lower.end(), lower.begin(),
                 [](unsigned char ch) { return static_cast<char>(std::tolower(ch)); });
  return std::any_of(kStoreSuffixes.begin(), kStoreSuffixes.end(), [&](std::string_view suffix) {
    return lower.size() > suffix.size() && lower.ends_with(suffix);
  });
}

int run(const MapArgs& args, std::ostream& out, std::ostream& err, std::mutex* commit_lock) {
  std::optional<unsigned> metrics;  // a usage error, so checked before any file is read
  if (!parse_metric_arg(args, metrics, err)) return kUsage;
  if (!args.front.empty() && front_format(args.front).empty()) {
    err << "accelforge: --front: " << args.front << " must end in .csv or .json (the table's format)\n";
    return kUsage;
  }
  // Opened first: a store that cannot be written fails before the run, not after it.
  std::optional<CliStore> run_store;
  if (args.store && !open_store(*args.store, run_store, err)) return kInvalidInput;
  const auto start = std::chrono::steady_clock::now();
  const Workspace ws = Workspace::load(spec_inputs(args.files, args.assignments, args.costs,
                                                   args.price_with_model, /*costs_required=*/true, args.cim));
  if (!ws.ok()) {
    print_load_failure(ws, err);
    return kInvalidInput;
  }
  print_warnings(ws.spec(), err);
  if (!ws.spec().has_arch()) {
    err << "accelforge: the spec has no architecture (add an arch file)\n";
    return kInvalidInput;
  }
  mapper::MapperOptions options = ws.mapper_options();
  apply_map_options(args, metrics, options);

  const mapper::MapperResult r = ws.map(options);
  for (const auto& why : {r.rounded_because, r.found ? r.stopped_because : std::string{}})
    if (!why.empty()) err << "accelforge: warning: " << why << '\n';
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  const bool to_stdout = args.json == "-";
  const components::AreaReport area = ws.area();
  // The store's line goes where it does not mix into a JSON on standard output.
  std::ostream& said = to_stdout ? err : out;
  if (!r.found) {
    err << "accelforge: no valid mapping: "
        << (r.failure.empty() ? "every joined mapping was removed" : r.failure) << '\n'
        << io::mapper_stats_text(r);
    if (run_store && !store_run(*run_store, store::capture_map(ws, options, r, seconds), said, err))
      return kInvalidInput;
    return kNoMapping;
  }
  if (!to_stdout) {
    out << io::mapper_stats_text(r);
    out << fmt::format("chosen mapping ({} on the final front, metric {}): energy {:.6g}, latency {:.6g}\n",
                       r.n_mappings(), mapper::metrics_name(options.metrics), r.evaluation->total_energy,
                       r.evaluation->total_latency);
    out << io::evaluation_report(*r.evaluation);
    out << area_line(area);
  }
  std::vector<Output> outputs;
  if (!args.json.empty()) {
    nlohmann::json j =
        io::evaluation_to_json(*r.evaluation, &*r.mapping, static_cast<double>(r.n_mappings()), &area);
    j["stats"] = io::mapper_stats_json(r);
    j["join"] = io::mapper_join_json(r);
    outputs.push_back({args.json, j.dump(2)});
  }
  if (!args.mapping_out.empty()) outputs.push_back({args.mapping_out, io::write_mapping_yaml(*r.mapping)});
  if (!args.front.empty()) {
    // The window's export: every mapping of the front re-evaluated, with the run's provenance.
    const auto rows = io::pareto_rows(ws.spec(), r);
    const io::ParetoProvenance from{args.files, io::fingerprint(ws.texts()), args.assignments, args.costs,
                                    options};
    outputs.push_back({args.front, front_format(args.front) == "json"
                                       ? io::pareto_json(rows, from).dump(2) + "\n"
                                       : io::pareto_csv(rows, from)});
  }
  if (!write_outputs(outputs, out, err, commit_lock)) return kInvalidInput;
  if (run_store && !store_run(*run_store, store::capture_map(ws, options, r, seconds), said, err))
    return kInvalidInput;
  return kOk;
}

}  // namespace

bool parse_metric_arg(const MapArgs& args, std::optional<unsigned>& metrics, std::ostream& err) {
  if (args.metric.empty()) return true;
  try {
    metrics = mapper::parse_metrics(args.metric);
    return true;
  } catch (const std::invalid_argument& e) {
    err << "accelforge: --metric: " << e.what() << '\n';
    return false;
  }
}

void apply_map_options(const MapArgs& args, std::optional<unsigned> metrics, mapper::MapperOptions& options) {
  if (metrics) options.metrics = *metrics;
  if (args.max_fused_loops) options.max_fused_loops = *args.max_fused_loops;
  options.unfused = options.unfused || args.unfused;
  options.threads = args.threads;
  if (args.objective_tolerance) options.objective_tolerance = *args.objective_tolerance;
  if (args.join_memory_mb)
    options.join_memory_limit = static_cast<std::size_t>(std::ceil(*args.join_memory_mb * 1e6));
  if (!args.imperfect.empty()) mapper::set_imperfect_loops(options, args.imperfect);
  if (args.tiling_coarseness) options.tiling_coarseness = *args.tiling_coarseness;
}

CLI::App* add_map_subcommand(CLI::App& app, MapArgs& args) {
  auto* cmd = app.add_subcommand("map", "Find the optimal mapping of the workload on the architecture");
  add_map_options(*cmd, args);
  cmd->add_option("--json", args.json, "Write the result as JSON to OUT (- for stdout)")->type_name("OUT|-");
  cmd->add_option("--mapping-out", args.mapping_out, "Write the chosen mapping as YAML")
      ->type_name("OUT.yaml");
  cmd->add_option("--front", args.front,
                  "Write every mapping of the final front (objectives, each tracked memory's usage, energy, "
                  "latency, the mapping's YAML) as CSV or JSON, by OUT's extension")
      ->type_name("OUT.csv|OUT.json");
  return cmd;
}

void add_map_options(CLI::App& app, MapArgs& args) {
  auto* cmd = &app;
  cmd->add_option("files", args.files, "Spec files merged in order (arch, workload, ...)")->required();
  cmd->add_option("--set", args.assignments,
                  "Jinja data NAME=VALUE (value read as a YAML scalar); repeatable")
      ->type_name("NAME=VALUE");
  cmd->add_option("--metric", args.metric,
                  "Objective: energy, latency, edp, or a list such as energy,latency for the front of "
                  "both; resource_usage beside another makes each memory's usage an objective too "
                  "(default: the spec's mapper.metrics)")
      ->type_name("M[,M...]");
  cmd->add_option("--max-fused-loops", args.max_fused_loops, "At most N fused loops per pmapping")
      ->type_name("N")
      ->check(number_in(0, 1e9, true, "a whole number, 0 or more"));
  cmd->add_flag("--unfused", args.unfused,
                "The outermost memory keeps every tensor shared between Einsums (no fusion)");
  cmd->add_option("--threads", args.threads, "Worker threads (default: all cores)")
      ->type_name("N")
      ->check(number_in(0, kMaxThreads, true,
                        fmt::format("a whole number from 0 (all cores) to {}", kMaxThreads)));
  cmd->add_option("--objective-tolerance", args.objective_tolerance,
                  "Objectives within a factor 1+T count as equal when pruning (faster, at most (1+T)x worse; "
                  "default: the spec's mapper.objective_tolerance, else 0)")
      ->type_name("T")
      ->check(number_in(0, kInfinity, false, "a number, 0 or more"));
  cmd->add_option("--join-memory", args.join_memory_mb,
                  "Megabytes the join's rows may hold: over it the join runs again rounded (objective "
                  "tolerance 0.05), and over it even then the run stops with what it found; either warns "
                  "(default: half the physical memory)")
      ->type_name("MB")
      ->check(number_in(1e-6, kInfinity, false, "a number greater than 0"));
  cmd->add_option(
         "--imperfect", args.imperfect,
         "Also try tiles that do not divide the rank shape, for spatial loops, temporal loops or both "
         "(default: the spec's mapper.explore_imperfect_*_loops, else neither)")
      ->check(CLI::IsMember({"spatial", "temporal", "both"}));
  cmd->add_option("--tiling-coarseness", args.tiling_coarseness,
                  "Candidate tiles grow by at least a factor C (1 = every tile; default: the spec's "
                  "mapper.tiling_coarseness, else 1)")
      ->type_name("C")
      ->check(number_in(std::numeric_limits<double>::min(), kInfinity, false, "a number greater than 0"));
  add_cost_options(*cmd, args.costs, args.price_with_model);
  add_cim_options(*cmd, args.cim);
  // No value of its own: a word after `--store` is as likely a spec file as a store, so only
  // `--store=DB` names one (and `--store DB.sqlite`, joined into that form by join_store_paths).
  // expected(0, 0) rather than expected(0): a bare `--store` then gives "" (the default store),
  // not a flag's "true".
  cmd->add_option_function<std::string>(
         "--store", [&args](const std::string& path) { args.store = path; },
         "Record the run in the run store: the explorer's runs.sqlite, or DB with --store=DB (or "
         "--store DB when DB ends in .db, .sqlite or .sqlite3; any other word after --store is not "
         "taken); `accelforge history` lists the runs")
      ->expected(0, 0)
      ->option_text("[=DB]");
}

void add_cost_options(CLI::App& cmd, std::string& costs, std::vector<std::string>& price_with_model) {
  cmd.add_option("--component-costs", costs, "Component cost table (JSON or YAML), FILE[#SECTION]");
  cmd.add_option("--price-with-model", price_with_model,
                 "Price COMPONENT with the model of its component_class although the cost table lists it "
                 "(a stale entry); * for every component; repeatable")
      ->type_name("COMPONENT");
}

SpecInputs spec_inputs(const std::vector<std::string>& files, const std::vector<std::string>& assignments,
                       const std::string& costs, const std::vector<std::string>& price_with_model,
                       bool costs_required, const loader::CimOpening& cim) {
  SpecInputs in{files, {}, assignments, costs, costs_required};
  in.priced_by_model.insert(price_with_model.begin(), price_with_model.end());
  in.cim = cim;
  return in;
}

void add_cim_options(CLI::App& cmd, loader::CimOpening& cim) {
  cmd.add_option("--cim-macros", cim.macros,
                 "Put N copies of the arch under a power-gateable 'MacroAuto' container on top, as "
                 "AccelForge's compute-in-memory loader does (n_macros)")
      ->type_name("N")
      ->check(CLI::Range(1, 1 << 20));
  cmd.add_flag("--cim-main-memory", cim.dummy_main_memory,
               "Put a free, unbounded 'MainMemory' holding all but the weights on top, as AccelForge's "
               "compute-in-memory loader does (add_dummy_main_memory)");
}

std::string area_line(const components::AreaReport& area) {
  return fmt::format("total area {:.6g} m^2, leak power {:.6g} W\n", area.total, area.total_leak);
}

std::vector<std::string> join_store_paths(std::vector<std::string> args) {
  for (std::size_t i = 0; i + 1 < args.size(); ++i) {
    if (args[i] == "--") break;  // the rest are positional
    if (args[i] == "--store" && is_store_path(args[i + 1])) {
      args[i] += "=" + args[i + 1];
      args.erase(args.begin() + static_cast<std::ptrdiff_t>(i) + 1);
    }
  }
  return args;
}

int run_map_command(const MapArgs& args, std::ostream& out, std::ostream& err, std::mutex* commit_lock) {
  try {
    return run(args, out, err, commit_lock);
  } catch (const core::SpecError& e) {  // found while making templates
    print_diagnostics(e.diagnostics(), err);
    return kInvalidInput;
  } catch (const model::InvalidMapping& e) {
    err << "accelforge: internal error: the chosen mapping is invalid: " << e.what() << '\n';
    return kInvalidInput;
  } catch (const std::exception& e) {
    err << "accelforge: internal error: " << e.what() << '\n';
    return kInvalidInput;
  }
}

}  // namespace af::cli
