#include "loader/spec_builder.h"

#include <fmt/format.h>

#include <set>

#include "core/closest_name.h"
#include "loader/cim_defaults.h"
#include "loader/loop_tile_check.h"
#include "loader/mapper_settings.h"
#include "loader/mapping_reader.h"
#include "loader/schema.h"

using af::core::Diagnostic;
using af::core::SourceLocation;
using af::core::SpecError;
using af::text::yaml::YamlNode;

namespace af::loader {

namespace {

template <class F>
void collect(std::vector<Diagnostic>& errors, F&& f) {
  try {
    f();
  } catch (const SpecError& e) {
    errors.insert(errors.end(), e.diagnostics().begin(), e.diagnostics().end());
  }
}

// Checks the names a mapping uses against the workload and the architecture.
class MappingReferenceChecker {
 public:
  MappingReferenceChecker(const spec::Spec& spec, std::vector<Diagnostic>& errors)
      : spec_(spec), errors_(errors) {
    for (const auto& e : spec.workload.workload.einsums) einsums_.push_back(e.name);
    tensors_ = spec.workload.workload.tensor_names();
    if (spec.has_arch())
      for (const auto& c : spec.arch_by_einsum.begin()->second.arch.components) components_.push_back(c.name);
  }

  void check(const std::vector<spec::MappingNode>& nodes) {
    for (const auto& node : nodes) check(node);
  }

 private:
  void check(const spec::MappingNode& node) {
    // Each complaint sits at the field it is about (`component:`), not at the node's tag.
    const auto at = [&](std::string_view field) { return node.where_of(field).value_or(SourceLocation{}); };
    std::visit(
        [&](const auto& n) {
          using T = std::decay_t<decltype(n)>;
          if constexpr (std::is_same_v<T, spec::StorageNode> || std::is_same_v<T, spec::TollNode>) {
            component(n.component, at("component"));
            for (std::size_t i = 0; i < n.tensors.size(); ++i) {
              const auto& t = n.tensors[i];
              if (std::find(tensors_.begin(), tensors_.end(), t) == tensors_.end())
                add(at(fmt::format("tensors[{}]", i)), "tensors",
                    fmt::format("unknown tensor '{}'{}", t, core::did_you_mean(t, tensors_)));
            }
          } else if constexpr (std::is_same_v<T, spec::SpatialNode>) {
            component(n.component, at("component"));
          } else if constexpr (std::is_same_v<T, spec::ComputeNode>) {
            component(n.component, at("component"));
            if (std::find(einsums_.begin(), einsums_.end(), n.einsum) == einsums_.end())
              add(at("einsum"), "einsum",
                  fmt::format("unknown Einsum '{}'{}", n.einsum, core::did_you_mean(n.einsum, einsums_)));
          } else if constexpr (std::is_same_v<T, spec::BranchNode>) {
            for (const auto& b : n.branches) check(b);
          } else if constexpr (std::is_same_v<T, spec::NestedNode>) {
            check(n.nodes);
          }
        },
        node.node);
  }

  void component(const std::string& name, const SourceLocation& where) {
    if (components_.empty()) return;  // no arch loaded: nothing to check against
    if (std::find(components_.begin(), components_.end(), name) == components_.end())
      add(where, "component",
          fmt::format("unknown component '{}'{}", name, core::did_you_mean(name, components_)));
  }

  void add(const SourceLocation& where, const std::string& field, std::string message) {
    errors_.push_back(Diagnostic{where, "mapping." + field, std::move(message)});
  }

  const spec::Spec& spec_;
  std::vector<Diagnostic>& errors_;
  std::vector<std::string> einsums_, tensors_, components_;
};

}  // namespace

spec::Spec build_spec(const YamlNode& top, const ArchBuildOptions& options) {
  std::vector<Diagnostic> errors = check_spec_shape(top);
  if (!errors.empty()) throw SpecError(std::move(errors));

  spec::Spec spec;
  if (const YamlNode* vars = top.find("variables"); vars && vars->is_map())
    collect(errors, [&] { spec.variables = evaluate_map_in_order(*vars, spec::SymbolTable{}, "variables"); });

  const YamlNode* workload = top.find("workload");
  if (!workload || workload->is_null()) {
    errors.push_back(
        Diagnostic{top.location(), "workload", "the spec has no 'workload' (give a workload file)"});
    throw SpecError(std::move(errors));
  }
  collect(errors, [&] { spec.workload = build_workload(*workload, top.find("renames")); });
  if (!errors.empty()) throw SpecError(std::move(errors));

  if (const YamlNode* written = top.find("arch"); written && !written->is_null()) {
    const YamlNode with_nodes = options.cim.adds_nodes()
                                    ? with_cim_nodes(*written, options.cim.macros, options.cim.dummy_main_memory)
                                    : YamlNode();
    const YamlNode* arch = with_nodes.is_null() ? written : &with_nodes;
    // Arch attributes may depend on the Einsum (`weight.bits_per_value if weight else 0`).
    for (const auto& einsum : spec.workload.workload.einsums) {
      spec::SymbolTable base = spec.variables;
      for (const auto& [k, v] : spec.workload.einsum_symbols.at(einsum.name)) base[k] = v;
      std::vector<Diagnostic> local;
      collect(local, [&] { spec.arch_by_einsum[einsum.name] = build_arch(*arch, base, einsum, options); });
      if (const auto it = spec.arch_by_einsum.find(einsum.name); it != spec.arch_by_einsum.end())
        for (const auto& w : it->second.warnings)  // once per distinct warning
          if (std::none_of(spec.warnings.begin(), spec.warnings.end(),
                           [&](const Diagnostic& seen) { return seen.message == w.message; }))
            spec.warnings.push_back(w);
      // The same mistake shows once, not once per Einsum.
      for (auto& d : local)
        if (std::none_of(errors.begin(), errors.end(), [&](const Diagnostic& e) {
              return e.message == d.message && e.where.line == d.where.line;
            }))
          errors.push_back(std::move(d));
      if (!local.empty()) break;
    }
  }

  if (const YamlNode* mapper = top.find("mapper"); mapper && !mapper->is_null())
    collect(errors, [&] { spec.mapper = read_mapper_settings(*mapper, spec.variables); });
  apply_cim_defaults(top, options.models ? *options.models : components::models::builtin_registry(), spec);

  if (const YamlNode* mapping = top.find("mapping"); mapping && !mapping->is_null()) {
    collect(errors, [&] { spec.mapping = read_mapping(*mapping); });
    if (spec.mapping) MappingReferenceChecker(spec, errors).check(spec.mapping->nodes);
    if (spec.mapping && errors.empty()) check_loop_tiles(*spec.mapping, spec.workload.workload, errors);
  }
  if (!errors.empty()) throw SpecError(std::move(errors));
  return spec;
}

}  // namespace af::loader
