#pragma once
// A component's final costs and where each came from (README: Cost resolution): the spec's own
// figures win (scaled); else the attached cost table (final as it is); else Dummy costs
// nothing; else the model of its component_class (scaled as spec figures are); else an error
// naming the component and what is missing. A table entry the spec has moved away from is
// warned about (README: Stale entries).
#include <optional>
#include <string>
#include <vector>

#include "components/cost_table.h"
#include "components/models/registry.h"
#include "core/diagnostic.h"
#include "spec/arch.h"
#include "spec/priced_component.h"

namespace af::components {

// What the spec says about a component's costs (unevaluated fields are nullopt).
struct ActionCostInput {
  std::string name;
  std::optional<double> energy, throughput;
  double energy_scale = 1, throughput_scale = 1;
  // What AccelForge passes the model's action: a Memory's or a Toll's bits per action (the
  // action's, else the component's, else 1); nothing for a Compute.
  std::optional<double> bits_per_action = std::nullopt;
  models::Attributes arguments = {};  // the action's extra_attributes_for_component_model
};
struct ComponentCostInput {
  std::string name;
  std::string component_class;
  std::optional<double> leak_power, area;
  double energy_scale = 1, throughput_scale = 1, leak_power_scale = 1, area_scale = 1;
  double n_parallel_instances = 1;
  std::vector<ActionCostInput> actions;

  spec::ComponentKind kind = spec::ComponentKind::Memory;
  // What the model reads: the evaluated fields, then the arch's and the component's extra
  // attributes (those win), each with where it was written.
  models::Attributes attributes = {};
  std::string field;  // the component's path for diagnostics ("arch.nodes[1](GlobalBuffer)")
  std::optional<core::SourceLocation> where, class_where;
  // The caller chose the model over the table's entry (a stale one): the table is not read.
  bool price_with_model = false;
};

struct ResolvedActionCost {
  std::string name;
  double energy = 0, throughput = spec::kInf;
};
struct ResolvedComponentCost {
  double leak_power = 0, area = 0;
  std::vector<ResolvedActionCost> actions;
  spec::PricedComponent priced;            // the same figures with their sources
  std::vector<core::Diagnostic> warnings;  // stale table entries; an area no model could price
};

// "Dummy" in any letter case.
bool is_dummy_class(const std::string& component_class);

// Throws core::SpecError naming the component and the figure nothing provides (with the
// model's reason when its component_class names one that cannot price it). When not
// `required` (validation), that is a warning instead and the figure is 0 (source Unpriced).
ResolvedComponentCost resolve_component_costs(const ComponentCostInput& in, const CostTable* table,
                                              const models::Registry& registry = models::builtin_registry(),
                                              bool required = true);

// Writes resolved numbers into a spec::Component (actions matched by name; missing added).
void apply_costs(spec::Component& component, const ResolvedComponentCost& costs);

// A legacy entry (no recorded attributes) is stale when a figure of the model at the spec's
// attributes and the table's differ by more than this factor (README: Stale entries).
inline constexpr double kStaleFigureRatio = 1.25;

}  // namespace af::components
