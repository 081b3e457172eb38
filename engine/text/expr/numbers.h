#pragma once
// Python-compatible parsing of numbers from text (int(), float(), numeric casts).
#include <optional>
#include <string_view>

#include "text/expr/value.h"

namespace af::text::expr {

enum class IntParse { Ok, Invalid, Overflow };

// Python int(text): surrounding whitespace, sign, digits with single '_' separators.
[[nodiscard]] IntParse parse_python_int(std::string_view text, Int& out);
// Python float(text): also inf/infinity/nan in any case, exponents, '_' separators.
[[nodiscard]] std::optional<double> parse_python_float(std::string_view text);

// Python floor division and modulo for ints and floats (throw ExpressionError on / 0).
[[nodiscard]] Int floor_div(Int a, Int b);
[[nodiscard]] Int py_mod(Int a, Int b);
[[nodiscard]] double floor_div(double a, double b);
[[nodiscard]] double py_mod(double a, double b);
// Banker's rounding to an integral double.
[[nodiscard]] double round_half_even(double x);
// Checked conversion of an integral double to Int.
[[nodiscard]] Int double_to_int(double d);

}  // namespace af::text::expr
