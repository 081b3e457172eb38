#pragma once
// Pmapping templates (AccelForge's mapper/FFM/_make_pmappings/make_pmapping_templates/): storage choices, canonical storage orders,
// temporal loops per slot, spatial loops per fanout dimension, constraints, dedup. Loop
// tile shapes stay open; tile_shapes.h fills them.
#include <cstdint>
#include <functional>
#include <set>
#include <stop_token>
#include <string>
#include <vector>

#include "mapper/search/problem.h"

namespace af::mapper {

enum class TemplateNodeKind : std::uint8_t { Storage, Temporal, Spatial };

struct TemplateNode {
  TemplateNodeKind kind = TemplateNodeKind::Storage;
  std::string tensor;     // Storage
  std::string component;  // Storage: the memory; Spatial: the node owning the dimension
  bool backing = false;   // Storage: outermost holder of its tensor
  bool toll = false;      // Storage: the component is a Toll, so the mapping node is a Toll
  bool persistent = false;
  bool must_keep = false;
  std::string rank_variable;  // loops
  std::string dim;            // Spatial: dimension name

  // AccelForge's compact_str (drives candidate order and the dedup key).
  [[nodiscard]] std::string compact() const;
};

struct MinUsageConstraint {
  std::string component, dim;
  double min_usage = 0;
};

// A spatial dimension's `loop_bounds` entry that survives template generation (entries
// with value 1 and ==, <=, product== or product<= delete their loops instead): each
// targeted loop's bound (outer tile / tile), or their product, compared with `value`.
struct LoopBoundConstraint {
  std::string component, dim;
  std::set<std::string> rank_variables;
  std::string op;  // == <= >= < >, or product== ... product>
  double value = 0;

  [[nodiscard]] bool holds(const std::vector<double>& loop_bounds) const;
  [[nodiscard]] std::string name() const;  // "loop_bounds MACArray.X [m] <= 2"
};

// A fusable tensor's backing node as the other Einsums see it (AccelForge's
// _join_pmappings/compatibility.py): its memory, and per loop above the node the rank of this
// tensor that the loop's rank variable indexes ("" when it indexes none) and whether the loop is spatial.
struct SharedTensorHolder {
  std::string tensor, memory;
  bool persistent = false;  // above every loop, alive for the whole workload
  std::vector<std::string> ranks;
  std::vector<char> spatial;

  [[nodiscard]] std::size_t depth() const { return ranks.size(); }
};

struct PmappingTemplate {
  std::size_t index = 0;  // per Einsum, in generation order
  std::string einsum, compute;
  std::vector<TemplateNode> nodes;  // without the Compute node
  std::vector<MinUsageConstraint> min_usage;
  std::vector<LoopBoundConstraint> loop_bounds;
  // Fusion (§2.7): the first n_fused_loops loops (node order) sit above the last backing
  // node of a fusable tensor; `shared` holds every fusable tensor's backing node, by name.
  std::size_t n_fused_loops = 0;
  std::vector<SharedTensorHolder> shared;

  [[nodiscard]] std::string describe() const;  // "[T0 in MainMemory] T-m S-X-n ..."
};

struct TemplateStats {
  std::size_t storage_choices = 0;
  std::size_t storage_orders = 0;
  std::size_t loop_variants = 0;  // before dedup
  std::size_t duplicates = 0;
  std::size_t fused = 0;  // with fused loops
};

// Calls `emit` for each distinct template (stops early when it returns false, when
// `max_pmapping_templates_per_einsum` is reached, or when `stop` is requested).
// Throws core::SpecError for unusable holder settings (a tensor kept nowhere).
TemplateStats make_templates(const EinsumProblem& problem, const MapperOptions& options,
                             const std::function<bool(PmappingTemplate)>& emit, std::stop_token stop = {});

// Convenience: every template in a vector.
[[nodiscard]] std::vector<PmappingTemplate> all_templates(const EinsumProblem& problem,
                                                          const MapperOptions& options,
                                                          TemplateStats* stats = nullptr);

}  // namespace af::mapper
