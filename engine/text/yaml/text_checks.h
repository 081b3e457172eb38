#pragma once
// Checks on raw text run before yaml-cpp sees it: size, binary data, UTF-8, tab indentation.
#include <string>
#include <string_view>

#include "text/yaml/yaml_parse.h"

namespace af::text::yaml {

// Throws SpecError at the first problem: text too large, NUL/control bytes ("binary data"),
// invalid UTF-8, or a tab used to indent a line in block context.
void check_yaml_text(std::string_view text, const std::string& file_name, const ParseLimits& limits);

// A scalar as yaml-cpp decoded it, as UTF-8. yaml-cpp decodes the escapes \N and \_ to the
// single bytes 0x85 and 0xA0 instead of their UTF-8 forms; the text itself was checked to be
// UTF-8, so a malformed byte in a scalar is one of those and is encoded as the code point it
// names (found by fuzz_project_file: such a value was written back as invalid UTF-8).
[[nodiscard]] std::string utf8_scalar(std::string value);

}  // namespace af::text::yaml
