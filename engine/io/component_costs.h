#pragma once
// What `accelforge components` prints (io/README.md, 'accelforge components'): per component,
// its class, the model that priced it and the attributes that model read, area, leak power,
// per-action energy and throughput, where each figure came from (spec, table, model, Dummy),
// and the stale table entries; then the architecture's totals.
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "components/area.h"
#include "spec/priced_component.h"

namespace af::io {

[[nodiscard]] std::string component_costs_report(const std::vector<spec::PricedComponent>& components,
                                                 const components::AreaReport& totals);

// {"components": [{name, kind, component_class, model, attributes: [{name, value, default}],
//  table, area, area_source, leak_power, leak_power_source, actions: [{name, energy,
//  energy_source, throughput, throughput_source, bits_per_action}], stale: [{attribute, table,
//  spec, message}]}], "area", "leak_power", "area_breakdown"}.
[[nodiscard]] nlohmann::json component_costs_json(const std::vector<spec::PricedComponent>& components,
                                                  const components::AreaReport& totals);

}  // namespace af::io
