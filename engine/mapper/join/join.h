#pragma once
// The join of FFM (AccelForge's mapper/FFM/_join_pmappings/join_pmappings.py): Einsums in workload order,
// each one's pmappings grouped by compatibility; a left group (the mappings of the Einsums so far) joins a
// right group (the next Einsum's pmappings) when the tensors they share are held alike
// and the loops they share iterate alike. Joined rows add objectives and combine
// reservations (reservations.h); rows over capacity go, and within each joined group
// only Pareto-optimal rows stay, with objectives and reservations as the criteria.
// Groups that no later Einsum could match are dropped before their rows are merged.
#include <map>
#include <set>
#include <stop_token>
#include <string>
#include <vector>

#include "mapper/ceilings.h"
#include "mapper/join/compatibility.h"
#include "mapper/observer.h"
#include "mapper/reservations.h"
#include "mapper/search/tile_shapes.h"
#include "mapper/stats.h"

namespace af::mapper {

// One joined mapping: a pmapping per Einsum (workload order) and the summed objectives.
struct JoinedMapping {
  std::vector<PmappingRow> pmappings;
  // Between Einsums i and i+1: how many loops (iterating more than once) they share, i.e.
  // sit above their split in the merged loop tree.
  std::vector<std::size_t> shared_loops;
  double dynamic_energy = 0, leak_energy = 0, latency = 0;
  // Per tracked memory (TrackedMemories order), the whole workload's peak reservation as a
  // share of its size: each memory's usage, an objective when the metrics ask for
  // RESOURCE_USAGE (every finite memory is tracked then).
  std::vector<double> usage;
  [[nodiscard]] double energy() const { return dynamic_energy + leak_energy; }
};

// One Einsum's pmappings as the join sees them.
struct JoinEinsum {
  std::string name;
  std::set<std::string> tensors, outputs;
  std::vector<PmappingRow> rows;
  std::vector<Compatibility> compat;  // per row; tensors aligned with row.shared_sizes
};

struct JoinSettings {
  unsigned metrics = kEnergy;
  double objective_tolerance = 0, resource_usage_tolerance = 0;
  int threads = 0;
  // Per memory its level (0 = outermost). Groups are kept in a canonical order, the least
  // fused first (fewer shared loops, shared tensors in outer memories), so that of
  // equal-cost mappings the least fused is reported.
  std::map<std::string, int> memory_levels;
  // Ranking objectives of whole mappings known to exist. Objectives only grow as Einsums
  // join, so a row that, with every Einsum it lacks at its cheapest, is still worse in every
  // ranking objective than one of these can never be on the front: it goes as "ceiling". Only
  // sound when the join is exact (both tolerances 0). Empty: none.
  std::vector<std::vector<double>> ceilings;
  // Bytes the join's rows may hold (0: no limit). A join over it ends as a stopped one does,
  // with over_memory_limit set: with every memory's usage an objective (RESOURCE_USAGE) a
  // fused join on a transformer keeps millions of rows and would otherwise grow until the
  // system kills the process.
  std::size_t memory_limit = 0;
};

struct JoinOutcome {
  std::vector<JoinedMapping> front;  // Pareto-optimal in the join objectives (EDP not formed yet)
  std::vector<JoinStepStats> steps;
  std::vector<std::size_t> groups;          // per Einsum: its compatibility groups
  std::vector<std::uint64_t> grouped_rows;  // per Einsum: pmappings in those groups
  std::vector<std::uint64_t> ceiling_rows;  // per Einsum: pmappings the ceilings removed
  std::string failure;                      // why nothing joined, naming the Einsums
  bool cancelled = false;
  // The rows outgrew JoinSettings::memory_limit; `failure` says where and how much.
  bool over_memory_limit = false;
};

// `copies`: tensors that copy Einsums alias (source <-> each output), which share one
// buffer per memory (§5.5). `stop` is polled between groups; a stopped join has cancelled =
// true. Throws nothing; failures are reported in the outcome.
[[nodiscard]] JoinOutcome join_einsums(const std::vector<JoinEinsum>& einsums, const TrackedMemories& tracked,
                                       const std::map<std::string, std::set<std::string>>& copies,
                                       const JoinSettings& settings, Observer* observer,
                                       std::stop_token stop);

}  // namespace af::mapper
