#pragma once
// The one reader of decimal numbers in text. Locale-independent on purpose: Qt sets the C
// locale from the environment, so strtod/stod would read "1.5" as 1 under a decimal-comma
// locale. Overflow gives ±inf and underflow ±0, as Python's float() does.
#include <cstddef>
#include <optional>
#include <string_view>

namespace af::core {

struct NumberPrefix {
  double value = 0;
  std::size_t length = 0;  // characters read
};

// A decimal literal at the start of `text` (digits, optional '.' and fraction, optional
// exponent; no sign, no whitespace). nullopt when no number starts there.
[[nodiscard]] std::optional<NumberPrefix> parse_number_prefix(std::string_view text);

// The whole text as one number: an optional sign, then a decimal literal, or inf / infinity /
// nan in any case (also YAML's .inf / .nan). nullopt otherwise.
[[nodiscard]] std::optional<double> parse_number(std::string_view text);

}  // namespace af::core
