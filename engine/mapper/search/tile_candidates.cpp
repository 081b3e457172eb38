#include "mapper/search/tile_candidates.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>
#include <utility>

#include "core/divisors.h"

namespace af::mapper {

namespace {

// a, b > 0; a + b - 1 would overflow for ranks near 2^63.
std::int64_t ceil_div(std::int64_t a, std::int64_t b) { return a / b + (a % b != 0 ? 1 : 0); }

using core::divisors;

}  // namespace

std::vector<char> imperfect_loops(const PmappingTemplate& t, const std::set<std::string>& simple,
                                  const TilingOptions& o) {
  std::vector<const TemplateNode*> loops;
  for (const auto& n : t.nodes)
    if (n.kind != TemplateNodeKind::Storage) loops.push_back(&n);
  std::vector<char> marked(loops.size(), 0);
  std::map<std::string, std::vector<std::size_t>> by_rv;
  for (std::size_t i = 0; i < loops.size(); ++i)
    if (simple.contains(loops[i]->rank_variable)) by_rv[loops[i]->rank_variable].push_back(i);
  for (const auto& [rv, indices] : by_rv)
    for (std::size_t i = 0; i < indices.size(); ++i) {
      const bool spatial = loops[indices[i]]->kind == TemplateNodeKind::Spatial;
      if (spatial ? o.imperfect_spatial : o.imperfect_temporal) marked[indices[i == 0 ? 0 : i - 1]] = 1;
    }
  return marked;
}

std::vector<std::int64_t> tile_candidates(std::int64_t outer, bool imperfect, std::int64_t inner,
                                          double coarseness) {
  std::set<std::int64_t> factors, counts;
  const auto admit = [&](std::int64_t n) {
    if (n > outer || factors.contains(n)) return;
    // Tiles giving the same count have the same average shape, so the same accesses; the
    // smallest one has the shortest long pole and the least memory.
    const std::int64_t k = ceil_div(outer, n);
    if (counts.insert(k).second) factors.insert(ceil_div(outer, k));
  };
  if (imperfect && coarseness > 1) {
    const auto inner_d = static_cast<double>(inner);
    for (double n = inner_d; n <= static_cast<double>(outer); n *= coarseness)
      admit(static_cast<std::int64_t>(std::nearbyint(n / inner_d)) * inner);  // halves to even, as Python
  } else if (imperfect) {
    // The walk n = inner, 2·inner, ... admits ceil(outer/k) for each count k = ceil(outer/n);
    // jump straight to the next multiple of inner with a smaller count, so a call costs
    // O(sqrt(outer / inner)) rather than O(outer / inner).
    for (std::int64_t n = inner; n <= outer;) {
      const std::int64_t k = ceil_div(outer, n);
      admit(n);
      if (k == 1) break;
      n = inner * ceil_div(ceil_div(outer, k - 1), inner);
    }
  } else {
    double previous = 0;
    for (const std::int64_t d : divisors(ceil_div(outer, inner))) {
      const std::int64_t f = d * inner;
      if (static_cast<double>(f) >= previous * coarseness) {
        factors.insert(f);
        previous = static_cast<double>(f);
      }
    }
  }
  admit(outer);  // in case coarseness jumped past it
  return {factors.begin(), factors.end()};
}

ChainSpace::ChainSpace(std::int64_t bound, std::vector<char> imperfect, double coarseness)
    : bound_(std::max<std::int64_t>(bound, 1)),
      imperfect_(std::move(imperfect)),
      coarseness_(coarseness),
      min_split_(imperfect_.size(), static_cast<double>(bound_)),
      max_split_(imperfect_.size(), static_cast<double>(bound_)) {
  if (imperfect_.empty()) return;
  // The innermost loop's tile is 1; with one loop its split is the bound.
  if (imperfect_.size() == 1) return;
  std::fill(min_split_.begin(), min_split_.end(), std::numeric_limits<double>::infinity());
  std::fill(max_split_.begin(), max_split_.end(), 0.0);
  count_ = explore(imperfect_.size() - 2, 1);
}

// Candidates of level j's tile over `inner`, and (memoized) the chains they complete;
// records the splits of loop j + 1 (tile / inner) and, at level 0, of loop 0.
double ChainSpace::explore(std::size_t j, std::int64_t inner) {
  const auto key = std::pair{j, inner};
  if (const auto it = next_.find(key); it != next_.end()) return it->second.second;
  auto candidates = tile_candidates(bound_, imperfect_[j] != 0, inner, coarseness_);
  std::reverse(candidates.begin(), candidates.end());
  double n = 0;
  for (const std::int64_t t : candidates) {
    const double below = static_cast<double>(t) / static_cast<double>(inner);
    min_split_[j + 1] = std::min(min_split_[j + 1], below);
    max_split_[j + 1] = std::max(max_split_[j + 1], below);
    if (j == 0) {
      const double outer = static_cast<double>(bound_) / static_cast<double>(t);
      min_split_[0] = std::min(min_split_[0], outer);
      max_split_[0] = std::max(max_split_[0], outer);
      n += 1;
    } else {
      n += explore(j - 1, t);
    }
  }
  next_.emplace(key, std::pair{std::move(candidates), n});
  return n;
}

const FactorizationCounter::Slot* FactorizationCounter::find(std::uint64_t key) const {
  if (memo_.empty()) return nullptr;
  const std::size_t mask = memo_.size() - 1;
  for (std::size_t i = (key * 0x9E3779B97F4A7C15ULL) >> 20 & mask;; i = (i + 1) & mask) {
    if (memo_[i].key == key) return &memo_[i];
    if (memo_[i].key == 0) return nullptr;
  }
}

void FactorizationCounter::put(std::uint64_t key, double value) {
  if (2 * (used_ + 1) > memo_.size()) {  // at most half full
    std::vector<Slot> old(std::max<std::size_t>(64, 2 * memo_.size()));
    old.swap(memo_);
    used_ = 0;
    for (const Slot& s : old)
      if (s.key != 0) put(s.key, s.value);
  }
  const std::size_t mask = memo_.size() - 1;
  std::size_t i = (key * 0x9E3779B97F4A7C15ULL) >> 20 & mask;
  while (memo_[i].key != 0 && memo_[i].key != key) i = (i + 1) & mask;
  if (memo_[i].key == 0) ++used_;
  memo_[i] = {key, value};
}

double FactorizationCounter::count(std::int64_t n, std::size_t from) {
  if (imperfect_.size() <= from + 1) return 1;
  n = std::max<std::int64_t>(n, 1);
  const auto key = ((static_cast<std::uint64_t>(n) << 8) | from) + 1;
  if (const Slot* hit = find(key)) return hit->value;
  double total = 0;
  if (imperfect_[from] != 0) {
    // Σ_{s=1..n} F(ceil(n/s)): runs of s share one quotient q.
    for (std::int64_t s = 1; s <= n;) {
      const std::int64_t q = ceil_div(n, s);
      // The largest s' with ceil(n/s') == q: s' = ceil(n/(q-1)) - 1 for q > 1.
      const std::int64_t last = q == 1 ? n : ceil_div(n, q - 1) - 1;
      total += static_cast<double>(last - s + 1) * count(q, from + 1);
      s = last + 1;
    }
  } else {
    for (const std::int64_t d : divisors(n)) total += count(d, from + 1);
  }
  put(key, total);
  return total;
}

double count_factorizations(std::int64_t n, const std::vector<char>& imperfect) {
  return FactorizationCounter(imperfect).count(n);
}

}  // namespace af::mapper
