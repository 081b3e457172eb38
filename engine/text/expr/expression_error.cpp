#include "text/expr/expression_error.h"

namespace af::text::expr {

namespace {
core::Diagnostic make_diagnostic(const std::string& message, std::optional<std::size_t> offset) {
  core::Diagnostic d;
  d.message = message;
  if (offset) {
    d.where.line = 1;
    d.where.column = static_cast<int>(*offset) + 1;
  }
  return d;
}
}  // namespace

ExpressionError::ExpressionError(std::string message, std::optional<std::size_t> offset)
    : core::SpecError(make_diagnostic(message, offset)), message_(std::move(message)), offset_(offset) {}

}  // namespace af::text::expr
