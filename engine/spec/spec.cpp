#include "spec/spec.h"

namespace af::spec {

ResolvedSpec Spec::resolved() const {
  ResolvedSpec out;
  out.workload = workload.workload;
  for (const auto& [einsum, arch] : arch_by_einsum) out.arch_by_einsum[einsum] = arch.arch;
  out.mapping = mapping;
  return out;
}

}  // namespace af::spec
