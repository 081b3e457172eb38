#pragma once
// Component cost tables (--component-costs FILE[#SECTION]) and per-action cost resolution
// (README: Cost resolution): explicit spec values win, else the table, else Dummy (energy 0, throughput inf),
// else an error naming the component and the action.
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "spec/arch.h"

namespace af::components {

struct ActionCost {
  std::optional<double> energy;      // J per action
  std::optional<double> throughput;  // actions/s
};
struct ComponentCost {
  std::optional<double> area;
  std::optional<double> leak_power;
  std::map<std::string, ActionCost> actions;
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

// What the spec says about a component's costs (unevaluated fields are nullopt).
struct ActionCostInput {
  std::string name;
  std::optional<double> energy, throughput;
  double energy_scale = 1, throughput_scale = 1;
};
struct ComponentCostInput {
  std::string name;
  std::string component_class;
  std::optional<double> leak_power, area;
  double energy_scale = 1, throughput_scale = 1, leak_power_scale = 1, area_scale = 1;
  double n_parallel_instances = 1;
  std::vector<ActionCostInput> actions;
};
struct ResolvedActionCost {
  std::string name;
  double energy = 0, throughput = spec::kInf;
};
struct ResolvedComponentCost {
  double leak_power = 0, area = 0;
  std::vector<ResolvedActionCost> actions;
};

// "Dummy" in any letter case.
bool is_dummy_class(const std::string& component_class);

// Throws core::SpecError naming component and action when nothing provides a value.
ResolvedComponentCost resolve_component_costs(const ComponentCostInput& in, const CostTable* table);

// Writes resolved numbers into a spec::Component (actions matched by name; missing added).
void apply_costs(spec::Component& component, const ResolvedComponentCost& costs);

}  // namespace af::components
