#pragma once
// Replacing one top-level section (e.g. `mapping:`) of a YAML file's text, keeping every other
// line (other sections, leading comments) byte for byte.
#include <QString>

#include "text/yaml/yaml_node.h"

namespace af::ui {

// True when the text carries Jinja ({% %}, {{ }}, {# #}): it must be rendered before parsing
// and regenerating it from a tree would drop the template.
[[nodiscard]] bool containsJinja(const QString& text);

// `root` is parse_yaml(text). Lines from the `key:` line up to the next top-level key (or the
// end) are replaced by `section`, which starts with "key:". If the key is absent, `section`
// is appended; if root is no map, `section` replaces everything.
[[nodiscard]] QString replaceTopLevelSection(const QString& text, const spec::YamlNode& root,
                                             const std::string& key, const QString& section);

}  // namespace af::ui
