#include "loader/projection_parser.h"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <limits>

#include "text/expr/expression_error.h"

using af::text::expr::ExpressionError;

namespace af::loader {

namespace {

bool ident_start(char c) {
  return std::isalpha(static_cast<unsigned char>(c)) || c == '#' || c == '$' || c == '@';
}
bool ident_char(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; }

// Recursive-descent over `sum := term (('+'|'-') term)*`, `term := factor ('*' factor)*`,
// `factor := INT | NAME | '(' sum ')' | '-' factor`, keeping the result affine.
class AffineParser {
 public:
  explicit AffineParser(std::string_view text) : text_(text) {}

  spec::AffineExpr parse() {
    spec::AffineExpr e = sum(0);
    skip();
    if (pos_ != text_.size()) fail(fmt::format("unexpected '{}'", text_[pos_]));
    return e;
  }

 private:
  static constexpr int kMaxDepth = 64;

  spec::AffineExpr sum(int depth) {
    spec::AffineExpr acc = term(depth);
    for (;;) {
      skip();
      if (pos_ < text_.size() && (text_[pos_] == '+' || text_[pos_] == '-')) {
        const bool minus = text_[pos_++] == '-';
        add(acc, term(depth), minus ? -1 : 1);
      } else {
        return acc;
      }
    }
  }

  spec::AffineExpr term(int depth) {
    spec::AffineExpr acc = factor(depth);
    for (;;) {
      skip();
      if (pos_ < text_.size() && text_[pos_] == '*') {
        ++pos_;
        const std::size_t at = pos_;
        spec::AffineExpr rhs = factor(depth);
        if (acc.terms.empty())
          acc = scaled(rhs, acc.constant);
        else if (rhs.terms.empty())
          acc = scaled(acc, rhs.constant);
        else
          fail("the product of two rank variables is not affine", at);
      } else {
        return acc;
      }
    }
  }

  spec::AffineExpr factor(int depth) {
    if (depth > kMaxDepth) fail("expression nested too deeply");
    skip();
    if (pos_ >= text_.size()) fail("expected a rank variable or an integer");
    const char c = text_[pos_];
    if (c == '-') {
      ++pos_;
      return scaled(factor(depth + 1), -1);
    }
    if (c == '(') {
      ++pos_;
      spec::AffineExpr inner = sum(depth + 1);
      skip();
      if (pos_ >= text_.size() || text_[pos_] != ')') fail("missing ')'");
      ++pos_;
      return inner;
    }
    if (std::isdigit(static_cast<unsigned char>(c))) {
      std::int64_t value = 0;
      while (pos_ < text_.size() && std::isdigit(static_cast<unsigned char>(text_[pos_]))) {
        if (value > (std::numeric_limits<std::int64_t>::max() - 9) / 10) fail("integer too large");
        value = value * 10 + (text_[pos_++] - '0');
      }
      return spec::AffineExpr{{}, value};
    }
    if (ident_start(c)) {
      const std::size_t start = pos_;
      while (pos_ < text_.size() && ident_char(text_[pos_])) ++pos_;
      return spec::AffineExpr::variable(std::string(text_.substr(start, pos_ - start)));
    }
    fail(fmt::format("unexpected '{}'", c));
  }

  static void add(spec::AffineExpr& acc, const spec::AffineExpr& rhs, std::int64_t sign) {
    acc.constant += sign * rhs.constant;
    for (const auto& t : rhs.terms) {
      bool merged = false;
      for (auto& a : acc.terms)
        if (a.var == t.var) {
          a.coeff += sign * t.coeff;
          merged = true;
        }
      if (!merged) acc.terms.push_back({t.var, sign * t.coeff});
    }
    std::erase_if(acc.terms, [](const spec::AffineTerm& t) { return t.coeff == 0; });
  }

  static spec::AffineExpr scaled(spec::AffineExpr e, std::int64_t k) {
    e.constant *= k;
    for (auto& t : e.terms) t.coeff *= k;
    std::erase_if(e.terms, [](const spec::AffineTerm& t) { return t.coeff == 0; });
    return e;
  }

  void skip() {
    while (pos_ < text_.size() && std::isspace(static_cast<unsigned char>(text_[pos_]))) ++pos_;
  }

  [[noreturn]] void fail(const std::string& message, std::optional<std::size_t> at = std::nullopt) const {
    throw ExpressionError(message, at.value_or(pos_));
  }

  std::string_view text_;
  std::size_t pos_ = 0;
};

// `b, m, P: p, E: f` -> projection entries.
std::vector<spec::ProjectionEntry> parse_index_list(std::string_view list, std::size_t offset) {
  std::vector<spec::ProjectionEntry> out;
  std::size_t start = 0;
  while (start <= list.size()) {
    const std::size_t comma = list.find(',', start);
    const std::size_t end = comma == std::string_view::npos ? list.size() : comma;
    const std::string_view entry = list.substr(start, end - start);
    if (entry.empty()) {
      if (list.empty()) break;
      throw ExpressionError("empty index", offset + start);
    }
    const std::size_t colon = entry.find(':');
    try {
      if (colon == std::string_view::npos) {
        if (!is_identifier(entry)) throw ExpressionError("expected a rank variable", 0);
        out.push_back({rank_of(entry), spec::AffineExpr::variable(std::string(entry))});
      } else {
        const std::string_view rank = entry.substr(0, colon);
        if (!is_identifier(rank)) throw ExpressionError("expected a rank name before ':'", 0);
        out.push_back({std::string(rank), parse_affine(entry.substr(colon + 1))});
      }
    } catch (const ExpressionError& e) {
      throw ExpressionError(e.message(), offset + start + e.offset().value_or(0));
    }
    if (comma == std::string_view::npos) break;
    start = comma + 1;
  }
  return out;
}

}  // namespace

spec::AffineExpr parse_affine(std::string_view text) { return AffineParser(text).parse(); }

bool is_identifier(std::string_view text) {
  if (text.empty() || !ident_start(text.front())) return false;
  for (const char c : text.substr(1))
    if (!ident_char(c)) return false;
  return true;
}

std::string rank_of(std::string_view rank_variable) {
  std::string out(rank_variable);
  for (auto& c : out) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  return out;
}

std::vector<ParsedAccess> parse_einsum_string(std::string_view text) {
  // Whitespace is insignificant; keep a map from compact offsets back to the original.
  std::string compact;
  std::vector<std::size_t> origin;
  for (std::size_t i = 0; i < text.size(); ++i)
    if (!std::isspace(static_cast<unsigned char>(text[i]))) {
      compact.push_back(text[i]);
      origin.push_back(i);
    }
  const auto at = [&](std::size_t i) { return i < origin.size() ? origin[i] : text.size(); };

  const std::size_t eq = compact.find('=');
  if (eq == std::string::npos)
    throw ExpressionError("an Einsum string needs '=' (OUT[...] = IN[...] * ...)", 0);

  std::vector<ParsedAccess> out;
  // Finds every Name[...] in compact[from, to).
  const auto scan = [&](std::size_t from, std::size_t to, bool output) {
    std::size_t i = from;
    while (i < to) {
      if (!ident_start(compact[i]) && compact[i] != '_') {
        ++i;
        continue;
      }
      const std::size_t name_start = i;
      while (i < to && (ident_char(compact[i]))) ++i;
      if (i >= to || compact[i] != '[') continue;  // a plain name or function, not an access
      const std::size_t close = compact.find(']', i);
      if (close == std::string::npos || close >= to) throw ExpressionError("missing ']'", at(i));
      ParsedAccess access;
      access.tensor = compact.substr(name_start, i - name_start);
      access.output = output;
      // Offsets inside the index list refer to the compact text; map the start back.
      access.projection = parse_index_list(std::string_view(compact).substr(i + 1, close - i - 1), at(i + 1));
      const bool duplicate = std::any_of(out.begin(), out.end(),
                                         [&](const ParsedAccess& a) { return a.tensor == access.tensor; });
      if (!duplicate) out.push_back(std::move(access));
      i = close + 1;
    }
  };
  scan(0, eq, true);
  if (out.size() != 1) throw ExpressionError("the left side must be exactly one tensor access OUT[...]", 0);
  scan(eq + 1, compact.size(), false);
  return out;
}

}  // namespace af::loader
