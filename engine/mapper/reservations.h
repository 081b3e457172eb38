#pragma once
// Memory reservations across fused Einsums (AccelForge's make_reservations.py and pmapping_dataframe.py).
//
// A buffer reserved below d loops (depth d; -1 for persistent tensors) lives for one
// iteration of loop d-1 of the merged loop tree, and Einsums that share that loop run
// inside the same iteration. Per tracked memory a partial mapping keeps, as fractions of
// the memory's size:
//   S[d], d = -1..K  the spine: what is reserved at depths <= d on the path the next
//                    Einsum joins (K = loops it shares with the tree); S[K] is the peak of
//                    everything below the shared loops, so S only grows with d;
//   B[d], d = 0..K-1 the peak of what already ran inside the current iteration of loop
//                    d-1 (finished branches), spine included.
// A pmapping alone is S = cumulative occupancy by depth and B = 0.
#include <cstdint>
#include <span>
#include <string>
#include <vector>

namespace af::mapper {

// The memories whose reservations the join must track (§5.6): finite, too small to hold
// every tensor at once, and either holding a reservation above a fused loop, backing a
// tensor that several Einsums share, or holding a persistent tensor. Other memories are
// checked per pmapping only: their buffers never outlive one Einsum's branch.
struct TrackedMemories {
  std::vector<std::string> names;
  std::vector<double> sizes;  // bits

  [[nodiscard]] std::size_t size() const { return names.size(); }
  [[nodiscard]] int index(const std::string& memory) const;  // -1 if untracked
};

// Per-row layout for a partial mapping whose compatibility shares `loops` loops (K):
// per tracked memory S[-1..K] then B[0..K-1].
struct ReservationLayout {
  std::size_t memories = 0, loops = 0;

  [[nodiscard]] std::size_t block() const { return 2 * loops + 2; }
  [[nodiscard]] std::size_t size() const { return memories * block(); }
  [[nodiscard]] std::size_t s(std::size_t memory, int depth) const {
    return memory * block() + static_cast<std::size_t>(depth + 1);
  }
  [[nodiscard]] std::size_t b(std::size_t memory, int depth) const {
    return memory * block() + loops + 2 + static_cast<std::size_t>(depth);
  }
};

// One buffer of a pmapping in a tracked memory.
struct TrackedBuffer {
  std::size_t memory = 0;  // index into TrackedMemories
  int depth = 0;           // loops above its reservation (-1: persistent)
  double fraction = 0;     // of the memory's size
};

// S of one pmapping: depths shift up by the dropped (iterate-once) loops above them,
// `loop_dropped[i]` for node-order loop i, and depths beyond `shared` collapse into it.
void pmapping_reservations(std::span<const TrackedBuffer> buffers, std::span<const char> loop_dropped,
                           std::size_t shared, std::size_t memories, std::span<double> out);

// A tensor to free from, or allocate into, the spine of memory `memory` from `depth` down.
struct TensorAdjustment {
  std::size_t memory = 0;
  int depth = 0;
  std::size_t size_index = 0;  // into the left row's tensor sizes
  double sign = 1;             // +1 allocate, -1 free
};

// Joining a right pmapping under the K_left loops it shares with the left (§5.4-§5.5):
// sums where both are alive at once, maxima where they run one after the other, then
// the tensors counted twice are freed once and the left's tensors that outlive the
// right are allocated under it; finally depths below the joined compatibility's K
// collapse. Returns false when a reservation exceeds the memory (more than 1), and which
// memory then in `failed_memory`. Requires right_loops >= left_loops (a valid join).
struct ReservationMerge {
  std::size_t memories = 0;
  std::size_t left_loops = 0, right_loops = 0, joined_loops = 0;
  std::vector<TensorAdjustment> adjustments;

  bool apply(std::span<const double> left, std::span<const double> right, std::span<const double> left_sizes,
             std::span<double> out, std::size_t& failed_memory) const;
};

// The last step (free_to_loop_index(-1)): everything below the top collapses into S[0].
// Returns each memory's peak.
void final_peaks(std::span<const double> row, const ReservationLayout& layout, std::span<double> peaks);

}  // namespace af::mapper
