#pragma once
// Renders a Jinja template the way AccelForge's loader does (text/README.md, 'Jinja'):
// StrictUndefined, no trim/lstrip, trailing newline dropped, `{% assert %}`, and the
// globals include/include_all/include_text/add_to_path/find_path/find_paths/path_exists/cwd.
#include <string>
#include <string_view>
#include <vector>

#include "core/diagnostic.h"
#include "text/expr/value.h"
#include "text/jinja/template_host.h"

namespace af::text::jinja {

// `data` is a dict (or None). `file_path` locates relative includes and names the file in
// errors. `host` may be nullptr (then include()/include_all() fail).
// Throws SpecError located at file:line:column of the failing construct.
// Rendered text plus, for each output line, the template line it came from (index 0 = output
// line 1), so errors found in the rendered YAML can point at the file the user wrote.
struct RenderedText {
  std::string text;
  std::vector<int> line_map;
};
[[nodiscard]] RenderedText render_template_mapped(std::string_view text, const std::string& file_path,
                                                  const text::expr::Value& data, TemplateHost* host,
                                                  const RenderOptions& options = {});

[[nodiscard]] std::string render_template(std::string_view text, const std::string& file_path,
                                          const text::expr::Value& data, TemplateHost* host,
                                          const RenderOptions& options = {});

// Reads `path` through the host (or the file system) and renders it.
[[nodiscard]] std::string render_file(const std::string& path, const text::expr::Value& data, TemplateHost* host,
                                      const RenderOptions& options = {});

}  // namespace af::text::jinja
