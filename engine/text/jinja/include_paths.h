#pragma once
// AccelForge's include path rules (util/_yaml.py find_paths/find_path).
#include <string>
#include <vector>

#include "text/jinja/template_host.h"

namespace af::text::jinja {

// Every match of `pattern` joined to each search location (the current file's directory,
// then `include_dirs`; an absolute pattern is used as is), globbed, as real paths,
// de-duplicated in order. Throws ExpressionError when nothing matches.
[[nodiscard]] std::vector<std::string> find_paths(TemplateHost& host, const std::string& pattern,
                                                  const std::string& current_file,
                                                  const std::vector<std::string>& include_dirs);

// The first search location where the joined path exists (no globbing).
[[nodiscard]] std::string find_path(TemplateHost& host, const std::string& path, const std::string& current_file,
                                    const std::vector<std::string>& include_dirs);

}  // namespace af::text::jinja
