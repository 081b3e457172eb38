#pragma once
// Which memories the fused join tracks (AccelForge's mapper/FFM/_join_pmappings/join_pmappings.py).
#include <vector>

#include "mapper/reservations.h"
#include "mapper/search/problem.h"
#include "mapper/search/templates.h"

namespace af::mapper {

// A memory is tracked when some template reserves it for longer than one Einsum's branch
// of the merged loop tree: above a fused loop, as the backing of a tensor that Einsums
// share, or for a persistent tensor; and when it could overflow, i.e. it is smaller than
// every tensor of every Einsum at once (AccelForge's get_memories_to_track). Untracked
// memories are still checked per pmapping, which is then exact.
// `problems[e]` and `templates[e]` belong to the e-th mapped Einsum. With `resource_usage`
// (the metrics ask for RESOURCE_USAGE, whose objectives are every memory's usage) every
// finite memory of the paths is tracked, as AccelForge does (make_pmappings.py,
// get_memories_to_track: nothing is untracked then).
[[nodiscard]] TrackedMemories tracked_memories(const std::vector<std::vector<EinsumProblem>>& problems,
                                               const std::vector<std::vector<PmappingTemplate>>& templates,
                                               bool resource_usage = false);

}  // namespace af::mapper
