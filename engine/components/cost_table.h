#pragma once
// Component cost tables (--component-costs FILE[#SECTION]; README: Cost tables): final
// figures per component name, and, optionally, the attributes each entry was computed at.
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "components/models/attributes.h"

namespace af::components {

struct ActionCost {
  std::optional<double> energy;      // J per action
  std::optional<double> throughput;  // actions/s
};
struct ComponentCost {
  std::optional<double> area;
  std::optional<double> leak_power;
  std::map<std::string, ActionCost> actions;
  // `attributes:` — what the entry was computed at (size, width, n_banks, tech_node, ...), so
  // that a spec that moved away from them is told (README: Stale entries). Empty in tables
  // that record none (AccelForge's reference table).
  models::Attributes attributes;
};
// One section of a table: component name -> costs. Values are final (the reference
// table was written after scaling), so the resolver applies no scale to them.
struct CostTable {
  std::string source;  // "file#section" for messages
  std::map<std::string, ComponentCost> components;

  [[nodiscard]] const ComponentCost* find(const std::string& component) const;
};

// Loads JSON (nlohmann, accepts Python's Infinity/NaN) or YAML (.yaml/.yml). `spec` is
// "FILE" or "FILE#SECTION"; without a section the file must hold a single section or
// components at top level. Throws core::SpecError.
CostTable load_cost_table(const std::string& spec);
CostTable parse_cost_table(const std::string& text, bool yaml, const std::string& section,
                           const std::string& source_name);

}  // namespace af::components
