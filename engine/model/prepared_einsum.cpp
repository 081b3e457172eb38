#include "model/prepared_einsum.h"

#include <algorithm>
#include <cmath>

#include "model/costs.h"

namespace af::model::detail {
namespace {

const spec::Action* required_action(const spec::Component& comp, const char* action, const PNode& p) {
  const auto* a = comp.find_action(action);
  if (a == nullptr) fail("component " + comp.name + " has no '" + action + "' action", p.source);
  return a;
}

// Per-node constants analyze_tensor needs, so its loop touches no strings.
void annotate(const EinsumContext& ctx, const std::vector<std::vector<int>>& views,
              std::vector<PNode>& nodes) {
  for (auto& p : nodes) {
    if (p.kind == NodeKind::Spatial) {
      const auto& dim =
          ctx.flat[static_cast<std::size_t>(p.component)]->spatial[static_cast<std::size_t>(p.dim)];
      p.may_reuse.clear();
      for (const auto& t : ctx.tensors) p.may_reuse.push_back(dim.may_reuse_tensor(t) ? 1 : 0);
    } else if (p.kind == NodeKind::Reservation) {
      const auto t = static_cast<std::size_t>(p.tensor);
      p.bits_per_value = ctx.flat[static_cast<std::size_t>(p.component)]->bits_per_value_for(
          ctx.tensors[t], ctx.bits_per_value[t]);
    }
  }
  for (std::size_t t = 0; t < views.size(); ++t) {
    bool seen_holder = false;
    for (const int i : views[t]) {
      auto& p = nodes[static_cast<std::size_t>(i)];
      if ((p.kind != NodeKind::Storage && p.kind != NodeKind::Toll) || p.tensor != static_cast<int>(t))
        continue;
      const auto& comp = *ctx.flat[static_cast<std::size_t>(p.component)];
      const auto& name = ctx.tensors[t];
      const double bpv = ctx.bits_per_value[t];
      const bool toll = p.kind == NodeKind::Toll;
      p.has_parent = seen_holder;
      seen_holder = true;
      p.read_scale = 1.0 / comp.values_per_action_for(*required_action(comp, "read", p), name, bpv);
      p.write_scale =
          toll ? 0.0 : 1.0 / comp.values_per_action_for(*required_action(comp, "write", p), name, bpv);
      p.toll_down = p.toll_up = true;
      if (toll) {
        const auto d = comp.direction_for(name);
        p.toll_down = d != spec::TollDirection::Up;
        p.toll_up = d != spec::TollDirection::Down;
      }
    }
  }
}

}  // namespace

PreparedEinsum prepare_einsum(const spec::ResolvedSpec& spec,
                              const std::vector<const spec::MappingNode*>& chain, Checks checks) {
  if (chain.empty() || chain.back()->as<spec::ComputeNode>() == nullptr)
    fail("a pmapping must end in a Compute node", chain.empty() ? nullptr : chain.back());
  PreparedEinsum p;
  p.ctx = make_context(spec, *chain.back());
  const auto& ctx = p.ctx;
  std::vector<PNode> nodes = normalise(ctx, chain);

  if (checks == Checks::All) {
    check_complete(ctx, nodes, chain.back());
    // A Toll is a pass-through; it cannot be the outermost holder of a fusable tensor.
    const auto fusable = spec.workload.fusable_tensors();
    for (const auto& n : nodes)
      if (n.kind == NodeKind::Toll && n.backing &&
          fusable.contains(ctx.tensors[static_cast<std::size_t>(n.tensor)]))
        fail("Toll '" + ctx.flat[static_cast<std::size_t>(n.component)]->name +
                 "' is the outermost holder of fusable tensor '" +
                 ctx.tensors[static_cast<std::size_t>(n.tensor)] + "'; a Memory above it must keep it",
             n.source);
  }

  if (ctx.is_copy) {
    nodes = prepare_copy(ctx, std::move(nodes));
    p.copy_source = ctx.tensor_index(ctx.einsum->copy_source_tensor());
  }
  p.nodes = insert_reservations(ctx, std::move(nodes));
  p.loop_view = single_tensor_mapping(ctx, p.nodes, -1);
  for (std::size_t t = 0; t < ctx.tensors.size(); ++t)
    p.tensor_views.push_back(single_tensor_mapping(ctx, p.nodes, static_cast<int>(t)));
  annotate(ctx, p.tensor_views, p.nodes);
  for (std::size_t t = 0; t < ctx.tensors.size(); ++t)
    p.tensor_steps.push_back(tensor_steps(ctx, p.nodes, p.tensor_views[t], static_cast<int>(t)));
  for (std::size_t i = 0; i < p.nodes.size(); ++i)
    if (p.nodes[i].kind == NodeKind::Temporal || p.nodes[i].kind == NodeKind::Spatial) p.loops.push_back(i);

  for (std::size_t c = 0; c < ctx.flat.size(); ++c) {
    const auto* comp = ctx.flat[c];
    p.read_action.push_back(comp->find_action("read"));
    p.write_action.push_back(comp->find_action("write"));
    p.latency_formula.push_back(spec::LatencyFormula::parse(comp->total_latency));
    const bool is_compute = static_cast<int>(c) == ctx.compute;
    auto& roles = p.action_roles.emplace_back();
    for (const auto& a : comp->actions) {
      using Role = PreparedEinsum::ActionRole;
      roles.push_back(is_compute          ? (a.name == "compute" ? Role::Compute : Role::None)
                      : a.name == "read"  ? Role::Read
                      : a.name == "write" ? Role::Write
                                          : Role::None);
    }
  }
  p.compute_action = ctx.flat[static_cast<std::size_t>(ctx.compute)]->find_action("compute");
  const auto& all = ctx.arch->components;
  const auto& compute_name = ctx.flat[static_cast<std::size_t>(ctx.compute)]->name;
  for (std::size_t a = 0; a < all.size(); ++a) {
    p.arch_to_flat.push_back(ctx.flat_index(all[a].name));
    if (all[a].kind == spec::ComponentKind::Compute && all[a].name == compute_name &&
        p.compute_arch_index < 0)
      p.compute_arch_index = static_cast<int>(a);
  }
  return p;
}

void set_loop_tile(PreparedEinsum& p, std::size_t loop, double tile) {
  auto& n = p.nodes[p.loops[loop]];
  n.tile = p.ctx.bounds[static_cast<std::size_t>(n.rv)] == 1 ? 1.0 : tile;
}

namespace {

// Actions and dynamic energy (README: Energy and leak): per buffet read then write, then the compute.
double dynamic_energy(const PreparedEinsum& p, const EinsumNumbers& out) {
  const auto& ctx = p.ctx;
  double dynamic = 0;
  const auto energy_of = [&](const spec::Component& comp, const spec::Action* a, const char* action,
                             double count) {
    if (count == 0) return 0.0;
    if (a == nullptr) fail("component " + comp.name + " has no '" + action + "' action", nullptr);
    return count * a->energy;
  };
  for (const auto& b : out.buffets) {
    if (b.level == ctx.compute) continue;
    const auto c = static_cast<std::size_t>(b.level);
    const auto& comp = *ctx.flat[c];
    const auto& s = b.stats;
    const double sc = comp.actions_scale;
    dynamic += energy_of(comp, p.read_action[c], "read",
                         (s.total_read_actions - s.total_skipped_first_read_actions) * sc);
    dynamic += energy_of(comp, p.write_action[c], "write",
                         (s.total_write_actions - s.total_skipped_first_write_actions) * sc);
  }
  const auto& comp = *ctx.flat[static_cast<std::size_t>(ctx.compute)];
  dynamic += energy_of(comp, p.compute_action, "compute", out.loops.compute.total_ops * comp.actions_scale);
  return dynamic;
}

}  // namespace

void compute_einsum(const PreparedEinsum& p, EinsumNumbers& out, bool stop_at_failure) {
  if (!compute_occupancies(p, out, stop_at_failure, true)) return;
  out.dynamic_energy = dynamic_energy(p, out);
  component_latencies(p, out);
  out.latency = 0;
  for (std::size_t c = 0; c < p.ctx.flat.size(); ++c)
    if (out.latency_present[c] && out.component_latency[c] != 0)
      out.latency = std::max(out.latency, out.component_latency[c]);
  leak_energies(p, out);
}

double fanout_limit(const PreparedEinsum& p, const spec::SpatialDim& dim) {
  return p.scaled_usage_limit && dim.usage_scale > 1 ? dim.fanout / dim.usage_scale : dim.fanout;
}

bool compute_occupancies(const PreparedEinsum& p, EinsumNumbers& out, bool stop_at_failure, bool full) {
  const auto& ctx = p.ctx;
  const auto n_flat = ctx.flat.size();
  out.failure = Failure::None;
  analyze_loops(ctx, p.nodes, p.loop_view, out.loops);

  // Spatial usage (README: Capacity and spatial usage): default 1 instance when no loop uses
  // a dim. Checked before the tensors are analysed since it needs only the loops.
  out.usage.resize(n_flat);
  for (std::size_t c = 0; c < n_flat; ++c) {
    const auto& comp = *ctx.flat[c];
    out.usage[c].resize(comp.spatial.size());
    for (std::size_t d = 0; d < comp.spatial.size(); ++d) {
      const auto& dim = comp.spatial[d];
      const double used = out.loops.fanout[c][d] == 0 ? 1.0 : out.loops.fanout[c][d];
      if (used > fanout_limit(p, dim) && out.failure == Failure::None) {
        out.failure = Failure::Fanout;
        out.failed_component = static_cast<int>(c);
        out.failed_dim = static_cast<int>(d);
        out.failed_used = used;
        if (stop_at_failure) return false;
      }
      out.usage[c][d] = used / dim.fanout * dim.usage_scale;
    }
  }

  out.buffets.clear();
  for (std::size_t t = 0; t < ctx.tensors.size(); ++t)
    if (full)
      analyze_tensor(ctx, p.nodes, p.tensor_steps[t], static_cast<int>(t), out.loops, out.scratch,
                     out.buffets);
    else
      tensor_occupancies(ctx, p.nodes, p.tensor_steps[t], static_cast<int>(t), out.loops, out.buffets);
  if (ctx.is_copy) {
    // Every level's stats merge into the source tensor's buffet (min, zero wins).
    std::vector<Buffet> merged;
    for (const auto& b : out.buffets) {
      auto it =
          std::find_if(merged.begin(), merged.end(), [&](const Buffet& m) { return m.level == b.level; });
      if (it == merged.end())
        merged.push_back({p.copy_source, b.level, b.stats});
      else
        it->stats.min_take_zero(b.stats);
    }
    out.buffets = std::move(merged);
  }

  // Capacity (README: Capacity and spatial usage): per-instance occupancy of every non-compute buffet.
  const double k = ctx.n_instances;
  out.memory_used.assign(n_flat, 0.0);
  out.memory_present.assign(n_flat, 0);
  for (const auto& b : out.buffets) {
    const auto c = static_cast<std::size_t>(b.level);
    if (ctx.flat[c]->kind != spec::ComponentKind::Memory || b.stats.max_occupancy == 0) continue;
    out.memory_used[c] += b.stats.max_occupancy * (b.stats.persistent ? k : 1.0);
    out.memory_present[c] = 1;
  }
  if (out.failure == Failure::None)
    for (std::size_t c = 0; c < n_flat; ++c)
      if (out.memory_present[c] && out.memory_used[c] > ctx.flat[c]->size) {
        out.failure = Failure::Capacity;
        out.failed_component = static_cast<int>(c);
        out.failed_dim = -1;
        out.failed_used = out.memory_used[c];
        if (stop_at_failure) return false;
        break;
      }

  return true;
}

}  // namespace af::model::detail
