#include "model/compiled_pmapping.h"

#include <algorithm>

#include "model/prepared_einsum.h"

namespace af::model {

// Tile-independent structure for check_prefix, derived from the same views the model uses.
// The search chooses each loop's split (outer tile / tile); a loop's tile is known once
// every loop of its rank variable at or above it has a split.
struct CompiledPmapping::Prefix {
  bool enabled = true;        // off for copy Einsums (their buffets merge)
  bool fanouts = true;        // fanout checks: the splits are iteration counts (copies too)
  std::vector<int> loop_rv;   // per loop
  std::vector<double> bound;  // per rank variable
  struct Spatial {
    int component = -1, dim = -1;
    std::vector<int> loops;  // loops on this dimension: their splits are its instances
  };
  std::vector<Spatial> spatial;  // dimensions with spatial loops
  struct Occupant {
    int tensor = -1;
    std::vector<int> shape_loop;  // per rank variable: the loop fixing its extent, -1: bound
    double bits_per_value = 0, scale = 1;
  };
  struct Capacity {
    int component = -1;
    // The shape loops and every loop above them of their rank variable: what the
    // enumeration order places before the check (its depth comes from tile_at).
    std::vector<int> needs;
    std::size_t depth = 0;
    std::vector<Occupant> occupants;
  };
  std::vector<Capacity> capacity;
  std::vector<std::vector<int>> capacity_at;  // per depth: capacities that become exact
  // Per depth: spatial dims one of whose loops just got a split. The product of the known
  // splits and the minimum of the unknown ones (1 unless set) bounds the instances.
  std::vector<std::vector<int>> partial_at;
  std::vector<std::size_t> position;  // per loop: its place in `order`
  // Per loop: the depth from which its split, and its tile, are known. A rank variable
  // chosen split by split knows a tile once every loop above it has a split; one chosen
  // together (tile by tile, inner to outer) knows a tile at its loop and a split once the
  // loop above has its tile too.
  std::vector<std::size_t> split_at, tile_at;
  std::vector<std::size_t> order;  // enumeration order of the loops
  std::vector<double> shape;       // scratch
  // Per loop: bounds on its split before it is known. By default a split is >= 1 and at
  // most what its rank variable has left (0 below); imperfect tiles change both.
  std::vector<double> min_split, max_split;
  std::vector<int> first;      // spatial dimensions to make exact first (min_usage)
  std::vector<char> together;  // per rank variable: its loops are visited inner loop first

  [[nodiscard]] double tile(int loop, std::span<const std::int64_t> tiles) const {
    const double b = bound[static_cast<std::size_t>(loop_rv[static_cast<std::size_t>(loop)])];
    return b == 1 ? 1.0 : static_cast<double>(tiles[static_cast<std::size_t>(loop)]);
  }
  [[nodiscard]] double split(int loop, std::span<const double> splits) const {
    const double b = bound[static_cast<std::size_t>(loop_rv[static_cast<std::size_t>(loop)])];
    return b == 1 ? 1.0 : splits[static_cast<std::size_t>(loop)];
  }
  // Per loop: the loops of its rank variable below it (mapping order), for
  // check_pending_capacity.
  std::vector<std::vector<int>> inner;
  // Per rank variable: the capacities whose occupants' shapes read one of its loops' tiles.
  std::vector<std::vector<int>> capacities_reading;
  bool any_together = false;

  // Whether a memory's occupants, each tile read through tile_of(loop), overflow it; if
  // so, `failed` says by how much.
  template <class TileOf>
  bool overflows(const Capacity& cap, const detail::EinsumContext& ctx, TileOf tile_of,
                 QuickEvaluation& failed) {
    shape.resize(bound.size());
    double used = 0;
    for (const auto& o : cap.occupants) {
      for (std::size_t r = 0; r < shape.size(); ++r)
        shape[r] = o.shape_loop[r] < 0 ? bound[r] : tile_of(o.shape_loop[r]);
      used += ctx.dense_tile(o.tensor, shape) * o.bits_per_value * o.scale;
    }
    const double size = ctx.flat[static_cast<std::size_t>(cap.component)]->size;
    if (used <= size) return false;
    failed.failure = QuickEvaluation::Failure::Capacity;
    failed.component = cap.component;
    failed.dim = -1;
    failed.used = used;
    failed.limit = size;
    return true;
  }

  [[nodiscard]] double known_used(const Spatial& sp, std::span<const double> splits,
                                  std::size_t depth) const {
    double used = 1;
    for (const int o : sp.loops)
      used *= split_at[static_cast<std::size_t>(o)] <= depth ? split(o, splits)
                                                             : min_split[static_cast<std::size_t>(o)];
    return used;
  }
};

namespace {

std::unique_ptr<CompiledPmapping::Prefix> make_prefix(const detail::PreparedEinsum& p);
void order_checks(CompiledPmapping::Prefix& x);

}  // namespace

CompiledPmapping::CompiledPmapping(const spec::ResolvedSpec& spec, spec::Mapping pmapping)
    : mapping_(std::make_unique<const spec::Mapping>(std::move(pmapping))),
      numbers_(std::make_unique<detail::EinsumNumbers>()) {
  const auto chains = detail::split_into_pmappings(*mapping_);
  if (chains.size() != 1)
    detail::fail(
        "a compiled pmapping holds exactly one Einsum, this one has " + std::to_string(chains.size()),
        nullptr);
  prepared_ = std::make_unique<detail::PreparedEinsum>(detail::prepare_einsum(spec, chains.front()));
  prepared_->scaled_usage_limit = true;  // only the mapper compiles pmappings
  prefix_ = make_prefix(*prepared_);
  loop_ordinal_.assign(prepared_->nodes.size(), -1);
  for (std::size_t i = 0; i < prepared_->loops.size(); ++i)
    loop_ordinal_[prepared_->loops[i]] = static_cast<int>(i);
}

CompiledPmapping::~CompiledPmapping() = default;
CompiledPmapping::CompiledPmapping(CompiledPmapping&&) noexcept = default;
CompiledPmapping& CompiledPmapping::operator=(CompiledPmapping&&) noexcept = default;

std::size_t CompiledPmapping::loop_count() const { return prepared_->loops.size(); }

const QuickEvaluation& CompiledPmapping::evaluate(std::span<const std::int64_t> tiles) {
  return evaluate(tiles, true);
}

const QuickEvaluation& CompiledPmapping::evaluate_unchecked(std::span<const std::int64_t> tiles) {
  return evaluate(tiles, false);
}

const QuickEvaluation& CompiledPmapping::evaluate_occupancy(std::span<const std::int64_t> tiles) {
  return evaluate(tiles, false, false);
}

const QuickEvaluation& CompiledPmapping::evaluate(std::span<const std::int64_t> tiles, bool checked,
                                                  bool full) {
  auto& p = *prepared_;
  for (std::size_t i = 0; i < p.loops.size() && i < tiles.size(); ++i)
    detail::set_loop_tile(p, i, static_cast<double>(tiles[i]));
  auto& num = *numbers_;
  if (full) {
    detail::compute_einsum(p, num, checked);
  } else {
    detail::compute_occupancies(p, num, checked, false);
    num.latency = num.dynamic_energy = num.leak_energy = 0;
  }
  result_.failure = QuickEvaluation::Failure::None;
  if (num.failure != detail::Failure::None) {
    result_.failure = num.failure == detail::Failure::Fanout ? QuickEvaluation::Failure::Fanout
                                                             : QuickEvaluation::Failure::Capacity;
    result_.component = num.failed_component;
    result_.dim = num.failed_dim;
    result_.used = num.failed_used;
    const auto& comp = *p.ctx.flat[static_cast<std::size_t>(num.failed_component)];
    result_.limit = num.failed_dim < 0
                        ? comp.size
                        : detail::fanout_limit(p, comp.spatial[static_cast<std::size_t>(num.failed_dim)]);
    if (checked) return result_;
  }
  const double k = p.ctx.n_instances;
  result_.latency = num.latency * k;
  result_.dynamic_energy = num.dynamic_energy * k;
  result_.leak_energy = num.leak_energy * k;
  return result_;
}

std::string CompiledPmapping::failure_name(const QuickEvaluation& failed) const {
  if (failed.failure == QuickEvaluation::Failure::None || failed.component < 0) return {};
  const auto& comp = *prepared_->ctx.flat[static_cast<std::size_t>(failed.component)];
  if (failed.failure == QuickEvaluation::Failure::Capacity) return "capacity " + comp.name;
  return "fanout " + comp.name + "." + comp.spatial[static_cast<std::size_t>(failed.dim)].name;
}

const std::vector<std::size_t>& CompiledPmapping::enumeration_order() const { return prefix_->order; }
std::size_t CompiledPmapping::split_known_at(std::size_t loop) const { return prefix_->split_at[loop]; }

void CompiledPmapping::enumerate_usage_first(const std::vector<int>& usage_indices) {
  auto& x = *prefix_;
  if (!x.enabled) return;
  auto& first = x.first;
  first.clear();
  for (const int index : usage_indices) {
    if (index < 0) continue;
    const auto slot = usage_slots_[static_cast<std::size_t>(index)];
    for (std::size_t i = 0; i < x.spatial.size(); ++i)
      if (x.spatial[i].component == slot.first && x.spatial[i].dim == slot.second &&
          std::find(first.begin(), first.end(), static_cast<int>(i)) == first.end())
        first.push_back(static_cast<int>(i));
  }
  order_checks(x);
}

void CompiledPmapping::enumerate_together(int rank_variable) {
  auto& x = *prefix_;
  x.together[static_cast<std::size_t>(rank_variable)] = 1;
  order_checks(x);
}

int CompiledPmapping::loop_rank_variable(std::size_t loop) const { return prefix_->loop_rv[loop]; }
std::int64_t CompiledPmapping::rank_variable_bound(int rv) const {
  return static_cast<std::int64_t>(prefix_->bound[static_cast<std::size_t>(rv)]);
}
std::size_t CompiledPmapping::rank_variable_count() const { return prefix_->bound.size(); }

QuickEvaluation::Failure CompiledPmapping::check_prefix(std::span<const std::int64_t> tiles,
                                                        std::span<const double> splits, std::size_t depth,
                                                        QuickEvaluation& failed) {
  const auto& x = *prefix_;
  if (!x.fanouts || depth >= x.capacity_at.size()) return QuickEvaluation::Failure::None;
  const auto& ctx = prepared_->ctx;
  // A copy's fanouts are checked too: its spatial splits use the array as any Einsum's do.
  // Left to the leaves, simba + DeepSeek-V3's scatter evaluated 15 million pmappings, 99% of
  // them over a fanout.
  for (const int i : x.partial_at[depth]) {
    const auto& sp = x.spatial[static_cast<std::size_t>(i)];
    const auto& dim =
        ctx.flat[static_cast<std::size_t>(sp.component)]->spatial[static_cast<std::size_t>(sp.dim)];
    const double limit = detail::fanout_limit(*prepared_, dim);
    if (const double used = x.known_used(sp, splits, depth); used > limit) {
      failed.failure = QuickEvaluation::Failure::Fanout;
      failed.component = sp.component;
      failed.dim = sp.dim;
      failed.used = used;
      failed.limit = limit;
      return failed.failure;
    }
  }
  if (!x.enabled) return QuickEvaluation::Failure::None;
  for (const int i : x.capacity_at[depth])
    if (prefix_->overflows(
            x.capacity[static_cast<std::size_t>(i)], ctx, [&](int loop) { return x.tile(loop, tiles); },
            failed))
      return failed.failure;
  return QuickEvaluation::Failure::None;
}

QuickEvaluation::Failure CompiledPmapping::check_pending_capacity(std::span<const std::int64_t> tiles,
                                                                  std::span<const double> splits,
                                                                  std::size_t depth,
                                                                  QuickEvaluation& failed) {
  auto& x = *prefix_;
  if (!x.enabled) return QuickEvaluation::Failure::None;
  const auto& ctx = prepared_->ctx;
  const auto least_tile = [&](int loop) {
    const auto l = static_cast<std::size_t>(loop);
    if (x.tile_at[l] <= depth) return x.tile(loop, tiles);
    double t = 1;
    for (const int k : x.inner[l])
      if (x.split_at[static_cast<std::size_t>(k)] <= depth) t *= x.split(k, splits);
    return t;
  };
  // Only the least tiles of the rank variable last given a split have changed since the
  // depth above, where every other memory passed this check.
  const std::vector<int>* changed = nullptr;
  if (depth > 0 && depth <= x.order.size())
    changed = &x.capacities_reading[static_cast<std::size_t>(x.loop_rv[x.order[depth - 1]])];
  for (std::size_t i = 0; i < x.capacity.size(); ++i) {
    if (changed != nullptr &&
        std::find(changed->begin(), changed->end(), static_cast<int>(i)) == changed->end())
      continue;
    const auto& cap = x.capacity[i];
    if (cap.depth > depth && x.overflows(cap, ctx, least_tile, failed))
      return failed.failure;  // else check_prefix's
  }
  return QuickEvaluation::Failure::None;
}

double CompiledPmapping::usage_upper_bound(int index, std::span<const double> splits,
                                           std::size_t depth) const {
  if (index < 0) return 0.0;
  const auto& x = *prefix_;
  const auto [c, d] = usage_slots_[static_cast<std::size_t>(index)];
  const auto& dim = prepared_->ctx.flat[static_cast<std::size_t>(c)]->spatial[static_cast<std::size_t>(d)];
  if (!x.enabled) return dim.usage_scale;
  double used = 1;
  for (const auto& sp : x.spatial) {
    if (sp.component != c || sp.dim != d) continue;
    for (const int o : sp.loops) {
      if (x.split_at[static_cast<std::size_t>(o)] <= depth) {
        used *= x.split(o, splits);
        continue;
      }
      if (const double m = x.max_split[static_cast<std::size_t>(o)]; m > 0) {
        used *= m;
        continue;
      }
      // At most what its rank variable has left to split.
      const int rv = x.loop_rv[static_cast<std::size_t>(o)];
      double left = x.bound[static_cast<std::size_t>(rv)];
      for (std::size_t l = 0; l < x.loop_rv.size(); ++l)
        if (x.loop_rv[l] == rv && x.split_at[l] <= depth) left /= x.split(static_cast<int>(l), splits);
      used *= left;
    }
  }
  return std::min(used, dim.fanout) / dim.fanout * dim.usage_scale;
}

void CompiledPmapping::set_split_range(std::size_t loop, double min, double max) {
  prefix_->min_split[loop] = min;
  prefix_->max_split[loop] = max;
}

std::vector<std::size_t> CompiledPmapping::usage_loops(int index) const {
  std::vector<std::size_t> out;
  if (index < 0) return out;
  const auto& x = *prefix_;
  const auto slot = usage_slots_[static_cast<std::size_t>(index)];
  for (const auto& sp : x.spatial)
    if (sp.component == slot.first && sp.dim == slot.second)
      for (const int o : sp.loops) out.push_back(static_cast<std::size_t>(o));
  return out;
}

int CompiledPmapping::usage_index(const std::string& component, const std::string& dim) {
  const auto& ctx = prepared_->ctx;
  const int c = ctx.flat_index(component);
  if (c < 0) return -1;
  const auto& dims = ctx.flat[static_cast<std::size_t>(c)]->spatial;
  for (std::size_t d = 0; d < dims.size(); ++d) {
    if (dims[d].name != dim) continue;
    const auto slot = std::pair{c, static_cast<int>(d)};
    for (std::size_t i = 0; i < usage_slots_.size(); ++i)
      if (usage_slots_[i] == slot) return static_cast<int>(i);
    usage_slots_.push_back(slot);
    return static_cast<int>(usage_slots_.size() - 1);
  }
  return -1;
}

const std::vector<CompiledPmapping::Buffer>& CompiledPmapping::buffers() {
  const auto& p = *prepared_;
  const double k = p.ctx.n_instances;
  buffers_.clear();
  for (const auto& b : numbers_->buffets) {
    const auto c = static_cast<std::size_t>(b.level);
    if (p.ctx.flat[c]->kind != spec::ComponentKind::Memory || b.stats.max_occupancy == 0) continue;
    const bool persistent = b.stats.persistent;
    buffers_.push_back({b.tensor, b.level, persistent ? -1 : b.stats.n_loops_above,
                        b.stats.max_occupancy * (persistent ? k : 1.0)});
  }
  return buffers_;
}

int CompiledPmapping::component_index(const std::string& name) const {
  return prepared_->ctx.flat_index(name);
}

int CompiledPmapping::tensor_index(const std::string& name) const {
  return prepared_->ctx.tensor_index(name);
}

std::optional<std::vector<CompiledPmapping::ExtentPoint>> CompiledPmapping::extent_points(
    int rank_variable) const {
  using detail::NodeKind;
  const auto& p = *prepared_;
  const auto& ctx = p.ctx;
  // Counts only grow with one another: energies, scales and leak powers are not negative,
  // and latency is a sum, max or min of counts over positive numbers.
  for (std::size_t c = 0; c < ctx.flat.size(); ++c) {
    const auto& comp = *ctx.flat[c];
    if (comp.actions_scale < 0 || comp.leak_power < 0) return std::nullopt;
    for (const auto& a : comp.actions)
      if (a.energy < 0 || a.throughput < 0) return std::nullopt;
    if (comp.kind == spec::ComponentKind::Container) continue;
    if (!p.latency_formula[c]) return std::nullopt;
    for (const auto& [divide, number] : p.latency_formula[c]->scale)
      if (number <= 0) return std::nullopt;
  }
  for (const auto& comp : ctx.arch->components)
    if (comp.leak_power < 0) return std::nullopt;
  // Each tensor indexes the rank variable in at most one rank: the bare variable, or a
  // sliding window `v + rest` of an input. Then a holder's count of the tensor, (bound / t) x
  // (t - 1 + B) times what does not depend on t, falls as the tile t grows, because
  // B = constant + sum of rest's (coeff x (tile - 1)) + 1 is at least 1 when nothing in it is
  // negative; and the window's extent, its occupancy, grows with t. A stride on v itself
  // (`2v + r`: (bound / t) x (2t - 1) grows with t) or a second rank using v would not fall.
  std::vector<char> indexes(ctx.projection.size(), 0), windowed(ctx.projection.size(), 0);
  for (std::size_t t = 0; t < ctx.projection.size(); ++t) {
    int ranks_using = 0;
    for (const auto& rank : ctx.projection[t]) {
      const auto own = std::find_if(rank.terms.begin(), rank.terms.end(),
                                    [&](const auto& term) { return term.rv == rank_variable; });
      if (own == rank.terms.end()) continue;
      ++ranks_using;
      const bool bare = rank.terms.size() == 1 && own->coeff == 1 && rank.constant == 0;
      const bool window =
          own->coeff == 1 && rank.constant >= 0 && ctx.is_output[t] == 0 &&
          std::all_of(rank.terms.begin(), rank.terms.end(), [](const auto& term) { return term.coeff >= 0; });
      if (!bare && !window) return std::nullopt;
      indexes[t] = 1;
      windowed[t] = bare ? 0 : 1;
    }
    if (ranks_using > 1) return std::nullopt;
  }
  std::vector<int> ordinal(p.nodes.size(), -1);
  for (std::size_t i = 0; i < p.loops.size(); ++i) ordinal[p.loops[i]] = static_cast<int>(i);
  std::vector<ExtentPoint> out;
  const auto walk = [&](const std::vector<int>& view, int tensor) {
    int last = -1;
    for (const int i : view) {
      const auto& n = p.nodes[static_cast<std::size_t>(i)];
      if (n.kind == NodeKind::Temporal || n.kind == NodeKind::Spatial) {
        if (n.rv != rank_variable) continue;
        const int o = ordinal[static_cast<std::size_t>(i)];
        if (o < last) return false;  // the view reorders the rank variable's loops
        last = o;
        continue;
      }
      if (tensor < 0) continue;
      if (n.kind != NodeKind::Storage && n.kind != NodeKind::Toll && n.kind != NodeKind::Reservation)
        continue;
      const auto t = static_cast<std::size_t>(tensor);
      out.push_back({last, indexes[t] != 0, n.kind == NodeKind::Reservation, n.component,
                     n.kind == NodeKind::Storage && n.has_parent, windowed[t] != 0});
    }
    return true;
  };
  if (!walk(p.loop_view, -1)) return std::nullopt;
  for (std::size_t t = 0; t < p.tensor_views.size(); ++t)
    if (!walk(p.tensor_views[t], static_cast<int>(t))) return std::nullopt;
  return out;
}

bool CompiledPmapping::may_overflow(int component) const { return may_overflow(component, -1, {}); }

const std::vector<CompiledPmapping::OverflowTerm>& CompiledPmapping::overflow_terms(int component,
                                                                                    int rank_variable) const {
  using detail::NodeKind;
  const auto& p = *prepared_;
  // The component's reservations, each with the loop whose tile is the rank variable's
  // extent there (the last of its loops above it in the tensor's view): found once per
  // (component, rank variable), then each chain only sizes them.
  auto [found, added] = overflow_terms_.try_emplace({component, rank_variable});
  auto& terms = found->second;
  if (added)
    for (std::size_t t = 0; t < p.tensor_views.size(); ++t) {
      int ordinal = -1;
      for (const int i : p.tensor_views[t]) {
        const auto& n = p.nodes[static_cast<std::size_t>(i)];
        if ((n.kind == NodeKind::Temporal || n.kind == NodeKind::Spatial) && n.rv == rank_variable)
          ordinal = loop_ordinal_[static_cast<std::size_t>(i)];
        if (n.kind != NodeKind::Reservation || n.component != component) continue;
        terms.push_back(
            {static_cast<int>(t), ordinal, n.bits_per_value, n.persistent ? p.ctx.n_instances : 1.0});
      }
    }
  return terms;
}

CompiledPmapping::OverflowInputs CompiledPmapping::overflow_inputs(int component, int rank_variable) const {
  OverflowInputs out;
  out.size = prepared_->ctx.flat[static_cast<std::size_t>(component)]->size;
  for (const auto& term : overflow_terms(component, rank_variable))
    out.terms.emplace_back(term.tensor, term.loop, term.bits_per_value, term.scale);
  return out;
}

bool CompiledPmapping::may_overflow(int component, int rank_variable,
                                    std::span<const std::int64_t> tiles) const {
  const auto& ctx = prepared_->ctx;
  const auto& terms = overflow_terms(component, rank_variable);
  auto& shape = overflow_shape_;
  shape.assign(ctx.bounds.begin(), ctx.bounds.end());
  double most = 0;
  for (const auto& term : terms) {
    if (rank_variable >= 0)
      shape[static_cast<std::size_t>(rank_variable)] =
          term.loop < 0 ? ctx.bounds[static_cast<std::size_t>(rank_variable)]
                        : static_cast<double>(tiles[static_cast<std::size_t>(term.loop)]);
    most += ctx.dense_tile(term.tensor, shape) * term.bits_per_value * term.scale;
  }
  return most > ctx.flat[static_cast<std::size_t>(component)]->size;
}

double CompiledPmapping::usage(int index) const {
  if (index < 0) return 0.0;
  const auto [c, d] = usage_slots_[static_cast<std::size_t>(index)];
  return numbers_->usage[static_cast<std::size_t>(c)][static_cast<std::size_t>(d)];
}

namespace {

// Greedy enumeration order: the spatial checks asked for first, then repeatedly the check
// needing the fewest loops not yet placed (fanout before capacity on ties), then the
// leftovers in mapping order; a rank variable chosen together is placed whole, inner loop
// first. A check's depth is where the last split or tile it reads becomes known.
void order_checks(CompiledPmapping::Prefix& x) {
  const auto n = x.loop_rv.size();
  x.order.clear();
  for (auto& v : x.capacity_at) v.clear();
  std::vector<char> placed(n, 0);
  std::vector<std::size_t> position(n, 0);
  const auto place_one = [&](std::size_t i) {
    if (placed[i]) return;
    placed[i] = 1;
    position[i] = x.order.size();
    x.order.push_back(i);
  };
  // A rank variable chosen together is visited inner loop first: a loop comes with every
  // loop of it below, and with the one above, whose tile its split needs. Its loops further
  // out wait, so that the checks needing other rank variables' splits (a min_usage
  // dimension's above all) become exact before them, not after the whole block.
  const auto place = [&](std::vector<int> loops) {
    std::sort(loops.begin(), loops.end());
    for (const int o : loops) {
      const auto i = static_cast<std::size_t>(o);
      const int rv = x.loop_rv[i];
      if (!x.together[static_cast<std::size_t>(rv)]) {
        place_one(i);
        continue;
      }
      std::size_t from = i;  // the loop above, if any
      for (std::size_t l = i; l-- > 0;)
        if (x.loop_rv[l] == rv) {
          from = l;
          break;
        }
      for (std::size_t l = n; l-- > from;)
        if (x.loop_rv[l] == rv) place_one(l);
    }
  };
  const auto missing = [&](const std::vector<int>& needs) {
    std::size_t m = 0;
    for (const int o : needs) m += placed[static_cast<std::size_t>(o)] ? 0 : 1;
    return m;
  };
  std::vector<const std::vector<int>*> checks;
  for (const auto& sp : x.spatial) checks.push_back(&sp.loops);
  for (const auto& c : x.capacity) checks.push_back(&c.needs);
  std::vector<char> done(checks.size(), 0);
  for (const int f : x.first) {
    done[static_cast<std::size_t>(f)] = 1;
    place(x.spatial[static_cast<std::size_t>(f)].loops);
  }
  while (true) {
    std::size_t best = checks.size(), best_missing = n + 1;
    for (std::size_t c = 0; c < checks.size(); ++c) {
      if (done[c]) continue;
      const auto m = missing(*checks[c]);
      if (m < best_missing) {
        best = c;
        best_missing = m;
      }
    }
    if (best == checks.size()) break;
    done[best] = 1;
    place(*checks[best]);
  }
  for (std::size_t i = 0; i < n; ++i)
    if (!placed[i]) place({static_cast<int>(i)});

  x.position = position;
  x.split_at.assign(n, 0);
  x.tile_at.assign(n, 0);
  std::vector<std::size_t> above(x.bound.size(), 0);  // split search: latest position at or above
  std::vector<int> previous(x.bound.size(), -1);      // the rank variable's loop just above
  for (std::size_t l = 0; l < n; ++l) {
    const auto rv = static_cast<std::size_t>(x.loop_rv[l]);
    if (x.together[rv]) {
      x.tile_at[l] = position[l] + 1;
      x.split_at[l] =
          std::max(position[l], previous[rv] < 0 ? 0 : position[static_cast<std::size_t>(previous[rv])]) + 1;
    } else {
      above[rv] = std::max(above[rv], position[l] + 1);
      x.split_at[l] = position[l] + 1;
      x.tile_at[l] = above[rv];
    }
    previous[rv] = static_cast<int>(l);
  }
  x.inner.assign(n, {});
  for (std::size_t l = 0; l < n; ++l)
    for (std::size_t k = l + 1; k < n; ++k)
      if (x.loop_rv[k] == x.loop_rv[l]) x.inner[l].push_back(static_cast<int>(k));
  x.any_together = std::find(x.together.begin(), x.together.end(), 1) != x.together.end();
  x.capacities_reading.assign(x.bound.size(), {});
  for (std::size_t i = 0; i < x.capacity.size(); ++i)
    for (std::size_t r = 0; r < x.bound.size(); ++r)
      if (std::any_of(x.capacity[i].occupants.begin(), x.capacity[i].occupants.end(),
                      [&](const auto& o) { return o.shape_loop[r] >= 0; }))
        x.capacities_reading[r].push_back(static_cast<int>(i));
  x.partial_at.assign(n + 1, {});
  for (std::size_t i = 0; i < x.spatial.size(); ++i) {
    for (const int o : x.spatial[i].loops) {
      auto& at = x.partial_at[x.split_at[static_cast<std::size_t>(o)]];
      if (std::find(at.begin(), at.end(), static_cast<int>(i)) == at.end()) at.push_back(static_cast<int>(i));
    }
  }
  for (std::size_t i = 0; i < x.capacity.size(); ++i) {
    std::size_t d = 0;
    for (const auto& o : x.capacity[i].occupants)
      for (const int l : o.shape_loop)
        if (l >= 0) d = std::max(d, x.tile_at[static_cast<std::size_t>(l)]);
    x.capacity[i].depth = d;
    x.capacity_at[d].push_back(static_cast<int>(i));
  }
}

std::unique_ptr<CompiledPmapping::Prefix> make_prefix(const detail::PreparedEinsum& p) {
  using detail::NodeKind;
  auto x = std::make_unique<CompiledPmapping::Prefix>();
  const auto& ctx = p.ctx;
  const auto n_loops = p.loops.size();
  x->bound = ctx.bounds;
  std::vector<int> ordinal(p.nodes.size(), -1);
  for (std::size_t i = 0; i < n_loops; ++i) {
    ordinal[p.loops[i]] = static_cast<int>(i);
    x->loop_rv.push_back(p.nodes[p.loops[i]].rv);
  }
  x->capacity_at.resize(n_loops + 1);
  x->min_split.assign(n_loops, 1.0);
  x->max_split.assign(n_loops, 0.0);
  x->together.assign(ctx.rvs.size(), 0);
  x->enabled = !ctx.is_copy;

  // Spatial dimensions. A loop's split is its iteration count in the model only if the
  // loop view keeps the mapping order of each rank variable's loops; otherwise no pruning.
  std::vector<int> last(ctx.rvs.size(), -1);
  std::vector<int> last_in_mapping(ctx.rvs.size(), -1);
  std::vector<int> previous_in_mapping(n_loops, -1);
  for (std::size_t i = 0; i < n_loops; ++i) {
    previous_in_mapping[i] = last_in_mapping[static_cast<std::size_t>(x->loop_rv[i])];
    last_in_mapping[static_cast<std::size_t>(x->loop_rv[i])] = static_cast<int>(i);
  }
  for (const int i : p.loop_view) {
    const int o = ordinal[static_cast<std::size_t>(i)];
    if (o < 0) continue;
    const auto& n = p.nodes[static_cast<std::size_t>(i)];
    if (last[static_cast<std::size_t>(n.rv)] != previous_in_mapping[static_cast<std::size_t>(o)])
      x->enabled = x->fanouts = false;
    last[static_cast<std::size_t>(n.rv)] = o;
    if (n.kind != NodeKind::Spatial) continue;
    auto it = std::find_if(x->spatial.begin(), x->spatial.end(),
                           [&](const auto& sp) { return sp.component == n.component && sp.dim == n.dim; });
    if (it == x->spatial.end()) it = x->spatial.insert(x->spatial.end(), {n.component, n.dim, {}});
    it->loops.push_back(o);
  }
  if (!x->enabled) {  // no checks; the order still serves the search
    order_checks(*x);
    return x;
  }

  // Memories: each reservation's extent per rank variable is the last loop over it above
  // the reservation in its tensor's view (analyze_tensor's top-down pass).
  for (std::size_t t = 0; t < p.tensor_views.size(); ++t) {
    std::fill(last.begin(), last.end(), -1);
    for (const int i : p.tensor_views[t]) {
      const auto& n = p.nodes[static_cast<std::size_t>(i)];
      if (n.kind == NodeKind::Temporal || n.kind == NodeKind::Spatial) {
        last[static_cast<std::size_t>(n.rv)] = ordinal[static_cast<std::size_t>(i)];
        continue;
      }
      if (n.kind != NodeKind::Reservation) continue;
      if (ctx.flat[static_cast<std::size_t>(n.component)]->kind != spec::ComponentKind::Memory) continue;
      auto it = std::find_if(x->capacity.begin(), x->capacity.end(),
                             [&](const auto& c) { return c.component == n.component; });
      if (it == x->capacity.end()) it = x->capacity.insert(x->capacity.end(), {n.component, {}, 0, {}});
      it->occupants.push_back(
          {static_cast<int>(t), last, n.bits_per_value, n.persistent ? ctx.n_instances : 1.0});
      for (const int o : last)  // a tile needs the splits of its loop and the ones above
        for (int l = o; l >= 0; l = previous_in_mapping[static_cast<std::size_t>(l)]) it->needs.push_back(l);
    }
  }
  order_checks(*x);
  return x;
}

}  // namespace

}  // namespace af::model
