#pragma once
// The tile each buffer reserves (the engine's reserved_tiles(); engine/model/README.md,
// 'Reservations') as the tree and the loop nest write it, and the hover that explains why a
// buffer holds less than the loops above it leave. Numbers come from the engine; this file only words them.
#include <QString>
#include <vector>

#include "mapping/node_path.h"
#include "spec/workload.h"
#include "mapping_edit/mapping_queries.h"

namespace af::ui {

using af::mapping_edit::PlacedTile;

// The reservation of `tensor` by the holder at `path`: the largest over the Einsums below
// (what the occupancy plot shows for the buffer), or nullptr when the engine placed none.
[[nodiscard]] const mapping_edit::PlacedTile* reservedTileAt(const std::vector<mapping_edit::PlacedTile>& tiles, const NodePath& path,
                                               const std::string& tensor);

// `Z[m:1, n:1]`: per rank of the tensor's projection, its index and the reserved extent.
[[nodiscard]] QString formatReservedTile(const spec::Workload& workload, const mapping_edit::PlacedTile& placed);

// Several lines for a hover: what the buffer reserves (values × bits), whether it backs the
// tensor, which loops it was lowered through and what sized it, compared with the tile the
// loops above the holder leave.
[[nodiscard]] QString explainReservedTile(const spec::Mapping& mapping, const spec::Workload& workload,
                                          const mapping_edit::PlacedTile& placed);

}  // namespace af::ui
