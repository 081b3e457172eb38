#pragma once
// What a node sees of the workload: the Einsums below it, the tile shape reached by the loops
// above it (§7.5 shape state S), valid tile shapes and the dense tile each buffer holds.
#include <QList>
#include <QString>
#include <QStringList>
#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "mapping/node_path.h"
#include "spec/workload.h"

namespace af::ui {

using Shape = std::map<std::string, std::int64_t>;

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
[[nodiscard]] Shape shapeAt(const spec::Mapping& mapping, const spec::Workload& workload,
                            const NodePath& path);

// For a loop: divisors of the enclosing tile of its rank variable that every inner loop's tile
// over the same variable divides. Empty if the node is no loop or the bound is unknown.
[[nodiscard]] QList<std::int64_t> validTileShapes(const spec::Mapping& mapping,
                                                  const spec::Workload& workload,
                                                  const NodePath& path);

// `p + 2*r` as written in a projection.
[[nodiscard]] QString formatExpr(const spec::AffineExpr& expr);
// `T0[m:16, n0:32]`: per rank the index expression and the dense extent at `shape`.
[[nodiscard]] QString formatTile(const spec::TensorAccess& access, const Shape& shape);
// `T1[m, n1] += T0[m, n0] * W0[n0, n1]` (`=` for copy Einsums).
[[nodiscard]] QString formatEinsum(const spec::Einsum& einsum);
// The access of `tensor` by the first of `einsums` that uses it, or nullptr.
[[nodiscard]] const spec::TensorAccess* findAccess(const std::vector<const spec::Einsum*>& einsums,
                                                   const std::string& tensor);

}  // namespace af::ui
