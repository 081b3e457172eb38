#pragma once
// From the merged YAML tree to the typed Spec (spec/spec.h): the tree checked for shape, then
// the workload, the per-Einsum architecture, the mapper section and the mapping built from
// it. Every error found is reported at once.
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "loader/arch_builder.h"
#include "loader/evaluation.h"
#include "loader/workload_builder.h"
#include "core/diagnostic.h"
#include "spec/mapping.h"
#include "spec/spec.h"
#include "text/yaml/yaml_node.h"

namespace af::loader {

// Builds the Spec from a merged top-level tree. The mapping (if present)
// is checked against the workload and the arch: unknown components, tensors, Einsums and rank
// variables are errors with a did-you-mean. Throws SpecError with every problem found.
[[nodiscard]] spec::Spec build_spec(const text::yaml::YamlNode& top, const ArchBuildOptions& options = {});

}  // namespace af::loader
