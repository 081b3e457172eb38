#include "playback/playback.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <stdexcept>

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

double Playback::refill_position(const Cursor& c, std::size_t holder, const std::string& tensor) const {
  const Nest& nest = nests_.at(c.nest);
  const auto* access = nest.workload->find_access(tensor);
  const double here = position(c);
  if (!access) return here;
  std::size_t relevant = SIZE_MAX;
  for (std::size_t i = 0; i < nest.holders.at(holder).loops_above; ++i) {
    const Loop& loop = nest.loops[i];
    if (temporal(loop) && loop.trips > 1 &&
        std::any_of(access->projection.begin(), access->projection.end(),
                    [&](const auto& e) { return e.expr.contains(loop.rank_variable); }))
      relevant = i;
  }
  // The steps since the relevant loop last moved: the loops inside it (within this nest).
  const std::size_t from = relevant == SIZE_MAX ? 0 : relevant + 1;
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
  // The innermost temporal loop above the holder that indexes the tensor and moves: every
  // step of the loops down to it brings a new tile; loops inside it reuse the tile.
  std::size_t relevant = SIZE_MAX;
  for (std::size_t i = 0; i < nest.holders.at(holder).loops_above; ++i) {
    const Loop& loop = nest.loops[i];
    if (temporal(loop) && loop.trips > 1 &&
        std::any_of(access->projection.begin(), access->projection.end(),
                    [&](const auto& e) { return e.expr.contains(loop.rank_variable); }))
      relevant = i;
  }
  if (relevant == SIZE_MAX) return 1;
  return 1 + value(nest, c, 0, relevant + 1);
}

std::vector<Playback::Counter> Playback::counters(const Cursor& c) const {
  const Nest& nest = nests_.at(c.nest);
  const double computes = computes_so_far(c);
  // The nest's pass is over at its last own step (and, with shared loops, their last too).
  bool atEnd = true;
  for (std::size_t i = 0; i < nest.loops.size(); ++i)
    if (temporal(nest.loops[i]) && c.index[i] + 1 < nest.loops[i].trips) atEnd = false;
  const auto indexes = [&](const std::string& tensor, const Loop& loop) {
    const auto* a = nest.workload->find_access(tensor);
    return a && std::any_of(a->projection.begin(), a->projection.end(),
                            [&](const auto& e) { return e.expr.contains(loop.rank_variable); });
  };
  // Spatial loops in [from, to) over a rank variable the tensor does not index: their PEs share
  // one copy (multicast, or a reduction for an output).
  const auto shared = [&](const std::string& tensor, std::size_t from, std::size_t to) {
    double n = 1;
    for (std::size_t i = from; i < to && i < nest.loops.size(); ++i)
      if (nest.loops[i].spatial && !indexes(tensor, nest.loops[i]))
        n *= static_cast<double>(nest.loops[i].trips);
    return n;
  };
  const auto pes = [&](std::size_t loopsAbove) {
    double n = 1;
    for (const auto t : fanout(c.nest, loopsAbove)) n *= static_cast<double>(t);
    return n;
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
  const auto tileValues = [&](std::size_t h, const std::string& t) {
    double v = 1;
    for (const auto& r : tile(c, h, t, std::vector<std::int64_t>(nest.loops.size(), 0)))
      v *= static_cast<double>(r.size());
    return v;
  };
  for (const auto& access : nest.workload->accesses) {
    const std::string& t = access.tensor;
    std::vector<std::size_t> chain;  // the holders of t, outermost first
    for (std::size_t h = 0; h < nest.holders.size(); ++h)
      if (std::find(nest.holders[h].tensors.begin(), nest.holders[h].tensors.end(), t) !=
          nest.holders[h].tensors.end())
        chain.push_back(h);
    // Values that arrive in (or, for an output, leave) each holder so far, all its PEs.
    const auto moved = [&](std::size_t i, bool finished) {
      const std::size_t h = chain[i];
      Counter& k = *find(h, t);
      const double copies = pes(nest.holders[h].loops_above);
      const double tiles = access.output && !(finished && atEnd) ? k.tiles - 1 : k.tiles;
      return tiles * tileValues(h, t) * copies;
    };
    for (std::size_t i = 0; i < chain.size(); ++i) {
      Counter& k = *find(chain[i], t);
      const bool backing = i == 0;
      const bool innermost = i + 1 == chain.size();
      const std::size_t below = innermost ? nest.loops.size() : nest.holders[chain[i + 1]].loops_above;
      // What the level below takes from (or gives to) this one, once per distinct copy.
      const double down = innermost
                              ? computes / shared(t, nest.holders[chain[i]].loops_above, below)
                              : moved(i + 1, true) / shared(t, nest.holders[chain[i]].loops_above, below);
      if (!access.output) {
        k.writes = backing ? 0 : moved(i, false);
        k.reads = down;
      } else {
        // Updates from below; a value read back before each update but its tile's first
        // (read-modify-write), and each finished tile read once more to leave upward.
        const double firsts = k.tiles * tileValues(chain[i], t) * pes(nest.holders[chain[i]].loops_above);
        k.writes = down;
        k.reads = std::max(0.0, k.writes - firsts) + (backing ? 0 : moved(i, true));
      }
    }
  }
  return out;
}

double Playback::computes_so_far(const Cursor& c) const {
  const Nest& nest = nests_.at(c.nest);
  double volume = 1;
  for (const auto& [rv, r] : ranges(c, nest.loops.size(), std::vector<std::int64_t>(nest.loops.size(), 0)))
    volume *= static_cast<double>(std::max<std::int64_t>(r.size(), 0));
  for (const auto trips : fanout(c.nest, nest.loops.size())) volume *= static_cast<double>(trips);
  return (value(nest, c, 0, nest.loops.size()) + 1) * volume;
}

}  // namespace af::playback
