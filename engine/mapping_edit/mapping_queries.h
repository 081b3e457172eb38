#pragma once
// What the mapping tree editor asks of a node: the Einsums below it, the tile shape the
// loops above it leave (AccelForge's model/_looptree/reuse/symbolic/_symbolic.py), the tile shapes a
// loop may take (divisors, or the mapper's imperfect candidates) and why others are refused, what a
// storage node may hold, and the tile each buffer actually reserves (lowering, as AccelForge's
// insert_reservation_nodes places reservations).
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "model/reserved_tiles.h"
#include "spec/mapping_paths.h"
#include "spec/resolved_spec.h"
#include "spec/spec.h"
#include "spec/workload.h"

namespace af::mapping_edit {

using Shape = std::map<std::string, std::int64_t>;

// Einsums computed in the scope of `path`: its subtree and, in a chain, everything after it.
[[nodiscard]] std::vector<const spec::Einsum*> einsums_below(const spec::Mapping& mapping,
                                                             const spec::Workload& workload,
                                                             const spec::NodePath& path);
// Tensors accessed by the Einsums below, in first-use order: what a storage node may hold.
[[nodiscard]] std::vector<std::string> tensors_below(const spec::Mapping& mapping,
                                                     const spec::Workload& workload,
                                                     const spec::NodePath& path);
// Rank variables of the Einsums below, sorted.
[[nodiscard]] std::vector<std::string> rank_variables_below(const spec::Mapping& mapping,
                                                            const spec::Workload& workload,
                                                            const spec::NodePath& path);

// S at `path`: full bounds of the Einsums below, narrowed by each loop above to its tile.
[[nodiscard]] Shape shape_at(const spec::Mapping& mapping, const spec::Workload& workload,
                             const spec::NodePath& path);

struct TileChoiceOptions {
  // The mapper's imperfect candidates (mapper/README.md, 'How the tile-shape search works'),
  // not only divisors.
  bool imperfect = false;
  double coarseness = 1;  // <= 1: every candidate
};

// The options for each kind of loop, as the spec's `mapper:` section sets them
// (explore_imperfect_temporal_loops / explore_imperfect_spatial_loops).
struct TileChoicePolicy {
  TileChoiceOptions temporal;
  TileChoiceOptions spatial;
  [[nodiscard]] const TileChoiceOptions& for_node(const spec::MappingNode& loop) const {
    return loop.as<spec::SpatialNode>() ? spatial : temporal;
  }
};
[[nodiscard]] TileChoicePolicy tile_choice_policy(const spec::MapperSettings& settings);

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

// Where a node is inserted: the chain (a Nested's path, {} for the root) and the row.
struct InsertAt {
  spec::NodePath chain;
  int row = 0;
};

// A tile a loop may take and what else choosing it takes. The Compute is one operation, so
// every rank variable needs a loop of tile 1 (model/README.md, 'Validity'): when the loop is
// the innermost over its rank variable, a tile above 1 comes with a new `for rv` of tile 1
// inserted at `inner_loop` (the end of the loop's chain, just above what ends it).
struct TileChoice {
  std::int64_t tile = 1;
  std::optional<InsertAt> inner_loop;
};

// The loop `tile` needs inserted with it at the loop at `path` (see TileChoice), if any.
[[nodiscard]] std::optional<InsertAt> inner_loop_needed(const spec::Mapping& mapping,
                                                        const spec::NodePath& path, std::int64_t tile);

// valid_tile_shapes() with, for each, the inner loop it needs.
[[nodiscard]] std::vector<TileChoice> tile_choices(const spec::Mapping& mapping,
                                                   const spec::Workload& workload, const spec::NodePath& path,
                                                   const TileChoiceOptions& options = {});

// Why `tile` is no choice for the loop at `path`, in words for the user (what limits it,
// and which mapper setting would allow it); empty when it is a choice. A tile that needs
// an inner loop is a choice: see tile_choices().
[[nodiscard]] std::string explain_tile_shape(const spec::Mapping& mapping, const spec::Workload& workload,
                                             const spec::NodePath& path, std::int64_t tile,
                                             const TileChoiceOptions& options = {});

// The buffer each holder reserves per tensor (model::reserved_tiles), with the nodes it
// names as paths into `mapping`. The tile's node pointers point into `mapping`.
struct PlacedTile {
  spec::NodePath holder;
  spec::NodePath sized_at;  // empty when unknown
  std::vector<spec::NodePath> lowered_through;
  model::ReservedTile tile;
};
[[nodiscard]] std::vector<PlacedTile> reserved_tiles(const spec::ResolvedSpec& spec,
                                                     const spec::Mapping& mapping);

}  // namespace af::mapping_edit
