#pragma once
// Trees loaded by Jinja's include()/include_all(), kept by generated name for the
// `!include_loaded name.a.b` tags that the include() call leaves in the rendered text.
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "text/yaml/yaml_node.h"
#include "text/yaml/yaml_parse.h"

namespace af::text::yaml {

struct StoredInclude {
  YamlNode tree;
  // include_all() with several matching files: `tree` is a list and each dotted index
  // applies to every element (AccelForge's MultiIncludeWrapper).
  bool each_element = false;
};

// Per-file loading state handed to the render callback. One store belongs to one rendering
// of one file; included files get their own store (see load_yaml_file).
struct IncludeStore {
  std::map<std::string, StoredInclude, std::less<>> trees;
  int counter = 0;                         // next `<stem>_<counter>` name
  std::vector<std::string> include_chain;  // files being loaded, outermost first (cycle guard)
  ParseLimits limits;
  int max_include_depth = 32;
  // Set by a renderer that changes line numbers (Jinja): the source line of each rendered
  // line (index 0 = rendered line 1). Empty = rendered text lines are source lines.
  std::vector<int> rendered_line_map;
};

// `<stem of file>_<counter>` with non-word characters removed: "gpt3_6.7B.yaml", 0 -> "gpt3_67B_0".
[[nodiscard]] std::string include_name(const std::string& including_file, int counter);

// Stores `tree` under the next generated name of `store` and returns the text for the
// rendered YAML: "!include_loaded <name>" plus ".<indices>" when indices are given
// (leading dots in `indices` are ignored, as in AccelForge).
std::string store_include(IncludeStore& store, const std::string& including_file, YamlNode tree,
                          std::string_view indices);

// include_all(): one tree is stored as itself, several as a list indexed element-wise.
std::string store_include_all(IncludeStore& store, const std::string& including_file,
                              std::vector<YamlNode> trees, std::string_view indices);

// Resolves the argument of `!include_loaded` ("name.key.0.key") against `store`.
// Map steps look keys up; on lists a step must be an integer index. Errors are reported at
// `where` and name the step that failed, with the available keys.
[[nodiscard]] YamlNode lookup_include_loaded(const IncludeStore& store, std::string_view dotted,
                                             const core::SourceLocation& where);

}  // namespace af::text::yaml
