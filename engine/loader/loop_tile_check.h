#pragma once
// A loop's tile must fit in the tile around it: the model counts ceil(outer / tile)
// iterations of a tile it assumes lies inside, so a larger tile silently changes the counts.
#include <vector>

#include "core/diagnostic.h"
#include "spec/mapping.h"
#include "spec/workload.h"

namespace af::loader {

// Appends an error (at the loop node, field mapping.tile_shape) for each Temporal or Spatial
// loop whose tile_shape exceeds the enclosing loop's tile of the same rank variable on the
// way to a Compute node, or that rank variable's bound in the computed Einsum.
void check_loop_tiles(const spec::Mapping& mapping, const spec::Workload& workload, std::vector<core::Diagnostic>& errors);

}  // namespace af::loader
