#pragma once
// Parsing one rendered YAML text into a YamlNode tree (no tags processed, no merges).
#include <cstddef>
#include <map>
#include <memory>
#include <string>
#include <string_view>

#include "text/yaml/yaml_node.h"
#include "core/bounded_read.h"

namespace af::text::yaml {

// Limits that keep hostile or broken input from exhausting the stack or memory.
struct ParseLimits {
  std::size_t max_bytes = core::kMaxSpecFileBytes;  // size of the text
  int max_depth = 200;                              // nesting of lists/maps (yaml-cpp recurses per level)
  std::size_t max_nodes = 2'000'000;                // after expanding aliases ("billion laughs")
  // Texts that stand in for files' contents, by path as given (the explorer's unsaved editor
  // buffers). Not owned; null = read every file from disk.
  const std::map<std::string, std::string>* text_overrides = nullptr;

  // The per-file limits do not stop one file from including a large file many times (eight
  // includes of a 2-million-node file took 7 GB): the files of one load and everything they
  // include share these totals. `used` is shared by the copies included files get; null
  // means only the per-file limits apply (load_spec_files sets it).
  struct Used {
    std::size_t bytes = 0;
    std::size_t nodes = 0;
    // Every file read, by path as given, with its text: the files a spec includes are known
    // only once the renderer has run, and the variable scan reads them too.
    std::map<std::string, std::string> texts;
  };
  std::shared_ptr<Used> used;
  std::size_t max_total_bytes = 4 * core::kMaxSpecFileBytes;
  std::size_t max_total_nodes = 2'000'000;
};

// Parses `text` (already Jinja-rendered) as one YAML document. Positions are 1-based and
// name `file_name`. An empty or comment-only text gives a null node. Errors throw SpecError
// with file:line:column; nothing in the input can crash or hang the parser.
[[nodiscard]] YamlNode parse_yaml(std::string_view text, const std::string& file_name,
                                  const ParseLimits& limits = {});

}  // namespace af::text::yaml
