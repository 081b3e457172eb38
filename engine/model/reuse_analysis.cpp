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
  bool action;  // counts the buffet's own actions (read by energy and latency), else its parent exchanges
};
constexpr std::array<Field, 15> kFields{{
    {&BuffetStats::total_reads_to_parent, Temporal::Always, Spatial::IfNotReused, false},
    {&BuffetStats::total_writes_to_parent, Temporal::Always, Spatial::IfNotReused, false},
    {&BuffetStats::max_per_parent_reads_to_parent, Temporal::Always, Spatial::IfNotReused, false},
    {&BuffetStats::max_per_parent_writes_to_parent, Temporal::Always, Spatial::IfNotReused, false},
    {&BuffetStats::total_skipped_first_reads_to_parent, Temporal::IfRelevant, Spatial::IfNotReused, false},
    {&BuffetStats::min_per_parent_skipped_first_reads_to_parent, Temporal::IfRelevant, Spatial::IfNotReused,
     false},
    {&BuffetStats::max_occupancy, Temporal::Never, Spatial::Never, false},
    {&BuffetStats::total_read_actions, Temporal::Always, Spatial::Always, true},
    {&BuffetStats::max_per_unit_read_actions, Temporal::Always, Spatial::Never, true},
    {&BuffetStats::total_write_actions, Temporal::Always, Spatial::Always, true},
    {&BuffetStats::max_per_unit_write_actions, Temporal::Always, Spatial::Never, true},
    {&BuffetStats::total_skipped_first_read_actions, Temporal::IfRelevant, Spatial::Always, true},
    {&BuffetStats::min_per_unit_skipped_first_read_actions, Temporal::IfRelevant, Spatial::Never, true},
    {&BuffetStats::total_skipped_first_write_actions, Temporal::IfRelevant, Spatial::Always, true},
    {&BuffetStats::min_per_unit_skipped_first_write_actions, Temporal::IfRelevant, Spatial::Never, true},
}};
constexpr auto kActionFields = [] {
  std::array<Field, 8> out{};
  std::size_t n = 0;
  for (const Field& f : kFields)
    if (f.action) out.at(n++) = f;
  return out;
}();
static_assert(static_cast<std::size_t>(std::count_if(kFields.begin(), kFields.end(), [](const Field& f) {
                return f.action;
              })) == kActionFields.size());

constexpr std::size_t kNone = static_cast<std::size_t>(-1);

// A buffet with every figure 0, appended by copying a zero one: value-initialising it
// compiled to a `rep stos`, a tenth of analyze_tensor (perf).
constexpr Buffet kEmptyBuffet{};
BuffetStats& append_buffet(std::vector<Buffet>& out, int tensor, int level) {
  auto& b = out.emplace_back(kEmptyBuffet);
  b.tensor = tensor;
  b.level = level;
  return b.stats;
}

double min_take_zero(double a, double b) { return (a == 0 || b == 0) ? 0 : std::min(a, b); }

}  // namespace

void BuffetStats::repeat_temporal(double n, bool fully_relevant) {
  if (n == 1) return;
  for (const Field& f : kFields)
    if (f.temporal == Temporal::Always || (f.temporal == Temporal::IfRelevant && fully_relevant))
      this->*f.member *= n;
}

void BuffetStats::repeat_spatial(double n, bool reuse_parent_accesses) {
  if (n == 1) return;
  for (const Field& f : kFields)
    if (f.spatial == Spatial::Always || (f.spatial == Spatial::IfNotReused && !reuse_parent_accesses))
      this->*f.member *= n;
}

void BuffetStats::repeat_temporal_actions(double n, bool fully_relevant) {
  if (n == 1) return;
  for (const Field& f : kActionFields)
    if (f.temporal == Temporal::Always || (f.temporal == Temporal::IfRelevant && fully_relevant))
      this->*f.member *= n;
}

void BuffetStats::repeat_spatial_actions(double n) {
  if (n == 1) return;
  for (const Field& f : kActionFields)
    if (f.spatial == Spatial::Always) this->*f.member *= n;
}

void BuffetStats::min_take_zero(const BuffetStats& o) {
  for (const Field& f : kFields) this->*f.member = detail::min_take_zero(this->*f.member, o.*f.member);
  persistent = persistent || o.persistent;
}

void analyze_loops(const EinsumContext& ctx, const std::vector<PNode>& nodes, const std::vector<int>& view,
                   LoopPass& out) {
  // Every loop node is in every view and gets its count below; other nodes' entries are
  // never read, so the per-node vectors are only sized, not cleared.
  out.iterations.resize(nodes.size());
  out.n_at.resize(nodes.size());
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
    if (p.kind == NodeKind::Temporal) {
      const double n = n_at[static_cast<std::size_t>(*it)];
      out.compute.total_ops *= n;
      out.compute.max_per_unit_ops *= n;
      out.compute.max_latency *= n;
    } else if (p.kind == NodeKind::Spatial) {
      const double n = n_at[static_cast<std::size_t>(*it)];
      out.compute.total_ops *= n;  // per-unit latency is the max across instances
      auto& used = out.fanout[static_cast<std::size_t>(p.component)][static_cast<std::size_t>(p.dim)];
      used = n * (used == 0 ? 1.0 : used);
    }
  }
}

std::vector<TensorStep> tensor_steps(const EinsumContext& ctx, const std::vector<PNode>& nodes,
                                     const std::vector<int>& view, int tensor) {
  const auto t = static_cast<std::size_t>(tensor);
  std::vector<TensorStep> steps;
  steps.reserve(view.size());
  for (const int i : view) {
    const auto& p = nodes[static_cast<std::size_t>(i)];
    TensorStep s;
    s.kind = p.kind;
    s.node = i;
    if (p.kind == NodeKind::Temporal || p.kind == NodeKind::Spatial) {
      const auto r = ctx.relevancy[t][static_cast<std::size_t>(p.rv)];
      s.irrelevant = r == spec::Relevancy::Irrelevant;
      s.relevant = r == spec::Relevancy::Relevant;
      s.may_reuse = p.kind == NodeKind::Spatial && s.irrelevant && p.may_reuse[t] != 0;
    }
    steps.push_back(s);
  }
  return steps;
}

void analyze_tensor(const EinsumContext& ctx, const std::vector<PNode>& nodes,
                    const std::vector<TensorStep>& steps, int tensor, LoopPass& loops,
                    std::vector<double>& scratch, std::vector<Buffet>& out) {
  const bool output = ctx.is_output[static_cast<std::size_t>(tensor)] != 0;

  // Top-down: per step the loop count or the dense tile at that point.
  auto& shape = loops.shape;
  shape.assign(ctx.bounds.begin(), ctx.bounds.end());
  scratch.resize(steps.size());
  for (std::size_t k = 0; k < steps.size(); ++k) {
    const auto& st = steps[k];
    const auto& p = nodes[static_cast<std::size_t>(st.node)];
    switch (st.kind) {
      case NodeKind::Temporal:
      case NodeKind::Spatial: {
        const auto rv = static_cast<std::size_t>(p.rv);
        // Irrelevant loops may have been reordered; use the tensor-less pass's count. Loops of
        // a rank variable the tensor uses keep their order in its view (single_tensor_mapping
        // refuses a reorder), so their count is that pass's too, the same division.
        const auto n = static_cast<std::size_t>(st.node);
        scratch[k] = st.irrelevant ? loops.iterations[n] : loops.n_at[n];
        shape[rv] = p.tile;
        break;
      }
      case NodeKind::Storage:
      case NodeKind::Toll:
      case NodeKind::Reservation:
        scratch[k] = ctx.dense_tile(tensor, shape);
        break;
      case NodeKind::Compute:
        scratch[k] = 1;
        break;
    }
  }

  // Bottom-up. The buffets form a stack, inner to outer: those whose parent holder has read
  // them ([first, done): only their actions still scale), at most one it has not (`active`:
  // every field scales) and, between a reservation and its holder, the reservation's buffet
  // (the last), all zeros but its occupancy: nothing to scale. Skipping the dead and zero
  // fields leaves every figure read afterwards as it was, with the same arithmetic.
  const std::size_t first = out.size();
  std::size_t done = first;
  std::size_t active = kNone;
  int loops_seen = 0;  // n_loops_above is loops in all less loops below, added at the end
  const auto compute_skip = ctx.flat[static_cast<std::size_t>(ctx.compute)]->skip_initial_output_write;
  for (std::size_t k = steps.size(); k-- > 0;) {
    const auto& st = steps[k];
    const auto& p = nodes[static_cast<std::size_t>(st.node)];
    const double v = scratch[k];
    switch (st.kind) {
      case NodeKind::Compute: {
        auto& s = append_buffet(out, tensor, ctx.compute);
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
        s.n_loops_above = -loops_seen;
        active = out.size() - 1;
        break;
      }
      case NodeKind::Temporal: {
        ++loops_seen;
        if (v == 1) break;
        for (std::size_t b = first; b < done; ++b) out[b].stats.repeat_temporal_actions(v, st.relevant);
        if (active != kNone) out[active].stats.repeat_temporal(v, st.relevant);
        break;
      }
      case NodeKind::Spatial: {
        ++loops_seen;
        if (v == 1) break;
        for (std::size_t b = first; b < done; ++b) out[b].stats.repeat_spatial_actions(v);
        // Only the outermost buffet's parent traffic crosses this fanout.
        if (active != kNone) out[active].stats.repeat_spatial(v, st.may_reuse && active + 1 == out.size());
        break;
      }
      case NodeKind::Reservation: {
        auto& s = append_buffet(out, tensor, p.component);
        s.max_occupancy = v * p.bits_per_value;
        s.n_loops_above = -loops_seen;
        break;
      }
      case NodeKind::Storage:
      case NodeKind::Toll: {
        const auto* comp = ctx.flat[static_cast<std::size_t>(p.component)];
        if (out.size() < first + 2 || out.back().level != p.component || active + 2 != out.size())
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
        done = out.size() - 1;
        active = done;
        break;
      }
    }
  }
  for (std::size_t b = first; b < out.size(); ++b) out[b].stats.n_loops_above += loops_seen;
}

void tensor_occupancies(const EinsumContext& ctx, const std::vector<PNode>& nodes,
                        const std::vector<TensorStep>& steps, int tensor, LoopPass& loops,
                        std::vector<Buffet>& out) {
  // analyze_tensor appends the Compute buffet first, then each reservation's bottom-up; a
  // holder's flags go to the reservation right below it (the nearest one pushed before it).
  // Top-down, that is the holder nearest above the reservation. Every slot is placed where
  // analyze_tensor puts it, so that no buffet moves.
  auto& shape = loops.shape;
  shape.assign(ctx.bounds.begin(), ctx.bounds.end());
  const std::size_t first = out.size();
  const auto reservations = static_cast<std::size_t>(std::count_if(
      steps.begin(), steps.end(), [](const TensorStep& st) { return st.kind == NodeKind::Reservation; }));
  out.resize(first + 1 + reservations, kEmptyBuffet);
  std::size_t next = out.size();  // the outermost reservation is the last
  int loops_above = 0;
  const PNode* holder = nullptr;
  for (const auto& st : steps) {
    const auto& p = nodes[static_cast<std::size_t>(st.node)];
    switch (st.kind) {
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
        auto& b = out[--next];
        b.tensor = tensor;
        b.level = p.component;
        b.stats.max_occupancy = ctx.dense_tile(tensor, shape) * p.bits_per_value;
        b.stats.n_loops_above = loops_above;
        if (holder == nullptr || holder->component != p.component)
          fail("internal: no holder for reservation", p.source);
        if (holder->persistent) b.stats.persistent = true;
        if (holder->kind == NodeKind::Toll) b.stats.max_occupancy = 0;
        break;
      }
      case NodeKind::Compute: {
        auto& b = out[first];
        b.tensor = tensor;
        b.level = ctx.compute;
        b.stats.max_occupancy = 1;
        b.stats.n_loops_above = loops_above;
        break;
      }
    }
  }
}

}  // namespace af::model::detail
