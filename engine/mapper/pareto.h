#pragma once
// Pareto pruning with AccelForge's rules (AccelForge's mapper/FFM/_pareto_df/pareto.py): minimize every column;
// values compare as float32; a row is dropped if another row is <= in every column and
// < in one, or if it equals an earlier row (first occurrence wins, so order matters).
#include <cstddef>
#include <span>
#include <vector>

namespace af::mapper {

// objective_tolerance (§4.4): each positive value becomes round(log x / log(1 + t)), so
// values within a factor 1 + t compare equal. t = 0 leaves the values alone.
[[nodiscard]] std::vector<double> log_rounded(std::vector<double> values, double tolerance);

// Indices of the rows kept, in their original order. `rows[i]` is row i's objective vector.
[[nodiscard]] std::vector<std::size_t> pareto_indices(const std::vector<std::vector<double>>& rows);

// The same rule over `n` float32 keys of `width` columns stored row after row: the
// survivors' indices, ascending. Sorts by row sum first (a dominating row never has the
// larger sum), so each row is compared only with the survivors before it.
[[nodiscard]] std::vector<std::size_t> pareto_select(std::span<const float> keys, std::size_t width,
                                                     std::size_t n);

// multi_round (§4.4): a value is rounded to log steps of 1 + t, or to multiples of `absolute`
// where those steps are coarser; t = 0 rounds to multiples of `absolute` only (0: exact).
[[nodiscard]] double multi_rounded(double x, double tolerance, double absolute);

// Incremental front with the same result as pareto_indices over the insertion sequence.
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
    const auto v = to_float(objectives(row));
    for (std::size_t i = 0; i < keys_.size(); ++i) {
      if (!dominates_or_equal(keys_[i], v)) continue;
      if (keys_[i] == v && wins(row, rows_[i])) {
        rows_[i] = std::move(row);
        return true;
      }
      return false;
    }
    std::size_t w = 0;
    for (std::size_t i = 0; i < rows_.size(); ++i) {
      if (dominates_or_equal(v, keys_[i])) continue;  // strictly dominated (not equal: checked above)
      if (w != i) {
        rows_[w] = std::move(rows_[i]);
        keys_[w] = std::move(keys_[i]);
      }
      ++w;
    }
    rows_.resize(w);
    keys_.resize(w);
    rows_.push_back(std::move(row));
    keys_.push_back(v);
    return true;
  }
  // Whether insert would keep a row with these objectives: cheap to ask before building
  // the row. `wins(kept)` settles a tie with an equal kept row, as in insert.
  template <class Wins>
  [[nodiscard]] bool admits(const std::vector<double>& objectives, const Wins& wins) const {
    const auto v = to_float(objectives);
    for (std::size_t i = 0; i < keys_.size(); ++i)
      if (dominates_or_equal(keys_[i], v)) return keys_[i] == v && wins(rows_[i]);
    return true;
  }
  void clear() {
    rows_.clear();
    keys_.clear();
  }
  [[nodiscard]] const std::vector<Row>& rows() const { return rows_; }
  [[nodiscard]] std::vector<Row> take() { return std::move(rows_); }
  [[nodiscard]] std::size_t size() const { return rows_.size(); }

 private:
  static std::vector<float> to_float(const std::vector<double>& v) {
    std::vector<float> out(v.size());
    for (std::size_t i = 0; i < v.size(); ++i) out[i] = static_cast<float>(v[i]);
    return out;
  }
  // a <= b in every column (so a dominates b, or equals it).
  static bool dominates_or_equal(const std::vector<float>& a, const std::vector<float>& b) {
    for (std::size_t i = 0; i < a.size(); ++i)
      if (a[i] > b[i]) return false;
    return true;
  }
  std::vector<Row> rows_;
  std::vector<std::vector<float>> keys_;
};

}  // namespace af::mapper
