#pragma once
// Row texts of the mapping tree: "Storage GlobalBuffer [T0, W0]", "for m in 0..64 step 16
// (temporal)", "spatial X: m tile 16 (PE)", "Compute Matmul0 on MAC".
#include <QString>

#include "mapping/mapping_context.h"

namespace af::ui {

enum class NodeKind { Storage, Toll, Temporal, Spatial, Compute, Reservation, TextBox, Branch, Nested };
[[nodiscard]] NodeKind kindOf(const spec::MappingNode& node);

// The node column. `shape` is S at the node (enclosing tiles); `branchIndex` >= 0 names a branch.
[[nodiscard]] QString nodeLabel(const spec::MappingNode& node, const Shape& shape, int branchIndex = -1);
// The detail column: iterations of a loop, the Einsum a Compute runs. (A buffer's tiles come
// from the engine's placement: MappingTreeModel writes them with reserved_tile_text.h.)
[[nodiscard]] QString nodeDetail(const spec::MappingNode& node, const Shape& shape,
                                 const std::vector<const spec::Einsum*>& einsumsBelow);

}  // namespace af::ui
