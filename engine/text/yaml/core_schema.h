#pragma once
// YAML 1.2 core-schema resolution of plain scalars (what ruamel does for AccelForge).
#include <string_view>

#include "text/yaml/yaml_node.h"

namespace af::text::yaml {

// null: ~ null Null NULL and ""; bool: true True TRUE false False FALSE;
// int: [-+]?[0-9]+, 0o[0-7]+, 0x[0-9a-fA-F]+ (beyond int64 it becomes a double);
// float: [-+]?(.[0-9]+|[0-9]+(.[0-9]*)?)([eE][-+]?[0-9]+)?, [-+]?.inf, .nan; else a string.
// Note `inf` (no dot) is a string: AccelForge evaluates it later as an expression.
[[nodiscard]] ScalarValue resolve_plain_scalar(std::string_view text);

[[nodiscard]] bool is_core_null(std::string_view text);

}  // namespace af::text::yaml
