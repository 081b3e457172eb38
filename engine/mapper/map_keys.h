#pragma once
// The texts a MapCache keeps stage results under (map_cache.h): exactly what each stage
// reads, so that equal texts mean equal results.
#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "mapper/join/join.h"
#include "mapper/options.h"
#include "mapper/reservations.h"
#include "mapper/search/templates.h"

namespace af::mapper {

// An Einsum's tile search: its search signature (search_signature.h: the Einsum, its priced
// arch, its problems and templates), the options that shape the search, and for the join's
// rows the memories it tracks (their reservations are the rows' columns); null for the
// least fronts, which track none.
[[nodiscard]] std::string search_cache_key(const std::string& signature, const MapperOptions& options,
                                           const TrackedMemories* tracked);

// The join: per Einsum its name and tensors, the search its rows come from (`searches`, by
// key; nullopt when some Einsum's search has none, and then so has the join), its
// templates' shared tensors (its compatibilities); the tracked memories, the aliased
// tensors and the join's settings. Not the ceilings: they remove only rows that cannot be
// on the front.
[[nodiscard]] std::optional<std::string> join_cache_key(
    const std::vector<std::optional<std::string>>& searches, const std::vector<JoinEinsum>& input,
    const std::vector<std::vector<PmappingTemplate>>& templates, const TrackedMemories& tracked,
    const std::map<std::string, std::set<std::string>>& copies, const JoinSettings& settings);

}  // namespace af::mapper
