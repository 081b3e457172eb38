#include "io/evaluation_json.h"

#include <map>

#include "io/mapping_writer.h"

namespace af::io {

namespace {

nlohmann::json yaml_to_json(const text::yaml::YamlNode& node) {
  switch (node.kind()) {
    case text::yaml::YamlNode::Kind::Null:
      return nullptr;
    case text::yaml::YamlNode::Kind::Scalar: {
      if (node.quoted()) return node.text();
      const text::yaml::ScalarValue v = node.value();
      if (const auto* b = std::get_if<bool>(&v)) return *b;
      if (const auto* i = std::get_if<std::int64_t>(&v)) return *i;
      if (const auto* d = std::get_if<double>(&v)) return *d;
      return node.text();
    }
    case text::yaml::YamlNode::Kind::Sequence: {
      nlohmann::json out = nlohmann::json::array();
      for (const auto& item : node.items()) out.push_back(yaml_to_json(item));
      return out;
    }
    case text::yaml::YamlNode::Kind::Map: {
      nlohmann::json out = nlohmann::json::object();
      if (!node.tag().empty()) out["type"] = node.tag().substr(node.tag().starts_with('!') ? 1 : 0);
      for (const auto& e : node.entries()) out[e.key] = yaml_to_json(e.value);
      return out;
    }
  }
  return nullptr;
}

nlohmann::json tensor_or_null(const std::string& tensor) {
  return tensor.empty() ? nlohmann::json(nullptr) : nlohmann::json(tensor);
}

}  // namespace

nlohmann::json area_breakdown_json(const components::AreaReport& area) {
  nlohmann::json rows = nlohmann::json::array();
  for (const auto& [component, a] : area.per_component) {
    const auto leak = area.leak_per_component.find(component);
    rows.push_back({{"component", component},
                    {"area", a},
                    {"leak_power", leak == area.leak_per_component.end() ? 0.0 : leak->second}});
  }
  return rows;
}

nlohmann::json mapping_to_json(const spec::Mapping& mapping) {
  return yaml_to_json(mapping_to_yaml(mapping));
}

nlohmann::json evaluation_to_json(const model::Evaluation& ev, const spec::Mapping* mapping,
                                  double n_mappings, const components::AreaReport* area) {
  nlohmann::json out;
  out["energy"] = ev.total_energy;
  out["dynamic_energy"] = ev.dynamic_energy;
  out["leak_energy"] = ev.leak_energy_total;
  out["latency"] = ev.total_latency;
  out["n_mappings"] = n_mappings;

  nlohmann::json actions = nlohmann::json::array();
  for (const auto& [k, count] : ev.actions)
    actions.push_back({{"einsum", k.einsum},
                       {"component", k.component},
                       {"tensor", tensor_or_null(k.tensor)},
                       {"action", k.action},
                       {"count", count}});
  out["actions"] = std::move(actions);

  // AccelForge's energy_per_component: (einsum, component, action), summed over tensors, plus leak.
  std::map<std::tuple<std::string, std::string, std::string>, double> energy;
  for (const auto& [k, e] : ev.energy) energy[{k.einsum, k.component, k.action}] += e;
  for (const auto& [k, e] : ev.leak_energy) energy[{k.first, k.second, "leak"}] += e;
  nlohmann::json breakdown = nlohmann::json::array();
  for (const auto& [k, e] : energy)
    breakdown.push_back({{"einsum", std::get<0>(k)},
                         {"component", std::get<1>(k)},
                         {"action", std::get<2>(k)},
                         {"energy", e}});
  out["energy_breakdown"] = std::move(breakdown);

  nlohmann::json latency = nlohmann::json::array();
  for (const auto& [k, l] : ev.component_latency)
    latency.push_back({{"einsum", k.first}, {"component", k.second}, {"latency", l}});
  out["latency_breakdown"] = std::move(latency);

  nlohmann::json occupancy = nlohmann::json::array();
  for (const auto& [k, bits] : ev.occupancy)
    occupancy.push_back({{"einsum", std::get<0>(k)},
                         {"component", std::get<1>(k)},
                         {"tensor", std::get<2>(k)},
                         {"bits", bits}});
  out["occupancy"] = std::move(occupancy);

  if (area) {
    out["area"] = area->total;
    out["leak_power"] = area->total_leak;
    out["area_breakdown"] = area_breakdown_json(*area);
  }
  if (mapping) out["mapping"] = mapping_to_json(*mapping);
  return out;
}

}  // namespace af::io
