#pragma once
// Mapping tree (README: Mapping tree) as plain values. A Nested holds a chain: each node is the parent of the
// next; only the last may branch (Sequential/Pipeline/Split) or be another Nested.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "core/source_location.h"

namespace af::spec {

struct MappingNode;

struct StorageNode {
  std::vector<std::string> tensors;
  std::string component;
  bool persistent = false;
};
struct TollNode {
  std::vector<std::string> tensors;
  std::string component;
  bool persistent = false;
};
struct TemporalNode {
  std::string rank_variable;
  std::int64_t tile_shape = 1;
  std::optional<std::int64_t> initial_tile_shape;  // ignored for user mappings (README: Mapping tree)
};
struct SpatialNode {
  std::string rank_variable;
  std::int64_t tile_shape = 1;
  std::optional<std::int64_t> initial_tile_shape;
  std::string name;       // arch spatial dimension
  std::string component;  // arch node that owns the dimension
};
struct ComputeNode {
  std::string einsum;
  std::string component;
};
struct ReservationNode {  // model-inserted; user ones are dropped
  std::vector<std::string> purposes;
  std::string resource;
  bool persistent = false;
};
struct TextBoxNode {};  // rendering only; the model skips it

enum class BranchKind { Sequential, Pipeline, Split };
struct BranchNode {  // one child per branch, each normally a Nested
  BranchKind kind = BranchKind::Sequential;
  std::vector<MappingNode> branches;
};
struct NestedNode {
  std::vector<MappingNode> nodes;
};

// Where one field's value is written ("component", "tensors", "tensors[1]", "tile_shape", ...).
struct FieldLocation {
  std::string field;
  core::SourceLocation where;
};

struct MappingNode {
  using Variant = std::variant<StorageNode, TollNode, TemporalNode, SpatialNode, ComputeNode,
                               ReservationNode, TextBoxNode, BranchNode, NestedNode>;
  Variant node;
  std::string text;                    // render label
  std::optional<core::SourceLocation> where; // the node's tag, for error messages
  std::vector<FieldLocation> fields{}; // per field, so an error names the field's own line

  template <class T>
  [[nodiscard]] const T* as() const { return std::get_if<T>(&node); }
  // Where `field` is written; the node's place when unknown (or `field` is empty).
  [[nodiscard]] std::optional<core::SourceLocation> where_of(std::string_view field) const;
};

using Mapping = NestedNode;

// "Storage GlobalBuffer [T0, W0]", "Temporal m tile 1", ... for messages.
std::string describe(const MappingNode& node);

}  // namespace af::spec
