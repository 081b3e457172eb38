#include "cli_main.h"

#include <CLI/CLI.hpp>
#include <algorithm>
#include <exception>
#include <fstream>
#include <ostream>

#include "cli_output.h"
#include "core/closest_name.h"
#include "core/version.h"
#include "history_command.h"
#include "io/component_costs.h"
#include "io/evaluation_json.h"
#include "io/evaluation_report.h"
#include "map_command.h"
#include "sweep_command.h"
#include "workspace/workspace.h"

namespace af::cli {

namespace {

struct SpecArgs {
  std::vector<std::string> files;
  std::vector<std::string> assignments;
  std::string costs;                          // --component-costs
  std::vector<std::string> price_with_model;  // --price-with-model
  loader::CimOpening cim;                     // --cim-macros, --cim-main-memory
};

void add_spec_args(CLI::App& cmd, SpecArgs& args) {
  cmd.add_option("files", args.files, "Spec files merged in order (arch, workload, mapping, ...)")
      ->required();
  cmd.add_option("--set", args.assignments, "Jinja data NAME=VALUE (value read as a YAML scalar); repeatable")
      ->type_name("NAME=VALUE");
  add_cost_options(cmd, args.costs, args.price_with_model);
  add_cim_options(cmd, args.cim);
}

// Loads through the front door; prints the errors (and returns false) when the spec is invalid.
bool load(const SpecArgs& args, bool costs_required, std::optional<Workspace>& ws, std::ostream& err) {
  ws = Workspace::load(
      spec_inputs(args.files, args.assignments, args.costs, args.price_with_model, costs_required, args.cim));
  if (ws->ok()) return true;
  print_load_failure(*ws, err);
  return false;
}

int validate(const SpecArgs& args, std::ostream& out, std::ostream& err) {
  std::optional<Workspace> ws;
  // Validation does not need every cost: a missing one is a warning here, an error in evaluate.
  if (!load(args, /*costs_required=*/false, ws, err)) return kInvalidInput;
  for (const auto& w : ws->diagnostics()) out << w.to_string() << '\n';
  out << ws->summary();
  return kOk;
}

int evaluate(const SpecArgs& args, const std::string& json_target, std::ostream& out, std::ostream& err,
             std::mutex* commit_lock) {
  std::optional<Workspace> ws;
  if (!load(args, /*costs_required=*/true, ws, err)) return kInvalidInput;
  print_warnings(ws->spec(), err);
  const EvaluationOutcome outcome = ws->evaluate();
  if (!outcome.missing.empty()) {
    err << "accelforge: " << outcome.missing << '\n';
    return kInvalidInput;
  }
  if (outcome.problem) {
    err << (outcome.problem->where ? outcome.problem->where->to_string() + ": " : std::string())
        << "error: invalid mapping at " << outcome.problem->node << ": " << outcome.problem->message << '\n';
    return kInvalidInput;
  }
  const model::Evaluation& ev = *outcome.evaluation;
  const spec::Spec& s = ws->spec();
  const components::AreaReport area = ws->area();
  if (json_target != "-") out << io::evaluation_report(ev) << area_line(area);
  if (!json_target.empty() &&
      !write_outputs({{json_target, io::evaluation_to_json(ev, &*s.mapping, 1, &area).dump(2)}}, out, err,
                     commit_lock))
    return kInvalidInput;
  return kOk;
}

// Every component's costs and where they came from. Loaded as validate loads (a cost nothing
// gives is a warning, shown as unpriced), so that the whole architecture shows; exit 1 when
// some component cannot be evaluated (a cost other than its area is unpriced).
int price_components(const SpecArgs& args, const std::string& json_target, std::ostream& out,
                     std::ostream& err, std::mutex* commit_lock) {
  std::optional<Workspace> ws;
  if (!load(args, /*costs_required=*/false, ws, err)) return kInvalidInput;
  for (const auto& d : ws->diagnostics()) err << d.to_string() << '\n';
  if (!ws->spec().has_arch()) {
    err << "accelforge: the spec has no architecture (add an arch file)\n";
    return kInvalidInput;
  }
  const auto& priced = ws->priced_components();
  const components::AreaReport totals = ws->area();
  if (json_target != "-") out << io::component_costs_report(priced, totals);
  if (!json_target.empty() &&
      !write_outputs({{json_target, io::component_costs_json(priced, totals).dump(2)}}, out, err,
                     commit_lock))
    return kInvalidInput;
  const auto unpriced = [](const spec::PricedComponent& c) {
    return c.leak_source == spec::CostSource::Unpriced ||
           std::any_of(c.actions.begin(), c.actions.end(), [](const spec::PricedAction& a) {
             return a.energy_source == spec::CostSource::Unpriced ||
                    a.throughput_source == spec::CostSource::Unpriced;
           });
  };
  if (std::any_of(priced.begin(), priced.end(), unpriced)) {
    err << "accelforge: some costs are not priced (see the warnings): evaluate and map would stop there\n";
    return kInvalidInput;
  }
  return kOk;
}

}  // namespace

int run(const std::vector<std::string>& args, std::ostream& out, std::ostream& err, std::mutex* commit_lock) {
  CLI::App app{"accelforge: read AccelForge specs, evaluate mappings and find optimal ones"};
  app.name("accelforge");
  app.set_version_flag("--version", std::string(af::core::version()));
  app.require_subcommand(0, 1);  // none is a usage error too, reported after unknown flags
  app.footer("Exit status: 0 ok, 1 invalid input, 2 usage error, 3 no valid mapping.");

  SpecArgs validate_args;
  auto* validate_cmd = app.add_subcommand("validate", "Check spec files and print a summary of the spec");
  add_spec_args(*validate_cmd, validate_args);

  SpecArgs evaluate_args;
  std::string json;
  auto* evaluate_cmd =
      app.add_subcommand("evaluate", "Evaluate the spec's mapping: accesses, energy, latency, area");
  add_spec_args(*evaluate_cmd, evaluate_args);
  evaluate_cmd->add_option("--json", json, "Write the result as JSON to OUT (- for stdout)")
      ->type_name("OUT|-");

  SpecArgs components_args;
  std::string components_json;
  auto* components_cmd = app.add_subcommand(
      "components",
      "Price every component: per-action energy and throughput, leak power and area, and where each came "
      "from (the spec, a cost table, or the model of its component_class, with the attributes it read)");
  add_spec_args(*components_cmd, components_args);
  components_cmd->add_option("--json", components_json, "Write the costs as JSON to OUT (- for stdout)")
      ->type_name("OUT|-");

  MapArgs map_args;
  auto* map_cmd = add_map_subcommand(app, map_args);
  SweepArgs sweep_args;
  auto* sweep_cmd = add_sweep_subcommand(app, sweep_args);
  HistoryArgs history_args;
  auto* history_cmd = add_history_subcommand(app, history_args);

  // A misspelt command would otherwise read as a stray file name ("A subcommand is required").
  if (args.size() > 1 && !args[1].starts_with('-')) {
    const std::vector<std::string> commands{"validate", "evaluate", "components", "map", "sweep", "history"};
    if (std::find(commands.begin(), commands.end(), args[1]) == commands.end()) {
      err << "accelforge: unknown command '" << args[1] << "'" << core::did_you_mean(args[1], commands)
          << "; the commands are validate, evaluate, components, map, sweep and history\n\n"
          << app.help();
      return kUsage;
    }
  }

  const std::vector<std::string> joined = join_store_paths(args);
  std::vector<std::string> argv_rev(joined.rbegin(), joined.rend());
  if (!argv_rev.empty()) argv_rev.pop_back();  // program name
  try {
    app.parse(argv_rev);
  } catch (const CLI::CallForHelp&) {
    out << app.help();
    return kOk;
  } catch (const CLI::CallForAllHelp&) {
    out << app.help("", CLI::AppFormatMode::All);
    return kOk;
  } catch (const CLI::CallForVersion&) {
    out << af::core::version() << '\n';
    return kOk;
  } catch (const CLI::ParseError& e) {
    const auto subs = app.get_subcommands();
    err << "accelforge: " << e.what() << "\n\n" << (subs.empty() ? app.help() : subs.front()->help());
    return kUsage;
  }

  try {
    if (validate_cmd->parsed()) return validate(validate_args, out, err);
    if (evaluate_cmd->parsed()) return evaluate(evaluate_args, json, out, err, commit_lock);
    if (components_cmd->parsed())
      return price_components(components_args, components_json, out, err, commit_lock);
    if (map_cmd->parsed()) return run_map_command(map_args, out, err, commit_lock);
    if (sweep_cmd->parsed()) return run_sweep_command(sweep_args, out, err, commit_lock);
    if (history_cmd->parsed()) return run_history_command(*history_cmd, history_args, out, err, commit_lock);
  } catch (const core::SpecError& e) {
    print_diagnostics(e.diagnostics(), err);
    return kInvalidInput;
  } catch (const model::InvalidMapping& e) {
    err << (e.where() ? e.where()->to_string() + ": " : std::string()) << "error: invalid mapping at "
        << e.node() << ": " << e.message() << '\n';
    return kInvalidInput;
  } catch (const std::exception& e) {
    err << "accelforge: internal error: " << e.what() << '\n';
    return kInvalidInput;
  }
  err << "accelforge: a command is required: validate, evaluate, components, map, sweep or history\n\n"
      << app.help();
  return kUsage;
}

}  // namespace af::cli
