#include "model/costs.h"

namespace af::model::detail {

std::vector<std::pair<std::string, double>> leak_energies(
    const EinsumContext& ctx, const std::map<std::pair<std::string, std::string>, double>& usage,
    double einsum_latency) {
  std::vector<std::pair<std::string, double>> out;
  const auto& all = ctx.arch->components;
  const auto& compute_name = ctx.flat[static_cast<std::size_t>(ctx.compute)]->name;
  // Branch._power_gating for a plain list: walk in order; power-gateable dims met so far
  // (including the node's own) scale the proportion; after the compute they gate fully.
  // The reference divides the already-normalised usage by the fanout again; reproduced.
  double porp = 1;
  double preceding_fanout = 1;  // total_leak_power excludes the node's own fanout (§5.3)
  bool found_compute = false;
  for (const auto& node : all) {
    for (const auto& d : node.spatial) {
      double p = 0;
      if (!found_compute) {
        const auto it = usage.find({node.name, d.name});
        p = (it == usage.end() ? 1.0 : it->second) / d.fanout;
      }
      if (d.power_gateable) porp *= p;
    }
    if (node.kind != spec::ComponentKind::Container)
      out.emplace_back(node.name, node.leak_power * preceding_fanout * einsum_latency * porp);
    preceding_fanout *= node.fanout();
    if (node.kind == spec::ComponentKind::Compute && node.name == compute_name) found_compute = true;
  }
  return out;
}

}  // namespace af::model::detail
