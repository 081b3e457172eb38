#pragma once
// Internal: one Einsum's pmapping split into what does not depend on tile shapes (the
// context, the normalised node list with reservations, every tensor's view, per-node
// constants) and the numbers that do. model::evaluate prepares and computes once; the
// mapper prepares once per template and computes once per tile shape, so both see
// exactly the same arithmetic.
#include <cstdint>
#include <optional>
#include <vector>

#include "model/pmapping.h"
#include "model/reuse_analysis.h"

namespace af::model::detail {

struct PreparedEinsum {
  EinsumContext ctx;
  std::vector<PNode> nodes;
  std::vector<int> loop_view;                         // single_tensor_mapping(-1)
  std::vector<std::vector<int>> tensor_views;         // per tensor
  std::vector<std::vector<TensorStep>> tensor_steps;  // per tensor: its view, resolved for analyze_tensor
  std::vector<std::size_t> loops;                     // node index of every loop, in mapping order
  int copy_source = -1;                               // copy Einsums: the source tensor

  // Per flat component.
  std::vector<const spec::Action*> read_action, write_action;
  const spec::Action* compute_action = nullptr;
  std::vector<std::optional<spec::LatencyFormula>> latency_formula;
  // What each action of a component counts for its latency, resolved from its name once.
  enum class ActionRole : std::uint8_t { None, Compute, Read, Write };
  std::vector<std::vector<ActionRole>> action_roles;
  // Per arch component (leak rows): flat index, or -1 when off this Einsum's path.
  std::vector<int> arch_to_flat;
  int compute_arch_index = -1;
  // The mapper also keeps each dimension's scaled usage (used / fanout × usage_scale) at most
  // 1, as AccelForge's usage objectives do (max_value 1); a given mapping is held only to the
  // fanout, as its run_model does.
  bool scaled_usage_limit = false;
};

// The instances a spatial dimension offers under `p`'s rule (see scaled_usage_limit).
[[nodiscard]] double fanout_limit(const PreparedEinsum& p, const spec::SpatialDim& dim);

// What prepare_einsum checks: everything the model needs, or only what placing the
// reservations needs (names), for queries on a mapping that is still being edited.
enum class Checks { All, NamesOnly };

// Throws InvalidMapping for structural errors (names, tile-1 rule, copy layout, ...).
PreparedEinsum prepare_einsum(const spec::ResolvedSpec& spec,
                              const std::vector<const spec::MappingNode*>& chain,
                              Checks checks = Checks::All);

// Sets the i-th loop's tile (mapping order), with the bound-1 rule (README: Pmappings and normalising).
void set_loop_tile(PreparedEinsum& p, std::size_t loop, double tile);

enum class Failure { None, Fanout, Capacity };

// Per-instance numbers of one evaluation (× ctx.n_instances is the caller's business).
struct EinsumNumbers {
  Failure failure = Failure::None;
  int failed_component = -1;  // flat index
  int failed_dim = -1;
  double failed_used = 0;  // instances or bits

  LoopPass loops;
  std::vector<Buffet> buffets;
  std::vector<std::vector<double>> usage;  // [flat][dim] scaled spatial usage
  std::vector<double> memory_used;         // per flat: Σ occupancy (persistent × k)
  std::vector<char> memory_present;        // per flat: some buffet occupies it
  std::vector<double> component_latency;   // per flat
  std::vector<char> latency_present;       // per flat: holders with buffets, and the Compute
  std::vector<double> leak;                // per arch component (0 for Containers)
  double dynamic_energy = 0, leak_energy = 0, latency = 0;

  std::vector<double> scratch;
  std::vector<spec::LatencyAction> latency_actions;
};

// Fills `out`; with `stop_at_failure` returns as soon as fanout or capacity fails (the
// remaining fields are then unspecified). Throws InvalidMapping for a missing action.
void compute_einsum(const PreparedEinsum& p, EinsumNumbers& out, bool stop_at_failure);
// compute_einsum's first part: loops, spatial usage and fanout, the buffets and capacity.
// Without `full` the buffets hold only their occupancies (tensor_occupancies), enough for
// the failure, memory_used and the reservations. False when it stopped at a failure.
bool compute_occupancies(const PreparedEinsum& p, EinsumNumbers& out, bool stop_at_failure, bool full);

}  // namespace af::model::detail
