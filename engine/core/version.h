#pragma once
#include <string_view>

namespace af::core {
// The project version ("0.1.0"), set by CMake.
[[nodiscard]] std::string_view version();
}  // namespace af::core
