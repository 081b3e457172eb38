#pragma once
// Python operator semantics on Values (arithmetic with int/float promotion and overflow
// checks, comparisons, membership, subscripts, built-in methods).
#include <optional>
#include <string_view>
#include <vector>

#include "text/expr/value.h"

namespace af::text::expr {

// Results larger than these are refused (no input may exhaust memory).
inline constexpr std::size_t kMaxSequenceLength = 1'000'000;
inline constexpr std::size_t kMaxStringLength = 16u << 20;

enum class BinaryOp { Add, Sub, Mul, Div, FloorDiv, Mod, Pow, BitAnd, BitOr, BitXor, Concat };
enum class UnaryOp { Neg, Pos, Invert };
enum class CompareOp { Eq, Ne, Lt, Le, Gt, Ge, In, NotIn, Is, IsNot };

[[nodiscard]] const char* symbol(BinaryOp op);

// a * b, or ExpressionError when the product does not fit in 64 bits.
[[nodiscard]] Int checked_mul(Int a, Int b);
[[nodiscard]] const char* symbol(CompareOp op);

// All throw ExpressionError (without an offset) on type errors, overflow, division by zero.
[[nodiscard]] Value binary_op(BinaryOp op, const Value& a, const Value& b);
[[nodiscard]] Value unary_op(UnaryOp op, const Value& a);
[[nodiscard]] bool compare(CompareOp op, const Value& a, const Value& b);
// Python a < b (TypeError for unordered kinds).
[[nodiscard]] bool less_than(const Value& a, const Value& b);

// base[index]: lists/tuples/strings by int, dicts by key, and a list by element *name*
// (the element whose `name` attribute or key equals the string, as in `actions['hop']`).
[[nodiscard]] Value subscript(const Value& base, const Value& index);
// base[start:stop:step] for lists/tuples/strings.
[[nodiscard]] Value slice(const Value& base, const Value& start, const Value& stop, const Value& step);

// Attributes and bound methods of built-in kinds and objects: dict.items/keys/values/get,
// str.lower/upper/strip/split/join/replace/startswith/endswith, list.index/count,
// NameSet attributes, ObjectLike::attribute. nullopt = no such attribute.
[[nodiscard]] std::optional<Value> get_attribute(const Value& base, std::string_view name);
// Names offered in "did you mean" for a failed attribute lookup.
[[nodiscard]] std::vector<std::string> attribute_names(const Value& base);

// The elements Python iteration yields (str -> characters, dict -> keys, NameSet -> names).
[[nodiscard]] std::vector<Value> iterate(const Value& v);
// len()
[[nodiscard]] Int length(const Value& v);
// The `name` of a list element used by `list['name']`, if it has one.
[[nodiscard]] std::optional<std::string> element_name(const Value& v);

}  // namespace af::text::expr
