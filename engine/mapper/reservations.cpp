#include "mapper/reservations.h"

#include <algorithm>

namespace af::mapper {

int TrackedMemories::index(const std::string& memory) const {
  const auto it = std::find(names.begin(), names.end(), memory);
  return it == names.end() ? -1 : static_cast<int>(it - names.begin());
}

void pmapping_reservations(std::span<const TrackedBuffer> buffers, std::span<const char> loop_dropped,
                           std::size_t shared, std::size_t memories, std::span<double> out) {
  const ReservationLayout layout{memories, shared};
  std::fill(out.begin(), out.end(), 0.0);
  for (const auto& b : buffers) {
    int depth = b.depth;
    if (depth > 0) {  // shift_reservations_by_null_loop_indices (§3.7 step 5)
      int dropped = 0;
      for (int i = 0; i < b.depth && i < static_cast<int>(loop_dropped.size()); ++i)
        dropped += loop_dropped[static_cast<std::size_t>(i)] ? 1 : 0;
      depth -= dropped;
    }
    depth = std::min(depth, static_cast<int>(shared));
    out[layout.s(b.memory, depth)] += b.fraction;
  }
  for (std::size_t m = 0; m < memories; ++m)  // cumulative
    for (int d = 0; d <= static_cast<int>(shared); ++d) out[layout.s(m, d)] += out[layout.s(m, d - 1)];
}

bool ReservationMerge::apply(std::span<const double> left, std::span<const double> right,
                             std::span<const double> left_sizes, std::span<double> out,
                             std::size_t& failed_memory) const {
  const ReservationLayout lo{memories, left_loops}, ro{memories, right_loops}, jo{memories, joined_loops};
  const int kl = static_cast<int>(left_loops), kr = static_cast<int>(right_loops);
  const int kj = static_cast<int>(joined_loops);
  // Scratch on the stack: depths are few (fused loops), memories too.
  constexpr int kMax = 64;
  double s[kMax + 2], b[kMax + 1];
  for (std::size_t m = 0; m < memories; ++m) {
    // Left: its bottom spine level moves to the branches (shift_bottom_reservation_left);
    // the right joins under the K_left shared loops. At depth n the right runs while the
    // left's spine above n is reserved (sums), after the left's branches (maxima).
    for (int n = -1; n <= kr; ++n) s[n + 1] = left[lo.s(m, std::min(n, kl - 1))] + right[ro.s(m, n)];
    for (int n = 0; n <= kl; ++n)
      b[n] = (n < kl ? left[lo.b(m, n)] : left[lo.s(m, kl)]) + right[ro.s(m, n - 1)];
    for (const auto& a : adjustments) {
      if (a.memory != m) continue;
      const double size = a.sign * left_sizes[a.size_index];
      for (int n = std::max(a.depth, -1); n <= kr; ++n) s[n + 1] += size;
      for (int n = a.depth + 1; n <= kl; ++n) b[n] += size;
    }
    // free_to_loop_index(K_joined - 1): below the joined shared loops only the peak
    // matters. S only grows with depth, so the deepest level is the spine's peak.
    double peak = s[kr + 1];
    for (int n = kj; n <= kl; ++n) peak = std::max(peak, b[n]);
    for (int n = -1; n < kj; ++n) out[jo.s(m, n)] = s[n + 1];
    out[jo.s(m, kj)] = peak;
    bool over = peak > 1;
    for (int n = 0; n < kj; ++n) {
      const double branch = n <= kl ? b[n] : 0.0;
      over = over || branch > 1;
      out[jo.b(m, n)] = std::max(branch, s[n + 1]);  // max_right_to_left
    }
    if (over) {
      failed_memory = m;
      return false;
    }
  }
  return true;
}

void final_peaks(std::span<const double> row, const ReservationLayout& layout, std::span<double> peaks) {
  for (std::size_t m = 0; m < layout.memories; ++m) {
    double peak = row[layout.s(m, static_cast<int>(layout.loops))];
    for (int n = 0; n < static_cast<int>(layout.loops); ++n) peak = std::max(peak, row[layout.b(m, n)]);
    peaks[m] = peak;
  }
}

}  // namespace af::mapper
