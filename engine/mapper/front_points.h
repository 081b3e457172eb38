#pragma once
// Energy-latency fronts as the window draws them while the mapper runs: the Pareto set of
// points, and the front of a sequence of Einsums mapped one after another (energies and
// latencies add), from each Einsum's front so far.
#include <vector>

#include "mapper/observer.h"

namespace af::mapper {

// The points no other point beats in both energy and latency, by increasing latency.
[[nodiscard]] std::vector<FrontPoint> pareto_points(std::vector<FrontPoint> points);

// The front of running the Einsums one after another: every choice of one point per front,
// energies and latencies summed, Pareto-pruned after each Einsum (so it stays small).
// Empty when any front is empty.
[[nodiscard]] std::vector<FrontPoint> sequential_front(const std::vector<std::vector<FrontPoint>>& fronts);

}  // namespace af::mapper
