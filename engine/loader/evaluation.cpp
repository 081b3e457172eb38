#include "loader/evaluation.h"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <cmath>
#include <queue>
#include <set>

#include "text/expr/eval_expression.h"
#include "text/expr/evaluator.h"
#include "text/expr/expression_error.h"
#include "text/expr/numbers.h"
#include "text/expr/parser.h"

using af::core::Diagnostic;
using af::core::SourceLocation;
using af::core::SpecError;
using af::text::expr::Value;
using af::text::yaml::YamlNode;

namespace af::loader {

namespace {

[[noreturn]] void fail(const SourceLocation& where, std::string_view field, std::string message) {
  throw SpecError(Diagnostic{where, std::string(field), std::move(message)});
}

// eval_expression (README: Field values) with the YAML scalar's place added to any error.
Value evaluate_value(const Value& raw, const spec::SymbolTable& table, const SourceLocation& where,
                     std::string_view field) {
  try {
    const text::expr::Environment env = text::expr::Environment::borrowing(table);
    return text::expr::eval_expression(raw, env);
  } catch (const text::expr::ExpressionError& e) {
    const std::string shown = raw.is_string() ? raw.as_string() : raw.repr();
    throw SpecError(spec::expression_diagnostic(where, field, shown, e.message(), e.offset()));
  }
}

}  // namespace

Value scalar_value(const text::yaml::ScalarValue& scalar) {
  return std::visit(
      [](const auto& x) -> Value {
        using T = std::decay_t<decltype(x)>;
        if constexpr (std::is_same_v<T, std::monostate>)
          return Value();
        else if constexpr (std::is_same_v<T, std::int64_t>)
          return Value(static_cast<text::expr::Int>(x));
        else
          return Value(x);
      },
      scalar);
}

Value evaluate_text(const std::string& text, const spec::SymbolTable& table, const SourceLocation& where,
                    std::string_view field) {
  return evaluate_value(Value(text), table, where, field);
}

Value evaluate_node(const YamlNode& node, const spec::SymbolTable& table, std::string_view field) {
  switch (node.kind()) {
    case YamlNode::Kind::Null:
      return Value();
    case YamlNode::Kind::Scalar: {
      if (node.quoted()) return Value(node.text());  // quoted scalars are literal strings
      const text::yaml::ScalarValue v = node.value(field);
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
      text::expr::Dict dict;
      for (const auto& e : node.entries())
        dict.set(e.key, evaluate_node(e.value, table, fmt::format("{}.{}", field, e.key)));
      return Value(std::move(dict));
    }
  }
  return Value();
}

text::expr::NameSet evaluate_set_text(const std::string& text, const spec::SymbolTable& table, const SourceLocation& where,
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

text::expr::NameSet evaluate_set(const YamlNode& node, const spec::SymbolTable& table, std::string_view field) {
  if (!node.is_scalar())
    fail(node.location(), field, fmt::format("expected a set expression, got {}", node.describe()));
  return evaluate_set_text(node.as_string(), table, node.location(), field);
}

double to_number(const Value& v, const SourceLocation& where, std::string_view field) {
  std::optional<double> d;
  if (v.is_number()) d = v.as_double();
  if (v.is_string()) d = text::expr::parse_python_float(v.as_string());
  // NaN compares false with everything, so every later check would let it through.
  if (d && std::isnan(*d)) fail(where, field, "expected a number, got nan (not a number)");
  if (d) return *d;
  fail(where, field, fmt::format("expected a number, got {} {}", v.type_name(), v.repr()));
}

std::int64_t to_integer(const Value& v, const SourceLocation& where, std::string_view field,
                        std::string_view written) {
  if (v.is_int() || v.is_bool()) return v.as_int();
  if (v.is_float() && std::isfinite(v.as_double()) && v.as_double() == std::floor(v.as_double())) {
    // 2^63 is the first double past the largest int64.
    constexpr double kLimit = 9223372036854775808.0;
    if (v.as_double() < kLimit && v.as_double() >= -kLimit) return static_cast<std::int64_t>(v.as_double());
    fail(where, field,
         fmt::format("{} does not fit in a 64-bit integer (at most 9223372036854775807)",
                     written.empty() ? fmt::format("{:.0f}", v.as_double()) : std::string(written)));
  }
  fail(where, field, fmt::format("expected an integer, got {} {}", v.type_name(), v.repr()));
}

bool to_bool(const Value& v, const SourceLocation& where, std::string_view field) {
  if (v.is_bool()) return v.as_bool();
  if (v.is_int() && (v.as_int() == 0 || v.as_int() == 1)) return v.as_int() == 1;
  fail(where, field, fmt::format("expected True or False, got {} {}", v.type_name(), v.repr()));
}

spec::SymbolTable evaluate_map_in_order(const YamlNode& map, spec::SymbolTable table, std::string_view field,
                                  std::map<std::string, Value>* results) {
  if (!map.is_map()) fail(map.location(), field, fmt::format("expected a mapping, got {}", map.describe()));
  const auto& entries = map.entries();
  const std::size_t n = entries.size();
  const auto word = [](char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; };
  // Which siblings each entry's text names: one pass over its words (a scan per sibling pair
  // was cubic in the size of the map: 5,000 variables took minutes).
  std::map<std::string_view, std::size_t, std::less<>> index;
  std::vector<std::size_t> odd_keys;  // keys that are no single word: searched for as text
  for (std::size_t i = 0; i < n; ++i) {
    index.emplace(entries[i].key, i);
    if (entries[i].key.empty() || !std::all_of(entries[i].key.begin(), entries[i].key.end(), word))
      odd_keys.push_back(i);
  }
  const auto mentions = [&](const std::string& text, const std::string& name) {
    for (std::size_t pos = text.find(name); pos != std::string::npos; pos = text.find(name, pos + 1)) {
      const bool left = pos == 0 || !word(text[pos - 1]);
      const bool right = pos + name.size() >= text.size() || !word(text[pos + name.size()]);
      if (left && right) return true;
    }
    return false;
  };
  std::vector<std::vector<std::size_t>> dependents(n);
  std::vector<std::size_t> waiting(n, 0);
  for (std::size_t i = 0; i < n; ++i) {
    const YamlNode& v = entries[i].value;
    const std::string text = v.is_scalar() && !v.quoted() ? v.text() : std::string();
    std::set<std::size_t> needs;
    for (std::size_t pos = 0; pos < text.size();) {
      if (!word(text[pos])) {
        ++pos;
        continue;
      }
      std::size_t end = pos;
      while (end < text.size() && word(text[end])) ++end;
      if (const auto it = index.find(std::string_view(text).substr(pos, end - pos)); it != index.end())
        needs.insert(it->second);
      pos = end;
    }
    for (const std::size_t k : odd_keys)
      if (mentions(text, entries[k].key)) needs.insert(k);
    needs.erase(i);
    waiting[i] = needs.size();
    for (const std::size_t k : needs) dependents[k].push_back(i);
  }
  // Entries in map order as soon as every sibling they name is done (Kahn's order with the
  // smallest index first, which is the order a "first ready entry" scan gives).
  std::priority_queue<std::size_t, std::vector<std::size_t>, std::greater<>> ready;
  for (std::size_t i = 0; i < n; ++i)
    if (waiting[i] == 0) ready.push(i);
  std::vector<Diagnostic> errors;
  std::vector<char> done(n, 0);
  while (!ready.empty()) {
    const std::size_t i = ready.top();
    ready.pop();
    done[i] = 1;
    const YamlNode::Entry& e = entries[i];
    try {
      Value v = evaluate_node(e.value, table, fmt::format("{}.{}", field, e.key));
      if (results) (*results)[e.key] = v;
      table[e.key] = std::move(v);
    } catch (const SpecError& err) {
      errors.insert(errors.end(), err.diagnostics().begin(), err.diagnostics().end());
    }
    for (const std::size_t d : dependents[i])
      if (--waiting[d] == 0) ready.push(d);
  }
  std::vector<std::string> cycle;
  const YamlNode::Entry* first = nullptr;
  for (std::size_t i = 0; i < n; ++i)
    if (!done[i]) {
      cycle.push_back(entries[i].key);
      if (!first) first = &entries[i];
    }
  if (first)
    errors.push_back(Diagnostic{first->key_location, std::string(field),
                                fmt::format("these entries refer to each other in a cycle: {}", fmt::join(cycle, ", "))});
  if (!errors.empty()) throw SpecError(std::move(errors));
  return table;
}

}  // namespace af::loader
