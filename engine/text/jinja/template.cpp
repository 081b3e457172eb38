#include "text/jinja/template.h"

#include <algorithm>
#include <cctype>
#include <initializer_list>

#include "text/expr/expression_error.h"
#include "text/expr/parser.h"

using af::text::expr::ExpressionError;
using af::text::expr::Parser;
using af::text::expr::Token;

namespace af::text::jinja {

std::pair<int, int> Template::line_column(std::size_t offset) const {
  const auto it = std::upper_bound(line_starts.begin(), line_starts.end(), offset);
  const auto line = static_cast<std::size_t>(it - line_starts.begin());  // >= 1
  return {static_cast<int>(line), static_cast<int>(offset - line_starts[line - 1]) + 1};
}

std::string normalize_template_source(std::string_view text) {
  // Python's str.splitlines() boundaries, which Jinja joins back with \n.
  std::string out;
  out.reserve(text.size());
  for (std::size_t i = 0; i < text.size(); ++i) {
    const auto c = static_cast<unsigned char>(text[i]);
    if (c == '\r') {
      if (i + 1 < text.size() && text[i + 1] == '\n') ++i;
      out += '\n';
    } else if (c == '\v' || c == '\f' || c == 0x1c || c == 0x1d || c == 0x1e) {
      out += '\n';
    } else if (c == 0xC2 && i + 1 < text.size() && static_cast<unsigned char>(text[i + 1]) == 0x85) {
      ++i;
      out += '\n';
    } else if (c == 0xE2 && i + 2 < text.size() && static_cast<unsigned char>(text[i + 1]) == 0x80 &&
               (static_cast<unsigned char>(text[i + 2]) == 0xA8 || static_cast<unsigned char>(text[i + 2]) == 0xA9)) {
      i += 2;
      out += '\n';
    } else {
      out += static_cast<char>(c);
    }
  }
  if (!out.empty() && out.back() == '\n') out.pop_back();
  return out;
}

namespace {

struct Piece {
  enum class Kind { Text, Output, Tag };
  Kind kind = Kind::Text;
  std::size_t offset = 0;
  std::string text;
  std::string keyword;
  std::vector<Token> tokens;  // ends with End
};

bool is_space(char c) { return std::isspace(static_cast<unsigned char>(c)) != 0; }

void rtrim(std::string& s) {
  while (!s.empty() && is_space(s.back())) s.pop_back();
}

std::size_t ltrim_count(std::string_view s) {
  std::size_t i = 0;
  while (i < s.size() && is_space(s[i])) ++i;
  return i;
}

// Finds `{% endraw %}` (with optional -/+ and spaces) from `from`; returns start and end.
bool find_endraw(const std::string& s, std::size_t from, std::size_t& start, std::size_t& end, bool& strip_before,
                 bool& strip_after) {
  for (std::size_t p = s.find("{%", from); p != std::string::npos; p = s.find("{%", p + 2)) {
    std::size_t q = p + 2;
    strip_before = q < s.size() && s[q] == '-';
    if (q < s.size() && (s[q] == '-' || s[q] == '+')) ++q;
    while (q < s.size() && is_space(s[q])) ++q;
    if (s.compare(q, 6, "endraw") != 0) continue;
    q += 6;
    while (q < s.size() && is_space(s[q])) ++q;
    strip_after = q < s.size() && s[q] == '-';
    if (q < s.size() && (s[q] == '-' || s[q] == '+')) ++q;
    if (s.compare(q, 2, "%}") != 0) continue;
    start = p;
    end = q + 2;
    return true;
  }
  return false;
}

std::vector<Piece> scan(const std::string& s) {
  std::vector<Piece> pieces;
  std::size_t pos = 0;
  bool strip_next = false;
  const auto push_text = [&](std::string text, std::size_t offset) {
    if (strip_next) {
      const std::size_t k = ltrim_count(text);
      text.erase(0, k);
      offset += k;
      strip_next = false;
    }
    if (!text.empty()) pieces.push_back(Piece{Piece::Kind::Text, offset, std::move(text), {}, {}});
  };
  while (pos < s.size()) {
    std::size_t open = std::string::npos;
    for (std::size_t p = s.find('{', pos); p != std::string::npos; p = s.find('{', p + 1)) {
      if (p + 1 < s.size() && (s[p + 1] == '{' || s[p + 1] == '%' || s[p + 1] == '#')) {
        open = p;
        break;
      }
    }
    if (open == std::string::npos) {
      push_text(s.substr(pos), pos);
      break;
    }
    std::string text = s.substr(pos, open - pos);
    const char kind = s[open + 1];
    std::size_t p = open + 2;
    if (p < s.size() && s[p] == '-') rtrim(text);
    if (p < s.size() && (s[p] == '-' || s[p] == '+')) ++p;
    push_text(std::move(text), pos);
    if (kind == '#') {
      const std::size_t close = s.find("#}", p);
      if (close == std::string::npos) throw ExpressionError("missing end of comment tag", open);
      strip_next = close > p && s[close - 1] == '-';
      pos = close + 2;
      continue;
    }
    const std::string_view end_marker = kind == '{' ? "}}" : "%}";
    text::expr::Lexer lexer(s, p);
    std::vector<Token> tokens;
    int depth = 0;
    std::size_t end = 0;
    while (true) {
      lexer.skip_whitespace();
      const std::size_t q = lexer.position();
      if (q >= s.size())
        throw ExpressionError(kind == '{' ? "unexpected end of template: '{{' is not closed by '}}'"
                                          : "unexpected end of template: '{%' is not closed by '%}'",
                              open);
      if (depth == 0) {
        if (s.compare(q, 2, end_marker) == 0) {
          end = q + 2;
          break;
        }
        if ((s[q] == '-' || s[q] == '+') && s.compare(q + 1, 2, end_marker) == 0) {
          strip_next = s[q] == '-';
          end = q + 3;
          break;
        }
      }
      Token t = lexer.next();
      if (t.is_op("(") || t.is_op("[") || t.is_op("{")) ++depth;
      if ((t.is_op(")") || t.is_op("]") || t.is_op("}")) && depth > 0) --depth;
      tokens.push_back(std::move(t));
    }
    Token end_token;
    end_token.offset = end - (strip_next ? 3 : 2);
    end_token.end = end_token.offset;
    pos = end;
    if (kind == '{') {
      tokens.push_back(end_token);
      pieces.push_back(Piece{Piece::Kind::Output, open, {}, {}, std::move(tokens)});
      continue;
    }
    if (tokens.empty() || tokens.front().kind != text::expr::TokenKind::Name)
      throw ExpressionError("expected a tag name after '{%'", tokens.empty() ? open : tokens.front().offset);
    std::string keyword = tokens.front().text;
    tokens.erase(tokens.begin());
    tokens.push_back(end_token);
    if (keyword == "raw") {
      if (tokens.size() != 1) throw ExpressionError("unexpected tokens after 'raw'", tokens.front().offset);
      std::size_t raw_start = 0;
      std::size_t raw_end = 0;
      bool strip_before = false;
      bool strip_after = false;
      if (!find_endraw(s, pos, raw_start, raw_end, strip_before, strip_after))
        throw ExpressionError("missing '{% endraw %}' for this '{% raw %}'", open);
      std::string content = s.substr(pos, raw_start - pos);
      if (strip_before) rtrim(content);
      push_text(std::move(content), pos);
      strip_next = strip_after;
      pos = raw_end;
      continue;
    }
    pieces.push_back(Piece{Piece::Kind::Tag, open, {}, std::move(keyword), std::move(tokens)});
  }
  return pieces;
}

class TreeBuilder {
 public:
  explicit TreeBuilder(std::vector<Piece> pieces) : pieces_(std::move(pieces)) {}

  TemplateBody document() {
    TemplateBody body = block({}, 0, "");
    return body;
  }

 private:
  static Parser parser_for(std::vector<Token> tokens) { return Parser(std::move(tokens), text::expr::ParseOptions{.jinja = true}); }

  // Parses nodes until one of `ends` (left in last_end_); `opener` names the open block.
  TemplateBody block(std::initializer_list<std::string_view> ends, std::size_t open_offset, std::string_view opener) {
    if (++depth_ > kMaxTemplateNesting) throw ExpressionError("template blocks are nested too deeply", open_offset);
    TemplateBody body;
    while (index_ < pieces_.size()) {
      Piece& p = pieces_[index_++];
      if (p.kind == Piece::Kind::Text) {
        TemplateNode n;
        n.kind = TemplateNode::Kind::Text;
        n.offset = p.offset;
        n.text = std::move(p.text);
        body.push_back(std::move(n));
        continue;
      }
      if (p.kind == Piece::Kind::Output) {
        Parser parser = parser_for(std::move(p.tokens));
        if (parser.at_end()) parser.fail("expected an expression");
        TemplateNode n;
        n.kind = TemplateNode::Kind::Output;
        n.offset = p.offset;
        n.expr = parser.expression_list();
        parser.expect_end();
        body.push_back(std::move(n));
        continue;
      }
      if (std::find(ends.begin(), ends.end(), p.keyword) != ends.end()) {
        last_end_ = &p;
        --depth_;
        return body;
      }
      body.push_back(tag(p));
    }
    if (ends.size() > 0) {
      std::string wanted;
      for (const auto e : ends) wanted += (wanted.empty() ? "'" : " or '") + std::string(e) + "'";
      throw ExpressionError("unexpected end of template: the '" + std::string(opener) + "' here needs " + wanted,
                            open_offset);
    }
    --depth_;
    return body;
  }

  TemplateNode tag(Piece& p) {
    TemplateNode n;
    n.offset = p.offset;
    Parser parser = parser_for(std::move(p.tokens));
    const std::string& k = p.keyword;
    if (k == "set") {
      n.targets = parser.targets();
      if (parser.accept_op("=")) {
        n.kind = TemplateNode::Kind::Set;
        n.expr = parser.expression_list();
        parser.expect_end();
        return n;
      }
      parser.expect_end();
      n.kind = TemplateNode::Kind::SetBlock;
      n.body = block({"endset"}, p.offset, "set");
      return n;
    }
    if (k == "if") {
      n.kind = TemplateNode::Kind::If;
      text::expr::Expr cond = parser.expression();
      parser.expect_end();
      while (true) {
        TemplateBody body = block({"elif", "else", "endif"}, p.offset, "if");
        n.branches.emplace_back(std::move(cond), std::move(body));
        Piece* end = last_end_;
        Parser end_parser = parser_for(std::move(end->tokens));
        if (end->keyword == "elif") {
          cond = end_parser.expression();
          end_parser.expect_end();
          continue;
        }
        end_parser.expect_end();
        if (end->keyword == "else") {
          n.else_body = block({"endif"}, p.offset, "if");
          parser_for(std::move(last_end_->tokens)).expect_end();
        }
        return n;
      }
    }
    if (k == "for") {
      n.kind = TemplateNode::Kind::For;
      n.targets = parser.targets();
      if (!parser.accept_name("in")) parser.fail("expected 'in' in for loop");
      n.expr = parser.or_expression();
      if (parser.peek().is_op(",")) {  // `for x in a, b`: a tuple
        text::expr::Node t;
        t.kind = text::expr::NodeKind::Tuple;
        t.offset = n.expr->offset;
        t.jinja = true;
        t.children.push_back(n.expr);
        while (parser.accept_op(",") && !parser.at_end() && !parser.peek().is_name("if"))
          t.children.push_back(parser.or_expression());
        t.depth = 1;
        for (const auto& c : t.children) t.depth = std::max(t.depth, c->depth + 1);
        n.expr = std::make_shared<const text::expr::Node>(std::move(t));
      }
      if (parser.accept_name("if")) n.extra = parser.expression();
      if (parser.peek().is_name("recursive")) parser.fail("recursive loops are not supported");
      parser.expect_end();
      n.body = block({"else", "endfor"}, p.offset, "for");
      Parser end_parser = parser_for(std::move(last_end_->tokens));
      end_parser.expect_end();
      if (last_end_->keyword == "else") {
        n.else_body = block({"endfor"}, p.offset, "for");
        parser_for(std::move(last_end_->tokens)).expect_end();
      }
      return n;
    }
    if (k == "assert") {
      n.kind = TemplateNode::Kind::Assert;
      n.expr = parser.expression();
      if (parser.accept_op(",")) n.extra = parser.expression();
      parser.expect_end();
      return n;
    }
    if (k == "endif" || k == "endfor" || k == "endset" || k == "elif" || k == "else" || k == "endraw")
      throw ExpressionError("unexpected '" + k + "' (no open block it could close)", p.offset);
    static const std::vector<std::string> kUnsupported = {"macro", "call", "filter", "include", "import", "from",
                                                          "extends", "block", "with", "do", "autoescape", "trans"};
    if (std::find(kUnsupported.begin(), kUnsupported.end(), k) != kUnsupported.end())
      throw ExpressionError("the Jinja tag '" + k + "' is not supported in spec files", p.offset);
    throw ExpressionError("unknown tag '" + k + "'", p.offset);
  }

  std::vector<Piece> pieces_;
  std::size_t index_ = 0;
  int depth_ = 0;
  Piece* last_end_ = nullptr;
};

}  // namespace

Template parse_template(std::string normalized) {
  Template t;
  t.source = std::move(normalized);
  t.line_starts.push_back(0);
  for (std::size_t i = 0; i < t.source.size(); ++i)
    if (t.source[i] == '\n') t.line_starts.push_back(i + 1);
  t.body = TreeBuilder(scan(t.source)).document();
  return t;
}

}  // namespace af::text::jinja
