#include <stdexcept>

#include "model/costs.h"

namespace af::model::detail {

void component_latencies(const PreparedEinsum& p, EinsumNumbers& out) {
  const auto& ctx = p.ctx;
  const auto n_flat = ctx.flat.size();
  out.component_latency.assign(n_flat, 0.0);
  out.latency_present.assign(n_flat, 0);
  spec::LatencyContext lc;
  for (std::size_t c = 0; c < n_flat; ++c) {
    const auto& comp = *ctx.flat[c];
    const bool is_compute = static_cast<int>(c) == ctx.compute;
    double reads = 0, writes = 0;
    bool present = is_compute;
    for (const auto& b : out.buffets) {
      if (b.level != static_cast<int>(c) || is_compute) continue;
      present = true;
      // Busiest unit, minus its elided first reads/writes.
      reads += b.stats.max_per_unit_read_actions - b.stats.min_per_unit_skipped_first_read_actions;
      writes += b.stats.max_per_unit_write_actions - b.stats.min_per_unit_skipped_first_write_actions;
    }
    if (!present) continue;
    if (comp.kind == spec::ComponentKind::Toll) writes = 0;
    auto& actions = out.latency_actions;
    actions.resize(comp.actions.size());
    const auto& roles = p.action_roles[c];
    for (std::size_t i = 0; i < comp.actions.size(); ++i) {
      const auto& a = comp.actions[i];
      double n = 0;
      switch (roles[i]) {
        case PreparedEinsum::ActionRole::Compute:
          n = std::max(0.0, out.loops.compute.max_latency);
          break;
        case PreparedEinsum::ActionRole::Read:
          n = reads;
          break;
        case PreparedEinsum::ActionRole::Write:
          n = writes;
          break;
        case PreparedEinsum::ActionRole::None:
          break;
      }
      actions[i].n_calls = n * comp.actions_scale;
      actions[i].throughput = a.throughput;
      actions[i].energy = a.energy;
    }
    double latency = 0;
    const auto fast = p.latency_formula[c] ? p.latency_formula[c]->apply(actions) : std::nullopt;
    if (fast) {
      latency = *fast;
    } else {
      // The full expression engine sees the action names too.
      lc.component = &comp;
      lc.actions = actions;
      for (std::size_t i = 0; i < comp.actions.size(); ++i) lc.actions[i].name = comp.actions[i].name;
      try {
        latency = comp.latency_evaluator ? comp.latency_evaluator(comp.total_latency, lc)
                                         : spec::builtin_latency_evaluator(comp.total_latency, lc);
      } catch (const std::exception& e) {
        throw std::runtime_error("total_latency of " + comp.name + " for Einsum " + ctx.einsum->name + ": " +
                                 e.what());
      }
    }
    out.component_latency[c] = latency;
    out.latency_present[c] = 1;
  }
}

}  // namespace af::model::detail
