#include "text/expr/evaluator.h"

#include <optional>

#include "text/expr/expression_error.h"
#include "text/expr/filters.h"
#include "core/closest_name.h"

namespace af::text::expr {

void EvalBudget::charge(std::uint64_t steps) {
  if (steps > remaining_) {
    remaining_ = 0;
    throw ExpressionError("evaluation takes too long (step budget exhausted)");
  }
  remaining_ -= steps;
}

Value call_value(const Value& callee, const CallArgs& args) {
  if (callee.is_function()) return callee.as_function().call(args);
  if (callee.is_name_set()) {
    if (!args.positional.empty() || !args.keyword.empty())
      throw ExpressionError("a set of names takes no arguments when called");
    return callee;
  }
  throw ExpressionError("'" + callee.type_name() + "' object is not callable");
}

namespace {

class Evaluator {
 public:
  Evaluator(const EvalContext& context, EvalBudget& budget) : context_(context), budget_(budget) {}

  Value eval(const Node& n, const Environment& env) {
    budget_.charge(1);
    try {
      Value v = eval_node(n, env);
      charge_size(v);
      return v;
    } catch (const ExpressionError& e) {
      if (!e.offset()) throw e.at(n.offset);
      throw;
    }
  }

 private:
  void charge_size(const Value& v) {
    // Big results cost in proportion, so building large lists/strings in a loop is bounded.
    if (v.is_sequence()) budget_.charge(v.items().size() / 8);
    else if (v.is_string()) budget_.charge(v.as_string().size() / 64);
  }

  const Value* lookup(std::string_view name, const Environment& env) const {
    if (const Value* v = env.find(name)) return v;
    if (context_.builtins) return context_.builtins->find(name);
    return nullptr;
  }

  [[noreturn]] void undefined(const Node& n, const Environment& env) const {
    std::vector<std::string> names = env.names();
    if (context_.builtins) {
      const auto more = context_.builtins->names();
      names.insert(names.end(), more.begin(), more.end());
    }
    const std::string hint = core::did_you_mean(n.name, names);
    if (n.jinja) throw ExpressionError("'" + n.name + "' is undefined" + hint, n.offset);
    throw ExpressionError("name '" + n.name + "' is not defined" + hint, n.offset);
  }

  // Jinja: Name, attribute and item lookups may be undefined (for `default` and `is defined`).
  std::optional<Value> eval_optional(const Node& n, const Environment& env) {
    if (n.kind == NodeKind::Name) {
      budget_.charge(1);
      if (const Value* v = lookup(n.name, env)) return *v;
      return std::nullopt;
    }
    if (n.kind == NodeKind::Attribute) {
      const Value base = eval(*n.children[0], env);
      return try_attribute(base, n.name, n.jinja);
    }
    if (n.kind == NodeKind::Subscript) {
      const Value base = eval(*n.children[0], env);
      const Value index = eval(*n.children[1], env);
      if (base.is_dict() && index.is_string()) {
        if (const Value* v = base.as_dict().find(index.as_string())) return *v;
        return std::nullopt;
      }
      if (base.is_object() && index.is_string()) return base.as_object()->attribute(index.as_string());
    }
    return eval(n, env);
  }

  static std::optional<Value> try_attribute(const Value& base, const std::string& name, bool jinja) {
    if (jinja && base.is_dict()) {  // Jinja's getattr falls back to items (and items win for data)
      if (const Value* v = base.as_dict().find(name)) return *v;
    }
    return get_attribute(base, name);
  }

  CallArgs arguments(const Node& n, std::size_t first, const Environment& env) {
    CallArgs args;
    const std::size_t n_keywords = n.keywords.size();
    const std::size_t n_positional = n.children.size() - first - n_keywords;
    for (std::size_t i = 0; i < n_positional; ++i) args.positional.push_back(eval(*n.children[first + i], env));
    for (std::size_t i = 0; i < n_keywords; ++i)
      args.keyword.emplace_back(n.keywords[i], eval(*n.children[first + n_positional + i], env));
    return args;
  }

  void bind(Environment& scope, const std::vector<std::string>& targets, const Value& item) {
    if (targets.size() == 1) {
      scope.set(targets[0], item);
      return;
    }
    const auto parts = iterate(item);
    if (parts.size() != targets.size())
      throw ExpressionError("cannot unpack " + std::to_string(parts.size()) + " values into " +
                            std::to_string(targets.size()) + " names");
    for (std::size_t i = 0; i < targets.size(); ++i) scope.set(targets[i], parts[i]);
  }

  void comprehension(const Node& n, std::size_t clause, Environment& scope, std::vector<Value>& out) {
    const auto& c = n.clauses[clause];
    for (const Value& item : iterate(eval(*c.iterable, scope))) {
      budget_.charge(1);
      bind(scope, c.targets, item);
      bool keep = true;
      for (const auto& cond : c.conditions)
        if (!eval(*cond, scope).truthy()) {
          keep = false;
          break;
        }
      if (!keep) continue;
      if (clause + 1 < n.clauses.size()) {
        comprehension(n, clause + 1, scope, out);
      } else {
        out.push_back(eval(*n.children[0], scope));
        if (out.size() > kMaxSequenceLength) throw ExpressionError("list too long");
      }
    }
  }

  Value eval_node(const Node& n, const Environment& env) {
    switch (n.kind) {
      case NodeKind::Literal: return n.literal;
      case NodeKind::Name: {
        if (const Value* v = lookup(n.name, env)) return *v;
        undefined(n, env);
      }
      case NodeKind::List:
      case NodeKind::Tuple:
      case NodeKind::Set: {
        std::vector<Value> items;
        items.reserve(n.children.size());
        for (const auto& c : n.children) {
          Value v = eval(*c, env);
          if (n.kind == NodeKind::Set) {
            if (v.is_sequence() && v.kind() != Value::Kind::Tuple) throw ExpressionError("unhashable type: '" + v.type_name() + "'", c->offset);
            if (v.is_dict() || v.is_name_set()) throw ExpressionError("unhashable type: '" + v.type_name() + "'", c->offset);
            if (std::find(items.begin(), items.end(), v) != items.end()) continue;
          }
          items.push_back(std::move(v));
        }
        const auto kind = n.kind == NodeKind::List    ? SequenceKind::List
                          : n.kind == NodeKind::Tuple ? SequenceKind::Tuple
                                                      : SequenceKind::Set;
        return Value::list(std::move(items), kind);
      }
      case NodeKind::Dict: {
        Dict d;
        for (std::size_t i = 0; i + 1 < n.children.size(); i += 2) {
          Value k = eval(*n.children[i], env);
          if (!k.is_string()) throw ExpressionError("dict keys must be strings, not " + k.type_name(), n.children[i]->offset);
          d.set(k.as_string(), eval(*n.children[i + 1], env));
        }
        return d;
      }
      case NodeKind::Ternary: {
        if (eval(*n.children[1], env).truthy()) return eval(*n.children[0], env);
        if (!n.children[2]) return std::string();  // Jinja `a if c` without else renders as empty
        return eval(*n.children[2], env);
      }
      case NodeKind::And: {
        Value v;
        for (const auto& c : n.children) {
          v = eval(*c, env);
          if (!v.truthy()) return v;
        }
        return v;
      }
      case NodeKind::Or: {
        Value v;
        for (const auto& c : n.children) {
          v = eval(*c, env);
          if (v.truthy()) return v;
        }
        return v;
      }
      case NodeKind::Not: return !eval(*n.children[0], env).truthy();
      case NodeKind::Compare: {
        Value left = eval(*n.children[0], env);
        for (std::size_t i = 0; i < n.compare_ops.size(); ++i) {
          Value right = eval(*n.children[i + 1], env);
          try {
            if (!compare(n.compare_ops[i], left, right)) return false;
          } catch (const ExpressionError& e) {
            if (!e.offset()) throw e.at(n.children[i + 1]->offset);
            throw;
          }
          left = std::move(right);
        }
        return true;
      }
      case NodeKind::Binary: {
        const Value a = eval(*n.children[0], env);
        const Value b = eval(*n.children[1], env);
        return binary_op(n.binary_op, a, b);
      }
      case NodeKind::Unary: return unary_op(n.unary_op, eval(*n.children[0], env));
      case NodeKind::Attribute: {
        const Value base = eval(*n.children[0], env);
        if (auto v = try_attribute(base, n.name, n.jinja)) return *v;
        const std::string hint = core::did_you_mean(n.name, base.is_dict() && n.jinja ? base.as_dict().keys() : attribute_names(base));
        if (n.jinja && base.is_dict()) throw ExpressionError("dict object has no attribute '" + n.name + "'" + hint);
        throw ExpressionError("'" + base.type_name() + "' object has no attribute '" + n.name + "'" + hint);
      }
      case NodeKind::Call: {
        const Value callee = eval(*n.children[0], env);
        const CallArgs args = arguments(n, 1, env);
        return call_value(callee, args);
      }
      case NodeKind::Subscript: {
        const Value base = eval(*n.children[0], env);
        const Value index = eval(*n.children[1], env);
        if (n.jinja && base.is_object() && index.is_string()) {
          if (auto v = base.as_object()->attribute(index.as_string())) return *v;
        }
        return subscript(base, index);
      }
      case NodeKind::Slice: {
        const Value base = eval(*n.children[0], env);
        const auto part = [&](std::size_t i) { return n.children[i] ? eval(*n.children[i], env) : Value(); };
        return slice(base, part(1), part(2), part(3));
      }
      case NodeKind::Comprehension: {
        Environment scope(&env);
        std::vector<Value> out;
        comprehension(n, 0, scope, out);
        return Value::list(std::move(out));
      }
      case NodeKind::Filter: {
        const CallArgs args = arguments(n, 1, env);
        if (n.name == "default" || n.name == "d") {
          const auto v = eval_optional(*n.children[0], env);
          // default(value='', boolean=False): with boolean, falsy values are replaced too.
          const Value* boolean = args.positional.size() > 1 ? &args.positional[1] : args.find_keyword("boolean");
          const bool use_default = !v || (boolean && boolean->truthy() && !v->truthy());
          if (!use_default) return *v;
          if (!args.positional.empty()) return args.positional[0];
          if (const Value* d = args.find_keyword("default_value")) return *d;
          return std::string();
        }
        return apply_filter(n.name, eval(*n.children[0], env), args);
      }
      case NodeKind::Test: {
        const CallArgs args = arguments(n, 1, env);
        bool result = false;
        if (n.name == "defined" || n.name == "undefined") {
          const bool defined = eval_optional(*n.children[0], env).has_value();
          result = n.name == "defined" ? defined : !defined;
        } else {
          result = apply_test(n.name, eval(*n.children[0], env), args);
        }
        return n.negated ? !result : result;
      }
    }
    throw ExpressionError("unknown expression node");
  }

  const EvalContext& context_;
  EvalBudget& budget_;
};

}  // namespace

Value evaluate(const Expr& expr, const Environment& env, const EvalContext& context) {
  if (!expr) throw ExpressionError("empty expression");
  EvalBudget local;
  Evaluator evaluator(context, context.budget ? *context.budget : local);
  return evaluator.eval(*expr, env);
}

}  // namespace af::text::expr
