#pragma once
// Compatibility (AccelForge's mapper/FFM/_join_pmappings/compatibility.py): what the other Einsums can
// observe of a pmapping. For every shared (fusable) tensor, where its backing node sits: the memory, and the
// fused loops above it in that tensor's ranks; plus how many times each fused loop
// iterates. Two pmappings join only if the tensors they share are held alike and the
// loops they share iterate alike; everything else about a pmapping is numbers (its
// objectives and reservations) that Pareto pruning may compare.
#include <cstdint>
#include <string>
#include <vector>

#include "mapper/search/templates.h"

namespace af::mapper {

struct Compatibility {
  struct Tensor {
    std::string name, memory;
    bool persistent = false;
    // Per loop above the backing node: the rank of this tensor the loop walks ("" when
    // none), and whether the loop is spatial. Persistent tensors sit above every loop.
    std::vector<std::string> ranks;
    std::vector<char> spatial;

    [[nodiscard]] int depth() const { return persistent ? -1 : static_cast<int>(ranks.size()); }
    auto operator<=>(const Tensor&) const = default;
  };
  // Per shared loop (the loops above the deepest backing node), its iteration count; a
  // loop iterating once does not exist and is left out (§3.7 step 5).
  std::vector<std::int64_t> iterations;
  std::vector<Tensor> tensors;  // by name

  [[nodiscard]] std::size_t n_loops() const { return iterations.size(); }
  [[nodiscard]] const Tensor* find(const std::string& tensor) const;
  [[nodiscard]] bool has(const std::string& tensor) const { return find(tensor) != nullptr; }
  // Only the tensors for which `keep(name)` holds, and the loops above them (§5.1
  // clear_dead_tensors).
  template <class Keep>
  [[nodiscard]] Compatibility restricted(const Keep& keep) const {
    Compatibility c;
    std::size_t n = 0;
    for (const auto& t : tensors)
      if (keep(t.name)) {
        c.tensors.push_back(t);
        if (t.depth() > 0) n = std::max(n, static_cast<std::size_t>(t.depth()));
      }
    c.iterations.assign(iterations.begin(), iterations.begin() + static_cast<std::ptrdiff_t>(n));
    return c;
  }
  [[nodiscard]] std::string describe() const;  // "T1 in GlobalBuffer under M(4)"

  auto operator<=>(const Compatibility&) const = default;
};

// A template's row with the loop iteration counts `fused_iterations` (one per fused loop,
// node order): the template's shared tensors, with the loops that iterate once dropped.
[[nodiscard]] Compatibility compatibility_of(const PmappingTemplate& t,
                                             const std::vector<std::int64_t>& fused_iterations);

}  // namespace af::mapper
