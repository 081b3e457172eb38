#include "text/expr/operators.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include "text/expr/expression_error.h"
#include "text/expr/numbers.h"
#include "core/closest_name.h"

namespace af::text::expr {

const char* symbol(BinaryOp op) {
  switch (op) {
    case BinaryOp::Add: return "+";
    case BinaryOp::Sub: return "-";
    case BinaryOp::Mul: return "*";
    case BinaryOp::Div: return "/";
    case BinaryOp::FloorDiv: return "//";
    case BinaryOp::Mod: return "%";
    case BinaryOp::Pow: return "**";
    case BinaryOp::BitAnd: return "&";
    case BinaryOp::BitOr: return "|";
    case BinaryOp::BitXor: return "^";
    case BinaryOp::Concat: return "~";
  }
  return "?";
}

const char* symbol(CompareOp op) {
  switch (op) {
    case CompareOp::Eq: return "==";
    case CompareOp::Ne: return "!=";
    case CompareOp::Lt: return "<";
    case CompareOp::Le: return "<=";
    case CompareOp::Gt: return ">";
    case CompareOp::Ge: return ">=";
    case CompareOp::In: return "in";
    case CompareOp::NotIn: return "not in";
    case CompareOp::Is: return "is";
    case CompareOp::IsNot: return "is not";
  }
  return "?";
}

namespace {

[[noreturn]] void unsupported(const char* op, const Value& a, const Value& b) {
  throw ExpressionError(std::string("unsupported operand type(s) for ") + op + ": '" + a.type_name() + "' and '" +
                        b.type_name() + "'");
}

bool is_integral(const Value& v) { return v.is_int() || v.is_bool(); }

[[noreturn]] void overflow() { throw ExpressionError("integer overflow (result does not fit in 64 bits)"); }

Int checked_add(Int a, Int b) {
  Int r = 0;
  if (__builtin_add_overflow(a, b, &r)) overflow();
  return r;
}
Int checked_sub(Int a, Int b) {
  Int r = 0;
  if (__builtin_sub_overflow(a, b, &r)) overflow();
  return r;
}

Value int_pow(Int base, Int exp) {
  if (exp < 0) {
    if (base == 0) throw ExpressionError("0.0 cannot be raised to a negative power");
    return std::pow(static_cast<double>(base), static_cast<double>(exp));
  }
  Int result = 1;
  Int b = base;
  while (exp > 0) {
    if (exp & 1) result = checked_mul(result, b);
    exp >>= 1;
    if (exp > 0) b = checked_mul(b, b);
  }
  return result;
}

Value float_pow(double a, double b) {
  if (a == 0.0 && b < 0) throw ExpressionError("0.0 cannot be raised to a negative power");
  if (a < 0 && std::isfinite(a) && std::isfinite(b) && b != std::floor(b))
    throw ExpressionError("negative number cannot be raised to a fractional power (complex result)");
  const double r = std::pow(a, b);
  if (std::isinf(r) && std::isfinite(a) && std::isfinite(b)) throw ExpressionError("numerical result out of range");
  return r;
}

Value repeat(const Value& seq, Int n) {
  if (seq.is_string()) {
    const auto& s = seq.as_string();
    if (n <= 0 || s.empty()) return std::string();
    if (static_cast<std::size_t>(n) > kMaxStringLength / s.size()) throw ExpressionError("string repetition too large");
    std::string out;
    out.reserve(s.size() * static_cast<std::size_t>(n));
    for (Int i = 0; i < n; ++i) out += s;
    return out;
  }
  const auto& items = seq.items();
  const auto kind = seq.kind() == Value::Kind::Tuple ? SequenceKind::Tuple : SequenceKind::List;
  if (n <= 0 || items.empty()) return Value::list({}, kind);
  if (static_cast<std::size_t>(n) > kMaxSequenceLength / items.size()) throw ExpressionError("list repetition too large");
  std::vector<Value> out;
  out.reserve(items.size() * static_cast<std::size_t>(n));
  for (Int i = 0; i < n; ++i) out.insert(out.end(), items.begin(), items.end());
  return Value::list(std::move(out), kind);
}

bool same_sequence_kind(const Value& a, const Value& b) {
  return (a.kind() == Value::Kind::List && b.kind() == Value::Kind::List) ||
         (a.kind() == Value::Kind::Tuple && b.kind() == Value::Kind::Tuple);
}

Value arithmetic(BinaryOp op, const Value& a, const Value& b) {
  if (is_integral(a) && is_integral(b)) {
    const Int x = a.as_int();
    const Int y = b.as_int();
    switch (op) {
      case BinaryOp::Add: return checked_add(x, y);
      case BinaryOp::Sub: return checked_sub(x, y);
      case BinaryOp::Mul: return checked_mul(x, y);
      case BinaryOp::Div:
        if (y == 0) throw ExpressionError("division by zero");
        return static_cast<double>(x) / static_cast<double>(y);
      case BinaryOp::FloorDiv: return floor_div(x, y);
      case BinaryOp::Mod: return py_mod(x, y);
      case BinaryOp::Pow: return int_pow(x, y);
      case BinaryOp::BitAnd:
        if (a.is_bool() && b.is_bool()) return a.as_bool() && b.as_bool();
        return x & y;
      case BinaryOp::BitOr:
        if (a.is_bool() && b.is_bool()) return a.as_bool() || b.as_bool();
        return x | y;
      case BinaryOp::BitXor:
        if (a.is_bool() && b.is_bool()) return a.as_bool() != b.as_bool();
        return x ^ y;
      default: break;
    }
  }
  const double x = a.as_double();
  const double y = b.as_double();
  switch (op) {
    case BinaryOp::Add: return x + y;
    case BinaryOp::Sub: return x - y;
    case BinaryOp::Mul: return x * y;
    case BinaryOp::Div:
      if (y == 0.0) throw ExpressionError("float division by zero");
      return x / y;
    case BinaryOp::FloorDiv: return floor_div(x, y);
    case BinaryOp::Mod: return py_mod(x, y);
    case BinaryOp::Pow: return float_pow(x, y);
    default: unsupported(symbol(op), a, b);
  }
}

}  // namespace

Int checked_mul(Int a, Int b) {
  Int r = 0;
  if (__builtin_mul_overflow(a, b, &r)) overflow();
  return r;
}

Value binary_op(BinaryOp op, const Value& a, const Value& b) {
  if (op == BinaryOp::Concat) {
    std::string out = a.str();
    out += b.str();
    if (out.size() > kMaxStringLength) throw ExpressionError("string too long");
    return out;
  }
  if (a.is_number() && b.is_number()) return arithmetic(op, a, b);
  if (a.is_name_set() && b.is_name_set()) {
    const auto& x = a.as_name_set();
    const auto& y = b.as_name_set();
    switch (op) {
      case BinaryOp::BitAnd: return x & y;
      case BinaryOp::BitOr: return x | y;
      case BinaryOp::Sub: return x - y;
      case BinaryOp::BitXor: return x ^ y;
      default: unsupported(symbol(op), a, b);
    }
  }
  if (op == BinaryOp::Add) {
    if (a.is_string() && b.is_string()) {
      if (a.as_string().size() + b.as_string().size() > kMaxStringLength) throw ExpressionError("string too long");
      return a.as_string() + b.as_string();
    }
    if (same_sequence_kind(a, b)) {
      if (a.items().size() + b.items().size() > kMaxSequenceLength) throw ExpressionError("list too long");
      std::vector<Value> out = a.items();
      out.insert(out.end(), b.items().begin(), b.items().end());
      return Value::list(std::move(out), a.kind() == Value::Kind::Tuple ? SequenceKind::Tuple : SequenceKind::List);
    }
  }
  if (op == BinaryOp::Mul) {
    const bool a_seq = a.is_string() || a.kind() == Value::Kind::List || a.kind() == Value::Kind::Tuple;
    const bool b_seq = b.is_string() || b.kind() == Value::Kind::List || b.kind() == Value::Kind::Tuple;
    if (a_seq && is_integral(b)) return repeat(a, b.as_int());
    if (b_seq && is_integral(a)) return repeat(b, a.as_int());
  }
  if (op == BinaryOp::BitOr && a.is_dict() && b.is_dict()) {
    Dict out = a.as_dict();
    for (const auto& [k, v] : b.as_dict().entries()) out.set(k, v);
    return out;
  }
  unsupported(symbol(op), a, b);
}

Value unary_op(UnaryOp op, const Value& a) {
  if (op == UnaryOp::Invert) {
    if (a.is_name_set()) return ~a.as_name_set();
    if (is_integral(a)) return ~a.as_int();
    throw ExpressionError("bad operand type for unary ~: '" + a.type_name() + "'");
  }
  if (is_integral(a)) {
    if (op == UnaryOp::Pos) return a.as_int();
    if (a.as_int() == std::numeric_limits<Int>::min()) throw ExpressionError("integer overflow");
    return -a.as_int();
  }
  if (a.is_float()) return op == UnaryOp::Pos ? a.as_double() : -a.as_double();
  throw ExpressionError(std::string("bad operand type for unary ") + (op == UnaryOp::Neg ? "-" : "+") + ": '" +
                        a.type_name() + "'");
}

bool less_than(const Value& a, const Value& b) {
  if (a.is_number() && b.is_number()) {
    if (is_integral(a) && is_integral(b)) return a.as_int() < b.as_int();
    return a.as_double() < b.as_double();
  }
  if (a.is_string() && b.is_string()) return a.as_string() < b.as_string();
  if (same_sequence_kind(a, b)) {
    const auto& x = a.items();
    const auto& y = b.items();
    for (std::size_t i = 0; i < x.size() && i < y.size(); ++i) {
      if (x[i] == y[i]) continue;
      return less_than(x[i], y[i]);
    }
    return x.size() < y.size();
  }
  throw ExpressionError("'<' not supported between instances of '" + a.type_name() + "' and '" + b.type_name() + "'");
}

namespace {
bool contains(const Value& container, const Value& item) {
  switch (container.kind()) {
    case Value::Kind::String:
      if (!item.is_string())
        throw ExpressionError("'in <string>' requires string as left operand, not " + item.type_name());
      return container.as_string().find(item.as_string()) != std::string::npos;
    case Value::Kind::List:
    case Value::Kind::Tuple:
    case Value::Kind::Set: {
      const auto& items = container.items();
      return std::find(items.begin(), items.end(), item) != items.end();
    }
    case Value::Kind::Dict: return item.is_string() && container.as_dict().find(item.as_string()) != nullptr;
    case Value::Kind::NameSet: return item.is_string() && container.as_name_set().contains(item.as_string());
    default: throw ExpressionError("argument of type '" + container.type_name() + "' is not iterable");
  }
}
}  // namespace

bool compare(CompareOp op, const Value& a, const Value& b) {
  switch (op) {
    case CompareOp::Eq: return a == b;
    case CompareOp::Ne: return !(a == b);
    case CompareOp::Lt: return less_than(a, b);
    case CompareOp::Gt: return less_than(b, a);
    case CompareOp::Le:
      if (a.is_number() && b.is_number() && (a.is_float() || b.is_float())) return a.as_double() <= b.as_double();
      return less_than(a, b) || a == b;
    case CompareOp::Ge:
      if (a.is_number() && b.is_number() && (a.is_float() || b.is_float())) return a.as_double() >= b.as_double();
      return less_than(b, a) || a == b;
    case CompareOp::In: return contains(b, a);
    case CompareOp::NotIn: return !contains(b, a);
    case CompareOp::Is: return a.same_as(b);
    case CompareOp::IsNot: return !a.same_as(b);
  }
  return false;
}

std::optional<std::string> element_name(const Value& v) {
  if (v.is_object()) {
    if (auto n = v.as_object()->attribute("name"); n && n->is_string()) return n->as_string();
  } else if (v.is_dict()) {
    if (const Value* n = v.as_dict().find("name"); n && n->is_string()) return n->as_string();
  }
  return std::nullopt;
}

namespace {
std::size_t normalize_index(Int i, std::size_t size, const char* what) {
  const Int n = static_cast<Int>(size);
  if (i < 0) i += n;
  if (i < 0 || i >= n) throw ExpressionError(std::string(what) + " index out of range");
  return static_cast<std::size_t>(i);
}
}  // namespace

Value subscript(const Value& base, const Value& index) {
  switch (base.kind()) {
    case Value::Kind::List:
    case Value::Kind::Tuple: {
      const auto& items = base.items();
      if (index.is_string()) {
        std::vector<std::string> names;
        for (const auto& item : items) {
          const auto n = element_name(item);
          if (n && *n == index.as_string()) return item;
          if (n) names.push_back(*n);
        }
        throw ExpressionError("no element named '" + index.as_string() + "'" +
                              core::did_you_mean(index.as_string(), names));
      }
      if (!is_integral(index))
        throw ExpressionError(base.type_name() + " indices must be integers, not " + index.type_name());
      return items[normalize_index(index.as_int(), items.size(), base.type_name().c_str())];
    }
    case Value::Kind::String: {
      if (!is_integral(index)) throw ExpressionError("string indices must be integers, not " + index.type_name());
      const auto& s = base.as_string();
      return std::string(1, s[normalize_index(index.as_int(), s.size(), "string")]);
    }
    case Value::Kind::Dict: {
      const auto& d = base.as_dict();
      if (index.is_string()) {
        if (const Value* v = d.find(index.as_string())) return *v;
        throw ExpressionError("key " + index.repr() + " not found" + core::did_you_mean(index.as_string(), d.keys()));
      }
      throw ExpressionError("key " + index.repr() + " not found");
    }
    default: throw ExpressionError("'" + base.type_name() + "' object is not subscriptable");
  }
}

Value slice(const Value& base, const Value& start_v, const Value& stop_v, const Value& step_v) {
  const bool is_str = base.is_string();
  if (!is_str && base.kind() != Value::Kind::List && base.kind() != Value::Kind::Tuple)
    throw ExpressionError("'" + base.type_name() + "' object is not subscriptable");
  const Int n = is_str ? static_cast<Int>(base.as_string().size()) : static_cast<Int>(base.items().size());
  const auto get = [](const Value& v, Int dflt) -> Int {
    if (v.is_none()) return dflt;
    if (!is_integral(v)) throw ExpressionError("slice indices must be integers or None");
    return v.as_int();
  };
  const Int step = get(step_v, 1);
  if (step == 0) throw ExpressionError("slice step cannot be zero");
  if (step == std::numeric_limits<Int>::min()) throw ExpressionError("slice step too large");
  const auto clamp = [&](Int i) -> Int {
    if (i < 0) {
      if (i < -n) return step > 0 ? 0 : -1;
      i += n;
    }
    return step > 0 ? std::min(i, n) : std::min(i, n - 1);
  };
  const Int start = start_v.is_none() ? (step > 0 ? 0 : n - 1) : clamp(get(start_v, 0));
  const Int stop = stop_v.is_none() ? (step > 0 ? n : -1) : clamp(get(stop_v, 0));
  std::vector<Value> out;
  std::string sout;
  for (Int i = start; step > 0 ? i < stop : i > stop; i += step) {
    if (is_str) sout += base.as_string()[static_cast<std::size_t>(i)];
    else out.push_back(base.items()[static_cast<std::size_t>(i)]);
    if (step > 0 ? i > n - step : i < -step - 1) break;  // next step would overflow / leave range
  }
  if (is_str) return sout;
  return Value::list(std::move(out), base.kind() == Value::Kind::Tuple ? SequenceKind::Tuple : SequenceKind::List);
}

std::vector<Value> iterate(const Value& v) {
  switch (v.kind()) {
    case Value::Kind::List:
    case Value::Kind::Tuple:
    case Value::Kind::Set: return v.items();
    case Value::Kind::String: {
      std::vector<Value> out;
      for (char c : v.as_string()) out.emplace_back(std::string(1, c));
      return out;
    }
    case Value::Kind::Dict: {
      std::vector<Value> out;
      for (const auto& e : v.as_dict().entries()) out.emplace_back(e.first);
      return out;
    }
    case Value::Kind::NameSet: {
      std::vector<Value> out;
      for (const auto& n : v.as_name_set().items()) out.emplace_back(n);
      return out;
    }
    default: throw ExpressionError("'" + v.type_name() + "' object is not iterable");
  }
}

Int length(const Value& v) {
  switch (v.kind()) {
    case Value::Kind::List:
    case Value::Kind::Tuple:
    case Value::Kind::Set: return static_cast<Int>(v.items().size());
    case Value::Kind::String: return static_cast<Int>(v.as_string().size());
    case Value::Kind::Dict: return static_cast<Int>(v.as_dict().size());
    case Value::Kind::NameSet: return static_cast<Int>(v.as_name_set().size());
    default: throw ExpressionError("object of type '" + v.type_name() + "' has no len()");
  }
}

namespace {

Value method(std::string name, NativeFunction f) { return Value::function(std::move(name), std::move(f)); }

void expect_args(const CallArgs& args, std::size_t lo, std::size_t hi, const std::string& name) {
  if (args.positional.size() < lo || args.positional.size() > hi || !args.keyword.empty())
    throw ExpressionError(name + "() takes " + std::to_string(lo) +
                          (hi != lo ? " to " + std::to_string(hi) : std::string()) + " positional arguments");
}

std::optional<Value> string_method(const std::string& s, std::string_view name) {
  const std::string n(name);
  if (n == "lower" || n == "upper") {
    return method(n, [s, n](const CallArgs& a) {
      expect_args(a, 0, 0, n);
      std::string out = s;
      for (auto& c : out)
        c = static_cast<char>(n == "lower" ? std::tolower(static_cast<unsigned char>(c))
                                           : std::toupper(static_cast<unsigned char>(c)));
      return Value(out);
    });
  }
  if (n == "strip") {
    return method(n, [s](const CallArgs& a) {
      expect_args(a, 0, 0, "strip");
      const auto b = s.find_first_not_of(" \t\n\r\f\v");
      if (b == std::string::npos) return Value(std::string());
      const auto e = s.find_last_not_of(" \t\n\r\f\v");
      return Value(s.substr(b, e - b + 1));
    });
  }
  if (n == "startswith" || n == "endswith") {
    return method(n, [s, n](const CallArgs& a) {
      expect_args(a, 1, 1, n);
      const auto& p = a.positional[0].as_string();
      return Value(n == "startswith" ? s.starts_with(p) : s.ends_with(p));
    });
  }
  if (n == "replace") {
    return method(n, [s](const CallArgs& a) {
      expect_args(a, 2, 2, "replace");
      const auto& from = a.positional[0].as_string();
      const auto& to = a.positional[1].as_string();
      if (from.empty()) throw ExpressionError("replace() with an empty pattern is not supported");
      std::string out;
      std::size_t pos = 0;
      for (auto hit = s.find(from); hit != std::string::npos; hit = s.find(from, pos)) {
        out.append(s, pos, hit - pos);
        out += to;
        if (out.size() > kMaxStringLength) throw ExpressionError("string too long");
        pos = hit + from.size();
      }
      out.append(s, pos, std::string::npos);
      return Value(out);
    });
  }
  if (n == "split") {
    return method(n, [s](const CallArgs& a) {
      expect_args(a, 0, 1, "split");
      std::vector<Value> out;
      if (a.positional.empty() || a.positional[0].is_none()) {
        std::size_t i = 0;
        while (i < s.size()) {
          while (i < s.size() && std::isspace(static_cast<unsigned char>(s[i]))) ++i;
          const std::size_t b = i;
          while (i < s.size() && !std::isspace(static_cast<unsigned char>(s[i]))) ++i;
          if (i > b) out.emplace_back(s.substr(b, i - b));
        }
      } else {
        const auto& sep = a.positional[0].as_string();
        if (sep.empty()) throw ExpressionError("empty separator");
        std::size_t pos = 0;
        for (auto hit = s.find(sep); hit != std::string::npos; hit = s.find(sep, pos)) {
          out.emplace_back(s.substr(pos, hit - pos));
          pos = hit + sep.size();
        }
        out.emplace_back(s.substr(pos));
      }
      return Value::list(std::move(out));
    });
  }
  if (n == "join") {
    return method(n, [s](const CallArgs& a) {
      expect_args(a, 1, 1, "join");
      std::string out;
      bool first = true;
      for (const auto& v : iterate(a.positional[0])) {
        if (!v.is_string()) throw ExpressionError("join() expects strings, got " + v.type_name());
        if (!first) out += s;
        first = false;
        out += v.as_string();
        if (out.size() > kMaxStringLength) throw ExpressionError("string too long");
      }
      return Value(out);
    });
  }
  return std::nullopt;
}

std::optional<Value> dict_method(const Value& self, std::string_view name) {
  const std::string n(name);
  if (n == "items" || n == "keys" || n == "values") {
    return method(n, [self, n](const CallArgs& a) {
      expect_args(a, 0, 0, n);
      std::vector<Value> out;
      for (const auto& [k, v] : self.as_dict().entries()) {
        if (n == "items") out.push_back(Value::tuple({Value(k), v}));
        else if (n == "keys") out.emplace_back(k);
        else out.push_back(v);
      }
      return Value::list(std::move(out));
    });
  }
  if (n == "get") {
    return method(n, [self](const CallArgs& a) {
      expect_args(a, 1, 2, "get");
      if (a.positional[0].is_string())
        if (const Value* v = self.as_dict().find(a.positional[0].as_string())) return *v;
      return a.positional.size() > 1 ? a.positional[1] : Value();
    });
  }
  return std::nullopt;
}

std::optional<Value> list_method(const Value& self, std::string_view name) {
  const std::string n(name);
  if (n == "index" || n == "count") {
    return method(n, [self, n](const CallArgs& a) {
      expect_args(a, 1, 1, n);
      const auto& items = self.items();
      if (n == "count") return Value(static_cast<Int>(std::count(items.begin(), items.end(), a.positional[0])));
      const auto it = std::find(items.begin(), items.end(), a.positional[0]);
      if (it == items.end()) throw ExpressionError(a.positional[0].repr() + " is not in list");
      return Value(static_cast<Int>(it - items.begin()));
    });
  }
  return std::nullopt;
}

}  // namespace

std::optional<Value> get_attribute(const Value& base, std::string_view name) {
  switch (base.kind()) {
    case Value::Kind::Object: return base.as_object()->attribute(name);
    case Value::Kind::NameSet: return base.as_name_set().attribute(name);
    case Value::Kind::Dict: return dict_method(base, name);
    case Value::Kind::String: return string_method(base.as_string(), name);
    case Value::Kind::List:
    case Value::Kind::Tuple: return list_method(base, name);
    default: return std::nullopt;
  }
}

std::vector<std::string> attribute_names(const Value& base) {
  switch (base.kind()) {
    case Value::Kind::Object: return base.as_object()->attribute_names();
    case Value::Kind::NameSet: return {"tensors", "bits_per_value", "rank_variables"};
    case Value::Kind::Dict: return {"items", "keys", "values", "get"};
    case Value::Kind::String:
      return {"lower", "upper", "strip", "startswith", "endswith", "replace", "split", "join"};
    case Value::Kind::List:
    case Value::Kind::Tuple: return {"index", "count"};
    default: return {};
  }
}

}  // namespace af::text::expr
