#include "text/yaml/core_schema.h"

#include <charconv>
#include <cmath>
#include <limits>
#include <string>

#include "core/number_text.h"

namespace af::text::yaml {
namespace {

bool is_digit(char c) { return c >= '0' && c <= '9'; }
bool is_hex(char c) { return is_digit(c) || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F'); }

bool all_of(std::string_view s, bool (*pred)(char)) {
  if (s.empty()) return false;
  for (const char c : s)
    if (!pred(c)) return false;
  return true;
}

// [-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?
bool is_core_float(std::string_view s) {
  std::size_t i = 0;
  if (i < s.size() && (s[i] == '-' || s[i] == '+')) ++i;
  std::size_t int_digits = 0;
  while (i < s.size() && is_digit(s[i])) ++i, ++int_digits;
  std::size_t frac_digits = 0;
  if (i < s.size() && s[i] == '.') {
    ++i;
    while (i < s.size() && is_digit(s[i])) ++i, ++frac_digits;
  }
  if (int_digits == 0 && frac_digits == 0) return false;
  if (i < s.size() && (s[i] == 'e' || s[i] == 'E')) {
    ++i;
    if (i < s.size() && (s[i] == '-' || s[i] == '+')) ++i;
    std::size_t exp_digits = 0;
    while (i < s.size() && is_digit(s[i])) ++i, ++exp_digits;
    if (exp_digits == 0) return false;
  }
  return i == s.size();
}

// Integers that do not fit int64 fall back to double, like a big number would in practice.
ScalarValue int_or_double(std::string_view digits, int base, bool negative) {
  std::uint64_t magnitude = 0;
  const auto [end, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), magnitude, base);
  const auto limit = static_cast<std::uint64_t>(std::numeric_limits<std::int64_t>::max());
  if (ec == std::errc{} && end == digits.data() + digits.size() && magnitude <= limit + (negative ? 1 : 0)) {
    if (negative)
      return magnitude == limit + 1 ? std::numeric_limits<std::int64_t>::min()
                                    : -static_cast<std::int64_t>(magnitude);
    return static_cast<std::int64_t>(magnitude);
  }
  double value = 0;
  if (base == 10) {  // decimal digits round correctly this way; a digit-by-digit sum drifts past 2^53
    const auto [end10, ec10] = std::from_chars(digits.data(), digits.data() + digits.size(), value);
    if (ec10 == std::errc{} && end10 == digits.data() + digits.size()) return negative ? -value : value;
    value = 0;
  }
  for (const char c : digits) {
    const int d = is_digit(c) ? c - '0' : (c | 0x20) - 'a' + 10;
    value = value * base + d;
  }
  return negative ? -value : value;
}

}  // namespace

bool is_core_null(std::string_view text) {
  return text.empty() || text == "~" || text == "null" || text == "Null" || text == "NULL";
}

ScalarValue resolve_plain_scalar(std::string_view text) {
  if (is_core_null(text)) return std::monostate{};
  if (text == "true" || text == "True" || text == "TRUE") return true;
  if (text == "false" || text == "False" || text == "FALSE") return false;

  std::string_view body = text;
  const bool negative = !body.empty() && body.front() == '-';
  if (!body.empty() && (body.front() == '-' || body.front() == '+')) body.remove_prefix(1);
  if (all_of(body, is_digit)) return int_or_double(body, 10, negative);
  if (text.size() > 2 && text[0] == '0' && text[1] == 'o' &&
      all_of(text.substr(2), [](char c) { return c >= '0' && c <= '7'; }))
    return int_or_double(text.substr(2), 8, false);
  if (text.size() > 2 && text[0] == '0' && text[1] == 'x' && all_of(text.substr(2), is_hex))
    return int_or_double(text.substr(2), 16, false);

  if (body == ".inf" || body == ".Inf" || body == ".INF")
    return negative ? -std::numeric_limits<double>::infinity() : std::numeric_limits<double>::infinity();
  if (text == ".nan" || text == ".NaN" || text == ".NAN") return std::numeric_limits<double>::quiet_NaN();
  if (is_core_float(text)) {
    // The one locale-independent reader (Qt sets the C locale from the environment).
    if (const auto value = core::parse_number(text)) return *value;
  }
  return std::string(text);
}

}  // namespace af::text::yaml
