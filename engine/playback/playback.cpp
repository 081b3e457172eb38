#include "playback/playback.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <map>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

namespace af::playback {

namespace {

struct Walk {
  const spec::Workload& workload;
  std::vector<Nest>& nests;
  std::vector<std::size_t>& groups;  // per nest: its branch group
  std::size_t nextGroup = 0;
};

struct Prefix {
  std::vector<Loop> loops;
  std::vector<Holder> holders;
  std::vector<Line> lines;
  std::size_t shared = 0;
  std::size_t group = 0;
};

void finish(Walk& walk, Prefix prefix, const spec::ComputeNode& compute) {
  const spec::Einsum* einsum = walk.workload.find_einsum(compute.einsum);
  if (!einsum) throw std::invalid_argument("the workload has no Einsum " + compute.einsum);
  Nest nest;
  nest.einsum = compute.einsum;
  nest.compute = compute.component;
  nest.workload = einsum;
  nest.shared = prefix.shared;
  // Each loop walks its parent's tile of the rank variable; the outermost, the whole bound.
  std::map<std::string, std::int64_t> extent;
  for (auto& loop : prefix.loops) {
    if (!einsum->rank_variable_bounds.count(loop.rank_variable))
      throw std::invalid_argument("Einsum " + einsum->name + " has no rank variable " + loop.rank_variable);
    auto& e = extent.try_emplace(loop.rank_variable, einsum->bound(loop.rank_variable)).first->second;
    loop.extent = e;
    loop.tile = std::max<std::int64_t>(1, std::min(loop.tile, e));
    loop.trips = (e + loop.tile - 1) / loop.tile;
    e = loop.tile;
  }
  nest.loops = std::move(prefix.loops);
  // A buffer keeps the tensors of this Einsum only (one above a Sequential lists them all).
  std::vector<std::size_t> kept(prefix.holders.size(), 0);
  for (std::size_t h = 0; h < prefix.holders.size(); ++h) {
    Holder holder = prefix.holders[h];
    std::erase_if(holder.tensors, [&](const std::string& t) { return !einsum->find_access(t); });
    kept[h] = holder.tensors.empty() ? SIZE_MAX : nest.holders.size();
    if (!holder.tensors.empty()) nest.holders.push_back(std::move(holder));
  }
  for (auto line : prefix.lines) {
    if (line.kind == Line::Kind::Holder) {
      if (kept[line.index] == SIZE_MAX) continue;
      line.index = kept[line.index];
      nest.holders[line.index].node = nest.lines.size();
    } else {
      nest.loops[line.index].node = nest.lines.size();
    }
    nest.lines.push_back(line);
  }
  nest.lines.push_back({Line::Kind::Compute, 0, static_cast<int>(nest.loops.size())});
  walk.nests.push_back(std::move(nest));
  walk.groups.push_back(prefix.group);
}

void walkNodes(Walk& walk, const std::vector<spec::MappingNode>& nodes, Prefix prefix) {
  const auto depth = [&] { return static_cast<int>(prefix.loops.size()); };
  for (const auto& node : nodes) {
    if (const auto* s = node.as<spec::StorageNode>()) {
      prefix.lines.push_back({Line::Kind::Holder, prefix.holders.size(), depth()});
      prefix.holders.push_back({s->component, s->tensors, prefix.loops.size(), 0, false});
    } else if (const auto* t = node.as<spec::TollNode>()) {
      prefix.lines.push_back({Line::Kind::Holder, prefix.holders.size(), depth()});
      prefix.holders.push_back({t->component, t->tensors, prefix.loops.size(), 0, true});
    } else if (const auto* l = node.as<spec::TemporalNode>()) {
      prefix.lines.push_back({Line::Kind::Loop, prefix.loops.size(), depth()});
      prefix.loops.push_back({l->rank_variable, l->tile_shape, 1, 1, false, {}, 0});
    } else if (const auto* sp = node.as<spec::SpatialNode>()) {
      prefix.lines.push_back({Line::Kind::Loop, prefix.loops.size(), depth()});
      prefix.loops.push_back(
          {sp->rank_variable, sp->tile_shape, 1, 1, true, sp->name + " of " + sp->component, 0});
    } else if (const auto* c = node.as<spec::ComputeNode>()) {
      finish(walk, prefix, *c);
      return;
    } else if (const auto* n = node.as<spec::NestedNode>()) {
      walkNodes(walk, n->nodes, prefix);
      return;
    } else if (const auto* b = node.as<spec::BranchNode>()) {
      Prefix branch = prefix;
      branch.shared = prefix.loops.size();
      branch.group = ++walk.nextGroup;
      for (const auto& child : b->branches) {
        if (const auto* nested = child.as<spec::NestedNode>())
          walkNodes(walk, nested->nodes, branch);
        else
          walkNodes(walk, {child}, branch);
      }
      return;
    }
    // Reservations and text boxes: nothing to play.
  }
}

bool temporal(const Loop& loop) { return !loop.spatial; }

// Steps of one pass over the nest's own loops (below the shared ones).
double innerSteps(const Nest& nest) {
  double n = 1;
  for (std::size_t i = nest.shared; i < nest.loops.size(); ++i)
    if (temporal(nest.loops[i])) n *= static_cast<double>(nest.loops[i].trips);
  return n;
}

double sharedSteps(const Nest& nest) {
  double n = 1;
  for (std::size_t i = 0; i < nest.shared; ++i)
    if (temporal(nest.loops[i])) n *= static_cast<double>(nest.loops[i].trips);
  return n;
}

// The mixed-radix value of temporal loops [from, to) of the cursor.
double value(const Nest& nest, const Cursor& c, std::size_t from, std::size_t to) {
  double v = 0;
  for (std::size_t i = from; i < to && i < nest.loops.size(); ++i)
    if (temporal(nest.loops[i]))
      v = v * static_cast<double>(nest.loops[i].trips) + static_cast<double>(c.index[i]);
  return v;
}

// Sets temporal loops [from, to) from `v` (the inverse of value()).
void setValue(const Nest& nest, Cursor& c, std::size_t from, std::size_t to, double v) {
  for (std::size_t i = to; i-- > from;) {
    if (!temporal(nest.loops[i])) continue;
    const double trips = static_cast<double>(nest.loops[i].trips);
    const double q = std::floor(v / trips);
    c.index[i] = static_cast<std::int64_t>(v - q * trips);
    v = q;
  }
}

// Sums over positions with every tile at its true size (README: Counters). A loop whose tile
// does not divide its range has a smaller last iteration (3 = 2 + 1), and under it the inner
// loops of the same rank variable run past the range's end with empty iterations; so the
// values moved are summed per position, never taken as the cursor's tile times a count. Each
// rank variable's sizes depend only on its own loops, and an iteration's size only on its
// parent's size, so a sum over millions of positions is a product of a few short lists.

// How a sum takes a loop's iterations.
enum class Take : std::uint8_t {
  Cursor,  // the cursor's only
  Before,  // those before the cursor's
  All,     // every one (a temporal loop the sum walks; each PE of a fanout)
  First,   // the first only (a loop the sum does not walk; a fanout whose PEs share one copy)
};

// A rank variable's sizes over the positions of a sum: how many positions have each size.
struct Share {
  std::int64_t size = 0;
  double count = 0;
};
using Shares = std::vector<Share>;

void addShare(Shares& shares, std::int64_t size, double count) {
  if (count == 0) return;
  for (auto& s : shares)
    if (s.size == size) {
      s.count += count;
      return;
    }
  shares.push_back({size, count});
}

// Iterations [from, to) of a loop of `tile` over a range of `size`: iteration j holds
// min(tile, size - j*tile) elements, none past the range's end.
void split(Shares& out, std::int64_t size, double count, std::int64_t tile, std::int64_t from,
           std::int64_t to) {
  if (to <= from) return;
  const std::int64_t whole = size / tile;  // iterations [0, whole) hold a whole tile
  const std::int64_t rest = size - whole * tile;
  const std::int64_t full = std::clamp(whole, from, to) - from;
  const bool part = rest > 0 && whole >= from && whole < to;
  addShare(out, tile, count * static_cast<double>(full));
  if (part) addShare(out, rest, count);
  addShare(out, 0, count * static_cast<double>(to - from - full - (part ? 1 : 0)));
}

// The rank variables of a nest's Einsum as indexes: their bounds, and each loop's.
struct Axes {
  std::vector<std::string> names;
  std::vector<std::int64_t> bounds;
  std::vector<std::size_t> loop;  // per loop of the nest
};

Axes axesOf(const Nest& nest) {
  Axes a;
  for (const auto& [rv, bound] : nest.workload->rank_variable_bounds) {
    a.names.push_back(rv);
    a.bounds.push_back(bound);
  }
  for (const auto& l : nest.loops)
    a.loop.push_back(static_cast<std::size_t>(std::find(a.names.begin(), a.names.end(), l.rank_variable) -
                                              a.names.begin()));  // build() checked that it is there
  return a;
}

// What a sum adds at each position: the product of its factors' extents (a tensor's tile: one
// per rank of its projection, as project() spans them; the computes: one per rank variable),
// or, with `presence`, 1 where none is empty (a tile that arrives).
struct Factor {
  std::vector<std::pair<std::size_t, std::int64_t>> terms;  // axis, |coefficient|
};
struct Weight {
  std::vector<Factor> factors;
  bool presence = false;
};

Weight tileWeight(const Axes& axes, const spec::TensorAccess& access, bool presence) {
  Weight w{{}, presence};
  for (const auto& entry : access.projection) {
    Factor f;
    for (const auto& term : entry.expr.terms) {
      const auto it = std::find(axes.names.begin(), axes.names.end(), term.var);
      // A variable the Einsum does not bound spans one value (project()): it adds nothing.
      if (it != axes.names.end())
        f.terms.push_back({static_cast<std::size_t>(it - axes.names.begin()), std::abs(term.coeff)});
    }
    w.factors.push_back(std::move(f));
  }
  return w;
}

Weight computeWeight(const Axes& axes) {
  Weight w;
  for (std::size_t a = 0; a < axes.names.size(); ++a) w.factors.push_back({{{a, 1}}});
  return w;
}

// Σ over every combination of the axes' sizes of `w`, each weighted by its count. Axes that
// share no factor are independent, so their sums multiply.
double weigh(const std::vector<Shares>& shares, const Weight& w) {
  if (std::any_of(shares.begin(), shares.end(), [](const Shares& s) { return s.empty(); })) return 0;
  std::vector<std::size_t> group(shares.size());
  for (std::size_t a = 0; a < group.size(); ++a) group[a] = a;
  const auto root = [&](std::size_t a) {
    while (group[a] != a) a = group[a];
    return a;
  };
  for (const auto& f : w.factors)
    for (std::size_t t = 1; t < f.terms.size(); ++t) group[root(f.terms[t].first)] = root(f.terms[0].first);
  double total = 1;
  for (std::size_t g = 0; g < shares.size(); ++g) {
    if (root(g) != g) continue;
    std::vector<std::size_t> axes;
    for (std::size_t a = 0; a < shares.size(); ++a)
      if (root(a) == g) axes.push_back(a);
    std::vector<const Factor*> factors;
    for (const auto& f : w.factors)
      if (!f.terms.empty() && root(f.terms[0].first) == g) factors.push_back(&f);
    // Every combination of the group's sizes (a few: each axis has one to three per loop).
    std::vector<std::size_t> at(axes.size(), 0);
    std::vector<std::int64_t> size(shares.size(), 0);
    double sum = 0;
    for (bool more = true; more;) {
      double count = 1;
      for (std::size_t i = 0; i < axes.size(); ++i) {
        const Share& s = shares[axes[i]][at[i]];
        count *= s.count;
        size[axes[i]] = s.size;
      }
      double value = 1;
      for (const Factor* f : factors) {
        std::int64_t extent = 1;
        for (const auto& [axis, coeff] : f->terms) {
          if (size[axis] <= 0) {
            extent = 0;
            break;
          }
          extent += coeff * (size[axis] - 1);
        }
        value *= w.presence ? (extent > 0 ? 1.0 : 0.0) : static_cast<double>(extent);
      }
      sum += count * value;
      more = false;
      for (std::size_t i = 0; i < axes.size() && !more; ++i) {
        if (++at[i] < shares[axes[i]].size())
          more = true;
        else
          at[i] = 0;
      }
    }
    total *= sum;
  }
  return total;
}

// Σ of `w` at the ranges loops [0, depth) leave, over the positions of the temporal loops
// [0, prefix) up to the cursor's (in play order; the cursor's own only with `current`), each
// spatial loop taken as `spread` says (All or First), temporal loops [prefix, depth) at their
// first iteration.
double sumTo(const Nest& nest, const Axes& axes, const Cursor& c, std::size_t prefix, std::size_t depth,
             const std::vector<Take>& spread, const Weight& w, bool current) {
  std::vector<Take> take(depth);
  for (std::size_t k = 0; k < depth; ++k)
    take[k] = nest.loops[k].spatial ? spread[k] : (k < prefix ? Take::Cursor : Take::First);
  const auto weigh_takes = [&] {
    std::vector<Shares> shares(axes.bounds.size());
    for (std::size_t a = 0; a < shares.size(); ++a) shares[a] = {{axes.bounds[a], 1}};
    for (std::size_t k = 0; k < depth; ++k) {
      const Loop& loop = nest.loops[k];
      const std::int64_t j = c.index[k];
      const auto [from, to] = take[k] == Take::Cursor   ? std::pair{j, j + 1}
                              : take[k] == Take::Before ? std::pair{std::int64_t{0}, j}
                              : take[k] == Take::All    ? std::pair{std::int64_t{0}, loop.trips}
                                                        : std::pair{std::int64_t{0}, std::int64_t{1}};
      Shares next;
      for (const auto& s : shares[axes.loop[k]]) split(next, s.size, s.count, loop.tile, from, to);
      shares[axes.loop[k]] = std::move(next);
    }
    return weigh(shares, w);
  };
  double total = current ? weigh_takes() : 0;
  // Positions before the cursor's: for each temporal loop, inner ones first, those where it
  // is before its cursor iteration and the loops outside it at theirs; loops inside it then
  // run whole for the next, outer one.
  for (std::size_t i = std::min(prefix, depth); i-- > 0;) {
    if (nest.loops[i].spatial) continue;
    take[i] = Take::Before;
    if (c.index[i] > 0) total += weigh_takes();
    take[i] = Take::All;
  }
  return total;
}

}  // namespace

Playback Playback::build(const spec::Workload& workload, const spec::Mapping& mapping) {
  Playback p;
  std::vector<std::size_t> groups;
  Walk walk{workload, p.nests_, groups};
  walkNodes(walk, mapping.nodes, Prefix{});
  // Nests of one branch share its loops; others play alone (shared = 0).
  for (std::size_t n = 0; n < p.nests_.size(); ++n)
    if (groups[n] == 0) p.nests_[n].shared = 0;
  p.groups_ = std::move(groups);
  return p;
}

Playback Playback::build(const spec::ResolvedSpec& resolved, const spec::Mapping& mapping) {
  Playback p = build(resolved.workload, mapping);
  for (auto& nest : p.nests_) {
    const spec::ResolvedArch* arch = nullptr;
    try {
      arch = &resolved.arch_for(nest.einsum);
    } catch (const std::out_of_range&) {
      continue;
    }
    for (auto& h : nest.holders) {
      const spec::Component* comp = h.toll ? arch->find(h.component) : nullptr;
      // One direction per holder: a Toll node lists one tensor in every mapping seen; with
      // more, the first tensor's direction is taken.
      if (comp == nullptr || h.tensors.empty()) continue;
      const auto d = comp->direction_for(h.tensors.front());
      h.down = d != spec::TollDirection::Up;
      h.up = d != spec::TollDirection::Down;
    }
  }
  return p;
}

Cursor Playback::start() const {
  Cursor c;
  if (!nests_.empty()) c.index.assign(nests_.front().loops.size(), 0);
  return c;
}

Cursor Playback::end() const {
  Cursor c = start();
  if (nests_.empty()) return c;
  // The last nest of the last group, every temporal loop at its last iteration.
  c.nest = nests_.size() - 1;
  const Nest& nest = nests_[c.nest];
  c.index.assign(nest.loops.size(), 0);
  for (std::size_t i = 0; i < nest.loops.size(); ++i)
    if (temporal(nest.loops[i])) c.index[i] = nest.loops[i].trips - 1;
  return c;
}

std::size_t Playback::innermost(std::size_t nest) const {
  const auto& loops = nests_.at(nest).loops;
  for (std::size_t i = loops.size(); i-- > 0;)
    if (temporal(loops[i])) return i;
  return SIZE_MAX;
}

bool Playback::step(Cursor& c, std::size_t loop) const {
  // By positions: the next iteration of `loop` starts one block of its inner steps after the
  // current iteration began; positions carry through the outer loops, the nests of a branch
  // and the nests after it alike.
  if (nests_.empty()) return false;
  const Nest& nest = nests_[c.nest];
  if (loop >= nest.loops.size() || !temporal(nest.loops[loop])) loop = innermost(c.nest);
  const double pos = position(c);
  double offset = 0, block = 1;
  if (loop == SIZE_MAX) {
    block = 1;
  } else if (loop >= nest.shared) {
    offset = value(nest, c, loop + 1, nest.loops.size());
    for (std::size_t j = loop + 1; j < nest.loops.size(); ++j)
      if (temporal(nest.loops[j])) block *= static_cast<double>(nest.loops[j].trips);
  } else {
    const std::size_t group = groups_[c.nest];
    std::size_t first = c.nest;
    while (first > 0 && groups_[first - 1] == group) --first;
    double groupInner = 0, earlier = 0;
    for (std::size_t n = first; n < nests_.size() && groups_[n] == group; ++n) {
      groupInner += innerSteps(nests_[n]);
      if (n < c.nest) earlier += innerSteps(nests_[n]);
    }
    offset = value(nest, c, loop + 1, nest.shared) * groupInner + earlier +
             value(nest, c, nest.shared, nest.loops.size());
    block = groupInner;
    for (std::size_t j = loop + 1; j < nest.shared; ++j)
      if (temporal(nest.loops[j])) block *= static_cast<double>(nest.loops[j].trips);
  }
  const double next = pos - offset + block;
  if (next >= total_steps()) return false;
  c = at_position(next);
  return true;
}

double Playback::total_steps() const {
  double total = 0;
  for (std::size_t n = 0; n < nests_.size(); ++n) total += sharedSteps(nests_[n]) * innerSteps(nests_[n]);
  return total;
}

double Playback::position(const Cursor& c) const {
  if (nests_.empty()) return 0;
  double before = 0;
  const std::size_t group = groups_[c.nest];
  std::size_t first = c.nest;
  while (group != 0 && first > 0 && groups_[first - 1] == group) --first;
  for (std::size_t n = 0; n < first; ++n) before += sharedSteps(nests_[n]) * innerSteps(nests_[n]);
  const Nest& nest = nests_[c.nest];
  double groupInner = 0, earlier = 0;
  for (std::size_t n = first; n < nests_.size() && (n == first || (group != 0 && groups_[n] == group)); ++n) {
    groupInner += innerSteps(nests_[n]);
    if (n < c.nest) earlier += innerSteps(nests_[n]);
  }
  return before + value(nest, c, 0, nest.shared) * groupInner + earlier +
         value(nest, c, nest.shared, nest.loops.size());
}

Cursor Playback::at_fraction(double fraction) const {
  return at_position(std::floor(std::clamp(fraction, 0.0, 1.0) * std::max(0.0, total_steps() - 1)));
}

Cursor Playback::at_position(double target) const {
  Cursor c = start();
  if (nests_.empty()) return c;
  target = std::clamp(std::floor(target), 0.0, std::max(0.0, total_steps() - 1));
  for (std::size_t first = 0; first < nests_.size();) {
    const std::size_t group = groups_[first];
    std::size_t last = first;
    while (group != 0 && last + 1 < nests_.size() && groups_[last + 1] == group) ++last;
    double groupInner = 0;
    for (std::size_t n = first; n <= last; ++n) groupInner += innerSteps(nests_[n]);
    const double groupTotal = sharedSteps(nests_[first]) * groupInner;
    if (target < groupTotal || last + 1 == nests_.size()) {
      target = std::min(target, groupTotal - 1);
      const double sharedValue = std::floor(target / groupInner);
      double rest = target - sharedValue * groupInner;
      std::size_t n = first;
      while (n < last && rest >= innerSteps(nests_[n])) rest -= innerSteps(nests_[n++]);
      c.nest = n;
      c.index.assign(nests_[n].loops.size(), 0);
      setValue(nests_[n], c, 0, nests_[n].shared, sharedValue);
      setValue(nests_[n], c, nests_[n].shared, nests_[n].loops.size(), rest);
      return c;
    }
    target -= groupTotal;
    first = last + 1;
  }
  return c;
}

std::vector<std::pair<std::string, Range>> Playback::ranges(const Cursor& c, std::size_t loopsAbove,
                                                            const std::vector<std::int64_t>& pe) const {
  const Nest& nest = nests_.at(c.nest);
  std::vector<std::pair<std::string, Range>> out;
  for (const auto& [rv, bound] : nest.workload->rank_variable_bounds) out.push_back({rv, {0, bound}});
  const auto find = [&](const std::string& rv) -> Range& {
    for (auto& [name, r] : out)
      if (name == rv) return r;
    out.push_back({rv, {0, 1}});
    return out.back().second;
  };
  // Spatial loops without a PE index: the hull of the first and the last PE.
  std::vector<std::int64_t> firstPe, lastPe;
  std::size_t spatialAbove = 0;
  for (std::size_t i = 0; i < loopsAbove && i < nest.loops.size(); ++i)
    if (nest.loops[i].spatial) {
      firstPe.push_back(0);
      lastPe.push_back(nest.loops[i].trips - 1);
      ++spatialAbove;
    }
  if (pe.size() < spatialAbove && spatialAbove > 0) {
    auto lo = ranges(c, loopsAbove, firstPe), hi = ranges(c, loopsAbove, lastPe);
    for (std::size_t k = 0; k < lo.size(); ++k) lo[k].second.hi = std::max(lo[k].second.hi, hi[k].second.hi);
    return lo;
  }
  std::size_t s = 0;
  for (std::size_t i = 0; i < loopsAbove && i < nest.loops.size(); ++i) {
    const Loop& loop = nest.loops[i];
    Range& r = find(loop.rank_variable);
    const std::int64_t idx = loop.spatial ? pe[s++] : c.index[i];
    const std::int64_t lo = r.lo + idx * loop.tile;
    r = {std::min(lo, r.hi), std::min(lo + loop.tile, r.hi)};
  }
  return out;
}

namespace {

std::vector<Range> project(const spec::TensorAccess& access,
                           const std::vector<std::pair<std::string, Range>>& rv) {
  const auto rangeOf = [&](const std::string& v) {
    for (const auto& [name, r] : rv)
      if (name == v) return r;
    return Range{0, 1};
  };
  std::vector<Range> out;
  for (const auto& entry : access.projection) {
    std::int64_t lo = entry.expr.constant, hi = entry.expr.constant;
    for (const auto& term : entry.expr.terms) {
      const Range r = rangeOf(term.var);
      if (r.size() <= 0) return std::vector<Range>(access.projection.size(), Range{0, 0});
      const std::int64_t a = term.coeff * r.lo, b = term.coeff * (r.hi - 1);
      lo += std::min(a, b);
      hi += std::max(a, b);
    }
    out.push_back({lo, hi + 1});
  }
  return out;
}

}  // namespace

std::vector<Range> Playback::tile(const Cursor& c, std::size_t holder, const std::string& tensor,
                                  const std::vector<std::int64_t>& pe) const {
  const Nest& nest = nests_.at(c.nest);
  const auto* access = nest.workload->find_access(tensor);
  if (!access) return {};
  return project(*access, ranges(c, nest.holders.at(holder).loops_above, pe));
}

std::vector<Range> Playback::compute_tile(const Cursor& c, const std::string& tensor,
                                          const std::vector<std::int64_t>& pe) const {
  const Nest& nest = nests_.at(c.nest);
  const auto* access = nest.workload->find_access(tensor);
  if (!access) return {};
  return project(*access, ranges(c, nest.loops.size(), pe));
}

namespace {

// The loops whose positions bring holder `holder` a new tile: those down to the innermost
// temporal loop above it that moves, whether or not it indexes the tensor. A holder keeps its
// tile for one iteration of the loops above it (the model's count, as AccelForge's): to keep a
// tile across a loop, a mapping holds it above that loop. Their count (0: one tile for the
// whole nest).
std::size_t refillLoops(const Nest& nest, std::size_t holder) {
  std::size_t loops = 0;
  for (std::size_t i = 0; i < nest.holders.at(holder).loops_above; ++i)
    if (temporal(nest.loops[i]) && nest.loops[i].trips > 1) loops = i + 1;
  return loops;
}

}  // namespace

double Playback::refill_position(const Cursor& c, std::size_t holder, const std::string& tensor) const {
  const Nest& nest = nests_.at(c.nest);
  const auto* access = nest.workload->find_access(tensor);
  const double here = position(c);
  if (!access) return here;
  // The steps since the innermost loop that refills the holder last moved: the loops inside it
  // (within this nest).
  const std::size_t from = refillLoops(nest, holder);
  return here - value(nest, c, std::max(from, nest.shared), nest.loops.size());
}

std::vector<Range> Playback::space(std::size_t n, const std::string& tensor) const {
  const Nest& nest = nests_.at(n);
  const auto* access = nest.workload->find_access(tensor);
  if (!access) return {};
  Cursor c;
  c.nest = n;
  c.index.assign(nest.loops.size(), 0);
  return project(*access, ranges(c, 0));
}

std::vector<std::int64_t> Playback::fanout(std::size_t n, std::size_t loopsAbove) const {
  std::vector<std::int64_t> out;
  const Nest& nest = nests_.at(n);
  for (std::size_t i = 0; i < loopsAbove && i < nest.loops.size(); ++i)
    if (nest.loops[i].spatial) out.push_back(nest.loops[i].trips);
  return out;
}

double Playback::tiles_so_far(const Cursor& c, std::size_t holder, const std::string& tensor) const {
  const Nest& nest = nests_.at(c.nest);
  const auto* access = nest.workload->find_access(tensor);
  if (!access) return 0;
  // One per position of the refill loops whose tile is not empty (past a range's end, under an
  // imperfect tile, it is); the first PE's tile is empty only when all are.
  const Axes axes = axesOf(nest);
  const std::size_t depth = nest.holders.at(holder).loops_above;
  return sumTo(nest, axes, c, refillLoops(nest, holder), depth, std::vector<Take>(depth, Take::First),
               tileWeight(axes, *access, true), true);
}

std::vector<Playback::Counter> Playback::counters(const Cursor& c) const {
  const Nest& nest = nests_.at(c.nest);
  const Axes axes = axesOf(nest);
  const std::size_t depth = nest.loops.size();
  // The nest's pass is over at its last own step (and, with shared loops, their last too).
  bool atEnd = true;
  for (std::size_t i = 0; i < nest.loops.size(); ++i)
    if (temporal(nest.loops[i]) && c.index[i] + 1 < nest.loops[i].trips) atEnd = false;
  const auto indexes = [&](const std::string& tensor, const Loop& loop) {
    const auto* a = nest.workload->find_access(tensor);
    return a && std::any_of(a->projection.begin(), a->projection.end(),
                            [&](const auto& e) { return e.expr.contains(loop.rank_variable); });
  };
  // Each PE of the spatial loops above `from`; below it, a spatial loop over a rank variable the
  // tensor does not index gives its PEs one shared copy (multicast, or a reduction for an
  // output).
  const auto copies = [&](const std::string& tensor, std::size_t from) {
    std::vector<Take> spread(depth, Take::All);
    for (std::size_t i = from; i < depth; ++i)
      if (nest.loops[i].spatial && !indexes(tensor, nest.loops[i])) spread[i] = Take::First;
    return spread;
  };
  std::vector<Counter> out;
  for (std::size_t h = 0; h < nest.holders.size(); ++h)
    for (const auto& t : nest.holders[h].tensors) {
      Counter k{h, nest.holders[h].component, t, 0, 0, 0};
      k.tiles = tiles_so_far(c, h, t);
      out.push_back(k);
    }
  const auto find = [&](std::size_t h, const std::string& t) -> Counter* {
    for (auto& k : out)
      if (k.holder == h && k.tensor == t) return &k;
    return nullptr;
  };
  for (const auto& access : nest.workload->accesses) {
    const std::string& t = access.tensor;
    const Weight values = tileWeight(axes, access, false);
    std::vector<std::size_t> chain;  // the buffers of t, outermost first
    std::vector<std::size_t> tolls;  // and the Tolls, which pass values between them
    for (std::size_t h = 0; h < nest.holders.size(); ++h)
      if (std::find(nest.holders[h].tensors.begin(), nest.holders[h].tensors.end(), t) !=
          nest.holders[h].tensors.end())
        (nest.holders[h].toll ? tolls : chain).push_back(h);
    std::vector<double> readBacks(chain.size(), 0);  // an output's, asked of chain[i] from below
    // Values that arrive in (or, for an output, leave) holder chain[i] so far, each tile at
    // its size, in each of its PEs, or once per copy the spatial loops below `from` share. An
    // output's tile leaves when it is finished: the cursor's only at the pass's end.
    const auto moved = [&](std::size_t i, bool finished, std::size_t from) {
      const std::size_t h = chain[i];
      const bool current = !access.output || (finished && atEnd);
      return sumTo(nest, axes, c, refillLoops(nest, h), nest.holders[h].loops_above, copies(t, from), values,
                   current);
    };
    // What the level below chain[i] (the next buffer, or the compute) takes from (or gives to)
    // what sits at `above`, once per distinct copy: the compute takes its element of t at
    // every step (past the end of a range t does not index too, as the model counts it: README).
    const auto takenBelow = [&](std::size_t i, std::size_t above) {
      return i + 1 == chain.size() ? sumTo(nest, axes, c, depth, depth, copies(t, above), values, true)
                                   : moved(i + 1, true, above);
    };
    for (std::size_t i = 0; i < chain.size(); ++i) {
      Counter& k = *find(chain[i], t);
      const bool backing = i == 0;
      const std::size_t above = nest.holders[chain[i]].loops_above;
      const double down = takenBelow(i, above);
      if (!access.output) {
        k.writes = backing ? 0 : moved(i, false, depth);
        k.reads = down;
      } else {
        // Updates from below; a value read back before each update but its tile's first
        // (read-modify-write), and each finished tile read once more to leave upward.
        const double firsts =
            sumTo(nest, axes, c, refillLoops(nest, chain[i]), above, copies(t, depth), values, true);
        k.writes = down;
        readBacks[i] = std::max(0.0, k.writes - firsts);
        k.reads = readBacks[i] + (backing ? 0 : moved(i, true, depth));
      }
    }
    // A Toll (never the backing buffer) passes what moves between the buffer above it and the
    // level below: the values going down for an input; for an output, the updates going up and
    // the read-backs going down, each where its direction allows.
    for (const std::size_t h : tolls) {
      const auto below = static_cast<std::size_t>(std::upper_bound(chain.begin(), chain.end(), h) -
                                                  chain.begin());  // chain[below - 1] is above h
      if (below == 0) continue;
      const Holder& toll = nest.holders[h];
      const double passing = takenBelow(below - 1, toll.loops_above);
      Counter& k = *find(h, t);
      k.writes = 0;
      k.reads = access.output ? (toll.up ? passing : 0) + (toll.down ? readBacks[below - 1] : 0)
                              : (toll.down ? passing : 0);
    }
  }
  return out;
}

double Playback::computes_so_far(const Cursor& c) const {
  const Nest& nest = nests_.at(c.nest);
  const Axes axes = axesOf(nest);
  const std::size_t depth = nest.loops.size();
  // Each step's points in every PE, at their true sizes (an empty step past a range's end adds none).
  return sumTo(nest, axes, c, depth, depth, std::vector<Take>(depth, Take::All), computeWeight(axes), true);
}

}  // namespace af::playback
