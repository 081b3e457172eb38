#pragma once
// From the `workload:` and `renames:` sections to the resolved Workload, plus the per-Einsum
// set symbols (All, Inputs, renames such as `weight`, ...) that arch expressions see.
#include <map>
#include <string>

#include "loader/evaluation.h"
#include "spec/workload.h"
#include "text/yaml/yaml_node.h"

namespace af::spec {

struct BuiltWorkload {
  Workload workload;
  // Per Einsum: every set symbol of §3 (tensors, rank variables, renames, All, ...).
  std::map<std::string, SymbolTable> einsum_symbols;
  // Workload-level rank sizes after evaluation (R -> size), for summaries.
  std::map<std::string, std::int64_t> rank_sizes;
};

// `renames` may be null. Throws SpecError with every problem found.
[[nodiscard]] BuiltWorkload build_workload(const YamlNode& workload, const YamlNode* renames);

}  // namespace af::spec
