#pragma once
// Shared by the mapper tests: every candidate chain of a rank variable, materialized (the
// search walks ChainSpace lazily), and each rank variable's loops and imperfect flags in
// a template, as explore_tile_shapes sees them.
#include <map>
#include <string>
#include <vector>

#include "mapper/options.h"
#include "mapper/search/problem.h"
#include "mapper/search/templates.h"
#include "mapper/search/tile_candidates.h"

namespace af::test {

using Chain = std::vector<std::int64_t>;  // tiles, outer loop first

inline void walk_chains(const mapper::ChainSpace& space, std::size_t j, Chain& chain,
                        std::vector<Chain>& out) {
  for (const std::int64_t t : space.candidates(j, chain[j + 1])) {
    chain[j] = t;
    if (j == 0)
      out.push_back(chain);
    else
      walk_chains(space, j - 1, chain, out);
  }
}

// Largest tiles first at each level, as the search visits them.
inline std::vector<Chain> candidate_chains(std::int64_t bound, const std::vector<char>& imperfect,
                                           double coarseness) {
  Chain chain(imperfect.size(), 1);
  if (imperfect.size() <= 1) return {chain};
  std::vector<Chain> out;
  walk_chains(mapper::ChainSpace(bound, imperfect, coarseness), imperfect.size() - 2, chain, out);
  return out;
}

struct RankVariableLoops {
  std::vector<std::size_t> loops;  // template loop positions, outer first
  std::vector<char> imperfect;     // per loop
  std::vector<Chain> chains;       // its candidate chains
};

inline std::map<std::string, RankVariableLoops> rank_variable_loops(const mapper::PmappingTemplate& t,
                                                                    const mapper::EinsumProblem& p,
                                                                    const mapper::MapperOptions& o) {
  const mapper::TilingOptions tiling{o.explore_imperfect_spatial_loops, o.explore_imperfect_temporal_loops,
                                     o.tiling_coarseness};
  const auto imperfect = mapper::imperfect_loops(t, p.einsum->simple_rank_variables(), tiling);
  std::map<std::string, RankVariableLoops> out;
  std::size_t i = 0;
  for (const auto& n : t.nodes)
    if (n.kind != mapper::TemplateNodeKind::Storage) {
      out[n.rank_variable].loops.push_back(i);
      out[n.rank_variable].imperfect.push_back(imperfect[i++]);
    }
  for (auto& [rv, r] : out) r.chains = candidate_chains(p.bounds.at(rv), r.imperfect, o.tiling_coarseness);
  return out;
}

}  // namespace af::test
