#pragma once
// One component model (README: The model interface): what it is called, what it reads, and how
// it turns attributes into area, leak power and per-action energy and throughput. Models are
// plain values registered by class name in a Registry (registry.h); a family of models (the
// Aladdin parts, the DRAMs, ...) is one file that returns its definitions.
#include <functional>
#include <limits>
#include <map>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "components/models/attributes.h"

namespace af::components::models {

inline constexpr double kUnlimited = std::numeric_limits<double>::infinity();

// A model rejected its attributes (a missing or inconsistent one, a value out of range).
// `attribute` names the one at fault when there is one, so the caller can point at it.
class ModelError : public std::runtime_error {
 public:
  explicit ModelError(const std::string& message, std::string attribute = {})
      : std::runtime_error(message), attribute_(std::move(attribute)) {}
  [[nodiscard]] const std::string& attribute() const { return attribute_; }

 private:
  std::string attribute_;
};

// A constructor parameter: hwcomponents passes a model only the attributes its constructor
// names; one without a default must be given.
struct Parameter {
  std::string name;
  std::optional<double> default_value;  // nullopt and !required: optional, no default
  bool required = false;
  std::string unit;     // "m", "bits", "" (for the README and `components`)
  std::string meaning;  // one line
};

struct ModelInfo {
  std::string class_name;          // "AladdinAdder"
  std::string qualified_name;      // "hwcomponents_library.AladdinAdder": the last tie-break of selection
  std::vector<std::string> names;  // the component_class values it answers to (any letter case)
  double priority = 0.5;           // 0..1, higher is tried first
  std::vector<Parameter> parameters;
  std::vector<std::string> actions;  // every action it offers
  std::string source;                // where its figures come from
  // A compute-in-memory part (ADC, memory cell, array driver, ...): an arch that has one opens
  // with AccelForge's CiM mapper settings (loader/cim_defaults.h).
  bool compute_in_memory = false;

  [[nodiscard]] const Parameter* parameter(std::string_view name) const;
};

// The attributes a model was built from: only those its parameters name, with their defaults.
class Arguments {
 public:
  Arguments(const ModelInfo& info, const Attributes& attributes);

  [[nodiscard]] bool given(std::string_view name) const;
  // The given value, else the parameter's default; nullopt when neither.
  [[nodiscard]] std::optional<double> number(std::string_view name) const;
  // number(), or a ModelError naming the parameter when there is none.
  [[nodiscard]] double required_number(std::string_view name) const;
  // hwcomponents' assert_int: a whole number, else a ModelError.
  [[nodiscard]] std::optional<double> integer(std::string_view name) const;
  [[nodiscard]] std::optional<std::string> text(std::string_view name) const;
  // What the model read: every parameter given or defaulted, in parameter order.
  [[nodiscard]] std::vector<AttributeRead> read() const;

 private:
  const ModelInfo& info_;
  Attributes given_;
};

struct ActionCost {
  double energy = 0;               // J per action
  double throughput = kUnlimited;  // actions per second
};

// How an action is called: hwcomponents passes `bits_per_action` to an action that declares it
// (AccelForge: always, for the actions of a Memory or a Toll), and the action's own arguments.
struct ActionCall {
  std::optional<double> bits_per_action;
  const Attributes* arguments = nullptr;  // the action's extra attributes; may be null
};

using ActionFunction = std::function<ActionCost(const ActionCall&)>;

// An action that costs `cost` per access of `nominal_bits` bits (hwcomponents'
// `@action(bits_per_action=...)`): called with `b` bits, energy times b/nominal, throughput
// divided by it. Without nominal bits, or called without `b`, the cost as it is.
[[nodiscard]] ActionFunction per_access(ActionCost cost, std::optional<double> nominal_bits = std::nullopt);

// A model built from its attributes.
struct BuiltModel {
  double area = 0;        // m^2, one instance
  double leak_power = 0;  // W, one instance
  std::map<std::string, ActionFunction, std::less<>> actions;
  // Figures kept as AccelForge prices them although they are physically wrong: what is wrong,
  // and the corrected value (shown beside the figure, never used).
  std::vector<std::string> notes;
};

struct ModelDefinition {
  ModelInfo info;
  // Throws ModelError when the attributes do not make a component of this kind.
  std::function<BuiltModel(const Arguments&)> build;
};

}  // namespace af::components::models
