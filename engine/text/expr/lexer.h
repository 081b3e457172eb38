#pragma once
// Tokens of the Python expression subset (also used inside Jinja tags).
#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "text/expr/value.h"

namespace af::text::expr {

enum class TokenKind { Name, Int, Float, String, Op, End };

struct Token {
  TokenKind kind = TokenKind::End;
  std::string text;  // name, operator, or the literal's source text
  Value value;       // Int/Float/String: the literal's value
  std::size_t offset = 0;  // byte offset in the lexed text
  std::size_t end = 0;

  [[nodiscard]] bool is_op(std::string_view op) const { return kind == TokenKind::Op && text == op; }
  [[nodiscard]] bool is_name(std::string_view name) const { return kind == TokenKind::Name && text == name; }
};

// Lexes `text` from `pos`; offsets are positions in `text`.
class Lexer {
 public:
  explicit Lexer(std::string_view text, std::size_t pos = 0) : text_(text), pos_(pos) {}
  // Throws ExpressionError (with offset) on a malformed token.
  Token next();
  void skip_whitespace();
  [[nodiscard]] std::size_t position() const { return pos_; }
  [[nodiscard]] std::string_view rest() const { return text_.substr(pos_); }

 private:
  Token lex_number();
  Token lex_string(std::size_t start, std::size_t prefix_len, bool raw);
  std::string_view text_;
  std::size_t pos_;
};

// The whole text as tokens, ending with an End token.
[[nodiscard]] std::vector<Token> tokenize(std::string_view text);

}  // namespace af::text::expr
