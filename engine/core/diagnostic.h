#pragma once
// Errors are values: a Diagnostic names the place, the field and what is wrong.
#include <stdexcept>
#include <string>
#include <vector>

#include "core/source_location.h"

namespace af::core {

enum class Severity { Error, Warning };

struct Diagnostic {
  SourceLocation where;
  std::string field;    // dotted field path, e.g. "arch.nodes[2].size"; may be empty
  std::string message;  // what is wrong, with a "did you mean X?" where one is near
  Severity severity = Severity::Error;

  // "file:line:column: error: field: message (included from other.yaml:3:9)"
  [[nodiscard]] std::string to_string() const;
};

// Adds `place` (the include that brought in the file the diagnostics are in) to each of them.
[[nodiscard]] std::vector<Diagnostic> included_from(std::vector<Diagnostic> diagnostics,
                                                    const SourceLocation& place);

// Thrown by the frontend when input is invalid; carries every error found.
class SpecError : public std::runtime_error {
 public:
  explicit SpecError(std::vector<Diagnostic> diagnostics);
  explicit SpecError(Diagnostic diagnostic);
  [[nodiscard]] const std::vector<Diagnostic>& diagnostics() const { return diagnostics_; }

 private:
  std::vector<Diagnostic> diagnostics_;
};

}  // namespace af::core
