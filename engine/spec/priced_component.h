#pragma once
// What a component costs and where each figure came from (components/README.md, 'Cost
// resolution'): the spec, a cost table, a component model (with the attributes it read), or the
// Dummy rule. Made by the loader for every component but containers; read by
// `accelforge components` and the window's Architecture view through af::Workspace.
#include <optional>
#include <string>
#include <vector>

#include "core/source_location.h"
#include "spec/arch.h"

namespace af::spec {

enum class CostSource {
  Spec,      // written in the spec (then scaled by its *_scale fields)
  Table,     // the attached component-cost table (final as it is)
  Model,     // the component model of its component_class (then scaled)
  Dummy,     // component_class Dummy: costs nothing
  Unpriced,  // nothing gave it: 0 (an area; or a cost while only validating)
};

[[nodiscard]] const char* cost_source_name(CostSource source);  // "spec", "table", ...

// One attribute a model read: the spec's value, or the model's default.
struct ModelAttribute {
  std::string name;
  std::string value;  // as written by number formatting ("6.5e-08") or the text
  bool defaulted = false;
  std::optional<core::SourceLocation> where;
};

struct PricedAction {
  std::string name;
  double energy = 0;         // J per action, final (as the model reads it)
  double throughput = kInf;  // actions/s, final
  CostSource energy_source = CostSource::Unpriced, throughput_source = CostSource::Unpriced;
  std::optional<double> bits_per_action;  // what the model was called with (Memory and Toll actions)
};

// A table entry whose recorded attributes (or, for an entry that records none, whose figures)
// no longer match the spec: the table was made for another design.
struct StaleCost {
  std::string component;
  std::string attribute;                      // the attribute that differs; empty when only the figures tell
  std::string table_value;                    // as the table records it (or the table's figure)
  std::string spec_value;                     // the spec's value (or the model's figure)
  std::string message;                        // the whole warning, as validate/evaluate/map/sweep print it
  std::optional<core::SourceLocation> where;  // the spec's attribute, else the component
};

struct PricedComponent {
  std::string name;
  std::string component_class;
  ComponentKind kind = ComponentKind::Memory;
  std::string model;                       // the model class that was built; empty: none was
  std::vector<ModelAttribute> attributes;  // what that model read
  std::vector<std::string> model_notes;    // its figures kept although wrong, with the corrected value
  std::string table;                       // "file#section" when the table has an entry for it
  double area = 0;                         // m^2, one instance x area_scale x n_parallel_instances
  double leak_power = 0;                   // W, likewise
  CostSource area_source = CostSource::Unpriced, leak_source = CostSource::Unpriced;
  std::vector<PricedAction> actions;
  std::vector<StaleCost> stale;
  bool priced_by_model_instead = false;  // the caller asked the model to replace the table's entry

  [[nodiscard]] const PricedAction* find_action(const std::string& action) const;
};

}  // namespace af::spec
