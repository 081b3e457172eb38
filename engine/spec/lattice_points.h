#pragma once
// Exact counts of the integer points of a bounded polytope {x : A x + c >= 0}, in closed form
// where variables couple at most in pairs (boxes, triangles, convolution windows) and by a
// bounded scan of rows otherwise. isl_set_count_val walks every row, which takes minutes for
// spaces a matmul of 2^21-sized ranks or a causal mask makes; this does not.
#include <cstddef>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

namespace af::spec {

// 128 bits: a count of 2^63 points (a matmul of three 2^21 ranks) is ordinary.
__extension__ typedef __int128 Wide;

// Σ coeffs[i] * x_i + constant >= 0.
struct Inequality {
  std::vector<Wide> coeffs;
  Wide constant = 0;
};

// Thrown when a count needs more work than its budget allows, more than 128 bits, or a shape
// this counter does not handle in closed form; the caller may try another method.
class CountUnavailable : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

struct CountBudget {
  // Rows (values of an outer variable) scanned where three or more variables couple.
  std::int64_t rows_left = 1'000'000;
  // Bounds on one variable in a coupled pair; breakpoints grow with their square.
  std::size_t max_pair_bounds = 64;
};

// Number of integer points of {x in Z^n_vars : every inequality holds}. Every variable must be
// bounded by single-variable inequalities (give the box hull too). Throws CountUnavailable.
[[nodiscard]] Wide count_lattice_points(const std::vector<Inequality>& system, std::size_t n_vars,
                                        CountBudget& budget);

// Decimal text of a 128-bit integer.
[[nodiscard]] std::string to_decimal(Wide value);

}  // namespace af::spec
