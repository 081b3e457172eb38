#include "model/reuse_analysis.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>

namespace af::model::detail {

namespace {

// How a loop above a buffet scales each of its fields (one row per field, so a new field
// cannot be forgotten in one of the passes).
enum class Temporal : std::uint8_t {
  Always,      // every iteration repeats it
  IfRelevant,  // first touches happen once per distinct tile: only relevant loops multiply them
  Never,
};
enum class Spatial : std::uint8_t {
  Always,       // every instance does it
  IfNotReused,  // parent exchanges are shared (multicast / spatial reduction) when reused
  Never,        // per unit: instances work in parallel
};
struct Field {
  double BuffetStats::*member;
  Temporal temporal;
  Spatial spatial;
};
constexpr std::array<Field, 15> kFields{{
    {&BuffetStats::total_reads_to_parent, Temporal::Always, Spatial::IfNotReused},
    {&BuffetStats::total_writes_to_parent, Temporal::Always, Spatial::IfNotReused},
    {&BuffetStats::max_per_parent_reads_to_parent, Temporal::Always, Spatial::IfNotReused},
    {&BuffetStats::max_per_parent_writes_to_parent, Temporal::Always, Spatial::IfNotReused},
    {&BuffetStats::total_skipped_first_reads_to_parent, Temporal::IfRelevant, Spatial::IfNotReused},
    {&BuffetStats::min_per_parent_skipped_first_reads_to_parent, Temporal::IfRelevant, Spatial::IfNotReused},
    {&BuffetStats::max_occupancy, Temporal::Never, Spatial::Never},
    {&BuffetStats::total_read_actions, Temporal::Always, Spatial::Always},
    {&BuffetStats::max_per_unit_read_actions, Temporal::Always, Spatial::Never},
    {&BuffetStats::total_write_actions, Temporal::Always, Spatial::Always},
    {&BuffetStats::max_per_unit_write_actions, Temporal::Always, Spatial::Never},
    {&BuffetStats::total_skipped_first_read_actions, Temporal::IfRelevant, Spatial::Always},
    {&BuffetStats::min_per_unit_skipped_first_read_actions, Temporal::IfRelevant, Spatial::Never},
    {&BuffetStats::total_skipped_first_write_actions, Temporal::IfRelevant, Spatial::Always},
    {&BuffetStats::min_per_unit_skipped_first_write_actions, Temporal::IfRelevant, Spatial::Never},
}};

double min_take_zero(double a, double b) { return (a == 0 || b == 0) ? 0 : std::min(a, b); }

}  // namespace

void BuffetStats::repeat_temporal(double n, bool fully_relevant) {
  if (n == 1) return;
  for (const Field& f : kFields)
    if (f.temporal == Temporal::Always || (f.temporal == Temporal::IfRelevant && fully_relevant)) this->*f.member *= n;
}

void BuffetStats::repeat_spatial(double n, bool reuse_parent_accesses) {
  if (n == 1) return;
  for (const Field& f : kFields)
    if (f.spatial == Spatial::Always || (f.spatial == Spatial::IfNotReused && !reuse_parent_accesses))
      this->*f.member *= n;
}

void BuffetStats::min_take_zero(const BuffetStats& o) {
  for (const Field& f : kFields) this->*f.member = detail::min_take_zero(this->*f.member, o.*f.member);
  persistent = persistent || o.persistent;
}

void analyze_loops(const EinsumContext& ctx, const std::vector<PNode>& nodes, const std::vector<int>& view,
                   LoopPass& out) {
  out.iterations.assign(nodes.size(), 0.0);
  out.fanout.resize(ctx.flat.size());
  for (std::size_t c = 0; c < ctx.flat.size(); ++c) out.fanout[c].assign(ctx.flat[c]->spatial.size(), 0.0);

  // Top-down: actual counts n = S/tile (fractional when the tile does not divide: the
  // "average tile" model); the outermost loop of a simple rank variable records
  // ceil(bound/tile) for irrelevant-loop use in the tensor passes (README: Reuse per node).
  auto& shape = out.shape;
  auto& rv_seen = out.rv_seen;
  auto& n_at = out.n_at;
  shape.assign(ctx.bounds.begin(), ctx.bounds.end());
  rv_seen.assign(ctx.rvs.size(), 0);
  n_at.assign(nodes.size(), 1.0);
  for (const int i : view) {
    const auto& p = nodes[static_cast<std::size_t>(i)];
    if (p.kind != NodeKind::Temporal && p.kind != NodeKind::Spatial) continue;
    const auto rv = static_cast<std::size_t>(p.rv);
    const double n = shape[rv] / p.tile;
    n_at[static_cast<std::size_t>(i)] = n;
    out.iterations[static_cast<std::size_t>(i)] =
        (ctx.simple_rv[rv] && !rv_seen[rv]) ? std::ceil(ctx.bounds[rv] / p.tile) : n;
    rv_seen[rv] = 1;
    shape[rv] = p.tile;
  }

  const double ops = ctx.is_copy ? 0.0 : 1.0;
  out.compute = {ops, ops, ops};
  for (auto it = view.rbegin(); it != view.rend(); ++it) {
    const auto& p = nodes[static_cast<std::size_t>(*it)];
    const double n = n_at[static_cast<std::size_t>(*it)];
    if (p.kind == NodeKind::Temporal) {
      out.compute.total_ops *= n;
      out.compute.max_per_unit_ops *= n;
      out.compute.max_latency *= n;
    } else if (p.kind == NodeKind::Spatial) {
      out.compute.total_ops *= n;  // per-unit latency is the max across instances
      auto& used = out.fanout[static_cast<std::size_t>(p.component)][static_cast<std::size_t>(p.dim)];
      used = n * (used == 0 ? 1.0 : used);
    }
  }
}

void analyze_tensor(const EinsumContext& ctx, const std::vector<PNode>& nodes, const std::vector<int>& view,
                    int tensor, LoopPass& loops, std::vector<double>& scratch, std::vector<Buffet>& out) {
  const auto t = static_cast<std::size_t>(tensor);
  const auto& rel = ctx.relevancy[t];
  const bool output = ctx.is_output[t] != 0;

  // Top-down: per view position the loop count or the dense tile at that point.
  auto& shape = loops.shape;
  shape.assign(ctx.bounds.begin(), ctx.bounds.end());
  scratch.assign(view.size(), 1.0);
  for (std::size_t k = 0; k < view.size(); ++k) {
    const auto& p = nodes[static_cast<std::size_t>(view[k])];
    switch (p.kind) {
      case NodeKind::Temporal:
      case NodeKind::Spatial: {
        const auto rv = static_cast<std::size_t>(p.rv);
        // Irrelevant loops may have been reordered; use the tensor-less pass's count.
        scratch[k] = rel[rv] == spec::Relevancy::Irrelevant
                         ? loops.iterations[static_cast<std::size_t>(view[k])]
                         : shape[rv] / p.tile;
        shape[rv] = p.tile;
        break;
      }
      case NodeKind::Storage:
      case NodeKind::Toll:
      case NodeKind::Reservation:
        scratch[k] = ctx.dense_tile(tensor, shape);
        break;
      case NodeKind::Compute:
        break;
    }
  }

  const std::size_t first = out.size();
  const auto compute_skip = ctx.flat[static_cast<std::size_t>(ctx.compute)]->skip_initial_output_write;
  for (std::size_t k = view.size(); k-- > 0;) {
    const auto& p = nodes[static_cast<std::size_t>(view[k])];
    const double v = scratch[k];
    switch (p.kind) {
      case NodeKind::Compute: {
        Buffet b{tensor, ctx.compute, {}};
        auto& s = b.stats;
        if (!ctx.is_copy || !output) {  // a copy only writes its outputs
          s.total_reads_to_parent = 1;
          s.max_per_parent_reads_to_parent = 1;
        }
        if (output) {
          s.total_writes_to_parent = 1;
          s.max_per_parent_writes_to_parent = 1;
          if (compute_skip && !ctx.is_copy) {
            s.total_skipped_first_reads_to_parent = 1;
            s.min_per_parent_skipped_first_reads_to_parent = 1;
          }
        }
        s.max_occupancy = 1;
        out.push_back(b);
        break;
      }
      case NodeKind::Temporal: {
        const bool relevant = rel[static_cast<std::size_t>(p.rv)] == spec::Relevancy::Relevant;
        for (std::size_t b = first; b < out.size(); ++b) {
          out[b].stats.n_loops_above += 1;
          out[b].stats.repeat_temporal(v, relevant);
        }
        break;
      }
      case NodeKind::Spatial: {
        const bool may = rel[static_cast<std::size_t>(p.rv)] == spec::Relevancy::Irrelevant && p.may_reuse[t];
        for (std::size_t b = first; b < out.size(); ++b) {
          out[b].stats.n_loops_above += 1;
          // Only the outermost buffet's parent traffic crosses this fanout.
          out[b].stats.repeat_spatial(v, may && b + 1 == out.size());
        }
        break;
      }
      case NodeKind::Reservation: {
        Buffet b{tensor, p.component, {}};
        b.stats.max_occupancy = v * p.bits_per_value;
        out.push_back(b);
        break;
      }
      case NodeKind::Storage:
      case NodeKind::Toll: {
        const auto* comp = ctx.flat[static_cast<std::size_t>(p.component)];
        if (out.size() < first + 2 || out.back().level != p.component)
          fail("internal: no reservation for holder", p.source);
        auto& s = out.back().stats;
        const auto& child = out[out.size() - 2].stats;
        const bool toll = p.kind == NodeKind::Toll;
        const bool has_parent = p.has_parent;
        // Copy Einsums: backing detection is effectively off in the reference (README: Copy Einsums).
        const bool below_backing = has_parent && !ctx.is_copy;
        const bool is_backing = !has_parent && !ctx.is_copy;
        const bool skip = (toll || comp->skip_initial_output_write) && !ctx.is_copy;
        if (p.persistent) s.persistent = true;
        const double fills = v;
        if (has_parent) {
          if (!is_backing && below_backing) {
            s.total_reads_to_parent += toll ? child.total_reads_to_parent : fills;
            s.max_per_parent_reads_to_parent += toll ? child.max_per_parent_reads_to_parent : fills;
          }
          if (output || !below_backing) {
            s.total_writes_to_parent += toll ? child.total_writes_to_parent : fills;
            s.max_per_parent_writes_to_parent += toll ? child.max_per_parent_writes_to_parent : fills;
          }
          if (output && !is_backing && below_backing && skip) {
            s.total_skipped_first_reads_to_parent += toll ? child.total_skipped_first_reads_to_parent : fills;
            s.min_per_parent_skipped_first_reads_to_parent +=
                toll ? child.min_per_parent_skipped_first_reads_to_parent : fills;
          }
        }
        const double rs = p.read_scale;
        const double ws = p.write_scale;  // a Toll never counts writes
        const bool down = p.toll_down, up = p.toll_up;
        if (down) {  // parent -> me
          s.total_write_actions += s.total_reads_to_parent * ws;
          s.max_per_unit_write_actions += s.total_reads_to_parent * ws;
          s.total_skipped_first_write_actions += s.total_skipped_first_reads_to_parent * ws;
          s.min_per_unit_skipped_first_write_actions += s.min_per_parent_skipped_first_reads_to_parent * ws;
        }
        if (up) {  // me -> parent: write-back needs a read of me
          s.total_read_actions += s.total_writes_to_parent * rs;
          s.max_per_unit_read_actions += s.total_writes_to_parent * rs;
        }
        if (down) {  // me -> child
          s.total_read_actions += child.total_reads_to_parent * rs;
          s.max_per_unit_read_actions += child.max_per_parent_reads_to_parent * rs;
          if (skip) {
            s.total_skipped_first_read_actions += child.total_skipped_first_reads_to_parent * rs;
            s.min_per_unit_skipped_first_read_actions +=
                child.min_per_parent_skipped_first_reads_to_parent * rs;
          }
        }
        if (up) {  // child -> me
          s.total_write_actions += child.total_writes_to_parent * ws;
          s.max_per_unit_write_actions += child.max_per_parent_writes_to_parent * ws;
        }
        if (toll) s.max_occupancy = 0;
        break;
      }
    }
  }
}

void tensor_occupancies(const EinsumContext& ctx, const std::vector<PNode>& nodes,
                        const std::vector<int>& view, int tensor, LoopPass& loops, std::vector<Buffet>& out) {
  // analyze_tensor pushes the Compute buffet first, then each reservation's bottom-up; a
  // holder's flags go to the reservation right below it (the nearest one pushed before it).
  // Top-down, that is the holder nearest above the reservation.
  auto& shape = loops.shape;
  shape.assign(ctx.bounds.begin(), ctx.bounds.end());
  const std::size_t first = out.size();
  int loops_above = 0;
  const PNode* holder = nullptr;
  for (const int i : view) {
    const auto& p = nodes[static_cast<std::size_t>(i)];
    switch (p.kind) {
      case NodeKind::Temporal:
      case NodeKind::Spatial:
        shape[static_cast<std::size_t>(p.rv)] = p.tile;
        ++loops_above;
        break;
      case NodeKind::Storage:
      case NodeKind::Toll:
        holder = &p;
        break;
      case NodeKind::Reservation: {
        Buffet b{tensor, p.component, {}};
        b.stats.max_occupancy = ctx.dense_tile(tensor, shape) * p.bits_per_value;
        b.stats.n_loops_above = loops_above;
        if (holder == nullptr || holder->component != p.component)
          fail("internal: no holder for reservation", p.source);
        if (holder->persistent) b.stats.persistent = true;
        if (holder->kind == NodeKind::Toll) b.stats.max_occupancy = 0;
        out.push_back(b);
        break;
      }
      case NodeKind::Compute: {
        Buffet b{tensor, ctx.compute, {}};
        b.stats.max_occupancy = 1;
        b.stats.n_loops_above = loops_above;
        out.insert(out.begin() + static_cast<std::ptrdiff_t>(first), b);
        break;
      }
    }
  }
  std::reverse(out.begin() + static_cast<std::ptrdiff_t>(first + 1), out.end());  // inner to outer
}

}  // namespace af::model::detail
