#pragma once
// Pareto pruning with AccelForge's rules (AccelForge's mapper/FFM/_pareto_df/pareto.py): minimize every
// column; values compare as float32; a row is dropped if another row is <= in every column and < in one, or
// if it equals an earlier row (first occurrence wins, so order matters).
#include <algorithm>
#include <cstddef>
#include <span>
#include <vector>

namespace af::mapper {

// objective_tolerance (§4.4): each positive value becomes round(log x / log(1 + t)), so
// values within a factor 1 + t compare equal. t = 0 leaves the values alone.
[[nodiscard]] std::vector<double> log_rounded(std::vector<double> values, double tolerance);
void log_round_in_place(std::span<double> values, double tolerance);

// Indices of the rows kept, in their original order. `rows[i]` is row i's objective vector.
[[nodiscard]] std::vector<std::size_t> pareto_indices(const std::vector<std::vector<double>>& rows);

// The same rule over `n` float32 keys of `width` columns stored row after row: the
// survivors' indices, ascending. Sorts by row sum first (a dominating row never has the
// larger sum), so each row is compared only with the survivors before it, and of those
// only with the ones whose above-median columns it shares (see pareto.cpp).
[[nodiscard]] std::vector<std::size_t> pareto_select(std::span<const float> keys, std::size_t width,
                                                     std::size_t n);

// multi_round (§4.4): a value is rounded to log steps of 1 + t, or to multiples of `absolute`
// where those steps are coarser; t = 0 rounds to multiples of `absolute` only (0: exact).
[[nodiscard]] double multi_rounded(double x, double tolerance, double absolute);

// Incremental front with the same result as pareto_indices over the insertion sequence.
// Keys are float32, row after row in one array: a leaf of the tile search asks admits()
// millions of times, and this way it neither allocates nor chases a pointer per row.
template <class Row>
class ParetoFront {
 public:
  // `objectives(row)` gives the row's vector (same length for every row).
  // Returns true if the row entered the front.
  template <class Objectives>
  bool insert(Row row, const Objectives& objectives) {
    return insert(std::move(row), objectives, [](const Row&, const Row&) { return false; });
  }
  // As insert, but a row equal to a kept one replaces it when `wins(row, kept)`: with a
  // total order that makes the front independent of the insertion order.
  template <class Objectives, class Wins>
  bool insert(Row row, const Objectives& objectives, const Wins& wins) {
    const std::vector<double> v = objectives(row);
    to_float(v);
    const std::size_t w = width_;
    for (std::size_t i = 0; i < rows_.size(); ++i) {
      if (!le(key(i), scratch_.data())) continue;
      if (equal(key(i), scratch_.data()) && wins(row, rows_[i])) {
        rows_[i] = std::move(row);
        return true;
      }
      return false;
    }
    std::size_t kept = 0;
    for (std::size_t i = 0; i < rows_.size(); ++i) {
      if (le(scratch_.data(), key(i))) continue;  // strictly dominated (not equal: checked above)
      if (kept != i) {
        rows_[kept] = std::move(rows_[i]);
        std::copy_n(keys_.begin() + static_cast<std::ptrdiff_t>(i * w), w,
                    keys_.begin() + static_cast<std::ptrdiff_t>(kept * w));
      }
      ++kept;
    }
    rows_.resize(kept);
    keys_.resize(kept * w);
    rows_.push_back(std::move(row));
    keys_.insert(keys_.end(), scratch_.begin(), scratch_.end());
    return true;
  }
  // Whether insert would keep a row with these objectives: cheap to ask before building
  // the row. `wins(kept)` settles a tie with an equal kept row, as in insert.
  template <class Wins>
  [[nodiscard]] bool admits(std::span<const double> objectives, const Wins& wins) {
    to_float(objectives);
    for (std::size_t i = 0; i < rows_.size(); ++i)
      if (le(key(i), scratch_.data())) return equal(key(i), scratch_.data()) && wins(rows_[i]);
    return true;
  }
  // Whether some kept row is <= `tail` (as float32) in its last tail.size() columns: if
  // none is, admits() says yes to every vector ending in `tail`, whatever comes before.
  [[nodiscard]] bool some_row_le_in_tail(std::span<const double> tail) const {
    if (rows_.empty() || tail.size() > width_) return !rows_.empty();
    const std::size_t from = width_ - tail.size();
    for (std::size_t i = 0; i < rows_.size(); ++i) {
      const float* k = key(i) + from;
      bool le = true;
      for (std::size_t j = 0; j < tail.size() && le; ++j) le = k[j] <= static_cast<float>(tail[j]);
      if (le) return true;
    }
    return false;
  }
  void clear() {
    rows_.clear();
    keys_.clear();
  }
  [[nodiscard]] const std::vector<Row>& rows() const { return rows_; }
  [[nodiscard]] std::vector<Row> take() {
    keys_.clear();
    return std::move(rows_);
  }
  [[nodiscard]] std::size_t size() const { return rows_.size(); }

 private:
  // The vector as float32 in scratch_; fixes the width on the first row.
  void to_float(std::span<const double> v) {
    if (rows_.empty()) width_ = v.size();
    scratch_.resize(v.size());
    for (std::size_t i = 0; i < v.size(); ++i) scratch_[i] = static_cast<float>(v[i]);
  }
  [[nodiscard]] const float* key(std::size_t i) const { return keys_.data() + i * width_; }
  // a <= b in every column (so a dominates b, or equals it).
  [[nodiscard]] bool le(const float* a, const float* b) const {
    for (std::size_t i = 0; i < width_; ++i)
      if (a[i] > b[i]) return false;
    return true;
  }
  [[nodiscard]] bool equal(const float* a, const float* b) const {
    for (std::size_t i = 0; i < width_; ++i)
      if (a[i] != b[i]) return false;
    return true;
  }
  std::vector<Row> rows_;
  std::vector<float> keys_;  // rows_.size() rows of width_ columns
  std::size_t width_ = 0;
  std::vector<float> scratch_;
};

}  // namespace af::mapper
