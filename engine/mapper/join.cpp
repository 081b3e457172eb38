#include "mapper/join.h"

#include <tbb/blocked_range.h>
#include <tbb/parallel_for.h>
#include <tbb/partitioner.h>
#include <tbb/task_arena.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>

#include "mapper/pareto.h"

namespace af::mapper {
namespace {

constexpr std::uint32_t kNone = std::numeric_limits<std::uint32_t>::max();

// How a joined row came about: the left row it extends and the right Einsum's pmapping
// (for the first Einsum: no parent). Rows only point backwards, so a kept row recovers
// its whole mapping.
struct Origin {
  std::uint32_t parent = kNone;
  std::uint32_t pmapping = 0;      // index into the Einsum's rows
  std::uint32_t shared_loops = 0;  // loops shared with the Einsum before
};

// The rows of one compatibility group, flat: per row the summed dynamic energy, leak
// energy and latency, the reservations (layout), the shared tensors' sizes (compat order).
struct Group {
  Compatibility compat;
  ReservationLayout layout;
  std::size_t stride = 0;
  std::vector<double> values;
  std::vector<std::uint32_t> origin;  // per row: index into the origins (or pmapping rows)

  static constexpr std::size_t kDyn = 0, kLeak = 1, kLatency = 2, kRes = 3;

  Group(Compatibility c, std::size_t memories) : compat(std::move(c)) {
    layout = {memories, compat.n_loops()};
    stride = kRes + layout.size() + compat.tensors.size();
  }
  [[nodiscard]] std::size_t rows() const { return origin.size(); }
  [[nodiscard]] const double* row(std::size_t i) const { return values.data() + i * stride; }
  [[nodiscard]] std::size_t sizes_at() const { return kRes + layout.size(); }
};

// The Pareto key of a row: the join objectives (join_objectives: energy as float32 sum of
// its parts, latency, and the split energies only when asked for), then the reservations.
struct KeyMaker {
  unsigned metrics;
  double objective_tolerance;
  double reservation_tolerance, reservation_absolute;

  [[nodiscard]] double objective(double v) const {
    if (objective_tolerance <= 0 || v <= 0) return v;
    return std::round(std::log(v) / std::log1p(objective_tolerance));
  }
  void objectives(const double* r, std::vector<float>& out) const {
    if (includes_energy(metrics))
      out.push_back(static_cast<float>(objective(
          static_cast<double>(static_cast<float>(r[Group::kDyn]) + static_cast<float>(r[Group::kLeak])))));
    if (includes_latency(metrics)) out.push_back(static_cast<float>(objective(r[Group::kLatency])));
    if (metrics & kDynamicEnergy) out.push_back(static_cast<float>(objective(r[Group::kDyn])));
    if (metrics & kLeakEnergy) out.push_back(static_cast<float>(objective(r[Group::kLeak])));
  }
  [[nodiscard]] std::size_t objective_count() const {
    return (includes_energy(metrics) ? 1U : 0U) + (includes_latency(metrics) ? 1U : 0U) +
           ((metrics & kDynamicEnergy) ? 1U : 0U) + ((metrics & kLeakEnergy) ? 1U : 0U);
  }
  void operator()(const Group& g, const double* r, std::vector<float>& out) const {
    objectives(r, out);
    for (std::size_t i = 0; i < g.layout.size(); ++i)
      out.push_back(
          static_cast<float>(multi_rounded(r[Group::kRes + i], reservation_tolerance, reservation_absolute)));
  }
  [[nodiscard]] std::size_t width(const Group& g) const { return objective_count() + g.layout.size(); }
};

// Keeps the Pareto-optimal rows of `g` (first occurrence wins ties); returns how many went.
std::size_t prune(Group& g, const KeyMaker& key) {
  const std::size_t n = g.rows();
  if (n <= 1) return 0;
  std::vector<float> keys;
  keys.reserve(n * key.width(g));
  for (std::size_t i = 0; i < n; ++i) key(g, g.row(i), keys);
  const auto keep = pareto_select(keys, key.width(g), n);
  if (keep.size() == n) return 0;
  std::vector<double> values;
  std::vector<std::uint32_t> origin;
  values.reserve(keep.size() * g.stride);
  for (const auto i : keep) {
    values.insert(values.end(), g.row(i), g.row(i) + g.stride);
    origin.push_back(g.origin[i]);
  }
  g.values = std::move(values);
  g.origin = std::move(origin);
  return n - keep.size();
}

// The canonical group order: fewer shared loops first, then shared tensors held in outer
// memories first; ties in cost then resolve to the least fused mapping (first row wins).
struct LessFused {
  const std::map<std::string, int>* levels;

  [[nodiscard]] int level(const std::string& memory) const {
    const auto it = levels->find(memory);
    return it == levels->end() ? 0 : it->second;
  }
  bool operator()(const Compatibility& a, const Compatibility& b) const {
    if (a.n_loops() != b.n_loops()) return a.n_loops() < b.n_loops();
    const std::size_t n = std::min(a.tensors.size(), b.tensors.size());
    for (std::size_t i = 0; i < n; ++i) {
      const auto& x = a.tensors[i];
      const auto& y = b.tensors[i];
      if (x.name != y.name) return x.name < y.name;
      if (level(x.memory) != level(y.memory)) return level(x.memory) < level(y.memory);
      if (x.depth() != y.depth()) return x.depth() < y.depth();
    }
    return a < b;
  }
};

// One Einsum's pmappings in compatibility groups, each Pareto-pruned. Only the tensors some
// other Einsum uses stay in the compatibility (its loops shrink with them, and
// reservations below collapse).
std::vector<Group> group_einsum(const JoinEinsum& e, const std::set<std::string>& shared_with_others,
                                std::size_t memories, const KeyMaker& key, const LessFused& order) {
  std::map<Compatibility, std::size_t> index;
  std::vector<Group> groups;
  for (std::size_t i = 0; i < e.rows.size(); ++i) {
    const auto& row = e.rows[i];
    const auto& full = e.compat[i];
    Compatibility c = full.restricted([&](const std::string& t) { return shared_with_others.contains(t); });
    auto [it, added] = index.try_emplace(c, groups.size());
    if (added) groups.emplace_back(c, memories);
    Group& g = groups[it->second];
    const auto base = g.values.size();
    g.values.resize(base + g.stride, 0.0);
    double* out = g.values.data() + base;
    out[Group::kDyn] = row.dynamic_energy;
    out[Group::kLeak] = row.leak_energy;
    out[Group::kLatency] = row.latency;
    if (memories > 0) {
      const ReservationLayout from{memories, full.n_loops()};
      const int k = static_cast<int>(g.layout.loops);
      for (std::size_t m = 0; m < memories; ++m) {
        for (int d = -1; d < k; ++d) out[Group::kRes + g.layout.s(m, d)] = row.reservations[from.s(m, d)];
        out[Group::kRes + g.layout.s(m, k)] = row.reservations[from.s(m, static_cast<int>(from.loops))];
      }
    }
    for (std::size_t t = 0; t < g.compat.tensors.size(); ++t)
      for (std::size_t u = 0; u < full.tensors.size(); ++u)
        if (full.tensors[u].name == g.compat.tensors[t].name && u < row.shared_sizes.size())
          out[g.sizes_at() + t] = row.shared_sizes[u];
    g.origin.push_back(static_cast<std::uint32_t>(i));
  }
  for (auto& g : groups) prune(g, key);
  std::stable_sort(groups.begin(), groups.end(),
                   [&](const Group& a, const Group& b) { return order(a.compat, b.compat); });
  return groups;
}

std::set<std::string> tensors_of(const std::vector<JoinEinsum>& es, std::size_t from, std::size_t to) {
  std::set<std::string> out;
  for (std::size_t i = from; i < to && i < es.size(); ++i)
    out.insert(es[i].tensors.begin(), es[i].tensors.end());
  return out;
}

std::size_t depth_of(const Compatibility& c, const std::set<std::string>& live) {
  std::size_t n = 0;
  for (const auto& t : c.tensors)
    if (live.contains(t.name) && t.depth() > 0) n = std::max(n, static_cast<std::size_t>(t.depth()));
  return n;
}

// The tensors of `c` in `names`, as a matching key.
std::vector<Compatibility::Tensor> key_on(const Compatibility& c, const std::set<std::string>& names) {
  std::vector<Compatibility::Tensor> out;
  for (const auto& t : c.tensors)
    if (names.contains(t.name)) out.push_back(t);
  return out;
}

// A compatible (left group, right group) pair and what their rows need to merge.
struct Pair {
  std::size_t left = 0, right = 0, joined = 0;  // joined: index of the joined group
  ReservationMerge merge;
  // Per joined tensor: where its size comes from (left or right sizes, index).
  std::vector<std::pair<bool, std::size_t>> sizes;
  // Adjustments read sizes from the left row, then (if needs_right) the right row's after them.
  bool needs_right = false;
};

// Row pairs are merged in chunks of left rows so that memory stays bounded and both cores
// have work even when one pair dominates.
constexpr std::size_t kChunkRows = 1 << 15;

struct ChunkResult {
  std::vector<double> values;
  std::vector<std::uint32_t> left_origin, right_pmapping;
  std::uint32_t shared_loops = 0;  // the left group's loops: what the right shares
  std::uint64_t paired = 0;
  std::vector<std::uint64_t> over_capacity;  // per memory
  std::uint64_t pareto = 0;
};

}  // namespace

JoinOutcome join_einsums(const std::vector<JoinEinsum>& einsums, const TrackedMemories& tracked,
                         const std::map<std::string, std::set<std::string>>& copies,
                         const JoinSettings& settings, Observer* observer, const std::atomic<bool>* cancel) {
  JoinOutcome out;
  const std::size_t n = einsums.size();
  const std::size_t memories = tracked.size();
  if (n == 0) return out;
  const auto cancelled = [&] { return cancel != nullptr && cancel->load(std::memory_order_relaxed); };
  tbb::task_arena arena(settings.threads > 0 ? settings.threads : tbb::task_arena::automatic);

  // Pareto keys: per-Einsum groups round reservations with resource_usage_tolerance (an
  // absolute step shared out over the Einsums); joined groups with objective_tolerance
  // (§4.4: AccelForge's plumbing does both).
  const KeyMaker einsum_key{settings.metrics, settings.objective_tolerance, settings.resource_usage_tolerance,
                            settings.resource_usage_tolerance / static_cast<double>(n)};
  const KeyMaker join_key{settings.metrics, settings.objective_tolerance, settings.objective_tolerance, 0};
  const LessFused order{&settings.memory_levels};

  std::vector<std::vector<Group>> per_einsum(n);
  for (std::size_t e = 0; e < n; ++e) {
    std::set<std::string> others = tensors_of(einsums, 0, e);
    const auto after = tensors_of(einsums, e + 1, n);
    others.insert(after.begin(), after.end());
    per_einsum[e] = group_einsum(einsums[e], others, memories, einsum_key, order);
    out.groups.push_back(per_einsum[e].size());
    std::uint64_t rows = 0;
    for (const auto& g : per_einsum[e]) rows += g.rows();
    out.grouped_rows.push_back(rows);
  }

  std::vector<Origin> origins;
  std::vector<Group> left = per_einsum[0];
  for (auto& g : left)
    for (auto& o : g.origin) {
      origins.push_back({kNone, o, 0});
      o = static_cast<std::uint32_t>(origins.size() - 1);
    }

  for (std::size_t j = 1; j < n; ++j) {
    if (cancelled()) {
      out.cancelled = true;
      return out;
    }
    const JoinEinsum& right_einsum = einsums[j];
    const auto left_tensors = tensors_of(einsums, 0, j);
    const auto& right_tensors = right_einsum.tensors;
    const auto live_after = tensors_of(einsums, j + 1, n);
    for (std::size_t later = j; later < n; ++later)
      for (const auto& t : einsums[later].outputs)
        if (left_tensors.contains(t)) {
          out.failure = "Einsum " + einsums[later].name + " writes " + t +
                        ", which an earlier Einsum already uses: Einsums join in workload order";
          return out;
        }
    const std::vector<Group>& right = per_einsum[j];
    JoinStepStats step;
    step.einsum = right_einsum.name;
    step.left_groups = left.size();
    step.right_groups = right.size();
    for (const auto& g : left) step.left_rows += g.rows();
    for (const auto& g : right) step.right_rows += g.rows();

    // Group pairs: the shared tensors held alike (the key), no more live loops on the
    // left than on the right (its dataflow could not reach the later Einsums otherwise),
    // and every loop both have iterating alike.
    std::map<std::vector<Compatibility::Tensor>, std::vector<std::size_t>> right_by_key;
    for (std::size_t b = 0; b < right.size(); ++b)
      right_by_key[key_on(right[b].compat, left_tensors)].push_back(b);
    std::vector<Pair> pairs;
    std::map<Compatibility, std::size_t> joined_index;
    std::vector<Compatibility> joined;
    for (std::size_t a = 0; a < left.size(); ++a) {
      const Compatibility& lc = left[a].compat;
      const auto it = right_by_key.find(key_on(lc, right_tensors));
      if (it == right_by_key.end()) continue;
      for (const std::size_t b : it->second) {
        const Compatibility& rc = right[b].compat;
        if (depth_of(lc, live_after) > depth_of(rc, live_after)) continue;
        const std::size_t kl = lc.n_loops(), kr = rc.n_loops();
        if (kr < kl) continue;
        if (!std::equal(lc.iterations.begin(), lc.iterations.end(), rc.iterations.begin())) continue;
        Compatibility jc;
        for (const auto& t : lc.tensors)
          if (live_after.contains(t.name)) jc.tensors.push_back(t);
        for (const auto& t : rc.tensors)
          if (live_after.contains(t.name) && !lc.has(t.name)) jc.tensors.push_back(t);
        std::sort(jc.tensors.begin(), jc.tensors.end(),
                  [](const auto& x, const auto& y) { return x.name < y.name; });
        const std::size_t kj = depth_of(jc, live_after);
        jc.iterations.assign(rc.iterations.begin(), rc.iterations.begin() + static_cast<std::ptrdiff_t>(kj));
        Pair p;
        p.left = a;
        p.right = b;
        const auto [jt, added] = joined_index.try_emplace(jc, joined.size());
        if (added) joined.push_back(jc);
        p.joined = jt->second;
        pairs.push_back(std::move(p));
      }
    }
    step.group_pairs = pairs.size();
    if (pairs.empty()) {
      out.failure = "no pmapping of Einsum " + right_einsum.name +
                    " is compatible with the mappings of the Einsums before it (the tensors they share are "
                    "held differently, or their shared loops iterate differently)";
      out.steps.push_back(step);
      return out;
    }

    // Lookahead: a joined group whose shared tensors no group of a later Einsum holds alike
    // (same memory, loops and iteration counts) can never complete.
    std::vector<char> joined_alive(joined.size(), 1);
    const std::set<std::string> seen = tensors_of(einsums, 0, j + 1);
    for (std::size_t later = j + 1; later < n; ++later) {
      bool touches = false;
      for (const auto& t : einsums[later].tensors) touches = touches || seen.contains(t);
      if (!touches) continue;
      std::set<Compatibility> next_keys;
      for (const auto& g : per_einsum[later])
        next_keys.insert(g.compat.restricted([&](const std::string& t) { return seen.contains(t); }));
      bool any = false;
      for (std::size_t x = 0; x < joined.size(); ++x) {
        if (!joined_alive[x]) continue;
        const auto k =
            joined[x].restricted([&](const std::string& t) { return einsums[later].tensors.contains(t); });
        if (!next_keys.contains(k)) joined_alive[x] = 0;
        any = any || joined_alive[x];
      }
      if (!any) {
        out.failure =
            "the mappings of the Einsums up to " + right_einsum.name +
            " cannot be joined with any pmapping of Einsum " + einsums[later].name +
            " (the tensors they share are held differently, or their shared loops iterate differently)";
        out.steps.push_back(step);
        return out;
      }
    }
    std::erase_if(pairs, [&](const Pair& p) {
      if (joined_alive[p.joined]) return false;
      ++step.group_pairs_lookahead;
      step.rows_lookahead += static_cast<std::uint64_t>(left[p.left].rows()) * right[p.right].rows();
      return true;
    });

    // What each pair's row merges need: sizes to carry, tensors to free and allocate.
    std::vector<std::size_t> alive;
    for (std::size_t x = 0; x < joined.size(); ++x)
      if (joined_alive[x]) alive.push_back(x);
    std::stable_sort(alive.begin(), alive.end(),
                     [&](std::size_t a, std::size_t b) { return order(joined[a], joined[b]); });
    std::vector<Group> next;
    std::vector<std::size_t> renumber(joined.size(), 0);
    for (const auto x : alive) {
      renumber[x] = next.size();
      next.emplace_back(joined[x], memories);
    }
    for (auto& p : pairs) {
      p.joined = renumber[p.joined];
      const Compatibility& lc = left[p.left].compat;
      const Compatibility& rc = right[p.right].compat;
      const Compatibility& jc = next[p.joined].compat;
      p.merge.memories = memories;
      p.merge.left_loops = lc.n_loops();
      p.merge.right_loops = rc.n_loops();
      p.merge.joined_loops = jc.n_loops();
      const auto index_in = [](const Compatibility& c, const std::string& t) {
        for (std::size_t i = 0; i < c.tensors.size(); ++i)
          if (c.tensors[i].name == t) return i;
        return c.tensors.size();
      };
      for (const auto& t : jc.tensors) {
        const std::size_t li = index_in(lc, t.name);
        p.sizes.emplace_back(li == lc.tensors.size(), li < lc.tensors.size() ? li : index_in(rc, t.name));
      }
      const int k = static_cast<int>(lc.n_loops()) - 1;  // shared loop index
      std::vector<std::pair<std::size_t, int>> freed;    // (memory, depth)
      // Shared tensors reserved above the shared loops are in both spines: free once.
      for (std::size_t li = 0; li < lc.tensors.size(); ++li) {
        const auto& t = lc.tensors[li];
        const int m = tracked.index(t.memory);
        if (m < 0 || !rc.has(t.name) || t.depth() > k) continue;
        p.merge.adjustments.push_back({static_cast<std::size_t>(m), t.depth(), li, -1.0});
        freed.emplace_back(static_cast<std::size_t>(m), t.depth());
      }
      // Copies share one buffer per memory: a right tensor aliasing a live left one in the
      // same memory is freed too, unless a freed shared tensor already sits there.
      for (const auto& t : lc.tensors) {
        if (!live_after.contains(t.name)) continue;
        const auto al = copies.find(t.name);
        if (al == copies.end()) continue;
        for (const auto& name : al->second) {
          const auto* y = rc.find(name);
          if (y == nullptr || !live_after.contains(name) || y->memory != t.memory) continue;
          const int m = tracked.index(y->memory);
          if (m < 0) continue;
          if (std::find(freed.begin(), freed.end(), std::pair{static_cast<std::size_t>(m), y->depth()}) !=
              freed.end())
            continue;
          p.merge.adjustments.push_back(
              {static_cast<std::size_t>(m), y->depth(), lc.tensors.size() + index_in(rc, name), -1.0});
          p.needs_right = true;
        }
      }
      // Left tensors that outlive the right, reserved below the shared loops: they stay
      // allocated while the right runs.
      for (std::size_t li = 0; li < lc.tensors.size(); ++li) {
        const auto& t = lc.tensors[li];
        const int m = tracked.index(t.memory);
        if (m < 0 || rc.has(t.name) || !live_after.contains(t.name) || t.depth() <= k) continue;
        p.merge.adjustments.push_back({static_cast<std::size_t>(m), t.depth(), li, 1.0});
      }
    }

    // Row merges, chunk by chunk, in parallel; each chunk keeps its Pareto-optimal rows.
    struct Task {
      std::size_t pair, first, last;  // left rows [first, last)
    };
    std::vector<Task> tasks;
    for (std::size_t pi = 0; pi < pairs.size(); ++pi) {
      const std::size_t lrows = left[pairs[pi].left].rows(), rrows = right[pairs[pi].right].rows();
      const std::size_t chunk = std::max<std::size_t>(1, kChunkRows / std::max<std::size_t>(rrows, 1));
      for (std::size_t f = 0; f < lrows; f += chunk) tasks.push_back({pi, f, std::min(lrows, f + chunk)});
    }
    std::vector<ChunkResult> results(tasks.size());
    arena.execute([&] {
      tbb::parallel_for(
          tbb::blocked_range<std::size_t>(0, tasks.size(), 1),
          [&](const tbb::blocked_range<std::size_t>& range) {
            std::vector<double> merged, sizes;
            std::vector<float> keys;
            for (std::size_t ti = range.begin(); ti != range.end(); ++ti) {
              if (cancelled()) return;
              const Task& task = tasks[ti];
              const Pair& p = pairs[task.pair];
              const Group& lg = left[p.left];
              const Group& rg = right[p.right];
              const Group& jg = next[p.joined];
              ChunkResult& res = results[ti];
              res.over_capacity.assign(memories, 0);
              res.shared_loops = static_cast<std::uint32_t>(lg.compat.n_loops());
              std::vector<double> values;
              std::vector<std::uint32_t> lo, rp;
              merged.resize(jg.stride);
              for (std::size_t l = task.first; l < task.last; ++l) {
                const double* lr = lg.row(l);
                // Sizes the adjustments read: left ones in place, right ones by copy.
                for (std::size_t r = 0; r < rg.rows(); ++r) {
                  const double* rr = rg.row(r);
                  ++res.paired;
                  sizes.assign(lr + lg.sizes_at(), lr + lg.stride);
                  if (p.needs_right) sizes.insert(sizes.end(), rr + rg.sizes_at(), rr + rg.stride);
                  std::size_t failed = 0;
                  if (memories > 0 &&
                      !p.merge.apply({lr + Group::kRes, lg.layout.size()},
                                     {rr + Group::kRes, rg.layout.size()}, sizes,
                                     {merged.data() + Group::kRes, jg.layout.size()}, failed)) {
                    ++res.over_capacity[failed];
                    continue;
                  }
                  merged[Group::kDyn] = lr[Group::kDyn] + rr[Group::kDyn];
                  merged[Group::kLeak] = lr[Group::kLeak] + rr[Group::kLeak];
                  merged[Group::kLatency] = lr[Group::kLatency] + rr[Group::kLatency];
                  for (std::size_t t = 0; t < p.sizes.size(); ++t) {
                    const auto [from_right, idx] = p.sizes[t];
                    merged[jg.sizes_at() + t] =
                        from_right ? rr[rg.sizes_at() + idx] : lr[lg.sizes_at() + idx];
                  }
                  values.insert(values.end(), merged.begin(), merged.end());
                  lo.push_back(lg.origin[l]);
                  rp.push_back(rg.origin[r]);
                }
              }
              const std::size_t rows = lo.size();
              keys.clear();
              for (std::size_t i = 0; i < rows; ++i) join_key(jg, values.data() + i * jg.stride, keys);
              const auto keep = pareto_select(keys, join_key.width(jg), rows);
              res.pareto = rows - keep.size();
              res.values.reserve(keep.size() * jg.stride);
              for (const auto i : keep) {
                res.values.insert(res.values.end(), values.data() + i * jg.stride,
                                  values.data() + (i + 1) * jg.stride);
                res.left_origin.push_back(lo[i]);
                res.right_pmapping.push_back(rp[i]);
              }
            }
          },
          tbb::simple_partitioner());
    });
    if (cancelled()) {
      out.cancelled = true;
      return out;
    }

    // Per joined group: the chunks' rows in pair order, Pareto-pruned once more.
    std::vector<std::vector<std::size_t>> tasks_of(next.size());
    for (std::size_t ti = 0; ti < tasks.size(); ++ti) tasks_of[pairs[tasks[ti].pair].joined].push_back(ti);
    struct Source {
      std::uint32_t parent, pmapping, shared_loops;
    };
    std::vector<std::vector<Source>> sources(next.size());
    std::vector<std::uint64_t> pareto_removed(next.size(), 0);
    arena.execute([&] {
      tbb::parallel_for(std::size_t{0}, next.size(), [&](std::size_t x) {
        Group& g = next[x];
        std::vector<Source> src;
        for (const auto ti : tasks_of[x]) {
          const auto& r = results[ti];
          g.values.insert(g.values.end(), r.values.begin(), r.values.end());
          for (std::size_t i = 0; i < r.left_origin.size(); ++i)
            src.push_back({r.left_origin[i], r.right_pmapping[i], r.shared_loops});
        }
        g.origin.resize(src.size());
        for (std::size_t i = 0; i < src.size(); ++i) g.origin[i] = static_cast<std::uint32_t>(i);
        pareto_removed[x] = prune(g, join_key);
        std::vector<Source> kept;
        kept.reserve(g.origin.size());
        for (const auto o : g.origin) kept.push_back(src[o]);
        sources[x] = std::move(kept);
      });
    });
    for (const auto& r : results) {
      step.rows_paired += r.paired;
      step.removed["pareto"] += r.pareto;
      for (std::size_t m = 0; m < r.over_capacity.size(); ++m)
        if (r.over_capacity[m] > 0) step.removed["capacity " + tracked.names[m]] += r.over_capacity[m];
    }
    for (const auto v : pareto_removed) step.removed["pareto"] += v;
    // New origins, in group order.
    for (std::size_t x = 0; x < next.size(); ++x)
      for (std::size_t i = 0; i < next[x].rows(); ++i) {
        const Source& src = sources[x][i];
        origins.push_back({src.parent, src.pmapping, src.shared_loops});
        next[x].origin[i] = static_cast<std::uint32_t>(origins.size() - 1);
      }
    std::erase_if(next, [](const Group& g) { return g.rows() == 0; });
    step.groups_out = next.size();
    for (const auto& g : next) step.rows_out += g.rows();
    out.steps.push_back(step);
    if (observer) observer->on_join_step(out.steps.back());
    if (next.empty()) {
      std::string worst;
      std::uint64_t most = 0;
      for (const auto& [cause, count] : step.removed)
        if (cause != "pareto" && count > most) {
          most = count;
          worst = cause;
        }
      out.failure = "no joined mapping of the Einsums up to " + right_einsum.name + " is valid" +
                    (worst.empty() ? std::string() : "; every one exceeds " + worst.substr(9));
      return out;
    }
    left = std::move(next);
    if (observer) {
      std::vector<float> keys;
      std::vector<FrontPoint> pts;
      for (const auto& g : left)
        for (std::size_t i = 0; i < g.rows(); ++i) {
          const double e = g.row(i)[Group::kDyn] + g.row(i)[Group::kLeak], l = g.row(i)[Group::kLatency];
          keys.push_back(static_cast<float>(e));
          keys.push_back(static_cast<float>(l));
          pts.push_back({e, l});
        }
      std::vector<FrontPoint> front;
      for (const auto i : pareto_select(keys, 2, pts.size())) front.push_back(pts[i]);
      observer->on_joined_front(j + 1, front);
    }
  }

  // Final (§5.2 step 4): every reservation collapses to the whole workload (S[-1], and
  // S[0] = the peak), all groups meet, and rows are Pareto-pruned with those peaks still
  // as criteria: of equal-cost mappings the one reserving less stays. Then only the
  // objectives decide.
  struct Final {
    std::size_t group, row;
  };
  std::vector<Final> rows;
  std::vector<float> keys;
  const std::size_t objective_width = join_key.objective_count();
  const std::size_t width = objective_width + 2 * memories;
  std::vector<double> peaks(memories);
  for (std::size_t x = 0; x < left.size(); ++x)
    for (std::size_t i = 0; i < left[x].rows(); ++i) {
      const double* r = left[x].row(i);
      join_key.objectives(r, keys);
      final_peaks({r + Group::kRes, left[x].layout.size()}, left[x].layout, peaks);
      for (std::size_t m = 0; m < memories; ++m) {
        keys.push_back(static_cast<float>(join_key.objective(r[Group::kRes + left[x].layout.s(m, -1)])));
        keys.push_back(static_cast<float>(join_key.objective(peaks[m])));
      }
      rows.push_back({x, i});
    }
  {
    const auto keep = pareto_select(keys, width, rows.size());
    std::vector<Final> kept_rows;
    std::vector<float> kept_keys;
    for (const auto i : keep) {
      kept_rows.push_back(rows[i]);
      kept_keys.insert(kept_keys.end(), keys.begin() + static_cast<std::ptrdiff_t>(i * width),
                       keys.begin() + static_cast<std::ptrdiff_t>(i * width + objective_width));
    }
    rows = std::move(kept_rows);
    keys = std::move(kept_keys);
  }
  for (const auto idx : pareto_select(keys, objective_width, rows.size())) {
    const Group& g = left[rows[idx].group];
    JoinedMapping jm;
    jm.dynamic_energy = g.row(rows[idx].row)[Group::kDyn];
    jm.leak_energy = g.row(rows[idx].row)[Group::kLeak];
    jm.latency = g.row(rows[idx].row)[Group::kLatency];
    jm.pmappings.resize(n);
    jm.shared_loops.assign(n > 0 ? n - 1 : 0, 0);
    std::uint32_t o = g.origin[rows[idx].row];
    for (std::size_t e = n; e-- > 0;) {
      const Origin& org = origins[o];
      jm.pmappings[e] = einsums[e].rows[org.pmapping];
      if (e > 0) jm.shared_loops[e - 1] = org.shared_loops;
      o = org.parent;
    }
    out.front.push_back(std::move(jm));
  }
  return out;
}

}  // namespace af::mapper
