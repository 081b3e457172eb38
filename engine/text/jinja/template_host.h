#pragma once
// What the Jinja renderer needs from its surroundings: loading included YAML files (the
// YAML loader does that) and file-system access (overridable for tests and fuzzing).
#include <cstddef>
#include <string>
#include <vector>

#include "text/expr/evaluator.h"
#include "text/expr/value.h"
#include "core/source_location.h"

namespace af::text::jinja {

// Settings of one render; nested renders (include_text, and includes through the host)
// get a copy with depth + 1 and the file appended to include_chain.
struct RenderOptions {
  std::vector<std::string> include_dirs;   // search dirs inherited from the including file
  std::vector<std::string> include_chain;  // real paths of the files being rendered (cycle check)
  int depth = 0;
  int max_depth = 32;
  std::size_t max_output = 64u << 20;  // bytes of rendered text per file
  text::expr::EvalBudget* budget = nullptr;        // shared by nested renders; nullptr = a fresh one
};

// One `include(...)` / `include_all(...)` call.
struct IncludeRequest {
  std::vector<std::string> paths;  // resolved real paths (exactly one for include())
  bool all = false;                // include_all(): store a list when several files match
  std::string name;                // where to store the loaded tree, e.g. "gpt3_175B_0"
  std::string indices;             // dotted keys after the name (leading dots removed)
  text::expr::Value child_data;                // dict: parent data + context variables + keyword args
  RenderOptions child_options;     // pass to render_file() for each path
  core::SourceLocation where;            // the include() call
};

class TemplateHost {
 public:
  virtual ~TemplateHost() = default;
  // Render + parse every path and store the result under request.name (a list when
  // request.all and several paths). The renderer pastes "!include_loaded name[.indices]".
  virtual void include(const IncludeRequest& request) = 0;

  // File access; the defaults use the real file system.
  [[nodiscard]] virtual std::string read_file(const std::string& path);
  // Existing paths matching a glob pattern (*, ?, [..]; a pattern without them matches itself
  // if it exists), sorted.
  [[nodiscard]] virtual std::vector<std::string> glob(const std::string& pattern);
  [[nodiscard]] virtual bool exists(const std::string& path);
  // os.path.realpath(os.path.abspath(path)): absolute, symlinks resolved where they exist.
  [[nodiscard]] virtual std::string real_path(const std::string& path);
};

// A host without YAML includes (include()/include_all() fail); include_text etc. work.
class FileSystemHost : public TemplateHost {
 public:
  void include(const IncludeRequest& request) override;
};

}  // namespace af::text::jinja
