#pragma once
// Files + Jinja data -> merged YAML tree -> Spec: the whole frontend behind one call.
#include <map>
#include <string>
#include <vector>

#include "components/cost_table.h"
#include "loader/spec_builder.h"
#include "text/expr/value.h"

namespace af::loader {

// `NAME=VALUE` assignments (`--set`), values read as YAML scalars (`DECODE=False` is a bool,
// `M=64` an int, `X="a b"` a string). Throws SpecError naming the bad assignment.
[[nodiscard]] text::expr::Dict parse_assignments(const std::vector<std::string>& assignments);

struct LoadedTree {
  text::yaml::YamlNode root;
  std::vector<std::string> files;
  std::vector<core::Diagnostic> warnings;
};

// Texts that replace files' contents (unsaved editor buffers), by path as given.
using UnsavedTexts = std::map<std::string, std::string>;

// Every file a load read (the given ones and all they include), by path, with its text; filled
// also when the load fails, so that a caller can list what an included file needs.
using TextsRead = std::map<std::string, std::string>;

// Renders every file with `data` (Jinja), parses, resolves tags and merges the files
// (first key wins). Throws SpecError.
[[nodiscard]] LoadedTree load_tree(const std::vector<std::string>& files, const text::expr::Dict& data,
                                   const UnsavedTexts* unsaved = nullptr, TextsRead* texts_read = nullptr);

// load_tree + build_spec; the tree's warnings are kept in Spec::warnings.
[[nodiscard]] spec::Spec load_spec(const std::vector<std::string>& files, const text::expr::Dict& data,
                             const ArchBuildOptions& options = {}, const UnsavedTexts* unsaved = nullptr,
                             TextsRead* texts_read = nullptr);

}  // namespace af::loader
