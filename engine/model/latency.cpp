#include <stdexcept>

#include "model/costs.h"

namespace af::model::detail {

std::vector<std::pair<std::string, double>> component_latencies(const EinsumContext& ctx,
                                                                const std::vector<Buffet>& buffets,
                                                                const ComputeStats& compute) {
  std::vector<std::pair<std::string, double>> out;
  spec::LatencyContext lc;
  for (std::size_t c = 0; c < ctx.flat.size(); ++c) {
    const auto& comp = *ctx.flat[c];
    const bool is_compute = static_cast<int>(c) == ctx.compute;
    double reads = 0, writes = 0;
    bool present = is_compute;
    for (const auto& b : buffets) {
      if (b.level != static_cast<int>(c) || is_compute) continue;
      present = true;
      // Busiest unit, minus its elided first reads/writes.
      reads += b.stats.max_per_unit_read_actions - b.stats.min_per_unit_skipped_first_read_actions;
      writes += b.stats.max_per_unit_write_actions - b.stats.min_per_unit_skipped_first_write_actions;
    }
    if (!present) continue;
    if (comp.kind == spec::ComponentKind::Toll) writes = 0;
    lc.component = &comp;
    lc.actions.clear();
    for (const auto& a : comp.actions) {
      double n = 0;
      if (is_compute && a.name == "compute") n = std::max(0.0, compute.max_latency);
      else if (!is_compute && a.name == "read") n = reads;
      else if (!is_compute && a.name == "write") n = writes;
      lc.actions.push_back({a.name, n * comp.actions_scale, a.throughput, a.energy});
    }
    double latency = 0;
    try {
      latency = comp.latency_evaluator ? comp.latency_evaluator(comp.total_latency, lc)
                                       : spec::builtin_latency_evaluator(comp.total_latency, lc);
    } catch (const std::exception& e) {
      throw std::runtime_error("total_latency of " + comp.name + " for Einsum " +
                               ctx.einsum->name + ": " + e.what());
    }
    out.emplace_back(comp.name, latency);
  }
  return out;
}

}  // namespace af::model::detail
