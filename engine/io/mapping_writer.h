#pragma once
// Writes a typed Mapping back as AccelForge mapping YAML (read_mapping reads it back to the
// same tree), so mappings made here load in AccelForge and in the explorer alike.
#include <string>

#include "spec/mapping.h"
#include "text/yaml/yaml_node.h"

namespace af::io {

// The `mapping:` section value (a map with `nodes`).
[[nodiscard]] text::yaml::YamlNode mapping_to_yaml(const spec::Mapping& mapping);

// A whole file: "mapping:\n  nodes:\n  - !Storage ...".
[[nodiscard]] std::string write_mapping_yaml(const spec::Mapping& mapping);

}  // namespace af::io
