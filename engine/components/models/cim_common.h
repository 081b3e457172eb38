#pragma once
// What the compute-in-memory families (cim_analog, cim_digital, albireo_photonics) share: the
// scale factors hwcomponents keeps per model, the reading of numbers, flags, lists and choices
// from the attributes, and the building of an existing model (an Aladdin part, a
// SmartBufferSRAM) as a sub-part of a larger one.
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "components/models/component_model.h"

namespace af::components::models::cim {

// hwcomponents' per-model factors. Each scale() call multiplies them; a sub-part keeps its own.
struct Scales {
  double area = 1, energy = 1, leak = 1, throughput = 1;

  // The Stillmaker–Baas factors from `reference` to `target` (none when they are equal: the
  // early return of hwcomponents' scale()). Some library classes leave throughput unscaled.
  void tech(double target, double reference, bool with_throughput = true);
  void times(double area_f, double energy_f, double leak_f, double throughput_f = 1) {
    area *= area_f;
    energy *= energy_f;
    leak *= leak_f;
    throughput *= throughput_f;
  }
};

// hwcomponents' scale functions, each 1 when target == reference.
[[nodiscard]] inline double linear(double target, double reference) { return target / reference; }
[[nodiscard]] double quadratic(double target, double reference);
[[nodiscard]] double pow2_steps(double target, double reference);  // 2^(target - reference)

// A ModelInfo with hwcomponents' conventions: the class name is also a name unless `names` is
// given, and the qualified name is `module.class`.
[[nodiscard]] ModelInfo info(const std::string& class_name, const std::string& module, double priority,
                             std::vector<Parameter> parameters, std::vector<std::string> actions,
                             std::string source, std::vector<std::string> names = {});

// The `tech_node` attribute, checked (metres, not nanometres).
[[nodiscard]] double tech_node(const Arguments& args);
// A required or defaulted number that must be > 0 and finite.
[[nodiscard]] double positive(const Arguments& args, std::string_view name);
// A number that must be >= 0 and finite.
[[nodiscard]] double non_negative(const Arguments& args, std::string_view name);
// A whole number >= `minimum`.
[[nodiscard]] double whole(const Arguments& args, std::string_view name, double minimum = 1);
// A flag: a number (0 is false) or the text true/false in any case (Python's bool of a
// number; YAML's True/False).
[[nodiscard]] bool flag(const Arguments& args, std::string_view name);

// A list of numbers written as text: "[1, 2, 3]", "(1, 2)" or "1 2 3". Throws a ModelError
// naming `name` when an element is not a number or the list is empty.
[[nodiscard]] std::vector<double> number_list(std::string_view text, std::string_view name);
// The list attribute `name`, or nullopt when not given.
[[nodiscard]] std::optional<std::vector<double>> list_argument(const Arguments& args, std::string_view name);
// The list argument `name` of an action call (an action's extra attributes), or nullopt.
[[nodiscard]] std::optional<std::vector<double>> call_list(const ActionCall& call, std::string_view name);
[[nodiscard]] std::optional<double> call_number(const ActionCall& call, std::string_view name);

// One of a definitions list built as a sub-part from plain numbers (the existing models'
// own functions: AladdinComparator, SmartBufferSRAM...). Throws what the model throws.
[[nodiscard]] BuiltModel build_part(const std::vector<ModelDefinition>& definitions,
                                    std::string_view class_name,
                                    std::initializer_list<std::pair<const char*, double>> attributes);
// A sub-part's action called with `bits` (or without).
[[nodiscard]] ActionCost call(const BuiltModel& part, std::string_view action,
                              std::optional<double> bits = std::nullopt);

// A fixed cost per action, as an ActionFunction ignoring the call's bits (an action that does
// not declare bits_per_action).
[[nodiscard]] ActionFunction fixed(ActionCost cost);
[[nodiscard]] inline ActionCost free_cost() { return {0.0, kUnlimited}; }

}  // namespace af::components::models::cim
