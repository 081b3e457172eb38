#pragma once
// The engine's mapping queries (mapping_edit/mapping_queries.h) in Qt types, and the text the
// tree and the loop nest show for tiles and Einsums.
#include <QList>
#include <QString>
#include <QStringList>
#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "mapping/node_path.h"
#include "spec/workload.h"
#include "mapping_edit/mapping_queries.h"

namespace af::ui {

using af::mapping_edit::Shape;
using af::mapping_edit::TileChoiceOptions;

// Einsums computed in the scope of `path`: its subtree and, in a chain, everything after it.
[[nodiscard]] std::vector<const spec::Einsum*> einsumsBelow(const spec::Mapping& mapping,
                                                            const spec::Workload& workload,
                                                            const NodePath& path);
// Tensors accessed by the Einsums below, in first-use order.
[[nodiscard]] QStringList tensorsBelow(const spec::Mapping& mapping, const spec::Workload& workload,
                                       const NodePath& path);
// Rank variables of the Einsums below, sorted.
[[nodiscard]] QStringList rankVariablesBelow(const spec::Mapping& mapping,
                                             const spec::Workload& workload, const NodePath& path);

// S at `path`: full bounds of the Einsums below, narrowed by each loop above to its tile.
[[nodiscard]] mapping_edit::Shape shapeAt(const spec::Mapping& mapping, const spec::Workload& workload,
                            const NodePath& path);

// For a loop: the tile shapes it may take (af::mapping_edit::valid_tile_shapes). Empty if the node is no
// loop or the bound is unknown.
[[nodiscard]] QList<std::int64_t> validTileShapes(const spec::Mapping& mapping,
                                                  const spec::Workload& workload,
                                                  const NodePath& path,
                                                  const mapping_edit::TileChoiceOptions& options = {});

// The tensors a Storage or Toll node holds; empty for other nodes.
[[nodiscard]] std::vector<std::string> heldTensors(const spec::MappingNode& node);

// `p + 2*r` as written in a projection.
[[nodiscard]] QString formatExpr(const spec::AffineExpr& expr);
// `T1[m, n1] += T0[m, n0] * W0[n0, n1]` (`=` for copy Einsums).
[[nodiscard]] QString formatEinsum(const spec::Einsum& einsum);

}  // namespace af::ui
