#include "text/jinja/renderer.h"

#include <algorithm>
#include <filesystem>

#include "text/expr/builtins.h"
#include "text/expr/environment.h"
#include "text/expr/evaluator.h"
#include "text/expr/expression_error.h"
#include "text/expr/operators.h"
#include "text/jinja/include_paths.h"
#include "text/jinja/template.h"

using af::core::Diagnostic;
using af::core::SpecError;
using af::text::expr::CallArgs;
using af::text::expr::Dict;
using af::text::expr::Environment;
using af::text::expr::EvalBudget;
using af::text::expr::ExpressionError;
using af::text::expr::Value;

namespace af::text::jinja {

namespace {

namespace fs = std::filesystem;

// `<file stem>_<counter>` with non-word characters removed (gpt3_6.7B.yaml -> gpt3_67B_0).
std::string include_name(const std::string& file, int counter) {
  std::string base = fs::path(file).filename().string();
  if (const auto dot = base.rfind('.'); dot != std::string::npos) base.erase(dot);
  std::string raw = base + "_" + std::to_string(counter);
  std::string out;
  for (char c : raw)
    if (std::isalnum(static_cast<unsigned char>(c)) || c == '_' || static_cast<unsigned char>(c) >= 0x80)
      out += c;
  return out;
}

std::string string_arg(const Value& v, const char* function) {
  if (!v.is_string())
    throw ExpressionError(std::string(function) + "() expects a path string, got " + v.type_name());
  return v.as_string();
}

class Renderer {
 public:
  Renderer(const Template& t, std::string file_path, const Value& data, TemplateHost& host,
           const RenderOptions& options, EvalBudget& budget)
      : template_(t),
        file_(std::move(file_path)),
        real_file_(host.real_path(file_)),
        host_(host),
        options_(options),
        include_dirs_(options.include_dirs),
        budget_(budget),
        data_env_(&globals_),
        top_(&data_env_) {
    if (data.is_dict()) {
      data_ = data.as_dict();
      for (const auto& [k, v] : data_.entries()) data_env_.set(k, v);
    } else if (!data.is_none()) {
      throw SpecError(Diagnostic{{file_, 0, 0}, "", "template data must be a dict, not " + data.type_name()});
    }
    install_globals();
  }
  Renderer(const Renderer&) = delete;
  Renderer& operator=(const Renderer&) = delete;

  std::string run() {
    try {
      render(template_.body, top_);
    } catch (const ExpressionError& e) {
      throw SpecError(Diagnostic{location(e.offset().value_or(current_offset_)), "", e.message()});
    } catch (const SpecError& e) {
      // An error in an included file: say where it was included from.
      auto diagnostics = e.diagnostics();
      diagnostics.push_back(Diagnostic{location(current_offset_), "", "in the file included from here"});
      throw SpecError(std::move(diagnostics));
    }
    return std::move(out_);
  }

  [[nodiscard]] std::vector<int> take_line_map() { return std::move(line_map_); }

 private:
  core::SourceLocation location(std::size_t offset) const {
    const auto [line, column] = template_.line_column(offset);
    return core::SourceLocation{file_, line, column};
  }

  Value eval(const text::expr::Expr& e, const Environment& scope) {
    return text::expr::evaluate(e, scope, text::expr::EvalContext{.builtins = nullptr, .budget = &budget_});
  }

  // `source` is where `s` comes from: Text nodes map character by character, anything an
  // expression printed maps to the expression's own line.
  void emit(std::string_view s, std::size_t source, bool verbatim) {
    for (std::size_t i = 0; i < s.size(); ++i) {
      if (line_map_.empty()) line_map_.push_back(template_.line_column(source + (verbatim ? i : 0)).first);
      if (s[i] == '\n') line_map_.push_back(template_.line_column(source + (verbatim ? i + 1 : 0)).first);
    }
    out_ += s;
    budget_.charge(s.size() / 64);
    if (out_.size() > options_.max_output)
      throw ExpressionError("rendered text is too large (more than " + std::to_string(options_.max_output) +
                            " bytes)");
  }

  void bind(Environment& scope, const std::vector<std::string>& targets, const Value& v) {
    if (targets.size() == 1) {
      scope.set(targets[0], v);
      return;
    }
    const auto parts = text::expr::iterate(v);
    if (parts.size() != targets.size())
      throw ExpressionError("cannot unpack " + std::to_string(parts.size()) + " values into " +
                            std::to_string(targets.size()) + " names");
    for (std::size_t i = 0; i < parts.size(); ++i) scope.set(targets[i], parts[i]);
  }

  void render(const TemplateBody& body, Environment& scope) {
    for (const auto& n : body) {
      current_offset_ = n.offset;
      budget_.charge(1);
      switch (n.kind) {
        case TemplateNode::Kind::Text:
          emit(n.text, n.offset, true);
          break;
        case TemplateNode::Kind::Output:
          emit(eval(n.expr, scope).str(), n.offset, false);
          break;
        case TemplateNode::Kind::Set:
          bind(scope, n.targets, eval(n.expr, scope));
          break;
        case TemplateNode::Kind::SetBlock: {
          std::string saved;
          std::swap(saved, out_);
          const std::size_t mapped = line_map_.size();
          render(n.body, scope);
          std::swap(saved, out_);
          line_map_.resize(mapped);  // captured text is not output
          bind(scope, n.targets, Value(std::move(saved)));
          break;
        }
        case TemplateNode::Kind::If: {
          bool done = false;
          for (const auto& [cond, branch] : n.branches) {
            if (eval(cond, scope).truthy()) {
              render(branch, scope);  // `if` opens no scope in Jinja
              done = true;
              break;
            }
          }
          if (!done) render(n.else_body, scope);
          break;
        }
        case TemplateNode::Kind::For:
          render_for(n, scope);
          break;
        case TemplateNode::Kind::Assert: {
          if (eval(n.expr, scope).truthy()) break;
          std::string message;
          if (n.extra) {
            const Value m = eval(n.extra, scope);
            if (m.truthy()) message = m.str();
          }
          if (message.empty())
            message = "assertion failed on line " + std::to_string(template_.line_column(n.offset).first);
          throw ExpressionError(message, n.offset);
        }
      }
    }
  }

  void render_for(const TemplateNode& n, Environment& scope) {
    std::vector<Value> items = text::expr::iterate(eval(n.expr, scope));
    if (n.extra) {  // `for x in xs if cond`: filtered before the loop (loop.length counts kept items)
      std::vector<Value> kept;
      for (const auto& item : items) {
        Environment probe(&scope);
        bind(probe, n.targets, item);
        if (eval(n.extra, probe).truthy()) kept.push_back(item);
      }
      items = std::move(kept);
    }
    if (items.empty()) {
      render(n.else_body, scope);
      return;
    }
    const auto length = static_cast<text::expr::Int>(items.size());
    for (text::expr::Int i = 0; i < length; ++i) {
      budget_.charge(16);             // a scope and the `loop` dict per iteration: not free
      Environment iteration(&scope);  // fresh each time: a `set` inside does not survive the iteration
      bind(iteration, n.targets, items[static_cast<std::size_t>(i)]);
      Dict loop;
      loop.set("index", i + 1);
      loop.set("index0", i);
      loop.set("revindex", length - i);
      loop.set("revindex0", length - i - 1);
      loop.set("first", i == 0);
      loop.set("last", i == length - 1);
      loop.set("length", length);
      iteration.set("loop", Value(std::move(loop)));
      render(n.body, iteration);
    }
  }

  // ---- AccelForge globals ------------------------------------------------------------------

  // Parent data + non-callable context variables not starting with '_' + keyword arguments.
  Value child_data(bool inherit, const std::vector<std::pair<std::string, Value>>& kwargs) const {
    Dict child = data_;
    if (inherit) {
      for (const Environment* e : {&data_env_, &top_})
        for (const auto& [k, v] : e->locals())
          if (!v.is_function() && !k.starts_with('_')) child.set(k, v);
    }
    for (const auto& [k, v] : kwargs) child.set(k, v);
    return Value(std::move(child));
  }

  RenderOptions child_options() const {
    RenderOptions o = options_;
    o.include_dirs = include_dirs_;
    o.include_chain.push_back(real_file_);
    o.depth = options_.depth + 1;
    o.budget = &budget_;
    return o;
  }

  void check_nesting(const std::vector<std::string>& paths) const {
    if (options_.depth + 1 > options_.max_depth)
      throw ExpressionError("includes are nested more than " + std::to_string(options_.max_depth) +
                            " levels deep");
    for (const auto& p : paths) {
      std::vector<std::string> chain = options_.include_chain;
      chain.push_back(real_file_);
      if (std::find(chain.begin(), chain.end(), p) == chain.end()) continue;
      std::string cycle;
      for (const auto& c : chain) cycle += c + " -> ";
      throw ExpressionError("include cycle: " + cycle + p);
    }
  }

  // Splits (p, <named positional parameters>..., **kwargs) as Python binds them.
  struct Bound {
    std::vector<Value> params;
    std::vector<std::pair<std::string, Value>> kwargs;
  };
  static Bound bind_call(const CallArgs& a, const char* function, const std::vector<std::string>& names,
                         const std::vector<Value>& defaults) {
    Bound b;
    b.params = defaults;
    if (a.positional.size() > names.size())
      throw ExpressionError(std::string(function) + "() takes at most " + std::to_string(names.size()) +
                            " positional arguments");
    std::vector<bool> given(names.size(), false);
    for (std::size_t i = 0; i < a.positional.size(); ++i) {
      b.params[i] = a.positional[i];
      given[i] = true;
    }
    for (const auto& [k, v] : a.keyword) {
      const auto it = std::find(names.begin(), names.end(), k);
      if (it == names.end()) {
        b.kwargs.emplace_back(k, v);
        continue;
      }
      const auto i = static_cast<std::size_t>(it - names.begin());
      if (given[i])
        throw ExpressionError(std::string(function) + "() got multiple values for argument '" + k + "'");
      b.params[i] = v;
      given[i] = true;
    }
    if (!given[0])
      throw ExpressionError(std::string(function) + "() missing required argument: '" + names[0] + "'");
    return b;
  }

  Value include(const CallArgs& a, bool all) {
    const char* fname = all ? "include_all" : "include";
    const Bound b =
        bind_call(a, fname, {"p", "indices", "inherit_parse_data"}, {Value(), Value(""), Value(true)});
    const std::string pattern = string_arg(b.params[0], fname);
    std::string indices = b.params[1].str();
    indices.erase(0, indices.find_first_not_of('.'));
    IncludeRequest req;
    req.paths = find_paths(host_, pattern, real_file_, include_dirs_);
    if (!all && req.paths.size() > 1) {
      std::string list;
      for (const auto& p : req.paths) list += "\n  " + p;
      throw ExpressionError("more than one file found for " + pattern + ":" + list +
                            "\nTo include multiple files, use include_all().");
    }
    check_nesting(req.paths);
    req.all = all;
    req.name = include_name(real_file_, include_counter_);
    req.indices = indices;
    req.child_data = child_data(b.params[2].truthy(), b.kwargs);
    req.child_options = child_options();
    req.where = location(current_offset_);
    try {
      host_.include(req);
    } catch (const ExpressionError& e) {  // a host's offsets are not ours
      throw SpecError(Diagnostic{{}, "", e.message()});
    }
    ++include_counter_;
    return "!include_loaded " + req.name + (indices.empty() ? "" : "." + indices);
  }

  Value include_text(const CallArgs& a) {
    const Bound b = bind_call(a, "include_text", {"p", "inherit_parse_data"}, {Value(), Value(true)});
    const auto paths = find_paths(host_, string_arg(b.params[0], "include_text"), real_file_, include_dirs_);
    check_nesting(paths);
    const Value data = child_data(b.params[1].truthy(), b.kwargs);
    std::string out;
    for (const auto& p : paths) {
      if (!out.empty() || &p != &paths.front()) out += '\n';
      out += render_file(p, data, &host_, child_options());
      if (out.size() > options_.max_output) throw ExpressionError("included text is too large");
    }
    return out;
  }

  void install_globals() {
    const auto fn = [this](const char* name, text::expr::NativeFunction f) {
      globals_.set(name, Value::function(name, std::move(f)));
    };
    fn("range", text::expr::python_range);
    fn("dict", [](const CallArgs& a) -> Value {
      if (!a.positional.empty()) throw ExpressionError("dict() takes keyword arguments only here");
      Dict d;
      for (const auto& [k, v] : a.keyword) d.set(k, v);
      return Value(std::move(d));
    });
    fn("include", [this](const CallArgs& a) { return include(a, false); });
    fn("include_all", [this](const CallArgs& a) { return include(a, true); });
    fn("include_text", [this](const CallArgs& a) { return include_text(a); });
    fn("add_to_path", [this](const CallArgs& a) -> Value {
      if (a.positional.size() != 1 || !a.keyword.empty())
        throw ExpressionError("add_to_path() takes one path");
      const auto found =
          find_paths(host_, string_arg(a.positional[0], "add_to_path"), real_file_, include_dirs_);
      include_dirs_.insert(include_dirs_.end(), found.begin(), found.end());
      return std::string();
    });
    fn("find_path", [this](const CallArgs& a) -> Value {
      if (a.positional.size() != 1 || !a.keyword.empty()) throw ExpressionError("find_path() takes one path");
      return find_path(host_, string_arg(a.positional[0], "find_path"), real_file_, include_dirs_);
    });
    fn("find_paths", [this](const CallArgs& a) -> Value {
      if (a.positional.size() != 1 || !a.keyword.empty())
        throw ExpressionError("find_paths() takes one path");
      std::vector<Value> out;
      for (auto& p : find_paths(host_, string_arg(a.positional[0], "find_paths"), real_file_, include_dirs_))
        out.emplace_back(std::move(p));
      return Value::list(std::move(out));
    });
    fn("path_exists", [this](const CallArgs& a) -> Value {
      if (a.positional.size() != 1 || !a.keyword.empty())
        throw ExpressionError("path_exists() takes one path");
      try {
        (void)find_path(host_, string_arg(a.positional[0], "path_exists"), real_file_, include_dirs_);
        return true;
      } catch (const ExpressionError&) {
        return false;
      }
    });
    fn("cwd", [this](const CallArgs& a) -> Value {
      if (!a.positional.empty() || !a.keyword.empty()) throw ExpressionError("cwd() takes no arguments");
      return fs::path(real_file_).parent_path().string();
    });
  }

  const Template& template_;
  const std::string file_;
  const std::string real_file_;
  TemplateHost& host_;
  const RenderOptions& options_;
  std::vector<std::string> include_dirs_;
  EvalBudget& budget_;
  Dict data_;
  Environment globals_;
  Environment data_env_;
  Environment top_;
  std::string out_;
  std::vector<int> line_map_;  // source line of each output line (index 0 = output line 1)
  std::size_t current_offset_ = 0;
  int include_counter_ = 0;
};

}  // namespace

RenderedText render_template_mapped(std::string_view text, const std::string& file_path, const Value& data,
                                    TemplateHost* host, const RenderOptions& options) {
  FileSystemHost default_host;
  TemplateHost& h = host ? *host : default_host;
  Template t;
  try {
    t = parse_template(normalize_template_source(text));
  } catch (const ExpressionError& e) {
    const auto normalized = normalize_template_source(text);
    Template located;
    located.line_starts.push_back(0);
    for (std::size_t i = 0; i < normalized.size(); ++i)
      if (normalized[i] == '\n') located.line_starts.push_back(i + 1);
    const auto [line, column] = located.line_column(e.offset().value_or(0));
    throw SpecError(Diagnostic{{file_path, line, column}, "", e.message()});
  }
  EvalBudget local_budget;
  EvalBudget& budget = options.budget ? *options.budget : local_budget;
  Renderer r(t, file_path, data, h, options, budget);
  RenderedText out;
  out.text = r.run();
  out.line_map = r.take_line_map();
  return out;
}

std::string render_template(std::string_view text, const std::string& file_path, const Value& data,
                            TemplateHost* host, const RenderOptions& options) {
  return render_template_mapped(text, file_path, data, host, options).text;
}

std::string render_file(const std::string& path, const Value& data, TemplateHost* host,
                        const RenderOptions& options) {
  FileSystemHost default_host;
  TemplateHost& h = host ? *host : default_host;
  std::string text;
  try {
    text = h.read_file(path);
  } catch (const ExpressionError& e) {
    throw SpecError(Diagnostic{{path, 0, 0}, "", e.message()});
  }
  return render_template(text, path, data, &h, options);
}

}  // namespace af::text::jinja
