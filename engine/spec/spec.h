#pragma once
// The typed, validated Spec: the whole contract between the loader and everything after it.
// Nothing here refers to YAML or Jinja; what must be evaluated later (a memory's `keep`,
// which sees the keep sets chosen above it) is a CompiledExpression that keeps its place.
#include <cstdint>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "core/diagnostic.h"
#include "spec/arch.h"
#include "spec/expression.h"
#include "spec/mapping.h"
#include "spec/priced_component.h"
#include "spec/resolved_spec.h"
#include "spec/workload.h"

namespace af::spec {

struct BuiltWorkload {
  Workload workload;
  // Per Einsum: every set symbol (tensors, rank variables, renames, All, ...; loader/README.md,
  // 'Set symbols and renames').
  std::map<std::string, SymbolTable> einsum_symbols;
  // Workload-level rank sizes after evaluation (R -> size), for summaries.
  std::map<std::string, std::int64_t> rank_sizes;
};

// A holder's `tensors:` choices evaluated for one Einsum without the per-choice symbols
// (the fallback when a compiled rule cannot be evaluated with them).
struct HolderTensorChoices {
  text::expr::NameSet keep, may_keep, back;
  bool keep_given = false;
  // The keys ("keep", "may_keep", "back") whose expression did not evaluate when the spec
  // loaded: only the mapper's per-choice symbols can give them a value, so a failure there is
  // an error (as in AccelForge), not a fall back to the sets above.
  std::set<std::string> unevaluated;
};

// A holder's `tensors:` rules for the mapper. keep/may_keep/back see `Above` and the keep sets
// chosen by the levels above, so they are compiled here and evaluated per storage choice.
struct HolderTensorRules {
  std::optional<CompiledExpression> keep, may_keep, back;
  std::set<std::string> no_refetch_from_above, no_resend_to_below;  // evaluated for the Einsum
  // False lets this holder's nodes sit above those of higher memories for other tensors
  // (a CiM array's weights held "as high as possible").
  bool force_memory_hierarchy_order = true;
  // `tile_shape` comparisons: read and checked, never enforced (as in AccelForge; README:
  // Mapper constraints).
  std::size_t tile_shape_constraints = 0;
};

// One `loop_bounds` entry of a spatial dimension (README: Mapper constraints): the loops over
// `rank_variables`, their bound (outer tile / tile) or its product, compared with `value`.
struct LoopBound {
  std::set<std::string> rank_variables;
  std::string op;  // == <= >= < >, or product== ... product>
  double value = 0;
  core::SourceLocation where;
};

// The mapper's constraints on one spatial dimension, evaluated for the Einsum.
struct SpatialRules {
  std::optional<double> min_usage;
  std::vector<LoopBound> loop_bounds;
};

struct BuiltArch {
  ResolvedArch arch;
  std::map<std::string, HolderTensorChoices> tensor_choices;                  // per Memory/Toll name
  std::map<std::string, HolderTensorRules> tensor_rules;                      // per Memory/Toll name
  std::map<std::pair<std::string, std::string>, SpatialRules> spatial_rules;  // (component, dim)
  std::map<std::string, bool> enabled;                                        // per component name
  SymbolTable arch_variables;                                                 // arch.variables, evaluated
  std::vector<core::Diagnostic> warnings;                                     // e.g. costs left unresolved
  // Every component but containers, in walk order: its figures and where each came from.
  std::vector<PricedComponent> priced;
};

// The `mapper:` section (AccelForge's accelforge/frontend/mapper/ffm.py). Unset fields keep the mapper's
// defaults.
struct MapperSettings {
  std::optional<unsigned> metrics;  // spec::Metric flags
  std::optional<std::int64_t> max_fused_loops;
  std::optional<std::int64_t> max_fused_loops_per_rank_variable;
  std::optional<std::int64_t> max_pmapping_templates_per_einsum;
  std::optional<double> objective_tolerance;
  std::optional<double> resource_usage_tolerance;
  std::optional<double> tiling_coarseness;
  std::optional<bool> explore_imperfect_spatial_loops;
  std::optional<bool> explore_imperfect_temporal_loops;
  std::optional<bool> explore_loop_orders;
  std::optional<bool> force_memory_hierarchy_order;
};

struct Spec {
  SymbolTable variables;                            // `variables:` evaluated
  BuiltWorkload workload;                           // Einsums, tensors, set symbols per Einsum
  std::map<std::string, BuiltArch> arch_by_einsum;  // empty when the spec has no arch
  std::optional<Mapping> mapping;
  MapperSettings mapper;
  std::vector<core::Diagnostic> warnings;

  [[nodiscard]] bool has_arch() const { return !arch_by_einsum.empty(); }
  // What the model reads.
  [[nodiscard]] ResolvedSpec resolved() const;
};

}  // namespace af::spec
