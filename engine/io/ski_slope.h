#pragma once
// The "ski slope" of a RESOURCE_USAGE run (AccelForge's plotting/skislope.py, after the
// Orojenesis paper): for one memory, the least energy, or the least traffic at its parent,
// attainable at each usage of it, as steps. An architect reads a buffer size off it in one
// run instead of a sweep. Made from a run's Pareto rows (pareto_set.h), so each step names
// the front mapping that reaches it; the window draws fused and unfused runs together.
#include <string>
#include <vector>

#include "io/pareto_set.h"

namespace af::io {

enum class SkiSlopeAxis { Energy, ParentTraffic };

struct SkiSlopeStep {
  double usage_bits = 0;    // the memory's peak reservation over the workload
  double energy = 0;        // J, the whole mapping's
  double parent_bits = 0;   // read and written at the memory's parent
  std::size_t mapping = 0;  // its row (front index)
};

struct SkiSlope {
  std::string memory, parent;
  std::vector<SkiSlopeStep> steps;  // usage ascending, the chosen axis strictly descending
};

// The memories the rows have usages of (the run's tracked memories), in the run's order.
[[nodiscard]] std::vector<std::string> ski_slope_memories(const std::vector<ParetoRow>& rows);

// `memory`'s steps: the rows Pareto-pruned on (usage, the axis), usage ascending; of rows
// equal in both the first stays. Empty when no row has a usage of `memory`.
[[nodiscard]] SkiSlope ski_slope(const std::vector<ParetoRow>& rows, const std::string& memory,
                                 SkiSlopeAxis axis = SkiSlopeAxis::Energy);

}  // namespace af::io
