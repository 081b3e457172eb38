// libFuzzer target: parse + evaluate arbitrary expression text (Python mode, then Jinja mode).
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "text/expr/builtins.h"
#include "text/expr/eval_expression.h"
#include "text/expr/evaluator.h"
#include "text/expr/expression_error.h"
#include "text/expr/parser.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace af::text::expr;
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  Environment env;
  env.set("All", NameSet({"A", "B", "C"}, {"A", "B", "C"}));
  env.set("input", NameSet({"A"}, {"A", "B", "C"}).with_bits_per_value(Value(Int{8})));
  env.set("X", Int{4});
  env.set("L", Value::list({Value(Int{1}), Value(2.5), Value("s")}));
  for (const bool jinja : {false, true}) {
    try {
      EvalBudget budget(200'000);
      const Expr e = parse_expression(text, ParseOptions{.jinja = jinja});
      (void)evaluate(e, env, EvalContext{.builtins = &math_functions(), .budget = &budget}).repr();
    } catch (const af::core::SpecError&) {
    }
  }
  try {
    EvalBudget budget(200'000);
    (void)eval_expression(Value(std::string(text)), env, &budget).str();
  } catch (const af::core::SpecError&) {
  }
  return 0;
}
