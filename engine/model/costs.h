#pragma once
// Internal: latency and leak energy with power gating (README: Latency; Energy and leak) for one Einsum.
#include "model/prepared_einsum.h"

namespace af::model::detail {

// Fills out.component_latency / latency_present: per component present (holders with
// buffets, and the Compute), its total_latency over the busiest unit's n_calls.
void component_latencies(const PreparedEinsum& p, EinsumNumbers& out);

// Fills out.leak and out.leak_energy for every Component of the whole arch (Containers
// give 0): leak_power × F(preceding fanouts) × Einsum latency × non-power-gated proportion.
// Needs out.usage and out.latency.
void leak_energies(const PreparedEinsum& p, EinsumNumbers& out);

}  // namespace af::model::detail
