#include "text/expr/lexer.h"

#include <array>
#include <cctype>

#include "text/expr/expression_error.h"
#include "text/expr/numbers.h"

namespace af::text::expr {

namespace {
bool is_name_start(char c) { return std::isalpha(static_cast<unsigned char>(c)) || c == '_'; }
bool is_name_char(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; }
bool is_digit(char c) { return std::isdigit(static_cast<unsigned char>(c)) != 0; }

void append_utf8(std::string& out, unsigned long cp, std::size_t offset) {
  if (cp > 0x10FFFF) throw ExpressionError("invalid unicode escape", offset);
  if (cp < 0x80) {
    out += static_cast<char>(cp);
  } else if (cp < 0x800) {
    out += static_cast<char>(0xC0 | (cp >> 6));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  } else if (cp < 0x10000) {
    out += static_cast<char>(0xE0 | (cp >> 12));
    out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  } else {
    out += static_cast<char>(0xF0 | (cp >> 18));
    out += static_cast<char>(0x80 | ((cp >> 12) & 0x3F));
    out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  }
}

constexpr std::array<std::string_view, 8> kTwoCharOps = {"**", "//", "==", "!=", "<=", ">=", "<>", "->"};
constexpr std::string_view kOneCharOps = "+-*/%<>()[]{},:.=~&|^@";
}  // namespace

void Lexer::skip_whitespace() {
  while (pos_ < text_.size()) {
    const char c = text_[pos_];
    if (c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v') {
      ++pos_;
    } else if (c == '\\' && pos_ + 1 < text_.size() && text_[pos_ + 1] == '\n') {
      pos_ += 2;  // explicit line continuation
    } else {
      break;
    }
  }
}

Token Lexer::next() {
  skip_whitespace();
  Token t;
  t.offset = pos_;
  if (pos_ >= text_.size()) {
    t.end = pos_;
    return t;
  }
  const char c = text_[pos_];
  if (is_name_start(c) || static_cast<unsigned char>(c) >= 0x80) {
    std::size_t e = pos_;
    while (e < text_.size() && (is_name_char(text_[e]) || static_cast<unsigned char>(text_[e]) >= 0x80)) ++e;
    const std::string_view word = text_.substr(pos_, e - pos_);
    // String prefixes: r, b, u, f and their combinations.
    if (e < text_.size() && (text_[e] == '\'' || text_[e] == '"') && word.size() <= 2) {
      bool raw = false;
      bool ok = true;
      for (char p : word) {
        const char l = static_cast<char>(std::tolower(static_cast<unsigned char>(p)));
        if (l == 'r') raw = true;
        else if (l == 'f') throw ExpressionError("f-strings are not supported", pos_);
        else if (l != 'b' && l != 'u') ok = false;
      }
      if (ok) return lex_string(pos_, word.size(), raw);
    }
    t.kind = TokenKind::Name;
    t.text = std::string(word);
    pos_ = e;
    t.end = e;
    return t;
  }
  if (is_digit(c) || (c == '.' && pos_ + 1 < text_.size() && is_digit(text_[pos_ + 1]))) return lex_number();
  if (c == '\'' || c == '"') return lex_string(pos_, 0, false);
  for (const auto op : kTwoCharOps) {
    if (text_.substr(pos_, 2) == op) {
      if (op == "<>" || op == "->") break;
      t.kind = TokenKind::Op;
      t.text = std::string(op);
      pos_ += 2;
      t.end = pos_;
      return t;
    }
  }
  if (kOneCharOps.find(c) != std::string_view::npos) {
    t.kind = TokenKind::Op;
    t.text = std::string(1, c);
    ++pos_;
    t.end = pos_;
    return t;
  }
  throw ExpressionError(std::string("invalid character '") + (std::isprint(static_cast<unsigned char>(c)) ? std::string(1, c) : "?") +
                            "'",
                        pos_);
}

Token Lexer::lex_number() {
  Token t;
  t.offset = pos_;
  std::size_t e = pos_;
  const auto run = [&](auto pred) {
    while (e < text_.size() && (pred(text_[e]) || text_[e] == '_')) ++e;
  };
  bool is_float = false;
  if (text_[e] == '0' && e + 1 < text_.size() && std::string_view("xXoObB").find(text_[e + 1]) != std::string_view::npos) {
    const char base_char = static_cast<char>(std::tolower(static_cast<unsigned char>(text_[e + 1])));
    const int base = base_char == 'x' ? 16 : base_char == 'o' ? 8 : 2;
    e += 2;
    const std::size_t digits_start = e;
    run([](char ch) { return std::isxdigit(static_cast<unsigned char>(ch)) != 0; });
    Int value = 0;
    for (std::size_t i = digits_start; i < e; ++i) {
      const char ch = text_[i];
      if (ch == '_') continue;
      const int d = is_digit(ch) ? ch - '0' : std::tolower(static_cast<unsigned char>(ch)) - 'a' + 10;
      if (d >= base) throw ExpressionError("invalid digit in number literal", i);
      if (__builtin_mul_overflow(value, base, &value) || __builtin_add_overflow(value, d, &value))
        throw ExpressionError("integer literal too large", pos_);
    }
    if (e == digits_start) throw ExpressionError("invalid number literal", pos_);
    t.kind = TokenKind::Int;
    t.value = value;
  } else {
    run(is_digit);
    if (e < text_.size() && text_[e] == '.') {
      is_float = true;
      ++e;
      run(is_digit);
    }
    if (e < text_.size() && (text_[e] == 'e' || text_[e] == 'E')) {
      std::size_t x = e + 1;
      if (x < text_.size() && (text_[x] == '+' || text_[x] == '-')) ++x;
      if (x < text_.size() && is_digit(text_[x])) {
        is_float = true;
        e = x;
        run(is_digit);
      }
    }
    if (e < text_.size() && (text_[e] == 'j' || text_[e] == 'J'))
      throw ExpressionError("complex numbers are not supported", pos_);
    const std::string_view literal = text_.substr(pos_, e - pos_);
    if (is_float) {
      const auto d = parse_python_float(literal);
      if (!d) throw ExpressionError("invalid number literal '" + std::string(literal) + "'", pos_);
      t.kind = TokenKind::Float;
      t.value = *d;
    } else {
      if (literal.size() > 1 && literal.front() == '0' && literal.find_first_not_of("0_") != std::string_view::npos)
        throw ExpressionError("leading zeros in decimal integer literals are not permitted", pos_);
      Int value = 0;
      const auto r = parse_python_int(literal, value);
      if (r == IntParse::Overflow) throw ExpressionError("integer literal too large", pos_);
      if (r != IntParse::Ok) throw ExpressionError("invalid number literal '" + std::string(literal) + "'", pos_);
      t.kind = TokenKind::Int;
      t.value = value;
    }
  }
  if (e < text_.size() && is_name_char(text_[e])) throw ExpressionError("invalid number literal", pos_);
  t.text = std::string(text_.substr(pos_, e - pos_));
  pos_ = e;
  t.end = e;
  return t;
}

Token Lexer::lex_string(std::size_t start, std::size_t prefix_len, bool raw) {
  std::size_t p = start + prefix_len;
  const char q = text_[p];
  const bool triple = text_.substr(p, 3) == std::string(3, q);
  p += triple ? 3 : 1;
  std::string out;
  while (true) {
    if (p >= text_.size()) throw ExpressionError("unterminated string literal", start);
    const char c = text_[p];
    if (c == q && (!triple || text_.substr(p, 3) == std::string(3, q))) {
      p += triple ? 3 : 1;
      break;
    }
    if (c == '\n' && !triple) throw ExpressionError("unterminated string literal", start);
    if (c != '\\') {
      out += c;
      ++p;
      continue;
    }
    if (p + 1 >= text_.size()) throw ExpressionError("unterminated string literal", start);
    const char e = text_[p + 1];
    if (raw) {  // raw strings keep the backslash (and it still protects a quote)
      out += c;
      out += e;
      p += 2;
      continue;
    }
    p += 2;
    switch (e) {
      case '\n': break;
      case '\\': out += '\\'; break;
      case '\'': out += '\''; break;
      case '"': out += '"'; break;
      case 'n': out += '\n'; break;
      case 't': out += '\t'; break;
      case 'r': out += '\r'; break;
      case 'a': out += '\a'; break;
      case 'b': out += '\b'; break;
      case 'f': out += '\f'; break;
      case 'v': out += '\v'; break;
      case 'x':
      case 'u':
      case 'U': {
        const std::size_t n = e == 'x' ? 2 : e == 'u' ? 4 : 8;
        if (p + n > text_.size()) throw ExpressionError("truncated escape sequence", p - 2);
        unsigned long cp = 0;
        for (std::size_t i = 0; i < n; ++i) {
          const char h = text_[p + i];
          if (!std::isxdigit(static_cast<unsigned char>(h))) throw ExpressionError("truncated escape sequence", p - 2);
          cp = cp * 16 + static_cast<unsigned long>(is_digit(h) ? h - '0' : std::tolower(static_cast<unsigned char>(h)) - 'a' + 10);
        }
        p += n;
        append_utf8(out, cp, p);
        break;
      }
      default:
        if (e >= '0' && e <= '7') {
          unsigned long cp = static_cast<unsigned long>(e - '0');
          for (int i = 0; i < 2 && p < text_.size() && text_[p] >= '0' && text_[p] <= '7'; ++i, ++p)
            cp = cp * 8 + static_cast<unsigned long>(text_[p] - '0');
          append_utf8(out, cp, p);
        } else {  // unknown escapes keep the backslash, as in Python
          out += '\\';
          out += e;
        }
    }
  }
  Token t;
  t.kind = TokenKind::String;
  t.offset = start;
  t.end = p;
  t.text = std::string(text_.substr(start, p - start));
  t.value = std::move(out);
  pos_ = p;
  return t;
}

std::vector<Token> tokenize(std::string_view text) {
  Lexer lexer(text);
  std::vector<Token> out;
  while (true) {
    out.push_back(lexer.next());
    if (out.back().kind == TokenKind::End) return out;
  }
}

}  // namespace af::text::expr
