// libFuzzer target for the YAML layer: parse, resolve in-memory tags, apply merge keys and
// round-trip through the emitter. Only the project's own error type may escape the layer;
// anything else (a crash, a sanitizer report, another exception) is a finding.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <string_view>

#include "core/diagnostic.h"
#include "text/yaml/include_store.h"
#include "text/yaml/spec_loader.h"
#include "text/yaml/yaml_merge.h"
#include "text/yaml/yaml_parse.h"

namespace {

// `!include`/`!includedir` would read files; the fuzzer exercises !include_loaded instead.
bool has_file_tags(const af::text::yaml::YamlNode& node) {
  if (node.tag() == "!include" || node.tag() == "!includedir") return true;
  for (const auto& item : node.items())
    if (has_file_tags(item)) return true;
  for (const auto& e : node.entries())
    if (has_file_tags(e.value)) return true;
  return false;
}

// same_tree, except that a plain scalar the emitter had to quote (a multi-line plain scalar,
// say) may come back quoted: that is the emitter's documented behaviour.
bool same_after_round_trip(const af::text::yaml::YamlNode& a, const af::text::yaml::YamlNode& b) {
  using Kind = af::text::yaml::YamlNode::Kind;
  if (a.kind() != b.kind() || a.tag() != b.tag() || a.no_merge() != b.no_merge()) return false;
  if (a.kind() == Kind::Scalar) {
    if (a.text() != b.text()) return false;
    if (a.quoted() == b.quoted()) return true;
    return !a.quoted() && af::text::yaml::YamlNode::scalar(a.text()).to_yaml_string().starts_with('"');
  }
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.items().size(); ++i)
    if (!same_after_round_trip(a.items()[i], b.items()[i])) return false;
  for (std::size_t i = 0; i < a.entries().size(); ++i)
    if (a.entries()[i].key != b.entries()[i].key || !same_after_round_trip(a.entries()[i].value, b.entries()[i].value))
      return false;
  return true;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  af::text::yaml::ParseLimits limits;
  limits.max_nodes = 100'000;  // keep alias expansion cheap per input
  try {
    af::text::yaml::YamlNode tree = af::text::yaml::parse_yaml(text, "fuzz.yaml", limits);
    if (has_file_tags(tree)) return 0;
    // A stored include (resolved, like every real one) for `!include_loaded fuzz_input_0...`.
    af::text::yaml::IncludeStore store;
    (void)af::text::yaml::store_include(store, "fuzz_input.yaml",
                                  af::text::yaml::parse_yaml("a: {b: [1, {c: 2}]}\nl: [x]\n", "stored.yaml"), "");
    af::text::yaml::resolve_structural_tags(tree, "fuzz.yaml", af::text::yaml::render_identity, store);
    af::text::yaml::apply_merge_keys(tree);
    // The emitter must write what the parser reads back as the same tree.
    const std::string written = tree.to_yaml_string();
    af::text::yaml::YamlNode again = af::text::yaml::parse_yaml(written, "written.yaml");
    af::text::yaml::resolve_structural_tags(again, "written.yaml", af::text::yaml::render_identity, store);
    if (!same_after_round_trip(tree, again)) std::abort();
  } catch (const af::core::SpecError&) {
    // Invalid input reported properly.
  }
  return 0;
}
