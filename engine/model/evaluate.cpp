// Driver (§7.1): split into pmappings, run the per-Einsum model, join sequentially (§7.12).
#include "model/evaluate.h"

#include <algorithm>
#include <cmath>
#include <set>

#include "model/costs.h"
#include "model/pmapping.h"
#include "model/reuse_analysis.h"

namespace af::model {
namespace {

using namespace detail;

struct PersistentKey {
  std::string memory, tensor;
  auto operator<=>(const PersistentKey&) const = default;
};

struct JoinState {
  std::map<std::string, double> max_nonpersistent;   // per memory
  std::map<PersistentKey, double> persistent;        // per memory × tensor (max)
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
  if (chain.empty() || chain.back()->as<spec::ComputeNode>() == nullptr)
    fail("a pmapping must end in a Compute node", chain.empty() ? nullptr : chain.back());
  const EinsumContext ctx = make_context(spec, *chain.back());
  const std::string& E = ctx.einsum->name;
  if (ev.einsum_latency.contains(E))
    fail("Einsum " + E + " is mapped more than once", chain.back());

  std::vector<PNode> nodes = normalise(ctx, chain);

  // A Toll is a pass-through; it cannot be the outermost holder of a fusable tensor.
  const auto fusable = spec.workload.fusable_tensors();
  for (const auto& p : nodes)
    if (p.kind == NodeKind::Toll && p.backing &&
        fusable.contains(ctx.tensors[static_cast<std::size_t>(p.tensor)]))
      fail("Toll '" + ctx.flat[static_cast<std::size_t>(p.component)]->name +
               "' is the outermost holder of fusable tensor '" +
               ctx.tensors[static_cast<std::size_t>(p.tensor)] + "'; a Memory above it must keep it",
           p.source);

  if (ctx.is_copy) nodes = prepare_copy(ctx, std::move(nodes));
  nodes = insert_reservations(ctx, std::move(nodes));

  const LoopPass loops = analyze_loops(ctx, nodes, single_tensor_mapping(ctx, nodes, -1));
  std::vector<Buffet> buffets;
  std::vector<double> scratch;
  for (std::size_t t = 0; t < ctx.tensors.size(); ++t)
    analyze_tensor(ctx, nodes, single_tensor_mapping(ctx, nodes, static_cast<int>(t)),
                   static_cast<int>(t), loops, scratch, buffets);

  if (ctx.is_copy) {
    // Every level's stats merge into the source tensor's buffet (min, zero wins).
    const int source = ctx.tensor_index(ctx.einsum->copy_source_tensor());
    std::vector<Buffet> merged;
    for (const auto& b : buffets) {
      auto it = std::find_if(merged.begin(), merged.end(), [&](const Buffet& m) { return m.level == b.level; });
      if (it == merged.end()) merged.push_back({source, b.level, b.stats});
      else it->stats.min_take_zero(b.stats);
    }
    buffets = std::move(merged);
  }

  const double k = ctx.n_instances;

  // Spatial usage (§7.7): default 1 instance when no loop uses a dim.
  std::map<std::pair<std::string, std::string>, double> usage;
  for (std::size_t c = 0; c < ctx.flat.size(); ++c) {
    const auto& comp = *ctx.flat[c];
    for (std::size_t d = 0; d < comp.spatial.size(); ++d) {
      const auto& dim = comp.spatial[d];
      const double used = loops.fanout[c][d] == 0 ? 1.0 : loops.fanout[c][d];
      if (used > dim.fanout)
        fail("uses " + fmt_num(used) + " spatial instances of " + comp.name + " dimension " +
                 dim.name + ", but its fanout is only " + fmt_num(dim.fanout) + " (Einsum " + E + ")",
             first_node(nodes, NodeKind::Spatial, static_cast<int>(c), static_cast<int>(d)));
      const double u = used / dim.fanout * dim.usage_scale;
      usage[{comp.name, dim.name}] = u;
      ev.spatial_usage[{E, comp.name, dim.name}] = {used, dim.fanout, u};
    }
  }

  // Capacity (§7.7): per-instance occupancy of every non-compute buffet.
  for (std::size_t c = 0; c < ctx.flat.size(); ++c) {
    const auto& comp = *ctx.flat[c];
    if (comp.kind != spec::ComponentKind::Memory) continue;
    double total = 0;
    bool any = false;
    for (const auto& b : buffets) {
      if (b.level != static_cast<int>(c) || b.stats.max_occupancy == 0) continue;
      const double occ = b.stats.max_occupancy * (b.stats.persistent ? k : 1.0);
      const auto& tname = ctx.tensors[static_cast<std::size_t>(b.tensor)];
      ev.occupancy[{E, comp.name, tname}] = occ;
      total += occ;
      any = true;
      if (b.stats.persistent) {
        auto& p = join.persistent[{comp.name, tname}];
        p = std::max(p, occ);
      }
    }
    if (!any) continue;
    ev.memory_usage[{E, comp.name}] = {total, comp.size};
    double nonpersistent = 0;
    for (const auto& b : buffets)
      if (b.level == static_cast<int>(c) && !b.stats.persistent) nonpersistent += b.stats.max_occupancy;
    auto& m = join.max_nonpersistent[comp.name];
    m = std::max(m, nonpersistent);
    join.size[comp.name] = comp.size;
    if (total > comp.size)
      fail("uses " + fmt_num(total) + " bits of " + comp.name + " but its size is only " +
               fmt_num(comp.size) + " bits (Einsum " + E +
               "); use smaller tile shapes below its storage nodes",
           first_node(nodes, NodeKind::Storage, static_cast<int>(c)));
  }

  // Actions and dynamic energy (§7.9); counts × actions_scale.
  double dynamic = 0;
  const auto energy_of = [&](const spec::Component& comp, const std::string& action, double count,
                             const PNode* where) {
    if (count == 0) return 0.0;
    const auto* a = comp.find_action(action);
    if (a == nullptr)
      fail("component " + comp.name + " has no '" + action + "' action", where ? where->source : nullptr);
    return count * a->energy;
  };
  for (const auto& b : buffets) {
    if (b.level == ctx.compute) continue;
    const auto& comp = *ctx.flat[static_cast<std::size_t>(b.level)];
    const auto& tname = ctx.tensors[static_cast<std::size_t>(b.tensor)];
    const auto& s = b.stats;
    const double sc = comp.actions_scale;
    const std::pair<const char*, std::pair<double, double>> rw[] = {
        {"read", {s.total_read_actions - s.total_skipped_first_read_actions,
                  s.max_per_unit_read_actions - s.min_per_unit_skipped_first_read_actions}},
        {"write", {s.total_write_actions - s.total_skipped_first_write_actions,
                   s.max_per_unit_write_actions - s.min_per_unit_skipped_first_write_actions}}};
    for (const auto& [action, counts] : rw) {
      const ActionKey key{E, comp.name, tname, action};
      const double total = counts.first * sc;
      ev.actions[key] += total * k;
      ev.max_per_unit_actions[key] += counts.second * sc * k;
      const double e = energy_of(comp, action, total, nullptr);
      if (e != 0 || total != 0) ev.energy[key] += e * k;
      dynamic += e;
    }
  }
  {
    const auto& comp = *ctx.flat[static_cast<std::size_t>(ctx.compute)];
    const ActionKey key{E, comp.name, "", "compute"};
    const double total = loops.compute.total_ops * comp.actions_scale;
    ev.actions[key] += total * k;
    ev.max_per_unit_actions[key] += loops.compute.max_per_unit_ops * comp.actions_scale * k;
    const double e = energy_of(comp, "compute", total, nullptr);
    if (total != 0) ev.energy[key] += e * k;
    dynamic += e;
    ev.compute_ops[E] = loops.compute.total_ops * k;
  }

  // Latency (§7.8): Einsum latency = max of the non-zero component latencies.
  double einsum_latency = 0;
  for (const auto& [name, lat] : component_latencies(ctx, buffets, loops.compute)) {
    ev.component_latency[{E, name}] = lat * k;
    if (lat != 0) einsum_latency = std::max(einsum_latency, lat);
  }

  double leak = 0;
  for (const auto& [name, e] : leak_energies(ctx, usage, einsum_latency)) {
    ev.leak_energy[{E, name}] = e * k;
    leak += e;
  }

  ev.einsum_latency[E] = einsum_latency * k;
  ev.einsum_energy[E] = (dynamic + leak) * k;
  ev.dynamic_energy += dynamic * k;
  ev.leak_energy_total += leak * k;
  ev.total_latency += einsum_latency * k;
}

}  // namespace

Evaluation evaluate(const spec::ResolvedSpec& spec, const spec::Mapping& mapping) {
  Evaluation ev;
  JoinState join;
  for (const auto& chain : split_into_pmappings(mapping)) evaluate_einsum(spec, chain, ev, join);
  ev.total_energy = ev.dynamic_energy + ev.leak_energy_total;

  // Sequential join of reservations (inferred, §7.12): non-persistent buffers are freed
  // between Einsums; persistent ones stay.
  for (const auto& [memory, size] : join.size) {
    double used = join.max_nonpersistent[memory];
    for (const auto& [key, occ] : join.persistent)
      if (key.memory == memory) used += occ;
    ev.joined_memory_usage[memory] = {used, size};
    if (used > size)
      throw InvalidMapping("the Einsums together use " + fmt_num(used) + " bits of " + memory +
                               " (persistent tensors stay resident) but its size is only " +
                               fmt_num(size) + " bits",
                           "", std::nullopt);
  }
  return ev;
}

}  // namespace af::model
