#include "core/diagnostic.h"

#include <fmt/format.h>

namespace af::spec {

std::string SourceLocation::to_string() const {
  if (file.empty() && line == 0) return "<input>";
  std::string out = file.empty() ? "<input>" : file;
  if (line > 0) out += fmt::format(":{}", line);
  if (line > 0 && column > 0) out += fmt::format(":{}", column);
  return out;
}

std::string Diagnostic::to_string() const {
  const char* kind = severity == Severity::Error ? "error" : "warning";
  if (field.empty()) return fmt::format("{}: {}: {}", where.to_string(), kind, message);
  return fmt::format("{}: {}: {}: {}", where.to_string(), kind, field, message);
}

namespace {
std::string join_messages(const std::vector<Diagnostic>& diagnostics) {
  std::string out;
  for (const auto& d : diagnostics) {
    if (!out.empty()) out += '\n';
    out += d.to_string();
  }
  return out;
}
}  // namespace

SpecError::SpecError(std::vector<Diagnostic> diagnostics)
    : std::runtime_error(join_messages(diagnostics)), diagnostics_(std::move(diagnostics)) {}

SpecError::SpecError(Diagnostic diagnostic) : SpecError(std::vector<Diagnostic>{std::move(diagnostic)}) {}

}  // namespace af::spec
