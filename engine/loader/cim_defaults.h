#pragma once
// AccelForge opens its compute-in-memory example arches through a script beside them
// (examples/arches/compute_in_memory/_load_spec.py) that also chooses mapper settings: imperfect
// spatial loops on, loop orders off, the energy-delay product. A spec that calls the CiM
// array-fanout helpers (`get_array_fanout_reuse_input(spec)`, ...) or has a part a CiM model
// prices (an ADC, a memory cell, albireo's photonics: `ModelInfo::compute_in_memory`) is such an
// arch, so it opens with the same settings where its `mapper:` section does not set them, and a
// warning says which were chosen: nothing is hidden.
#include "components/models/registry.h"
#include "core/diagnostic.h"
#include "spec/spec.h"
#include "text/yaml/yaml_node.h"

namespace af::loader {

// True when the merged spec's `arch.variables` call the CiM array-fanout helpers, or an arch
// node's component_class names a compute-in-memory model of `models`.
[[nodiscard]] bool is_cim_spec(const text::yaml::YamlNode& top, const components::models::Registry& models);

// Fills the unset mapper settings as AccelForge's CiM loader does and adds the warning that
// lists them. No change (and no warning) when the spec sets all three itself.
void apply_cim_defaults(const text::yaml::YamlNode& top, const components::models::Registry& models,
                        spec::Spec& spec);

// The arch with `_load_spec.py`'s optional nodes put on top: a "MacroAuto" container of
// `macros` instances when `macros` > 1 (spatial dimension "macro", power-gateable), then a Dummy
// "MainMemory" (size inf, keeps ~weight) above it when `dummy_main_memory`. Unchanged otherwise.
[[nodiscard]] text::yaml::YamlNode with_cim_nodes(text::yaml::YamlNode arch, int macros,
                                                  bool dummy_main_memory);

}  // namespace af::loader
