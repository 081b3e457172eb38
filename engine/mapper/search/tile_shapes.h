#pragma once
// Tile shapes of one template (AccelForge's
// mapper/FFM/_make_pmappings/make_pmappings_from_templates/make_tile_shapes.py): every divisor chain per rank
// variable (perfect factorization, innermost tile 1) or, with imperfect loops or a tiling
// coarseness, every candidate chain (tile_candidates.h), enumerated loop by loop with
// subtrees pruned as soon as a capacity, fanout or min_usage check is exact; the
// surviving pmappings are evaluated by the compiled model and Pareto-pruned.
#include <array>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <stop_token>
#include <vector>

#include "mapper/ceilings.h"
#include "mapper/options.h"
#include "mapper/pareto.h"
#include "mapper/reservations.h"
#include "mapper/search/templates.h"
#include "mapper/stats.h"
#include "spec/mapping.h"
#include "spec/resolved_spec.h"

namespace af::mapper {

struct PmappingRow {
  std::size_t template_index = 0;
  std::vector<std::int64_t> tiles;  // per loop node of the template, in node order
  double latency = 0, dynamic_energy = 0, leak_energy = 0;
  // For the fused join (empty when the template has no fused loop and no memory is
  // tracked): each fused loop's iteration count, the reservations in the tracked memories
  // (S[-1..K] per memory, K = fused loops iterating more than once; reservations.h), and
  // per template.shared tensor its backing buffer as a fraction of its memory (0 when the
  // memory is not tracked).
  std::vector<std::int64_t> fused_iterations;
  std::vector<double> reservations;
  std::vector<double> shared_sizes;

  [[nodiscard]] double energy() const { return dynamic_energy + leak_energy; }
};

// Tile-stage objectives (§1.3): latency, dynamic and leak energy kept apart.
[[nodiscard]] std::vector<double> tile_stage_objectives(const PmappingRow& row, unsigned metrics);
// Join-stage objectives: energy summed, plus the split columns only when requested.
[[nodiscard]] std::vector<double> join_objectives(const PmappingRow& row, unsigned metrics);

// Every divisor chain bound = t0 >= t1 >= ... >= tk = 1 (t_i | t_{i-1}) for k loops,
// outer tile first. k = 0 gives one empty chain.
[[nodiscard]] std::vector<std::vector<std::int64_t>> divisor_chains(std::int64_t bound, std::size_t k);

// divisor_chains without the vectors: visit(chain) for each chain of k >= 1 loops, in the
// same order, the chain in one reused buffer. divisors_of(n) gives n's divisors ascending
// (a cache, when it is called tens of thousands of times).
template <class DivisorsOf, class Visit>
void for_each_divisor_chain(std::int64_t bound, std::size_t k, DivisorsOf&& divisors_of, Visit&& visit) {
  std::vector<std::int64_t> chain(k);
  const auto below = [&](const auto& self, std::size_t j, std::int64_t outer) -> void {
    if (j + 1 == k) {  // innermost tile is 1
      chain[j] = 1;
      visit(static_cast<const std::vector<std::int64_t>&>(chain));
      return;
    }
    for (const std::int64_t d : divisors_of(outer)) {
      chain[j] = d;
      self(self, j + 1, d);
    }
  };
  below(below, 0, bound < 1 ? 1 : bound);
}

// The template with `tiles` substituted, plus its Compute node: one Einsum's pmapping.
[[nodiscard]] spec::Mapping to_mapping(const PmappingTemplate& t, const std::vector<std::int64_t>& tiles);

// The rows of the templates searched before this one whose rows join in the same
// compatibility groups (one Einsum; the same shared tensors, memories and fused loops), by
// fused-loop iteration counts, as the search compares them. The join keeps the first of
// equal rows and drops dominated ones, so a completion one of these beats or equals is never
// kept: a later template's search skips it, and whole subtrees whose lower bounds they beat.
// Only exact comparisons allow this (objective and resource-usage tolerances 0).
class EarlierRows {
 public:
  void add(const std::vector<PmappingRow>& rows, unsigned metrics);
  // The rows of these iteration counts, or null.
  [[nodiscard]] ParetoFront<char>* at(const std::vector<std::int64_t>& iterations);
  [[nodiscard]] bool empty() const { return fronts_.empty(); }

 private:
  std::map<std::vector<std::int64_t>, ParetoFront<char>> fronts_;
};

// Per-rank-variable chain dominance (tile_shapes.cpp) reads a few numbers of a template: the
// rank variable's bound and loops, where its tiles reach the model, which memories may
// overflow and how. Templates of one Einsum share them often, and a search without a
// fused-loop limit searches every template twice (with one fused loop first), so the
// undominated chains are kept by those numbers. One cache per Einsum and compute path (the
// numbers name tensors and memories by their index there); safe to share between threads.
class ChainDominanceCache {
 public:
  struct Entry {
    std::size_t stride = 0;                                   // splits per chain
    std::shared_ptr<const std::vector<std::int64_t>> splits;  // undominated chains, sorted
    bool restricted = false;                                  // some chain is dominated
  };
  [[nodiscard]] std::shared_ptr<const Entry> find(const std::string& key) const;
  void put(std::string key, std::shared_ptr<const Entry> entry);
  [[nodiscard]] std::size_t bytes() const;

 private:
  mutable std::mutex mutex_;
  std::map<std::string, std::shared_ptr<const Entry>, std::less<>> entries_;
  std::size_t bytes_ = 0;
};

// What a search's rows are for: the join (kept per fused-loop iteration counts, with their
// reservations as objectives), or only the Einsum's least energy and latency: one front of
// the objectives, with the fused-loop limits and the join's memories left out. That only
// widens the space, so the Einsum's least front lies below every row it can join with
// (SearchCeilings::others).
enum class RowsFor { Join, Least };

// A point (dynamic energy, leak energy, latency) below which a subtree's completions never go.
using LeastPoint = std::array<double, 3>;

struct TemplateResult {
  std::vector<PmappingRow> front;
  EinsumStats stats;
  bool cancelled = false;
  // The least points of the subtrees the ceilings removed, only the Pareto-minimal ones
  // (each as the ceilings compared it): the result stands for a search under other
  // ceilings that beat every one of them too (map_cache.h).
  std::vector<LeastPoint> ceiling_least;
};

// Adds `p` to a set of Pareto-minimal points (each coordinate minimized).
void add_minimal(std::vector<LeastPoint>& points, const LeastPoint& p);

// `spec` must hold the Einsum's resolved arch. `stop` is polled between pmappings (every
// few thousand tiles visited); a stopped search returns what it found, cancelled = true.
// With `prune`, fanout, capacity and min_usage checks that are exact for a prefix of the
// loops skip whole subtrees; the front is the same either way, only the counts of
// evaluated pmappings (and which cause a pruned pmapping is charged to) differ.
// Uses options.metrics, objective_tolerance, explore_imperfect_*_loops, tiling_coarseness
// and the max_fused_loops limits. With `tracked` memories (the fused join's), rows carry
// their reservations there and the front is kept per fused-loop iteration counts, with
// the reservations as further objectives (§3.7): what neighbours may need differs.
// With `ceilings`, subtrees whose least energy and latency, with the other Einsums' least,
// lose to a known whole mapping are skipped (removal cause "ceiling").
[[nodiscard]] TemplateResult explore_tile_shapes(const PmappingTemplate& t, const EinsumProblem& problem,
                                                 const spec::ResolvedSpec& spec, const MapperOptions& options,
                                                 std::stop_token stop = {}, bool prune = true,
                                                 const TrackedMemories* tracked = nullptr,
                                                 EarlierRows* earlier = nullptr,
                                                 const SearchCeilings* ceilings = nullptr,
                                                 RowsFor rows_for = RowsFor::Join,
                                                 ChainDominanceCache* dominance = nullptr);

}  // namespace af::mapper
