#include "builders.h"

namespace af::test {

using spec::AffineExpr;

namespace {
// "T3": appends, since GCC 12 warns falsely (-Wrestrict) on `"T" + std::to_string(3)`.
std::string numbered(const char* prefix, int i) { return std::string(prefix).append(std::to_string(i)); }

spec::TensorAccess access(const std::string& t, const std::vector<std::string>& rvs, bool output,
                          double bpv) {
  spec::TensorAccess a;
  a.tensor = t;
  a.output = output;
  a.bits_per_value = bpv;
  for (const auto& rv : rvs) {
    std::string rank = rv;
    for (auto& c : rank) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    a.projection.push_back({rank, AffineExpr::variable(rv)});
  }
  return a;
}
}  // namespace

spec::Workload matmuls(int n_einsums, int M, int KN, double bpv) {
  spec::Workload w;
  for (int i = 0; i < n_einsums; ++i) {
    const auto n0 = numbered("n", i), n1 = numbered("n", i + 1);
    spec::Einsum e;
    e.name = numbered("Matmul", i);
    e.accesses.push_back(access(numbered("T", i), {"m", n0}, false, bpv));
    e.accesses.push_back(access(numbered("W", i), {n0, n1}, false, bpv));
    e.accesses.push_back(access(numbered("T", i + 1), {"m", n1}, true, bpv));
    e.rank_variable_bounds = {{"m", M}, {n0, KN}, {n1, KN}};
    w.einsums.push_back(std::move(e));
  }
  return w;
}

spec::Component memory(const std::string& name, double size, double energy, double throughput) {
  spec::Component c;
  c.name = name;
  c.kind = spec::ComponentKind::Memory;
  c.size = size;
  c.actions = {{"read", energy, throughput, {}, {}}, {"write", energy, throughput, {}, {}}};
  return c;
}

spec::Component mac(const std::string& name, double energy, double throughput) {
  spec::Component c;
  c.name = name;
  c.kind = spec::ComponentKind::Compute;
  c.actions = {{"compute", energy, throughput, {}, {}}};
  return c;
}

spec::Component container(const std::string& name, const std::string& dim, double fanout) {
  spec::Component c;
  c.name = name;
  c.kind = spec::ComponentKind::Container;
  spec::SpatialDim d;
  d.name = dim;
  d.fanout = fanout;
  c.spatial.push_back(d);
  return c;
}

spec::ResolvedArch simple_arch(double gb_size) {
  spec::ResolvedArch a;
  a.components = {memory("MainMemory", spec::kInf, 1), memory("GlobalBuffer", gb_size, 1),
                  mac("MAC", 1, 1)};
  a.derive_linear_paths();
  return a;
}

spec::ResolvedArch fanout_arch() {
  spec::ResolvedArch a;
  a.components = {memory("MainMemory", spec::kInf, 1), container("GlobalBufferArray", "X", 4),
                  memory("GlobalBuffer", spec::kInf, 0), mac("MAC", 0, 1)};
  a.derive_linear_paths();
  return a;
}

spec::MappingNode storage(const std::string& component, std::vector<std::string> tensors,
                          bool persistent) {
  return {spec::StorageNode{std::move(tensors), component, persistent}, {}, {}};
}
spec::MappingNode temporal(const std::string& rv, std::int64_t tile) {
  return {spec::TemporalNode{rv, tile, {}}, {}, {}};
}
spec::MappingNode spatial(const std::string& rv, std::int64_t tile, const std::string& dim,
                          const std::string& component) {
  return {spec::SpatialNode{rv, tile, {}, dim, component}, {}, {}};
}
spec::MappingNode compute(const std::string& einsum, const std::string& component) {
  return {spec::ComputeNode{einsum, component}, {}, {}};
}
spec::MappingNode nested(std::vector<spec::MappingNode> nodes) {
  return {spec::NestedNode{std::move(nodes)}, {}, {}};
}
spec::MappingNode sequential(std::vector<spec::MappingNode> branches) {
  return {spec::BranchNode{spec::BranchKind::Sequential, std::move(branches)}, {}, {}};
}

spec::ResolvedSpec make_spec(spec::Workload w, spec::ResolvedArch arch) {
  spec::ResolvedSpec s;
  s.workload = std::move(w);
  s.arch = std::move(arch);
  return s;
}

}  // namespace af::test
