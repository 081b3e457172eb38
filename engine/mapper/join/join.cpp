#include "mapper/join/join.h"

#include <fmt/format.h>
#include <tbb/blocked_range.h>
#include <tbb/parallel_for.h>
#include <tbb/partitioner.h>
#include <tbb/task_arena.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <numeric>
#include <unordered_map>

#include "mapper/ceilings.h"
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

// A compatibility without its iteration counts: the shared tensors (by name), each with
// its memory and the loops above it. Rows of one structure differ in the counts, which
// they carry; rows are only compared with rows of equal counts (AccelForge keeps the
// counts as `diff` columns of one group, §4.1-§4.3).
using Structure = std::vector<Compatibility::Tensor>;

std::size_t loops_of(const Structure& s) {
  std::size_t n = 0;
  for (const auto& t : s)
    if (t.depth() > 0) n = std::max(n, static_cast<std::size_t>(t.depth()));
  return n;
}

template <class Keep>
Structure restrict(const Structure& s, const Keep& keep) {
  Structure out;
  for (const auto& t : s)
    if (keep(t.name)) out.push_back(t);
  return out;
}

// The rows of one structure, flat: per row the summed dynamic energy, leak energy and
// latency, the reservations (layout), the shared tensors' sizes (structure order); and
// the shared loops' iteration counts.
struct Group {
  Structure structure;
  std::size_t loops = 0;
  ReservationLayout layout;
  std::size_t stride = 0;
  std::vector<double> values;
  std::vector<std::int64_t> iterations;  // rows × loops
  std::vector<std::uint32_t> origin;     // per row: index into the origins (or pmapping rows)

  static constexpr std::size_t kDyn = 0, kLeak = 1, kLatency = 2, kRes = 3;

  Group(Structure s, std::size_t memories) : structure(std::move(s)), loops(loops_of(structure)) {
    layout = {memories, loops};
    stride = kRes + layout.size() + structure.size();
  }
  [[nodiscard]] std::size_t rows() const { return origin.size(); }
  [[nodiscard]] const double* row(std::size_t i) const { return values.data() + i * stride; }
  [[nodiscard]] const std::int64_t* iters(std::size_t i) const { return iterations.data() + i * loops; }
  [[nodiscard]] std::size_t sizes_at() const { return kRes + layout.size(); }
  [[nodiscard]] std::size_t bytes() const {
    return values.capacity() * sizeof(double) + iterations.capacity() * sizeof(std::int64_t) +
           origin.capacity() * sizeof(std::uint32_t);
  }
  void keep_only(const std::vector<std::size_t>& keep) {
    std::vector<double> v;
    std::vector<std::int64_t> it;
    std::vector<std::uint32_t> o;
    v.reserve(keep.size() * stride);
    it.reserve(keep.size() * loops);
    for (const auto i : keep) {
      v.insert(v.end(), row(i), row(i) + stride);
      it.insert(it.end(), iters(i), iters(i) + loops);
      o.push_back(origin[i]);
    }
    values = std::move(v);
    iterations = std::move(it);
    origin = std::move(o);
  }
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
  void operator()(const ReservationLayout& layout, const double* r, std::vector<float>& out) const {
    objectives(r, out);
    for (std::size_t i = 0; i < layout.size(); ++i)
      out.push_back(
          static_cast<float>(multi_rounded(r[Group::kRes + i], reservation_tolerance, reservation_absolute)));
  }
  [[nodiscard]] std::size_t width(const ReservationLayout& layout) const {
    return objective_count() + layout.size();
  }
};

// Pareto-optimal rows among rows with equal iteration counts (first occurrence wins ties),
// as indices in row order.
std::vector<std::size_t> pareto_by_iterations(const Group& g, const KeyMaker& key, const double* values,
                                              const std::int64_t* iterations, std::size_t n) {
  const std::size_t width = key.width(g.layout);
  std::vector<float> keys;
  keys.reserve(n * width);
  for (std::size_t i = 0; i < n; ++i) key(g.layout, values + i * g.stride, keys);
  std::vector<std::size_t> order(n);
  std::iota(order.begin(), order.end(), std::size_t{0});
  const std::size_t L = g.loops;
  if (L > 0)
    std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
      return std::lexicographical_compare(iterations + a * L, iterations + (a + 1) * L, iterations + b * L,
                                          iterations + (b + 1) * L);
    });
  std::vector<std::size_t> keep;
  std::vector<float> run;
  for (std::size_t begin = 0; begin < n;) {
    std::size_t end = begin + 1;
    while (end < n && std::equal(iterations + order[begin] * L, iterations + (order[begin] + 1) * L,
                                 iterations + order[end] * L))
      ++end;
    run.clear();
    for (std::size_t i = begin; i < end; ++i)
      run.insert(run.end(), keys.begin() + static_cast<std::ptrdiff_t>(order[i] * width),
                 keys.begin() + static_cast<std::ptrdiff_t>((order[i] + 1) * width));
    for (const auto k : pareto_select(run, width, end - begin)) keep.push_back(order[begin + k]);
    begin = end;
  }
  std::sort(keep.begin(), keep.end());
  return keep;
}

std::size_t prune(Group& g, const KeyMaker& key) {
  const std::size_t n = g.rows();
  if (n <= 1) return 0;
  const auto keep = pareto_by_iterations(g, key, g.values.data(), g.iterations.data(), n);
  if (keep.size() == n) return 0;
  g.keep_only(keep);
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
  bool operator()(const Structure& a, const Structure& b) const {
    if (loops_of(a) != loops_of(b)) return loops_of(a) < loops_of(b);
    const std::size_t n = std::min(a.size(), b.size());
    for (std::size_t i = 0; i < n; ++i) {
      const auto& x = a[i];
      const auto& y = b[i];
      if (x.name != y.name) return x.name < y.name;
      if (level(x.memory) != level(y.memory)) return level(x.memory) < level(y.memory);
      if (x.depth() != y.depth()) return x.depth() < y.depth();
    }
    return a < b;
  }
};

// One Einsum's pmappings by structure, each group Pareto-pruned per iteration counts. Only
// the tensors some other Einsum uses stay (the shared loops shrink with them, and the
// reservations below collapse).
std::vector<Group> group_einsum(const JoinEinsum& e, const std::set<std::string>& shared_with_others,
                                std::size_t memories, const KeyMaker& key, const LessFused& order,
                                const Ceilings& ceilings, const LeastAdded& others, std::uint64_t& beaten) {
  std::map<Structure, std::size_t> index;
  std::vector<Group> groups;
  for (std::size_t i = 0; i < e.rows.size(); ++i) {
    const auto& row = e.rows[i];
    if (ceilings.beaten(row.dynamic_energy, row.leak_energy, row.latency, others)) {
      ++beaten;
      continue;
    }
    const auto& full = e.compat[i];
    Structure st =
        restrict(full.tensors, [&](const std::string& t) { return shared_with_others.contains(t); });
    auto [it, added] = index.try_emplace(st, groups.size());
    if (added) groups.emplace_back(std::move(st), memories);
    Group& g = groups[it->second];
    const auto base = g.values.size();
    g.values.resize(base + g.stride, 0.0);
    double* out = g.values.data() + base;
    out[Group::kDyn] = row.dynamic_energy;
    out[Group::kLeak] = row.leak_energy;
    out[Group::kLatency] = row.latency;
    if (memories > 0) {
      const ReservationLayout from{memories, full.n_loops()};
      const int k = static_cast<int>(g.loops);
      for (std::size_t m = 0; m < memories; ++m) {
        for (int d = -1; d < k; ++d) out[Group::kRes + g.layout.s(m, d)] = row.reservations[from.s(m, d)];
        out[Group::kRes + g.layout.s(m, k)] = row.reservations[from.s(m, static_cast<int>(from.loops))];
      }
    }
    for (std::size_t t = 0; t < g.structure.size(); ++t)
      for (std::size_t u = 0; u < full.tensors.size(); ++u)
        if (full.tensors[u].name == g.structure[t].name && u < row.shared_sizes.size())
          out[g.sizes_at() + t] = row.shared_sizes[u];
    g.iterations.insert(g.iterations.end(), full.iterations.begin(),
                        full.iterations.begin() + static_cast<std::ptrdiff_t>(g.loops));
    g.origin.push_back(static_cast<std::uint32_t>(i));
  }
  for (auto& g : groups) prune(g, key);
  std::stable_sort(groups.begin(), groups.end(),
                   [&](const Group& a, const Group& b) { return order(a.structure, b.structure); });
  return groups;
}

std::set<std::string> tensors_of(const std::vector<JoinEinsum>& es, std::size_t from, std::size_t to) {
  std::set<std::string> out;
  for (std::size_t i = from; i < to && i < es.size(); ++i)
    out.insert(es[i].tensors.begin(), es[i].tensors.end());
  return out;
}

std::size_t depth_in(const Structure& s, const std::set<std::string>& live) {
  return loops_of(restrict(s, [&](const std::string& t) { return live.contains(t); }));
}

std::uint64_t hash_prefix(const std::int64_t* it, std::size_t n) {
  std::uint64_t h = 1469598103934665603ULL;
  for (std::size_t i = 0; i < n; ++i) h = (h ^ static_cast<std::uint64_t>(it[i])) * 1099511628211ULL;
  return h;
}

// The rows of a group by the iteration counts of their first `n` loops.
struct PrefixIndex {
  std::size_t n = 0;
  std::unordered_map<std::uint64_t, std::vector<std::uint32_t>> rows;

  PrefixIndex(const Group& g, std::size_t prefix) : n(prefix) {
    for (std::size_t r = 0; r < g.rows(); ++r)
      rows[hash_prefix(g.iters(r), n)].push_back(static_cast<std::uint32_t>(r));
  }
  [[nodiscard]] const std::vector<std::uint32_t>* find(const std::int64_t* it) const {
    const auto f = rows.find(hash_prefix(it, n));
    return f == rows.end() ? nullptr : &f->second;
  }
};

// Lookahead on tile counts for one joined structure and one later Einsum: the iteration
// counts of the loops above the tensors they share must be those of some row of the later
// Einsum holding them alike.
struct CountFilter {
  std::size_t n = 0;  // loops checked
  std::unordered_map<std::uint64_t, std::vector<std::vector<std::int64_t>>> allowed;

  [[nodiscard]] bool admits(const std::int64_t* it) const {
    if (n == 0) return true;
    const auto f = allowed.find(hash_prefix(it, n));
    if (f == allowed.end()) return false;
    for (const auto& v : f->second)
      if (std::equal(v.begin(), v.end(), it)) return true;
    return false;
  }
};

// A (left group, right group) pair and what its row merges need.
struct Pair {
  std::size_t left = 0, right = 0, joined = 0;
  ReservationMerge merge;
  std::vector<std::pair<bool, std::size_t>> sizes;  // per joined tensor: (from right?, index)
  bool needs_right = false;  // adjustments read the right row's sizes, after the left's
  const PrefixIndex* index = nullptr;
};

// Rows are merged in chunks of left rows so that memory stays bounded and both cores have
// work even when one pair dominates.
constexpr std::size_t kChunkRows = 1 << 15;
// Chunks merged between two folds into their groups, and the rows a group may gain over
// twice its last pruned size before it is pruned again.
constexpr std::size_t kBatchTasks = 256;
constexpr std::size_t kFoldRows = 1 << 16;

struct ChunkResult {
  std::vector<double> values;
  std::vector<std::int64_t> iterations;
  std::vector<std::uint32_t> left_origin, right_pmapping;
  std::uint32_t shared_loops = 0;  // the left group's loops: what the right shares
  std::uint64_t paired = 0, lookahead = 0, ceiling = 0, pareto = 0;
  std::vector<std::uint64_t> over_capacity;  // per memory
};

// The fused join as named stages over one state. The Einsums join in workload order: the
// left (the mappings of the Einsums joined so far, as groups of rows) meets the next Einsum's
// groups (the right), one step per Einsum (§5.2):
//   pair_groups  - left and right groups holding their shared tensors alike;
//   look_ahead   - drop joined structures (and, per row, iteration counts) that no later
//                  Einsum can complete;
//   plan_merges  - per pair, what its row merges do to the reservations (§5.4-§5.5);
//   merge_rows   - the row merges, chunk by chunk in parallel, each chunk Pareto-pruned;
//   collect      - per joined group, the chunks' rows Pareto-pruned once more;
//   finish_step  - the step's statistics, the rows' origins, the observer.
// Then final_front collapses the reservations and keeps the Pareto-optimal whole mappings.
class Join {
 public:
  Join(const std::vector<JoinEinsum>& einsums, const TrackedMemories& tracked,
       const std::map<std::string, std::set<std::string>>& copies, const JoinSettings& settings,
       Observer* observer, std::stop_token stop)
      : einsums_(einsums),
        tracked_(tracked),
        copies_(copies),
        observer_(observer),
        stop_(std::move(stop)),
        n_(einsums.size()),
        memories_(tracked.size()),
        arena_(settings.threads > 0 ? settings.threads : tbb::task_arena::automatic),
        // Pareto keys: per-Einsum groups round reservations with resource_usage_tolerance (an
        // absolute step shared out over the Einsums); joined groups with objective_tolerance
        // (§4.4: AccelForge's plumbing does both).
        einsum_key_{settings.metrics, settings.objective_tolerance, settings.resource_usage_tolerance,
                    settings.resource_usage_tolerance / static_cast<double>(std::max<std::size_t>(n_, 1))},
        join_key_{settings.metrics, settings.objective_tolerance, settings.objective_tolerance, 0},
        order_{&settings.memory_levels},
        ceilings_(settings.ceilings, settings.metrics),
        memory_limit_(settings.memory_limit) {}

  JoinOutcome run() {
    if (n_ == 0) return std::move(out_);
    group_einsums();
    for (std::size_t j = 1; j < n_; ++j) {
      if (stop_.stop_requested()) return cancelled();
      if (!join_step(j)) return std::move(out_);
    }
    final_front();
    return std::move(out_);
  }

 private:
  // The state of one step: Einsum j joins the left.
  struct Step {
    std::size_t j = 0;
    std::set<std::string> left_tensors, live_after;
    JoinStepStats stats;
    std::vector<Pair> pairs;
    std::vector<Structure> joined;  // joined structures, indexed by Pair::joined
    std::vector<char> joined_alive;
    std::vector<std::vector<const CountFilter*>> filters;                // per joined structure
    std::vector<std::map<Structure, CountFilter>> filter_store;          // per later Einsum, per key
    std::vector<Group> next;                                             // the joined groups, in order
    std::vector<std::vector<const CountFilter*>> next_filters;           // per joined group
    std::map<std::pair<std::size_t, std::size_t>, PrefixIndex> indexes;  // (right group, prefix)
    struct Task {
      std::size_t pair, first, last;  // left rows [first, last)
    };
    std::vector<Task> tasks;
    std::vector<ChunkResult> results;  // per task
    struct Source {
      std::uint32_t parent, pmapping, shared_loops;
    };
    std::vector<std::vector<Source>> sources;   // per joined group, per kept row
    std::vector<std::uint64_t> pareto_removed;  // per joined group
    std::vector<std::size_t> pruned_at;         // per joined group: its rows after its last pruning
  };

  static auto in(const std::set<std::string>& s) {
    return [&s](const std::string& t) { return s.contains(t); };
  }

  JoinOutcome cancelled() {
    out_.cancelled = true;
    return std::move(out_);
  }

  // A failure that ends the join after step `step` (recorded with it).
  bool fail(Step& step, std::string why) {
    out_.failure = std::move(why);
    out_.steps.push_back(step.stats);
    return false;
  }

  // Each Einsum's rows as groups of one structure (the tensors it shares with any other
  // Einsum); the first Einsum's groups are the first left.
  void group_einsums() {
    per_einsum_.resize(n_);
    // What the Einsums after each one add at the least (for the ceilings), and before it.
    rest_after_.assign(n_, LeastAdded{});
    std::vector<LeastAdded> before(n_);
    for (std::size_t e = n_; e-- > 1;)
      rest_after_[e - 1] = rest_after_[e].plus(LeastAdded::of(einsums_[e].rows));
    for (std::size_t e = 1; e < n_; ++e) before[e] = before[e - 1].plus(LeastAdded::of(einsums_[e - 1].rows));
    out_.ceiling_rows.assign(n_, 0);
    for (std::size_t e = 0; e < n_; ++e) {
      std::set<std::string> others = tensors_of(einsums_, 0, e);
      const auto after = tensors_of(einsums_, e + 1, n_);
      others.insert(after.begin(), after.end());
      const LeastAdded besides = before[e].plus(rest_after_[e]);
      per_einsum_[e] = group_einsum(einsums_[e], others, memories_, einsum_key_, order_, ceilings_, besides,
                                    out_.ceiling_rows[e]);
      out_.groups.push_back(per_einsum_[e].size());
      std::uint64_t rows = 0;
      for (const auto& g : per_einsum_[e]) rows += g.rows();
      out_.grouped_rows.push_back(rows);
    }
    left_ = per_einsum_[0];
    for (auto& g : left_)
      for (auto& o : g.origin) {
        origins_.push_back({kNone, o, 0});
        o = static_cast<std::uint32_t>(origins_.size() - 1);
      }
  }

  // One step; false when the join ends here (a failure recorded in out_, or stopped:
  // out_.cancelled).
  bool join_step(std::size_t j) {
    Step step;
    step.j = j;
    step.left_tensors = tensors_of(einsums_, 0, j);
    step.live_after = tensors_of(einsums_, j + 1, n_);
    for (std::size_t later = j; later < n_; ++later)
      for (const auto& t : einsums_[later].outputs)
        if (step.left_tensors.contains(t)) {
          out_.failure = "Einsum " + einsums_[later].name + " writes " + t +
                         ", which an earlier Einsum already uses: Einsums join in workload order";
          return false;
        }
    const std::vector<Group>& right = per_einsum_[j];
    step.stats.einsum = einsums_[j].name;
    step.stats.left_groups = left_.size();
    step.stats.right_groups = right.size();
    for (const auto& g : left_) step.stats.left_rows += g.rows();
    for (const auto& g : right) step.stats.right_rows += g.rows();

    if (!pair_groups(step)) return false;
    if (!look_ahead(step)) return false;
    plan_merges(step);
    merge_rows(step);
    if (out_.over_memory_limit) {
      out_.steps.push_back(step.stats);
      return false;
    }
    if (stop_.stop_requested()) {
      out_.cancelled = true;
      return false;
    }
    collect(step);
    return finish_step(step);
  }

  // Group pairs: the shared tensors held alike (the key), and no more live loops on the left
  // than on the right (its dataflow could not reach the later Einsums otherwise). Rows then
  // pair when the loops both sides have iterate alike.
  bool pair_groups(Step& step) {
    const std::vector<Group>& right = per_einsum_[step.j];
    const auto& right_tensors = einsums_[step.j].tensors;
    std::map<Structure, std::vector<std::size_t>> right_by_key;
    for (std::size_t b = 0; b < right.size(); ++b)
      right_by_key[restrict(right[b].structure, in(step.left_tensors))].push_back(b);
    std::map<Structure, std::size_t> joined_index;
    for (std::size_t a = 0; a < left_.size(); ++a) {
      const Structure& ls = left_[a].structure;
      const auto it = right_by_key.find(restrict(ls, in(right_tensors)));
      if (it == right_by_key.end()) continue;
      for (const std::size_t b : it->second) {
        const Structure& rs = right[b].structure;
        if (depth_in(ls, step.live_after) > depth_in(rs, step.live_after) || right[b].loops < left_[a].loops)
          continue;
        Structure js = restrict(ls, in(step.live_after));
        for (const auto& t : rs)
          if (step.live_after.contains(t.name) &&
              std::none_of(ls.begin(), ls.end(), [&](const auto& x) { return x.name == t.name; }))
            js.push_back(t);
        std::sort(js.begin(), js.end(), [](const auto& x, const auto& y) { return x.name < y.name; });
        Pair p;
        p.left = a;
        p.right = b;
        const auto [jt, added] = joined_index.try_emplace(js, step.joined.size());
        if (added) step.joined.push_back(js);
        p.joined = jt->second;
        step.pairs.push_back(std::move(p));
      }
    }
    step.stats.group_pairs = step.pairs.size();
    if (step.pairs.empty())
      return fail(step, "no pmapping of Einsum " + einsums_[step.j].name +
                            " is compatible with the mappings of the Einsums before it: the tensors they "
                            "share are held in different memories or under different loops");
    return true;
  }

  // Lookahead: a joined structure whose shared tensors no group of a later Einsum holds
  // alike can never complete; and rows whose loops above them iterate unlike every such
  // group's rows cannot either (the count filters, applied per row in merge_rows).
  bool look_ahead(Step& step) {
    const std::size_t j = step.j;
    step.joined_alive.assign(step.joined.size(), 1);
    step.filters.resize(step.joined.size());
    step.filter_store.resize(n_);
    const std::set<std::string> seen = tensors_of(einsums_, 0, j + 1);
    for (std::size_t later = j + 1; later < n_; ++later) {
      const auto& lt = einsums_[later].tensors;
      if (std::none_of(lt.begin(), lt.end(), [&](const std::string& t) { return seen.contains(t); }))
        continue;
      std::map<Structure, std::vector<std::size_t>> next_keys;
      for (std::size_t g = 0; g < per_einsum_[later].size(); ++g)
        next_keys[restrict(per_einsum_[later][g].structure, in(seen))].push_back(g);
      bool any = false;
      for (std::size_t x = 0; x < step.joined.size(); ++x) {
        if (!step.joined_alive[x]) continue;
        Structure key = restrict(step.joined[x], in(lt));
        const auto found = next_keys.find(key);
        if (found == next_keys.end()) {
          step.joined_alive[x] = 0;
          continue;
        }
        any = true;
        if (loops_of(key) == 0) continue;
        auto [f, added] = step.filter_store[later].try_emplace(std::move(key));
        if (added) {
          f->second.n = loops_of(f->first);
          for (const auto g : found->second) {
            const Group& lg = per_einsum_[later][g];
            for (std::size_t r = 0; r < lg.rows(); ++r) {
              auto& bucket = f->second.allowed[hash_prefix(lg.iters(r), f->second.n)];
              std::vector<std::int64_t> v(lg.iters(r), lg.iters(r) + f->second.n);
              if (std::find(bucket.begin(), bucket.end(), v) == bucket.end()) bucket.push_back(std::move(v));
            }
          }
        }
        step.filters[x].push_back(&f->second);
      }
      if (!any)
        return fail(step,
                    "the mappings of the Einsums up to " + einsums_[j].name +
                        " cannot be joined with any pmapping of Einsum " + einsums_[later].name +
                        ": the tensors they share are held in different memories or under different loops");
    }
    const std::vector<Group>& right = per_einsum_[j];
    std::erase_if(step.pairs, [&](const Pair& p) {
      if (step.joined_alive[p.joined]) return false;
      ++step.stats.group_pairs_lookahead;
      step.stats.rows_lookahead += static_cast<std::uint64_t>(left_[p.left].rows()) * right[p.right].rows();
      return true;
    });
    return true;
  }

  // The joined groups in canonical order, and per pair what its row merges need: where each
  // joined tensor's size comes from, the index of the right rows by shared counts, and the
  // reservation adjustments (§5.4-§5.5).
  void plan_merges(Step& step) {
    const std::vector<Group>& right = per_einsum_[step.j];
    std::vector<std::size_t> alive;
    for (std::size_t x = 0; x < step.joined.size(); ++x)
      if (step.joined_alive[x]) alive.push_back(x);
    std::stable_sort(alive.begin(), alive.end(),
                     [&](std::size_t a, std::size_t b) { return order_(step.joined[a], step.joined[b]); });
    std::vector<std::size_t> renumber(step.joined.size(), 0);
    for (const auto x : alive) {
      renumber[x] = step.next.size();
      step.next.emplace_back(step.joined[x], memories_);
      step.next_filters.push_back(std::move(step.filters[x]));
    }
    for (auto& p : step.pairs) {
      p.joined = renumber[p.joined];
      const Structure& ls = left_[p.left].structure;
      const Structure& rs = right[p.right].structure;
      const Structure& js = step.next[p.joined].structure;
      const std::size_t kl = left_[p.left].loops;
      p.merge.memories = memories_;
      p.merge.left_loops = kl;
      p.merge.right_loops = right[p.right].loops;
      p.merge.joined_loops = step.next[p.joined].loops;
      p.index = &step.indexes.try_emplace({p.right, kl}, right[p.right], kl).first->second;
      const auto index_in = [](const Structure& s, const std::string& t) {
        for (std::size_t i = 0; i < s.size(); ++i)
          if (s[i].name == t) return i;
        return s.size();
      };
      const auto find = [&](const Structure& s, const std::string& t) -> const Compatibility::Tensor* {
        const auto i = index_in(s, t);
        return i < s.size() ? &s[i] : nullptr;
      };
      for (const auto& t : js) {
        const std::size_t li = index_in(ls, t.name);
        p.sizes.emplace_back(li == ls.size(), li < ls.size() ? li : index_in(rs, t.name));
      }
      const int k = static_cast<int>(kl) - 1;          // shared loop index
      std::vector<std::pair<std::size_t, int>> freed;  // (memory, depth)
      // Shared tensors reserved above the shared loops are in both spines: free once.
      for (std::size_t li = 0; li < ls.size(); ++li) {
        const auto& t = ls[li];
        const int m = tracked_.index(t.memory);
        if (m < 0 || find(rs, t.name) == nullptr || t.depth() > k) continue;
        p.merge.adjustments.push_back({static_cast<std::size_t>(m), t.depth(), li, -1.0});
        freed.emplace_back(static_cast<std::size_t>(m), t.depth());
      }
      // Copies share one buffer per memory: a right tensor aliasing a live left one in the
      // same memory is freed too, unless a freed shared tensor already sits there.
      for (const auto& t : ls) {
        if (!step.live_after.contains(t.name)) continue;
        const auto al = copies_.find(t.name);
        if (al == copies_.end()) continue;
        for (const auto& name : al->second) {
          const auto* y = find(rs, name);
          if (y == nullptr || !step.live_after.contains(name) || y->memory != t.memory) continue;
          const int m = tracked_.index(y->memory);
          if (m < 0 || std::find(freed.begin(), freed.end(),
                                 std::pair{static_cast<std::size_t>(m), y->depth()}) != freed.end())
            continue;
          p.merge.adjustments.push_back(
              {static_cast<std::size_t>(m), y->depth(), ls.size() + index_in(rs, name), -1.0});
          p.needs_right = true;
        }
      }
      // Left tensors that outlive the right, reserved below the shared loops: they stay
      // allocated while the right runs.
      for (std::size_t li = 0; li < ls.size(); ++li) {
        const auto& t = ls[li];
        const int m = tracked_.index(t.memory);
        if (m < 0 || find(rs, t.name) != nullptr || !step.live_after.contains(t.name) || t.depth() <= k)
          continue;
        p.merge.adjustments.push_back({static_cast<std::size_t>(m), t.depth(), li, 1.0});
      }
    }
  }

  // Row merges, chunk by chunk, in parallel; each chunk keeps its Pareto-optimal rows. Chunks
  // run in batches, and after each batch their rows join their groups (fold), so that a
  // step pairing billions of rows holds its groups' fronts and one batch, not every chunk.
  void merge_rows(Step& step) {
    const std::vector<Group>& right = per_einsum_[step.j];
    for (std::size_t pi = 0; pi < step.pairs.size(); ++pi) {
      const std::size_t lrows = left_[step.pairs[pi].left].rows(), rrows = right[step.pairs[pi].right].rows();
      const std::size_t chunk = std::max<std::size_t>(1, kChunkRows / std::max<std::size_t>(rrows, 1));
      for (std::size_t f = 0; f < lrows; f += chunk)
        step.tasks.push_back({pi, f, std::min(lrows, f + chunk)});
    }
    step.results.resize(step.tasks.size());
    step.sources.resize(step.next.size());
    step.pareto_removed.assign(step.next.size(), 0);
    step.pruned_at.assign(step.next.size(), 0);
    for (std::size_t first = 0; first < step.tasks.size(); first += kBatchTasks) {
      const std::size_t last = std::min(step.tasks.size(), first + kBatchTasks);
      arena_.execute([&] {
        tbb::parallel_for(
            tbb::blocked_range<std::size_t>(first, last, 1),
            [&](const tbb::blocked_range<std::size_t>& range) {
              std::vector<double> merged, sizes;
              std::vector<std::int64_t> its;
              for (std::size_t ti = range.begin(); ti != range.end(); ++ti) {
                if (stop_.stop_requested()) return;
                merge_chunk(step, step.tasks[ti], step.results[ti], merged, sizes, its);
              }
            },
            tbb::simple_partitioner());
      });
      if (stop_.stop_requested()) return;
      fold(step, first, last, false);
      if (over_memory_limit(step)) return;
    }
  }

  // Records the rows held in the step's statistics. Whether they (every Einsum's groups, the left, this
  // step's joined groups and their sources, the origins) exceed the limit; if so the outcome says where.
  bool over_memory_limit(Step& step) {
    const auto of = [](const std::vector<Group>& gs) {
      std::size_t b = 0;
      for (const auto& g : gs) b += g.bytes();
      return b;
    };
    std::size_t held = of(left_) + of(step.next) + origins_.capacity() * sizeof(Origin);
    for (const auto& gs : per_einsum_) held += of(gs);
    for (const auto& s : step.sources) held += s.capacity() * sizeof(Step::Source);
    step.stats.held_bytes = std::max(step.stats.held_bytes, held);
    if (memory_limit_ == 0 || held <= memory_limit_) return false;
    out_.over_memory_limit = true;
    std::size_t rows = 0;
    for (const auto& g : step.next) rows += g.rows();
    out_.failure = fmt::format(
        "the join outgrew its memory limit joining Einsum {}: its rows held {:.3g} MB (limit {:.3g} MB, "
        "{} rows so far in this step)",
        einsums_[step.j].name, static_cast<double>(held) / 1e6, static_cast<double>(memory_limit_) / 1e6,
        rows);
    return true;
  }

  // Tasks [first, last) join their groups' rows, in task order; a group is Pareto-pruned
  // once it has doubled since its last pruning (and always when `final`). Pruning a prefix
  // keeps the rows a single pruning of all would (ties go to the first row either way).
  void fold(Step& step, std::size_t first, std::size_t last, bool final) {
    std::vector<std::vector<std::size_t>> tasks_of(step.next.size());
    for (std::size_t ti = first; ti < last; ++ti)
      tasks_of[step.pairs[step.tasks[ti].pair].joined].push_back(ti);
    arena_.execute([&] {
      tbb::parallel_for(std::size_t{0}, step.next.size(), [&](std::size_t x) {
        Group& g = step.next[x];
        auto& src = step.sources[x];
        for (const auto ti : tasks_of[x]) {
          auto& r = step.results[ti];
          g.values.insert(g.values.end(), r.values.begin(), r.values.end());
          g.iterations.insert(g.iterations.end(), r.iterations.begin(), r.iterations.end());
          for (std::size_t i = 0; i < r.left_origin.size(); ++i) {
            g.origin.push_back(static_cast<std::uint32_t>(src.size()));
            src.push_back({r.left_origin[i], r.right_pmapping[i], r.shared_loops});
          }
          // Only the counts stay (finish_step reads them).
          r.values = {};
          r.iterations = {};
          r.left_origin = {};
          r.right_pmapping = {};
        }
        if (!final && g.rows() < 2 * step.pruned_at[x] + kFoldRows) return;
        step.pareto_removed[x] += prune(g, join_key_);
        std::vector<Step::Source> kept;
        kept.reserve(g.origin.size());
        for (auto& o : g.origin) {
          kept.push_back(src[o]);
          o = static_cast<std::uint32_t>(kept.size() - 1);
        }
        src = std::move(kept);
        step.pruned_at[x] = g.rows();
      });
    });
  }

  // The rows of one task: each left row with the right rows whose shared loops iterate alike,
  // merged when the count filters admit them and the tracked memories hold the result.
  void merge_chunk(const Step& step, const Step::Task& task, ChunkResult& res, std::vector<double>& merged,
                   std::vector<double>& sizes, std::vector<std::int64_t>& its) const {
    const Pair& p = step.pairs[task.pair];
    const Group& lg = left_[p.left];
    const Group& rg = per_einsum_[step.j][p.right];
    const Group& jg = step.next[p.joined];
    const auto& jf = step.next_filters[p.joined];
    res.over_capacity.assign(memories_, 0);
    res.shared_loops = static_cast<std::uint32_t>(lg.loops);
    std::vector<double> values;
    std::vector<std::int64_t> iterations;
    std::vector<std::uint32_t> lo, rp;
    merged.resize(jg.stride);
    its.resize(jg.loops);
    for (std::size_t l = task.first; l < task.last; ++l) {
      const double* lr = lg.row(l);
      const std::int64_t* li = lg.iters(l);
      const auto* matches = p.index->find(li);
      if (matches == nullptr) continue;
      for (const auto r : *matches) {
        const std::int64_t* ri = rg.iters(r);
        if (!std::equal(li, li + lg.loops, ri)) continue;  // a hash collision
        ++res.paired;
        // Shared loops: the left's counts, then the right's below them.
        for (std::size_t i = 0; i < jg.loops; ++i) its[i] = i < lg.loops ? li[i] : ri[i];
        if (std::any_of(jf.begin(), jf.end(), [&](const CountFilter* f) { return !f->admits(its.data()); })) {
          ++res.lookahead;
          continue;
        }
        const double* rr = rg.row(r);
        if (ceilings_.beaten(lr[Group::kDyn] + rr[Group::kDyn], lr[Group::kLeak] + rr[Group::kLeak],
                             lr[Group::kLatency] + rr[Group::kLatency], rest_after_[step.j])) {
          ++res.ceiling;
          continue;
        }
        sizes.assign(lr + lg.sizes_at(), lr + lg.stride);
        if (p.needs_right) sizes.insert(sizes.end(), rr + rg.sizes_at(), rr + rg.stride);
        std::size_t failed = 0;
        if (memories_ > 0 &&
            !p.merge.apply({lr + Group::kRes, lg.layout.size()}, {rr + Group::kRes, rg.layout.size()}, sizes,
                           {merged.data() + Group::kRes, jg.layout.size()}, failed)) {
          ++res.over_capacity[failed];
          continue;
        }
        merged[Group::kDyn] = lr[Group::kDyn] + rr[Group::kDyn];
        merged[Group::kLeak] = lr[Group::kLeak] + rr[Group::kLeak];
        merged[Group::kLatency] = lr[Group::kLatency] + rr[Group::kLatency];
        for (std::size_t t = 0; t < p.sizes.size(); ++t) {
          const auto [from_right, idx] = p.sizes[t];
          merged[jg.sizes_at() + t] = from_right ? rr[rg.sizes_at() + idx] : lr[lg.sizes_at() + idx];
        }
        values.insert(values.end(), merged.begin(), merged.end());
        iterations.insert(iterations.end(), its.begin(), its.end());
        lo.push_back(lg.origin[l]);
        rp.push_back(rg.origin[r]);
      }
    }
    const std::size_t rows = lo.size();
    const auto keep = pareto_by_iterations(jg, join_key_, values.data(), iterations.data(), rows);
    res.pareto = rows - keep.size();
    res.values.reserve(keep.size() * jg.stride);
    for (const auto i : keep) {
      res.values.insert(res.values.end(), values.data() + i * jg.stride, values.data() + (i + 1) * jg.stride);
      res.iterations.insert(res.iterations.end(), iterations.data() + i * jg.loops,
                            iterations.data() + (i + 1) * jg.loops);
      res.left_origin.push_back(lo[i]);
      res.right_pmapping.push_back(rp[i]);
    }
  }

  // Per joined group: the chunks' rows in pair order, Pareto-pruned once more.
  void collect(Step& step) { fold(step, step.tasks.size(), step.tasks.size(), true); }

  // The step's counts and removal causes, the kept rows' origins; the joined groups become
  // the left. False when nothing is left (the failure names the worst cause).
  bool finish_step(Step& step) {
    const std::vector<Group>& right = per_einsum_[step.j];
    JoinStepStats& stats = step.stats;
    for (const auto& p : step.pairs)
      stats.rows_unmatched += static_cast<std::uint64_t>(left_[p.left].rows()) * right[p.right].rows();
    for (const auto& r : step.results) {
      stats.rows_paired += r.paired;
      stats.rows_unmatched -= r.paired;
      if (r.lookahead > 0) stats.removed["lookahead"] += r.lookahead;
      if (r.ceiling > 0) stats.removed["ceiling"] += r.ceiling;
      stats.removed["pareto"] += r.pareto;
      for (std::size_t m = 0; m < r.over_capacity.size(); ++m)
        if (r.over_capacity[m] > 0) stats.removed["capacity " + tracked_.names[m]] += r.over_capacity[m];
    }
    for (const auto v : step.pareto_removed) stats.removed["pareto"] += v;
    for (std::size_t x = 0; x < step.next.size(); ++x)
      for (std::size_t i = 0; i < step.next[x].rows(); ++i) {
        const Step::Source& src = step.sources[x][i];
        origins_.push_back({src.parent, src.pmapping, src.shared_loops});
        step.next[x].origin[i] = static_cast<std::uint32_t>(origins_.size() - 1);
      }
    std::erase_if(step.next, [](const Group& g) { return g.rows() == 0; });
    stats.groups_out = step.next.size();
    for (const auto& g : step.next) stats.rows_out += g.rows();
    out_.steps.push_back(stats);
    if (observer_) observer_->on_join_step(out_.steps.back());
    if (step.next.empty()) {
      const std::string worst = stats.worst_cause();
      out_.failure = "no joined mapping of the Einsums up to " + einsums_[step.j].name + " is valid";
      if (worst.starts_with("capacity "))
        out_.failure += ": every one exceeds " + worst.substr(9);
      else if (worst == "loops differ")
        out_.failure += ": the loops they share never iterate alike";
      else if (!worst.empty())
        out_.failure += " (most were removed by " + worst + ")";
      return false;
    }
    left_ = std::move(step.next);
    if (observer_) report_front(step.j);
    return true;
  }

  // The joined front so far, by energy and latency, for the observer.
  void report_front(std::size_t j) const {
    std::vector<float> keys;
    std::vector<FrontPoint> pts;
    for (const auto& g : left_)
      for (std::size_t i = 0; i < g.rows(); ++i) {
        const double e = g.row(i)[Group::kDyn] + g.row(i)[Group::kLeak], l = g.row(i)[Group::kLatency];
        keys.push_back(static_cast<float>(e));
        keys.push_back(static_cast<float>(l));
        pts.push_back({e, l});
      }
    std::vector<FrontPoint> front;
    for (const auto i : pareto_select(keys, 2, pts.size())) front.push_back(pts[i]);
    observer_->on_joined_front(j + 1, front);
  }

  // Final (§5.2 step 4): every reservation collapses to the whole workload (S[-1], and
  // S[0] = the peak), all groups meet, and rows are Pareto-pruned with those still as
  // criteria: of equal-cost mappings the one reserving less stays. Then only the
  // objectives decide, and with RESOURCE_USAGE each memory's peak too (AccelForge keeps
  // the reservation columns to the end then); each kept row's origins give its whole mapping.
  void final_front() {
    struct Final {
      std::size_t group, row;
    };
    std::vector<Final> rows;
    std::vector<float> keys;
    std::vector<double> usage;  // per row, per memory: its peak
    const bool resource_usage = (join_key_.metrics & kResourceUsage) != 0;
    const std::size_t objective_width = join_key_.objective_count() + (resource_usage ? memories_ : 0);
    const std::size_t width = join_key_.objective_count() + 2 * memories_;
    std::vector<double> peaks(memories_);
    for (std::size_t x = 0; x < left_.size(); ++x)
      for (std::size_t i = 0; i < left_[x].rows(); ++i) {
        const double* r = left_[x].row(i);
        join_key_.objectives(r, keys);
        final_peaks({r + Group::kRes, left_[x].layout.size()}, left_[x].layout, peaks);
        // With RESOURCE_USAGE the peaks come first, so that they stay in the objectives' keys.
        if (resource_usage)
          for (std::size_t m = 0; m < memories_; ++m)
            keys.push_back(static_cast<float>(join_key_.objective(peaks[m])));
        for (std::size_t m = 0; m < memories_; ++m) {
          keys.push_back(static_cast<float>(join_key_.objective(r[Group::kRes + left_[x].layout.s(m, -1)])));
          if (!resource_usage) keys.push_back(static_cast<float>(join_key_.objective(peaks[m])));
        }
        usage.insert(usage.end(), peaks.begin(), peaks.end());
        rows.push_back({x, i});
      }
    std::vector<std::size_t> origin(rows.size());  // kept row -> its index in `usage`
    std::iota(origin.begin(), origin.end(), std::size_t{0});
    {
      const auto keep = pareto_select(keys, width, rows.size());
      std::vector<Final> kept_rows;
      std::vector<float> kept_keys;
      std::vector<std::size_t> kept_origin;
      for (const auto i : keep) {
        kept_rows.push_back(rows[i]);
        kept_origin.push_back(origin[i]);
        kept_keys.insert(kept_keys.end(), keys.begin() + static_cast<std::ptrdiff_t>(i * width),
                         keys.begin() + static_cast<std::ptrdiff_t>(i * width + objective_width));
      }
      rows = std::move(kept_rows);
      keys = std::move(kept_keys);
      origin = std::move(kept_origin);
    }
    for (const auto idx : pareto_select(keys, objective_width, rows.size())) {
      const Group& g = left_[rows[idx].group];
      JoinedMapping jm;
      jm.dynamic_energy = g.row(rows[idx].row)[Group::kDyn];
      jm.leak_energy = g.row(rows[idx].row)[Group::kLeak];
      jm.latency = g.row(rows[idx].row)[Group::kLatency];
      jm.usage.assign(usage.begin() + static_cast<std::ptrdiff_t>(origin[idx] * memories_),
                      usage.begin() + static_cast<std::ptrdiff_t>((origin[idx] + 1) * memories_));
      jm.pmappings.resize(n_);
      jm.shared_loops.assign(n_ - 1, 0);
      std::uint32_t o = g.origin[rows[idx].row];
      for (std::size_t e = n_; e-- > 0;) {
        const Origin& org = origins_[o];
        jm.pmappings[e] = einsums_[e].rows[org.pmapping];
        if (e > 0) jm.shared_loops[e - 1] = org.shared_loops;
        o = org.parent;
      }
      out_.front.push_back(std::move(jm));
    }
  }

  const std::vector<JoinEinsum>& einsums_;
  const TrackedMemories& tracked_;
  const std::map<std::string, std::set<std::string>>& copies_;
  Observer* observer_;
  std::stop_token stop_;
  const std::size_t n_;
  const std::size_t memories_;
  tbb::task_arena arena_;
  const KeyMaker einsum_key_;
  const KeyMaker join_key_;
  const LessFused order_;
  const Ceilings ceilings_;
  const std::size_t memory_limit_;
  std::vector<LeastAdded> rest_after_;  // per Einsum: what the Einsums after it add at the least

  JoinOutcome out_;
  std::vector<std::vector<Group>> per_einsum_;  // each Einsum's groups
  std::vector<Origin> origins_;                 // every kept row's origin, by index
  std::vector<Group> left_;                     // the Einsums joined so far
};

}  // namespace

JoinOutcome join_einsums(const std::vector<JoinEinsum>& einsums, const TrackedMemories& tracked,
                         const std::map<std::string, std::set<std::string>>& copies,
                         const JoinSettings& settings, Observer* observer, std::stop_token stop) {
  return Join(einsums, tracked, copies, settings, observer, std::move(stop)).run();
}

}  // namespace af::mapper
