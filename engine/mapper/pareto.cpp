#include "mapper/pareto.h"

#include <cmath>

namespace af::mapper {

std::vector<double> log_rounded(std::vector<double> values, double tolerance) {
  if (tolerance <= 0) return values;
  const double step = std::log1p(tolerance);
  for (auto& x : values)
    if (x > 0) x = std::round(std::log(x) / step);
  return values;
}

std::vector<std::size_t> pareto_indices(const std::vector<std::vector<double>>& rows) {
  ParetoFront<std::size_t> front;
  for (std::size_t i = 0; i < rows.size(); ++i) front.insert(i, [&](std::size_t r) { return rows[r]; });
  return front.take();
}

}  // namespace af::mapper
