#pragma once
// A sweep: the mapper run at every point of a grid of spec variables (one or two
// `Variation`s; the first one outermost), one row per point. The CLI's `accelforge sweep`
// runs it; a point is exactly `accelforge map FILES --set NAME=VALUE ...` with the same map
// options, so a row's figures are that command's.
#include <functional>
#include <map>
#include <nlohmann/json.hpp>
#include <stop_token>
#include <string>
#include <vector>

#include "mapper/mapper.h"
#include "mapper/observer.h"
#include "mapper/options.h"
#include "sweep/variation.h"
#include "workspace/workspace.h"

namespace af::sweep {

struct SweepRow {
  std::vector<std::string> values;  // per varied variable, in `Sweep::vary` order
  bool found = false;
  std::string failure;  // why the point has no mapping (an invalid spec, or none valid)
  double energy = 0, latency = 0, edp = 0;
  std::map<std::string, double> component_energy;  // dynamic + leak, summed over Einsums
  // The point's chip (Workspace::area(), fanouts counted): set whenever its spec loads, mapped
  // or not. Area does not depend on the mapping, so energy or latency against area is the
  // design-space front a sweep draws (front_across_points).
  double area = 0, leak_power = 0;               // m^2, W
  std::map<std::string, double> component_area;  // m^2
  std::vector<std::string>
      warnings;  // the point's load warnings (e.g. a stale cost table entry), a rounded join's
  // The run's whole front (the optimum first): (energy, latency) of each mapping on it, for
  // overlaying the points' fronts.
  std::vector<std::pair<double, double>> front;
  std::string mapping_yaml;  // the optimum's mapping (AccelForge YAML; `accelforge evaluate` reads it)
  double seconds = 0;        // load and map, wall time
};

// What a caller may watch of each point, on the thread that runs it (the window follows a
// point's mapper and keeps its optimum's accesses; the CLI needs neither).
struct PointHooks {
  // Before point `index` maps: the observer of its mapper run (null: none). Owned by the caller.
  std::function<mapper::Observer*(std::size_t index)> observer;
  // After point `index` mapped: its spec and the mapper's result.
  std::function<void(std::size_t index, const Workspace& ws, const mapper::MapperResult& result)> mapped;
};

struct Sweep {
  SpecInputs inputs;  // files, fixed `--set` values, cost table
  std::vector<Variation> vary;
  // The run's options over each point's spec (`mapper:` section) defaults, e.g. the CLI's.
  std::function<void(mapper::MapperOptions&)> options;
};

// The grid's points: per point the values of `vary`, the last variable fastest.
[[nodiscard]] std::vector<std::vector<std::string>> points(const std::vector<Variation>& vary);

// Checks a sweep before it runs: at most two variables, no name twice, at most kMaxPoints
// points, and every name a variable of the spec (the spec loaded with the first point's
// values), else "did you mean". Returns the problems, empty when it may run.
[[nodiscard]] std::vector<std::string> check(const Sweep& sweep);

// One point: load with `values` set, map, the row. A stop asked for during the map gives a
// row with failure "stopped".
[[nodiscard]] SweepRow run_point(const Sweep& sweep, const std::vector<std::string>& values,
                                 std::stop_token stop = {}, const PointHooks& hooks = {},
                                 std::size_t index = 0);

// A row as JSON and back (for rows that cross processes); exact for every double.
[[nodiscard]] nlohmann::json row_to_json(const SweepRow& row);
[[nodiscard]] SweepRow row_from_json(const nlohmann::json& j);

// After each point: its row, the points done and in all.
using SweepProgress = std::function<void(const SweepRow& row, std::size_t done, std::size_t total)>;

// The rows of the points run before `stop` (each point runs whole; a stop asked for during a
// point ends the sweep after it).
[[nodiscard]] std::vector<SweepRow> run(const Sweep& sweep, std::stop_token stop = {},
                                        const SweepProgress& progress = {}, const PointHooks& hooks = {});

// "NAME1[,NAME2],energy_J,latency_s,edp_Js,area_m2,leak_power_W,<component>_energy_J...,
// <component>_area_m2...,seconds,status", one line per row; components are the union over the
// rows, sorted; a point without a mapping has empty figures and its failure as status.
[[nodiscard]] std::string csv(const Sweep& sweep, const std::vector<SweepRow>& rows);
// {"variables": [...], "points": [{values: {NAME: VALUE}, found, energy_J, ..., area_m2,
//  leak_power_W, component_area_m2, front: [[J, s], ...], mapping: YAML}], "fronts": {
//  "energy_area": [i...], "latency_area": [...], "energy_latency": [...], "edp_area": [...]}}
// (fronts: indices into points; see front_across_points).
[[nodiscard]] nlohmann::json json(const Sweep& sweep, const std::vector<SweepRow>& rows);

// A figure of a point, as an axis of a front across points.
enum class Axis { Energy, Latency, Edp, Area };
[[nodiscard]] double axis_value(const SweepRow& row, Axis axis);
[[nodiscard]] const char* axis_name(Axis axis);  // "energy", "latency", "edp", "area"
// Throws std::invalid_argument, listing the names, for an unknown one.
[[nodiscard]] Axis parse_axis(const std::string& name);

// The points no other mapped point beats on both axes (lower is better on each; equal points
// are all kept), as indices into `rows` in increasing order of `x`: the design choices worth
// having when trading `x` (e.g. area) against `y` (e.g. energy).
[[nodiscard]] std::vector<std::size_t> front_across_points(const std::vector<SweepRow>& rows, Axis x, Axis y);

}  // namespace af::sweep
