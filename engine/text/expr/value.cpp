#include "text/expr/value.h"

#include <charconv>
#include <cmath>
#include <cstdlib>

#include "text/expr/expression_error.h"

namespace af::text::expr {

struct Value::Seq {
  std::vector<Value> items;
  SequenceKind kind = SequenceKind::List;
  int depth = 1;
};
struct Value::DictBox {
  Dict dict;
  int depth = 1;
};

const Value* CallArgs::find_keyword(std::string_view name) const {
  for (const auto& [k, v] : keyword)
    if (k == name) return &v;
  return nullptr;
}

const Value* Dict::find(std::string_view key) const {
  for (const auto& [k, v] : entries_)
    if (k == key) return &v;
  return nullptr;
}

void Dict::set(std::string key, Value value) {
  for (auto& [k, v] : entries_)
    if (k == key) {
      v = std::move(value);
      return;
    }
  entries_.emplace_back(std::move(key), std::move(value));
}

std::vector<std::string> Dict::keys() const {
  std::vector<std::string> out;
  out.reserve(entries_.size());
  for (const auto& e : entries_) out.push_back(e.first);
  return out;
}

namespace {
void check_depth(int depth) {
  if (depth > kMaxValueDepth)
    throw ExpressionError("value nests containers more than " + std::to_string(kMaxValueDepth) + " levels deep");
}
}  // namespace

Value::Value(Dict d) {
  int depth = 1;
  for (const auto& e : d.entries()) depth = std::max(depth, e.second.depth() + 1);
  check_depth(depth);
  v_ = std::make_shared<const DictBox>(DictBox{std::move(d), depth});
}

Value::Value(std::shared_ptr<const ObjectLike> o) {
  if (o) v_ = std::move(o);
}

Value Value::list(std::vector<Value> items, SequenceKind kind) {
  int depth = 1;
  for (const auto& v : items) depth = std::max(depth, v.depth() + 1);
  check_depth(depth);
  Value out;
  out.v_ = std::make_shared<const Seq>(Seq{std::move(items), kind, depth});
  return out;
}

Value Value::function(std::string name, NativeFunction f) {
  Value out;
  out.v_ = std::make_shared<const Function>(Function{std::move(name), std::move(f)});
  return out;
}

Value::Kind Value::kind() const {
  switch (v_.index()) {
    case 0: return Kind::None;
    case 1: return Kind::Bool;
    case 2: return Kind::Int;
    case 3: return Kind::Float;
    case 4: return Kind::String;
    case 5:
      switch (std::get<5>(v_)->kind) {
        case SequenceKind::List: return Kind::List;
        case SequenceKind::Tuple: return Kind::Tuple;
        case SequenceKind::Set: return Kind::Set;
      }
      return Kind::List;
    case 6: return Kind::Dict;
    case 7: return Kind::NameSet;
    case 8: return Kind::Function;
    default: return Kind::Object;
  }
}

bool Value::is_sequence() const { return v_.index() == 5; }
bool Value::is_number() const { return v_.index() >= 1 && v_.index() <= 3; }

namespace {
[[noreturn]] void kind_error(const Value& v, const char* wanted) {
  throw ExpressionError(std::string("expected ") + wanted + ", got " + v.type_name() + " " + v.repr());
}
}  // namespace

bool Value::as_bool() const {
  if (const auto* b = std::get_if<bool>(&v_)) return *b;
  kind_error(*this, "a bool");
}
Int Value::as_int() const {
  if (const auto* i = std::get_if<Int>(&v_)) return *i;
  if (const auto* b = std::get_if<bool>(&v_)) return *b ? 1 : 0;
  kind_error(*this, "an int");
}
double Value::as_double() const {
  if (const auto* d = std::get_if<double>(&v_)) return *d;
  if (const auto* i = std::get_if<Int>(&v_)) return static_cast<double>(*i);
  if (const auto* b = std::get_if<bool>(&v_)) return *b ? 1.0 : 0.0;
  kind_error(*this, "a number");
}
const std::string& Value::as_string() const {
  if (const auto* s = std::get_if<std::string>(&v_)) return *s;
  kind_error(*this, "a str");
}
const std::vector<Value>& Value::items() const {
  if (const auto* s = std::get_if<5>(&v_)) return (*s)->items;
  kind_error(*this, "a list");
}
const Dict& Value::as_dict() const {
  if (const auto* d = std::get_if<6>(&v_)) return (*d)->dict;
  kind_error(*this, "a dict");
}
const NameSet& Value::as_name_set() const {
  if (const auto* s = std::get_if<NameSet>(&v_)) return *s;
  kind_error(*this, "a set of names");
}
const Function& Value::as_function() const {
  if (const auto* f = std::get_if<8>(&v_)) return **f;
  kind_error(*this, "a function");
}
const std::shared_ptr<const ObjectLike>& Value::as_object() const {
  if (const auto* o = std::get_if<9>(&v_)) return *o;
  kind_error(*this, "an object");
}

int Value::depth() const {
  if (const auto* s = std::get_if<5>(&v_)) return (*s)->depth;
  if (const auto* d = std::get_if<6>(&v_)) return (*d)->depth;
  return 0;
}

bool Value::truthy() const {
  switch (kind()) {
    case Kind::None: return false;
    case Kind::Bool: return std::get<bool>(v_);
    case Kind::Int: return std::get<Int>(v_) != 0;
    case Kind::Float: return std::get<double>(v_) != 0.0;  // nan is truthy, as in Python
    case Kind::String: return !std::get<std::string>(v_).empty();
    case Kind::List:
    case Kind::Tuple:
    case Kind::Set: return !items().empty();
    case Kind::Dict: return !as_dict().empty();
    case Kind::NameSet: return !as_name_set().empty();
    case Kind::Function:
    case Kind::Object: return true;
  }
  return true;
}

std::string Value::type_name() const {
  switch (kind()) {
    case Kind::None: return "NoneType";
    case Kind::Bool: return "bool";
    case Kind::Int: return "int";
    case Kind::Float: return "float";
    case Kind::String: return "str";
    case Kind::List: return "list";
    case Kind::Tuple: return "tuple";
    case Kind::Set: return "set";
    case Kind::Dict: return "dict";
    case Kind::NameSet: return "InvertibleSet";
    case Kind::Function: return "function";
    case Kind::Object: return as_object()->type_name();
  }
  return "object";
}

std::string format_float(double d) {
  if (std::isnan(d)) return "nan";
  if (std::isinf(d)) return d > 0 ? "inf" : "-inf";
  char buf[64];
  // Shortest round-trip digits, then laid out the way Python's repr() does.
  const auto res = std::to_chars(buf, buf + sizeof buf, d, std::chars_format::scientific);
  const std::string_view sci(buf, static_cast<std::size_t>(res.ptr - buf));
  const auto epos = sci.find('e');
  std::string_view mant = sci.substr(0, epos);
  const int exp = std::atoi(std::string(sci.substr(epos + 1)).c_str());
  std::string sign;
  if (!mant.empty() && mant.front() == '-') {
    sign = "-";
    mant.remove_prefix(1);
  }
  std::string digits;
  for (char c : mant)
    if (c != '.') digits += c;
  if (exp >= -4 && exp < 16) {
    std::string out;
    if (exp >= 0) {
      const auto int_len = static_cast<std::size_t>(exp) + 1;
      if (digits.size() <= int_len) {
        out = digits + std::string(int_len - digits.size(), '0') + ".0";
      } else {
        out = digits.substr(0, int_len) + "." + digits.substr(int_len);
      }
    } else {
      out = "0." + std::string(static_cast<std::size_t>(-exp - 1), '0') + digits;
    }
    return sign + out;
  }
  std::string out = sign + digits.substr(0, 1);
  if (digits.size() > 1) out += "." + digits.substr(1);
  const int a = std::abs(exp);
  out += exp < 0 ? "e-" : "e+";
  if (a < 10) out += '0';
  out += std::to_string(a);
  return out;
}

std::string quote_string(std::string_view s) {
  // Python prefers single quotes unless the text has a single quote and no double quote.
  const bool has_single = s.find('\'') != std::string_view::npos;
  const bool has_double = s.find('"') != std::string_view::npos;
  const char q = has_single && !has_double ? '"' : '\'';
  std::string out(1, q);
  for (const char c : s) {
    const auto u = static_cast<unsigned char>(c);
    if (c == q || c == '\\') {
      out += '\\';
      out += c;
    } else if (c == '\n') {
      out += "\\n";
    } else if (c == '\t') {
      out += "\\t";
    } else if (c == '\r') {
      out += "\\r";
    } else if (u < 0x20 || u == 0x7f) {
      static constexpr char hex[] = "0123456789abcdef";
      out += "\\x";
      out += hex[u >> 4];
      out += hex[u & 15];
    } else {
      out += c;
    }
  }
  out += q;
  return out;
}

std::string Value::str() const {
  if (const auto* s = std::get_if<std::string>(&v_)) return *s;
  return repr();
}

std::string Value::repr() const {
  switch (kind()) {
    case Kind::None: return "None";
    case Kind::Bool: return std::get<bool>(v_) ? "True" : "False";
    case Kind::Int: return std::to_string(std::get<Int>(v_));
    case Kind::Float: return format_float(std::get<double>(v_));
    case Kind::String: return quote_string(std::get<std::string>(v_));
    case Kind::List:
    case Kind::Tuple:
    case Kind::Set: {
      const auto& seq = *std::get<5>(v_);
      if (seq.kind == SequenceKind::Set && seq.items.empty()) return "set()";
      const char* open = seq.kind == SequenceKind::List ? "[" : seq.kind == SequenceKind::Tuple ? "(" : "{";
      const char* close = seq.kind == SequenceKind::List ? "]" : seq.kind == SequenceKind::Tuple ? ")" : "}";
      std::string out = open;
      for (std::size_t i = 0; i < seq.items.size(); ++i) {
        if (i) out += ", ";
        out += seq.items[i].repr();
      }
      if (seq.kind == SequenceKind::Tuple && seq.items.size() == 1) out += ",";
      return out + close;
    }
    case Kind::Dict: {
      std::string out = "{";
      bool first = true;
      for (const auto& [k, v] : as_dict().entries()) {
        if (!first) out += ", ";
        first = false;
        out += quote_string(k) + ": " + v.repr();
      }
      return out + "}";
    }
    case Kind::NameSet: return as_name_set().repr();
    case Kind::Function: return "<function " + as_function().name + ">";
    case Kind::Object: return as_object()->repr();
  }
  return "?";
}

bool operator==(const Value& a, const Value& b) {
  if (a.is_number() && b.is_number()) {
    if (a.is_float() || b.is_float()) return a.as_double() == b.as_double();
    return a.as_int() == b.as_int();
  }
  const auto ka = a.kind();
  if (ka != b.kind()) return false;
  switch (ka) {
    case Value::Kind::None: return true;
    case Value::Kind::String: return a.as_string() == b.as_string();
    case Value::Kind::List:
    case Value::Kind::Tuple: return a.items() == b.items();
    case Value::Kind::Set: {
      const auto& x = a.items();
      const auto& y = b.items();
      if (x.size() != y.size()) return false;
      for (const auto& v : x)
        if (std::find(y.begin(), y.end(), v) == y.end()) return false;
      return true;
    }
    case Value::Kind::Dict: {
      const auto& x = a.as_dict();
      const auto& y = b.as_dict();
      if (x.size() != y.size()) return false;
      for (const auto& [k, v] : x.entries()) {
        const Value* o = y.find(k);
        if (!o || !(*o == v)) return false;
      }
      return true;
    }
    case Value::Kind::NameSet: return a.as_name_set() == b.as_name_set();
    case Value::Kind::Function: return &a.as_function() == &b.as_function();
    case Value::Kind::Object: return a.as_object() == b.as_object();
    default: return false;
  }
}

bool Value::same_as(const Value& other) const {
  const auto k = kind();
  if (k != other.kind()) return false;
  switch (k) {
    case Kind::None: return true;
    case Kind::Bool:
    case Kind::Int:
    case Kind::Float:
    case Kind::String: return *this == other;
    case Kind::List:
    case Kind::Tuple:
    case Kind::Set: return &items() == &other.items();
    case Kind::Dict: return &as_dict() == &other.as_dict();
    case Kind::NameSet: return &as_name_set().items() == &other.as_name_set().items();
    case Kind::Function: return &as_function() == &other.as_function();
    case Kind::Object: return as_object() == other.as_object();
  }
  return false;
}

}  // namespace af::text::expr
