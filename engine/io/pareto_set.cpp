#include "io/pareto_set.h"

#include <fmt/format.h>

#include <set>

#include "io/csv.h"
#include "io/mapping_writer.h"
#include "model/evaluate.h"
#include "spec/metrics.h"

namespace af::io {

std::map<std::string, double> component_energy(const model::Evaluation& ev) {
  std::map<std::string, double> out;
  for (const auto& [key, e] : ev.energy) out[key.component] += e;
  for (const auto& [key, e] : ev.leak_energy) out[key.second] += e;
  return out;
}

std::vector<ParetoRow> pareto_rows(const spec::Spec& spec, const mapper::MapperResult& result,
                                   std::stop_token stop, const ParetoProgress& progress) {
  std::vector<ParetoRow> rows;
  rows.reserve(result.front.size());
  for (std::size_t i = 0; i < result.front.size(); ++i) {
    if (stop.stop_requested()) return {};
    const spec::Mapping mapping = mapper::mapping_of(result, i);
    const model::Evaluation ev = model::evaluate(spec.resolved(), mapping);
    ParetoRow row{ev.total_energy, ev.total_latency, ev.total_energy * ev.total_latency, component_energy(ev),
                  write_mapping_yaml(mapping)};
    rows.push_back(std::move(row));
    if (progress) progress(rows.size(), result.front.size());
  }
  return rows;
}

nlohmann::json mapper_settings_json(const mapper::MapperOptions& o) {
  const auto limit = [](std::int64_t n) {
    return n == mapper::kUnlimited ? nlohmann::json(nullptr) : nlohmann::json(n);
  };
  return {{"metric", spec::metrics_name(o.metrics)},
          {"unfused", o.unfused},
          {"max_fused_loops", limit(o.max_fused_loops)},
          {"max_fused_loops_per_rank_variable", limit(o.max_fused_loops_per_rank_variable)},
          {"explore_imperfect_spatial_loops", o.explore_imperfect_spatial_loops},
          {"explore_imperfect_temporal_loops", o.explore_imperfect_temporal_loops},
          {"tiling_coarseness", o.tiling_coarseness},
          {"objective_tolerance", o.objective_tolerance},
          {"resource_usage_tolerance", o.resource_usage_tolerance}};
}

namespace {

std::vector<std::string> components_of(const std::vector<ParetoRow>& rows) {
  std::set<std::string> names;
  for (const auto& r : rows)
    for (const auto& [c, e] : r.component_energy) names.insert(c);
  return {names.begin(), names.end()};
}

nlohmann::json provenance_json(const ParetoProvenance& from) {
  return {{"files", from.files},
          {"spec_fingerprint", from.spec_fingerprint},
          {"assignments", from.assignments},
          {"component_costs", from.component_costs},
          {"settings", mapper_settings_json(from.options)}};
}

}  // namespace

std::string fingerprint(const std::map<std::string, std::string>& texts) {
  std::uint64_t h = 0xcbf29ce484222325ULL;
  const auto mix = [&h](std::string_view s) {
    for (const char c : s) h = (h ^ static_cast<unsigned char>(c)) * 0x100000001b3ULL;
    h = (h ^ 0xff) * 0x100000001b3ULL;  // a separator no text byte sequence can fake
  };
  for (const auto& [path, text] : texts) {
    mix(path);
    mix(text);
  }
  return fmt::format("{:016x}", h);
}

std::string pareto_csv(const std::vector<ParetoRow>& rows, const ParetoProvenance& from) {
  const auto components = components_of(rows);
  // Provenance first, as comment lines (pandas: read_csv(..., comment="#")).
  std::string out = "# Pareto set exported by accelforge-explorer\n# run: ";
  out += provenance_json(from).dump();  // appends: see the -Wrestrict note in text/expr/value.h
  out += '\n';
  out += "mapping,energy_J,latency_s,edp_Js";
  for (const auto& c : components) {  // two appends: see the -Wrestrict note in text/expr/value.h
    out += ',';
    out += csv_field(c + "_energy_J");
  }
  out += ",mapping_yaml\n";
  for (std::size_t i = 0; i < rows.size(); ++i) {
    const auto& r = rows[i];
    out += fmt::format("{},{:.9g},{:.9g},{:.9g}", i, r.energy, r.latency, r.edp);
    for (const auto& c : components) {
      const auto it = r.component_energy.find(c);
      out += fmt::format(",{:.9g}", it == r.component_energy.end() ? 0.0 : it->second);
    }
    out += ',';
    out += csv_field(r.mapping_yaml);
    out += '\n';
  }
  return out;
}

nlohmann::json pareto_json(const std::vector<ParetoRow>& rows, const ParetoProvenance& from) {
  nlohmann::json mappings = nlohmann::json::array();
  for (std::size_t i = 0; i < rows.size(); ++i) {
    const auto& r = rows[i];
    mappings.push_back({{"mapping", i},
                        {"energy", r.energy},
                        {"latency", r.latency},
                        {"edp", r.edp},
                        {"component_energy", r.component_energy},
                        {"yaml", r.mapping_yaml}});
  }
  return {{"run", provenance_json(from)}, {"mappings", std::move(mappings)}};
}

}  // namespace af::io
