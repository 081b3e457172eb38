#pragma once
// Per-Einsum statistics: how many pmappings each stage saw and why they were removed
// (the keep-rate funnel of the GUI).
#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace af::mapper {

struct EinsumStats {
  std::string einsum;
  // Set when this Einsum's tile search is that Einsum's with tensors renamed
  // (search/search_signature.h): its rows and the counts below are that search's.
  std::string searched_with;
  std::size_t templates = 0;
  std::size_t templates_fused = 0;  // with loops above a shared tensor's backing node
  std::size_t templates_duplicate = 0;
  double pmappings_total = 0;  // Σ over templates of the tile space searched
  // AccelForge's n_total_pmappings: every factorization per rank variable (§3.4 F), where
  // imperfect loops count every split, not only the smallest tile per tile count, and
  // coarseness is ignored. Equals pmappings_total for perfect tiles without coarseness.
  double pmappings_full_space = 0;
  std::uint64_t pmappings_evaluated = 0;  // handed to the model
  std::uint64_t pmappings_valid = 0;      // passed capacity, fanout and min_usage
  // Never searched: another chain of one of their rank variables dominates theirs
  // (tile_shapes.cpp); they count as Pareto-dominated.
  std::uint64_t pmappings_dominated = 0;
  std::uint64_t pmappings_pareto = 0;  // in the Einsum's final front
  // Cause -> pmappings removed by it ("capacity MEMORY", "fanout COMP.DIM",
  // "min_usage COMP.DIM", "ceiling": skipped in the search or dropped when grouped for
  // the join, ceilings.h, "pareto").
  // Evaluated pmappings only.
  std::map<std::string, std::uint64_t> removed;
  // Capacity and fanout causes -> the smallest figure over the limit the search met: bits a
  // memory had to hold (limit: its size) or spatial instances needed (limit: the fanout).
  // What decided a run with no valid mapping: "holds 4 KiB; the smallest tiles need 6 KiB".
  struct Shortfall {
    double used = 0, limit = 0;
  };
  std::map<std::string, Shortfall> smallest_over_limit;

  // The keep-rate funnel: causes in the order they act — validity (capacity, fanout,
  // loop bounds), then min_usage, then Pareto — each with the pmappings that reached it
  // and the fraction it kept. Starts from pmappings_total, so the product of the rates is
  // pmappings_pareto / pmappings_total. (Pruning charges a whole subtree to the first
  // check that fails, so a cause's count depends on the order checks become exact.)
  struct Stage {
    std::string cause;
    double reached = 0, kept_rate = 1;
  };
  [[nodiscard]] std::vector<Stage> funnel() const;
  // Kept fraction of what reached `cause`'s stage (1 when nothing reached it).
  [[nodiscard]] double keep_rate(const std::string& cause) const;
  // The cause that removed the most pmappings ("" if none).
  [[nodiscard]] std::string worst_cause() const;
  void merge(const EinsumStats& other);
  // Keeps the smaller figure of the two for `cause`.
  void note_over_limit(const std::string& cause, const Shortfall& f);

  // Compatibility groups (README §3.7, §5.1) of the Einsum's Pareto-optimal
  // pmappings, and the pmappings in them after each group's own Pareto pruning (with
  // reservations as objectives, a group can keep more than the Einsum's front).
  std::size_t groups = 0;
  std::uint64_t pmappings_grouped = 0;
};

// One step of the fused join (§5.2): the mappings of the Einsums before `einsum` (left)
// joined with `einsum`'s pmappings (right), group by group.
struct JoinStepStats {
  std::string einsum;
  std::size_t left_groups = 0, right_groups = 0;
  std::uint64_t left_rows = 0, right_rows = 0;
  std::size_t group_pairs = 0;            // (left, right) group pairs holding shared tensors alike
  std::size_t group_pairs_lookahead = 0;  // of those, dropped: no later Einsum could match
  std::uint64_t rows_lookahead = 0;       // row pairs of the dropped group pairs
  std::uint64_t rows_unmatched = 0;       // row pairs whose shared loops iterate differently
  std::uint64_t rows_paired = 0;          // row pairs merged
  // Merged rows removed, by cause: "lookahead" (their shared loops iterate unlike every
  // later Einsum's that shares tensors with them), "capacity MEMORY" (the merged
  // reservations exceed it), "ceiling" (cannot beat a whole mapping already known:
  // ceilings.h), "pareto" (dominated within the joined group).
  std::map<std::string, std::uint64_t> removed;
  std::size_t groups_out = 0;
  std::uint64_t rows_out = 0;
  // The most bytes the join's rows held during this step (JoinSettings::memory_limit), as
  // measured after each batch of row merges.
  std::size_t held_bytes = 0;

  // The join's funnel, like EinsumStats::funnel: from every row pair of the group pairs
  // (candidates), "lookahead groups" (pairs of dropped group pairs), "loops differ"
  // (unmatched), then the merged rows' causes in `removed` (lookahead, capacity, pareto last).
  [[nodiscard]] double candidates() const;
  [[nodiscard]] std::vector<EinsumStats::Stage> funnel() const;
  // Merged rows that fit and survive lookahead (before Pareto).
  [[nodiscard]] std::uint64_t rows_valid() const;
  // Pmappings a funnel stage removed.
  [[nodiscard]] std::uint64_t removed_by(const std::string& cause) const;
  // The funnel stage that removed the most rows, Pareto aside ("" if none).
  [[nodiscard]] std::string worst_cause() const;
};

}  // namespace af::mapper
