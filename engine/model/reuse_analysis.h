#pragma once
// Internal: the per-node recursion (README: Reuse per node), done as one top-down pass (tile shapes and
// iteration counts) and one bottom-up pass (stats), since a pmapping is a chain.
#include <vector>

#include "model/pmapping.h"

namespace af::model::detail {

struct BuffetStats {
  double total_reads_to_parent = 0, total_writes_to_parent = 0;
  double max_per_parent_reads_to_parent = 0, max_per_parent_writes_to_parent = 0;
  double total_skipped_first_reads_to_parent = 0, min_per_parent_skipped_first_reads_to_parent = 0;
  double max_occupancy = 0;  // bits
  double total_read_actions = 0, max_per_unit_read_actions = 0;
  double total_write_actions = 0, max_per_unit_write_actions = 0;
  double total_skipped_first_read_actions = 0, min_per_unit_skipped_first_read_actions = 0;
  double total_skipped_first_write_actions = 0, min_per_unit_skipped_first_write_actions = 0;
  int n_loops_above = 0;
  bool persistent = false;

  void repeat_temporal(double n, bool fully_relevant);
  void repeat_spatial(double n, bool reuse_parent_accesses);
  // The same for the action fields only: once its parent has read a buffet's exchanges with
  // it, nothing reads them again, and analyze_tensor stops scaling them.
  void repeat_temporal_actions(double n, bool fully_relevant);
  void repeat_spatial_actions(double n);
  // Copy Einsums: per field min, but a zero anywhere wins (README: Copy Einsums).
  void min_take_zero(const BuffetStats& other);
};

struct Buffet {
  int tensor = -1;
  int level = -1;  // flat index; == ctx.compute for the compute-level buffet
  BuffetStats stats;
};

struct ComputeStats {
  double total_ops = 0;
  double max_per_unit_ops = 0;
  double max_latency = 0;  // temporal steps of the busiest unit
};

struct LoopPass {
  ComputeStats compute;
  std::vector<std::vector<double>> fanout;  // [flat][dim] used instances; 0 = no loop
  std::vector<double> iterations;           // per node index: count irrelevant passes use
  // Scratch of the passes, kept so that the mapper's millions of evaluations reuse it.
  std::vector<double> shape, n_at;
  std::vector<char> rv_seen;
};

// One node of a tensor's view with what analyze_tensor reads of it for that tensor, resolved
// once per pmapping (prepare_einsum): the mapper evaluates it millions of times.
struct TensorStep {
  NodeKind kind = NodeKind::Temporal;
  bool irrelevant = false;  // loops: the rank variable does not index the tensor
  bool relevant = false;    // loops: it indexes it fully (first touches scale too)
  bool may_reuse = false;   // spatial loops: irrelevant, and the dimension may multicast/reduce it
  int node = -1;            // index into the nodes
};
std::vector<TensorStep> tensor_steps(const EinsumContext& ctx, const std::vector<PNode>& nodes,
                                     const std::vector<int>& view, int tensor);

// The tensor-less pass: compute stats, fanout and recorded loop counts, into `out` (whose
// vectors are reused).
void analyze_loops(const EinsumContext& ctx, const std::vector<PNode>& nodes, const std::vector<int>& view,
                   LoopPass& out);

// One tensor's pass over its view's steps; appends its buffets (compute level first, then
// inner to outer). `loops` is the tensor-less pass; its shape scratch is reused. A buffet's
// exchanges with its parent (the *_to_parent fields) are final once the parent holder has
// read them: the loops above that holder do not scale them.
void analyze_tensor(const EinsumContext& ctx, const std::vector<PNode>& nodes,
                    const std::vector<TensorStep>& steps, int tensor, LoopPass& loops,
                    std::vector<double>& scratch, std::vector<Buffet>& out);

// Only what analyze_tensor gives a reservation's buffet that capacity and the mapper's
// reservations read (max_occupancy, n_loops_above, persistent, in the same order and with
// the same arithmetic), from the top-down pass alone; the other fields stay 0. The Compute
// buffet is appended too (occupancy 1), so the buffets line up with analyze_tensor's.
void tensor_occupancies(const EinsumContext& ctx, const std::vector<PNode>& nodes,
                        const std::vector<TensorStep>& steps, int tensor, LoopPass& loops,
                        std::vector<Buffet>& out);

}  // namespace af::model::detail
