#pragma once
// Reads the `mapping:` section (a tree of tagged nodes) into the typed Mapping.
#include "spec/mapping.h"
#include "text/yaml/yaml_node.h"

namespace af::loader {

// `mapping_section` is the value of the top-level `mapping:` key (a map with `nodes`).
// Throws SpecError listing every malformed node (missing field, wrong type, unknown tag).
[[nodiscard]] spec::Mapping read_mapping(const text::yaml::YamlNode& mapping_section);

}  // namespace af::loader
