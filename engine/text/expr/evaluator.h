#pragma once
// Evaluation of parsed expressions with Python semantics.
#include <cstdint>

#include "text/expr/ast.h"
#include "text/expr/environment.h"

namespace af::text::expr {

// Work allowance shared by one evaluation (or one whole template render): every node
// evaluated, loop iteration and element created costs a step, so no input can hang.
class EvalBudget {
 public:
  explicit EvalBudget(std::uint64_t steps = 20'000'000) : remaining_(steps) {}
  void charge(std::uint64_t steps);  // throws ExpressionError when exhausted
  [[nodiscard]] std::uint64_t remaining() const { return remaining_; }

 private:
  std::uint64_t remaining_;
};

struct EvalContext {
  const Environment* builtins = nullptr;  // searched after the environment, e.g. &math_functions()
  EvalBudget* budget = nullptr;           // nullptr: a fresh default budget for this call
};

// Throws ExpressionError whose offset points at the failing construct in the parsed text.
[[nodiscard]] Value evaluate(const Expr& expr, const Environment& env, const EvalContext& context = {});

// Calls a callable value (function, or a name set: `Outputs()` returns the set).
[[nodiscard]] Value call_value(const Value& callee, const CallArgs& args);

}  // namespace af::text::expr
