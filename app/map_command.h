#pragma once
// `accelforge map`: find the optimal mapping of a workload on an architecture.
#include <iosfwd>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "mapper/options.h"
#include "workspace/workspace.h"

namespace CLI {
class App;
}

namespace af::cli {

struct MapArgs {
  std::vector<std::string> files;
  std::vector<std::string> assignments;  // --set NAME=VALUE
  std::string metric;                    // empty: the spec's mapper.metrics (default energy)
  std::optional<long long> max_fused_loops;
  std::optional<double> objective_tolerance;
  std::optional<double> join_memory_mb;
  std::string imperfect;  // "", spatial, temporal or both
  std::optional<double> tiling_coarseness;
  bool unfused = false;
  int threads = 0;
  std::string costs;                          // --component-costs FILE[#SECTION]
  std::vector<std::string> price_with_model;  // --price-with-model COMPONENT (repeatable; * for all)
  loader::CimOpening cim;                     // --cim-macros, --cim-main-memory
  std::string json;                           // --json OUT|-
  std::string mapping_out;                    // --mapping-out OUT.yaml
  std::string front;                          // --front OUT.csv|OUT.json: every mapping of the final front
  // --store[=DB]: record the run in the run store; "" is the default store.
  std::optional<std::string> store;
};

// The command line with each `--store DB` joined into `--store=DB` when DB ends in .db, .sqlite
// or .sqlite3 (any case), up to a bare `--`: the parser gives `--store` no value of its own, so
// any other word after it stays a spec file or an option.
[[nodiscard]] std::vector<std::string> join_store_paths(std::vector<std::string> args);

// Registers the `map` subcommand on `app`, filling `args` when parsed.
CLI::App* add_map_subcommand(CLI::App& app, MapArgs& args);

// The options `map` and `sweep` share (files, --set, the mapper's settings, the cost table).
void add_map_options(CLI::App& cmd, MapArgs& args);
// --component-costs and --price-with-model, which every command that loads a spec takes.
void add_cost_options(CLI::App& cmd, std::string& costs, std::vector<std::string>& price_with_model);
// --cim-macros and --cim-main-memory: the nodes AccelForge's CiM loader may add on top.
void add_cim_options(CLI::App& cmd, loader::CimOpening& cim);
// "total area A m^2, leak power P W" and a newline, as evaluate and map print it.
[[nodiscard]] std::string area_line(const components::AreaReport& area);
// What a command loads: the files, the --set data, the cost options and the CiM loader's nodes.
[[nodiscard]] SpecInputs spec_inputs(const std::vector<std::string>& files,
                                     const std::vector<std::string>& assignments, const std::string& costs,
                                     const std::vector<std::string>& price_with_model, bool costs_required,
                                     const loader::CimOpening& cim);
// --metric as flags (nullopt when not given); false, with a message in `err`, when it is not one.
bool parse_metric_arg(const MapArgs& args, std::optional<unsigned>& metrics, std::ostream& err);
// The parsed options over a spec's own (`mapper:` section) options.
void apply_map_options(const MapArgs& args, std::optional<unsigned> metrics, mapper::MapperOptions& options);

// Runs the mapper. Exit codes of cli_main.h: 0 ok, 1 invalid input, 3 no valid mapping.
// Never throws.
// `commit_lock` (may be null) is held while output files are committed.
int run_map_command(const MapArgs& args, std::ostream& out, std::ostream& err,
                    std::mutex* commit_lock = nullptr);

}  // namespace af::cli
