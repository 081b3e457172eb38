#include "io/component_costs.h"

#include <fmt/format.h>

#include <cmath>

#include "core/number_text.h"
#include "io/evaluation_json.h"

namespace af::io {

namespace {

const char* kind_name(spec::ComponentKind kind) {
  switch (kind) {
    case spec::ComponentKind::Memory:
      return "Memory";
    case spec::ComponentKind::Toll:
      return "Toll";
    case spec::ComponentKind::Compute:
      return "Compute";
    case spec::ComponentKind::Container:
      break;
  }
  return "Container";
}

std::string figure(double v) { return std::isinf(v) ? std::string("inf") : fmt::format("{:.6g}", v); }

// A number where the attribute is one, else its text.
nlohmann::json attribute_value(const std::string& text) {
  if (const auto v = core::parse_number(text)) return *v;
  return text;
}

nlohmann::json json_figure(double v) {
  if (std::isinf(v)) return "inf";  // JSON has no infinity
  return v;
}

std::string where_from(const spec::PricedComponent& c) {
  if (!c.model.empty()) {
    std::string read;
    for (const auto& a : c.attributes)
      read += fmt::format("{}{}={}{}", read.empty() ? "" : ", ", a.name, a.value,
                          a.defaulted ? " (default)" : "");
    return fmt::format("  model {} read: {}\n", c.model, read.empty() ? "nothing" : read);
  }
  return {};
}

}  // namespace

std::string component_costs_report(const std::vector<spec::PricedComponent>& components,
                                   const components::AreaReport& totals) {
  std::string out;
  for (const auto& c : components) {
    out += fmt::format("{} ({}{})\n", c.name, kind_name(c.kind),
                       c.component_class.empty() ? std::string() : ", component_class " + c.component_class);
    out += where_from(c);
    if (!c.table.empty()) out += fmt::format("  cost table {}\n", c.table);
    if (c.priced_by_model_instead) out += "  priced by its model instead of the cost table (as asked)\n";
    out += fmt::format("  area {} m^2 [{}], leak power {} W [{}] (one instance)\n", figure(c.area),
                       spec::cost_source_name(c.area_source), figure(c.leak_power),
                       spec::cost_source_name(c.leak_source));
    out += fmt::format("  {:<12} {:>14} {:<9} {:>16} {:<9} {:>6}\n", "action", "energy (J)", "",
                       "throughput (/s)", "", "bits");
    for (const auto& a : c.actions)
      out += fmt::format("  {:<12} {:>14} {:<9} {:>16} {:<9} {:>6}\n", a.name, figure(a.energy),
                         fmt::format("[{}]", spec::cost_source_name(a.energy_source)), figure(a.throughput),
                         fmt::format("[{}]", spec::cost_source_name(a.throughput_source)),
                         a.bits_per_action ? figure(*a.bits_per_action) : std::string("-"));
    for (const auto& s : c.stale) out += fmt::format("  stale: {}\n", s.message);
    for (const auto& n : c.model_notes) out += fmt::format("  note: {}\n", n);
  }
  out += fmt::format("total area {} m^2, leak power {} W (each component times the instances above it)\n",
                     figure(totals.total), figure(totals.total_leak));
  return out;
}

nlohmann::json component_costs_json(const std::vector<spec::PricedComponent>& components,
                                    const components::AreaReport& totals) {
  nlohmann::json list = nlohmann::json::array();
  for (const auto& c : components) {
    nlohmann::json attributes = nlohmann::json::array();
    for (const auto& a : c.attributes)
      attributes.push_back({{"name", a.name}, {"value", attribute_value(a.value)}, {"default", a.defaulted}});
    nlohmann::json actions = nlohmann::json::array();
    for (const auto& a : c.actions)
      actions.push_back(
          {{"name", a.name},
           {"energy", json_figure(a.energy)},
           {"energy_source", spec::cost_source_name(a.energy_source)},
           {"throughput", json_figure(a.throughput)},
           {"throughput_source", spec::cost_source_name(a.throughput_source)},
           {"bits_per_action", a.bits_per_action ? nlohmann::json(*a.bits_per_action) : nlohmann::json()}});
    nlohmann::json stale = nlohmann::json::array();
    for (const auto& s : c.stale)
      stale.push_back({{"attribute", s.attribute},
                       {"table", s.table_value},
                       {"spec", s.spec_value},
                       {"message", s.message}});
    list.push_back({{"name", c.name},
                    {"kind", kind_name(c.kind)},
                    {"component_class", c.component_class},
                    {"model", c.model.empty() ? nlohmann::json() : nlohmann::json(c.model)},
                    {"attributes", attributes},
                    {"table", c.table.empty() ? nlohmann::json() : nlohmann::json(c.table)},
                    {"priced_by_model_instead", c.priced_by_model_instead},
                    {"area", json_figure(c.area)},
                    {"area_source", spec::cost_source_name(c.area_source)},
                    {"leak_power", json_figure(c.leak_power)},
                    {"leak_power_source", spec::cost_source_name(c.leak_source)},
                    {"actions", actions},
                    {"stale", stale},
                    {"notes", c.model_notes}});
  }
  return {{"components", list},
          {"area", totals.total},
          {"leak_power", totals.total_leak},
          {"area_breakdown", area_breakdown_json(totals)}};
}

}  // namespace af::io
