#pragma once
// Iteration-space helper on isl: box-hull bounds per rank variable and exact point count.
#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace af::spec {

struct IterationSpace {
  // Box hull per rank variable: max - min + 1 (what the model uses; README: Rank-variable bounds).
  std::map<std::string, std::int64_t> bounds;
  // Exact number of integer points (e.g. a triangular cut counts less than the box), when it
  // fits in 64 bits; 0 when it does not (a matmul of three 2^21 ranks has 2^63 points).
  std::int64_t n_points = 0;
  // The exact number of points in decimal, at any size.
  std::string points;

  [[nodiscard]] bool count_fits_int64() const { return std::to_string(n_points) == points; }
};

// `constraints` is an isl condition over `rank_variables`, e.g.
// "0 <= p1 + r0 < 28 and 0 <= r0 < 3". Throws std::invalid_argument if isl cannot parse
// it, if the set is unbounded, empty or has parameters (isl counting silently gives 0), if a
// bound does not fit in 64 bits, or if counting would take more work than a fixed budget.
// Boxes and shapes whose rank variables couple at most in pairs (triangles, convolution
// windows) are counted in closed form; see lattice_points.h.
IterationSpace analyze_iteration_space(const std::string& constraints,
                                       const std::vector<std::string>& rank_variables);

}  // namespace af::spec
