#include "components/models/component_model.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>

#include "core/number_text.h"

namespace af::components::models {

std::string number_text(double value) { return fmt::format("{}", value); }

std::string Attribute::text() const {
  if (const auto* d = std::get_if<double>(&value)) return number_text(*d);
  return std::get<std::string>(value);
}

const Parameter* ModelInfo::parameter(std::string_view name) const {
  const auto it =
      std::find_if(parameters.begin(), parameters.end(), [&](const Parameter& p) { return p.name == name; });
  return it == parameters.end() ? nullptr : &*it;
}

Arguments::Arguments(const ModelInfo& info, const Attributes& attributes) : info_(info) {
  for (const auto& p : info.parameters)
    if (const auto it = attributes.find(p.name); it != attributes.end()) given_.emplace(p.name, it->second);
}

bool Arguments::given(std::string_view name) const { return given_.contains(name); }

std::optional<double> Arguments::number(std::string_view name) const {
  if (const auto it = given_.find(name); it != given_.end()) {
    if (const auto* d = std::get_if<double>(&it->second.value)) return *d;
    const std::string& text = std::get<std::string>(it->second.value);
    if (const auto v = core::parse_number(text)) return *v;
    throw ModelError(fmt::format("{} must be a number, got '{}'", name, text), std::string(name));
  }
  if (const Parameter* p = info_.parameter(name)) return p->default_value;
  return std::nullopt;
}

double Arguments::required_number(std::string_view name) const {
  if (const auto v = number(name)) return *v;
  throw ModelError(fmt::format("{} needs '{}'", info_.class_name, name), std::string(name));
}

std::optional<double> Arguments::integer(std::string_view name) const {
  const auto v = number(name);
  if (v && (!std::isfinite(*v) || *v != std::floor(*v)))
    throw ModelError(fmt::format("{} must be a whole number, got {}", name, number_text(*v)),
                     std::string(name));
  return v;
}

std::optional<std::string> Arguments::text(std::string_view name) const {
  if (const auto it = given_.find(name); it != given_.end()) return it->second.text();
  return std::nullopt;
}

std::vector<AttributeRead> Arguments::read() const {
  std::vector<AttributeRead> out;
  for (const auto& p : info_.parameters) {
    if (const auto it = given_.find(p.name); it != given_.end())
      out.push_back({p.name, it->second.text(), false, it->second.where});
    else if (p.default_value)
      out.push_back({p.name, number_text(*p.default_value), true, std::nullopt});
  }
  return out;
}

ActionFunction per_access(ActionCost cost, std::optional<double> nominal_bits) {
  return [cost, nominal_bits](const ActionCall& call) {
    ActionCost out = cost;
    if (nominal_bits && call.bits_per_action) {
      // hwcomponents rescales the whole action (sub-parts included) after summing it.
      const double scale = *call.bits_per_action / *nominal_bits;
      out.energy *= scale;
      out.throughput /= scale;
    }
    return out;
  };
}

}  // namespace af::components::models
