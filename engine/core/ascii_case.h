#pragma once
// Case-insensitive comparison of ASCII text (keywords such as inf, nan, true), independent of
// the C locale that Qt sets from the environment.
#include <cstddef>
#include <string_view>

namespace af::core {

[[nodiscard]] constexpr char ascii_lower(char c) {
  return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c;
}

[[nodiscard]] constexpr bool iequals(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i)
    if (ascii_lower(a[i]) != ascii_lower(b[i])) return false;
  return true;
}

}  // namespace af::core
