#include "mapper/pareto.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
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

namespace {

// The columns that differ between rows, as a compact copy: constant columns never decide.
struct VaryingColumns {
  std::size_t width = 0;
  std::vector<float> keys;  // n rows of `width`

  VaryingColumns(std::span<const float> all, std::size_t all_width, std::size_t n) {
    std::vector<std::size_t> cols;
    for (std::size_t c = 0; c < all_width; ++c)
      for (std::size_t i = 1; i < n; ++i)
        if (all[i * all_width + c] != all[c]) {
          cols.push_back(c);
          break;
        }
    width = cols.size();
    keys.resize(n * width);
    for (std::size_t i = 0; i < n; ++i)
      for (std::size_t c = 0; c < width; ++c) keys[i * width + c] = all[i * all_width + cols[c]];
  }
  [[nodiscard]] const float* row(std::size_t i) const { return keys.data() + i * width; }
  [[nodiscard]] bool le(std::size_t a, std::size_t b) const {  // a <= b everywhere
    const float* x = row(a);
    const float* y = row(b);
    for (std::size_t c = 0; c < width; ++c)
      if (x[c] > y[c]) return false;
    return true;
  }
};

// Per row, a bit per chosen column: above that column's median. A row that is <= another
// everywhere has no bit the other lacks, so a row's dominators sit in the buckets of its
// mask's subsets: with b bits about (3/4)^b of the kept rows are compared, not all.
struct MedianMasks {
  std::vector<std::uint32_t> mask;  // per row
  std::size_t bits = 0;

  MedianMasks(const VaryingColumns& v, std::size_t n) : mask(n, 0) {
    // Buckets are 2^bits, a few rows each at least.
    std::size_t most = 0;
    while (most < 16 && (std::size_t{8} << most) < n) ++most;
    struct Split {
      std::size_t column;
      float pivot;
      double balance;  // p(1 - p) for the share p of rows above the pivot: 0.25 halves
    };
    std::vector<Split> splits;
    std::vector<float> col(n);
    for (std::size_t c = 0; c < v.width; ++c) {
      for (std::size_t i = 0; i < n; ++i) col[i] = v.row(i)[c];
      std::nth_element(col.begin(), col.begin() + static_cast<std::ptrdiff_t>(n / 2), col.end());
      const float pivot = col[n / 2];
      std::size_t above = 0;
      for (std::size_t i = 0; i < n; ++i) above += v.row(i)[c] > pivot ? 1 : 0;
      const double p = static_cast<double>(above) / static_cast<double>(n);
      if (above > 0) splits.push_back({c, pivot, p * (1 - p)});
    }
    std::stable_sort(splits.begin(), splits.end(),
                     [](const Split& a, const Split& b) { return a.balance > b.balance; });
    bits = std::min(most, splits.size());
    for (std::size_t i = 0; i < n; ++i)
      for (std::size_t b = 0; b < bits; ++b)
        if (v.row(i)[splits[b].column] > splits[b].pivot) mask[i] |= std::uint32_t{1} << b;
  }
};

}  // namespace

std::vector<std::size_t> pareto_select(std::span<const float> keys, std::size_t width, std::size_t n) {
  if (n == 0) return {};
  const VaryingColumns v(keys, width, n);
  if (v.width == 0) return {0};  // nothing to compare: the first row stands for all
  std::vector<float> sum(n);
  for (std::size_t i = 0; i < n; ++i) {
    float s = 0;
    for (std::size_t c = 0; c < width; ++c) s += keys[i * width + c];
    sum[i] = s;
  }
  // In order of row sum a dominating row never comes after the row it dominates (float
  // sums are monotone in each term), save among equal sums; ties in sum keep row order,
  // so of equal rows the first is met first.
  std::vector<std::size_t> order(n);
  std::iota(order.begin(), order.end(), std::size_t{0});
  std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return sum[a] < sum[b]; });
  const MedianMasks masks(v, n);
  std::vector<std::vector<std::uint32_t>> buckets(std::size_t{1} << masks.bits);  // kept rows by mask
  std::vector<char> dropped(n, 0);    // kept, then dominated by a later row of the same sum
  std::vector<std::size_t> same_sum;  // the kept rows of the current sum
  std::size_t last = n;               // the last dominator: it tends to dominate the next row too
  const auto dominated = [&](std::size_t i) {
    if (last < n && !dropped[last] && v.le(last, i)) return true;
    const std::uint32_t q = masks.mask[i];
    for (std::uint32_t s = q;; s = (s - 1) & q) {  // every subset of q, q itself first
      for (const std::uint32_t k : buckets[s])
        if (!dropped[k] && v.le(k, i)) {
          last = k;
          return true;
        }
      if (s == 0) return false;
    }
  };
  for (const std::size_t i : order) {
    if (!same_sum.empty() && sum[same_sum.front()] != sum[i]) same_sum.clear();
    if (dominated(i)) continue;  // dominated, or equal to an earlier row
    for (const std::size_t k : same_sum)
      if (!dropped[k] && v.le(i, k)) dropped[k] = 1;  // strictly: an equal k would have dropped i
    buckets[masks.mask[i]].push_back(static_cast<std::uint32_t>(i));
    same_sum.push_back(i);
  }
  std::vector<std::size_t> kept;
  for (const auto& bucket : buckets)
    for (const std::uint32_t k : bucket)
      if (!dropped[k]) kept.push_back(k);
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
