#include "sweep/sweep.h"

#include <fmt/format.h>

#include <chrono>
#include <set>

#include "core/closest_name.h"
#include "io/csv.h"
#include "io/mapping_writer.h"
#include "io/pareto_set.h"

namespace af::sweep {

namespace {

SpecInputs inputs_at(const Sweep& sweep, const std::vector<std::string>& values) {
  SpecInputs in = sweep.inputs;
  for (std::size_t v = 0; v < sweep.vary.size(); ++v)
    in.assignments.push_back(sweep.vary[v].name + "=" + values[v]);
  return in;
}

std::string first_error(const Workspace& ws) {
  for (const auto& d : ws.diagnostics())
    if (d.severity == core::Severity::Error) return d.to_string();
  return "the spec did not load";
}

std::set<std::string> components_of(const std::vector<SweepRow>& rows) {
  std::set<std::string> out;
  for (const auto& r : rows)
    for (const auto& [c, e] : r.component_energy) out.insert(c);
  return out;
}

}  // namespace

std::vector<std::vector<std::string>> points(const std::vector<Variation>& vary) {
  std::vector<std::vector<std::string>> out{{}};
  for (const auto& v : vary) {
    std::vector<std::vector<std::string>> next;
    for (const auto& p : out)
      for (const auto& value : v.values) {
        next.push_back(p);
        next.back().push_back(value);
      }
    out = std::move(next);
  }
  return out;
}

std::vector<std::string> check(const Sweep& sweep) {
  std::vector<std::string> problems;
  if (sweep.vary.empty()) problems.emplace_back("nothing to vary: give --vary NAME=VALUES");
  if (sweep.vary.size() > 2) problems.emplace_back("a sweep varies one or two variables");
  std::set<std::string> names;
  double n = 1;
  for (const auto& v : sweep.vary) {
    if (!names.insert(v.name).second) problems.push_back(fmt::format("{} is varied twice", v.name));
    for (const auto& a : sweep.inputs.assignments)
      if (a.substr(0, a.find('=')) == v.name)
        problems.push_back(fmt::format("{} is both set (--set {}) and varied", v.name, a));
    n *= static_cast<double>(v.values.size());
  }
  if (n > static_cast<double>(kMaxPoints))
    problems.push_back(fmt::format("{:.0f} points; a sweep has at most {}", n, kMaxPoints));
  if (!problems.empty()) return problems;
  const Workspace ws = Workspace::load(inputs_at(sweep, points(sweep.vary).front()));
  std::vector<std::string> known;
  for (const auto& t : ws.template_variables()) known.push_back(t.name);
  for (const auto& v : sweep.vary)
    if (std::find(known.begin(), known.end(), v.name) == known.end())
      problems.push_back(
          fmt::format("the spec files read no variable {}{}", v.name, core::did_you_mean(v.name, known)));
  return problems;
}

SweepRow run_point(const Sweep& sweep, const std::vector<std::string>& values, std::stop_token stop,
                   const PointHooks& hooks, std::size_t index) {
  const auto start = std::chrono::steady_clock::now();
  SweepRow row;
  row.values = values;
  const Workspace ws = Workspace::load(inputs_at(sweep, values), stop);
  if (!ws.ok()) {
    row.failure = first_error(ws);
  } else if (!ws.spec().has_arch()) {
    row.failure = "the spec has no architecture";
  } else {
    mapper::MapperOptions options = ws.mapper_options();
    if (sweep.options) sweep.options(options);
    try {
      const mapper::MapperResult r = ws.map(options, hooks.observer ? hooks.observer(index) : nullptr, stop);
      if (hooks.mapped) hooks.mapped(index, ws, r);
      if (r.cancelled) {
        row.failure = "stopped";
      } else if (r.found && r.evaluation) {
        row.found = true;
        row.energy = r.evaluation->total_energy;
        row.latency = r.evaluation->total_latency;
        row.edp = row.energy * row.latency;
        row.component_energy = io::component_energy(*r.evaluation);
        for (const auto& m : r.front) row.front.emplace_back(m.energy(), m.latency);
        if (r.mapping) row.mapping_yaml = io::write_mapping_yaml(*r.mapping);
      } else {
        row.failure = r.failure.empty() ? "no valid mapping" : r.failure;
      }
    } catch (const core::SpecError& e) {
      row.failure = e.what();
    }
  }
  row.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return row;
}

std::vector<SweepRow> run(const Sweep& sweep, std::stop_token stop, const SweepProgress& progress,
                          const PointHooks& hooks) {
  const auto grid = points(sweep.vary);
  std::vector<SweepRow> rows;
  for (const auto& values : grid) {
    if (stop.stop_requested()) break;
    SweepRow row = run_point(sweep, values, stop, hooks, rows.size());
    if (stop.stop_requested() && row.failure == "stopped") break;  // a point stopped half way is no point
    rows.push_back(std::move(row));
    if (progress) progress(rows.back(), rows.size(), grid.size());
  }
  return rows;
}

nlohmann::json row_to_json(const SweepRow& row) {
  return {{"values", row.values},        {"found", row.found},
          {"failure", row.failure},      {"energy", row.energy},
          {"latency", row.latency},      {"edp", row.edp},
          {"front", row.front},          {"component_energy", row.component_energy},
          {"mapping", row.mapping_yaml}, {"seconds", row.seconds}};
}

SweepRow row_from_json(const nlohmann::json& j) {
  SweepRow row;
  row.values = j.at("values").get<std::vector<std::string>>();
  row.found = j.at("found").get<bool>();
  row.failure = j.at("failure").get<std::string>();
  row.energy = j.at("energy").get<double>();
  row.latency = j.at("latency").get<double>();
  row.edp = j.at("edp").get<double>();
  row.component_energy = j.at("component_energy").get<std::map<std::string, double>>();
  row.front = j.at("front").get<std::vector<std::pair<double, double>>>();
  row.mapping_yaml = j.value("mapping", std::string());
  row.seconds = j.at("seconds").get<double>();
  return row;
}

std::string csv(const Sweep& sweep, const std::vector<SweepRow>& rows) {
  const auto components = components_of(rows);
  std::string out;
  for (const auto& v : sweep.vary) out += io::csv_field(v.name) + ',';
  out += "energy_J,latency_s,edp_Js";
  for (const auto& c : components) out += ',' + io::csv_field(c + "_energy_J");
  out += ",seconds,status\n";
  for (const auto& r : rows) {
    for (const auto& v : r.values) out += io::csv_field(v) + ',';
    if (r.found) {
      out += fmt::format("{},{},{}", r.energy, r.latency, r.edp);
      for (const auto& c : components) {
        const auto it = r.component_energy.find(c);
        out += fmt::format(",{}", it == r.component_energy.end() ? 0.0 : it->second);
      }
    } else {
      out += ",,";
      for (std::size_t i = 0; i < components.size(); ++i) out += ',';
    }
    out += fmt::format(",{:.3f},{}\n", r.seconds, io::csv_field(r.found ? "ok" : r.failure));
  }
  return out;
}

nlohmann::json json(const Sweep& sweep, const std::vector<SweepRow>& rows) {
  nlohmann::json vars = nlohmann::json::array();
  for (const auto& v : sweep.vary) vars.push_back({{"name", v.name}, {"values", v.values}});
  nlohmann::json pts = nlohmann::json::array();
  for (const auto& r : rows) {
    nlohmann::json values = nlohmann::json::object();
    for (std::size_t i = 0; i < r.values.size() && i < sweep.vary.size(); ++i)
      values[sweep.vary[i].name] = r.values[i];
    nlohmann::json p{{"values", values}, {"found", r.found}, {"seconds", r.seconds}};
    if (r.found) {
      p["energy_J"] = r.energy;
      p["latency_s"] = r.latency;
      p["edp_Js"] = r.edp;
      p["component_energy_J"] = r.component_energy;
      p["front"] = r.front;
      p["mapping"] = r.mapping_yaml;
    } else {
      p["failure"] = r.failure;
    }
    pts.push_back(std::move(p));
  }
  return {{"files", sweep.inputs.files},
          {"assignments", sweep.inputs.assignments},
          {"variables", vars},
          {"points", pts}};
}

}  // namespace af::sweep
