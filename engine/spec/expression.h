#pragma once
// Expressions of spec fields that can only be evaluated later (a memory's `keep` sees the
// keep sets chosen above it): parsed when the spec loads, so a syntax error is reported then
// with its file:line:column and field, and evaluated with AccelForge's rules (numeric cast,
// a whole-string symbol, else the Python-expression subset) when the symbols are known.
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "core/diagnostic.h"
#include "core/source_location.h"
#include "text/expr/ast.h"
#include "text/expr/value.h"

namespace af::spec {

// Name -> value; later layers are made by copying and overwriting (tables are small).
using SymbolTable = std::map<std::string, text::expr::Value, std::less<>>;

class CompiledExpression {
 public:
  CompiledExpression() = default;
  // `raw` is the field's value as written (a string to parse, or a number/bool as is).
  // Throws SpecError at the place of a syntax error inside the text.
  [[nodiscard]] static CompiledExpression compile(text::expr::Value raw, core::SourceLocation where, std::string field);

  // Throws SpecError pinned to the failing spot of the text.
  [[nodiscard]] text::expr::Value evaluate(const SymbolTable& table) const;
  // The result must be a set of names (`~(Inputs | Outputs)`, `Above`, a tensor name).
  [[nodiscard]] text::expr::NameSet evaluate_set(const SymbolTable& table) const;

  [[nodiscard]] const std::string& text() const { return text_; }
  [[nodiscard]] const core::SourceLocation& where() const { return where_; }
  [[nodiscard]] const std::string& field() const { return field_; }
  // The names the expression reads (for "did you mean" checks when the spec loads).
  [[nodiscard]] std::vector<std::string> names() const;

 private:
  text::expr::Value raw_;
  std::string text_;     // the source text (raw_'s repr when it is no string)
  std::string lookup_;   // a whole-string symbol name to try first (set expressions: `Outputs()`)
  text::expr::Expr ast_;             // null when raw_ is no string or casts to a number
  core::SourceLocation where_;
  std::string field_;
};

// An expression error inside the text of a field, as a diagnostic: the place of the failing
// spot (`where` plus its offset), the field, and the text shortened around that spot.
[[nodiscard]] core::Diagnostic expression_diagnostic(const core::SourceLocation& where, std::string_view field,
                                               std::string_view text, const std::string& message,
                                               std::optional<std::size_t> offset);

}  // namespace af::spec
