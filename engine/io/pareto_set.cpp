#include "io/pareto_set.h"

#include <fmt/format.h>

#include <set>

#include "model/evaluate.h"

namespace af::io {

std::vector<ParetoRow> pareto_rows(const spec::Spec& spec, const mapper::MapperResult& result,
                                   std::stop_token stop, const ParetoProgress& progress) {
  std::vector<ParetoRow> rows;
  rows.reserve(result.front.size());
  for (std::size_t i = 0; i < result.front.size(); ++i) {
    if (stop.stop_requested()) return {};
    const model::Evaluation ev = model::evaluate(spec.resolved(), mapper::mapping_of(result, i));
    ParetoRow row{ev.total_energy, ev.total_latency, ev.total_energy * ev.total_latency, {}};
    for (const auto& [key, e] : ev.energy) row.component_energy[key.component] += e;
    for (const auto& [key, e] : ev.leak_energy) row.component_energy[key.second] += e;
    rows.push_back(std::move(row));
    if (progress) progress(rows.size(), result.front.size());
  }
  return rows;
}

namespace {

std::vector<std::string> components_of(const std::vector<ParetoRow>& rows) {
  std::set<std::string> names;
  for (const auto& r : rows)
    for (const auto& [c, e] : r.component_energy) names.insert(c);
  return {names.begin(), names.end()};
}

// A CSV field: quoted when it holds a separator, a quote or a line break.
std::string csv_field(const std::string& s) {
  if (s.find_first_of(",\"\n") == std::string::npos) return s;
  std::string out = "\"";
  for (const char c : s) out += c == '"' ? std::string("\"\"") : std::string(1, c);
  return out + "\"";
}

}  // namespace

std::string pareto_csv(const std::vector<ParetoRow>& rows) {
  const auto components = components_of(rows);
  std::string out = "mapping,energy_J,latency_s,edp_Js";
  for (const auto& c : components) {  // two appends: see the -Wrestrict note in text/expr/value.h
    out += ',';
    out += csv_field(c + "_energy_J");
  }
  out += '\n';
  for (std::size_t i = 0; i < rows.size(); ++i) {
    const auto& r = rows[i];
    out += fmt::format("{},{:.9g},{:.9g},{:.9g}", i, r.energy, r.latency, r.edp);
    for (const auto& c : components) {
      const auto it = r.component_energy.find(c);
      out += fmt::format(",{:.9g}", it == r.component_energy.end() ? 0.0 : it->second);
    }
    out += '\n';
  }
  return out;
}

nlohmann::json pareto_json(const std::vector<ParetoRow>& rows) {
  nlohmann::json out = nlohmann::json::array();
  for (std::size_t i = 0; i < rows.size(); ++i) {
    const auto& r = rows[i];
    out.push_back({{"mapping", i},
                   {"energy", r.energy},
                   {"latency", r.latency},
                   {"edp", r.edp},
                   {"component_energy", r.component_energy}});
  }
  return out;
}

}  // namespace af::io
