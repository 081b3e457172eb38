#pragma once
// The small string languages of workloads: affine index expressions (`p0 * 2 + r0`) and
// Einsum strings (`Z[b, m, g] = AV[b, m, h, f] * WZ[h, f, g]`).
#include <string>
#include <string_view>
#include <vector>

#include "spec/workload.h"

namespace af::loader {

// `2*p + r - 1`: integer coefficients and constants, `+ - *`, parentheses around constants.
// Throws ExpressionError (with the offset of the problem) on anything else.
[[nodiscard]] spec::AffineExpr parse_affine(std::string_view text);

// Rank-variable name rules of AccelForge: identifiers [a-zA-Z#$@][a-zA-Z0-9_]*.
[[nodiscard]] bool is_identifier(std::string_view text);

struct ParsedAccess {
  std::string tensor;
  std::vector<spec::ProjectionEntry> projection;
  bool output = false;
};

// The output access first, then each distinct input in order of appearance.
// Throws ExpressionError (offset into `text`) when malformed.
[[nodiscard]] std::vector<ParsedAccess> parse_einsum_string(std::string_view text);

// Upper-cases a rank variable into its rank name (`n0` -> `N0`).
[[nodiscard]] std::string rank_of(std::string_view rank_variable);

}  // namespace af::loader
