#pragma once
// Loading spec files the way AccelForge's loader does after Jinja: render (through a
// callback, so this layer does not depend on the Jinja engine) -> parse -> structural tags
// (!include, !includedir, !include_loaded, !nomerge) -> `<<`/`<<<` merges -> combine files.
#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "core/diagnostic.h"
#include "text/yaml/include_store.h"
#include "text/yaml/yaml_node.h"

namespace af::text::yaml {

// Renders the text of the file at `path`. A Jinja renderer implements include() by calling
// load_yaml_file(child, child_render, &store) and then store_include(store, path, tree, indices).
using RenderFn =
    std::function<std::string(std::string_view text, const std::string& path, IncludeStore& store)>;

// A renderer that returns the text unchanged (files without Jinja; tests).
[[nodiscard]] std::string render_identity(std::string_view text, const std::string& path,
                                          IncludeStore& store);

// Loads one file into a tree: read, render, parse, resolve tags, apply merges.
// `parent` is the store of the file whose include() or `!include` asked for this one (null at
// top level); it carries the include chain (cycles and too-deep nesting are errors naming
// the chain) and the limits. Relative `path`s are taken as given.
[[nodiscard]] YamlNode load_yaml_file(const std::string& path, const RenderFn& render,
                                      const IncludeStore* parent = nullptr, const ParseLimits& limits = {});

// Resolves the structural tags of a parsed tree in place. `path` is the file the tree came
// from (`!include x` is relative to its directory); `store` holds its include() results.
void resolve_structural_tags(YamlNode& tree, const std::string& path, const RenderFn& render,
                             const IncludeStore& store);

// Records `place` (an `!include` or include() call) as the outermost include of every node of
// `tree`, so that errors found in it later also name where it was included.
void mark_included(YamlNode& tree, const core::SourceLocation& place);

// Several files' top-level maps combined, first key wins; a later duplicate key is dropped
// with a warning. Every tree must be a map (null: "file is empty").
[[nodiscard]] YamlNode combine_top_level(const std::vector<YamlNode>& trees,
                                         std::vector<core::Diagnostic>& warnings);

struct LoadedSpec {
  YamlNode root;                   // the combined top-level mapping
  std::vector<std::string> files;  // files loaded, in order (globs expanded, duplicates dropped)
  std::vector<core::Diagnostic> warnings;
};

// Each of `paths` may be a file or a glob pattern (no match: error). Files that are the same
// file are loaded once; names not ending in .yaml/.jinja/.jinja2 are loaded with a warning.
// `render` is called for every file with that file's own IncludeStore.
[[nodiscard]] LoadedSpec load_spec_files(const std::vector<std::string>& paths, const RenderFn& render,
                                         const ParseLimits& limits = {});

}  // namespace af::text::yaml
