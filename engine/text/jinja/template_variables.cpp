#include "text/jinja/template_variables.h"

#include <algorithm>
#include <set>

#include "text/expr/lexer.h"
#include "text/jinja/template.h"

using af::text::expr::NodeKind;

namespace af::text::jinja {

namespace {

// Names the renderer defines itself (renderer.cpp install_globals) or that Jinja provides.
bool is_global(const std::string& name) {
  static const std::set<std::string> globals = {
      "range",      "dict",  "include",  "include_all", "include_text", "add_to_path", "find_path",
      "find_paths", "path_exists", "cwd", "namespace",  "lipsum",       "cycler",      "joiner"};
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
    if (std::any_of(found_.begin(), found_.end(), [&](const auto& v) { return v.name == name; })) return;
    TemplateVariable v;
    v.name = name;
    v.files = {file_};
    std::tie(v.line, v.column) = template_.line_column(offset);
    found_.push_back(std::move(v));
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
        for (const auto& child : e->children) expr(child, scopes);
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
        scopes.back().insert(n.targets.begin(), n.targets.end());
        return;
      case TemplateNode::Kind::SetBlock:
        body(n.body, scopes);
        scopes.back().insert(n.targets.begin(), n.targets.end());
        return;
      case TemplateNode::Kind::If:
        for (const auto& [cond, branch] : n.branches) {
          expr(cond, scopes);
          body(branch, scopes);  // Jinja: a set inside an if stays visible afterwards
        }
        body(n.else_body, scopes);
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

  const Template& template_;
  const std::string& file_;
  std::vector<TemplateVariable> found_;
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

std::vector<TemplateVariable> merge_template_variables(const std::vector<std::vector<TemplateVariable>>& per_file) {
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
    }
  return out;
}

}  // namespace af::text::jinja
