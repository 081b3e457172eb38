#pragma once
// Programmatic equivalents of the reference examples (simple.yaml, matmuls.yaml, ...).
#include <string>
#include <vector>

#include "spec/resolved_spec.h"

namespace af::test {

// examples/workloads/basic/matmuls.yaml: Matmul{i}: T{i+1}[m,n{i+1}] = T{i}[m,n{i}] * W{i}[n{i},n{i+1}].
spec::Workload matmuls(int n_einsums, int M, int KN, double bits_per_value = 8);

spec::Component memory(const std::string& name, double size, double energy,
                       double throughput = spec::kInf);
spec::Component mac(const std::string& name, double energy, double throughput);
spec::Component container(const std::string& name, const std::string& dim, double fanout);

// examples/arches/simple.yaml (MainMemoryEnergy=1).
spec::ResolvedArch simple_arch(double global_buffer_size = spec::kInf);
// examples/arches/fanout_variations/at_glb_with_fanout_node.yaml.
spec::ResolvedArch fanout_arch();

spec::MappingNode storage(const std::string& component, std::vector<std::string> tensors,
                          bool persistent = false);
spec::MappingNode temporal(const std::string& rv, std::int64_t tile);
spec::MappingNode spatial(const std::string& rv, std::int64_t tile, const std::string& dim,
                          const std::string& component);
spec::MappingNode compute(const std::string& einsum, const std::string& component = "MAC");
spec::MappingNode nested(std::vector<spec::MappingNode> nodes);
spec::MappingNode sequential(std::vector<spec::MappingNode> branches);

spec::ResolvedSpec make_spec(spec::Workload w, spec::ResolvedArch arch);

}  // namespace af::test
