#pragma once
// Parsed Jinja templates (the subset AccelForge spec files use, plus elif/for-else/set
// blocks). Offsets are byte positions in the normalized template text.
#include <cstddef>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "text/expr/ast.h"

namespace af::text::jinja {

struct TemplateNode;
using TemplateBody = std::vector<TemplateNode>;

struct TemplateNode {
  enum class Kind { Text, Output, Set, SetBlock, If, For, Assert };
  Kind kind = Kind::Text;
  std::size_t offset = 0;
  std::string text;                  // Text
  text::expr::Expr expr;                         // Output value, Set value, For iterable, Assert condition
  text::expr::Expr extra;                        // Assert message, For `if` filter
  std::vector<std::string> targets;  // Set, SetBlock, For
  std::vector<std::pair<text::expr::Expr, TemplateBody>> branches;  // If: (condition, body) for if/elif...
  TemplateBody body;                 // For, SetBlock
  TemplateBody else_body;            // If/For else
};

struct Template {
  std::string source;  // normalized: newlines as \n, one trailing newline dropped
  TemplateBody body;
  std::vector<std::size_t> line_starts;

  // 1-based line and column of an offset.
  [[nodiscard]] std::pair<int, int> line_column(std::size_t offset) const;
};

// Jinja's source normalization: every line break becomes \n and a single trailing newline
// is dropped (keep_trailing_newline=False).
[[nodiscard]] std::string normalize_template_source(std::string_view text);

inline constexpr int kMaxTemplateNesting = 100;

// Throws ExpressionError with an offset into Template::source (`normalized` must be the
// output of normalize_template_source).
[[nodiscard]] Template parse_template(std::string normalized);

}  // namespace af::text::jinja
