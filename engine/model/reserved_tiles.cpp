// The reservations insert_reservations placed, read back with the tile shape the tensor's
// own view (README: Per-tensor views) reaches there: the same walk analyze_tensor does
// before sizing a buffet.
#include "model/reserved_tiles.h"

#include <cmath>

#include "model/evaluate.h"
#include "model/prepared_einsum.h"

namespace af::model {
namespace {

using namespace detail;

bool is_holder(const PNode& p) { return p.kind == NodeKind::Storage || p.kind == NodeKind::Toll; }
bool is_loop(const PNode& p) { return p.kind == NodeKind::Temporal || p.kind == NodeKind::Spatial; }

// What closed the tracker of reservation `r`: the node it sits next to.
SizedBy sized_by(const EinsumContext& ctx, const std::vector<PNode>& nodes, std::size_t r) {
  const PNode& res = nodes[r];
  if (res.below && res.source == res.holder) return SizedBy::Backing;
  for (const auto& p : nodes) {
    if (p.source != res.source || p.kind == NodeKind::Reservation) continue;
    switch (p.kind) {
      case NodeKind::Temporal:
        return ctx.relevancy[static_cast<std::size_t>(res.tensor)][static_cast<std::size_t>(p.rv)] ==
                       spec::Relevancy::PartiallyRelevant
                   ? SizedBy::PartiallyRelevantLoop
                   : SizedBy::IrrelevantLoop;
      case NodeKind::Spatial:
        return SizedBy::OtherSpatial;
      case NodeKind::Compute:
        return SizedBy::Compute;
      default:
        return SizedBy::Holder;
    }
  }
  return SizedBy::Holder;
}

// The dense tile of tensor `t` at `shape`, per rank and in all (spec/README.md, 'Dense tile').
double extents_at(const EinsumContext& ctx, std::size_t t, const std::vector<double>& shape,
                  std::vector<std::int64_t>& extents) {
  double values = 1;
  extents.clear();
  for (std::size_t r = 0; r < ctx.projection[t].size(); ++r) {
    const double e = ctx.rank_extent(static_cast<int>(t), r, shape);
    extents.push_back(static_cast<std::int64_t>(std::llround(e)));
    values *= e;
  }
  return values;
}

void add_einsum(const PreparedEinsum& p, std::vector<ReservedTile>& out) {
  const auto& ctx = p.ctx;
  for (std::size_t t = 0; t < ctx.tensors.size(); ++t) {
    std::vector<double> shape = ctx.bounds;
    std::vector<std::vector<std::int64_t>> at_holder(p.nodes.size());  // per holder node index
    for (const int i : p.tensor_views[t]) {
      const auto idx = static_cast<std::size_t>(i);
      const PNode& n = p.nodes[idx];
      if (is_loop(n)) shape[static_cast<std::size_t>(n.rv)] = n.tile;
      if (is_holder(n)) (void)extents_at(ctx, t, shape, at_holder[idx]);
      if (n.kind != NodeKind::Reservation) continue;
      ReservedTile tile;
      tile.einsum = ctx.einsum->name;
      tile.holder = n.holder;
      tile.component = ctx.flat[static_cast<std::size_t>(n.component)]->name;
      tile.tensor = ctx.tensors[t];
      tile.values = extents_at(ctx, t, shape, tile.extents);
      // The holder this reservation sizes, and the loops between them (mapping order).
      std::size_t h = idx;
      while (h-- > 0)
        if (is_holder(p.nodes[h]) && p.nodes[h].source == n.holder && p.nodes[h].tensor == n.tensor) break;
      const bool found = h < idx;
      tile.toll = found && p.nodes[h].kind == NodeKind::Toll;
      if (found) {
        tile.holder_extents = at_holder[h];
        tile.holder_values = 1;
        for (const auto e : tile.holder_extents) tile.holder_values *= static_cast<double>(e);
        for (std::size_t k = h + 1; k < idx; ++k)
          if (is_loop(p.nodes[k])) tile.lowered_through.push_back(p.nodes[k].source);
      }
      // As analyze_tensor sizes the buffet; a Toll keeps nothing.
      tile.bits = tile.toll ? 0.0 : tile.values * n.bits_per_value * (n.persistent ? ctx.n_instances : 1.0);
      tile.sized_by = sized_by(ctx, p.nodes, idx);
      tile.sized_at = n.source;
      tile.below = n.below;
      out.push_back(std::move(tile));
    }
  }
}

}  // namespace

std::vector<ReservedTile> reserved_tiles(const spec::ResolvedSpec& spec, const spec::Mapping& mapping) {
  std::vector<ReservedTile> out;
  std::vector<std::vector<const spec::MappingNode*>> chains;
  try {
    chains = split_into_pmappings(mapping);
  } catch (const InvalidMapping&) {
    return out;  // a branch that is not last: no pmapping to place buffers in
  }
  for (const auto& chain : chains) {
    try {
      add_einsum(prepare_einsum(spec, chain, Checks::NamesOnly), out);
    } catch (const InvalidMapping&) {
      // Names that do not resolve: nothing to place for this Einsum.
    }
  }
  return out;
}

}  // namespace af::model
