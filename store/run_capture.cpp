#include "run_capture.h"

#include <limits>

#include "io/mapper_stats.h"
#include "io/mapping_writer.h"
#include "io/pareto_set.h"

namespace af::store {

namespace {

// Files in the order given, each with the text the load read (empty when it could not read it).
std::vector<RunFile> files_of(const std::vector<std::string>& paths,
                              const std::map<std::string, std::string>& texts) {
  std::vector<RunFile> out;
  for (const auto& p : paths) {
    const auto it = texts.find(p);
    out.push_back({p, it == texts.end() ? std::string() : it->second});
  }
  return out;
}

// What a sweep's optimum minimizes (see capture_sweep).
double objective(const sweep::SweepRow& row, unsigned metrics) {
  const bool energy = spec::includes_energy(metrics) || spec::includes_dynamic_energy(metrics) ||
                      spec::includes_leak_energy(metrics);
  const bool latency = spec::includes_latency(metrics);
  if (energy && !latency) return row.energy;
  if (latency && !energy) return row.latency;
  return row.edp;
}

}  // namespace

nlohmann::json options_json(const mapper::MapperOptions& options) {
  nlohmann::json j = io::mapper_settings_json(options);
  j["threads"] = options.threads;
  return j;
}

RunRecord capture_map(const Workspace& ws, const mapper::MapperOptions& options,
                      const mapper::MapperResult& result, double seconds, const std::string& project) {
  RunRecord r;
  r.kind = RunKind::kMap;
  r.created = utc_now();
  r.project = project;
  r.files = files_of(ws.inputs().files, ws.texts());
  r.spec_hash = io::fingerprint(ws.texts());
  r.assignments = ws.inputs().assignments;
  r.component_costs = ws.inputs().component_costs;
  r.priced_by_model.assign(ws.inputs().priced_by_model.begin(), ws.inputs().priced_by_model.end());
  r.options = options_json(options);
  r.seconds = seconds;
  r.found = result.found && result.evaluation && result.mapping;
  r.failure = r.found ? std::string() : (result.failure.empty() ? "no valid mapping" : result.failure);
  if (ws.ok()) {
    const components::AreaReport area = ws.area();
    r.area = area.total;
    r.leak_power = area.total_leak;
  }
  if (r.found) {
    r.energy = result.evaluation->total_energy;
    r.latency = result.evaluation->total_latency;
    r.edp = r.energy * r.latency;
    r.mapping_yaml = io::write_mapping_yaml(*result.mapping);
    r.front = io::pareto_json(io::pareto_rows(ws.spec(), result)).at("mappings");
  }
  r.stats = {{"stats", io::mapper_stats_json(result)}, {"join", io::mapper_join_json(result)}};
  // What the run said besides its figures: a front from a rounded join, or a run that stopped
  // itself (the join's memory limit) or was stopped, with what it had found.
  nlohmann::json warnings = nlohmann::json::array();
  for (const auto& why : {result.rounded_because, result.found ? result.stopped_because : std::string{}})
    if (!why.empty()) warnings.push_back(why);
  r.stats["run"] = {{"stopped", result.cancelled}, {"warnings", std::move(warnings)}};
  return r;
}

bool was_stopped(const RunRecord& record) {
  const auto run = record.stats.is_object() ? record.stats.find("run") : record.stats.end();
  return run != record.stats.end() && run->is_object() && run->value("stopped", false);
}

std::vector<std::string> warnings_of(const RunRecord& record) {
  std::vector<std::string> out;
  const auto run = record.stats.is_object() ? record.stats.find("run") : record.stats.end();
  if (run == record.stats.end() || !run->is_object() || !run->contains("warnings")) return out;
  for (const auto& w : run->at("warnings"))
    if (w.is_string()) out.push_back(w.get<std::string>());
  return out;
}

RunRecord capture_sweep(const sweep::Sweep& sweep, const std::vector<sweep::SweepRow>& rows, double seconds,
                        const std::string& project) {
  RunRecord r;
  r.kind = RunKind::kSweep;
  r.created = utc_now();
  r.project = project;
  SpecInputs first = sweep.inputs;  // the first point's, as sweep::run loads it
  const auto grid = sweep::points(sweep.vary);
  if (!grid.empty())
    for (std::size_t v = 0; v < sweep.vary.size(); ++v)
      first.assignments.push_back(sweep.vary[v].name + "=" + grid.front()[v]);
  const Workspace ws = Workspace::load(first);
  r.files = files_of(sweep.inputs.files, ws.texts());
  r.spec_hash = io::fingerprint(ws.texts());
  r.assignments = sweep.inputs.assignments;
  r.component_costs = sweep.inputs.component_costs;
  r.priced_by_model.assign(sweep.inputs.priced_by_model.begin(), sweep.inputs.priced_by_model.end());
  mapper::MapperOptions options = ws.ok() ? ws.mapper_options() : mapper::MapperOptions{};
  if (sweep.options) sweep.options(options);
  r.options = options_json(options);
  r.seconds = seconds;
  r.vary = nlohmann::json::array();
  for (const auto& v : sweep.vary) r.vary.push_back({{"name", v.name}, {"values", v.values}});
  r.front = nlohmann::json::array();
  double best = std::numeric_limits<double>::infinity();
  for (const auto& row : rows) {
    r.front.push_back(sweep::row_to_json(row));
    if (row.found && (!r.found || objective(row, options.metrics) < best)) {
      best = objective(row, options.metrics);
      r.found = true;
      r.energy = row.energy;
      r.latency = row.latency;
      r.edp = row.edp;
      r.area = row.area;
      r.leak_power = row.leak_power;
    }
  }
  if (!r.found)
    r.failure = rows.empty() ? "the sweep ran no point" : "no point of the sweep has a valid mapping";
  return r;
}

ProjectMapperSettings settings_of(const RunRecord& record) {
  ProjectMapperSettings s;
  const auto& o = record.options;
  if (!o.is_object()) return s;
  if (const auto it = o.find("metric"); it != o.end() && it->is_string()) {
    try {
      s.metrics = mapper::parse_metrics(it->get<std::string>());
    } catch (const std::exception&) {
      // A metric this version does not know: the pane keeps its own.
    }
  }
  if (const auto it = o.find("unfused"); it != o.end() && it->is_boolean()) s.unfused = it->get<bool>();
  if (const auto it = o.find("max_fused_loops"); it != o.end())
    s.max_fused_loops = it->is_number_integer() ? it->get<std::int64_t>() : mapper::kUnlimited;
  if (const auto it = o.find("explore_imperfect_spatial_loops"); it != o.end() && it->is_boolean())
    s.imperfect_spatial_loops = it->get<bool>();
  if (const auto it = o.find("explore_imperfect_temporal_loops"); it != o.end() && it->is_boolean())
    s.imperfect_temporal_loops = it->get<bool>();
  if (const auto it = o.find("tiling_coarseness"); it != o.end() && it->is_number())
    s.tiling_coarseness = it->get<double>();
  if (const auto it = o.find("objective_tolerance"); it != o.end() && it->is_number())
    s.objective_tolerance = it->get<double>();
  if (const auto it = o.find("threads"); it != o.end() && it->is_number_integer()) s.threads = it->get<int>();
  return s;
}

SpecInputs inputs_of(const RunRecord& record) {
  SpecInputs in;
  for (const auto& f : record.files) {
    in.files.push_back(f.path);
    in.unsaved[f.path] = f.text;
  }
  in.assignments = record.assignments;
  in.component_costs = record.component_costs;
  in.priced_by_model.insert(record.priced_by_model.begin(), record.priced_by_model.end());
  return in;
}

}  // namespace af::store
