#pragma once
// The contract between the frontend and the model: everything evaluated, no text left
// except total_latency expressions (evaluated through Component::latency_evaluator).
#include <map>
#include <optional>
#include <stdexcept>
#include <string>

#include "spec/arch.h"
#include "spec/mapping.h"
#include "spec/workload.h"

namespace af::spec {

struct ResolvedSpec {
  Workload workload;
  // Arch attributes may depend on the Einsum: per-Einsum entries win over `arch`.
  std::map<std::string, ResolvedArch> arch_by_einsum;
  std::optional<ResolvedArch> arch;
  std::optional<Mapping> mapping;

  [[nodiscard]] const ResolvedArch& arch_for(const std::string& einsum) const {
    if (const auto it = arch_by_einsum.find(einsum); it != arch_by_einsum.end()) return it->second;
    if (arch) return *arch;
    throw std::out_of_range("no resolved architecture for Einsum " + einsum);
  }
};

}  // namespace af::spec
