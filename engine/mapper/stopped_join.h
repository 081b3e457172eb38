#pragma once
// What a stopped run still joins (README: Stop): the pmappings found so far, thinned to the
// best few per template and per Einsum, joined under a deadline well inside the 100 ms a
// Stop may take, so that a stopped run has whole mappings to open.
#include <map>
#include <set>
#include <string>
#include <vector>

#include "mapper/join/join.h"
#include "mapper/search/tile_shapes.h"

namespace af::mapper {

// Of one template's rows, the best of each fused-loop shape (which decides its
// compatibility), at most 16 of them, best first (by the metrics: energy, latency or their
// product).
[[nodiscard]] std::vector<PmappingRow> best_per_fused_shape(std::vector<PmappingRow> rows, unsigned metrics);

// Each Einsum's pmappings thinned to the best row of its best 32 compatibility groups, joined
// within 50 ms; when those join into nothing, the best row of every group in the time left.
// Empty when some Einsum has no pmapping yet or nothing joins in time.
[[nodiscard]] std::vector<JoinedMapping> join_found_so_far(
    const std::vector<JoinEinsum>& in, const TrackedMemories& tracked,
    const std::map<std::string, std::set<std::string>>& copies, JoinSettings settings);

}  // namespace af::mapper
