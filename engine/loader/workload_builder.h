#pragma once
// From the `workload:` and `renames:` sections to the resolved Workload, plus the per-Einsum
// set symbols (All, Inputs, renames such as `weight`, ...) that arch expressions see.
#include <map>
#include <string>

#include "loader/evaluation.h"
#include "spec/spec.h"
#include "text/yaml/yaml_node.h"

namespace af::loader {

// `renames` may be null. Throws SpecError with every problem found.
[[nodiscard]] spec::BuiltWorkload build_workload(const text::yaml::YamlNode& workload, const text::yaml::YamlNode* renames);

}  // namespace af::loader
