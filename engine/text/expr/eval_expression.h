#pragma once
// AccelForge's eval_expression (text/README.md, 'Expressions'): numeric cast, whole-string symbol
// lookup, else parse and evaluate with MATH_FUNCS behind the symbol table.
#include "text/expr/environment.h"
#include "text/expr/evaluator.h"
#include "text/expr/value.h"

namespace af::text::expr {

// cast_to_numeric: "true"/"false" (any case) -> bool; a value equal to its int() -> int
// ("8" -> 8, 64.0 -> 64); nullopt when Python's cast would raise ("64.0", "1e15", "inf"
// as strings, lists, None, ...).
[[nodiscard]] std::optional<Value> cast_to_numeric(const Value& x);

// 1. numeric cast; 2. non-strings returned as is; 3. a string naming a symbol -> its value;
// 4. parse + evaluate (names: table first, then math_functions()).
// Throws ExpressionError (offset into the string).
[[nodiscard]] Value eval_expression(const Value& expression, const Environment& table, EvalBudget* budget = nullptr);

}  // namespace af::text::expr
