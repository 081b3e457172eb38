#pragma once
// A dynamically typed value with Python semantics, as seen by spec expressions and Jinja
// templates. Value semantics: containers are immutable and shared, so copies are cheap.
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <variant>
#include <vector>

#include "text/expr/name_set.h"

namespace af::text::expr {

class Value;
using Int = std::int64_t;

// Containers deeper than this are refused, so printing/comparing/destroying never overflows the stack.
inline constexpr int kMaxValueDepth = 256;

struct NoneType {
  bool operator==(const NoneType&) const = default;
};

struct CallArgs;
class Dict;

using NativeFunction = std::function<Value(const CallArgs&)>;

struct Function {
  std::string name;
  NativeFunction call;
};

// An object owned by the frontend (arch node, action, ...). Attribute lookup only.
class ObjectLike {
 public:
  virtual ~ObjectLike() = default;
  // nullopt = no such attribute.
  [[nodiscard]] virtual std::optional<Value> attribute(std::string_view name) const = 0;
  // For "did you mean" suggestions.
  [[nodiscard]] virtual std::vector<std::string> attribute_names() const { return {}; }
  [[nodiscard]] virtual std::string type_name() const { return "object"; }
  // Appends rather than `"<" + type_name()`: GCC 12 at -O3 warns (falsely, -Wrestrict, GCC bug
  // 105329) on operator+(const char*, std::string&&).
  [[nodiscard]] virtual std::string repr() const {
    std::string out(1, '<');
    out += type_name();
    out += '>';
    return out;
  }
};

enum class SequenceKind { List, Tuple, Set };

class Value {
 public:
  enum class Kind { None, Bool, Int, Float, String, List, Tuple, Set, Dict, NameSet, Function, Object };

  Value() = default;
  Value(NoneType) {}
  Value(bool b) : v_(b) {}
  Value(Int i) : v_(i) {}
  Value(int i) : v_(static_cast<Int>(i)) {}
  Value(double d) : v_(d) {}
  Value(std::string s) : v_(std::move(s)) {}
  Value(std::string_view s) : v_(std::string(s)) {}
  Value(const char* s) : v_(std::string(s)) {}
  Value(NameSet s) : v_(std::move(s)) {}
  Value(Dict d);
  Value(std::shared_ptr<const ObjectLike> o);
  // Throw ExpressionError when the container would nest deeper than kMaxValueDepth.
  static Value list(std::vector<Value> items, SequenceKind kind = SequenceKind::List);
  static Value tuple(std::vector<Value> items) { return list(std::move(items), SequenceKind::Tuple); }
  static Value function(std::string name, NativeFunction f);

  [[nodiscard]] Kind kind() const;
  [[nodiscard]] bool is_none() const { return kind() == Kind::None; }
  [[nodiscard]] bool is_bool() const { return kind() == Kind::Bool; }
  [[nodiscard]] bool is_int() const { return kind() == Kind::Int; }
  [[nodiscard]] bool is_float() const { return kind() == Kind::Float; }
  [[nodiscard]] bool is_string() const { return kind() == Kind::String; }
  [[nodiscard]] bool is_dict() const { return kind() == Kind::Dict; }
  [[nodiscard]] bool is_name_set() const { return kind() == Kind::NameSet; }
  [[nodiscard]] bool is_function() const { return kind() == Kind::Function; }
  [[nodiscard]] bool is_object() const { return kind() == Kind::Object; }
  // list, tuple or set
  [[nodiscard]] bool is_sequence() const;
  // bool, int or float (Python's numbers; bool is an int)
  [[nodiscard]] bool is_number() const;

  // Accessors throw ExpressionError on a kind mismatch.
  [[nodiscard]] bool as_bool() const;
  [[nodiscard]] Int as_int() const;        // bool or int
  [[nodiscard]] double as_double() const;  // bool, int or float
  [[nodiscard]] const std::string& as_string() const;
  [[nodiscard]] const std::vector<Value>& items() const;  // list/tuple/set
  [[nodiscard]] const Dict& as_dict() const;
  [[nodiscard]] const NameSet& as_name_set() const;
  [[nodiscard]] const Function& as_function() const;
  [[nodiscard]] const std::shared_ptr<const ObjectLike>& as_object() const;

  [[nodiscard]] bool truthy() const;
  // Python str() and repr().
  [[nodiscard]] std::string str() const;
  [[nodiscard]] std::string repr() const;
  // Python type name: 'int', 'float', 'str', 'list', 'NoneType', ...
  [[nodiscard]] std::string type_name() const;
  // Container nesting depth (0 for scalars).
  [[nodiscard]] int depth() const;

  // Python ==
  friend bool operator==(const Value& a, const Value& b);
  // Python `is` (identity for containers/objects, value identity for scalars).
  [[nodiscard]] bool same_as(const Value& other) const;

 private:
  struct Seq;      // defined in value.cpp
  struct DictBox;  // defined in value.cpp
  std::variant<NoneType, bool, Int, double, std::string, std::shared_ptr<const Seq>,
               std::shared_ptr<const DictBox>, NameSet, std::shared_ptr<const Function>,
               std::shared_ptr<const ObjectLike>>
      v_;
};

// Arguments of a call: positional, then keyword (in call order).
struct CallArgs {
  std::vector<Value> positional;
  std::vector<std::pair<std::string, Value>> keyword;

  [[nodiscard]] const Value* find_keyword(std::string_view name) const;
};

// Insertion-ordered dict with string keys.
class Dict {
 public:
  Dict() = default;
  [[nodiscard]] const Value* find(std::string_view key) const;
  // Inserts or overwrites (keeping the first position, like Python).
  void set(std::string key, Value value);
  [[nodiscard]] const std::vector<std::pair<std::string, Value>>& entries() const { return entries_; }
  [[nodiscard]] std::size_t size() const { return entries_.size(); }
  [[nodiscard]] bool empty() const { return entries_.empty(); }
  [[nodiscard]] std::vector<std::string> keys() const;

 private:
  std::vector<std::pair<std::string, Value>> entries_;
};

// Python float repr: 64.0, 1e-09, 1e+16, inf, nan, 0.30000000000000004.
[[nodiscard]] std::string format_float(double d);
// Python repr of a str: 'a', "it's".
[[nodiscard]] std::string quote_string(std::string_view s);

}  // namespace af::text::expr
