#pragma once
// Parsed expressions: immutable, shareable trees.
#include <cstddef>
#include <memory>
#include <string>
#include <vector>

#include "text/expr/operators.h"
#include "text/expr/value.h"

namespace af::text::expr {

struct Node;
using Expr = std::shared_ptr<const Node>;

enum class NodeKind {
  Literal,        // literal
  Name,           // name
  List,           // children = elements
  Tuple,          // children = elements
  Set,            // children = elements
  Dict,           // children = key, value, key, value, ...
  Ternary,        // children = then, condition, otherwise (otherwise may be null in Jinja)
  And,            // children = operands (short-circuit)
  Or,             // children = operands (short-circuit)
  Not,            // children = operand
  Compare,        // children = operands (n), compare_ops (n-1): Python chaining
  Binary,         // children = left, right; binary_op
  Unary,          // children = operand; unary_op
  Attribute,      // children = object; name
  Call,           // children = callee, args...; keywords name the trailing args
  Subscript,      // children = object, index
  Slice,          // children = object, start, stop, step (null = omitted)
  Comprehension,  // children = element; clauses (a list comprehension or generator, both give lists)
  Filter,         // Jinja `x | name(args)`: children = operand, args...; keywords
  Test,           // Jinja `x is [not] name(args)`: children = operand, args...; negated
};

struct ComprehensionClause {
  std::vector<std::string> targets;  // one name, or several to unpack
  Expr iterable;
  std::vector<Expr> conditions;
};

struct Node {
  NodeKind kind = NodeKind::Literal;
  std::size_t offset = 0;  // byte offset of the construct in the parsed text
  int depth = 1;           // tree height, bounded by the parser
  Value literal;
  std::string name;
  std::vector<Expr> children;
  std::vector<std::string> keywords;
  BinaryOp binary_op = BinaryOp::Add;
  UnaryOp unary_op = UnaryOp::Neg;
  std::vector<CompareOp> compare_ops;
  std::vector<ComprehensionClause> clauses;
  bool negated = false;  // Test
  bool jinja = false;    // parsed in Jinja mode (getattr/getitem fallback, Jinja messages)
};

}  // namespace af::text::expr
