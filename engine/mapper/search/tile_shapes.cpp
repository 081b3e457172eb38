#include "mapper/search/tile_shapes.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>
#include <optional>
#include <span>
#include <tuple>

#include "core/divisors.h"
#include "mapper/options.h"
#include "mapper/pareto.h"
#include "mapper/search/tile_candidates.h"
#include "model/compiled_pmapping.h"
#include "model/evaluate.h"

namespace af::mapper {

std::vector<double> tile_stage_objectives(const PmappingRow& row, unsigned metrics) {
  std::vector<double> v;
  if (includes_latency(metrics)) v.push_back(row.latency);
  if (includes_dynamic_energy(metrics)) v.push_back(row.dynamic_energy);
  if (includes_leak_energy(metrics)) v.push_back(row.leak_energy);
  return v;
}

std::vector<double> join_objectives(const PmappingRow& row, unsigned metrics) {
  std::vector<double> v;
  if (includes_energy(metrics))
    v.push_back(
        static_cast<double>(static_cast<float>(row.dynamic_energy) + static_cast<float>(row.leak_energy)));
  if (includes_latency(metrics)) v.push_back(row.latency);
  if (metrics & kDynamicEnergy) v.push_back(row.dynamic_energy);
  if (metrics & kLeakEnergy) v.push_back(row.leak_energy);
  return v;
}

void EarlierRows::add(const std::vector<PmappingRow>& rows, unsigned metrics) {
  for (const auto& row : rows) {
    std::vector<double> v = tile_stage_objectives(row, metrics);
    v.insert(v.end(), row.reservations.begin(), row.reservations.end());
    fronts_[row.fused_iterations].insert(char{}, [&](char) { return v; });
  }
}

ParetoFront<char>* EarlierRows::at(const std::vector<std::int64_t>& iterations) {
  const auto it = fronts_.find(iterations);
  return it == fronts_.end() ? nullptr : &it->second;
}

void add_minimal(std::vector<LeastPoint>& points, const LeastPoint& p) {
  const auto le = [](const LeastPoint& a, const LeastPoint& b) {
    return a[0] <= b[0] && a[1] <= b[1] && a[2] <= b[2];
  };
  if (std::any_of(points.begin(), points.end(), [&](const LeastPoint& q) { return le(q, p); })) return;
  std::erase_if(points, [&](const LeastPoint& q) { return le(p, q); });
  points.push_back(p);
}

std::shared_ptr<const ChainDominanceCache::Entry> ChainDominanceCache::find(const std::string& key) const {
  const std::lock_guard lock(mutex_);
  const auto it = entries_.find(key);
  return it == entries_.end() ? nullptr : it->second;
}

void ChainDominanceCache::put(std::string key, std::shared_ptr<const Entry> entry) {
  const std::lock_guard lock(mutex_);
  const std::size_t size = key.size() + entry->splits->size() * sizeof(std::int64_t) + sizeof(Entry);
  if (entries_.try_emplace(std::move(key), std::move(entry)).second) bytes_ += size;
}

std::size_t ChainDominanceCache::bytes() const {
  const std::lock_guard lock(mutex_);
  return bytes_;
}

std::vector<std::vector<std::int64_t>> divisor_chains(std::int64_t bound, std::size_t k) {
  if (k == 0) return {{}};
  std::vector<std::vector<std::int64_t>> out;
  for_each_divisor_chain(
      bound, k, [](std::int64_t n) { return core::divisors(n); },
      [&](const std::vector<std::int64_t>& chain) { out.push_back(chain); });
  return out;
}

spec::Mapping to_mapping(const PmappingTemplate& t, const std::vector<std::int64_t>& tiles) {
  spec::Mapping m;
  std::size_t li = 0;
  for (const auto& n : t.nodes) {
    spec::MappingNode node;
    switch (n.kind) {
      case TemplateNodeKind::Storage: {
        if (n.toll) {  // values pass through a toll and pay for it; it holds nothing
          node.node = spec::TollNode{{n.tensor}, n.component, n.persistent};
          break;
        }
        spec::StorageNode s;
        s.tensors = {n.tensor};
        s.component = n.component;
        s.persistent = n.persistent;
        node.node = std::move(s);
        break;
      }
      case TemplateNodeKind::Temporal: {
        spec::TemporalNode s;
        s.rank_variable = n.rank_variable;
        s.tile_shape = li < tiles.size() ? tiles[li] : 1;
        ++li;
        node.node = std::move(s);
        break;
      }
      case TemplateNodeKind::Spatial: {
        spec::SpatialNode s;
        s.rank_variable = n.rank_variable;
        s.tile_shape = li < tiles.size() ? tiles[li] : 1;
        s.name = n.dim;
        s.component = n.component;
        ++li;
        node.node = std::move(s);
        break;
      }
    }
    m.nodes.push_back(std::move(node));
  }
  spec::MappingNode compute;
  compute.node = spec::ComputeNode{t.einsum, t.compute};
  m.nodes.push_back(std::move(compute));
  return m;
}

namespace {

// The model's structural complaint about a template, as a removal cause.
std::string cause_of(const model::InvalidMapping& e) { return "invalid: " + e.message(); }

// Per rank variable whose tiles are not plain divisor chains (imperfect loops, or a
// tiling coarseness): its candidate chains.
using ChainSets = std::map<std::string, ChainSpace>;

// Depth-first over the loops in the compiled pmapping's enumeration order (spatial loops of
// min_usage dimensions first): each loop gets a split (outer tile / tile) that divides
// what its rank variable has left, and the last loop of a rank variable to be chosen
// takes the rest, so the splits multiply to the bound and the innermost tile is 1
// (perfect factorization; the same space as divisor chains). Splits are tried largest
// first, so high-usage pmappings come early and min_usage prunes the rest. A rank
// variable in `chain_sets` instead has its loops visited together, inner loop first, each
// taking a candidate tile over the one inside it (§3.4). Checks that become exact at a
// depth prune the whole subtree; leaves are evaluated by the compiled pmapping. Equal
// objective vectors keep the row that comes first in the canonical order (rank
// variables by name, each chain outer tile first, ascending), so the result does not
// depend on the visiting order.
class TileSearch {
 public:
  TileSearch(const PmappingTemplate& t, model::CompiledPmapping& compiled, const ChainSets& chain_sets,
             const MapperOptions& options, const TrackedMemories* tracked, std::stop_token stop, bool prune,
             RowsFor rows_for, TemplateResult& result)
      : t_(t),
        compiled_(compiled),
        metrics_(options.metrics),
        tolerance_(options.objective_tolerance),
        bound_pruning_(options.prune_by_bounds),
        stop_(std::move(stop)),
        prune_(prune),
        result_(result),
        divisor_chains_(std::vector<char>(compiled.loop_count(), 0)) {
    const auto n = compiled.loop_count();
    tiles_.assign(n, 1);
    splits_.assign(n, 1);
    chosen_.assign(n, 0);
    rv_.resize(n);
    loops_of_rv_.resize(compiled.rank_variable_count());
    for (std::size_t i = 0; i < n; ++i) {
      const int rv = compiled.loop_rank_variable(i);
      rv_[i] = rv;
      loops_of_rv_[static_cast<std::size_t>(rv)].push_back(i);
    }
    for (const auto& c : t.min_usage) usage_slots_.push_back(compiled.usage_index(c.component, c.dim));
    compiled.enumerate_usage_first(usage_slots_);
    for (std::size_t rv = 0; rv < loops_of_rv_.size(); ++rv)
      rv_bound_.push_back(compiled.rank_variable_bound(static_cast<int>(rv)));
    for (std::size_t rv = 0; rv < loops_of_rv_.size(); ++rv) {
      loops_left_.push_back(loops_of_rv_[rv].size());
      to_split_.push_back(compiled.rank_variable_bound(static_cast<int>(rv)));
      chains_left_.push_back(
          chains_below(compiled.rank_variable_bound(static_cast<int>(rv)), loops_left_.back()));
    }
    std::vector<const TemplateNode*> loop_nodes;
    for (const auto& node : t.nodes)
      if (node.kind != TemplateNodeKind::Storage) loop_nodes.push_back(&node);
    for (const auto* node : loop_nodes) spatial_.push_back(node->kind == TemplateNodeKind::Spatial ? 1 : 0);
    set_up_chains(chain_sets, loop_nodes);
    visit_order_ = compiled.enumeration_order();
    // loop_bounds: the loops each constraint targets, and the depth from which it is exact.
    for (const auto& c : t.loop_bounds) {
      BoundCheck b{&c, {}, 0, 0};
      for (std::size_t i = 0; i < loop_nodes.size() && i < n; ++i) {
        const auto& node = *loop_nodes[i];
        if (node.kind != TemplateNodeKind::Spatial || node.component != c.component || node.dim != c.dim ||
            !c.rank_variables.contains(node.rank_variable))
          continue;
        b.loops.push_back(i);
        b.depth = std::max(b.depth, compiled.split_known_at(i));
      }
      bound_checks_.push_back(std::move(b));
    }
    usage_dirty_.assign(n + 1, 0);
    usage_loop_.assign(n, 0);
    candidates_.resize(n + 1);
    for (const int slot : usage_slots_)
      for (const auto loop : compiled.usage_loops(slot)) {
        usage_dirty_[compiled.split_known_at(loop)] = 1;
        usage_loop_[loop] = 1;
      }
    // Canonical order: template loop positions grouped by rank variable name.
    std::map<std::string, std::vector<std::size_t>> by_name;
    std::size_t li = 0;
    for (const auto& node : t.nodes)
      if (node.kind != TemplateNodeKind::Storage) by_name[node.rank_variable].push_back(li++);
    for (const auto& [name, loops] : by_name) order_.insert(order_.end(), loops.begin(), loops.end());
    // Least rows leave the fused-loop limits out as well: with them, chains of other fused
    // splits cannot dominate each other, and the search took twice as long (tpu_v4i + GPT-3
    // 175B). No fused loop then: they are decided like any other.
    if (rows_for == RowsFor::Join) set_up_fusion(options, tracked);
  }

  void run() {
    if (prune_) set_up_dominance();
    if (prune_ && bound_pruning_) set_up_bounds();
    if (!prefix_ok(0)) return;
    if (prune_ && usage_chosen_inner_first()) dive_for_usage();
    visit(0);
  }

  [[nodiscard]] bool cancelled() const { return cancelled_; }
  void set_copy(bool copy) { compiled_copy_ = copy; }
  void set_earlier(EarlierRows* earlier) {
    earlier_ = earlier != nullptr && !earlier->empty() ? earlier : nullptr;
  }
  void set_ceilings(const SearchCeilings* ceilings) { ceilings_ = ceilings; }
  void set_dominance_cache(ChainDominanceCache* cache) { dominance_cache_ = cache; }

  // Rows in canonical order, and the counts for the stats.
  std::vector<PmappingRow> take_front() {
    std::vector<Kept> kept;
    for (auto& [key, front] : fronts_)
      for (auto& k : front.take()) kept.push_back(std::move(k));
    std::sort(kept.begin(), kept.end(), [](const Kept& a, const Kept& b) { return a.key < b.key; });
    std::vector<PmappingRow> out;
    out.reserve(kept.size());
    for (auto& k : kept) out.push_back(std::move(k.row));
    return out;
  }
  struct BoundCheck {
    const LoopBoundConstraint* constraint;
    std::vector<std::size_t> loops;  // mapping order
    std::size_t depth;               // exact once the first `depth` visited loops have tiles
    double removed;                  // pmappings it removed
  };
  std::vector<BoundCheck> bound_checks_;
  std::uint64_t below_min_valid = 0;   // valid leaves under the best usage
  std::uint64_t below_min_pruned = 0;  // pmappings of subtrees pruned for it
  // Cause, pmappings removed; its `used` is the smallest figure over the limit met.
  std::vector<std::pair<model::QuickEvaluation, double>> failures;
  double fused_loops_removed = 0;         // pmappings over max_fused_loops(_per_rank_variable)
  double dominated = 0;                   // pmappings of chains another chain dominates (never searched)
  double bounded = 0;                     // pmappings of subtrees whose lower bounds a kept row beats
  double ceilinged = 0;                   // pmappings of subtrees whose least loses to a ceiling
  std::vector<LeastPoint> ceiling_least;  // their least points, the Pareto-minimal ones

 private:
  struct Kept {
    PmappingRow row;
    std::vector<std::int64_t> key;
  };
  struct SplitCandidate {
    std::int64_t split;
    std::pair<std::size_t, std::size_t> chains;  // r's undominated chains that take it
  };

  void count_failure(const model::QuickEvaluation& f, double n) {
    auto it = std::find_if(failures.begin(), failures.end(), [&](const auto& e) {
      return e.first.failure == f.failure && e.first.component == f.component && e.first.dim == f.dim;
    });
    if (it == failures.end()) it = failures.insert(failures.end(), {f, 0.0});
    if (f.used < it->first.used) it->first = f;
    it->second += n;
  }

  // Completions of the current prefix: per rank variable, the chains left below its
  // innermost chosen tile (kept up to date by visit).
  double completions(std::size_t /*depth*/) const {
    double n = 1;
    for (const double c : chains_left_) n *= c;
    return n;
  }

  // Loop-bound constraints are validity, not pruning: exhaustive runs check them at the
  // leaves, pruned runs as soon as they are exact.
  bool bounds_ok(std::size_t depth) {
    for (auto& b : bound_checks_) {
      if (prune_ ? b.depth != depth : depth != tiles_.size()) continue;
      bounds_.clear();
      for (const auto loop : b.loops)  // a loop's bound is its split
        bounds_.push_back(
            rv_bound_[static_cast<std::size_t>(rv_[loop])] == 1 ? 1.0 : static_cast<double>(splits_[loop]));
      if (!b.constraint->holds(bounds_)) {
        b.removed += completions(depth);
        return false;
      }
    }
    return true;
  }

  // `overflow`, when given, says whether a memory's capacity was what failed.
  bool prefix_ok(std::size_t depth, bool* overflow = nullptr) {
    if (!bounds_ok(depth)) return false;
    if (!fused_limits_ok(depth)) return false;
    if (!prune_) return true;
    if (compiled_.check_prefix(tiles_, splits_, depth, failed_) != model::QuickEvaluation::Failure::None) {
      count_failure(failed_, completions(depth));
      if (overflow != nullptr) *overflow = failed_.failure == model::QuickEvaluation::Failure::Capacity;
      return false;
    }
    // A memory no completion fits: its subtree is dead however deep the check would be exact.
    if (compiled_.check_pending_capacity(tiles_, splits_, depth, failed_) !=
        model::QuickEvaluation::Failure::None) {
      count_failure(failed_, completions(depth));
      return false;
    }
    // min_usage compares usage vectors lexicographically; an upper bound per dimension
    // (exact once its loops have tiles) that is already below the best prunes.
    if (have_best_ && depth < usage_dirty_.size() && usage_dirty_[depth]) {
      usage_.clear();
      for (std::size_t i = 0; i < usage_slots_.size(); ++i)
        usage_.push_back(clipped(compiled_.usage_upper_bound(usage_slots_[i], splits_, depth), i));
      if (usage_ < best_usage_) {
        below_min_pruned += static_cast<std::uint64_t>(completions(depth));
        return false;
      }
    }
    return true;
  }

  // max_fused_loops and max_fused_loops_per_rank_variable (§3.5 step 3): a fused loop
  // exists when its tile differs from the one outside it; a loop whose tile is pinned
  // (its rank variable's innermost loop, or a bound of 1) never counts. Exact once the
  // loop's split is known; exhaustive runs check at the leaves.
  bool fused_limits_ok(std::size_t depth) {
    if (counted_fused_.empty()) return true;
    if (!prune_ && depth != tiles_.size()) return true;
    std::int64_t total = 0;
    std::fill(per_rv_count_.begin(), per_rv_count_.end(), 0);
    for (std::size_t i = 0; i < counted_fused_.size(); ++i) {
      const auto loop = counted_fused_[i];
      if (counted_known_at_[i] > depth || splits_[loop] == 1.0) continue;
      ++total;
      ++per_rv_count_[static_cast<std::size_t>(rv_[loop])];
    }
    bool ok = total <= max_fused_;
    for (const auto c : per_rv_count_) ok = ok && c <= max_fused_per_rv_;
    if (!ok) fused_loops_removed += completions(depth);
    return ok;
  }

  [[nodiscard]] double clipped(double u, std::size_t i) const {
    return std::min(static_cast<double>(static_cast<float>(u)), t_.min_usage[i].min_usage);
  }

  // Divisor chains of m loops below a tile t (t >= a1 >= ... >= am = 1, each dividing
  // the previous): the completions of a rank variable with m loops left.
  double chains_below(std::int64_t t, std::size_t m) { return divisor_chains_.count(t, tiles_.size() - m); }

  // Polled per visit, not per leaf: pruning can keep the search away from leaves.
  bool poll_cancelled() {
    if ((++visits_ & 4095) == 0 && stop_.stop_requested()) cancelled_ = true;
    if (diving_ && !dive_over_ && --dive_left_ == 0) dive_over_ = true;
    return cancelled_ || dive_over_;
  }

  // Whether some min_usage loop's tile is chosen with its rank variable's candidate chains
  // (inner to outer, largest first). Divisor splits are tried largest first, the usage's own
  // order: there the dive would find the search's first leaf.
  [[nodiscard]] bool usage_chosen_inner_first() const {
    for (std::size_t loop = 0; loop < usage_loop_.size(); ++loop)
      if (usage_loop_[loop] != 0 && chain_space_[static_cast<std::size_t>(rv_[loop])] != nullptr) return true;
    return false;
  }

  // A dive before the search for a usage some valid pmapping reaches: min_usage keeps only the
  // rows of the best usage found, so the valid rows kept below it are dropped later, and the
  // usage bound prunes only from the best found. The search tries a min_usage loop's largest
  // tile first, which on eyeriss with imperfect tiles met the best usage late (half its leaves
  // were valid rows dropped so); the dive tries its smallest first (its split is the tile
  // outside over its own) and stops at the first valid leaf, or after a few thousand visits.
  // It keeps no row and its counts are undone, so the result and the accounting are the
  // search's own. (Trying smallest first in the search itself made the CiM arches' searches
  // 4x slower: there largest first meets the best usage early.)
  void dive_for_usage() {
    static constexpr std::uint64_t kDiveVisits = 4096;
    const auto stats = result_.stats;
    const auto kept_failures = failures;
    const auto kept_checks = bound_checks_;
    const auto counts =
        std::tuple{below_min_valid, below_min_pruned, fused_loops_removed, dominated,
                   bounded,         ceilinged,        ceiling_least,       valid_in_front_epoch_};
    diving_ = true;
    dive_left_ = kDiveVisits;
    visit(0);
    diving_ = false;
    dive_over_ = false;
    result_.stats = stats;
    failures = kept_failures;
    bound_checks_ = kept_checks;
    std::tie(below_min_valid, below_min_pruned, fused_loops_removed, dominated, bounded, ceilinged,
             ceiling_least, valid_in_front_epoch_) = counts;
  }

  void visit(std::size_t depth) {
    if (poll_cancelled()) return;
    if (depth == tiles_.size()) {
      leaf();
      return;
    }
    // Choose this loop's split of what its rank variable has left; the last loop of the
    // rank variable to be chosen takes the rest (the innermost tile is then 1).
    const std::size_t loop = visit_order_[depth];
    const auto r = static_cast<std::size_t>(rv_[loop]);
    if (chain_space_[r] != nullptr) {
      visit_chain_loop(depth, loop, r);
      return;
    }
    const std::int64_t left = to_split_[r];
    const double saved = chains_left_[r];
    --loops_left_[r];
    chosen_[loop] = 1;
    const bool restricted = !restricted_.empty() && restricted_[r];
    auto& candidates = candidates_[depth];
    gather_splits(r, left, candidates);
    const double others = others_completions(r);
    double held = 0;  // r's chains below the candidates tried or charged
    const auto chains_under = [&](std::int64_t n) {
      return chains_below(exact_div(left, n), loops_left_[r]);
    };
    // True when a memory's capacity is what rejects the split.
    const auto try_split = [&](const SplitCandidate& c) {
      splits_[loop] = static_cast<double>(c.split);
      to_split_[r] = exact_div(left, c.split);
      chains_left_[r] = chains_below(to_split_[r], loops_left_[r]);
      held += chains_left_[r];
      if (restricted) ranges_[r].push_back(c.chains);
      update_tiles(r);
      bool overflow = false;
      if (prefix_ok(depth + 1, &overflow) && !completions_dominated(depth + 1)) visit(depth + 1);
      if (restricted) ranges_[r].pop_back();
      return overflow;
    };
    // Charges candidates to a cause without trying them.
    const auto charge = [&](std::span<const SplitCandidate> cs, double& to) {
      double n = 0;
      for (const auto& c : cs) n += chains_under(c.split);
      held += n;
      to += n * others;
    };
    if (loops_left_[r] > 0 && fused_limit_reached(depth + 1)) {
      // Only split 1 keeps this fused loop within the limits (a split of 1 is no fused
      // loop); the others are charged, not tried: on tpu_v4i + GPT-3 175B they were half of
      // the 460 million splits the search tried. 1 is the smallest, so the last candidate.
      const bool one = !candidates.empty() && candidates.back().split == 1;
      const auto rest = std::span(candidates).first(candidates.size() - (one ? 1 : 0));
      if (restricted) {
        charge(rest, fused_loops_removed);
      } else {
        held = saved - chains_under(1);
        fused_loops_removed += held * others;
      }
      if (one) try_split(candidates.back());
    } else {
      // Largest splits first: high spatial usage early makes min_usage prune the rest.
      for (std::size_t i = 0; i < candidates.size() && !cancelled_ && !dive_over_; ++i) {
        if (!try_split(candidates[i]) || !cuts_apply(depth + 1)) continue;
        // A smaller split makes every tile it sets larger, and occupancies grow with tiles
        // while the fanout it uses shrinks: the smaller splits overflow too. They are charged
        // to this one's cause, as chain loops charge a bisected run (visit_chain_loop).
        const auto cause = failed_;
        double removed = 0;
        if (restricted) {
          charge(std::span(candidates).subspan(i + 1), removed);
        } else {
          removed = (saved - held) * others;
          held = saved;
        }
        if (removed > 0) count_failure(cause, removed);
        break;
      }
    }
    // Splits that no undominated chain of r takes are never tried: their chains count as
    // dominated (chains of r below all the splits, less those of the candidates).
    if (restricted && !cancelled_) dominated += (saved - held) * others;
    chosen_[loop] = 0;
    to_split_[r] = left;
    chains_left_[r] = saved;
    ++loops_left_[r];
  }

  // Whether what fails at a depth is exactly what prefix_ok checks there, so that splits
  // may be charged to a cause without trying them: not when a loop-bound constraint becomes
  // exact there (it is checked first, and its own cause).
  [[nodiscard]] bool cuts_apply(std::size_t depth) const {
    return prune_ && std::none_of(bound_checks_.begin(), bound_checks_.end(),
                                  [&](const BoundCheck& b) { return b.depth == depth; });
  }

  // Whether every split but 1 of the loop chosen at `depth - 1` breaks a fused-loop limit:
  // it is counted and its rank variable (or the whole pmapping) already has all the fused
  // loops allowed.
  [[nodiscard]] bool fused_limit_reached(std::size_t depth) {
    if (counted_fused_.empty() || !cuts_apply(depth)) return false;
    const std::size_t loop = visit_order_[depth - 1];
    const auto r = static_cast<std::size_t>(rv_[loop]);
    bool counted = false;
    std::int64_t total = 0, of_r = 0;
    for (std::size_t i = 0; i < counted_fused_.size(); ++i) {
      const auto l = counted_fused_[i];
      if (counted_known_at_[i] > depth) continue;
      if (l == loop) {
        counted = true;
      } else if (splits_[l] != 1.0) {
        ++total;
        if (static_cast<std::size_t>(rv_[l]) == r) ++of_r;
      }
    }
    return counted && (total + 1 > max_fused_ || of_r + 1 > max_fused_per_rv_);
  }

  // The completions of the other rank variables than r.
  [[nodiscard]] double others_completions(std::size_t r) const {
    double n = 1;
    for (std::size_t k = 0; k < chains_left_.size(); ++k)
      if (k != r) n *= chains_left_[k];
    return n;
  }

  // Rank variable r's next splits to try, largest first, with the range of its undominated
  // chains each keeps (when dominance restricts r): every divisor of what is left (the
  // last loop takes it all), or only the splits some undominated chain agreeing with the
  // splits chosen so far takes. Those follow one another in the sorted chains.
  void gather_splits(std::size_t r, std::int64_t left, std::vector<SplitCandidate>& out) {
    out.clear();
    if (restricted_.empty() || !restricted_[r]) {
      if (loops_left_[r] == 0) {
        out.push_back({left, {}});
        return;
      }
      const auto& ds = divisors(left);
      for (auto it = ds.rbegin(); it != ds.rend(); ++it) out.push_back({*it, {}});
      return;
    }
    const std::size_t pos = ranges_[r].size() - 1;  // r's loops chosen so far
    const auto [lo, hi] = ranges_[r].back();
    const Chains& chains = allowed_[r];
    for (std::size_t end = hi; end > lo;) {
      const std::int64_t v = chains.at(end - 1, pos);
      std::size_t begin = lo, top = end - 1;  // the first chain of [lo, end) taking v
      while (begin < top) {
        const std::size_t mid = begin + (top - begin) / 2;
        if (chains.at(mid, pos) < v)
          begin = mid + 1;
        else
          top = mid;
      }
      out.push_back({v, {begin, end}});
      end = begin;
    }
  }

  // left / n for a divisor n: exact in doubles, and faster than 64-bit integer division.
  [[nodiscard]] static std::int64_t exact_div(std::int64_t left, std::int64_t n) {
    return static_cast<std::int64_t>(static_cast<double>(left) / static_cast<double>(n));
  }

  // Per-rank-variable dominance. Given its spatial loops' splits, the model depends on a
  // rank variable's chain only through its tiles at a few points
  // (CompiledPmapping::extent_points): holders of tensors it does not index or reads through
  // a sliding window, where every count falls as the tile grows, and reservations of tensors
  // it indexes, whose occupancy grows with the tile. A chain no smaller at the first and no
  // larger at the second than an earlier one (canonical order: tiles ascending) with the same
  // spatial and fused splits gives, whatever the other rank variables do, objectives,
  // reservations and usage no better and validity no easier: the earlier chain's pmapping
  // dominates or ties and wins ties. Such chains are never searched. (AccelForge prunes
  // partial tile shapes with symbolic goals, AccelForge's make_tile_shapes.py; this is that
  // pruning for complete chains of one rank variable.) Perfect tiles only; chains of a rank
  // variable beyond kMaxChains are all searched.
  void set_up_dominance() {
    static constexpr double kMaxChains = 20000;
    if (compiled_copy_) return;
    for (const auto* space : chain_space_)
      if (space != nullptr) return;
    allowed_.assign(loops_of_rv_.size(), {});
    restricted_.assign(loops_of_rv_.size(), 0);
    ranges_.assign(loops_of_rv_.size(), {});
    for (std::size_t r = 0; r < loops_of_rv_.size(); ++r) {
      const auto& loops = loops_of_rv_[r];
      const std::int64_t bound = compiled_.rank_variable_bound(static_cast<int>(r));
      if (loops.size() < 2 || bound == 1 || chains_below(bound, loops.size()) > kMaxChains) continue;
      const auto points = compiled_.extent_points(static_cast<int>(r));
      if (!points) continue;
      // What each point adds to a chain's features, which does not depend on the chain: an
      // occupancy (of a tracked memory, or of one only checked for capacity: such a memory
      // that this chain can never overflow, whatever the other rank variables' tiles, lets
      // it beat any chain there), a refill count, or nothing; and where its tile is.
      std::vector<FeaturePoint> features_of;
      for (const auto& pt : *points) {
        Feature f = Feature::None;
        if (pt.reservation && pt.relevant && occupancy_matters(pt.component))
          f = tracked_component(pt.component) ? Feature::Occupancy : Feature::CheckedOccupancy;
        else if (!pt.reservation && (!pt.relevant || pt.window) && pt.fills)
          f = Feature::Refills;
        if (f == Feature::None) continue;
        features_of.push_back(
            {f, pt.component,
             pt.loop < 0 ? -1 : std::find(loops.begin(), loops.end(), pt.loop) - loops.begin()});
      }
      // Stored in the order the search visits the rank variable's loops, sorted, so that the
      // chains agreeing with the splits chosen so far are one contiguous range.
      std::vector<std::size_t> in_visit;  // positions in `loops`, visit order
      for (const auto l : visit_order_)
        if (rv_[l] == static_cast<int>(r))
          in_visit.push_back(
              static_cast<std::size_t>(std::find(loops.begin(), loops.end(), l) - loops.begin()));
      std::string cache_key;
      if (dominance_cache_ != nullptr) {
        cache_key = dominance_key(r, features_of, in_visit);
        if (const auto hit = dominance_cache_->find(cache_key)) {
          use_chains(r, *hit);
          continue;
        }
      }
      // Every chain's diff key, features and splits, flat and in canonical order (one template
      // has tens of thousands of chains: a map node and vectors per chain made this a tenth
      // of the run); then the chains sorted by key, each key's run filtered in order.
      const std::size_t nf = features_of.size(), nl = loops.size();
      std::size_t nk = 0;
      for (const auto l : loops) nk += spatial_[l] || l < n_fused_ ? 1 : 0;
      std::vector<std::int64_t> keys, all_splits;
      std::vector<double> all_features;
      std::vector<std::int64_t> tiles(tiles_.size(), 1);  // this chain's tiles, mapping order
      std::vector<std::pair<int, bool>> overflows;        // per checked memory: can this chain overflow it?
      const auto expected = static_cast<std::size_t>(chains_below(bound, nl));
      keys.reserve(expected * nk);
      all_splits.reserve(expected * nl);
      all_features.reserve(expected * nf);
      std::size_t n_chains = 0;
      const auto consider = [&](const std::vector<std::int64_t>& chain) {
        ++n_chains;
        for (std::size_t j = 0; j < nl; ++j) {
          const std::int64_t split = (j == 0 ? bound : chain[j - 1]) / chain[j];
          all_splits.push_back(split);
          if (spatial_[loops[j]] || loops[j] < n_fused_) keys.push_back(split);
          tiles[loops[j]] = chain[j];
        }
        overflows.clear();
        for (const auto& pt : features_of) {
          const double ext = pt.position < 0
                                 ? static_cast<double>(bound)
                                 : static_cast<double>(chain[static_cast<std::size_t>(pt.position)]);
          switch (pt.feature) {
            case Feature::CheckedOccupancy: {
              auto it = std::find_if(overflows.begin(), overflows.end(),
                                     [&](const auto& o) { return o.first == pt.component; });
              if (it == overflows.end())
                it = overflows.insert(
                    overflows.end(),
                    {pt.component, compiled_.may_overflow(pt.component, static_cast<int>(r), tiles)});
              all_features.push_back(it->second ? ext : -std::numeric_limits<double>::infinity());
              break;
            }
            case Feature::Occupancy:
              all_features.push_back(ext);  // occupancy: smaller is better
              break;
            case Feature::Refills:
              all_features.push_back(-ext);  // refills: a larger tile is better
              break;
            case Feature::None:
              break;
          }
        }
      };
      for_each_divisor_chain(
          bound, nl, [&](std::int64_t n) -> const std::vector<std::int64_t>& { return divisors(n); },
          consider);
      const auto key_of = [&](std::size_t c) { return keys.begin() + static_cast<std::ptrdiff_t>(c * nk); };
      const auto features_at = [&](std::size_t c) { return all_features.data() + c * nf; };
      std::vector<std::size_t> by_key(n_chains);
      for (std::size_t c = 0; c < n_chains; ++c) by_key[c] = c;
      std::stable_sort(by_key.begin(), by_key.end(), [&](std::size_t a, std::size_t b) {
        return std::lexicographical_compare(key_of(a), key_of(a) + static_cast<std::ptrdiff_t>(nk), key_of(b),
                                            key_of(b) + static_cast<std::ptrdiff_t>(nk));
      });
      const auto no_worse = [&](const double* a, const double* b) {  // a <= b everywhere
        for (std::size_t i = 0; i < nf; ++i)
          if (a[i] > b[i]) return false;
        return true;
      };
      std::vector<std::size_t> kept;   // all keys' undominated chains
      std::vector<std::size_t> group;  // this key's so far
      for (std::size_t first = 0; first < n_chains;) {
        std::size_t last = first + 1;
        while (last < n_chains &&
               std::equal(key_of(by_key[first]), key_of(by_key[first]) + static_cast<std::ptrdiff_t>(nk),
                          key_of(by_key[last])))
          ++last;
        group.clear();
        for (std::size_t i = first; i < last; ++i) {
          const std::size_t c = by_key[i];
          if (std::any_of(group.begin(), group.end(),
                          [&](std::size_t k) { return no_worse(features_at(k), features_at(c)); }))
            continue;  // dominated, or equal to an earlier chain (which wins the tie)
          std::erase_if(group, [&](std::size_t k) { return no_worse(features_at(c), features_at(k)); });
          group.push_back(c);
        }
        kept.insert(kept.end(), group.begin(), group.end());
        first = last;
      }
      std::vector<std::int64_t> rows;
      rows.reserve(kept.size() * nl);
      for (const auto c : kept)
        for (const auto j : in_visit) rows.push_back(all_splits[c * nl + j]);
      const std::size_t n_kept = kept.size();
      std::vector<std::size_t> order(n_kept);
      for (std::size_t i = 0; i < n_kept; ++i) order[i] = i;
      std::sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
        return std::lexicographical_compare(rows.begin() + static_cast<std::ptrdiff_t>(a * nl),
                                            rows.begin() + static_cast<std::ptrdiff_t>((a + 1) * nl),
                                            rows.begin() + static_cast<std::ptrdiff_t>(b * nl),
                                            rows.begin() + static_cast<std::ptrdiff_t>((b + 1) * nl));
      });
      // Chains that nothing restricts are never read (every split is tried): not kept.
      auto sorted = std::make_shared<std::vector<std::int64_t>>();
      if (n_kept < n_chains) sorted->reserve(rows.size());
      for (const auto i : n_kept < n_chains ? order : std::vector<std::size_t>{})
        sorted->insert(sorted->end(), rows.begin() + static_cast<std::ptrdiff_t>(i * nl),
                       rows.begin() + static_cast<std::ptrdiff_t>((i + 1) * nl));
      auto entry = std::make_shared<ChainDominanceCache::Entry>();
      entry->stride = nl;
      entry->splits = std::move(sorted);
      entry->restricted = n_kept < n_chains;
      use_chains(r, *entry);
      if (dominance_cache_ != nullptr) dominance_cache_->put(std::move(cache_key), std::move(entry));
    }
  }

  // Lower bounds on a subtree (AccelForge prunes partial tile shapes by what their
  // completions can reach; this is that for perfect tiles). Where every rank variable with
  // loops left has extent points (CompiledPmapping::extent_points), each count is a product
  // of per-rank-variable factors that fall as that variable's tiles grow, and each occupancy
  // grows with them. Once the spatial and fused splits are chosen, the completion with all
  // that is left in a rank variable's deepest open loop has every tile as large as any
  // completion can: the least energy and latency. All of it in the outermost open loop
  // gives every tile its least: the least reservations. A kept row of the same fused
  // iteration counts better than both in one objective and no worse in any beats every
  // completion, which is then never searched.
  void set_up_bounds() {
    if (compiled_copy_) return;
    for (const auto* space : chain_space_)
      if (space != nullptr) return;
    monotone_.assign(loops_of_rv_.size(), 0);
    for (std::size_t r = 0; r < loops_of_rv_.size(); ++r)
      monotone_[r] = loops_of_rv_[r].size() < 2 || compiled_.extent_points(static_cast<int>(r)).has_value();
    for (std::size_t l = 0; l < tiles_.size(); ++l)
      if (spatial_[l] || l < n_fused_) decided_first_.push_back(l);
    bound_tiles_.assign(tiles_.size(), 1);
    least_at_.assign(tiles_.size() + 1, {});
    bounds_enabled_ = true;
  }

  // Rank variable r's tiles with what is left of its bound in its deepest (else outermost)
  // open loop, into bound_tiles_.
  void open_tiles(std::size_t r, bool deepest) {
    const auto& loops = loops_of_rv_[r];
    std::ptrdiff_t open = -1;
    for (std::size_t j = 0; j < loops.size(); ++j)
      if (!chosen_[loops[j]] && (deepest || open < 0)) open = static_cast<std::ptrdiff_t>(j);
    std::int64_t tile = 1;  // a loop's tile is the product of the splits below it
    for (std::size_t j = loops.size(); j-- > 0;) {
      bound_tiles_[loops[j]] = tile;
      const std::int64_t split = chosen_[loops[j]] ? static_cast<std::int64_t>(splits_[loops[j]])
                                 : static_cast<std::ptrdiff_t>(j) == open ? to_split_[r]
                                                                          : 1;
      tile *= split;
    }
  }

  bool completions_dominated(std::size_t depth) {
    // Below this the bound (an occupancy pass and at most one evaluation) costs more than it
    // saves. CPU on tpu_v4i gpt3_6.7B (fused, one loop): 16 took 20.3 s, 8 17.8 s, 4 15.4 s,
    // 2 15.9 s; cases whose bounds prune less lose a little (eyeriss gpt3_6.7B without a loop
    // limit: 7.0 s at 16, 8.3 s at 4, the join being most of it).
    static constexpr double kMinSubtree = 4;
    static constexpr double kMargin = 1 - 1e-9;  // sums in another order may differ in the last bits
    if (!bounds_enabled_ || (fronts_.empty() && earlier_ == nullptr && ceilings_ == nullptr) ||
        completions(depth) < kMinSubtree)
      return false;
    // The least energy and latency need only the spatial splits (they are not monotone); the
    // fused ones decide which kept rows a completion competes with, so only the ceilings,
    // which compare whole mappings, may prune before those are chosen.
    bool fused_open = false;
    for (const auto l : decided_first_)
      if (!chosen_[l]) {
        if (spatial_[l] || ceilings_ == nullptr) return false;
        fused_open = true;
      }
    for (std::size_t r = 0; r < loops_of_rv_.size(); ++r)
      if (loops_left_[r] > 0 && to_split_[r] > 1 && !monotone_[r]) return false;
    // A completion with more min_usage than the best so far would restart the fronts.
    if (!usage_slots_.empty()) {
      if (!have_best_) return false;
      usage_.clear();
      for (std::size_t i = 0; i < usage_slots_.size(); ++i)
        usage_.push_back(clipped(compiled_.usage_upper_bound(usage_slots_[i], splits_, depth), i));
      if (best_usage_ < usage_) return false;
    }
    // The least energy and latency: against the ceilings first, which need nothing else.
    struct {
      double latency, dynamic, leak;
    } least{};
    const auto evaluate_least = [&] {
      for (std::size_t r = 0; r < loops_of_rv_.size(); ++r) open_tiles(r, true);
      // A child whose split is the one its parent's least completion took (1 above the
      // deepest open loop) has the same least completion: no second evaluation.
      auto& mine = least_at_[depth];
      if (const auto& parent = least_at_[depth - 1]; parent.tiles == bound_tiles_) {
        mine = parent;
      } else {
        const model::QuickEvaluation& ev = compiled_.evaluate_unchecked(bound_tiles_);
        mine.tiles = bound_tiles_;
        mine.latency = ev.latency;
        mine.dynamic = ev.dynamic_energy;
        mine.leak = ev.leak_energy;
      }
      least = {mine.latency * kMargin, mine.dynamic * kMargin, mine.leak * kMargin};
    };
    if (ceilings_ != nullptr) {
      evaluate_least();
      if (ceilings_->ceilings.beaten(least.dynamic, least.leak, least.latency, ceilings_->others)) {
        ceilinged += completions(depth);
        add_minimal(ceiling_least, {least.dynamic, least.leak, least.latency});
        return true;
      }
      if (fused_open || (fronts_.empty() && earlier_ == nullptr)) return false;
    }
    // The least reservations, and the fused iteration counts (every completion's): only
    // occupancies are needed, which the model gives for a fraction of an evaluation.
    for (std::size_t r = 0; r < loops_of_rv_.size(); ++r) open_tiles(r, false);
    tiles_.swap(bound_tiles_);
    const bool fits = compiled_.evaluate_occupancy(tiles_).failure == model::QuickEvaluation::Failure::None;
    if (fits) fusion_columns();
    tiles_.swap(bound_tiles_);
    if (!fits) return false;  // the search itself finds what fails
    const auto found = fronts_.find(iterations_);
    ParetoFront<Kept>* own = found == fronts_.end() ? nullptr : &found->second;
    ParetoFront<char>* earlier = earlier_ == nullptr ? nullptr : earlier_->at(iterations_);
    // No row within these reservations: nothing can beat the subtree (the tests below would
    // say so too), and the least energy and latency need not be computed.
    margined_.clear();
    for (const double r : reservations_) margined_.push_back(r * kMargin);
    if (own != nullptr && !own->some_row_le_in_tail(margined_)) own = nullptr;
    if (earlier != nullptr && !earlier->some_row_le_in_tail(margined_)) earlier = nullptr;
    if (own == nullptr && earlier == nullptr) return false;
    if (ceilings_ == nullptr) evaluate_least();
    objective_buffer_.clear();
    if (includes_latency(metrics_)) objective_buffer_.push_back(least.latency);
    if (includes_dynamic_energy(metrics_)) objective_buffer_.push_back(least.dynamic);
    if (includes_leak_energy(metrics_)) objective_buffer_.push_back(least.leak);
    log_round_in_place(objective_buffer_, tolerance_);
    objective_buffer_.insert(objective_buffer_.end(), margined_.begin(), margined_.end());
    // An equal kept row does not prune: a completion could equal it and win the tie. An
    // earlier template's equal row wins every tie.
    const bool beaten =
        (own != nullptr && !own->admits(objective_buffer_, [](const Kept&) { return true; })) ||
        (earlier != nullptr && !earlier->admits(objective_buffer_, [](char) { return false; }));
    if (!beaten) return false;
    bounded += completions(depth);
    return true;
  }

  // An occupancy matters when its memory may overflow, or is tracked (a reservation column).
  [[nodiscard]] bool tracked_component(int component) const {
    return std::any_of(tracked_components_.begin(), tracked_components_.end(),
                       [&](const auto& cm) { return cm.first == component; });
  }
  [[nodiscard]] bool occupancy_matters(int component) const {
    return tracked_component(component) || compiled_.may_overflow(component);
  }

  // Splits divide tiles exactly, so doubles (exact to 2^53) divide without rounding, and
  // faster than 64-bit integers: this runs for every split tried.
  void update_tiles(std::size_t r) {
    auto tile = static_cast<double>(rv_bound_[r]);
    for (const auto l : loops_of_rv_[r]) {
      if (!chosen_[l]) break;
      tile /= splits_[l];
      tiles_[l] = static_cast<std::int64_t>(tile);
    }
  }

  // A rank variable of candidate chains is visited inner loop first (enumerate_together):
  // each loop takes a candidate over the tile inside it, which fixes the split of the
  // loop inside (tile / inner, as the model counts); the outermost also fixes its own.
  void visit_chain_loop(std::size_t depth, std::size_t loop, std::size_t r) {
    const auto& loops = loops_of_rv_[r];
    const auto j = static_cast<std::size_t>(std::find(loops.begin(), loops.end(), loop) - loops.begin());
    const auto bound = static_cast<double>(rv_bound_[r]);
    if (j + 1 == loops.size()) {  // innermost: tile 1
      tiles_[loop] = 1;
      if (j == 0) splits_[loop] = bound;
      if (prefix_ok(depth + 1)) visit(depth + 1);
      return;
    }
    const ChainSpace& space = *chain_space_[r];
    const std::size_t inside = loops[j + 1];
    const std::int64_t inner = tiles_[inside];
    const auto& candidates = space.candidates(j, inner);  // largest first
    const auto take = [&](std::int64_t t) {
      tiles_[loop] = t;
      splits_[inside] = static_cast<double>(t) / static_cast<double>(inner);
      if (j == 0) splits_[loop] = bound / static_cast<double>(t);
    };
    const double saved = chains_left_[r];
    std::size_t first = 0;
    // The capacity and fanout checks that become exact here only read this tile through
    // occupancies and the inside loop's split, which grow with it (unless the outermost
    // loop is spatial: its own split shrinks), so the failing candidates are a prefix of
    // the largest ones. Find its end by bisection instead of trying each; charge them to
    // the smallest failing one's cause.
    if (prune_ && !(j == 0 && spatial_[loop])) {
      const auto fails = [&](std::size_t i, model::QuickEvaluation& f) {
        take(candidates[i]);
        return compiled_.check_prefix(tiles_, splits_, depth + 1, f) != model::QuickEvaluation::Failure::None;
      };
      model::QuickEvaluation cause;
      if (fails(0, cause)) {
        std::size_t lo = 0, hi = candidates.size();  // candidates[lo] fails; hi passes or is the end
        while (hi - lo > 1) {
          const std::size_t mid = lo + (hi - lo) / 2;
          model::QuickEvaluation f;
          if (fails(mid, f)) {
            lo = mid;
            cause = f;
          } else {
            hi = mid;
          }
        }
        first = hi;
        double removed = 0;
        for (std::size_t i = 0; i < first; ++i) removed += space.completions(j, candidates[i]);
        chains_left_[r] = 1;  // completions() multiplies the other rank variables in
        count_failure(cause, removed * completions(depth));
      }
    }
    // The dive tries a min_usage loop's smallest tiles first: its split is the tile outside
    // over its own.
    const bool smallest_first = diving_ && usage_loop_[loop] != 0;
    for (std::size_t k = first; k < candidates.size(); ++k) {
      if (poll_cancelled()) break;
      const std::size_t i = smallest_first ? candidates.size() - 1 - (k - first) : k;
      take(candidates[i]);
      chains_left_[r] = space.completions(j, candidates[i]);
      if (prefix_ok(depth + 1)) visit(depth + 1);
    }
    chains_left_[r] = saved;
  }

  void set_up_chains(const ChainSets& sets, const std::vector<const TemplateNode*>& loop_nodes) {
    chain_space_.assign(loops_of_rv_.size(), nullptr);
    for (std::size_t r = 0; r < loops_of_rv_.size(); ++r) {
      const auto& loops = loops_of_rv_[r];
      if (loops.empty()) continue;
      const auto it = sets.find(loop_nodes[loops.front()]->rank_variable);
      if (it == sets.end()) continue;
      chain_space_[r] = &it->second;
      chains_left_[r] = it->second.count();
      for (std::size_t j = 0; j < loops.size(); ++j)
        compiled_.set_split_range(loops[j], it->second.min_split(j), it->second.max_split(j));
      compiled_.enumerate_together(static_cast<int>(r));
    }
  }

  // Ascending divisors, cached: tiles run into the tens of thousands.
  const std::vector<std::int64_t>& divisors(std::int64_t n) {
    auto [it, added] = divisors_.try_emplace(n);
    if (added) it->second = core::divisors(n);
    return it->second;
  }

  [[nodiscard]] std::vector<std::int64_t> canonical_key() const {
    std::vector<std::int64_t> key;
    key.reserve(order_.size());
    for (const auto i : order_) key.push_back(tiles_[i]);
    return key;
  }

  void leaf() {
    ++result_.stats.pmappings_evaluated;
    const model::QuickEvaluation& ev = compiled_.evaluate(tiles_);
    if (ev.failure != model::QuickEvaluation::Failure::None) {
      count_failure(ev, 1);
      return;
    }
    usage_.clear();
    for (std::size_t i = 0; i < usage_slots_.size(); ++i)
      usage_.push_back(clipped(compiled_.usage(usage_slots_[i]), i));
    if (diving_) {
      if (!have_best_ || usage_ > best_usage_) {
        best_usage_ = usage_;
        have_best_ = true;
      }
      dive_over_ = true;
      return;
    }
    ++result_.stats.pmappings_valid;
    if (!usage_.empty()) {
      if (!have_best_ || usage_ > best_usage_) {
        if (have_best_) below_min_valid += valid_in_front_epoch_;
        best_usage_ = usage_;
        have_best_ = true;
        fronts_.clear();
        valid_in_front_epoch_ = 0;
      } else if (usage_ < best_usage_) {
        ++below_min_valid;
        return;
      }
    }
    ++valid_in_front_epoch_;
    fusion_columns();
    auto& front = fronts_[iterations_];
    const auto objectives = [&](const Kept& r) {
      auto v = log_rounded(tile_stage_objectives(r.row, metrics_), tolerance_);
      v.insert(v.end(), r.row.reservations.begin(), r.row.reservations.end());
      return v;
    };
    // The same vector for this leaf, in a reused buffer: most leaves stop here.
    objective_buffer_.clear();
    if (includes_latency(metrics_)) objective_buffer_.push_back(ev.latency);
    if (includes_dynamic_energy(metrics_)) objective_buffer_.push_back(ev.dynamic_energy);
    if (includes_leak_energy(metrics_)) objective_buffer_.push_back(ev.leak_energy);
    log_round_in_place(objective_buffer_, tolerance_);
    objective_buffer_.insert(objective_buffer_.end(), reservations_.begin(), reservations_.end());
    if (earlier_ != nullptr)
      if (auto* rows = earlier_->at(iterations_);
          rows != nullptr && !rows->admits(objective_buffer_, [](char) { return false; }))
        return;  // the join keeps an earlier template's row instead
    if (!front.admits(objective_buffer_, [&](const Kept& kept) { return canonical_key() < kept.key; }))
      return;
    Kept k;
    k.row.template_index = t_.index;
    k.row.tiles = tiles_;
    k.row.latency = ev.latency;
    k.row.dynamic_energy = ev.dynamic_energy;
    k.row.leak_energy = ev.leak_energy;
    k.row.fused_iterations = iterations_;
    k.row.reservations = reservations_;
    k.row.shared_sizes = shared_sizes_;
    k.key = canonical_key();
    front.insert(std::move(k), objectives,
                 [](const Kept& incoming, const Kept& kept) { return incoming.key < kept.key; });
  }

  // Fusion bookkeeping set up once per template: which loops count towards the fused-loop
  // limits, where each tracked memory and shared tensor sits in the compiled pmapping.
  void set_up_fusion(const MapperOptions& options, const TrackedMemories* tracked) {
    const auto n = tiles_.size();
    n_fused_ = std::min(t_.n_fused_loops, n);
    outer_.assign(n, -1);
    for (const auto& loops : loops_of_rv_)
      for (std::size_t j = 1; j < loops.size(); ++j) outer_[loops[j]] = static_cast<int>(loops[j - 1]);
    for (std::size_t l = 0; l < n_fused_; ++l) {
      const auto& loops = loops_of_rv_[static_cast<std::size_t>(rv_[l])];
      const bool innermost = loops.back() == l;
      if (!innermost && compiled_.rank_variable_bound(rv_[l]) > 1) {
        counted_fused_.push_back(l);
        counted_known_at_.push_back(compiled_.split_known_at(l));
      }
    }
    max_fused_ = options.max_fused_loops;
    max_fused_per_rv_ = options.max_fused_loops_per_rank_variable;
    per_rv_count_.assign(loops_of_rv_.size(), 0);
    if (tracked != nullptr)
      for (std::size_t m = 0; m < tracked->size(); ++m)
        if (const int c = compiled_.component_index(tracked->names[m]); c >= 0)
          tracked_components_.emplace_back(c, m);
    n_tracked_ = tracked == nullptr ? 0 : tracked->size();
    sizes_ = tracked == nullptr ? std::vector<double>{} : tracked->sizes;
    for (const auto& h : t_.shared) {
      const int m = tracked == nullptr ? -1 : tracked->index(h.memory);
      shared_.push_back({compiled_.tensor_index(h.tensor), compiled_.component_index(h.memory), m});
    }
    fusion_ = n_fused_ > 0 || n_tracked_ > 0;
  }

  // The leaf's fused-loop iteration counts (ceil(outer / tile), §3.6), its reservations in
  // the tracked memories with the loops that iterate once dropped, and its shared tensors'
  // sizes.
  void fusion_columns() {
    iterations_.clear();
    reservations_.clear();
    shared_sizes_.clear();
    if (!fusion_) return;
    dropped_.assign(n_fused_, 0);
    std::size_t kept = 0;
    for (std::size_t l = 0; l < n_fused_; ++l) {
      const auto bound = rv_bound_[static_cast<std::size_t>(rv_[l])];
      const double outer = outer_[l] < 0 ? static_cast<double>(bound)
                                         : static_cast<double>(tiles_[static_cast<std::size_t>(outer_[l])]);
      const double tile = bound == 1 ? 1.0 : static_cast<double>(tiles_[l]);
      const auto it = static_cast<std::int64_t>(std::ceil(outer / tile));
      iterations_.push_back(it);
      dropped_[l] = it == 1 ? 1 : 0;
      kept += it == 1 ? 0 : 1;
    }
    if (n_tracked_ == 0) return;
    buffers_.clear();
    const auto& buffers = compiled_.buffers();
    for (const auto& b : buffers)
      for (const auto& [c, m] : tracked_components_)
        if (c == b.component) buffers_.push_back({m, b.depth, b.bits / sizes_[m]});
    reservations_.assign(ReservationLayout{n_tracked_, kept}.size(), 0.0);
    pmapping_reservations(buffers_, dropped_, kept, n_tracked_, reservations_);
    for (const auto& sh : shared_) {
      double size = 0;
      if (sh.memory >= 0)
        for (const auto& b : buffers)  // copy Einsums keep one buffer per level for all tensors
          if (b.component == sh.component && (b.tensor == sh.tensor || compiled_copy_)) size += b.bits;
      shared_sizes_.push_back(sh.memory < 0 ? 0.0 : size / sizes_[static_cast<std::size_t>(sh.memory)]);
    }
  }

  const PmappingTemplate& t_;
  model::CompiledPmapping& compiled_;
  unsigned metrics_;
  double tolerance_;
  bool bound_pruning_;
  std::stop_token stop_;
  bool prune_;
  TemplateResult& result_;
  bool cancelled_ = false;
  std::uint64_t visits_ = 0;
  bool diving_ = false, dive_over_ = false;  // dive_for_usage's dive
  std::uint64_t dive_left_ = 0;              // its visits left

  std::vector<std::int64_t> tiles_;
  std::vector<int> rv_;                 // per loop (mapping order): its rank variable
  std::vector<std::int64_t> rv_bound_;  // per rank variable (the compiled pmapping's, read often)
  std::vector<double> splits_;          // per loop: outer tile / tile, once chosen
  std::vector<char> chosen_;            // per loop
  std::vector<char> spatial_;           // per loop
  std::vector<std::int64_t> to_split_;  // per rank variable: bound / product of its chosen splits
  std::vector<std::vector<std::size_t>> loops_of_rv_;
  std::vector<std::size_t> loops_left_;         // per rank variable: loops without a tile yet
  std::vector<double> chains_left_;             // per rank variable: their possible chains
  std::vector<const ChainSpace*> chain_space_;  // per rank variable: candidates, or none
  std::vector<std::size_t> visit_order_;        // loops in visiting order
  std::vector<std::size_t> order_;
  FactorizationCounter divisor_chains_;  // all loops perfect
  std::map<std::int64_t, std::vector<std::int64_t>> divisors_;
  model::QuickEvaluation failed_;

  std::vector<int> usage_slots_;
  std::vector<char> usage_dirty_;
  std::vector<char> usage_loop_;  // per loop: a min_usage dimension's
  std::vector<double> bounds_;    // scratch  // per depth: a loop some usage depends on just got a tile
  std::vector<double> usage_, best_usage_;
  bool have_best_ = false;
  std::uint64_t valid_in_front_epoch_ = 0;  // valid rows since the best usage last rose
  std::map<std::vector<std::int64_t>, ParetoFront<Kept>> fronts_;  // per fused-loop iteration counts
  std::vector<double> objective_buffer_;                           // the leaf's objectives, reused

  // Fusion.
  struct SharedSlot {
    int tensor, component, memory;  // memory: tracked index, -1 untracked
  };
  bool fusion_ = false;
  bool compiled_copy_ = false;
  std::size_t n_fused_ = 0, n_tracked_ = 0;
  std::vector<int> outer_;                     // per loop: the loop outside it on its rank variable
  std::vector<std::size_t> counted_fused_;     // fused loops whose tiles are chosen
  std::vector<std::size_t> counted_known_at_;  // per counted fused loop: the depth its split is known at
  std::int64_t max_fused_ = kUnlimited, max_fused_per_rv_ = kUnlimited;
  std::vector<std::int64_t> per_rv_count_;
  std::vector<std::pair<int, std::size_t>> tracked_components_;  // compiled component, tracked index
  std::vector<double> sizes_;
  std::vector<SharedSlot> shared_;
  std::vector<std::int64_t> iterations_;
  std::vector<double> reservations_, shared_sizes_;
  std::vector<char> dropped_;
  std::vector<TrackedBuffer> buffers_;

  // Per-rank-variable dominance: per rank variable its undominated chains (splits per loop,
  // in visit order, sorted), whether that excludes any, and the chains agreeing with the
  // splits chosen so far.
  // What a point of a rank variable's chain adds to the chain's features, which does not
  // depend on the chain, and where its tile is (set_up_dominance).
  enum class Feature { None, Occupancy, CheckedOccupancy, Refills };
  struct FeaturePoint {
    Feature feature;
    int component;
    std::ptrdiff_t position;  // in the rank variable's loops; -1: the whole bound
  };

  // Everything set_up_dominance reads for rank variable r, as bytes: equal keys, equal
  // undominated chains (for one Einsum and compute path: components and tensors by index).
  [[nodiscard]] std::string dominance_key(std::size_t r, const std::vector<FeaturePoint>& features,
                                          const std::vector<std::size_t>& in_visit) const {
    std::string key;
    const auto put = [&key](auto v) { key.append(reinterpret_cast<const char*>(&v), sizeof v); };
    const auto& loops = loops_of_rv_[r];
    put(compiled_.rank_variable_bound(static_cast<int>(r)));
    put(loops.size());
    for (const auto l : loops) put(static_cast<char>(spatial_[l] || l < n_fused_ ? 1 : 0));
    for (const auto j : in_visit) put(j);
    for (const auto& f : features) {
      put(static_cast<int>(f.feature));
      put(f.position);
      if (f.feature != Feature::CheckedOccupancy) continue;
      put(f.component);
      const auto in = compiled_.overflow_inputs(f.component, static_cast<int>(r));
      put(in.size);
      put(in.terms.size());
      for (const auto& [tensor, loop, bits, scale] : in.terms) {
        put(tensor);
        put(loop < 0 ? std::ptrdiff_t{-1}
                     : std::find(loops.begin(), loops.end(), static_cast<std::size_t>(loop)) - loops.begin());
        put(bits);
        put(scale);
      }
    }
    return key;
  }

  void use_chains(std::size_t r, const ChainDominanceCache::Entry& e) {
    allowed_[r] = {e.stride, e.splits};
    restricted_[r] = e.restricted ? 1 : 0;
    ranges_[r].assign(1, {0, e.splits->size() / e.stride});
  }

  struct Chains {
    std::size_t stride = 0;                                   // splits per chain
    std::shared_ptr<const std::vector<std::int64_t>> splits;  // chain after chain
    [[nodiscard]] std::int64_t at(std::size_t chain, std::size_t pos) const {
      return (*splits)[chain * stride + pos];
    }
  };
  ChainDominanceCache* dominance_cache_ = nullptr;
  std::vector<Chains> allowed_;
  std::vector<char> restricted_;
  std::vector<std::vector<std::pair<std::size_t, std::size_t>>> ranges_;  // per rv: a stack of ranges
  std::vector<std::vector<SplitCandidate>> candidates_;                   // per depth: splits to try

  // Lower bounds (completions_dominated).
  EarlierRows* earlier_ = nullptr;  // rows of earlier templates of the same groups
  const SearchCeilings* ceilings_ = nullptr;

  bool bounds_enabled_ = false;
  std::vector<char> monotone_;              // per rv: counts fall and occupancies grow with its tiles
  std::vector<std::size_t> decided_first_;  // spatial and fused loops: chosen before bounds apply
  std::vector<std::int64_t> bound_tiles_;   // scratch
  struct LeastEvaluation {
    std::vector<std::int64_t> tiles;  // the least completion's (empty: none yet)
    double latency = 0, dynamic = 0, leak = 0;
  };
  std::vector<LeastEvaluation> least_at_;  // per depth: the last least evaluated there
  std::vector<double> margined_;           // scratch: the least reservations, lowered by the margin
};

}  // namespace

TemplateResult explore_tile_shapes(const PmappingTemplate& t, const EinsumProblem& problem,
                                   const spec::ResolvedSpec& spec, const MapperOptions& options,
                                   std::stop_token stop, bool prune, const TrackedMemories* tracked,
                                   EarlierRows* earlier, const SearchCeilings* ceilings, RowsFor rows_for,
                                   ChainDominanceCache* dominance) {
  TemplateResult result;
  result.stats.einsum = t.einsum;
  result.stats.templates = 1;

  // Per rank variable, its loops' imperfect flags (outer first): rank variables with a
  // flag or under a coarseness search candidate chains, the rest divisor chains.
  const TilingOptions tiling{options.explore_imperfect_spatial_loops,
                             options.explore_imperfect_temporal_loops, options.tiling_coarseness};
  const std::vector<char> imperfect = imperfect_loops(t, problem.einsum->simple_rank_variables(), tiling);
  std::map<std::string, std::vector<char>> flags_per_rv;
  std::size_t n_loops = 0;
  for (const auto& n : t.nodes)
    if (n.kind != TemplateNodeKind::Storage) flags_per_rv[n.rank_variable].push_back(imperfect[n_loops++]);
  double total = 1, full = 1;
  ChainSets chain_sets;
  for (const auto& [rv, flags] : flags_per_rv) {
    const auto it = problem.bounds.find(rv);
    const std::int64_t bound = it == problem.bounds.end() ? 1 : it->second;
    const double factorizations = count_factorizations(bound, flags);
    full *= factorizations;
    if (tiling.coarseness > 1 || std::find(flags.begin(), flags.end(), 1) != flags.end())
      total *= chain_sets.try_emplace(rv, bound, flags, tiling.coarseness).first->second.count();
    else
      total *= factorizations;  // divisor chains
  }
  result.stats.pmappings_total = total;
  result.stats.pmappings_full_space = full;

  std::optional<model::CompiledPmapping> compiled;
  try {
    compiled.emplace(spec, to_mapping(t, std::vector<std::int64_t>(n_loops, 1)));
  } catch (const model::InvalidMapping& e) {
    result.stats.removed[cause_of(e)] += static_cast<std::uint64_t>(total);
    return result;
  }

  TileSearch search(t, *compiled, chain_sets, options, tracked, std::move(stop), prune, rows_for, result);
  search.set_copy(problem.einsum->is_copy_operation);
  search.set_dominance_cache(dominance);
  if (prune) {
    search.set_earlier(earlier);
    search.set_ceilings(ceilings);
  }
  try {
    search.run();
  } catch (const model::InvalidMapping& e) {
    // Only a missing action can throw here; it concerns every pmapping of the template.
    result.stats.removed[cause_of(e)] += static_cast<std::uint64_t>(total);
    result.stats.pmappings_valid = 0;
    return result;
  }
  result.cancelled = search.cancelled();
  for (const auto& [f, n] : search.failures) {
    const auto name = compiled->failure_name(f);
    result.stats.removed[name] += static_cast<std::uint64_t>(n);
    result.stats.note_over_limit(name, {f.used, f.limit});
  }
  for (const auto& b : search.bound_checks_)
    if (b.removed > 0) result.stats.removed[b.constraint->name()] += static_cast<std::uint64_t>(b.removed);
  if (search.ceilinged > 0) result.stats.removed["ceiling"] += static_cast<std::uint64_t>(search.ceilinged);
  if (search.fused_loops_removed > 0)
    result.stats.removed["max_fused_loops"] += static_cast<std::uint64_t>(search.fused_loops_removed);
  if (const auto below = search.below_min_valid + search.below_min_pruned; below > 0) {
    std::string name = "min_usage";
    for (const auto& c : t.min_usage) name += " " + c.component + "." + c.dim;
    result.stats.removed[name] += below;
    result.stats.pmappings_valid -= search.below_min_valid;
  }
  result.front = search.take_front();
  result.ceiling_least = std::move(search.ceiling_least);
  // Chains another chain dominates were never evaluated; they count as dominated.
  result.stats.pmappings_dominated = static_cast<std::uint64_t>(search.dominated + search.bounded);
  result.stats.removed["pareto"] +=
      result.stats.pmappings_valid + result.stats.pmappings_dominated - result.front.size();
  result.stats.pmappings_pareto = result.front.size();
  return result;
}

}  // namespace af::mapper
