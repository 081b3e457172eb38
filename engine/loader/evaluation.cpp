#include "loader/evaluation.h"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <cmath>

#include "text/expr/eval_expression.h"
#include "text/expr/evaluator.h"
#include "text/expr/expression_error.h"
#include "text/expr/numbers.h"
#include "text/expr/parser.h"

namespace af::spec {

namespace {

// The place of character `offset` of a scalar that starts at `where` (single-line scalars).
SourceLocation inside(const SourceLocation& where, const ExpressionError& e) {
  SourceLocation at = where;
  if (at.column > 0 && e.offset()) at.column += static_cast<int>(*e.offset());
  return at;
}

[[noreturn]] void fail(const SourceLocation& where, std::string_view field, std::string message) {
  throw SpecError(Diagnostic{where, std::string(field), std::move(message)});
}

Environment environment_of(const SymbolTable& table) {
  Environment env;
  for (const auto& [k, v] : table) env.set(k, v);
  return env;
}

// eval_expression (§2.2) with the YAML scalar's place added to any error.
Value evaluate_value(const Value& raw, const SymbolTable& table, const SourceLocation& where,
                     std::string_view field) {
  try {
    const Environment env = environment_of(table);
    return eval_expression(raw, env);
  } catch (const ExpressionError& e) {
    const std::string shown = raw.is_string() ? raw.as_string() : raw.repr();
    fail(inside(where, e), field, fmt::format("in '{}': {}", shown, e.message()));
  }
}

}  // namespace

Value scalar_value(const ScalarValue& scalar) {
  return std::visit(
      [](const auto& x) -> Value {
        using T = std::decay_t<decltype(x)>;
        if constexpr (std::is_same_v<T, std::monostate>)
          return Value();
        else if constexpr (std::is_same_v<T, std::int64_t>)
          return Value(static_cast<Int>(x));
        else
          return Value(x);
      },
      scalar);
}

Value evaluate_text(const std::string& text, const SymbolTable& table, const SourceLocation& where,
                    std::string_view field) {
  return evaluate_value(Value(text), table, where, field);
}

Value evaluate_node(const YamlNode& node, const SymbolTable& table, std::string_view field) {
  switch (node.kind()) {
    case YamlNode::Kind::Null:
      return Value();
    case YamlNode::Kind::Scalar: {
      if (node.quoted()) return Value(node.text());  // quoted scalars are literal strings
      const ScalarValue v = node.value(field);
      if (std::holds_alternative<std::monostate>(v)) return Value();
      const Value raw = scalar_value(v);
      return evaluate_value(raw, table, node.location(), field);
    }
    case YamlNode::Kind::Sequence: {
      std::vector<Value> items;
      for (std::size_t i = 0; i < node.items().size(); ++i)
        items.push_back(evaluate_node(node.items()[i], table, fmt::format("{}[{}]", field, i)));
      return Value::list(std::move(items));
    }
    case YamlNode::Kind::Map: {
      Dict dict;
      for (const auto& e : node.entries())
        dict.set(e.key, evaluate_node(e.value, table, fmt::format("{}.{}", field, e.key)));
      return Value(std::move(dict));
    }
  }
  return Value();
}

NameSet evaluate_set_text(const std::string& text, const SymbolTable& table, const SourceLocation& where,
                          std::string_view field) {
  Value v;
  if (const auto it = table.find(text); it != table.end()) {
    v = it->second;
  } else {
    std::string trimmed = text;
    trimmed.erase(
        std::remove_if(trimmed.begin(), trimmed.end(), [](unsigned char c) { return std::isspace(c); }),
        trimmed.end());
    if (trimmed.ends_with("()") && table.contains(trimmed.substr(0, trimmed.size() - 2)))
      v = table.find(trimmed.substr(0, trimmed.size() - 2))->second;
    else
      v = evaluate_value(Value(text), table, where, field);
  }
  if (!v.is_name_set())
    fail(where, field,
         fmt::format("'{}' is not a set of tensors or rank variables (it is {} {})", text,
                     v.type_name() == "int" ? "an" : "a", v.type_name()));
  return v.as_name_set();
}

NameSet evaluate_set(const YamlNode& node, const SymbolTable& table, std::string_view field) {
  if (!node.is_scalar())
    fail(node.location(), field, fmt::format("expected a set expression, got {}", node.describe()));
  return evaluate_set_text(node.as_string(), table, node.location(), field);
}

double to_number(const Value& v, const SourceLocation& where, std::string_view field) {
  if (v.is_number()) return v.as_double();
  if (v.is_string()) {
    if (const auto d = parse_python_float(v.as_string())) return *d;
  }
  fail(where, field, fmt::format("expected a number, got {} {}", v.type_name(), v.repr()));
}

std::int64_t to_integer(const Value& v, const SourceLocation& where, std::string_view field) {
  if (v.is_int() || v.is_bool()) return v.as_int();
  if (v.is_float() && std::isfinite(v.as_double()) && v.as_double() == std::floor(v.as_double()))
    return static_cast<std::int64_t>(v.as_double());
  fail(where, field, fmt::format("expected an integer, got {} {}", v.type_name(), v.repr()));
}

bool to_bool(const Value& v, const SourceLocation& where, std::string_view field) {
  if (v.is_bool()) return v.as_bool();
  if (v.is_int() && (v.as_int() == 0 || v.as_int() == 1)) return v.as_int() == 1;
  fail(where, field, fmt::format("expected True or False, got {} {}", v.type_name(), v.repr()));
}

SymbolTable evaluate_map_in_order(const YamlNode& map, SymbolTable table, std::string_view field,
                                  std::map<std::string, Value>* results) {
  if (!map.is_map()) fail(map.location(), field, fmt::format("expected a mapping, got {}", map.describe()));
  std::vector<const YamlNode::Entry*> pending;
  for (const auto& e : map.entries()) pending.push_back(&e);
  const auto mentions = [](const std::string& text, const std::string& name) {
    const auto word = [](char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; };
    for (std::size_t pos = text.find(name); pos != std::string::npos; pos = text.find(name, pos + 1)) {
      const bool left = pos == 0 || !word(text[pos - 1]);
      const bool right = pos + name.size() >= text.size() || !word(text[pos + name.size()]);
      if (left && right) return true;
    }
    return false;
  };
  std::vector<Diagnostic> errors;
  while (!pending.empty()) {
    auto ready = std::find_if(pending.begin(), pending.end(), [&](const YamlNode::Entry* e) {
      const std::string text = e->value.is_scalar() && !e->value.quoted() ? e->value.text() : std::string();
      return std::none_of(pending.begin(), pending.end(), [&](const YamlNode::Entry* other) {
        return other != e && mentions(text, other->key);
      });
    });
    if (ready == pending.end()) {
      std::vector<std::string> names;
      for (const auto* e : pending) names.push_back(e->key);
      errors.push_back(Diagnostic{
          pending.front()->key_location, std::string(field),
          fmt::format("these entries refer to each other in a cycle: {}", fmt::join(names, ", "))});
      break;
    }
    const YamlNode::Entry* e = *ready;
    pending.erase(ready);
    try {
      Value v = evaluate_node(e->value, table, fmt::format("{}.{}", field, e->key));
      if (results) (*results)[e->key] = v;
      table[e->key] = std::move(v);
    } catch (const SpecError& err) {
      errors.insert(errors.end(), err.diagnostics().begin(), err.diagnostics().end());
    }
  }
  if (!errors.empty()) throw SpecError(std::move(errors));
  return table;
}

}  // namespace af::spec
