// resolve_structural_tags: what AccelForge's YAML constructors do for its four custom tags.
#include <fmt/format.h>

#include <algorithm>
#include <filesystem>
#include <map>
#include <memory>

#include "text/yaml/spec_loader.h"

using af::core::SourceLocation;

namespace af::text::yaml {
namespace {

namespace fs = std::filesystem;

// The scalar argument of a tag; AccelForge strips one trailing comma (`!include a.yaml,`).
std::string tag_argument(const YamlNode& node) {
  if (!node.is_scalar() || node.text().empty())
    throw_yaml_error(node.location(),
                     fmt::format("{} needs a path or name after it, got {}", node.tag(), node.describe()));
  std::string arg = node.text();
  if (arg.back() == ',') arg.pop_back();
  return arg;
}

std::string relative_to(const std::string& including_file, const std::string& arg) {
  const fs::path p(arg);
  std::string out =
      p.is_absolute() ? arg : (fs::path(including_file).parent_path() / p).lexically_normal().string();
  if (out.size() > 1 && out.back() == '/') out.pop_back();  // "dir/." normalises to "dir/"
  return out;
}

// An included file's errors, its absence included, also name the `!include` that asked for it;
// so do errors found later in what it holds (its nodes carry the place).
YamlNode load_included(const std::string& file, const SourceLocation& place, const RenderFn& render,
                       const IncludeStore& store) {
  try {
    YamlNode tree = load_yaml_file(file, render, &store, store.limits);
    mark_included(tree, place);
    return tree;
  } catch (const core::SpecError& e) {
    throw core::SpecError(core::included_from(e.diagnostics(), place));
  }
}

std::vector<YamlNode> load_directory(const YamlNode& node, const std::string& dir, const RenderFn& render,
                                     const IncludeStore& store) {
  std::error_code ec;
  if (!fs::is_directory(dir, ec))
    throw_yaml_error(node.location(), fmt::format("!includedir: '{}' is not a directory", dir));
  std::vector<std::string> files;
  for (const auto& entry : fs::directory_iterator(dir, ec))
    if (entry.path().extension() == ".yaml" && entry.is_regular_file(ec))
      files.push_back(entry.path().string());
  std::sort(files.begin(), files.end());  // glob order is arbitrary in Python; sorted is reproducible
  std::vector<YamlNode> trees;
  for (const auto& f : files) trees.push_back(load_included(f, node.location(), render, store));
  return trees;
}

void resolve(YamlNode& node, const std::string& path, const RenderFn& render, const IncludeStore& store) {
  const std::string& tag = node.tag();
  if (tag == "!include_loaded") {
    node = lookup_include_loaded(store, tag_argument(node), node.location());
    return;  // already processed when its own file was loaded
  }
  if (tag == "!include") {
    node = load_included(relative_to(path, tag_argument(node)), node.location(), render, store);
    return;
  }
  if (tag == "!includedir") {
    YamlNode list = YamlNode::sequence(node.location());
    for (YamlNode& t : load_directory(node, relative_to(path, tag_argument(node)), render, store))
      list.push_back(std::move(t));
    node = std::move(list);
    return;
  }
  if (tag == "!nomerge") {
    if (!node.is_map() && !node.is_sequence())
      throw_yaml_error(node.location(), fmt::format("!nomerge must be applied to a list or a mapping, not {}",
                                                    node.describe()));
    node.set_tag({});
    node.set_no_merge(true);
  }
  for (YamlNode& item : node.items()) resolve(item, path, render, store);
  for (auto& e : node.entries()) resolve(e.value, path, render, store);
}

}  // namespace

namespace {

// Nodes of one file share one include chain; extend each distinct chain once.
class IncludeMarker {
 public:
  explicit IncludeMarker(const SourceLocation& place) : place_(place) {}

  void mark(YamlNode& node) {
    SourceLocation where = node.location();
    extend(where);
    node.set_location(std::move(where));
    for (YamlNode& item : node.items()) mark(item);
    if (node.is_map())
      for (auto& e : node.entries()) {
        extend(e.key_location);
        mark(e.value);
      }
  }

 private:
  void extend(SourceLocation& where) {
    auto& chain = chains_[where.included_at.get()];
    if (!chain) chain = core::with_outer_include(where, place_).included_at;
    where.included_at = chain;
  }

  const SourceLocation& place_;
  std::map<const SourceLocation*, std::shared_ptr<const SourceLocation>> chains_;
};

}  // namespace

void mark_included(YamlNode& tree, const SourceLocation& place) { IncludeMarker(place).mark(tree); }

void resolve_structural_tags(YamlNode& tree, const std::string& path, const RenderFn& render,
                             const IncludeStore& store) {
  resolve(tree, path, render, store);
}

}  // namespace af::text::yaml
