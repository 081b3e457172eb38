#include "text/expr/parser.h"

#include <algorithm>
#include <array>

#include "text/expr/expression_error.h"

namespace af::text::expr {

namespace {
constexpr std::array<std::string_view, 35> kKeywords = {
    "and",   "or",     "not",   "in",     "is",     "if",     "else",     "for",    "lambda",
    "None",  "True",   "False", "def",    "class",  "return", "import",   "from",   "while",
    "with",  "yield",  "await", "async",  "pass",   "break",  "continue", "del",    "global",
    "raise", "try",    "except", "finally", "assert", "elif",  "as",       "nonlocal"};

bool is_keyword(std::string_view s) { return std::find(kKeywords.begin(), kKeywords.end(), s) != kKeywords.end(); }

Node node_at(NodeKind kind, std::size_t offset) {
  Node n;
  n.kind = kind;
  n.offset = offset;
  return n;
}

std::string describe(const Token& t) {
  if (t.kind == TokenKind::End) return "end of expression";
  return "'" + t.text + "'";
}
}  // namespace

class Parser::DepthGuard {
 public:
  explicit DepthGuard(Parser& p) : p_(p) {
    if (++p_.depth_ > p_.options_.max_depth)
      p_.fail("expression is nested too deeply (more than " + std::to_string(p_.options_.max_depth) + " levels)");
  }
  ~DepthGuard() { --p_.depth_; }
  DepthGuard(const DepthGuard&) = delete;
  DepthGuard& operator=(const DepthGuard&) = delete;

 private:
  Parser& p_;
};

Parser::Parser(std::vector<Token> tokens, ParseOptions options) : tokens_(std::move(tokens)), options_(options) {
  if (tokens_.empty() || tokens_.back().kind != TokenKind::End) tokens_.push_back(Token{});
}

const Token& Parser::peek(std::size_t ahead) const { return tokens_[std::min(pos_ + ahead, tokens_.size() - 1)]; }

Token Parser::take() {
  Token t = peek();
  if (pos_ < tokens_.size() - 1) ++pos_;
  return t;
}

bool Parser::accept_op(std::string_view op) {
  if (!peek().is_op(op)) return false;
  take();
  return true;
}

bool Parser::accept_name(std::string_view name) {
  if (!peek().is_name(name)) return false;
  take();
  return true;
}

void Parser::expect_op(std::string_view op) {
  if (!accept_op(op)) fail("expected '" + std::string(op) + "' but found " + describe(peek()));
}

void Parser::expect_end() {
  if (!at_end()) fail_unexpected();
}

void Parser::fail(const std::string& message) const { throw ExpressionError(message, peek().offset); }

void Parser::fail_unexpected() const {
  if (at_end()) fail("invalid syntax: unexpected end of expression");
  fail("invalid syntax: unexpected " + describe(peek()));
}

Expr Parser::make(Node node) const {
  int depth = 0;
  for (const auto& c : node.children)
    if (c) depth = std::max(depth, c->depth);
  for (const auto& cl : node.clauses) {
    depth = std::max(depth, cl.iterable->depth);
    for (const auto& c : cl.conditions) depth = std::max(depth, c->depth);
  }
  node.depth = depth + 1;
  node.jinja = options_.jinja;
  // Iterative chains (a+b+c+..., x.a.b.c...) also make deep trees; evaluation recurses on them.
  if (node.depth > 2 * options_.max_depth) throw ExpressionError("expression is nested too deeply", node.offset);
  return std::make_shared<const Node>(std::move(node));
}

Expr Parser::expression() { return ternary(); }

Expr Parser::or_expression() { return or_expr(); }

Expr Parser::expression_list() {
  const std::size_t offset = peek().offset;
  Expr first = expression();
  if (!peek().is_op(",")) return first;
  Node n = node_at(NodeKind::Tuple, offset);
  n.children.push_back(std::move(first));
  while (accept_op(",")) {
    if (at_end() || peek().is_op(")") || peek().is_op("]") || peek().is_op("}")) break;
    n.children.push_back(expression());
  }
  return make(std::move(n));
}

std::vector<std::string> Parser::targets() {
  std::vector<std::string> out;
  const bool paren = accept_op("(");
  do {
    const Token& t = peek();
    if (t.kind != TokenKind::Name || is_keyword(t.text)) fail("expected a name but found " + describe(t));
    out.push_back(take().text);
  } while (accept_op(",") && peek().kind == TokenKind::Name && !is_keyword(peek().text));
  if (paren) expect_op(")");
  return out;
}

Expr Parser::ternary() {
  DepthGuard guard(*this);
  const std::size_t offset = peek().offset;
  Expr then = or_expr();
  if (!peek().is_name("if")) return then;
  take();
  Expr condition = or_expr();
  Expr otherwise;
  if (accept_name("else")) {
    otherwise = ternary();
  } else if (!options_.jinja) {
    fail("expected 'else' in conditional expression");
  }
  Node n = node_at(NodeKind::Ternary, offset);
  n.children = {std::move(then), std::move(condition), std::move(otherwise)};
  return make(std::move(n));
}

Expr Parser::or_expr() {
  const std::size_t offset = peek().offset;
  Expr first = and_expr();
  if (!peek().is_name("or")) return first;
  Node n = node_at(NodeKind::Or, offset);
  n.children.push_back(std::move(first));
  while (accept_name("or")) n.children.push_back(and_expr());
  return make(std::move(n));
}

Expr Parser::and_expr() {
  const std::size_t offset = peek().offset;
  Expr first = not_expr();
  if (!peek().is_name("and")) return first;
  Node n = node_at(NodeKind::And, offset);
  n.children.push_back(std::move(first));
  while (accept_name("and")) n.children.push_back(not_expr());
  return make(std::move(n));
}

Expr Parser::not_expr() {
  if (!peek().is_name("not")) return comparison();
  DepthGuard guard(*this);
  const std::size_t offset = take().offset;
  Node n = node_at(NodeKind::Not, offset);
  n.children.push_back(not_expr());
  return make(std::move(n));
}

Expr Parser::comparison() {
  const std::size_t offset = peek().offset;
  Expr first = bit_or();
  Node n = node_at(NodeKind::Compare, offset);
  n.children.push_back(std::move(first));
  while (true) {
    const Token& t = peek();
    CompareOp op{};
    if (t.is_op("==")) op = CompareOp::Eq;
    else if (t.is_op("!=")) op = CompareOp::Ne;
    else if (t.is_op("<")) op = CompareOp::Lt;
    else if (t.is_op("<=")) op = CompareOp::Le;
    else if (t.is_op(">")) op = CompareOp::Gt;
    else if (t.is_op(">=")) op = CompareOp::Ge;
    else if (t.is_name("in")) op = CompareOp::In;
    else if (t.is_name("not") && peek(1).is_name("in")) op = CompareOp::NotIn;
    else if (t.is_name("is") && !options_.jinja) op = peek(1).is_name("not") ? CompareOp::IsNot : CompareOp::Is;
    else break;
    take();
    if (op == CompareOp::NotIn || op == CompareOp::IsNot) take();
    n.compare_ops.push_back(op);
    n.children.push_back(bit_or());
  }
  if (n.compare_ops.empty()) return n.children.front();
  return make(std::move(n));
}

namespace {
Node binary_node(BinaryOp op, std::size_t offset, Expr a, Expr b) {
  Node n = node_at(NodeKind::Binary, offset);
  n.binary_op = op;
  n.children = {std::move(a), std::move(b)};
  return n;
}
}  // namespace

Expr Parser::bit_or() {
  Expr left = bit_xor();
  // In Jinja `|` introduces a filter (handled next to the operand).
  while (!options_.jinja && peek().is_op("|")) {
    const std::size_t offset = take().offset;
    left = make(binary_node(BinaryOp::BitOr, offset, left, bit_xor()));
  }
  return left;
}

Expr Parser::bit_xor() {
  Expr left = bit_and();
  while (peek().is_op("^")) {
    const std::size_t offset = take().offset;
    left = make(binary_node(BinaryOp::BitXor, offset, left, bit_and()));
  }
  return left;
}

Expr Parser::bit_and() {
  Expr left = arith();
  while (peek().is_op("&")) {
    const std::size_t offset = take().offset;
    left = make(binary_node(BinaryOp::BitAnd, offset, left, arith()));
  }
  return left;
}

Expr Parser::arith() {
  Expr left = concat();
  while (peek().is_op("+") || peek().is_op("-")) {
    const Token t = take();
    left = make(binary_node(t.text == "+" ? BinaryOp::Add : BinaryOp::Sub, t.offset, left, concat()));
  }
  return left;
}

Expr Parser::concat() {
  // Jinja's `~` (string concatenation) sits between + and *.
  Expr left = term();
  while (options_.jinja && peek().is_op("~")) {
    const std::size_t offset = take().offset;
    left = make(binary_node(BinaryOp::Concat, offset, left, term()));
  }
  return left;
}

Expr Parser::term() {
  Expr left = options_.jinja ? power() : unary();
  while (true) {
    const Token& t = peek();
    BinaryOp op{};
    if (t.is_op("*")) op = BinaryOp::Mul;
    else if (t.is_op("/")) op = BinaryOp::Div;
    else if (t.is_op("//")) op = BinaryOp::FloorDiv;
    else if (t.is_op("%")) op = BinaryOp::Mod;
    else break;
    const std::size_t offset = take().offset;
    left = make(binary_node(op, offset, left, options_.jinja ? power() : unary()));
  }
  return left;
}

Expr Parser::power() {
  if (options_.jinja) {  // Jinja: left-associative, operands are unary expressions
    Expr left = unary();
    while (peek().is_op("**")) {
      const std::size_t offset = take().offset;
      left = make(binary_node(BinaryOp::Pow, offset, left, unary()));
    }
    return left;
  }
  Expr base = postfix(primary());
  if (!peek().is_op("**")) return base;
  const std::size_t offset = take().offset;
  return make(binary_node(BinaryOp::Pow, offset, base, unary()));  // right-assoc via unary -> power
}

Expr Parser::unary(bool with_filter) {
  const Token& t = peek();
  const bool minus = t.is_op("-");
  const bool plus = t.is_op("+");
  const bool invert = t.is_op("~") && !options_.jinja;
  if (minus || plus || invert) {
    DepthGuard guard(*this);
    const std::size_t offset = take().offset;
    Node n = node_at(NodeKind::Unary, offset);
    n.unary_op = minus ? UnaryOp::Neg : plus ? UnaryOp::Pos : UnaryOp::Invert;
    n.children.push_back(options_.jinja ? unary(false) : unary());
    Expr node = make(std::move(n));
    return options_.jinja && with_filter ? filters(node) : node;
  }
  if (!options_.jinja) return power();
  Expr node = postfix(primary());
  return with_filter ? filters(node) : node;
}

Expr Parser::postfix(Expr node) {
  while (true) {
    if (peek().is_op(".")) {
      const std::size_t offset = take().offset;
      const Token& name = peek();
      if (name.kind != TokenKind::Name && !(options_.jinja && name.kind == TokenKind::Int))
        fail("expected an attribute name after '.' but found " + describe(name));
      Node n = node_at(NodeKind::Attribute, offset); n.name = take().text;
      n.children.push_back(std::move(node));
      node = make(std::move(n));
    } else if (peek().is_op("[")) {
      node = subscript(std::move(node));
    } else if (peek().is_op("(")) {
      node = call(std::move(node));
    } else {
      return node;
    }
  }
}

Expr Parser::filters(Expr node) {
  while (true) {
    if (peek().is_op("|")) {
      const std::size_t offset = take().offset;
      if (peek().kind != TokenKind::Name) fail("expected a filter name after '|' but found " + describe(peek()));
      Node n = node_at(NodeKind::Filter, offset); n.name = take().text;
      while (peek().is_op(".") && peek(1).kind == TokenKind::Name) {
        take();
        // Two appends, not `"." + take().text`: GCC 12 reports a false -Wrestrict (GCC bug
        // 105329) for operator+(const char*, string&&) once it is inlined here at -O3.
        n.name += '.';
        n.name += take().text;
      }
      n.children.push_back(std::move(node));
      if (accept_op("(")) call_arguments(n, ")");
      node = make(std::move(n));
    } else if (peek().is_name("is")) {
      const std::size_t offset = take().offset;
      Node n = node_at(NodeKind::Test, offset);
      n.negated = accept_name("not");
      if (peek().kind != TokenKind::Name) fail("expected a test name after 'is' but found " + describe(peek()));
      n.name = take().text;
      n.children.push_back(std::move(node));
      if (accept_op("(")) {
        call_arguments(n, ")");
      } else {
        // `x is divisibleby 3`: one argument without parentheses.
        const Token& a = peek();
        const bool starts_arg = (a.kind == TokenKind::Name && !is_keyword(a.text) && a.text != "else" && a.text != "or" &&
                                 a.text != "and") ||
                                a.kind == TokenKind::Int || a.kind == TokenKind::Float || a.kind == TokenKind::String ||
                                a.is_op("[") || a.is_op("{") || a.is_op("-");
        if (starts_arg) n.children.push_back(unary(false));
      }
      node = make(std::move(n));
    } else if (peek().is_op("(")) {
      node = call(std::move(node));
    } else {
      return node;
    }
  }
}

Expr Parser::primary() {
  const Token& t = peek();
  switch (t.kind) {
    case TokenKind::Int:
    case TokenKind::Float: {
      Node n = node_at(NodeKind::Literal, t.offset); n.literal = t.value;
      take();
      return make(std::move(n));
    }
    case TokenKind::String: {
      Node n = node_at(NodeKind::Literal, t.offset);
      std::string s;
      while (peek().kind == TokenKind::String) {  // adjacent literals concatenate
        s += take().value.as_string();
        if (s.size() > options_.max_length) fail("string literal too long");
      }
      n.literal = std::move(s);
      return make(std::move(n));
    }
    case TokenKind::Name: {
      Node n = node_at(NodeKind::Literal, t.offset);
      if (t.text == "True" || (options_.jinja && t.text == "true")) n.literal = true;
      else if (t.text == "False" || (options_.jinja && t.text == "false")) n.literal = false;
      else if (t.text == "None" || (options_.jinja && t.text == "none")) n.literal = Value();
      else if (is_keyword(t.text)) fail_unexpected();
      else {
        n.kind = NodeKind::Name;
        n.name = t.text;
      }
      take();
      return make(std::move(n));
    }
    case TokenKind::Op:
      if (t.is_op("(")) return paren();
      if (t.is_op("[")) return bracket();
      if (t.is_op("{")) return brace();
      fail_unexpected();
    case TokenKind::End: fail_unexpected();
  }
  fail_unexpected();
}

Expr Parser::paren() {
  DepthGuard guard(*this);
  const std::size_t offset = take().offset;
  if (accept_op(")")) return make(node_at(NodeKind::Tuple, offset));
  Expr first = expression();
  if (peek().is_name("for")) {
    Expr gen = comprehension_tail(std::move(first), offset);
    expect_op(")");
    return gen;
  }
  if (accept_op(")")) return first;
  Node n = node_at(NodeKind::Tuple, offset);
  n.children.push_back(std::move(first));
  while (accept_op(",")) {
    if (peek().is_op(")")) break;
    n.children.push_back(expression());
  }
  expect_op(")");
  return make(std::move(n));
}

Expr Parser::bracket() {
  DepthGuard guard(*this);
  const std::size_t offset = take().offset;
  Node n = node_at(NodeKind::List, offset);
  if (accept_op("]")) return make(std::move(n));
  Expr first = expression();
  if (peek().is_name("for")) {
    Expr comp = comprehension_tail(std::move(first), offset);
    expect_op("]");
    return comp;
  }
  n.children.push_back(std::move(first));
  while (accept_op(",")) {
    if (peek().is_op("]")) break;
    n.children.push_back(expression());
  }
  expect_op("]");
  return make(std::move(n));
}

Expr Parser::brace() {
  DepthGuard guard(*this);
  const std::size_t offset = take().offset;
  if (accept_op("}")) return make(node_at(NodeKind::Dict, offset));
  Expr first = expression();
  if (accept_op(":")) {
    Node n = node_at(NodeKind::Dict, offset);
    n.children.push_back(std::move(first));
    n.children.push_back(expression());
    if (peek().is_name("for")) fail("dict comprehensions are not supported");
    while (accept_op(",")) {
      if (peek().is_op("}")) break;
      n.children.push_back(expression());
      expect_op(":");
      n.children.push_back(expression());
    }
    expect_op("}");
    return make(std::move(n));
  }
  if (peek().is_name("for")) fail("set comprehensions are not supported");
  Node n = node_at(NodeKind::Set, offset);
  n.children.push_back(std::move(first));
  while (accept_op(",")) {
    if (peek().is_op("}")) break;
    n.children.push_back(expression());
  }
  expect_op("}");
  return make(std::move(n));
}

Expr Parser::comprehension_tail(Expr element, std::size_t offset) {
  Node n = node_at(NodeKind::Comprehension, offset);
  n.children.push_back(std::move(element));
  while (accept_name("for")) {
    ComprehensionClause clause;
    clause.targets = targets();
    if (!accept_name("in")) fail("expected 'in' but found " + describe(peek()));
    clause.iterable = or_expr();
    while (accept_name("if")) clause.conditions.push_back(or_expr());
    n.clauses.push_back(std::move(clause));
  }
  return make(std::move(n));
}

void Parser::call_arguments(Node& n, const char* closing) {
  DepthGuard guard(*this);
  bool first = true;
  while (!accept_op(closing)) {
    if (!first) {
      expect_op(",");
      if (accept_op(closing)) break;
    }
    if (peek().is_op("*") || peek().is_op("**")) fail("argument unpacking (*args, **kwargs) is not supported");
    if (peek().kind == TokenKind::Name && peek(1).is_op("=")) {
      n.keywords.push_back(take().text);
      take();
      n.children.push_back(expression());
    } else {
      if (!n.keywords.empty()) fail("positional argument follows keyword argument");
      const std::size_t offset = peek().offset;
      Expr arg = expression();
      if (peek().is_name("for")) {  // generator as the sole argument
        if (!first) fail("generator expression must be the only argument");
        n.children.push_back(comprehension_tail(std::move(arg), offset));
        expect_op(closing);
        return;
      }
      n.children.push_back(std::move(arg));
    }
    first = false;
  }
}

Expr Parser::call(Expr callee) {
  const std::size_t offset = take().offset;
  Node n = node_at(NodeKind::Call, offset);
  n.children.push_back(std::move(callee));
  call_arguments(n, ")");
  return make(std::move(n));
}

Expr Parser::subscript(Expr object) {
  DepthGuard guard(*this);
  const std::size_t offset = take().offset;
  Expr start;
  if (!peek().is_op(":")) start = expression_list();
  if (!accept_op(":")) {
    expect_op("]");
    Node n = node_at(NodeKind::Subscript, offset);
    n.children = {std::move(object), std::move(start)};
    return make(std::move(n));
  }
  Expr stop;
  Expr step;
  if (!peek().is_op("]") && !peek().is_op(":")) stop = expression();
  if (accept_op(":") && !peek().is_op("]")) step = expression();
  expect_op("]");
  Node n = node_at(NodeKind::Slice, offset);
  n.children = {std::move(object), std::move(start), std::move(stop), std::move(step)};
  return make(std::move(n));
}

Expr parse_expression(std::string_view text, const ParseOptions& options) {
  if (text.size() > options.max_length)
    throw ExpressionError("expression is too long (" + std::to_string(text.size()) + " characters)", 0);
  Parser parser(tokenize(text), options);
  if (parser.at_end()) parser.fail("empty expression");
  Expr e = parser.expression_list();
  parser.expect_end();
  return e;
}

}  // namespace af::text::expr
