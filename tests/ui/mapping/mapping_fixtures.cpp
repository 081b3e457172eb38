#include "mapping_fixtures.h"

#include <stdexcept>

#include "mapping_edit/mapping_section.h"
#include "workspace/workspace.h"

namespace af::test {
namespace {

spec::TensorAccess access(const std::string& tensor, const std::string& r0, const std::string& r1,
                          bool output = false) {
  spec::TensorAccess a;
  a.tensor = tensor;
  a.projection = {{"A", spec::AffineExpr::variable(r0)}, {"B", spec::AffineExpr::variable(r1)}};
  a.output = output;
  return a;
}

// "T3": appends, since GCC 12 warns falsely (-Wrestrict) on `"T" + std::to_string(3)`.
std::string numbered(const char* prefix, int i) { return std::string(prefix).append(std::to_string(i)); }

spec::Einsum matmul(int i, std::int64_t m, std::int64_t kn) {
  const auto n = [](int k) { return numbered("n", k); };
  spec::Einsum e;
  e.name = numbered("Matmul", i);
  e.accesses = {access(numbered("T", i), "m", n(i)), access(numbered("W", i), n(i), n(i + 1)),
                access(numbered("T", i + 1), "m", n(i + 1), true)};
  e.rank_variable_bounds = {{"m", m}, {n(i), kn}, {n(i + 1), kn}};
  return e;
}

}  // namespace

spec::Workload matmulWorkload() { return spec::Workload{{matmul(0, 64, 32)}, 1}; }
spec::Workload twoMatmulWorkload() { return spec::Workload{{matmul(0, 64, 32), matmul(1, 64, 32)}, 1}; }

const char* const kThreeLevelYaml = R"(mapping:
  nodes:
  - !Storage
    tensors: [T0, W0, T1]
    component: MainMemory
  - !Temporal
    rank_variable: m
    tile_shape: 16
  - !Storage
    tensors: [T0, W0, T1]
    component: GlobalBuffer
  - !Spatial
    rank_variable: n1
    tile_shape: 8
    name: X
    component: PEArray
  - !Storage
    tensors: [W0]
    component: Register
  - !Temporal
    rank_variable: m
    tile_shape: 1
  - !Temporal
    rank_variable: n0
    tile_shape: 1
  - !Temporal
    rank_variable: n1
    tile_shape: 1
  - !Compute
    einsum: Matmul0
    component: MAC
)";

const char* const kSequentialYaml = R"(mapping:
  nodes:
  - !Storage {tensors: [T0, T1, T2, W0, W1], component: MainMemory}
  - !Sequential
    nodes:
    - !Nested
      nodes:
      - !Temporal {rank_variable: m, tile_shape: 1}
      - !Temporal {rank_variable: n0, tile_shape: 1}
      - !Temporal {rank_variable: n1, tile_shape: 1}
      - !Compute {einsum: Matmul0, component: MAC}
    - !Nested
      nodes:
      - !Temporal {rank_variable: m, tile_shape: 1}
      - !Temporal {rank_variable: n1, tile_shape: 1}
      - !Temporal {rank_variable: n2, tile_shape: 1}
      - !Compute {einsum: Matmul1, component: MAC}
)";

namespace {

const char* const kArch = R"(arch:
  nodes:
  - !Memory {name: MainMemory, size: inf, leak_power: 0, area: 0, tensors: {keep: All},
             actions: [{name: read, energy: 1e-10}, {name: write, energy: 1e-10}]}
  - !Memory {name: GlobalBuffer, size: 1024 * 1024, leak_power: 0, area: 0,
             actions: [{name: read, energy: 2e-12}, {name: write, energy: 2e-12}]}
  - !Container {name: PEArray, spatial: [{name: X, fanout: 8}]}
  - !Memory {name: Register, size: 1024 * 8, leak_power: 0, area: 0,
             actions: [{name: read, energy: 1e-13}, {name: write, energy: 1e-13}]}
  - !Compute {name: MAC, leak_power: 0, area: 0, actions: [{name: compute, energy: 5e-13}]}
)";

std::shared_ptr<const spec::ResolvedSpec> load(const std::string& workload) {
  SpecInputs in;
  in.files = {"arch.yaml", "workload.yaml"};
  in.unsaved = {{"arch.yaml", kArch}, {"workload.yaml", workload}};
  in.costs_required = false;
  const Workspace ws = Workspace::load(in);
  if (!ws.ok()) throw std::runtime_error("fixture spec: " + ws.diagnostics().front().to_string());
  return ws.resolved();
}

}  // namespace

std::shared_ptr<const spec::ResolvedSpec> matmulSpec() {
  return load(R"(workload:
  rank_sizes: {M: 64, N0: 32, N1: 32}
  bits_per_value: {All: 8}
  einsums:
  - name: Matmul0
    tensor_accesses:
    - {name: T0, projection: [m, n0]}
    - {name: W0, projection: [n0, n1]}
    - {name: T1, projection: [m, n1], output: True}
)");
}

std::shared_ptr<const spec::ResolvedSpec> twoMatmulSpec() {
  return load(R"(workload:
  rank_sizes: {M: 64, N0: 32, N1: 32, N2: 32}
  bits_per_value: {All: 8}
  einsums:
  - name: Matmul0
    tensor_accesses:
    - {name: T0, projection: [m, n0]}
    - {name: W0, projection: [n0, n1]}
    - {name: T1, projection: [m, n1], output: True}
  - name: Matmul1
    tensor_accesses:
    - {name: T1, projection: [m, n1]}
    - {name: W1, projection: [n1, n2]}
    - {name: T2, projection: [m, n2], output: True}
)");
}

// Read as the window reads a mapping file; a fixture that does not read is a broken test.
spec::Mapping readMapping(const QString& yaml) {
  const auto section = mapping_edit::read_mapping_section(yaml.toStdString(), "mapping.yaml", {});
  if (!section.mapping) throw core::SpecError(section.diagnostics);
  return *section.mapping;
}

}  // namespace af::test
