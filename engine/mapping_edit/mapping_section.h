#pragma once
// One file's `mapping:` section on its own: read (rendering its Jinja with the project's
// data) into the typed Mapping the tree editor shows even while other files are invalid, with
// where each node is written (mapping_text.h: edits splice there), and written back whole
// from an edited tree with every other line of the file kept byte for byte.
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/diagnostic.h"
#include "mapping_edit/mapping_text.h"
#include "spec/mapping.h"
#include "text/expr/value.h"
#include "text/yaml/yaml_node.h"

namespace af::mapping_edit {

// True when the text carries Jinja ({% %}, {{ }}, {# #}): it must be rendered before
// parsing, and regenerating it from a tree would drop the template.
[[nodiscard]] bool contains_jinja(std::string_view text);

// True when the text has a top-level `mapping:` key (a cheap line test, no parse).
[[nodiscard]] bool has_mapping_section(std::string_view text);

struct MappingSection {
  std::optional<spec::Mapping> mapping;       // nullopt when the section does not read
  std::vector<core::Diagnostic> diagnostics;  // why it does not
  bool templated = false;                     // the text carries Jinja
  std::string rendered;  // the text after Jinja (empty if it needs YAML includes): kept on regenerate
  // Where each node is written in the text (plain YAML only): tree edits splice there.
  std::optional<MappingSpans> spans;
};

// The section of `text` read on its own (Jinja with `data`, includes, tags), as the tree editor
// shows it even when another file of the spec breaks the load. Never throws.
[[nodiscard]] MappingSection read_mapping_section_with_data(const std::string& text, const std::string& file,
                                                            const text::expr::Dict& data);
// The section from a tree the loader already parsed (`section`: the `mapping:` node of `file`,
// whose text is `text`), so that a load that succeeded does not parse the file again.
[[nodiscard]] MappingSection mapping_section_of(const std::string& text, const std::string& file,
                                                const text::yaml::YamlNode& section, const text::expr::Dict& data);
// The same with NAME=VALUE assignments, as `--set` gives them (a bad one is a diagnostic).
[[nodiscard]] MappingSection read_mapping_section(const std::string& text, const std::string& file,
                                                  const std::vector<std::string>& assignments);

// "mapping:\n  nodes:\n  - !Storage ..." for a tree.
[[nodiscard]] std::string write_mapping_section(const spec::Mapping& mapping);

// The top-level `mapping:` section of `text` as written (key line to the next top-level key),
// empty when there is none: what the editor shows of a mapping.
[[nodiscard]] std::string mapping_section_text(const std::string& text);

// `text` with its top-level `mapping:` section (from the key line to the next top-level key)
// replaced by `section`, which starts with "mapping:"; appended when the key is absent. Lines
// outside the section are kept byte for byte. A line scan, not a parse: cheap enough for
// the GUI thread. With `drop_comment_above`, the comment lines directly above the key (no blank
// line between) go too: they describe the old mapping ("# Unfused, output stationary"), which a
// mapping from the mapper replaces; a tree edit keeps them.
[[nodiscard]] std::string replace_mapping_section(const std::string& text, const std::string& section,
                                                  bool drop_comment_above = false);

}  // namespace af::mapping_edit
