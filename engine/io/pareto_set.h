#pragma once
// A mapper run's Pareto set as a table: one row per mapping of the final front, with energy,
// latency, EDP and the energy of each component (dynamic + leak, summed over Einsums), as CSV
// or JSON. Each row re-evaluates its mapping with the full model, so the figures are the ones
// `accelforge evaluate` prints for that mapping's YAML. Each row carries that YAML and the file
// says which spec and settings produced it, so an export stands alone.
#include <functional>
#include <map>
#include <nlohmann/json.hpp>
#include <stop_token>
#include <string>
#include <utility>
#include <vector>

#include "mapper/mapper.h"
#include "spec/spec.h"

namespace af::io {

// One memory the run tracked (with RESOURCE_USAGE every finite memory) for one mapping.
struct MemoryUse {
  std::string memory, parent;  // parent: the memory above it ("" for the outermost)
  double usage = 0;            // peak reservation over the workload, as a share of its size
  double usage_bits = 0;       // that peak in bits
  double parent_bits = 0;      // bits the parent reads and writes (off chip, for the root's child)
};

struct ParetoRow {
  double energy = 0, latency = 0, edp = 0;
  std::map<std::string, double> component_energy;
  // The run's objectives for this mapping, as the metric names them (edp, energy, latency,
  // dynamic_energy, leak_energy), from the model's figures; with RESOURCE_USAGE also
  // "usage <memory>" per tracked memory.
  std::vector<std::pair<std::string, double>> objectives;
  std::vector<MemoryUse> memories;  // the run's tracked memories, in its order
  std::string mapping_yaml;         // AccelForge YAML of the mapping (`accelforge evaluate` reads it)
};

// Where a front came from: the spec's files with a fingerprint of their texts, the Jinja data
// and cost table, and the mapper's settings.
struct ParetoProvenance {
  std::vector<std::string> files;
  std::string spec_fingerprint;  // fingerprint(texts)
  std::vector<std::string> assignments;
  std::string component_costs;
  mapper::MapperOptions options;
};

// A 64-bit FNV-1a over the paths and texts, as 16 hex digits: the same texts give the same
// fingerprint, so two exports can be told apart or matched.
[[nodiscard]] std::string fingerprint(const std::map<std::string, std::string>& texts);

// The settings that decide which front a run finds, by name (a Pareto export's "settings").
[[nodiscard]] nlohmann::json mapper_settings_json(const mapper::MapperOptions& options);

// Energy per component (dynamic + leak, summed over Einsums).
[[nodiscard]] std::map<std::string, double> component_energy(const model::Evaluation& ev);

// After each row: rows done, rows in all (for a progress bar).
using ParetoProgress = std::function<void(std::size_t done, std::size_t total)>;

// Rows in front order (row 0 is the run's chosen mapping). Empty when stopped.
[[nodiscard]] std::vector<ParetoRow> pareto_rows(const spec::Spec& spec, const mapper::MapperResult& result,
                                                 std::stop_token stop = {},
                                                 const ParetoProgress& progress = {});
// "# ..." lines with the provenance, then "mapping,energy_J,latency_s,edp_Js,
// objective_<name>,...,<memory>_usage,<memory>_usage_bits,<memory>_parent_bits,...,
// <component>_energy_J,...,mapping_yaml" (objectives in the run's order, memories in the run's
// tracked order, components sorted).
[[nodiscard]] std::string pareto_csv(const std::vector<ParetoRow>& rows, const ParetoProvenance& from = {});
// {"run": {files, spec_fingerprint, assignments, component_costs, settings}, "mappings": [{mapping,
// energy, latency, edp, objectives: {name: value}, memories: [{memory, parent, usage, usage_bits,
// parent_bits}], component_energy, yaml}]}.
[[nodiscard]] nlohmann::json pareto_json(const std::vector<ParetoRow>& rows,
                                         const ParetoProvenance& from = {});

}  // namespace af::io
