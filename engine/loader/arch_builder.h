#pragma once
// From the `arch:` section to a ResolvedArch for one Einsum: every expression evaluated with
// that Einsum's symbols, default actions added, costs resolved, and the root-to-compute paths
// flattened (README: Evaluation order; Default actions and costs; spec/README.md, 'Flattening').
#include <functional>
#include <optional>
#include <set>
#include <string>

#include "components/cost_resolution.h"
#include "core/diagnostic.h"
#include "loader/evaluation.h"
#include "spec/spec.h"
#include "spec/workload.h"
#include "text/yaml/yaml_node.h"

namespace af::loader {

// AccelForge's CiM loader's options (compute_in_memory/_load_spec.py), for any arch: a
// "MacroAuto" container of `macros` power-gateable instances on top, and a Dummy "MainMemory"
// of unbounded size above everything, holding all but the weights.
struct CimOpening {
  int macros = 1;
  bool dummy_main_memory = false;
  [[nodiscard]] bool adds_nodes() const { return macros > 1 || dummy_main_memory; }
  bool operator==(const CimOpening&) const = default;
};

struct ArchBuildOptions {
  const components::CostTable* costs = nullptr;  // fills what the spec leaves out
  // When false (validation only), a cost nothing provides is a warning and counts as 0.
  bool costs_required = true;
  // Components the model prices although the table lists them (a stale entry set aside);
  // "*" for all.
  std::set<std::string> priced_by_model = {};
  const components::models::Registry* models = nullptr;  // null: the built-in models
  CimOpening cim = {};  // nodes AccelForge's CiM loader may add on top
};

// `base` holds the spec variables and the Einsum's set symbols. A cost that neither the spec
// nor the table gives is an error naming the component and the action (a warning when
// `options.costs_required` is false). Throws SpecError.
[[nodiscard]] spec::BuiltArch build_arch(const text::yaml::YamlNode& arch, const spec::SymbolTable& base,
                                         const spec::Einsum& einsum, const ArchBuildOptions& options);

}  // namespace af::loader
