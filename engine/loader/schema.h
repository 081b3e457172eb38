#pragma once
// The shape of AccelForge spec files: which keys each object accepts, which tags exist.
// Checking the shape first lets every unknown key, unknown tag and wrong container type be
// reported together, with a did-you-mean, before anything is evaluated.
#include <string_view>
#include <vector>

#include "core/diagnostic.h"
#include "text/yaml/yaml_node.h"

namespace af::loader {

// All shape problems of a merged top-level spec tree (empty when the shape is fine).
[[nodiscard]] std::vector<core::Diagnostic> check_spec_shape(const text::yaml::YamlNode& top);

// Tag names without the "!" (for messages and the mapping editor).
[[nodiscard]] const std::vector<std::string>& arch_node_tags();
[[nodiscard]] const std::vector<std::string>& mapping_node_tags();

}  // namespace af::loader
