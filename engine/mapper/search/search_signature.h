#pragma once
// When two Einsums need one tile search: a GPT layer's Q, K and V projections are the same
// problem with other tensor names. The signature is everything the tile search reads, with
// each tensor named by its access position; Einsums with equal signatures get equal rows
// from every template (same template order, same tiles, same figures), so the mapper
// searches the first and gives its rows to the others.
#include <optional>
#include <string>
#include <vector>

#include "mapper/search/problem.h"
#include "mapper/search/templates.h"

namespace af::mapper {

// Nullopt when the Einsum's search must run on its own: a component on its path has a
// total_latency outside LatencyFormula's forms, whose evaluator reads the arch's symbol
// table as built for this Einsum, which the signature cannot compare.
[[nodiscard]] std::optional<std::string> search_signature(const spec::Spec& spec, const spec::Einsum& einsum,
                                                          const std::vector<EinsumProblem>& problems,
                                                          const std::vector<PmappingTemplate>& templates);

}  // namespace af::mapper
