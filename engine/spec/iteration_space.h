#pragma once
// Iteration-space helper on isl: box-hull bounds per rank variable and exact point count.
#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace af::spec {

struct IterationSpace {
  // Box hull per rank variable: max - min + 1 (what the model uses, §4).
  std::map<std::string, std::int64_t> bounds;
  // Exact number of integer points (e.g. a triangular cut counts less than the box).
  std::int64_t n_points = 0;
};

// `constraints` is an isl condition over `rank_variables`, e.g.
// "0 <= p1 + r0 < 28 and 0 <= r0 < 3". Throws std::invalid_argument if isl cannot parse
// it, or if the set is unbounded, empty or has parameters (isl counting silently gives 0).
IterationSpace analyze_iteration_space(const std::string& constraints,
                                       const std::vector<std::string>& rank_variables);

}  // namespace af::spec
