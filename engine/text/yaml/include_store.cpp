#include "text/yaml/include_store.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <cctype>
#include <charconv>
#include <filesystem>

#include "core/closest_name.h"

namespace af::text::yaml {
namespace {

bool is_word_char(char c) { return std::isalnum(static_cast<unsigned char>(c)) != 0 || c == '_'; }

std::vector<std::string_view> split_dots(std::string_view dotted) {
  std::vector<std::string_view> parts;
  std::size_t start = 0;
  while (true) {
    const std::size_t dot = dotted.find('.', start);
    parts.push_back(dotted.substr(start, dot == std::string_view::npos ? dotted.npos : dot - start));
    if (dot == std::string_view::npos) return parts;
    start = dot + 1;
  }
}

std::string_view strip_leading_dots(std::string_view s) {
  while (!s.empty() && s.front() == '.') s.remove_prefix(1);
  return s;
}

// One step of an !include_loaded path: a map key, or an index into a list.
YamlNode step(const YamlNode& node, std::string_view key, std::string_view dotted, const core::SourceLocation& where) {
  if (node.is_map()) {
    if (const YamlNode* v = node.find(key)) return *v;
    throw_yaml_error(where, fmt::format("!include_loaded {}: '{}' not found; keys are: {}{}", dotted, key,
                                        fmt::join(node.keys(), ", "), core::did_you_mean(key, node.keys())));
  }
  if (node.is_sequence()) {
    std::size_t index = 0;
    const auto [end, ec] = std::from_chars(key.data(), key.data() + key.size(), index);
    if (ec != std::errc{} || end != key.data() + key.size())
      throw_yaml_error(where, fmt::format("!include_loaded {}: '{}' is not a list index", dotted, key));
    if (index >= node.items().size())
      throw_yaml_error(where, fmt::format("!include_loaded {}: index {} is out of range (the list has {} items)",
                                          dotted, index, node.items().size()));
    return node.items()[index];
  }
  throw_yaml_error(where, fmt::format("!include_loaded {}: cannot look up '{}' in {}", dotted, key,
                                      node.describe()));
}

std::string loaded_text(const std::string& name, std::string_view indices) {
  const std::string_view rest = strip_leading_dots(indices);
  return rest.empty() ? "!include_loaded " + name : fmt::format("!include_loaded {}.{}", name, rest);
}

}  // namespace

std::string include_name(const std::string& including_file, int counter) {
  // Python: basename.rsplit(".", 1)[0] + "_" + counter, then every non-word character removed.
  std::string stem = std::filesystem::path(including_file).filename().string();
  if (const auto dot = stem.rfind('.'); dot != std::string::npos) stem.resize(dot);
  std::string name;
  for (const char c : stem + "_" + std::to_string(counter))
    if (is_word_char(c)) name += c;
  return name;
}

std::string store_include(IncludeStore& store, const std::string& including_file, YamlNode tree,
                          std::string_view indices) {
  const std::string name = include_name(including_file, store.counter++);
  store.trees.insert_or_assign(name, StoredInclude{std::move(tree), false});
  return loaded_text(name, indices);
}

std::string store_include_all(IncludeStore& store, const std::string& including_file,
                              std::vector<YamlNode> trees, std::string_view indices) {
  if (trees.size() == 1) return store_include(store, including_file, std::move(trees.front()), indices);
  const std::string name = include_name(including_file, store.counter++);
  YamlNode list = YamlNode::sequence({including_file, 0, 0});
  for (YamlNode& t : trees) list.push_back(std::move(t));
  store.trees.insert_or_assign(name, StoredInclude{std::move(list), true});
  return loaded_text(name, indices);
}

YamlNode lookup_include_loaded(const IncludeStore& store, std::string_view dotted, const core::SourceLocation& where) {
  const std::vector<std::string_view> parts = split_dots(dotted);
  const auto it = store.trees.find(parts.front());
  if (it == store.trees.end()) {
    std::vector<std::string> names;
    for (const auto& [name, stored] : store.trees) names.push_back(name);
    throw_yaml_error(where, fmt::format("!include_loaded {}: no included tree named '{}'{}", dotted,
                                        parts.front(), core::did_you_mean(parts.front(), names)));
  }
  YamlNode found = it->second.tree;
  for (std::size_t i = 1; i < parts.size(); ++i) {
    if (it->second.each_element) {
      for (YamlNode& element : found.items()) element = step(element, parts[i], dotted, where);
    } else {
      found = step(found, parts[i], dotted, where);
    }
  }
  return found;
}

}  // namespace af::text::yaml
