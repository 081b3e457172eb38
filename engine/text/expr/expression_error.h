#pragma once
// The one exception type of the expression and template engines. It knows where in the
// evaluated text the problem is (a byte offset), so callers can add their file/line offset.
#include <cstddef>
#include <optional>
#include <string>

#include "core/diagnostic.h"

namespace af::text::expr {

class ExpressionError : public core::SpecError {
 public:
  explicit ExpressionError(std::string message, std::optional<std::size_t> offset = std::nullopt);

  [[nodiscard]] const std::string& message() const { return message_; }
  // 0-based byte offset into the text that was parsed; nullopt when not known yet.
  [[nodiscard]] std::optional<std::size_t> offset() const { return offset_; }
  // 1-based column (offset + 1), 0 when unknown.
  [[nodiscard]] int column() const { return offset_ ? static_cast<int>(*offset_) + 1 : 0; }

  // The same error pinned to `offset` (used by the evaluator to attach the failing node).
  [[nodiscard]] ExpressionError at(std::size_t offset) const { return ExpressionError(message_, offset); }

 private:
  std::string message_;
  std::optional<std::size_t> offset_;
};

}  // namespace af::text::expr
