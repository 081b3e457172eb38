#pragma once
// A joined mapping as one loop tree: the loops that consecutive Einsums share sit above a
// Sequential node that splits into the Einsums' own branches (AccelForge's
// Mapping._from_pmappings). Every Einsum's root-to-Compute path, with the other Einsums'
// tensors left out, is exactly its pmapping, so the model evaluates the tree to the
// figures the mapper computed.
#include <cstdint>
#include <vector>

#include "spec/mapping.h"

namespace af::mapper {

struct PmappingChain {
  spec::Mapping chain;                         // one Einsum: storage nodes and loops, then Compute
  std::vector<std::int64_t> fused_iterations;  // per fused loop (node order): its iteration count
};

// `shared_loops[i]`: how many loops iterating more than once Einsums i and i+1 share (the
// join's compatibility). A loop goes above a split only if it is identical in every
// Einsum below, and a storage node with it only if every Einsum below that uses its
// tensor holds it there too; otherwise the split moves up, which changes no figure.
[[nodiscard]] spec::Mapping merged_mapping(const std::vector<PmappingChain>& pmappings,
                                           const std::vector<std::size_t>& shared_loops);

}  // namespace af::mapper
