#include "text/yaml/yaml_merge.h"

#include <fmt/format.h>

#include <utility>

namespace af::text::yaml {
namespace {

constexpr std::string_view shallow_key = "<<";
constexpr std::string_view recursive_key = "<<<";

// Folds a list of maps left to right into one map (earlier entries win conflicts); a map
// is returned as is. Anything else is an error at the merge value.
YamlNode merge_source(const YamlNode& value, bool recursive, std::string_view key) {
  if (value.is_map()) return value;
  if (!value.is_sequence())
    throw_yaml_error(value.location(),
                     fmt::format("expected a mapping or a list of mappings under '{}', got {}", key,
                                 value.describe()));
  YamlNode combined = YamlNode::map(value.location());
  for (const YamlNode& item : value.items()) {
    const YamlNode source = merge_source(item, recursive, key);
    if (recursive) {
      merge_recursive(combined, source);
    } else {
      for (const auto& e : source.entries())
        if (!combined.contains(e.key)) combined.entries().push_back(e);
    }
  }
  return combined;
}

void merge_shallow(YamlNode& into, const YamlNode& from) {
  for (const auto& e : from.entries())
    if (!into.contains(e.key)) into.entries().push_back(e);
}

void process(YamlNode& node);

// One mapping, following merge_check's loop: entries are processed in order; `<<<` merges
// at its position. Quirk kept on purpose (AccelForge does the same): an own list that comes
// *after* the `<<<` key is re-assigned from the loop's snapshot, which drops the items the
// merge appended; lists inside own maps are changed in place and keep them.
void process_map(YamlNode& map) {
  // `<<` is resolved by ruamel while constructing the mapping, i.e. before any `<<<`.
  if (const YamlNode::Entry* e = map.find_entry(shallow_key)) {
    YamlNode value = e->value;
    map.erase(shallow_key);
    process(value);
    merge_shallow(map, merge_source(value, false, shallow_key));
  }

  std::vector<std::string> snapshot = map.keys();
  for (std::size_t i = 0; i < snapshot.size(); ++i) {
    YamlNode* value = map.find(snapshot[i]);
    if (value == nullptr) continue;
    process(*value);
    if (snapshot[i] != recursive_key) continue;

    const YamlNode source = merge_source(*value, true, recursive_key);
    map.erase(recursive_key);
    std::vector<std::pair<std::string, YamlNode>> later_lists;  // the snapshot's originals
    for (std::size_t k = i + 1; k < snapshot.size(); ++k)
      if (const YamlNode* v = map.find(snapshot[k]); v != nullptr && v->is_sequence())
        later_lists.emplace_back(snapshot[k], *v);
    merge_recursive(map, source);
    for (auto& [key, original] : later_lists) *map.find(key) = std::move(original);
  }
}

void process(YamlNode& node) {
  if (node.is_sequence()) {
    for (YamlNode& item : node.items()) process(item);
  } else if (node.is_map()) {
    process_map(node);
  }
}

}  // namespace

void merge_recursive(YamlNode& into, const YamlNode& from) {
  for (const auto& e : from.entries()) {
    YamlNode* own = into.find(e.key);
    if (own == nullptr) {
      into.entries().push_back(e);
    } else if (own->no_merge()) {
      continue;
    } else if (own->is_map() && e.value.is_map()) {
      merge_recursive(*own, e.value);
    } else if (own->is_sequence() && e.value.is_sequence()) {
      for (const YamlNode& item : e.value.items()) own->items().push_back(item);
    }
  }
}

void apply_merge_keys(YamlNode& tree) { process(tree); }

}  // namespace af::text::yaml
