#include "text/expr/filters.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <cmath>

#include "text/expr/builtins.h"
#include "text/expr/evaluator.h"
#include "text/expr/expression_error.h"
#include "text/expr/numbers.h"
#include "text/expr/operators.h"
#include "core/closest_name.h"

namespace af::text::expr {

namespace {

const Value* argument(const CallArgs& a, std::size_t index, std::string_view keyword) {
  if (index < a.positional.size()) return &a.positional[index];
  return a.find_keyword(keyword);
}

std::string lowered(std::string s) {
  for (auto& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return s;
}

Value subscript_or_attribute(const Value& v, const std::string& name) {
  if (v.is_dict()) {
    if (const Value* x = v.as_dict().find(name)) return *x;
  }
  if (auto x = get_attribute(v, name)) return *x;
  throw ExpressionError("'" + v.type_name() + "' has no attribute '" + name + "'");
}

// Jinja compares strings case-insensitively in min/max/sort unless case_sensitive is set.
Value sort_key(const Value& v, bool case_sensitive, const Value* attribute) {
  Value k = v;
  if (attribute && attribute->is_string()) k = subscript_or_attribute(v, attribute->as_string());
  if (!case_sensitive && k.is_string()) return lowered(k.as_string());
  return k;
}

}  // namespace

Value apply_filter(std::string_view name, const Value& x, const CallArgs& a) {
  if (name == "length" || name == "count") return length(x);
  if (name == "min" || name == "max") {
    const Value* cs = argument(a, 0, "case_sensitive");
    const Value* attr = argument(a, 1, "attribute");
    const bool case_sensitive = cs && cs->truthy();
    const auto items = iterate(x);
    if (items.empty()) throw ExpressionError("no aggregated item, sequence was empty");
    std::size_t best = 0;
    for (std::size_t i = 1; i < items.size(); ++i) {
      const Value k = sort_key(items[i], case_sensitive, attr);
      const Value b = sort_key(items[best], case_sensitive, attr);
      if (name == "min" ? less_than(k, b) : less_than(b, k)) best = i;
    }
    return items[best];
  }
  if (name == "int") {
    const Value* dflt = argument(a, 0, "default");
    try {
      if (x.is_string()) {
        try {
          return python_int(x);
        } catch (const ExpressionError&) {
          return python_int(python_float(x));  // Jinja: "3.7" -> 3
        }
      }
      return python_int(x);
    } catch (const ExpressionError&) {
      return dflt ? *dflt : Value(Int{0});
    }
  }
  if (name == "float") {
    const Value* dflt = argument(a, 0, "default");
    try {
      return python_float(x);
    } catch (const ExpressionError&) {
      return dflt ? *dflt : Value(0.0);
    }
  }
  if (name == "string") return x.str();
  if (name == "lower" || name == "upper") {
    std::string s = x.str();
    for (auto& c : s)
      c = static_cast<char>(name == "lower" ? std::tolower(static_cast<unsigned char>(c)) : std::toupper(static_cast<unsigned char>(c)));
    return s;
  }
  if (name == "trim") {
    const std::string s = x.str();
    const auto b = s.find_first_not_of(" \t\n\r\f\v");
    if (b == std::string::npos) return std::string();
    return s.substr(b, s.find_last_not_of(" \t\n\r\f\v") - b + 1);
  }
  if (name == "join") {
    const Value* sep = argument(a, 0, "d");
    const Value* attr = argument(a, 1, "attribute");
    const std::string d = sep ? sep->str() : std::string();
    std::string out;
    bool first = true;
    for (const Value& v : iterate(x)) {
      if (!first) out += d;
      first = false;
      out += (attr && attr->is_string() ? subscript_or_attribute(v, attr->as_string()) : v).str();
      if (out.size() > kMaxStringLength) throw ExpressionError("string too long");
    }
    return out;
  }
  if (name == "abs") return python_abs(x);
  if (name == "round") {
    const Value* precision = argument(a, 0, "precision");
    const Value* method = argument(a, 1, "method");
    const std::string m = method ? method->str() : "common";
    const Int p = precision ? precision->as_int() : 0;
    const double d = x.as_double();
    if (m == "common") return python_round(Value(d), Value(p));
    if (m != "ceil" && m != "floor") throw ExpressionError("method must be common, ceil or floor");
    const double scale = std::pow(10.0, static_cast<double>(p));
    return (m == "ceil" ? std::ceil(d * scale) : std::floor(d * scale)) / scale;
  }
  if (name == "list") return Value::list(iterate(x));
  if (name == "first" || name == "last") {
    const auto items = iterate(x);
    if (items.empty()) throw ExpressionError(std::string("no ") + std::string(name) + " item, sequence was empty");
    return name == "first" ? items.front() : items.back();
  }
  if (name == "sum") {
    const Value* attr = argument(a, 0, "attribute");
    const Value* start = argument(a, 1, "start");
    std::vector<Value> items = iterate(x);
    if (attr && attr->is_string())
      for (auto& v : items) v = subscript_or_attribute(v, attr->as_string());
    return python_sum(items, start ? *start : Value(Int{0}));
  }
  if (name == "sort") {
    const Value* rev = argument(a, 0, "reverse");
    const Value* cs = argument(a, 1, "case_sensitive");
    const Value* attr = argument(a, 2, "attribute");
    std::vector<Value> items = iterate(x);
    const bool case_sensitive = cs && cs->truthy();
    std::stable_sort(items.begin(), items.end(), [&](const Value& l, const Value& r) {
      return less_than(sort_key(l, case_sensitive, attr), sort_key(r, case_sensitive, attr));
    });
    if (rev && rev->truthy()) std::reverse(items.begin(), items.end());
    return Value::list(std::move(items));
  }
  if (name == "reverse") {
    if (x.is_string()) return std::string(x.as_string().rbegin(), x.as_string().rend());
    std::vector<Value> items = iterate(x);
    std::reverse(items.begin(), items.end());
    return Value::list(std::move(items));
  }
  if (name == "unique") {
    std::vector<Value> out;
    for (const Value& v : iterate(x))
      if (std::find(out.begin(), out.end(), v) == out.end()) out.push_back(v);
    return Value::list(std::move(out));
  }
  if (name == "replace") {
    const Value* from = argument(a, 0, "old");
    const Value* to = argument(a, 1, "new");
    if (!from || !to) throw ExpressionError("replace filter needs two arguments");
    CallArgs c;
    c.positional = {*from, *to};
    return call_value(*get_attribute(Value(x.str()), "replace"), c);
  }
  if (name == "items") {
    if (!x.is_dict()) throw ExpressionError("items filter needs a dict");
    return call_value(*get_attribute(x, "items"), CallArgs{});
  }
  static constexpr std::array<std::string_view, 24> kNames = {
      "default", "d",     "length", "count", "min",  "max",   "int",  "float",  "string", "lower", "upper", "trim",
      "join",    "abs",   "round",  "list",  "first", "last", "sum",  "sort",   "reverse", "unique", "replace", "items"};
  throw ExpressionError("no filter named '" + std::string(name) + "'" +
                        core::did_you_mean(name, std::vector<std::string>(kNames.begin(), kNames.end())));
}

bool apply_test(std::string_view name, const Value& x, const CallArgs& a) {
  const auto arg0 = [&]() -> const Value& {
    if (a.positional.empty()) throw ExpressionError("test '" + std::string(name) + "' needs an argument");
    return a.positional[0];
  };
  if (name == "none") return x.is_none();
  if (name == "number") return x.is_number() && !x.is_bool();
  if (name == "integer") return x.is_int();
  if (name == "float") return x.is_float();
  if (name == "string") return x.is_string();
  if (name == "boolean") return x.is_bool();
  if (name == "true") return x.is_bool() && x.as_bool();
  if (name == "false") return x.is_bool() && !x.as_bool();
  if (name == "mapping") return x.is_dict();
  if (name == "sequence") return x.is_sequence() || x.is_string() || x.is_dict();
  if (name == "iterable") return x.is_sequence() || x.is_string() || x.is_dict() || x.is_name_set();
  if (name == "callable") return x.is_function() || x.is_name_set();
  if (name == "lower" || name == "upper") {
    if (!x.is_string()) return false;
    const std::string& s = x.as_string();
    return std::none_of(s.begin(), s.end(), [&](char c) {
      return name == "lower" ? std::isupper(static_cast<unsigned char>(c)) : std::islower(static_cast<unsigned char>(c));
    });
  }
  if (name == "even" || name == "odd") {
    if (!x.is_int() && !x.is_bool()) throw ExpressionError("test '" + std::string(name) + "' needs an integer");
    const bool even = (x.as_int() % 2) == 0;
    return name == "even" ? even : !even;
  }
  if (name == "divisibleby") {
    const Int d = arg0().as_int();
    if (d == 0) throw ExpressionError("integer division or modulo by zero");
    return py_mod(x.as_int(), d) == 0;
  }
  if (name == "eq" || name == "equalto" || name == "==") return compare(CompareOp::Eq, x, arg0());
  if (name == "ne" || name == "!=") return compare(CompareOp::Ne, x, arg0());
  if (name == "lt" || name == "lessthan" || name == "<") return compare(CompareOp::Lt, x, arg0());
  if (name == "le" || name == "<=") return compare(CompareOp::Le, x, arg0());
  if (name == "gt" || name == "greaterthan" || name == ">") return compare(CompareOp::Gt, x, arg0());
  if (name == "ge" || name == ">=") return compare(CompareOp::Ge, x, arg0());
  if (name == "in") return compare(CompareOp::In, x, arg0());
  if (name == "sameas") return x.same_as(arg0());
  static constexpr std::array<std::string_view, 22> kNames = {
      "defined", "undefined", "none",  "number", "integer", "float", "string", "boolean", "true", "false", "mapping",
      "sequence", "iterable", "callable", "even", "odd",     "divisibleby", "eq", "ne",  "lt",   "gt",    "in"};
  throw ExpressionError("no test named '" + std::string(name) + "'" +
                        core::did_you_mean(name, std::vector<std::string>(kNames.begin(), kNames.end())));
}

}  // namespace af::text::expr
