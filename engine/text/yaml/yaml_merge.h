#pragma once
// AccelForge's merge keys, applied bottom-up after parsing (util/_yaml.py merge_check):
//   `<<: v`  shallow: keys the mapping already has win; for a list of maps, earlier maps win.
//   `<<<: v` recursive: missing keys copied; map+map merged recursively; list+list
//            concatenated (own items first); other conflicts keep the own value; a list of
//            maps is first folded left to right by the same rule. `!nomerge` values are left alone.
// The result is a tree without merge keys.
#include "text/yaml/yaml_node.h"

namespace af::text::yaml {

// Processes every `<<`/`<<<` in `tree`, innermost first. Throws SpecError when a merge value
// is not a mapping (or list of mappings), or a mapping has more than one `<<` or `<<<`.
void apply_merge_keys(YamlNode& tree);

// The recursive `<<<` rule: merges `from` into `into` (both maps). Exposed for includes/tests.
void merge_recursive(YamlNode& into, const YamlNode& from);

}  // namespace af::text::yaml
