#pragma once
// One Einsum's pmapping with everything that does not depend on tile shapes resolved once,
// for the mapper's inner loop: evaluate() takes only the loop tile shapes and returns the
// objectives, with exactly the arithmetic of model::evaluate.
#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <tuple>
#include <vector>

#include "spec/mapping.h"
#include "spec/resolved_spec.h"

namespace af::model {

namespace detail {
struct PreparedEinsum;
struct EinsumNumbers;
}  // namespace detail

struct QuickEvaluation {
  enum class Failure { None, Fanout, Capacity };
  Failure failure = Failure::None;
  int component = -1;  // the failing one, index for failure_name() (and dim for fanout)
  int dim = -1;
  // A failure's figure and its limit: spatial instances needed and the fanout, or bits held
  // and the memory's size (what "the smallest tile needs 6 KiB" is made of).
  double used = 0, limit = 0;
  double latency = 0, dynamic_energy = 0, leak_energy = 0;  // × instances, as model::evaluate
};

class CompiledPmapping {
 public:
  struct Prefix;  // opaque: what check_prefix needs

  // `pmapping` holds one Einsum: a chain of nodes ending in its Compute. Its loops' tile
  // shapes are placeholders. `spec` must outlive this. Throws InvalidMapping for
  // structural errors.
  CompiledPmapping(const spec::ResolvedSpec& spec, spec::Mapping pmapping);
  ~CompiledPmapping();
  CompiledPmapping(CompiledPmapping&&) noexcept;
  CompiledPmapping& operator=(CompiledPmapping&&) noexcept;

  // Temporal and Spatial nodes, in mapping order.
  [[nodiscard]] std::size_t loop_count() const;

  // tiles[i] is the tile shape of the i-th loop. Fanout and capacity failures are
  // reported, not thrown; the figures are only meaningful when failure is None.
  const QuickEvaluation& evaluate(std::span<const std::int64_t> tiles);

  // As evaluate, but the figures are computed whatever fails (failure still says what
  // did): the mapper's lower bounds read them for tiles no pmapping may have.
  const QuickEvaluation& evaluate_unchecked(std::span<const std::int64_t> tiles);

  // Only what capacity needs: the failure (fanout or capacity, as evaluate_unchecked gives
  // it) and buffers(), from the tensors' top-down passes; latency and energies are not
  // computed (left 0). About half an evaluation (perf): the mapper's lower bounds read
  // the reservations of the smallest tiles this way.
  const QuickEvaluation& evaluate_occupancy(std::span<const std::int64_t> tiles);

  // "fanout Component.dim" or "capacity Component" for a failure of this pmapping.
  [[nodiscard]] std::string failure_name(const QuickEvaluation& failed) const;

  // --- Enumeration support. The search chooses each loop's split (its outer tile / its
  // tile; the splits of a rank variable's loops multiply to its bound), one loop at a
  // time in enumeration_order(), which may visit loops in any order: it is chosen so that
  // the checks below become exact as early as possible. A loop's tile is known once the
  // loops of its rank variable at and above it have splits. ---
  [[nodiscard]] const std::vector<std::size_t>& enumeration_order() const;
  // Reorders so that these usage dimensions (usage_index) become exact first, in this
  // order: for min_usage, whose lexicographic comparison prunes the most.
  void enumerate_usage_first(const std::vector<int>& usage_indices);
  // Visits this rank variable's loops inner loop first (each after every one below it,
  // not necessarily next to them): the mapper then chooses their tiles inner to outer
  // (imperfect candidates depend on the tile inside), so a tile is known at its loop and
  // a split once the loop above has its tile too.
  void enumerate_together(int rank_variable);
  // The depth (number of loops of enumeration_order() visited) from which the loop's
  // split is known.
  [[nodiscard]] std::size_t split_known_at(std::size_t loop) const;
  // Rank variable (index) of the i-th loop (mapping order), and each rank variable's bound.
  [[nodiscard]] int loop_rank_variable(std::size_t loop) const;
  [[nodiscard]] std::int64_t rank_variable_bound(int rv) const;
  [[nodiscard]] std::size_t rank_variable_count() const;

  // The fanout and capacity checks that become exact once the first `depth` loops of
  // enumeration_order() have splits: a spatial dimension's instances (the product of its
  // loops' splits, which only grows), a memory whose reservations sit below known tiles.
  // Failing means every completion fails model::evaluate too. `tiles` and `splits` are
  // indexed in mapping order; only the determined entries are read. A split is the
  // model's iteration count outer / tile, fractional for imperfect tiles; a split not yet
  // known counts as its set_split_range minimum (default 1).
  [[nodiscard]] QuickEvaluation::Failure check_prefix(std::span<const std::int64_t> tiles,
                                                      std::span<const double> splits, std::size_t depth,
                                                      QuickEvaluation& failed);
  // The memories check_prefix cannot check yet, each with its tiles at the least any
  // completion gives them: a tile not yet known is at least the product of the known splits
  // below it on its rank variable. Failing means every completion overflows. Only the
  // memories whose tiles the last loop split (at depth - 1) reads are sized: the search
  // calls this at every depth, and the others passed the depth above. A rank variable
  // chosen together knows its tiles inner to outer, so a tile not yet known is at least
  // the outermost known one below it: the same product of known splits.
  [[nodiscard]] QuickEvaluation::Failure check_pending_capacity(std::span<const std::int64_t> tiles,
                                                                std::span<const double> splits,
                                                                std::size_t depth, QuickEvaluation& failed);
  // An upper bound on usage(index) given the first `depth` loops: a loop without a split
  // splits by at most its set_split_range maximum, by default what its rank variable has
  // left. Exact once its loops have splits.
  [[nodiscard]] double usage_upper_bound(int index, std::span<const double> splits, std::size_t depth) const;
  // What a loop's split can be while unknown, for the two bounds above (default: from 1
  // to what its rank variable has left). The mapper sets it for imperfect tiles.
  void set_split_range(std::size_t loop, double min, double max);
  // The loops (mapping order) whose splits usage(index) depends on.
  [[nodiscard]] std::vector<std::size_t> usage_loops(int index) const;

  // One Memory buffer of the last successful evaluate(), for the mapper's reservation
  // algebra across fused Einsums (AccelForge's _join_pmappings/pmapping_dataframe.py): a buffet's occupancy
  // and its depth, the number of loops above its reservation (-1 for persistent tensors).
  struct Buffer {
    int tensor = -1;     // index of tensor_name()
    int component = -1;  // index of component_name()
    int depth = 0;
    double bits = 0;  // per instance; persistent tensors × instances, as the capacity check
  };
  [[nodiscard]] const std::vector<Buffer>& buffers();
  [[nodiscard]] int component_index(const std::string& name) const;  // -1 if off the path
  [[nodiscard]] int tensor_index(const std::string& name) const;     // -1 if not the Einsum's

  // Where a rank variable's tiles reach the model, for the mapper's per-rank-variable
  // dominance (tile_shapes.cpp). With every projection entry that uses it being the bare
  // variable or an input's sliding window `v + rest` (rest's coefficients and the constant
  // not negative; one such entry per tensor), every count the model forms (README: Reuse
  // per node) at a storage or toll node is the fill there times the iteration counts of the
  // loops above; per rank variable that is its bound when it indexes the node's tensor
  // bare, bound / t x (t - 1 + rest's extent) through a window, else bound / t, with t its
  // tile there (times spatial loop counts where parent accesses are shared): constant or
  // falling as t grows. Occupancies at reservations grow with its tile there when it
  // indexes the tensor. So given its spatial loops' splits, all
  // counts and occupancies depend on its chain only through these tiles. One entry per
  // storage, toll and reservation node of every tensor's view: the loop (mapping order)
  // whose tile it is there (-1: none above, the bound). Nullopt when that does not hold:
  // another projection form, a view that reorders the rank variable's loops, or energy,
  // latency or leak that are not monotone in the counts (a negative energy, scale or leak
  // power, or a total_latency outside the fast formula path).
  struct ExtentPoint {
    int loop = -1;
    bool relevant = false;     // the node's tensor is indexed by the rank variable
    bool reservation = false;  // an occupancy; else a holder, where the counts are
    int component = -1;        // the node's component (component_index)
    bool fills = false;        // a holder with a parent: the counts are its fills
    bool window = false;       // the tensor reads the rank variable through a sliding window:
                               // its counts fall and its occupancy grows with the tile
  };
  [[nodiscard]] std::optional<std::vector<ExtentPoint>> extent_points(int rank_variable) const;
  // Whether the memory could be over capacity for some tiles: its reservations at whole
  // tensors exceed its size. If not, its occupancies never decide validity.
  [[nodiscard]] bool may_overflow(int component) const;
  // Whether it could be with the rank variable's loops at these tiles (mapping order; the
  // other rank variables at whole tensors).
  [[nodiscard]] bool may_overflow(int component, int rank_variable,
                                  std::span<const std::int64_t> tiles) const;
  // What that answer reads besides the tiles and the Einsum: the memory's size, and per
  // reservation in it the tensor (tensor_index), the loop (mapping order, -1: none) whose tile
  // is the rank variable's extent there, bits per value and scale. Two compiled pmappings of
  // one Einsum with equal inputs answer alike for equal tiles.
  struct OverflowInputs {
    double size = 0;
    std::vector<std::tuple<int, int, double, double>> terms;  // tensor, loop, bits per value, scale
  };
  [[nodiscard]] OverflowInputs overflow_inputs(int component, int rank_variable) const;

  // Scaled usage of (component, dim) by the last evaluate(); 0 for index -1 (not on the
  // path). Index from usage_index().
  [[nodiscard]] int usage_index(const std::string& component, const std::string& dim);
  [[nodiscard]] double usage(int index) const;

 private:
  const QuickEvaluation& evaluate(std::span<const std::int64_t> tiles, bool checked, bool full = true);

  std::unique_ptr<const spec::Mapping> mapping_;  // the prepared nodes point into it
  std::unique_ptr<detail::PreparedEinsum> prepared_;
  std::unique_ptr<detail::EinsumNumbers> numbers_;
  QuickEvaluation result_;
  std::vector<std::pair<int, int>> usage_slots_;  // (flat component, dim)
  std::vector<Buffer> buffers_;
  std::unique_ptr<Prefix> prefix_;
  // For may_overflow, called once per candidate chain: each node's loop ordinal (-1 for
  // other nodes), a shape it reuses and its terms per (component, rank variable), found on
  // first use (so a const query, but one object per thread).
  std::vector<int> loop_ordinal_;
  mutable std::vector<double> overflow_shape_;
  struct OverflowTerm {
    int tensor;
    int loop;  // ordinal of the loop setting the rank variable's extent; -1: its bound
    double bits_per_value, scale;
  };
  mutable std::map<std::pair<int, int>, std::vector<OverflowTerm>> overflow_terms_;  // (component, rv)
  const std::vector<OverflowTerm>& overflow_terms(int component, int rank_variable) const;
};

}  // namespace af::model
