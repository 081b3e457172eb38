#pragma once
// Internal: one Einsum's pmapping in index form, plus the per-Einsum context the analysis
// needs. Everything is looked up once here so the analysis loops only touch indices.
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "spec/mapping.h"
#include "spec/resolved_spec.h"

namespace af::model::detail {

enum class NodeKind : std::uint8_t { Storage, Toll, Temporal, Spatial, Compute, Reservation };

struct PNode {
  NodeKind kind = NodeKind::Temporal;
  int tensor = -1;     // holders, reservations: Einsum-local tensor index
  int component = -1;  // index into EinsumContext::flat (holder, reservation, spatial, compute)
  int rv = -1;         // loops: Einsum-local rank variable index
  int dim = -1;        // spatial: index into the component's spatial dims
  double tile = 1;
  bool persistent = false;
  bool backing = false;   // holder: first holder of its tensor in the pmapping
  bool lowerable = true;  // holder: reservation may sit below later loops (false for copies)
  bool below = false;     // reservation: sits below `source` (else above it)
  // Filled by prepare_einsum. Holders: actions per value moved and Toll directions.
  double read_scale = 0, write_scale = 0;
  double bits_per_value = 0;  // reservations: the component's bits per value of the tensor
  bool has_parent = false, toll_down = true, toll_up = true;
  std::vector<char> may_reuse;                // spatial: per Einsum tensor, the dim may multicast/reduce it
  const spec::MappingNode* source = nullptr;  // reservations: the node they sit next to
  const spec::MappingNode* holder = nullptr;  // reservations: the holder whose buffer they size
};

struct RankTerm {
  int rv;
  double coeff;
};
struct RankExpr {
  std::vector<RankTerm> terms;
  double constant = 0;
};

struct EinsumContext {
  const spec::Einsum* einsum = nullptr;
  const spec::ResolvedArch* arch = nullptr;
  std::vector<const spec::Component*> flat;  // root -> compute
  int compute = -1;                          // index in flat
  std::vector<std::string> tensors;
  std::vector<std::string> rvs;
  std::vector<double> bounds;                           // per rv
  std::vector<std::vector<spec::Relevancy>> relevancy;  // [tensor][rv]
  std::vector<std::vector<RankExpr>> projection;        // [tensor] -> ranks
  // Per tensor: whether every rank is a bare rank variable, and those variables, in rank
  // order (dense_tile's fast path: the mapper sizes millions of tiles).
  std::vector<char> bare;
  std::vector<std::vector<int>> bare_ranks;
  std::vector<char> is_output;
  std::vector<double> bits_per_value;  // workload value per tensor
  std::vector<char> simple_rv;
  bool is_copy = false;
  double n_instances = 1;  // workload × Einsum

  [[nodiscard]] int tensor_index(const std::string& t) const;
  [[nodiscard]] int rv_index(const std::string& rv) const;
  [[nodiscard]] int flat_index(const std::string& component) const;
  // dense_tile_occupancy (spec/README.md, 'Dense tile') with S given per rv index: the
  // product of rank_extent.
  [[nodiscard]] double dense_tile(int tensor, const std::vector<double>& shape) const;
  // One rank's extent of that tile.
  [[nodiscard]] double rank_extent(int tensor, std::size_t rank, const std::vector<double>& shape) const {
    const auto& r = projection[static_cast<std::size_t>(tensor)][rank];
    double v = r.constant;
    for (const auto& t : r.terms) v += t.coeff * (shape[static_cast<std::size_t>(t.rv)] - 1);
    return v + 1;
  }
};

// Root-to-Compute node chains, split at branching nodes (DFS order).
std::vector<std::vector<const spec::MappingNode*>> split_into_pmappings(const spec::Mapping& m);

EinsumContext make_context(const spec::ResolvedSpec& spec, const spec::MappingNode& compute_node);

// Drops foreign tensors and user reservations, splits holders per tensor, marks backing,
// checks names and rank variables (README: Pmappings and normalising).
std::vector<PNode> normalise(const EinsumContext& ctx, const std::vector<const spec::MappingNode*>& chain);
// Validity of a normalised pmapping (README: Validity): every tensor has a backing holder,
// every rank variable of bound > 1 a tile-1 loop (`compute` is the node errors point at).
void check_complete(const EinsumContext& ctx, const std::vector<PNode>& nodes,
                    const spec::MappingNode* compute);

// Copy Einsums keep holders only down to the last backing holder (README: Copy Einsums).
std::vector<PNode> prepare_copy(const EinsumContext& ctx, std::vector<PNode> nodes);

// Reservation lowering (README: Reservations).
std::vector<PNode> insert_reservations(const EinsumContext& ctx, std::vector<PNode> nodes);

// Indices into `nodes` forming tensor t's view (t = -1: loops and Compute only; README:
// Per-tensor views).
std::vector<int> single_tensor_mapping(const EinsumContext& ctx, const std::vector<PNode>& nodes, int tensor);

// Throws InvalidMapping at `node`, at the line of its `field` when given and known.
[[noreturn]] void fail(const std::string& message, const spec::MappingNode* node,
                       std::string_view field = {});

}  // namespace af::model::detail
