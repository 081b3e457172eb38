#pragma once
// The `--json` object (io/README.md, 'The `--json` object') for one evaluated mapping: totals, action counts,
// energy and latency breakdowns keyed as AccelForge keys them, and the mapping tree.
#include <nlohmann/json.hpp>
#include <optional>

#include "components/area.h"
#include "model/evaluate.h"
#include "spec/mapping.h"

namespace af::io {

// `n_mappings` is 1 for an evaluation; the mapper reports how many it returned.
// `area` (optional) adds "area" (m²), "leak_power" (W) and "area_breakdown" per component.
[[nodiscard]] nlohmann::json evaluation_to_json(const model::Evaluation& evaluation,
                                                const spec::Mapping* mapping, double n_mappings = 1,
                                                const components::AreaReport* area = nullptr);

// [{component, area (m²), leak_power (W)}] per component, fanouts counted.
[[nodiscard]] nlohmann::json area_breakdown_json(const components::AreaReport& area);

// The mapping tree as JSON (same structure and keys as the YAML, tags under "type").
[[nodiscard]] nlohmann::json mapping_to_json(const spec::Mapping& mapping);

}  // namespace af::io
