#pragma once
// One-mapping analytical model (AccelForge's accelforge/model/_looptree: reuse/symbolic, energy.py, latency/).
#include <map>
#include <optional>
#include <stdexcept>
#include <string>
#include <tuple>

#include "core/source_location.h"
#include "spec/mapping.h"
#include "spec/resolved_spec.h"

namespace af::model {

// A mapping the model rejects: over capacity, over fanout, missing backing storage, loop over
// a rank variable the Einsum lacks, missing tile-1 loop, unknown component, ...
class InvalidMapping : public std::runtime_error {
 public:
  InvalidMapping(std::string message, std::string node, std::optional<core::SourceLocation> where);
  [[nodiscard]] const std::string& message() const { return message_; }
  [[nodiscard]] const std::string& node() const { return node_; }  // describe() of the node
  [[nodiscard]] const std::optional<core::SourceLocation>& where() const { return where_; }

 private:
  std::string message_;
  std::string node_;
  std::optional<core::SourceLocation> where_;
};

// (einsum, component, tensor, action); tensor is "" for compute ops (Python's None).
struct ActionKey {
  std::string einsum, component, tensor, action;
  auto operator<=>(const ActionKey&) const = default;
};
using EinsumComponent = std::pair<std::string, std::string>;
using EinsumComponentTensor = std::tuple<std::string, std::string, std::string>;
using EinsumComponentDim = std::tuple<std::string, std::string, std::string>;

struct MemoryUsage {
  double used_bits = 0;  // Σ per-instance occupancy (persistent ones × n_instances)
  double size = 0;       // bits (may be inf)
};
struct SpatialUsage {
  double used = 1;  // instances used (1 when no loop uses the dim)
  double fanout = 1;
  double usage = 1;  // used / fanout × usage_scale
};

struct Evaluation {
  // Counts are × actions_scale × n_instances; memory actions in bits/bits_per_action units.
  std::map<ActionKey, double> actions;
  std::map<ActionKey, double> max_per_unit_actions;     // busiest unit (what latency sees)
  std::map<ActionKey, double> energy;                   // dynamic, non-zero counts only
  std::map<EinsumComponent, double> leak_energy;        // every arch component, per Einsum
  std::map<EinsumComponent, double> component_latency;  // components with buffets + compute
  std::map<std::string, double> einsum_latency;
  std::map<std::string, double> einsum_energy;          // dynamic + leak
  std::map<EinsumComponentTensor, double> occupancy;    // bits per instance (persistent × k)
  std::map<EinsumComponent, MemoryUsage> memory_usage;  // per Einsum, per Memory on the path
  // Sequential join across Einsums: max of non-persistent + persistent per tensor (inferred).
  std::map<std::string, MemoryUsage> joined_memory_usage;
  std::map<EinsumComponentDim, SpatialUsage> spatial_usage;
  std::map<std::string, double> compute_ops;  // total ops per Einsum (× n_instances)

  double dynamic_energy = 0;
  double leak_energy_total = 0;
  double total_energy = 0;   // dynamic + leak
  double total_latency = 0;  // Σ Einsum latencies (Sequential and Pipeline alike)
};

// Splits `mapping` at Sequential/Pipeline/Split into one pmapping per Einsum and evaluates
// each against spec.arch_for(einsum); Einsums are joined in workload order.
// Throws InvalidMapping.
Evaluation evaluate(const spec::ResolvedSpec& spec, const spec::Mapping& mapping);

}  // namespace af::model
