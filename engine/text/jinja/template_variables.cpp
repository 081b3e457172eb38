#include "text/jinja/template_variables.h"

#include <algorithm>
#include <map>
#include <optional>
#include <set>
#include <utility>

#include "text/expr/lexer.h"
#include "text/expr/operators.h"
#include "text/jinja/template.h"

using af::text::expr::NodeKind;

namespace af::text::jinja {

namespace {

// Names the renderer defines itself (renderer.cpp install_globals) or that Jinja provides.
bool is_global(const std::string& name) {
  static const std::set<std::string> globals = {
      "range",      "dict",        "include", "include_all", "include_text", "add_to_path", "find_path",
      "find_paths", "path_exists", "cwd",     "namespace",   "lipsum",       "cycler",      "joiner"};
  return globals.contains(name);
}

// The text of the expression that starts at `offset`, up to the ',' or ')' that closes the
// call it is an argument of (strings and nested brackets respected by the lexer).
std::string argument_text(const std::string& source, std::size_t offset) {
  text::expr::Lexer lexer(source, offset);
  int depth = 0;
  std::size_t end = offset;
  try {
    while (true) {
      lexer.skip_whitespace();
      if (lexer.position() >= source.size()) break;
      const text::expr::Token t = lexer.next();
      if (t.kind == text::expr::TokenKind::End) break;
      if (t.is_op("(") || t.is_op("[") || t.is_op("{")) ++depth;
      if (t.is_op(")") || t.is_op("]") || t.is_op("}")) {
        if (depth == 0) break;
        --depth;
      }
      if (t.is_op(",") && depth == 0) break;
      end = t.end;
    }
  } catch (const std::exception&) {
    // A token the lexer rejects cannot be inside a template that parsed; keep what we have.
  }
  return source.substr(offset, end - offset);
}

// Where an expression's text starts: operators sit at their own token, so the leftmost
// offset of the subtree is the start (`2 ** 10` starts at `2`, not at `**`).
std::size_t leftmost(const text::expr::Expr& e) {
  std::size_t at = e->offset;
  for (const auto& child : e->children)
    if (child) at = std::min(at, leftmost(child));
  return at;
}

// An expression as text, for the few shapes a condition takes (names, literals, not/and/or,
// comparisons, attributes, arithmetic); nullopt for anything else. `alias` spells a name set
// from another (`{% set _DECODE = DECODE %}`) as that one.
std::optional<std::string> spelled(const text::expr::Expr& e,
                                   const std::map<std::string, std::string>& alias) {
  if (!e) return std::nullopt;
  const auto all = [&](const char* separator) -> std::optional<std::string> {
    std::string out;
    for (std::size_t i = 0; i < e->children.size(); ++i) {
      const auto part = spelled(e->children[i], alias);
      if (!part) return std::nullopt;
      out += (i == 0 ? "" : separator) + *part;
    }
    return out;
  };
  switch (e->kind) {
    case NodeKind::Name: {
      const auto it = alias.find(e->name);
      return it == alias.end() ? e->name : it->second;
    }
    case NodeKind::Literal:
      return e->literal.repr();
    case NodeKind::Not: {
      const auto operand = spelled(e->children.empty() ? nullptr : e->children[0], alias);
      return operand ? std::optional<std::string>("not " + *operand) : std::nullopt;
    }
    case NodeKind::And:
      return all(" and ");
    case NodeKind::Or:
      return all(" or ");
    case NodeKind::Attribute: {
      const auto object = spelled(e->children.empty() ? nullptr : e->children[0], alias);
      return object ? std::optional<std::string>(*object + "." + e->name) : std::nullopt;
    }
    case NodeKind::Binary: {
      if (e->children.size() != 2) return std::nullopt;
      const auto a = spelled(e->children[0], alias), b = spelled(e->children[1], alias);
      return a && b ? std::optional<std::string>(*a + " " + text::expr::symbol(e->binary_op) + " " + *b)
                    : std::nullopt;
    }
    case NodeKind::Compare: {
      if (e->children.size() != e->compare_ops.size() + 1) return std::nullopt;
      auto out = spelled(e->children[0], alias);
      for (std::size_t i = 0; out && i < e->compare_ops.size(); ++i) {
        const auto next = spelled(e->children[i + 1], alias);
        out =
            next
                ? std::optional<std::string>(*out + " " + text::expr::symbol(e->compare_ops[i]) + " " + *next)
                : std::nullopt;
      }
      return out;
    }
    default:
      return std::nullopt;
  }
}

// The trimmed source line holding `offset`.
std::string line_at(const std::string& source, std::size_t offset) {
  const std::size_t start = source.rfind('\n', offset == 0 ? 0 : offset - 1);
  const std::size_t from = start == std::string::npos ? 0 : start + 1;
  const std::size_t end = source.find('\n', offset);
  std::string line = source.substr(from, (end == std::string::npos ? source.size() : end) - from);
  const auto first = line.find_first_not_of(" \t");
  const auto last = line.find_last_not_of(" \t");
  return first == std::string::npos ? std::string() : line.substr(first, last - first + 1);
}

class Scanner {
 public:
  Scanner(const Template& t, const std::string& file) : template_(t), file_(file) {}

  std::vector<TemplateVariable> run() {
    std::vector<std::set<std::string>> scopes(1);
    body(template_.body, scopes);
    top_level_ = std::move(scopes.front());
    return std::move(found_);
  }
  [[nodiscard]] const std::set<std::string>& top_level_names() const { return top_level_; }

 private:
  using Scopes = std::vector<std::set<std::string>>;

  static bool bound(const Scopes& scopes, const std::string& name) {
    return std::any_of(scopes.begin(), scopes.end(), [&](const auto& s) { return s.contains(name); });
  }

  void read(const std::string& name, std::size_t offset, const Scopes& scopes) {
    if (bound(scopes, name) || is_global(name)) return;
    auto it = std::find_if(found_.begin(), found_.end(), [&](const auto& v) { return v.name == name; });
    if (it == found_.end()) {
      TemplateVariable v;
      v.name = name;
      v.files = {file_};
      std::tie(v.line, v.column) = template_.line_column(offset);
      v.use = line_at(template_.source, offset);
      found_.push_back(std::move(v));
      always_.push_back(false);
      it = std::prev(found_.end());
    }
    char& always = always_[static_cast<std::size_t>(it - found_.begin())];
    it->numeric = it->numeric || in_arithmetic_ > 0;
    if (always) return;
    // A read under no condition, or under one too complex to spell, makes it always needed.
    if (guards_.empty() || unspelled_ > 0) {
      always = true;
      it->needed_when.clear();
      return;
    }
    std::string when;
    for (const auto& g : guards_) when += (when.empty() ? "" : " and ") + g;
    if (std::find(it->needed_when.begin(), it->needed_when.end(), when) == it->needed_when.end())
      it->needed_when.push_back(std::move(when));
  }

  // Runs `f` with `condition` (or its negation) holding: a read inside is needed only then.
  template <class F>
  void guarded(const text::expr::Expr& condition, bool negate, F&& f) {
    const auto text = spelled(condition, alias_);
    if (text)
      guards_.push_back(
          negate ? (text->find(' ') == std::string::npos ? "not " + *text : "not (" + *text + ")") : *text);
    else
      ++unspelled_;
    f();
    if (text)
      guards_.pop_back();
    else
      --unspelled_;
  }

  void note_default(const std::string& name, std::size_t arg_offset, const Scopes& scopes) {
    if (bound(scopes, name)) return;
    for (auto& v : found_)
      if (v.name == name && !v.default_text) v.default_text = argument_text(template_.source, arg_offset);
  }

  void expr(const text::expr::Expr& e, Scopes& scopes) {
    if (!e) return;
    switch (e->kind) {
      case NodeKind::Name:
        read(e->name, e->offset, scopes);
        return;
      case NodeKind::Ternary: {
        // `then if condition else otherwise`: each side is read only when the condition says.
        const auto& c = e->children;
        if (c.size() > 1) expr(c[1], scopes);
        if (!c.empty()) guarded(c.size() > 1 ? c[1] : nullptr, false, [&] { expr(c[0], scopes); });
        if (c.size() > 2) guarded(c[1], true, [&] { expr(c[2], scopes); });
        return;
      }
      case NodeKind::Binary:
      case NodeKind::Compare:
      case NodeKind::Unary:
        ++in_arithmetic_;
        for (const auto& child : e->children) expr(child, scopes);
        --in_arithmetic_;
        return;
      case NodeKind::Comprehension: {
        // Clauses bind left to right; the element sees every target.
        scopes.emplace_back();
        for (const auto& c : e->clauses) {
          expr(c.iterable, scopes);
          scopes.back().insert(c.targets.begin(), c.targets.end());
          for (const auto& cond : c.conditions) expr(cond, scopes);
        }
        for (const auto& child : e->children) expr(child, scopes);
        scopes.pop_back();
        return;
      }
      case NodeKind::Filter:
      case NodeKind::Call:
        // A filter's or a function's argument is not arithmetic because the call is.
        {
          const int arithmetic = std::exchange(in_arithmetic_, 0);
          for (const auto& child : e->children) expr(child, scopes);
          in_arithmetic_ = arithmetic;
        }
        if (e->kind == NodeKind::Call) return;
        if (e->name == "default" && e->children.size() >= 2 && e->children[0] &&
            e->children[0]->kind == NodeKind::Name && e->children[1])
          note_default(e->children[0]->name, leftmost(e->children[1]), scopes);
        return;
      default:
        for (const auto& child : e->children) expr(child, scopes);
        return;
    }
  }

  void body(const TemplateBody& nodes, Scopes& scopes) {
    for (const auto& n : nodes) node(n, scopes);
  }

  void node(const TemplateNode& n, Scopes& scopes) {
    switch (n.kind) {
      case TemplateNode::Kind::Text:
        return;
      case TemplateNode::Kind::Output:
      case TemplateNode::Kind::Assert:
        expr(n.expr, scopes);
        expr(n.extra, scopes);
        return;
      case TemplateNode::Kind::Set:
        expr(n.expr, scopes);  // `{% set X = X | default(1) %}` reads X before binding it
        // `{% set _DECODE = DECODE %}`: conditions on _DECODE are spelled as DECODE.
        if (n.targets.size() == 1 && n.expr && n.expr->kind == NodeKind::Name && !bound(scopes, n.expr->name))
          alias_[n.targets.front()] = n.expr->name;
        else if (n.targets.size() == 1)
          alias_.erase(n.targets.front());
        scopes.back().insert(n.targets.begin(), n.targets.end());
        return;
      case TemplateNode::Kind::SetBlock:
        body(n.body, scopes);
        scopes.back().insert(n.targets.begin(), n.targets.end());
        return;
      case TemplateNode::Kind::If:
        // Each branch runs when its condition holds and the ones before it did not; reads
        // inside are needed only then (Jinja: a set inside an if stays visible afterwards).
        branches(n, 0, scopes);
        return;
      case TemplateNode::Kind::For: {
        expr(n.expr, scopes);
        scopes.emplace_back(n.targets.begin(), n.targets.end());
        scopes.back().insert("loop");
        expr(n.extra, scopes);
        body(n.body, scopes);
        scopes.pop_back();
        body(n.else_body, scopes);
        return;
      }
    }
  }

  void branches(const TemplateNode& n, std::size_t i, Scopes& scopes) {
    if (i == n.branches.size()) {
      body(n.else_body, scopes);
      return;
    }
    // Named members, not a structured binding: clang 14 cannot capture bindings in lambdas.
    const auto& cond = n.branches[i].first;
    const auto& branch = n.branches[i].second;
    expr(cond, scopes);
    guarded(cond, false, [&] { body(branch, scopes); });
    guarded(cond, true, [&] { branches(n, i + 1, scopes); });
  }

  const Template& template_;
  const std::string& file_;
  std::vector<TemplateVariable> found_;
  std::vector<char>
      always_;  // per found_: some read is unconditional (not vector<bool>: a reference is taken)
  std::vector<std::string> guards_;  // the conditions that hold where the scan is
  int unspelled_ = 0;                // conditions too complex to spell, around the scan
  int in_arithmetic_ = 0;
  std::map<std::string, std::string> alias_;
  std::set<std::string> top_level_;
};

}  // namespace

std::vector<TemplateVariable> template_variables(std::string_view text, const std::string& file) {
  return scan_template(text, file).variables;
}

TemplateScan scan_template(std::string_view text, const std::string& file) {
  const Template t = parse_template(normalize_template_source(text));
  Scanner scanner(t, file);
  TemplateScan out;
  out.variables = scanner.run();
  out.set_names.assign(scanner.top_level_names().begin(), scanner.top_level_names().end());
  return out;
}

std::vector<TemplateVariable> merge_template_variables(
    const std::vector<std::vector<TemplateVariable>>& per_file) {
  std::vector<TemplateVariable> out;
  for (const auto& file : per_file)
    for (const auto& v : file) {
      const auto it = std::find_if(out.begin(), out.end(), [&](const auto& o) { return o.name == v.name; });
      if (it == out.end()) {
        out.push_back(v);
        continue;
      }
      for (const auto& f : v.files)
        if (std::find(it->files.begin(), it->files.end(), f) == it->files.end()) it->files.push_back(f);
      if (!it->default_text && v.default_text) it->default_text = v.default_text;
      // Needed always if either file needs it always; else under either file's conditions.
      if (it->needed_when.empty() || v.needed_when.empty()) {
        it->needed_when.clear();
      } else {
        for (const auto& w : v.needed_when)
          if (std::find(it->needed_when.begin(), it->needed_when.end(), w) == it->needed_when.end())
            it->needed_when.push_back(w);
      }
      it->numeric = it->numeric || v.numeric;
    }
  return out;
}

}  // namespace af::text::jinja
