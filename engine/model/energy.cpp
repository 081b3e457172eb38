#include "model/costs.h"

namespace af::model::detail {

void leak_energies(const PreparedEinsum& p, EinsumNumbers& out) {
  const auto& all = p.ctx.arch->components;
  out.leak.assign(all.size(), 0.0);
  out.leak_energy = 0;
  // Branch._power_gating for a plain list: walk in order; power-gateable dims met so far
  // (including the node's own) scale the proportion; after the compute they gate fully.
  // The reference divides the already-normalised usage by the fanout again; reproduced.
  double porp = 1;
  // total_leak_power excludes the node's own fanout (components/README.md, 'Area and leak').
  double preceding_fanout = 1;
  bool found_compute = false;
  for (std::size_t a = 0; a < all.size(); ++a) {
    const auto& node = all[a];
    const int c = p.arch_to_flat[a];
    for (std::size_t d = 0; d < node.spatial.size(); ++d) {
      double pg = 0;
      if (!found_compute) {
        const double u = c < 0 ? 1.0 : out.usage[static_cast<std::size_t>(c)][d];
        pg = u / node.spatial[d].fanout;
      }
      if (node.spatial[d].power_gateable) porp *= pg;
    }
    if (node.kind != spec::ComponentKind::Container) {
      out.leak[a] = node.leak_power * preceding_fanout * out.latency * porp;
      out.leak_energy += out.leak[a];
    }
    preceding_fanout *= node.fanout();
    if (static_cast<int>(a) == p.compute_arch_index) found_compute = true;
  }
}

}  // namespace af::model::detail
