#include "core/number_text.h"

#include "core/ascii_case.h"

#include <cctype>
#include <charconv>
#include <cmath>
#include <limits>
#include <string>

namespace af::core {

namespace {

bool digit(char c) { return c >= '0' && c <= '9'; }


}  // namespace

std::optional<NumberPrefix> parse_number_prefix(std::string_view text) {
  std::size_t i = 0;
  std::size_t int_digits = 0, frac_digits = 0;
  long leading_zeros = 0;  // of the integer part, for the overflow/underflow decision
  bool nonzero_seen = false;
  while (i < text.size() && digit(text[i])) {
    if (text[i] != '0') nonzero_seen = true;
    if (!nonzero_seen) ++leading_zeros;
    ++i, ++int_digits;
  }
  long first_nonzero_frac = -1;  // position of the first nonzero fraction digit
  if (i < text.size() && text[i] == '.') {
    ++i;
    while (i < text.size() && digit(text[i])) {
      if (text[i] != '0' && first_nonzero_frac < 0) first_nonzero_frac = static_cast<long>(frac_digits);
      ++i, ++frac_digits;
    }
  }
  if (int_digits == 0 && frac_digits == 0) return std::nullopt;
  long exponent = 0;
  if (i < text.size() && (text[i] == 'e' || text[i] == 'E')) {
    std::size_t j = i + 1;
    bool negative = false;
    if (j < text.size() && (text[j] == '+' || text[j] == '-')) negative = text[j++] == '-';
    const std::size_t start = j;
    long e = 0;
    while (j < text.size() && digit(text[j])) {
      if (e < 100000) e = e * 10 + (text[j] - '0');
      ++j;
    }
    if (j > start) {  // "1e" is the number 1 followed by an identifier
      exponent = negative ? -e : e;
      i = j;
    }
  }
  double value = 0;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + i, value);
  if (end != text.data() + i) return std::nullopt;
  if (ec == std::errc::result_out_of_range) {
    // The decimal magnitude decides: overflow goes to inf, underflow to 0.
    const long magnitude = nonzero_seen ? static_cast<long>(int_digits) - leading_zeros + exponent
                                        : -first_nonzero_frac + exponent;
    value = magnitude > 0 ? std::numeric_limits<double>::infinity() : 0.0;
  } else if (ec != std::errc{}) {
    return std::nullopt;
  }
  return NumberPrefix{value, i};
}

std::optional<double> parse_number(std::string_view text) {
  double sign = 1;
  if (!text.empty() && (text.front() == '+' || text.front() == '-')) {
    sign = text.front() == '-' ? -1 : 1;
    text.remove_prefix(1);
  }
  if (!text.empty() && text.front() == '.' && text.size() > 1 && !digit(text[1])) text.remove_prefix(1);  // .inf
  if (iequals(text, "inf") || iequals(text, "infinity")) return sign * std::numeric_limits<double>::infinity();
  if (iequals(text, "nan")) return std::numeric_limits<double>::quiet_NaN();
  const auto n = parse_number_prefix(text);
  if (!n || n->length != text.size()) return std::nullopt;
  return sign * n->value;
}

}  // namespace af::core
