// Driver: split into pmappings, run the per-Einsum model, join sequentially (README:
// Pmappings and normalising; Joining Einsums).
#include "model/evaluate.h"

#include <algorithm>
#include <cmath>
#include <set>

#include "model/prepared_einsum.h"

namespace af::model {
namespace {

using namespace detail;

struct PersistentKey {
  std::string memory, tensor;
  auto operator<=>(const PersistentKey&) const = default;
};

struct JoinState {
  std::map<std::string, double> max_nonpersistent;  // per memory
  std::map<PersistentKey, double> persistent;       // per memory × tensor (max)
  std::map<std::string, double> size;
};

const spec::MappingNode* first_node(const std::vector<PNode>& nodes, NodeKind kind, int component,
                                    int dim = -1) {
  for (const auto& p : nodes)
    if (p.kind == kind && p.component == component && (dim < 0 || p.dim == dim)) return p.source;
  return nullptr;
}

std::string fmt_num(double v) {
  if (std::isfinite(v) && v == std::floor(v) && std::abs(v) < 1e15)
    return std::to_string(static_cast<long long>(v));
  return std::to_string(v);
}

void evaluate_einsum(const spec::ResolvedSpec& spec, const std::vector<const spec::MappingNode*>& chain,
                     Evaluation& ev, JoinState& join) {
  const PreparedEinsum p = prepare_einsum(spec, chain);
  const auto& ctx = p.ctx;
  const std::string& E = ctx.einsum->name;
  if (ev.einsum_latency.contains(E)) fail("Einsum " + E + " is mapped more than once", chain.back());

  EinsumNumbers num;
  compute_einsum(p, num, false);
  const double k = ctx.n_instances;

  for (std::size_t c = 0; c < ctx.flat.size(); ++c) {
    const auto& comp = *ctx.flat[c];
    for (std::size_t d = 0; d < comp.spatial.size(); ++d) {
      const auto& dim = comp.spatial[d];
      const double used = num.loops.fanout[c][d] == 0 ? 1.0 : num.loops.fanout[c][d];
      ev.spatial_usage[{E, comp.name, dim.name}] = {used, dim.fanout, num.usage[c][d]};
    }
  }
  if (num.failure == Failure::Fanout) {
    const auto c = static_cast<std::size_t>(num.failed_component);
    const auto& comp = *ctx.flat[c];
    const auto& dim = comp.spatial[static_cast<std::size_t>(num.failed_dim)];
    fail("uses " + fmt_num(num.failed_used) + " spatial instances of " + comp.name + " dimension " +
             dim.name + ", but its fanout is only " + fmt_num(dim.fanout) + " (Einsum " + E + ")",
         first_node(p.nodes, NodeKind::Spatial, num.failed_component, num.failed_dim));
  }

  for (std::size_t c = 0; c < ctx.flat.size(); ++c) {
    if (!num.memory_present[c]) continue;
    const auto& comp = *ctx.flat[c];
    double nonpersistent = 0;
    for (const auto& b : num.buffets) {
      if (b.level != static_cast<int>(c) || b.stats.max_occupancy == 0) continue;
      const double occ = b.stats.max_occupancy * (b.stats.persistent ? k : 1.0);
      const auto& tname = ctx.tensors[static_cast<std::size_t>(b.tensor)];
      ev.occupancy[{E, comp.name, tname}] = occ;
      if (b.stats.persistent) {
        auto& m = join.persistent[{comp.name, tname}];
        m = std::max(m, occ);
      }
    }
    ev.memory_usage[{E, comp.name}] = {num.memory_used[c], comp.size};
    for (const auto& b : num.buffets)
      if (b.level == static_cast<int>(c) && !b.stats.persistent) nonpersistent += b.stats.max_occupancy;
    auto& m = join.max_nonpersistent[comp.name];
    m = std::max(m, nonpersistent);
    join.size[comp.name] = comp.size;
    if (num.failure == Failure::Capacity && num.failed_component == static_cast<int>(c))
      fail("uses " + fmt_num(num.memory_used[c]) + " bits of " + comp.name + " but its size is only " +
               fmt_num(comp.size) + " bits (Einsum " + E +
               "); use smaller tile shapes below its storage nodes",
           first_node(p.nodes, NodeKind::Storage, static_cast<int>(c)));
  }

  // Actions (README: Energy and leak); counts × actions_scale × instances.
  for (const auto& b : num.buffets) {
    if (b.level == ctx.compute) continue;
    const auto& comp = *ctx.flat[static_cast<std::size_t>(b.level)];
    const auto& tname = ctx.tensors[static_cast<std::size_t>(b.tensor)];
    const auto& s = b.stats;
    const double sc = comp.actions_scale;
    const auto* read = p.read_action[static_cast<std::size_t>(b.level)];
    const auto* write = p.write_action[static_cast<std::size_t>(b.level)];
    const std::tuple<const char*, const spec::Action*, double, double> rw[] = {
        {"read", read, s.total_read_actions - s.total_skipped_first_read_actions,
         s.max_per_unit_read_actions - s.min_per_unit_skipped_first_read_actions},
        {"write", write, s.total_write_actions - s.total_skipped_first_write_actions,
         s.max_per_unit_write_actions - s.min_per_unit_skipped_first_write_actions}};
    for (const auto& [action, a, total_count, per_unit] : rw) {
      const ActionKey key{E, comp.name, tname, action};
      const double total = total_count * sc;
      ev.actions[key] += total * k;
      ev.max_per_unit_actions[key] += per_unit * sc * k;
      const double e = total == 0 ? 0.0 : total * a->energy;
      if (e != 0 || total != 0) ev.energy[key] += e * k;
    }
  }
  {
    const auto& comp = *ctx.flat[static_cast<std::size_t>(ctx.compute)];
    const ActionKey key{E, comp.name, "", "compute"};
    const double total = num.loops.compute.total_ops * comp.actions_scale;
    ev.actions[key] += total * k;
    ev.max_per_unit_actions[key] += num.loops.compute.max_per_unit_ops * comp.actions_scale * k;
    if (total != 0) ev.energy[key] += total * p.compute_action->energy * k;
    ev.compute_ops[E] = num.loops.compute.total_ops * k;
  }

  for (std::size_t c = 0; c < ctx.flat.size(); ++c)
    if (num.latency_present[c]) ev.component_latency[{E, ctx.flat[c]->name}] = num.component_latency[c] * k;
  const auto& all = ctx.arch->components;
  for (std::size_t a = 0; a < all.size(); ++a)
    if (all[a].kind != spec::ComponentKind::Container) ev.leak_energy[{E, all[a].name}] = num.leak[a] * k;

  ev.einsum_latency[E] = num.latency * k;
  ev.einsum_energy[E] = (num.dynamic_energy + num.leak_energy) * k;
  ev.dynamic_energy += num.dynamic_energy * k;
  ev.leak_energy_total += num.leak_energy * k;
  ev.total_latency += num.latency * k;
}

}  // namespace

Evaluation evaluate(const spec::ResolvedSpec& spec, const spec::Mapping& mapping) {
  Evaluation ev;
  JoinState join;
  for (const auto& chain : split_into_pmappings(mapping)) evaluate_einsum(spec, chain, ev, join);
  ev.total_energy = ev.dynamic_energy + ev.leak_energy_total;

  // Sequential join of reservations (inferred; README: Joining Einsums): non-persistent buffers are freed
  // between Einsums; persistent ones stay.
  for (const auto& [memory, size] : join.size) {
    double used = join.max_nonpersistent[memory];
    for (const auto& [key, occ] : join.persistent)
      if (key.memory == memory) used += occ;
    ev.joined_memory_usage[memory] = {used, size};
    if (used > size)
      throw InvalidMapping("the Einsums together use " + fmt_num(used) + " bits of " + memory +
                               " (persistent tensors stay resident) but its size is only " + fmt_num(size) +
                               " bits",
                           "", std::nullopt);
  }
  return ev;
}

}  // namespace af::model
