#pragma once
// Where a piece of spec text came from; every diagnostic carries one.
#include <string>

namespace af::spec {

struct SourceLocation {
  std::string file;  // as given by the user (relative paths stay relative)
  int line = 0;      // 1-based; 0 = unknown
  int column = 0;    // 1-based; 0 = unknown

  [[nodiscard]] bool known() const { return line > 0; }
  // "file:line:column" (parts that are unknown are left out).
  [[nodiscard]] std::string to_string() const;
};

}  // namespace af::spec
