#pragma once
// Resolved workload: Einsums with evaluated projections, bounds and bits per value.
// The frontend fills these; the model reads them. No text parsing here.
#include <cstdint>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "core/source_location.h"

namespace af::spec {

// coeff * var
struct AffineTerm {
  std::string var;
  std::int64_t coeff = 1;
};

// Σ coeff*var + constant (a projection entry such as `p + r` or `2*p`).
struct AffineExpr {
  std::vector<AffineTerm> terms;
  std::int64_t constant = 0;

  static AffineExpr variable(std::string var) { return AffineExpr{{{std::move(var), 1}}, 0}; }
  [[nodiscard]] bool contains(const std::string& var) const;
  // One additive term, no constant (`m`, `2*p`): the rv is Relevant (README: Relevancy).
  [[nodiscard]] bool single_term() const { return terms.size() == 1 && constant == 0; }
  // Exactly `v` (coefficient 1, no constant): "directly indexing".
  [[nodiscard]] bool is_plain_variable() const { return single_term() && terms.front().coeff == 1; }
};

struct ProjectionEntry {
  std::string rank;  // upper-case rank name, e.g. "M"
  AffineExpr expr;
};

struct TensorAccess {
  std::string tensor;
  std::vector<ProjectionEntry> projection;  // in the order written
  bool output = false;
  bool persistent = false;
  double bits_per_value = 8;
};

enum class Relevancy { Irrelevant, Relevant, PartiallyRelevant };

struct Einsum {
  std::string name;
  std::vector<TensorAccess> accesses;
  // Box hull of the iteration space per rank variable (max - min + 1), see iteration_space.h.
  std::map<std::string, std::int64_t> rank_variable_bounds;
  bool is_copy_operation = false;
  double n_instances = 1;
  // Exact number of points of the iteration space, if the frontend computed it and it fits in
  // 64 bits; n_computes_decimal holds the same count at any size.
  std::optional<std::int64_t> n_computes;
  std::string n_computes_decimal;
  std::optional<core::SourceLocation> where;

  [[nodiscard]] const TensorAccess* find_access(const std::string& tensor) const;
  [[nodiscard]] bool is_output(const std::string& tensor) const;
  [[nodiscard]] std::vector<std::string> tensor_names() const;  // access order
  [[nodiscard]] std::set<std::string> rank_variables() const;   // from projections and bounds
  // First projection entry containing rv decides; none -> Irrelevant (README: Relevancy).
  [[nodiscard]] Relevancy relevancy(const std::string& rank_variable, const std::string& tensor) const;
  // Rank variables never used inside a multi-term (or scaled) expression.
  [[nodiscard]] std::set<std::string> simple_rank_variables() const;
  // The single input of a copy Einsum (throws if not exactly one).
  [[nodiscard]] std::string copy_source_tensor() const;
  [[nodiscard]] std::int64_t bound(const std::string& rank_variable) const;  // 1 if unknown
};

// Dense tile (README: Dense tile): Π over ranks (expr with each rv replaced by S[rv]-1) + 1, in values.
// `shape` gives S per rank variable; rank variables missing from it count as S = 1.
double dense_tile_occupancy(const TensorAccess& access, const std::map<std::string, double>& shape);

struct Workload {
  std::vector<Einsum> einsums;  // list order = execution order
  double n_instances = 1;

  [[nodiscard]] const Einsum* find_einsum(const std::string& name) const;
  [[nodiscard]] std::vector<std::string> tensor_names() const;  // first-use order
  [[nodiscard]] std::vector<std::string> producers(const std::string& tensor) const;
  [[nodiscard]] std::vector<std::string> consumers(const std::string& tensor) const;
  // Produced by one Einsum and consumed by another.
  [[nodiscard]] std::set<std::string> intermediate_tensors() const;
  // Used in at least two Einsums (`tensor_names_used_in_multiple_einsums`).
  [[nodiscard]] std::set<std::string> fusable_tensors() const;
};

}  // namespace af::spec
