#pragma once
// Internal: one Einsum's pmapping in index form, plus the per-Einsum context the analysis
// needs. Everything is looked up once here so the analysis loops only touch indices.
#include <cstdint>
#include <string>
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
  // Filled by prepare_einsum. Holders: actions per value moved and Toll directions.
  double read_scale = 0, write_scale = 0;
  double bits_per_value = 0;  // reservations: the component's bits per value of the tensor
  bool has_parent = false, toll_down = true, toll_up = true;
  std::vector<char> may_reuse;  // spatial: per Einsum tensor, the dim may multicast/reduce it
  const spec::MappingNode* source = nullptr;
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
  std::vector<char> is_output;
  std::vector<double> bits_per_value;  // workload value per tensor
  std::vector<char> simple_rv;
  bool is_copy = false;
  double n_instances = 1;  // workload × Einsum

  [[nodiscard]] int tensor_index(const std::string& t) const;
  [[nodiscard]] int rv_index(const std::string& rv) const;
  [[nodiscard]] int flat_index(const std::string& component) const;
  // dense_tile_occupancy (§7.5) with S given per rv index.
  [[nodiscard]] double dense_tile(int tensor, const std::vector<double>& shape) const;
};

// Root-to-Compute node chains, split at branching nodes (DFS order).
std::vector<std::vector<const spec::MappingNode*>> split_into_pmappings(const spec::Mapping& m);

EinsumContext make_context(const spec::ResolvedSpec& spec, const spec::MappingNode& compute_node);

// §7.1 steps 1 and 3, §6 validity: drop foreign tensors and user reservations, split holders
// per tensor, mark backing, check names, rank variables and the tile-1 rule.
std::vector<PNode> normalise(const EinsumContext& ctx, const std::vector<const spec::MappingNode*>& chain);

// §7.6: copy Einsums keep holders only down to the last backing holder.
std::vector<PNode> prepare_copy(const EinsumContext& ctx, std::vector<PNode> nodes);

// §7.3 reservation lowering.
std::vector<PNode> insert_reservations(const EinsumContext& ctx, std::vector<PNode> nodes);

// §7.4: indices into `nodes` forming tensor t's view (t = -1: loops and Compute only).
std::vector<int> single_tensor_mapping(const EinsumContext& ctx, const std::vector<PNode>& nodes, int tensor);

[[noreturn]] void fail(const std::string& message, const spec::MappingNode* node);

}  // namespace af::model::detail
