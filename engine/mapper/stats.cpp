#include "mapper/stats.h"

namespace af::mapper {

namespace {

// Stages in order, each reached by what the ones before it left of `total`.
std::vector<EinsumStats::Stage> stages(double total,
                                       const std::vector<std::pair<std::string, double>>& removals) {
  std::vector<EinsumStats::Stage> out;
  double reached = total;
  for (const auto& [cause, n] : removals) {
    out.push_back({cause, reached, reached <= 0 ? 1.0 : (reached - n) / reached});
    reached -= n;
  }
  return out;
}

}  // namespace

std::vector<EinsumStats::Stage> EinsumStats::funnel() const {
  std::vector<std::string> order;
  for (const auto& [cause, n] : removed)
    if (cause != "pareto" && !cause.starts_with("min_usage")) order.push_back(cause);
  for (const auto& [cause, n] : removed)
    if (cause.starts_with("min_usage")) order.push_back(cause);
  if (removed.contains("pareto")) order.emplace_back("pareto");
  std::vector<std::pair<std::string, double>> removals;
  for (const auto& cause : order) removals.emplace_back(cause, static_cast<double>(removed.at(cause)));
  return stages(pmappings_total, removals);
}

double EinsumStats::keep_rate(const std::string& cause) const {
  for (const auto& stage : funnel())
    if (stage.cause == cause) return stage.kept_rate;
  return 1.0;
}

std::string EinsumStats::worst_cause() const {
  std::string worst;
  std::uint64_t most = 0;
  for (const auto& [cause, n] : removed)
    if (n > most && cause != "pareto") {
      most = n;
      worst = cause;
    }
  return worst;
}

void EinsumStats::merge(const EinsumStats& o) {
  templates += o.templates;
  templates_fused += o.templates_fused;
  templates_duplicate += o.templates_duplicate;
  pmappings_total += o.pmappings_total;
  pmappings_full_space += o.pmappings_full_space;
  pmappings_evaluated += o.pmappings_evaluated;
  pmappings_valid += o.pmappings_valid;
  pmappings_dominated += o.pmappings_dominated;
  pmappings_pareto += o.pmappings_pareto;
  for (const auto& [k, v] : o.removed) removed[k] += v;
  for (const auto& [cause, f] : o.smallest_over_limit) note_over_limit(cause, f);
}

void EinsumStats::note_over_limit(const std::string& cause, const Shortfall& f) {
  const auto [it, added] = smallest_over_limit.try_emplace(cause, f);
  if (!added && f.used < it->second.used) it->second = f;
}

double JoinStepStats::candidates() const {
  return static_cast<double>(rows_lookahead) + static_cast<double>(rows_unmatched) +
         static_cast<double>(rows_paired);
}

std::uint64_t JoinStepStats::removed_by(const std::string& cause) const {
  if (cause == "lookahead groups") return rows_lookahead;
  if (cause == "loops differ") return rows_unmatched;
  const auto it = removed.find(cause);
  return it == removed.end() ? 0 : it->second;
}

std::string JoinStepStats::worst_cause() const {
  std::string worst;
  std::uint64_t most = 0;
  for (const auto& stage : funnel())
    if (stage.cause != "pareto" && removed_by(stage.cause) > most) {
      most = removed_by(stage.cause);
      worst = stage.cause;
    }
  return worst;
}

std::uint64_t JoinStepStats::rows_valid() const {
  std::uint64_t gone = 0;
  for (const auto& [cause, n] : removed)
    if (cause != "pareto") gone += n;
  return rows_paired > gone ? rows_paired - gone : 0;
}

std::vector<EinsumStats::Stage> JoinStepStats::funnel() const {
  std::vector<std::pair<std::string, double>> removals;
  if (rows_lookahead > 0) removals.emplace_back("lookahead groups", static_cast<double>(rows_lookahead));
  if (rows_unmatched > 0) removals.emplace_back("loops differ", static_cast<double>(rows_unmatched));
  for (const auto& [cause, n] : removed)
    if (cause != "pareto") removals.emplace_back(cause, static_cast<double>(n));
  if (const auto it = removed.find("pareto"); it != removed.end())
    removals.emplace_back("pareto", static_cast<double>(it->second));
  return stages(candidates(), removals);
}

}  // namespace af::mapper
