#pragma once
// A mapping played step by step, for teaching (issue 25): the loop nest of each Einsum as
// loops and buffers, a cursor on one iteration, and at the cursor the tile of each tensor
// that each buffer holds — by the loop nest's arithmetic alone, so it steps a nest of 10^9
// innermost iterations at its outer loops as cheaply as at its inner ones.
//
// Order: the Einsums play one after another (a `Sequential` branch plays its Nested in order);
// loops above the branch are shared: for each of their iterations, every branch plays in turn.
// Spatial loops do not step: their iterations run at once, one per PE of the fanout.
#include <cstdint>
#include <string>
#include <vector>

#include "spec/mapping.h"
#include "spec/resolved_spec.h"
#include "spec/workload.h"

namespace af::playback {

struct Loop {
  std::string rank_variable;
  std::int64_t tile = 1;    // each iteration's share of the range it walks
  std::int64_t extent = 1;  // the range it walks: its parent loop's tile of the rank variable
  std::int64_t trips = 1;   // ceil(extent / tile)
  bool spatial = false;
  std::string fanout;    // spatial: "X of PEArray"
  std::size_t node = 0;  // the node's index in Nest::lines
};

struct Holder {
  std::string component;
  std::vector<std::string> tensors;  // of this Einsum
  std::size_t loops_above = 0;       // loops of Nest::loops outside it
  std::size_t node = 0;              // index in Nest::lines
  // A Toll stores nothing: the values between the buffers around it pass through it, and it
  // counts a read for each value it passes in its directions (outputs up, inputs and
  // read-backs down), never a write.
  bool toll = false;
  bool down = true, up = true;
};

// One line of the nest as drawn: a buffer, a loop or the compute, with its depth.
struct Line {
  enum class Kind { Holder, Loop, Compute };
  Kind kind = Kind::Loop;
  std::size_t index = 0;  // into holders or loops
  int depth = 0;
};

struct Nest {
  std::string einsum;
  std::string compute;      // the compute component
  std::vector<Loop> loops;  // outermost first; the first `shared` are shared with the other nests
  std::size_t shared = 0;
  std::vector<Holder> holders;
  std::vector<Line> lines;
  const spec::Einsum* workload = nullptr;  // into the workload given to build()
};

struct Range {
  std::int64_t lo = 0, hi = 0;  // [lo, hi)
  friend bool operator==(const Range&, const Range&) = default;
  [[nodiscard]] std::int64_t size() const { return hi - lo; }
};

// Where the play is: which nest, and the index of each of its temporal loops (spatial loops
// keep 0).
struct Cursor {
  std::size_t nest = 0;
  std::vector<std::int64_t> index;
  friend bool operator==(const Cursor&, const Cursor&) = default;
};

class Playback {
 public:
  // The mapping's nests. Throws std::invalid_argument naming what it cannot play (an Einsum
  // the workload does not have, a loop over an unknown rank variable).
  static Playback build(const spec::Workload& workload, const spec::Mapping& mapping);
  // The same, with each Toll's direction per tensor from its component in `resolved` (the
  // arch each Einsum maps onto); without it a Toll passes values both ways.
  static Playback build(const spec::ResolvedSpec& resolved, const spec::Mapping& mapping);

  [[nodiscard]] const std::vector<Nest>& nests() const { return nests_; }

  [[nodiscard]] Cursor start() const;
  [[nodiscard]] Cursor end() const;  // the last step
  // One step of temporal loop `loop` of the cursor's nest (the inner loops start again);
  // past that loop's last iteration the outer ones carry, then the next nest. False at the end.
  bool step(Cursor& cursor, std::size_t loop) const;
  // The innermost temporal loop of the nest (what a plain step advances); none: npos.
  [[nodiscard]] std::size_t innermost(std::size_t nest) const;

  // Steps of the whole play (innermost iterations of every nest), and the cursor's place in it;
  // doubles, since a large nest has more than 2^63.
  [[nodiscard]] double total_steps() const;
  [[nodiscard]] double position(const Cursor& cursor) const;
  // The cursor at `fraction` (0..1) of the play (the slider), and at step `position`.
  [[nodiscard]] Cursor at_fraction(double fraction) const;
  [[nodiscard]] Cursor at_position(double position) const;

  // Per rank variable, the range the loops above `loops_above` leave at the cursor; spatial
  // loops at `pe` (one index per spatial loop above, in order; empty: the whole fanout). Each
  // loop's part is clipped at its parent's range: a tile that does not divide it leaves a
  // smaller last part, and past the end an empty one (README: Imperfect tiling).
  [[nodiscard]] std::vector<std::pair<std::string, Range>> ranges(
      const Cursor& cursor, std::size_t loops_above, const std::vector<std::int64_t>& pe = {}) const;
  // The tile of `tensor` that holder `holder` of the cursor's nest holds: per rank of the
  // tensor's projection, in its order.
  [[nodiscard]] std::vector<Range> tile(const Cursor& cursor, std::size_t holder, const std::string& tensor,
                                        const std::vector<std::int64_t>& pe = {}) const;
  // The elements of `tensor` the compute works on at the cursor (every PE's when `pe` is
  // empty, as their hull).
  [[nodiscard]] std::vector<Range> compute_tile(const Cursor& cursor, const std::string& tensor,
                                                const std::vector<std::int64_t>& pe = {}) const;
  // The position where holder `holder`'s current tile of `tensor` arrived (its last refill).
  [[nodiscard]] double refill_position(const Cursor& cursor, std::size_t holder,
                                       const std::string& tensor) const;
  // The tensor's whole index space (per rank of its projection in this nest's Einsum).
  [[nodiscard]] std::vector<Range> space(std::size_t nest, const std::string& tensor) const;
  // The PEs of the spatial loops above `loops_above`: their trips, in order.
  [[nodiscard]] std::vector<std::int64_t> fanout(std::size_t nest, std::size_t loops_above) const;

  // How many times holder `holder` has had a new tile of `tensor` at the cursor (the first
  // included), counted by the loop arithmetic: a new tile comes when a temporal loop above the
  // holder moves, whether or not it indexes the tensor (as the model counts refills); an
  // empty one (past a range's end) is not counted.
  [[nodiscard]] double tiles_so_far(const Cursor& cursor, std::size_t holder,
                                    const std::string& tensor) const;
  // What each buffer has done so far in the cursor's nest, in values of the tensor (a
  // counter of the Playback view): per holder and tensor, the tiles it has received, the
  // values written into it (fills from above; for an output, updates from below) and read
  // from it (by the buffer or compute below it; for an output, also drained upward), each
  // tile at its true (clipped) size. At the nest's last step they are the model's action
  // counts for its Einsum, in values, but where the model's average tile differs (README).
  struct Counter {
    std::size_t holder = 0;
    std::string component, tensor;
    double tiles = 0, writes = 0, reads = 0;
  };
  [[nodiscard]] std::vector<Counter> counters(const Cursor& cursor) const;
  // Points computed up to and including the cursor, in the cursor's nest (every PE's; an
  // empty step past a range's end computes none).
  [[nodiscard]] double computes_so_far(const Cursor& cursor) const;

 private:
  std::vector<Nest> nests_;
  std::vector<std::size_t> groups_;  // per nest: its Sequential branch (0: plays alone)
};

}  // namespace af::playback
