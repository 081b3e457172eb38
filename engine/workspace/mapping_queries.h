#pragma once
// What the mapping tree editor asks of a node: the Einsums below it, the tile shape the
// loops above it leave (domain-spec-model.md §7.5, shape state S), the tile shapes a loop may
// take (divisors, or the mapper's imperfect candidates) and what a storage node may hold.
#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "spec/mapping_paths.h"
#include "spec/workload.h"

namespace af {

using Shape = std::map<std::string, std::int64_t>;

// Einsums computed in the scope of `path`: its subtree and, in a chain, everything after it.
[[nodiscard]] std::vector<const spec::Einsum*> einsums_below(const spec::Mapping& mapping,
                                                             const spec::Workload& workload,
                                                             const spec::NodePath& path);
// Tensors accessed by the Einsums below, in first-use order: what a storage node may hold.
[[nodiscard]] std::vector<std::string> tensors_below(const spec::Mapping& mapping, const spec::Workload& workload,
                                                     const spec::NodePath& path);
// Rank variables of the Einsums below, sorted.
[[nodiscard]] std::vector<std::string> rank_variables_below(const spec::Mapping& mapping,
                                                            const spec::Workload& workload,
                                                            const spec::NodePath& path);

// S at `path`: full bounds of the Einsums below, narrowed by each loop above to its tile.
[[nodiscard]] Shape shape_at(const spec::Mapping& mapping, const spec::Workload& workload,
                             const spec::NodePath& path);

struct TileChoiceOptions {
  bool imperfect = false;  // the mapper's imperfect candidates (§3.4), not only divisors
  double coarseness = 1;   // <= 1: every candidate
};

// For a loop: the tile shapes it may take, ascending. Perfect: divisors of the enclosing tile
// of its rank variable that every inner loop's tile over the same variable divides.
// Imperfect: the smallest tile for each tile count over the inner tile (as the mapper
// explores them). Empty if the node is no loop or the bound is unknown.
[[nodiscard]] std::vector<std::int64_t> valid_tile_shapes(const spec::Mapping& mapping,
                                                          const spec::Workload& workload,
                                                          const spec::NodePath& path,
                                                          const TileChoiceOptions& options = {});

// The tile of the loops inside `path` over the loop's rank variable (their lcm, 1 if none):
// the smallest tile the loop may take.
[[nodiscard]] std::int64_t inner_tile(const spec::Mapping& mapping, const spec::NodePath& path);

}  // namespace af
