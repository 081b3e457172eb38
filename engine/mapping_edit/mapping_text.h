#pragma once
// Where each node of a `mapping:` section is written, and tree edits spliced into that text:
// a tile change rewrites one scalar, a tensor toggle one list, a move/insert/delete moves,
// inserts or deletes one node's lines. Flow style, comments and every other byte stay.
// Spans are found where the YAML is parsed (the load job); splicing is string work at known
// offsets, cheap enough for the GUI thread.
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <variant>
#include <vector>

#include "spec/mapping_paths.h"
#include "text/yaml/yaml_node.h"

namespace af::mapping_edit {

struct TextRange {
  std::size_t begin = 0;  // byte offsets into MappingSpans::text, [begin, end)
  std::size_t end = 0;
};

struct NodeSpan {
  TextRange lines;      // whole lines: from the start of its `-` line past its last content line
  int dash_column = 0;  // where its `-` is: siblings written later line up with it
  bool flow = false;    // `- !Tag {…}`: siblings written later are flow too
  std::vector<std::pair<std::string, TextRange>> fields;  // scalar or list values, by key
  std::vector<NodeSpan> children;                         // a Nested's chain, a branch's branches

  [[nodiscard]] const TextRange* field(std::string_view key) const;
};

// A section's node spans and the exact text they index; `nodes` mirrors the root chain.
struct MappingSpans {
  std::string text;
  std::vector<NodeSpan> nodes;
};

// Spans of `mapping` (read from `section`, the value of `mapping:` parsed from `text` with
// positions naming `file`). nullopt when any node cannot be placed with certainty (lists of
// nodes in flow style, nested lists, nodes from another file): edits then rewrite the section.
[[nodiscard]] std::optional<MappingSpans> locate_mapping_nodes(const std::string& text,
                                                               const std::string& file,
                                                               const text::yaml::YamlNode& section,
                                                               const spec::Mapping& mapping);

// Tree edits in text terms; paths name nodes as they are when the edit applies.
struct SetScalar {  // `field: value` (written plain, or quoted when it must be)
  spec::NodePath node;
  std::string field;
  std::string value;
};
struct SetList {  // `field: [a, b]` (a block list stays a block list)
  spec::NodePath node;
  std::string field;
  std::vector<std::string> items;
};
struct InsertNode {  // a new node at `row` of the chain at `chain` ({} = the root chain)
  spec::NodePath chain;
  int row = 0;
  spec::MappingNode node;
};
struct RemoveNode {
  spec::NodePath node;
};
struct MoveNode {  // within its chain; `row` counts before the removal (Qt's beginMoveRows)
  spec::NodePath node;
  int row = 0;
};
using MappingTextEdit = std::variant<SetScalar, SetList, InsertNode, RemoveNode, MoveNode>;

// Applies the edits in order to `spans` (text and offsets). All or nothing: false, and
// `spans` untouched, when some edit cannot be made in place (a field not written, an empty
// chain, ...); the caller then rewrites the section.
[[nodiscard]] bool splice(MappingSpans& spans, const std::vector<MappingTextEdit>& edits);

}  // namespace af::mapping_edit
