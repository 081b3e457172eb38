#pragma once
// Where a piece of spec text came from; every diagnostic carries one.
#include <memory>
#include <string>

namespace af::core {

struct SourceLocation {
  std::string file;  // as given by the user (relative paths stay relative)
  int line = 0;      // 1-based; 0 = unknown
  int column = 0;    // 1-based; 0 = unknown
  // The `!include` (or Jinja include()) that brought `file` in, itself possibly included.
  std::shared_ptr<const SourceLocation> included_at{};

  [[nodiscard]] bool known() const { return line > 0; }
  // "file:line:column" (parts that are unknown are left out).
  [[nodiscard]] std::string to_string() const;
  // " (included from a.yaml:3:7, included from b.yaml:1:1)", or "" when not included.
  [[nodiscard]] std::string include_chain() const;
};

// `where` with `place` added as the outermost include of its chain.
[[nodiscard]] SourceLocation with_outer_include(const SourceLocation& where, const SourceLocation& place);

}  // namespace af::core
