#pragma once
// Candidate tile shapes of one rank variable's loops (AccelForge's make_tile_shapes.py): which loops
// may factorize imperfectly, the tiles each loop may take given the tile inside it, and
// the chains (outer tile first, innermost tile 1) those candidates make.
#include <cstdint>
#include <map>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "mapper/search/templates.h"

namespace af::mapper {

struct TilingOptions {
  bool imperfect_spatial = false;
  bool imperfect_temporal = false;
  double coarseness = 1;  // <= 1: off
};

// Per loop node of `t` (mapping order): may its tile be an imperfect candidate? Only
// simple rank variables qualify. For each rank variable, a spatial (temporal) loop with
// the spatial (temporal) flag on marks the loop just outside it, or itself when it is the
// outermost: the residual lives in the outer tile, which is chosen knowing the inner one.
[[nodiscard]] std::vector<char> imperfect_loops(const PmappingTemplate& t,
                                                const std::set<std::string>& simple, const TilingOptions& o);

// The tiles a loop may take when the tile inside it is `inner` and its rank variable's
// bound is `outer`, ascending. Perfect: inner × every divisor of ceil(outer / inner),
// thinned so each kept tile is at least `coarseness` × the previous. Imperfect: walking
// n = inner, 2·inner, ... (× coarseness when > 1, snapped to a multiple of inner with
// halves to even), the smallest tile giving each distinct tile count ceil(outer / n).
// `outer` is always a candidate.
[[nodiscard]] std::vector<std::int64_t> tile_candidates(std::int64_t outer, bool imperfect,
                                                        std::int64_t inner, double coarseness);

// The candidate chains of one rank variable (bound, its loops' imperfect flags outer
// first, coarseness): tiles chosen inner to outer from tile_candidates, the innermost
// tile 1. Walked lazily, so memory stays small however many chains there are. A loop's
// split is the model's iteration count, outer tile / tile (the bound above the
// outermost); it can be below 1 (a perfect outer tile over an imperfect inner one may
// pass the bound, as in AccelForge), so the search needs each loop's split range.
class ChainSpace {
 public:
  ChainSpace(std::int64_t bound, std::vector<char> imperfect, double coarseness);

  [[nodiscard]] double count() const { return count_; }
  [[nodiscard]] double min_split(std::size_t loop) const { return min_split_[loop]; }
  [[nodiscard]] double max_split(std::size_t loop) const { return max_split_[loop]; }

  // The tiles loop j may take over `inner`, the tile of loop j + 1, largest first
  // (not the innermost loop: its tile is 1). Only pairs some chain reaches.
  [[nodiscard]] const std::vector<std::int64_t>& candidates(std::size_t j, std::int64_t inner) const {
    return next_.at({j, inner}).first;
  }
  // Chains of the loops outside loop j once loop j has `tile` (1 for the outermost).
  [[nodiscard]] double completions(std::size_t j, std::int64_t tile) const {
    return j == 0 ? 1.0 : next_.at({j - 1, tile}).second;
  }

 private:
  double explore(std::size_t j, std::int64_t inner);

  std::int64_t bound_;
  std::vector<char> imperfect_;
  double coarseness_;
  double count_ = 1;
  std::vector<double> min_split_, max_split_;
  // (level, inner tile) -> candidates of that level's tile, descending; with the chains below.
  std::map<std::pair<std::size_t, std::int64_t>, std::pair<std::vector<std::int64_t>, double>> next_;
};

// AccelForge's full tile-space size of one rank variable (its n_total_pmappings factor):
// F(n, flags) = 1 for at most one loop, else Σ over divisors d of n of F(n/d, rest)
// (perfect first loop) or Σ_{s=1..n} F(ceil(n/s), rest) (imperfect). With only perfect
// loops it counts the divisor chains. Memoized; count(n, from) counts the loops from
// index `from` (flags outer loop first, at most 255 loops).
class FactorizationCounter {
 public:
  explicit FactorizationCounter(std::vector<char> imperfect) : imperfect_(std::move(imperfect)) {}
  double count(std::int64_t n, std::size_t from = 0);

 private:
  // Open addressing, linear probing: the tile search asks once per split it tries (a hundred
  // million times on a transformer), and std::unordered_map's lookup was 7% of the run.
  struct Slot {
    std::uint64_t key = 0;  // (n << 8) | from, + 1 (0: empty)
    double value = 0;
  };
  [[nodiscard]] const Slot* find(std::uint64_t key) const;
  void put(std::uint64_t key, double value);

  std::vector<char> imperfect_;
  std::vector<Slot> memo_;
  std::size_t used_ = 0;
};

[[nodiscard]] double count_factorizations(std::int64_t n, const std::vector<char>& imperfect);

}  // namespace af::mapper
