// load_spec_files / combine_top_level: several spec files into one top-level mapping
// (text/README.md, 'Several files').
#include <fmt/format.h>
#include <glob.h>

#include <filesystem>
#include <memory>

#include "text/yaml/spec_loader.h"

using af::core::Diagnostic;

namespace af::text::yaml {
namespace {

namespace fs = std::filesystem;

bool has_glob_chars(const std::string& s) { return s.find_first_of("*?[") != std::string::npos; }

std::vector<std::string> expand(const std::string& pattern, const ParseLimits& limits) {
  // A path whose text is given (an editor's buffer) needs no file on disk.
  if (limits.text_overrides != nullptr && limits.text_overrides->contains(pattern)) return {pattern};
  if (!has_glob_chars(pattern)) {
    std::error_code ec;
    if (!fs::exists(pattern, ec)) throw_yaml_error({pattern, 0, 0}, "file not found");
    return {pattern};
  }
  glob_t found{};
  // RAII: globfree whatever glob() allocated, on every path out.
  const std::unique_ptr<glob_t, void (*)(glob_t*)> guard(&found, [](glob_t* g) { globfree(g); });
  const int rc = glob(pattern.c_str(), 0, nullptr, &found);
  if (rc != 0 || found.gl_pathc == 0) throw_yaml_error({pattern, 0, 0}, "no file matches this pattern");
  std::vector<std::string> out;
  for (std::size_t i = 0; i < found.gl_pathc; ++i) out.emplace_back(found.gl_pathv[i]);
  return out;
}

bool same_file(const std::string& a, const std::string& b) {
  std::error_code ec;
  const bool same = fs::equivalent(a, b, ec);
  return !ec && same;
}

bool spec_extension(const std::string& path) {
  const std::string ext = fs::path(path).extension().string();
  return ext == ".yaml" || ext == ".jinja" || ext == ".jinja2";
}

}  // namespace

YamlNode combine_top_level(const std::vector<YamlNode>& trees, std::vector<Diagnostic>& warnings) {
  YamlNode combined = YamlNode::map(trees.empty() ? core::SourceLocation{} : trees.front().location());
  for (const YamlNode& tree : trees) {
    if (tree.is_null())
      throw_yaml_error(tree.location(), "file is empty; a spec file must be a mapping such as 'arch: ...'");
    if (!tree.is_map())
      throw_yaml_error(tree.location(), fmt::format("the top level of a spec file must be a mapping, got {}",
                                                    tree.describe()));
    for (const auto& e : tree.entries()) {
      if (const YamlNode::Entry* first = combined.find_entry(e.key)) {
        warnings.push_back(Diagnostic{e.key_location, e.key,
                                      fmt::format("'{}' was already given at {}; this one is ignored "
                                                  "(files are not merged key by key)",
                                                  e.key, first->key_location.to_string()),
                                      core::Severity::Warning});
        continue;
      }
      combined.entries().push_back(e);
    }
  }
  return combined;
}

LoadedSpec load_spec_files(const std::vector<std::string>& paths, const RenderFn& render,
                           const ParseLimits& per_file) {
  ParseLimits limits = per_file;
  if (!limits.used) limits.used = std::make_shared<ParseLimits::Used>();  // one budget for the whole load
  LoadedSpec result;
  for (const auto& pattern : paths) {
    for (auto& file : expand(pattern, limits)) {
      const bool duplicate = std::any_of(result.files.begin(), result.files.end(),
                                         [&](const std::string& seen) { return same_file(seen, file); });
      if (duplicate) continue;
      // Standard input ("-") and pipes (/dev/fd/N from `<(...)`) have no name to choose.
      const bool piped = file == "-" || file.starts_with("/dev/") || file.starts_with("/proc/");
      if (!spec_extension(file) && !piped)
        result.warnings.push_back(
            Diagnostic{{file, 0, 0},
                       {},
                       "file name does not end in .yaml, .jinja or .jinja2; loading it anyway",
                       core::Severity::Warning});
      result.files.push_back(std::move(file));
    }
  }
  std::vector<YamlNode> trees;
  trees.reserve(result.files.size());
  for (const auto& file : result.files) {
    YamlNode tree = load_yaml_file(file, render, nullptr, limits);
    if (tree.is_null()) tree.set_location({file, 0, 0});
    trees.push_back(std::move(tree));
  }
  result.root = combine_top_level(trees, result.warnings);
  return result;
}

}  // namespace af::text::yaml
