#pragma once
// Recursive-descent parser for the Python expression subset of spec files (text/README.md,
// 'Expressions') and, in Jinja mode, for Jinja expressions (filters `|`, tests `is`, `~`).
#include <cstddef>
#include <string_view>
#include <vector>

#include "text/expr/ast.h"
#include "text/expr/lexer.h"

namespace af::text::expr {

struct ParseOptions {
  bool jinja = false;
  int max_depth = 200;                  // nesting levels (parentheses, unary chains, ...)
  std::size_t max_length = 1u << 20;    // characters
};

// Parses a whole expression (a top-level `a, b` is a tuple). Throws ExpressionError whose
// offset is the position of the problem in `text`.
[[nodiscard]] Expr parse_expression(std::string_view text, const ParseOptions& options = {});

// Token-level parser, used by the Jinja template parser for the parts of a tag.
class Parser {
 public:
  // `tokens` must end with an End token.
  Parser(std::vector<Token> tokens, ParseOptions options);

  [[nodiscard]] Expr expression();       // conditional expression (no top-level tuple)
  [[nodiscard]] Expr expression_list();  // `a, b` -> tuple
  [[nodiscard]] Expr or_expression();    // no conditional (iterable of a `for`)
  // NAME (',' NAME)* or '(' NAME, ... ')'.
  [[nodiscard]] std::vector<std::string> targets();

  [[nodiscard]] const Token& peek(std::size_t ahead = 0) const;
  Token take();
  bool accept_op(std::string_view op);
  bool accept_name(std::string_view name);
  void expect_op(std::string_view op);
  void expect_end();
  [[nodiscard]] bool at_end() const { return peek().kind == TokenKind::End; }
  [[noreturn]] void fail(const std::string& message) const;
  [[noreturn]] void fail_unexpected() const;

 private:
  class DepthGuard;
  Expr ternary();
  Expr or_expr();
  Expr and_expr();
  Expr not_expr();
  Expr comparison();
  Expr bit_or();
  Expr bit_xor();
  Expr bit_and();
  Expr arith();
  Expr concat();
  Expr term();
  Expr power();
  Expr unary(bool with_filter = true);
  Expr postfix(Expr node);
  Expr filters(Expr node);
  Expr primary();
  Expr paren();
  Expr bracket();
  Expr brace();
  Expr call(Expr callee);
  Expr subscript(Expr object);
  Expr comprehension_tail(Expr element, std::size_t offset);
  void call_arguments(Node& node, const char* closing);

  Expr make(Node node) const;
  std::vector<Token> tokens_;
  std::size_t pos_ = 0;
  ParseOptions options_;
  int depth_ = 0;
};

}  // namespace af::text::expr
