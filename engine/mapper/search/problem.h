#pragma once
// What template generation needs to know about one Einsum on one flattened architecture
// path (root memory ... one Compute), precomputed once.
#include <map>
#include <set>
#include <string>
#include <vector>

#include "mapper/options.h"
#include "spec/spec.h"

namespace af::mapper {

using NameSet = std::set<std::string>;

struct EinsumProblem {
  const spec::Spec* spec = nullptr;
  const spec::Einsum* einsum = nullptr;
  const spec::BuiltArch* arch = nullptr;
  std::string compute;                              // the Compute leaf of this path
  std::vector<const spec::Component*> path;         // root -> compute (Containers included)
  std::map<std::string, double> cumulative_fanout;  // per path component
  std::string first_memory;
  std::vector<std::string> tensors;         // access order
  std::vector<std::string> rank_variables;  // sorted
  std::map<std::string, std::int64_t> bounds;
  std::map<std::string, NameSet> direct;      // tensor -> directly indexing rank variables
  std::map<std::string, NameSet> partial;     // tensor -> expression-indexing (not direct)
  std::map<std::string, NameSet> irrelevant;  // tensor -> neither
  std::map<std::string, NameSet> all_rvs;     // tensor -> every rank variable in its projection
  NameSet fusable, intermediates, persistent;
  bool compute_enabled = true;

  [[nodiscard]] int path_index(const std::string& component) const;
};

// One problem per Compute of the Einsum's architecture (heterogeneous arches have several).
// Throws core::SpecError if the spec has no architecture.
[[nodiscard]] std::vector<EinsumProblem> make_problems(const spec::Spec& spec, const spec::Einsum& einsum);

}  // namespace af::mapper
