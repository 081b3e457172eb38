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

namespace {

// The memory above `memory` on some Einsum's path ("" when none).
std::string parent_of(const spec::Spec& spec, const std::string& memory) {
  for (const auto& [einsum, built] : spec.arch_by_einsum)
    for (const auto& [compute, path] : built.arch.paths) {
      std::string above;
      for (const auto i : path) {
        const auto& c = built.arch.components.at(i);
        if (c.name == memory) return above;
        if (c.kind == spec::ComponentKind::Memory) above = c.name;
      }
    }
  return {};
}

double memory_size(const spec::Spec& spec, const std::string& memory) {
  for (const auto& [einsum, built] : spec.arch_by_einsum)
    if (const auto* c = built.arch.find(memory)) return c->size;
  return 0;
}

// Bits `memory` reads and writes over the whole workload: each action's count times the
// values an action moves times their bits.
double traffic_bits(const spec::Spec& spec, const model::Evaluation& ev, const std::string& memory) {
  double bits = 0;
  for (const auto& [key, count] : ev.actions) {
    if (key.component != memory || key.tensor.empty() || (key.action != "read" && key.action != "write"))
      continue;
    const auto built = spec.arch_by_einsum.find(key.einsum);
    if (built == spec.arch_by_einsum.end()) continue;
    const auto* c = built->second.arch.find(memory);
    const auto* einsum = spec.workload.workload.find_einsum(key.einsum);
    if (c == nullptr || einsum == nullptr) continue;
    const auto* access = einsum->find_access(key.tensor);
    const double workload_bits = access != nullptr ? access->bits_per_value : 8;
    for (const auto& a : c->actions)
      if (a.name == key.action)
        bits += count * c->values_per_action_for(a, key.tensor, workload_bits) *
                c->bits_per_value_for(key.tensor, workload_bits);
  }
  return bits;
}

std::vector<std::pair<std::string, double>> objectives_of(const model::Evaluation& ev,
                                                          const mapper::JoinedMapping& m,
                                                          const mapper::MapperResult& result) {
  std::vector<std::pair<std::string, double>> out;
  const unsigned metrics = result.metrics;
  if (metrics & spec::kEdp) out.emplace_back("edp", ev.total_energy * ev.total_latency);
  if (metrics & spec::kEnergy) out.emplace_back("energy", ev.total_energy);
  if (metrics & spec::kLatency) out.emplace_back("latency", ev.total_latency);
  if (metrics & spec::kDynamicEnergy) out.emplace_back("dynamic_energy", ev.dynamic_energy);
  if (metrics & spec::kLeakEnergy) out.emplace_back("leak_energy", ev.leak_energy_total);
  if (metrics & spec::kResourceUsage)
    for (std::size_t k = 0; k < result.tracked.size() && k < m.usage.size(); ++k)
      out.emplace_back("usage " + result.tracked.names[k], m.usage[k]);
  return out;
}

}  // namespace

std::vector<ParetoRow> pareto_rows(const spec::Spec& spec, const mapper::MapperResult& result,
                                   std::stop_token stop, const ParetoProgress& progress) {
  std::vector<ParetoRow> rows;
  rows.reserve(result.front.size());
  for (std::size_t i = 0; i < result.front.size(); ++i) {
    if (stop.stop_requested()) return {};
    const spec::Mapping mapping = mapper::mapping_of(result, i);
    const model::Evaluation ev = model::evaluate(spec.resolved(), mapping);
    ParetoRow row;
    row.energy = ev.total_energy;
    row.latency = ev.total_latency;
    row.edp = ev.total_energy * ev.total_latency;
    row.component_energy = component_energy(ev);
    row.objectives = objectives_of(ev, result.front[i], result);
    for (std::size_t k = 0; k < result.tracked.size(); ++k) {
      MemoryUse use;
      use.memory = result.tracked.names[k];
      use.parent = parent_of(spec, use.memory);
      use.usage = k < result.front[i].usage.size() ? result.front[i].usage[k] : 0;
      use.usage_bits = use.usage * memory_size(spec, use.memory);
      if (!use.parent.empty()) use.parent_bits = traffic_bits(spec, ev, use.parent);
      row.memories.push_back(std::move(use));
    }
    row.mapping_yaml = write_mapping_yaml(mapping);
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
  const ParetoRow none;
  const ParetoRow& first = rows.empty() ? none : rows.front();  // every row has the same columns
  for (const auto& [name, value] : first.objectives) {
    out += ',';
    out += csv_field("objective_" + name);
  }
  for (const auto& m : first.memories) {
    out += ',';
    out += csv_field(m.memory + "_usage");
    out += ',';
    out += csv_field(m.memory + "_usage_bits");
    out += ',';
    out += csv_field(m.memory + "_parent_bits");
  }
  for (const auto& c : components) {  // two appends: see the -Wrestrict note in text/expr/value.h
    out += ',';
    out += csv_field(c + "_energy_J");
  }
  out += ",mapping_yaml\n";
  for (std::size_t i = 0; i < rows.size(); ++i) {
    const auto& r = rows[i];
    out += fmt::format("{},{:.9g},{:.9g},{:.9g}", i, r.energy, r.latency, r.edp);
    for (const auto& [name, value] : r.objectives) out += fmt::format(",{:.9g}", value);
    for (const auto& m : r.memories)
      out += fmt::format(",{:.9g},{:.9g},{:.9g}", m.usage, m.usage_bits, m.parent_bits);
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
    nlohmann::json objectives = nlohmann::json::object();
    for (const auto& [name, value] : r.objectives) objectives[name] = value;
    nlohmann::json memories = nlohmann::json::array();
    for (const auto& m : r.memories)
      memories.push_back({{"memory", m.memory},
                          {"parent", m.parent},
                          {"usage", m.usage},
                          {"usage_bits", m.usage_bits},
                          {"parent_bits", m.parent_bits}});
    mappings.push_back({{"mapping", i},
                        {"energy", r.energy},
                        {"latency", r.latency},
                        {"edp", r.edp},
                        {"objectives", std::move(objectives)},
                        {"memories", std::move(memories)},
                        {"component_energy", r.component_energy},
                        {"yaml", r.mapping_yaml}});
  }
  return {{"run", provenance_json(from)}, {"mappings", std::move(mappings)}};
}

}  // namespace af::io
