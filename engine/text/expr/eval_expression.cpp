#include "text/expr/eval_expression.h"

#include <cmath>

#include "core/ascii_case.h"
#include "text/expr/builtins.h"
#include "text/expr/numbers.h"
#include "text/expr/parser.h"

namespace af::text::expr {

std::optional<Value> cast_to_numeric(const Value& x) {
  // Python: str(x).lower() == "true"/"false" first, so True/False and "TRUE" all qualify.
  if (x.is_bool()) return x;
  if (x.is_int()) return x;
  if (x.is_float()) {
    const double d = x.as_double();
    if (!std::isfinite(d)) return std::nullopt;  // int(nan)/int(inf) raise
    if (d == std::trunc(d) && std::fabs(d) < 9.2e18) return Value(static_cast<Int>(d));
    return x;
  }
  if (!x.is_string()) return std::nullopt;
  const std::string& s = x.as_string();
  if (core::iequals(s, "true")) return Value(true);
  if (core::iequals(s, "false")) return Value(false);
  const auto f = parse_python_float(s);
  if (!f) return std::nullopt;
  Int i = 0;
  const auto r = parse_python_int(s, i);
  if (r == IntParse::Invalid) return std::nullopt;  // "64.0", "1e15", "inf": int() fails
  if (r == IntParse::Ok && static_cast<double>(i) == *f) return Value(i);
  return Value(*f);  // huge integer strings: float(x) != int(x) in Python too, or no int64
}

Value eval_expression(const Value& expression, const Environment& table, EvalBudget* budget) {
  if (auto n = cast_to_numeric(expression)) return *n;
  if (!expression.is_string()) return expression;
  const std::string& text = expression.as_string();
  if (const Value* v = table.find(text)) return *v;
  const Expr e = parse_expression(text);
  return evaluate(e, table, EvalContext{.builtins = &math_functions(), .budget = budget});
}

}  // namespace af::text::expr
