#pragma once
// Internal: latency (§7.8) and leak energy with power gating (§7.9) for one Einsum.
#include <map>
#include <string>
#include <utility>
#include <vector>

#include "model/reuse_analysis.h"

namespace af::model::detail {

// Per component present (holders with buffets, and the Compute), in flat order:
// the component's total_latency evaluated over per-unit n_calls.
std::vector<std::pair<std::string, double>> component_latencies(const EinsumContext& ctx,
                                                                const std::vector<Buffet>& buffets,
                                                                const ComputeStats& compute);

// Leak energy for every Component of the whole arch (Containers excluded):
// leak_power × F(preceding fanouts) × einsum latency × non-power-gated proportion.
// `usage` is the scaled spatial usage per (component, dim) of the flattened path.
std::vector<std::pair<std::string, double>> leak_energies(
    const EinsumContext& ctx, const std::map<std::pair<std::string, std::string>, double>& usage,
    double einsum_latency);

}  // namespace af::model::detail
