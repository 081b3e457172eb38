#pragma once
// Checks on raw text run before yaml-cpp sees it: size, binary data, UTF-8, tab indentation.
#include <string>
#include <string_view>

#include "text/yaml/yaml_parse.h"

namespace af::text::yaml {

// Throws SpecError at the first problem: text too large, NUL/control bytes ("binary data"),
// invalid UTF-8, or a tab used to indent a line in block context.
void check_yaml_text(std::string_view text, const std::string& file_name, const ParseLimits& limits);

}  // namespace af::text::yaml
