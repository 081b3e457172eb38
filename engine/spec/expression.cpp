#include "spec/expression.h"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>

#include "core/excerpt.h"
#include "text/expr/builtins.h"
#include "text/expr/environment.h"
#include "text/expr/eval_expression.h"
#include "text/expr/evaluator.h"
#include "text/expr/expression_error.h"
#include "text/expr/parser.h"

using af::core::Diagnostic;
using af::core::SourceLocation;
using af::core::SpecError;
using af::text::expr::Value;

namespace af::spec {

namespace {

void collect_names(const text::expr::Expr& e, std::vector<std::string>& out) {
  if (!e) return;
  if (e->kind == text::expr::NodeKind::Name && std::find(out.begin(), out.end(), e->name) == out.end()) out.push_back(e->name);
  for (const auto& c : e->children) collect_names(c, out);
  for (const auto& clause : e->clauses) {
    collect_names(clause.iterable, out);
    for (const auto& cond : clause.conditions) collect_names(cond, out);
  }
}

}  // namespace

Diagnostic expression_diagnostic(const SourceLocation& where, std::string_view field, std::string_view text,
                                 const std::string& message, std::optional<std::size_t> offset) {
  SourceLocation at = where;
  // Columns inside the text are only meaningful for a scalar on one line.
  if (at.column > 0 && offset && text.find('\n') == std::string_view::npos)
    at.column += static_cast<int>(*offset);
  return Diagnostic{at, std::string(field), fmt::format("in '{}': {}", core::excerpt(text, offset.value_or(0)), message)};
}

CompiledExpression CompiledExpression::compile(Value raw, SourceLocation where, std::string field) {
  CompiledExpression c;
  c.where_ = std::move(where);
  c.field_ = std::move(field);
  c.text_ = raw.is_string() ? raw.as_string() : raw.repr();
  if (raw.is_string() && !text::expr::cast_to_numeric(raw)) {
    std::string trimmed = c.text_;
    trimmed.erase(std::remove_if(trimmed.begin(), trimmed.end(), [](unsigned char ch) { return std::isspace(ch); }),
                  trimmed.end());
    c.lookup_ = trimmed.ends_with("()") ? trimmed.substr(0, trimmed.size() - 2) : trimmed;
    try {
      c.ast_ = text::expr::parse_expression(c.text_);
    } catch (const text::expr::ExpressionError& e) {
      throw SpecError(expression_diagnostic(c.where_, c.field_, c.text_, e.message(), e.offset()));
    }
  }
  c.raw_ = std::move(raw);
  return c;
}

Value CompiledExpression::evaluate(const SymbolTable& table) const {
  if (!ast_) {
    if (const auto n = text::expr::cast_to_numeric(raw_)) return *n;
    return raw_;
  }
  if (const auto it = table.find(text_); it != table.end()) return it->second;
  try {
    const text::expr::Environment env = text::expr::Environment::borrowing(table);
    return af::text::expr::evaluate(ast_, env, text::expr::EvalContext{.builtins = &text::expr::math_functions(), .budget = nullptr});
  } catch (const text::expr::ExpressionError& e) {
    throw SpecError(expression_diagnostic(where_, field_, text_, e.message(), e.offset()));
  }
}

text::expr::NameSet CompiledExpression::evaluate_set(const SymbolTable& table) const {
  Value v;
  if (const auto it = table.find(text_); it != table.end())
    v = it->second;
  else if (const auto named = table.find(lookup_); !lookup_.empty() && named != table.end())
    v = named->second;  // `Outputs()`: the set itself
  else
    v = evaluate(table);
  if (!v.is_name_set())
    throw SpecError(Diagnostic{where_, field_,
                               fmt::format("'{}' is not a set of tensors or rank variables (it is {} {})",
                                           core::excerpt(text_, 0), v.type_name() == "int" ? "an" : "a",
                                           v.type_name())});
  return v.as_name_set();
}

std::vector<std::string> CompiledExpression::names() const {
  std::vector<std::string> out;
  collect_names(ast_, out);
  return out;
}

}  // namespace af::spec
