#include "sweep/sweep.h"

#include <fmt/format.h>

#include <algorithm>
#include <chrono>
#include <set>
#include <stdexcept>

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

std::set<std::string> area_components_of(const std::vector<SweepRow>& rows) {
  std::set<std::string> out;
  for (const auto& r : rows)
    for (const auto& [c, a] : r.component_area) out.insert(c);
  return out;
}

constexpr Axis kAxes[] = {Axis::Energy, Axis::Latency, Axis::Edp, Axis::Area};

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
  if (ws.ok()) {
    const components::AreaReport area = ws.area();
    row.area = area.total;
    row.leak_power = area.total_leak;
    row.component_area = area.per_component;
    for (const auto& d : ws.diagnostics())
      if (d.severity == core::Severity::Warning) row.warnings.push_back(d.to_string());
  }
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
        // A point whose join outgrew its memory limit stopped itself: it says why, not "stopped".
        row.failure = r.stopped_because.empty() ? "stopped" : r.stopped_because;
      } else if (r.found && r.evaluation) {
        if (!r.rounded_because.empty()) row.warnings.push_back(r.rounded_because);
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
  return {{"values", row.values},
          {"found", row.found},
          {"failure", row.failure},
          {"energy", row.energy},
          {"latency", row.latency},
          {"edp", row.edp},
          {"area", row.area},
          {"leak_power", row.leak_power},
          {"component_area", row.component_area},
          {"warnings", row.warnings},
          {"front", row.front},
          {"component_energy", row.component_energy},
          {"mapping", row.mapping_yaml},
          {"seconds", row.seconds}};
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
  // Rows stored before area was recorded have none.
  row.area = j.value("area", 0.0);
  row.leak_power = j.value("leak_power", 0.0);
  row.component_area = j.value("component_area", std::map<std::string, double>());
  row.warnings = j.value("warnings", std::vector<std::string>());
  return row;
}

std::string csv(const Sweep& sweep, const std::vector<SweepRow>& rows) {
  const auto components = components_of(rows);
  const auto area_components = area_components_of(rows);
  std::string out;
  for (const auto& v : sweep.vary) out += io::csv_field(v.name) + ',';
  out += "energy_J,latency_s,edp_Js,area_m2,leak_power_W";
  for (const auto& c : components) out += ',' + io::csv_field(c + "_energy_J");
  for (const auto& c : area_components) out += ',' + io::csv_field(c + "_area_m2");
  out += ",seconds,status\n";
  const auto figure = [](const std::map<std::string, double>& m, const std::string& c) {
    const auto it = m.find(c);
    return fmt::format(",{}", it == m.end() ? 0.0 : it->second);
  };
  for (const auto& r : rows) {
    for (const auto& v : r.values) out += io::csv_field(v) + ',';
    if (r.found) {
      out += fmt::format("{},{},{},{},{}", r.energy, r.latency, r.edp, r.area, r.leak_power);
      for (const auto& c : components) out += figure(r.component_energy, c);
      for (const auto& c : area_components) out += figure(r.component_area, c);
    } else {
      out += ",,,,";
      for (std::size_t i = 0; i < components.size() + area_components.size(); ++i) out += ',';
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
      p["area_m2"] = r.area;
      p["leak_power_W"] = r.leak_power;
      p["component_area_m2"] = r.component_area;
      p["front"] = r.front;
      p["mapping"] = r.mapping_yaml;
    } else {
      p["failure"] = r.failure;
    }
    pts.push_back(std::move(p));
  }
  nlohmann::json fronts = nlohmann::json::object();
  for (const auto& [x, y] : {std::pair{Axis::Area, Axis::Energy}, std::pair{Axis::Area, Axis::Latency},
                             std::pair{Axis::Area, Axis::Edp}, std::pair{Axis::Latency, Axis::Energy}})
    fronts[std::string(axis_name(y)) + "_" + axis_name(x)] = front_across_points(rows, x, y);
  return {{"files", sweep.inputs.files},
          {"assignments", sweep.inputs.assignments},
          {"variables", vars},
          {"points", pts},
          {"fronts", fronts}};
}

double axis_value(const SweepRow& row, Axis axis) {
  switch (axis) {
    case Axis::Energy:
      return row.energy;
    case Axis::Latency:
      return row.latency;
    case Axis::Edp:
      return row.edp;
    case Axis::Area:
      break;
  }
  return row.area;
}

const char* axis_name(Axis axis) {
  switch (axis) {
    case Axis::Energy:
      return "energy";
    case Axis::Latency:
      return "latency";
    case Axis::Edp:
      return "edp";
    case Axis::Area:
      break;
  }
  return "area";
}

Axis parse_axis(const std::string& name) {
  std::vector<std::string> names;
  for (const Axis a : kAxes) {
    if (name == axis_name(a)) return a;
    names.emplace_back(axis_name(a));
  }
  throw std::invalid_argument(fmt::format("unknown axis '{}'{}; the axes are energy, latency, edp and area",
                                          name, core::did_you_mean(name, names)));
}

std::vector<std::size_t> front_across_points(const std::vector<SweepRow>& rows, Axis x, Axis y) {
  std::vector<std::size_t> mapped;
  for (std::size_t i = 0; i < rows.size(); ++i)
    if (rows[i].found) mapped.push_back(i);
  std::vector<std::size_t> out;
  for (const std::size_t i : mapped) {
    const double xi = axis_value(rows[i], x), yi = axis_value(rows[i], y);
    const bool beaten = std::any_of(mapped.begin(), mapped.end(), [&](std::size_t j) {
      const double xj = axis_value(rows[j], x), yj = axis_value(rows[j], y);
      return xj <= xi && yj <= yi && (xj < xi || yj < yi);
    });
    if (!beaten) out.push_back(i);
  }
  std::stable_sort(out.begin(), out.end(), [&](std::size_t a, std::size_t b) {
    return axis_value(rows[a], x) < axis_value(rows[b], x);
  });
  return out;
}

}  // namespace af::sweep
