#include "mapper/pareto.h"

namespace af::mapper {

std::vector<std::size_t> pareto_indices(const std::vector<std::vector<double>>& rows) {
  ParetoFront<std::size_t> front;
  for (std::size_t i = 0; i < rows.size(); ++i) front.insert(i, [&](std::size_t r) { return rows[r]; });
  return front.take();
}

}  // namespace af::mapper
