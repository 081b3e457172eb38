// resolve_structural_tags: what AccelForge's YAML constructors do for its four custom tags.
#include <fmt/format.h>

#include <algorithm>
#include <filesystem>

#include "text/yaml/spec_loader.h"

namespace af::spec {
namespace {

namespace fs = std::filesystem;

// The scalar argument of a tag; AccelForge strips one trailing comma (`!include a.yaml,`).
std::string tag_argument(const YamlNode& node) {
  if (!node.is_scalar() || node.text().empty())
    throw_yaml_error(node.location(), fmt::format("{} needs a path or name after it, got {}", node.tag(),
                                                  node.describe()));
  std::string arg = node.text();
  if (arg.back() == ',') arg.pop_back();
  return arg;
}

std::string relative_to(const std::string& including_file, const std::string& arg) {
  const fs::path p(arg);
  if (p.is_absolute()) return arg;
  return (fs::path(including_file).parent_path() / p).lexically_normal().string();
}

std::vector<YamlNode> load_directory(const YamlNode& node, const std::string& dir, const RenderFn& render,
                                     const IncludeStore& store) {
  std::error_code ec;
  if (!fs::is_directory(dir, ec))
    throw_yaml_error(node.location(), fmt::format("!includedir: '{}' is not a directory", dir));
  std::vector<std::string> files;
  for (const auto& entry : fs::directory_iterator(dir, ec))
    if (entry.path().extension() == ".yaml" && entry.is_regular_file(ec)) files.push_back(entry.path().string());
  std::sort(files.begin(), files.end());  // glob order is arbitrary in Python; sorted is reproducible
  std::vector<YamlNode> trees;
  for (const auto& f : files) trees.push_back(load_yaml_file(f, render, &store, store.limits));
  return trees;
}

void resolve(YamlNode& node, const std::string& path, const RenderFn& render, const IncludeStore& store) {
  const std::string& tag = node.tag();
  if (tag == "!include_loaded") {
    node = lookup_include_loaded(store, tag_argument(node), node.location());
    return;  // already processed when its own file was loaded
  }
  if (tag == "!include") {
    node = load_yaml_file(relative_to(path, tag_argument(node)), render, &store, store.limits);
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
      throw_yaml_error(node.location(),
                       fmt::format("!nomerge must be applied to a list or a mapping, not {}", node.describe()));
    node.set_tag({});
    node.set_no_merge(true);
  }
  for (YamlNode& item : node.items()) resolve(item, path, render, store);
  for (auto& e : node.entries()) resolve(e.value, path, render, store);
}

}  // namespace

void resolve_structural_tags(YamlNode& tree, const std::string& path, const RenderFn& render,
                             const IncludeStore& store) {
  resolve(tree, path, render, store);
}

}  // namespace af::spec
