#pragma once
// AccelForge's MATH_FUNCS (text/README.md, 'Expressions'): the names every spec expression can use.
#include <vector>

#include "text/expr/environment.h"
#include "text/expr/value.h"

namespace af::text::expr {

// ceil comb copysign fabs factorial floor fmod frexp fsum gcd isclose isfinite isinf isnan
// isqrt ldexp modf perm prod remainder trunc exp expm1 log log1p log2 log10 pow sqrt acos asin
// atan atan2 cos dist hypot sin tan degrees radians acosh asinh atanh cosh sinh tanh erf erfc
// gamma lgamma pi e tau inf nan abs round sum range len min max float int str bool list tuple
// enumerate getcwd map, and the compute-in-memory helpers (cim_functions.h). Built once; immutable.
[[nodiscard]] const Environment& math_functions();

// Longest list range() may build.
inline constexpr Int kMaxRangeLength = 1'000'000;

// Python built-ins shared with the Jinja filters.
[[nodiscard]] Value python_round(const Value& x, const Value& ndigits /* None = to int */);
[[nodiscard]] Value python_int(const Value& x);
[[nodiscard]] Value python_float(const Value& x);
[[nodiscard]] Value python_abs(const Value& x);
[[nodiscard]] Value python_sum(const std::vector<Value>& items, Value start);
[[nodiscard]] Value python_range(const CallArgs& args);
// min/max over varargs or one iterable; keyword `key`, `default`.
[[nodiscard]] Value python_min_max(const CallArgs& args, bool want_max);

}  // namespace af::text::expr
