#pragma once
// A mapper run's Pareto set as a table: one row per mapping of the final front, with energy,
// latency, EDP and the energy of each component (dynamic + leak, summed over Einsums), as CSV
// or JSON. Each row re-evaluates its mapping with the full model, so the figures are the ones
// `accelforge evaluate` prints for that mapping's YAML.
#include <functional>
#include <map>
#include <nlohmann/json.hpp>
#include <stop_token>
#include <string>
#include <vector>

#include "mapper/mapper.h"
#include "spec/spec.h"

namespace af::io {

struct ParetoRow {
  double energy = 0, latency = 0, edp = 0;
  std::map<std::string, double> component_energy;
};

// After each row: rows done, rows in all (for a progress bar).
using ParetoProgress = std::function<void(std::size_t done, std::size_t total)>;

// Rows in front order (row 0 is the run's chosen mapping). Empty when stopped.
[[nodiscard]] std::vector<ParetoRow> pareto_rows(const spec::Spec& spec, const mapper::MapperResult& result,
                                                 std::stop_token stop = {},
                                                 const ParetoProgress& progress = {});
// "mapping,energy_J,latency_s,edp_Js,<component>_energy_J,..." (components sorted by name).
[[nodiscard]] std::string pareto_csv(const std::vector<ParetoRow>& rows);
[[nodiscard]] nlohmann::json pareto_json(const std::vector<ParetoRow>& rows);

}  // namespace af::io
