#pragma once
// The `mapper:` section to typed MapperSettings, with each bad value reported at its place.
#include "loader/evaluation.h"
#include "spec/spec.h"
#include "text/yaml/yaml_node.h"

namespace af::loader {

// `section` is the value of the top-level `mapper:` key. Throws SpecError with every problem.
[[nodiscard]] spec::MapperSettings read_mapper_settings(const text::yaml::YamlNode& section, const spec::SymbolTable& variables);

}  // namespace af::loader
