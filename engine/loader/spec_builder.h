#pragma once
// The typed, validated Spec: the merged YAML tree checked for shape, then the workload, the
// per-Einsum architecture and the mapping built from it. Every error found is reported at once.
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "loader/arch_builder.h"
#include "loader/evaluation.h"
#include "loader/workload_builder.h"
#include "core/diagnostic.h"
#include "spec/mapping.h"
#include "spec/resolved_spec.h"
#include "text/yaml/yaml_node.h"

namespace af::spec {

struct Spec {
  YamlNode tree;                                    // the merged top-level map, as loaded
  SymbolTable variables;                            // `variables:` evaluated
  BuiltWorkload workload;                           // Einsums, tensors, set symbols per Einsum
  std::map<std::string, BuiltArch> arch_by_einsum;  // empty when the spec has no arch
  std::optional<Mapping> mapping;
  std::vector<Diagnostic> warnings;

  [[nodiscard]] bool has_arch() const { return !arch_by_einsum.empty(); }
  // What the model reads.
  [[nodiscard]] ResolvedSpec resolved() const;
};

// Builds the Spec from a merged top-level tree. The mapping (if present)
// is checked against the workload and the arch: unknown components, tensors, Einsums and rank
// variables are errors with a did-you-mean. Throws SpecError with every problem found.
[[nodiscard]] Spec build_spec(const YamlNode& top, const ArchBuildOptions& options = {});

}  // namespace af::spec
