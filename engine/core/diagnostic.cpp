#include "core/diagnostic.h"

#include <fmt/format.h>

namespace af::core {

std::string SourceLocation::to_string() const {
  if (file.empty() && line == 0) return "<input>";
  std::string out = file.empty() ? "<input>" : file;
  if (line > 0) out += fmt::format(":{}", line);
  if (line > 0 && column > 0) out += fmt::format(":{}", column);
  return out;
}

std::string SourceLocation::include_chain() const {
  std::string out;
  for (const SourceLocation* at = included_at.get(); at != nullptr; at = at->included_at.get())
    out += fmt::format("{}included from {}", out.empty() ? " (" : ", ", at->to_string());
  return out.empty() ? out : out + ")";
}

SourceLocation with_outer_include(const SourceLocation& where, const SourceLocation& place) {
  SourceLocation out = where;
  out.included_at = std::make_shared<const SourceLocation>(
      where.included_at ? with_outer_include(*where.included_at, place) : place);
  return out;
}

std::string Diagnostic::to_string() const {
  const char* kind = severity == Severity::Error ? "error" : "warning";
  const std::string text = field.empty()
                               ? fmt::format("{}: {}: {}", where.to_string(), kind, message)
                               : fmt::format("{}: {}: {}: {}", where.to_string(), kind, field, message);
  return text + where.include_chain();
}

std::vector<Diagnostic> included_from(std::vector<Diagnostic> diagnostics, const SourceLocation& place) {
  for (auto& d : diagnostics) d.where = with_outer_include(d.where, place);
  return diagnostics;
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

}  // namespace af::core
