// load_yaml_file: one file from disk to a merged tree, with the include-recursion guard.
#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <filesystem>

#include "text/yaml/spec_loader.h"
#include "text/yaml/yaml_merge.h"
#include "text/yaml/yaml_parse.h"
#include "core/bounded_read.h"

namespace af::text::yaml {
namespace {

namespace fs = std::filesystem;

std::string read_text(const std::string& path, const ParseLimits& limits) {
  std::string text;
  const std::string* unsaved = nullptr;
  if (limits.text_overrides != nullptr)
    if (const auto it = limits.text_overrides->find(path); it != limits.text_overrides->end())
      unsaved = &it->second;
  if (unsaved != nullptr) {
    text = *unsaved;
  } else {
    try {
      text = core::read_file_bounded(path, limits.max_bytes);
    } catch (const core::ReadError& e) {
      throw_yaml_error({path, 0, 0}, e.what());
    }
  }
  if (limits.used) limits.used->texts.try_emplace(path, text);
  if (limits.used && (limits.used->bytes += text.size()) > limits.max_total_bytes)
    throw_yaml_error({path, 0, 0},
                     fmt::format("the spec files and what they include hold more than {} of text "
                                 "together (is a large file included many times?)",
                                 core::describe_bytes(limits.max_total_bytes)));
  return text;
}

std::string identity_of(const std::string& path) {
  std::error_code ec;
  const fs::path canonical = fs::weakly_canonical(path, ec);
  return ec ? fs::absolute(path).lexically_normal().string() : canonical.string();
}

// Rendered-text lines -> the lines of the file the user wrote (see IncludeStore).
int source_line(int rendered, const std::vector<int>& map) {
  if (rendered <= 0 || map.empty()) return rendered;
  return map[std::min<std::size_t>(static_cast<std::size_t>(rendered - 1), map.size() - 1)];
}

std::vector<core::Diagnostic> to_source_lines(std::vector<core::Diagnostic> diagnostics, const std::string& path,
                                        const std::vector<int>& map) {
  for (auto& d : diagnostics)
    if (d.where.file == path) d.where.line = source_line(d.where.line, map);
  return diagnostics;
}

void to_source_lines(YamlNode& node, const std::string& path, const std::vector<int>& map) {
  if (map.empty()) return;
  if (node.location().file == path) {
    core::SourceLocation where = node.location();
    where.line = source_line(where.line, map);
    node.set_location(std::move(where));
  }
  for (auto& item : node.items()) to_source_lines(item, path, map);
  if (node.is_map())
    for (auto& entry : node.entries()) {
      if (entry.key_location.file == path)
        entry.key_location.line = source_line(entry.key_location.line, map);
      to_source_lines(entry.value, path, map);
    }
}

}  // namespace

std::string render_identity(std::string_view text, const std::string&, IncludeStore&) {
  return std::string(text);
}

YamlNode load_yaml_file(const std::string& path, const RenderFn& render, const IncludeStore* parent,
                        const ParseLimits& limits) {
  IncludeStore store;
  store.limits = parent != nullptr ? parent->limits : limits;
  if (parent != nullptr) {
    store.include_chain = parent->include_chain;
    store.max_include_depth = parent->max_include_depth;
  }
  const std::string id = identity_of(path);
  const auto& chain = store.include_chain;
  if (std::find(chain.begin(), chain.end(), id) != chain.end())
    throw_yaml_error({path, 0, 0}, fmt::format("include cycle: {} -> {}", fmt::join(chain, " -> "), id));
  if (static_cast<int>(chain.size()) >= store.max_include_depth)
    throw_yaml_error({path, 0, 0}, fmt::format("includes are nested more than {} deep: {}",
                                               store.max_include_depth, fmt::join(chain, " -> ")));
  store.include_chain.push_back(id);

  const std::string text = read_text(path, store.limits);
  const std::string rendered = render(text, path, store);
  YamlNode tree;
  try {
    tree = parse_yaml(rendered, path, store.limits);
  } catch (const core::SpecError& e) {
    throw core::SpecError(to_source_lines(e.diagnostics(), path, store.rendered_line_map));
  }
  to_source_lines(tree, path, store.rendered_line_map);
  resolve_structural_tags(tree, path, render, store);
  apply_merge_keys(tree);
  return tree;
}

}  // namespace af::text::yaml
