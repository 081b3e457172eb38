#pragma once
// Live progress of a mapper run (the GUI subscribes; the CLI may print). Calls come from
// worker threads but never concurrently (the mapper serializes them); keep them short.
#include <cstddef>
#include <string>
#include <vector>

#include "mapper/stats.h"

namespace af::mapper {

struct FrontPoint {
  double energy = 0, latency = 0;
};

class Observer {
 public:
  virtual ~Observer() = default;
  // Templates are known for every Einsum before tile shapes start.
  virtual void on_templates_made(const std::string& einsum, std::size_t n_templates) {
    (void)einsum, (void)n_templates;
  }
  // Before the fused search without a fused-loop limit: the unfused optimum's whole mappings,
  // found as the search's ceilings (a Stop from here on returns them, or the one-fused-loop
  // optimum once that has been found too).
  virtual void on_unfused_optimum(const std::vector<FrontPoint>& mappings) { (void)mappings; }
  // After each template's tile shapes: running totals for its Einsum.
  virtual void on_template_done(const std::string& einsum, std::size_t done, std::size_t total,
                                const EinsumStats& so_far) {
    (void)einsum, (void)done, (void)total, (void)so_far;
  }
  // One template's Pareto-optimal pmappings (energy, latency), as each template finishes: the
  // Einsum's front so far is the Pareto set of these (see front_points.h).
  virtual void on_template_front(const std::string& einsum, const std::vector<FrontPoint>& front) {
    (void)einsum, (void)front;
  }
  // The Einsum's Pareto front (energy, latency) after all its templates.
  virtual void on_einsum_front(const std::string& einsum, const std::vector<FrontPoint>& front) {
    (void)einsum, (void)front;
  }
  // Before the join: the Einsum's compatibility groups (stats.groups, pmappings_grouped).
  virtual void on_einsum_groups(const EinsumStats& stats) { (void)stats; }
  // After each join step: its counts (the join's funnel).
  virtual void on_join_step(const JoinStepStats& step) { (void)step; }
  // The exact join outgrew its memory limit and starts again with rounded objectives: the
  // steps reported so far belong to a join whose front will not be the run's. `why` is the
  // limit's message (the Einsum, what its rows held).
  virtual void on_join_restarted(const std::string& why) { (void)why; }
  // The joined front after each join step (`einsums_joined` of the workload so far): the
  // (energy, latency) Pareto front over every group.
  virtual void on_joined_front(std::size_t einsums_joined, const std::vector<FrontPoint>& front) {
    (void)einsums_joined, (void)front;
  }
};

}  // namespace af::mapper
