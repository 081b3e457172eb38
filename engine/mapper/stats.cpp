#include "mapper/stats.h"

namespace af::mapper {

std::vector<EinsumStats::Stage> EinsumStats::funnel() const {
  std::vector<std::string> order;
  for (const auto& [cause, n] : removed)
    if (cause != "pareto" && !cause.starts_with("min_usage")) order.push_back(cause);
  for (const auto& [cause, n] : removed)
    if (cause.starts_with("min_usage")) order.push_back(cause);
  if (removed.contains("pareto")) order.emplace_back("pareto");
  std::vector<Stage> out;
  double reached = pmappings_total;
  for (const auto& cause : order) {
    const double n = static_cast<double>(removed.at(cause));
    out.push_back({cause, reached, reached <= 0 ? 1.0 : (reached - n) / reached});
    reached -= n;
  }
  return out;
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
}

}  // namespace af::mapper
