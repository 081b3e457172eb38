#pragma once
// One Einsum's pmapping with everything that does not depend on tile shapes resolved once,
// for the mapper's inner loop: evaluate() takes only the loop tile shapes and returns the
// objectives, with exactly the arithmetic of model::evaluate.
#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "spec/types/mapping.h"
#include "spec/types/resolved_spec.h"

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
  double latency = 0, dynamic_energy = 0, leak_energy = 0;  // × instances, as model::evaluate
};

class CompiledPmapping {
 public:
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

  // "fanout Component.dim" or "capacity Component" for a failure of this pmapping.
  [[nodiscard]] std::string failure_name(const QuickEvaluation& failed) const;

  // Scaled usage of (component, dim) by the last evaluate(); 0 for index -1 (not on the
  // path). Index from usage_index().
  [[nodiscard]] int usage_index(const std::string& component, const std::string& dim);
  [[nodiscard]] double usage(int index) const;

 private:
  std::unique_ptr<const spec::Mapping> mapping_;  // the prepared nodes point into it
  std::unique_ptr<detail::PreparedEinsum> prepared_;
  std::unique_ptr<detail::EinsumNumbers> numbers_;
  QuickEvaluation result_;
  std::vector<std::pair<int, int>> usage_slots_;  // (flat component, dim)
};

}  // namespace af::model
