#pragma once
// Jinja filters and tests (`x | name(args)`, `x is name(args)`). `default` and
// `defined`/`undefined` need to see undefined names and live in the evaluator.
#include <string_view>

#include "text/expr/value.h"

namespace af::text::expr {

// default/d, min, max, length/count, int, float, string, join, lower, upper, abs, round,
// list, first, last, sum, sort, reverse, unique, trim, replace, tojson-free subset.
[[nodiscard]] Value apply_filter(std::string_view name, const Value& operand, const CallArgs& args);
// none, number, integer, float, string, boolean, true, false, mapping, sequence, iterable,
// even, odd, divisibleby, eq/ne/lt/le/gt/ge, in, sameas.
[[nodiscard]] bool apply_test(std::string_view name, const Value& operand, const CallArgs& args);

}  // namespace af::text::expr
