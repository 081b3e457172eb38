#include "loader/load.h"

#include <fmt/format.h>

#include "loader/evaluation.h"
#include "text/jinja/renderer.h"
#include "text/yaml/core_schema.h"
#include "text/yaml/spec_loader.h"

using af::text::expr::Dict;
using af::text::expr::Value;
using af::text::jinja::RenderOptions;
using af::text::yaml::IncludeStore;
using af::text::yaml::RenderFn;

namespace af::loader {

namespace {

RenderFn make_renderer(Value data, RenderOptions options);

// Jinja's include()/include_all(): load each file through the YAML loader (rendered with the
// child data) and keep the tree in the including file's store under the name the renderer chose.
class IncludingHost : public text::jinja::TemplateHost {
 public:
  explicit IncludingHost(IncludeStore& store) : store_(store) {}

  void include(const text::jinja::IncludeRequest& request) override {
    const RenderFn render = make_renderer(request.child_data, request.child_options);
    std::vector<text::yaml::YamlNode> trees;
    for (const auto& path : request.paths) {
      trees.push_back(text::yaml::load_yaml_file(path, render, &store_));
      text::yaml::mark_included(trees.back(), request.where);
    }
    text::yaml::StoredInclude stored;
    if (trees.size() == 1) {
      stored.tree = std::move(trees.front());
    } else {
      stored.tree = text::yaml::YamlNode::sequence(request.where);
      for (auto& t : trees) stored.tree.push_back(std::move(t));
      stored.each_element = true;
    }
    store_.trees[request.name] = std::move(stored);
  }

 private:
  IncludeStore& store_;
};

RenderFn make_renderer(Value data, RenderOptions options) {
  return [data = std::move(data), options = std::move(options)](
             std::string_view text, const std::string& path, IncludeStore& store) {
    IncludingHost host(store);
    text::jinja::RenderedText rendered = text::jinja::render_template_mapped(text, path, data, &host, options);
    store.rendered_line_map = std::move(rendered.line_map);
    return std::move(rendered.text);
  };
}

}  // namespace

Dict parse_assignments(const std::vector<std::string>& assignments) {
  Dict data;
  std::vector<core::Diagnostic> errors;
  for (const auto& a : assignments) {
    const auto eq = a.find('=');
    if (eq == std::string::npos || eq == 0) {
      errors.push_back(core::Diagnostic{
          {"--set", 0, 0}, "", fmt::format("'{}' is not of the form NAME=VALUE", a), core::Severity::Error});
      continue;
    }
    const std::string value = a.substr(eq + 1);
    const text::yaml::ScalarValue v = text::yaml::resolve_plain_scalar(value);
    Value parsed = scalar_value(v);
    data.set(a.substr(0, eq), std::move(parsed));
  }
  if (!errors.empty()) throw core::SpecError(std::move(errors));
  return data;
}

LoadedTree load_tree(const std::vector<std::string>& files, const Dict& data, const UnsavedTexts* unsaved,
                     TextsRead* texts_read) {
  text::yaml::ParseLimits limits;
  limits.text_overrides = unsaved;
  limits.used = std::make_shared<text::yaml::ParseLimits::Used>();
  const auto hand_over_texts = [&] {
    if (texts_read != nullptr) *texts_read = std::move(limits.used->texts);
  };
  try {
    text::yaml::LoadedSpec loaded = text::yaml::load_spec_files(files, make_renderer(Value(data), RenderOptions{}), limits);
    hand_over_texts();
    return {std::move(loaded.root), std::move(loaded.files), std::move(loaded.warnings)};
  } catch (...) {
    hand_over_texts();
    throw;
  }
}

spec::Spec load_spec(const std::vector<std::string>& files, const Dict& data, const ArchBuildOptions& options,
               const UnsavedTexts* unsaved, TextsRead* texts_read) {
  LoadedTree tree = load_tree(files, data, unsaved, texts_read);
  spec::Spec spec = build_spec(tree.root, options);
  spec.warnings.insert(spec.warnings.begin(), tree.warnings.begin(), tree.warnings.end());
  return spec;
}

}  // namespace af::loader
