#pragma once
// Resolved architecture for one Einsum: every leaf with evaluated attributes and final
// per-action costs (see components/ for cost resolution).
#include <functional>
#include <limits>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "core/source_location.h"

namespace af::spec {

inline constexpr double kInf = std::numeric_limits<double>::infinity();

enum class ComponentKind { Memory, Toll, Compute, Container };
enum class TollDirection { Up, Down, UpAndDown };

struct SpatialDim {
  std::string name;
  double fanout = 1;
  std::optional<std::set<std::string>> may_reuse;  // nullopt = All (model: multicast/reduction)
  std::set<std::string> reuse;                     // mapper constraint only
  double usage_scale = 1;
  bool power_gateable = false;

  [[nodiscard]] bool may_reuse_tensor(const std::string& t) const {
    return !may_reuse || may_reuse->contains(t);
  }
};

struct Action {
  std::string name;
  double energy = 0;                                // J per action, after all scales
  double throughput = kInf;                         // actions/s, after scales and n_parallel_instances
  std::optional<double> bits_per_action;            // default: component's, else 1
  std::map<std::string, double> values_per_action;  // per tensor
};

struct Component;

// What a total_latency expression sees: the component and its actions with n_calls.
struct LatencyAction {
  std::string name;
  double n_calls = 0;
  double throughput = kInf;
  double energy = 0;
};
struct LatencyContext {
  const Component* component = nullptr;
  std::vector<LatencyAction> actions;
};
// Filled by the frontend with the real expression engine; empty -> builtin fallback.
using LatencyEvaluator = std::function<double(const std::string& expr, const LatencyContext&)>;

inline const std::string kDefaultTotalLatency = "sum(a.n_calls / a.throughput for a in actions)";

struct Component {
  std::string name;
  ComponentKind kind = ComponentKind::Memory;
  std::string component_class;  // informational ("Dummy", "SmartBufferSRAM", ...)

  // Memory / Toll
  double size = kInf;                            // bits
  std::map<std::string, double> bits_per_value;  // per-tensor override of the workload's
  std::optional<double> bits_per_action;
  std::map<std::string, double> values_per_action;
  bool skip_initial_output_write = true;                // Memory and Compute
  std::map<std::string, TollDirection> toll_direction;  // per tensor
  std::optional<TollDirection> toll_default_direction;  // for tensors not listed

  std::vector<Action> actions;
  double leak_power = 0;  // W per instance, after leak_power_scale and n_parallel_instances
  double area = 0;
  double actions_scale = 1;
  double n_parallel_instances = 1;  // informational; already folded into costs

  std::vector<SpatialDim> spatial;
  std::string total_latency = kDefaultTotalLatency;
  LatencyEvaluator latency_evaluator;  // empty -> builtin_latency_evaluator

  std::optional<core::SourceLocation> where;

  [[nodiscard]] const Action* find_action(const std::string& action) const;
  [[nodiscard]] const SpatialDim* find_dim(const std::string& dim) const;
  [[nodiscard]] double fanout() const;  // product of spatial fanouts
  [[nodiscard]] bool is_tensor_holder() const {
    return kind == ComponentKind::Memory || kind == ComponentKind::Toll;
  }
  [[nodiscard]] TollDirection direction_for(const std::string& tensor) const;
  // TensorHolder._get_values_per_action (README: Actions in values).
  [[nodiscard]] double values_per_action_for(const Action& action, const std::string& tensor,
                                             double workload_bits_per_value) const;
  [[nodiscard]] double bits_per_value_for(const std::string& tensor, double workload_bits_per_value) const;
};

// Architecture resolved for one Einsum. `components` holds every leaf (Memory, Toll,
// Compute, Container) in tree walk order; it drives leak rows and power gating.
// `paths` gives the flattened root->compute path (indices into components) per Compute;
// for a plain Hierarchical list (no Fork) `derive_linear_paths()` fills it.
struct ResolvedArch {
  std::vector<Component> components;
  std::map<std::string, std::vector<std::size_t>> paths;

  [[nodiscard]] const Component* find(const std::string& name) const;
  void derive_linear_paths();
  // Path for `compute`: from `paths`, else derived as for a plain list. Empty if unknown.
  [[nodiscard]] std::vector<std::size_t> path_for(const std::string& compute) const;
};

// A total_latency of one of the common forms, parsed once so the mapper's inner loop does
// not go through the expression engine:
//   sum|max|min(a.n_calls / a.throughput for a in actions) [/ number]* [* number]*
//   sum|max|min(a.n_calls for a in actions) [/ number]* [* number]*
struct LatencyFormula {
  enum class Reducer { Sum, Max, Min };
  Reducer reducer = Reducer::Sum;
  bool per_throughput = false;
  std::vector<std::pair<bool, double>> scale;  // (divide?, number), applied in order

  // nullopt when `expr` has another form.
  [[nodiscard]] static std::optional<LatencyFormula> parse(const std::string& expr);
  // Python's result for these actions; nullopt where Python would raise (a division by a
  // zero throughput, max/min of no actions), so the caller can let the full evaluator say so.
  [[nodiscard]] std::optional<double> apply(const std::vector<LatencyAction>& actions) const;
};

// The fallback when a Component has no latency_evaluator: a LatencyFormula, where 0/0
// counts as no latency and an empty max/min as 0. Throws std::invalid_argument for any
// other form.
double builtin_latency_evaluator(const std::string& expr, const LatencyContext& ctx);

}  // namespace af::spec
