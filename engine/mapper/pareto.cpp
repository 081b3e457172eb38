#include "mapper/pareto.h"

#include <algorithm>
#include <cmath>
#include <numeric>

namespace af::mapper {

std::vector<double> log_rounded(std::vector<double> values, double tolerance) {
  log_round_in_place(values, tolerance);
  return values;
}

void log_round_in_place(std::span<double> values, double tolerance) {
  if (tolerance <= 0) return;
  const double step = std::log1p(tolerance);
  for (auto& x : values)
    if (x > 0) x = std::round(std::log(x) / step);
}

std::vector<std::size_t> pareto_indices(const std::vector<std::vector<double>>& rows) {
  ParetoFront<std::size_t> front;
  for (std::size_t i = 0; i < rows.size(); ++i) front.insert(i, [&](std::size_t r) { return rows[r]; });
  return front.take();
}

std::vector<std::size_t> pareto_select(std::span<const float> keys, std::size_t width, std::size_t n) {
  std::vector<std::size_t> out;
  if (width == 0) {  // nothing to compare: the first row stands for all
    if (n > 0) out.push_back(0);
    return out;
  }
  std::vector<float> sum(n);
  for (std::size_t i = 0; i < n; ++i) {
    float s = 0;
    for (std::size_t c = 0; c < width; ++c) s += keys[i * width + c];
    sum[i] = s;
  }
  std::vector<std::size_t> order(n);
  std::iota(order.begin(), order.end(), std::size_t{0});
  std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return sum[a] < sum[b]; });
  const auto le = [&](std::size_t a, std::size_t b) {  // a <= b everywhere
    const float* x = &keys[a * width];
    const float* y = &keys[b * width];
    for (std::size_t c = 0; c < width; ++c)
      if (x[c] > y[c]) return false;
    return true;
  };
  std::vector<std::size_t> kept;  // in no particular order: sorted at the end
  for (const std::size_t i : order) {
    bool dominated = false;
    for (std::size_t j = 0; j < kept.size(); ++j)
      if (le(kept[j], i)) {  // dominates or equals (first occurrence in sum order wins)
        // A row that dominates one tends to dominate the next: asking it first makes a
        // dominated row cost a comparison or two instead of a scan of the front.
        std::swap(kept[j], kept[0]);
        dominated = true;
        break;
      }
    if (dominated) continue;
    // Only a row of the same sum can be dominated by a later one.
    std::erase_if(kept, [&](std::size_t k) { return sum[k] == sum[i] && le(i, k); });
    kept.push_back(i);
  }
  std::sort(kept.begin(), kept.end());
  return kept;
}

double multi_rounded(double x, double tolerance, double absolute) {
  const auto absolute_round = [&](double v) {
    return absolute > 0 ? std::round(v / absolute) * absolute : v;
  };
  if (tolerance <= 0) return absolute_round(x);
  if (x <= 0) return x;
  const double step = std::log1p(tolerance);
  const double logged = std::exp(std::round(std::log(x) / step) * step);
  if (absolute <= 0 || tolerance * x > absolute) return logged;
  return absolute_round(x);
}

}  // namespace af::mapper
