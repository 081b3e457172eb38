#include "mapper/stats.h"

namespace af::mapper {

double EinsumStats::keep_rate(const std::string& cause) const {
  // Validity causes are checked in one pass on evaluated pmappings; Pareto sees the valid ones.
  const auto it = removed.find(cause);
  const double removed_n = it == removed.end() ? 0.0 : static_cast<double>(it->second);
  const double reached =
      cause == "pareto" ? static_cast<double>(pmappings_valid) : static_cast<double>(pmappings_evaluated);
  return reached <= 0 ? 1.0 : (reached - removed_n) / reached;
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
  templates_fused_skipped += o.templates_fused_skipped;
  templates_duplicate += o.templates_duplicate;
  pmappings_total += o.pmappings_total;
  pmappings_evaluated += o.pmappings_evaluated;
  pmappings_valid += o.pmappings_valid;
  pmappings_pareto += o.pmappings_pareto;
  for (const auto& [k, v] : o.removed) removed[k] += v;
}

}  // namespace af::mapper
