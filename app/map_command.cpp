#include "map_command.h"

#include <fmt/format.h>

#include <CLI/CLI.hpp>
#include <limits>
#include <ostream>

#include "cli_checks.h"
#include "cli_main.h"
#include "cli_output.h"
#include "components/cost_table.h"
#include "io/evaluation_json.h"
#include "io/evaluation_report.h"
#include "io/mapping_writer.h"
#include "mapper/mapper.h"
#include "loader/load.h"

namespace af::cli {

namespace {

constexpr int kMaxThreads = 1024;  // far above any machine this runs on; oneTBB takes any count
constexpr double kInfinity = std::numeric_limits<double>::infinity();

nlohmann::json stats_to_json(const mapper::MapperResult& r) {
  nlohmann::json out = nlohmann::json::array();
  for (const auto& s : r.stats) {
    nlohmann::json rates = nlohmann::json::object();
    nlohmann::json removed = nlohmann::json::object();
    nlohmann::json funnel = nlohmann::json::array();
    for (const auto& stage : s.funnel()) {
      rates[stage.cause] = stage.kept_rate;
      removed[stage.cause] = s.removed.at(stage.cause);
      funnel.push_back({{"cause", stage.cause}, {"reached", stage.reached}, {"keep_rate", stage.kept_rate}});
    }
    out.push_back({{"einsum", s.einsum},
                   {"templates", s.templates},
                   {"templates_fused", s.templates_fused},
                   {"pmappings_total", s.pmappings_total},
                   {"pmappings_full_space", s.pmappings_full_space},
                   {"pmappings_evaluated", s.pmappings_evaluated},
                   {"pmappings_valid", s.pmappings_valid},
                   {"pmappings_pareto", s.pmappings_pareto},
                   {"compatibility_groups", s.groups},
                   {"removed", removed},
                   {"keep_rates", rates},
                   {"funnel", funnel}});
  }
  return out;
}

// The join's funnel (domain-mapper.md §5.2): per step, groups and rows in and out, and why
// rows went.
nlohmann::json join_to_json(const mapper::MapperResult& r) {
  nlohmann::json out = nlohmann::json::array();
  for (const auto& s : r.join_steps)
    out.push_back({{"einsum", s.einsum},
                   {"left_groups", s.left_groups},
                   {"right_groups", s.right_groups},
                   {"left_rows", s.left_rows},
                   {"right_rows", s.right_rows},
                   {"group_pairs", s.group_pairs},
                   {"group_pairs_lookahead", s.group_pairs_lookahead},
                   {"rows_lookahead", s.rows_lookahead},
                   {"rows_unmatched", s.rows_unmatched},
                   {"rows_paired", s.rows_paired},
                   {"removed", s.removed},
                   {"groups_out", s.groups_out},
                   {"rows_out", s.rows_out}});
  return out;
}

std::string join_text(const mapper::MapperResult& r) {
  std::string s;
  for (const auto& st : r.join_steps) {
    s += fmt::format(
        "join {}: {} x {} groups ({} x {} rows), {} group pairs ({} dropped by lookahead), {} row "
        "pairs -> {} rows in {} groups\n",
        st.einsum, st.left_groups, st.right_groups, st.left_rows, st.right_rows, st.group_pairs,
        st.group_pairs_lookahead, st.rows_paired, st.rows_out, st.groups_out);
    for (const auto& [cause, n] : st.removed) s += fmt::format("    {}: {} removed\n", cause, n);
  }
  return s;
}

std::string stats_text(const mapper::MapperResult& r) {
  std::string s;
  for (const auto& st : r.stats) {
    s += fmt::format(
        "{}: {} templates ({} fused), {:.4g} pmappings total, {} evaluated, {} valid, {} Pareto-optimal in "
        "{} "
        "compatibility groups\n",
        st.einsum, st.templates, st.templates_fused, st.pmappings_total, st.pmappings_evaluated,
        st.pmappings_valid, st.pmappings_pareto, st.groups);
    if (st.pmappings_full_space != st.pmappings_total)  // imperfect tiles or coarseness
      s += fmt::format("    (AccelForge counts {:.4g} in the full tile space)\n", st.pmappings_full_space);
    for (const auto& stage : st.funnel())
      s += fmt::format("    {}: {} of {:.4g} removed (keep rate {:.3g})\n", stage.cause,
                       st.removed.at(stage.cause), stage.reached, stage.kept_rate);
  }
  return s + join_text(r);
}

int run(const MapArgs& args, std::ostream& out, std::ostream& err, std::mutex* commit_lock) {
  std::optional<unsigned> metrics;  // a usage error, so checked before any file is read
  if (!args.metric.empty()) {
    try {
      metrics = mapper::parse_metrics(args.metric);
    } catch (const std::invalid_argument& e) {
      err << "accelforge: --metric: " << e.what() << '\n';
      return kUsage;
    }
  }
  std::optional<components::CostTable> costs;
  if (!args.costs.empty()) costs = components::load_cost_table(args.costs);
  const spec::Spec s = spec::load_spec(args.files, spec::parse_assignments(args.assignments),
                                       {costs ? &*costs : nullptr, /*costs_required=*/true});
  print_warnings(s, err);
  if (!s.has_arch()) {
    err << "accelforge: the spec has no architecture (add an arch file)\n";
    return kInvalidInput;
  }
  mapper::MapperOptions options = mapper::options_from_spec(s);
  if (metrics) options.metrics = *metrics;
  if (args.max_fused_loops) options.max_fused_loops = *args.max_fused_loops;
  options.unfused = options.unfused || args.unfused;
  options.threads = args.threads;
  if (args.objective_tolerance) options.objective_tolerance = *args.objective_tolerance;
  if (!args.imperfect.empty()) mapper::set_imperfect_loops(options, args.imperfect);
  if (args.tiling_coarseness) options.tiling_coarseness = *args.tiling_coarseness;

  const mapper::MapperResult r = mapper::map_workload(s, options);
  const bool to_stdout = args.json == "-";
  if (!r.found) {
    err << "accelforge: no valid mapping: "
        << (r.failure.empty() ? "every joined mapping was removed" : r.failure) << '\n'
        << stats_text(r);
    return kNoMapping;
  }
  if (!to_stdout) {
    out << stats_text(r);
    out << fmt::format("chosen mapping ({} on the final front, metric {}): energy {:.6g}, latency {:.6g}\n",
                       r.n_mappings(), mapper::metrics_name(options.metrics), r.evaluation->total_energy,
                       r.evaluation->total_latency);
    out << io::evaluation_report(*r.evaluation);
  }
  std::vector<Output> outputs;
  if (!args.json.empty()) {
    nlohmann::json j =
        io::evaluation_to_json(*r.evaluation, &*r.mapping, static_cast<double>(r.n_mappings()));
    j["stats"] = stats_to_json(r);
    j["join"] = join_to_json(r);
    outputs.push_back({args.json, j.dump(2)});
  }
  if (!args.mapping_out.empty()) outputs.push_back({args.mapping_out, io::write_mapping_yaml(*r.mapping)});
  return write_outputs(outputs, out, err, commit_lock) ? kOk : kInvalidInput;
}

}  // namespace

CLI::App* add_map_subcommand(CLI::App& app, MapArgs& args) {
  auto* cmd = app.add_subcommand("map", "Find the optimal mapping of the workload on the architecture");
  cmd->add_option("files", args.files, "Spec files merged in order (arch, workload, ...)")->required();
  cmd->add_option("--set", args.assignments,
                  "Jinja data NAME=VALUE (value read as a YAML scalar); repeatable")
      ->type_name("NAME=VALUE");
  cmd->add_option("--metric", args.metric,
                  "Objective: energy, latency or edp (default: the spec's mapper.metrics)")
      ->type_name("energy|latency|edp");
  cmd->add_option("--max-fused-loops", args.max_fused_loops, "At most N fused loops per pmapping")
      ->type_name("N")
      ->check(number_in(0, 1e9, true, "a whole number, 0 or more"));
  cmd->add_flag("--unfused", args.unfused, "The outermost memory keeps every tensor (no fusion)");
  cmd->add_option("--threads", args.threads, "Worker threads (default: all cores)")
      ->type_name("N")
      ->check(number_in(0, kMaxThreads, true, fmt::format("between 1 and {} (0 = all cores)", kMaxThreads)));
  cmd->add_option("--objective-tolerance", args.objective_tolerance,
                  "Objectives within a factor 1+T count as equal when pruning (faster, at most (1+T)x worse; "
                  "default: the spec's mapper.objective_tolerance, else 0)")
      ->type_name("T")
      ->check(number_in(0, kInfinity, false, "a number, 0 or more"));
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
  cmd->add_option("--component-costs", args.costs, "Component cost table (JSON or YAML), FILE[#SECTION]");
  cmd->add_option("--json", args.json, "Write the result as JSON to OUT (- for stdout)")->type_name("OUT|-");
  cmd->add_option("--mapping-out", args.mapping_out, "Write the chosen mapping as YAML")
      ->type_name("OUT.yaml");
  return cmd;
}

int run_map_command(const MapArgs& args, std::ostream& out, std::ostream& err, std::mutex* commit_lock) {
  try {
    return run(args, out, err, commit_lock);
  } catch (const spec::SpecError& e) {
    for (const auto& d : e.diagnostics()) err << d.to_string() << '\n';
    const auto n = e.diagnostics().size();
    err << n << (n == 1 ? " error\n" : " errors\n");
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
