#include "mapping_fixtures.h"

#include "loader/mapping_reader.h"
#include "text/yaml/yaml_parse.h"

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

spec::Einsum matmul(int i, std::int64_t m, std::int64_t kn) {
  const auto n = [](int k) { return "n" + std::to_string(k); };
  spec::Einsum e;
  e.name = "Matmul" + std::to_string(i);
  e.accesses = {access("T" + std::to_string(i), "m", n(i)), access("W" + std::to_string(i), n(i), n(i + 1)),
                access("T" + std::to_string(i + 1), "m", n(i + 1), true)};
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

spec::Mapping readMapping(const QString& yaml) {
  const auto root = spec::parse_yaml(yaml.toStdString(), "mapping.yaml");
  return spec::read_mapping(root.at("mapping"));
}

}  // namespace af::test
