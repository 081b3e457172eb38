#include "fixtures.h"

#include <cctype>
#include <string>

namespace af::test {

namespace {

spec::Component memory(std::string name, std::string cls, double bits, double read, double write, double bpa,
                       double throughput = spec::kInf) {
  spec::Component c;
  c.name = std::move(name);
  c.kind = spec::ComponentKind::Memory;
  c.component_class = std::move(cls);
  c.size = bits;
  c.bits_per_action = bpa;
  c.actions = {{"read", read, throughput, {}, {}}, {"write", write, throughput, {}, {}}};
  return c;
}

spec::Component container(std::string name, std::vector<std::pair<std::string, double>> dims) {
  spec::Component c;
  c.name = std::move(name);
  c.kind = spec::ComponentKind::Container;
  for (auto& [d, f] : dims) c.spatial.push_back({d, f, std::nullopt, {}, 1, false});
  return c;
}

spec::Component compute(std::string name, std::string cls, double energy, double throughput) {
  spec::Component c;
  c.name = std::move(name);
  c.kind = spec::ComponentKind::Compute;
  c.component_class = std::move(cls);
  c.actions = {{"compute", energy, throughput, {}, {}}};
  return c;
}

spec::TensorAccess access(std::string tensor, std::vector<std::string> rvs, bool output = false) {
  spec::TensorAccess a;
  a.tensor = std::move(tensor);
  for (auto& rv : rvs) {
    std::string rank = rv;
    for (auto& ch : rank) ch = static_cast<char>(std::toupper(static_cast<unsigned char>(ch)));
    a.projection.push_back({rank, spec::AffineExpr::variable(rv)});
  }
  a.output = output;
  return a;
}

spec::Einsum einsum(std::string name, std::vector<spec::TensorAccess> accesses,
                    std::map<std::string, std::int64_t> bounds) {
  spec::Einsum e;
  e.name = std::move(name);
  e.accesses = std::move(accesses);
  e.rank_variable_bounds = std::move(bounds);
  return e;
}

}  // namespace

spec::ResolvedArch threeLevelArch() {
  spec::ResolvedArch a;
  a.components = {memory("DRAM", "LPDDR4", spec::kInf, 512e-12, 512e-12, 64),
                  memory("GlobalBuffer", "SmartBufferSRAM", 1048576, 2.5e-12, 3e-12, 64, 6.4e9),
                  container("PE", {{"X", 4}, {"Y", 4}}),
                  memory("Register", "", 256, 0.1e-12, 0.12e-12, 8),
                  compute("MAC", "IntMAC", 0.5e-12, 1e9)};
  a.derive_linear_paths();
  return a;
}

spec::ResolvedArch eyerissArch() {
  spec::ResolvedArch a;
  a.components = {memory("MainMemory", "LPDDR4", spec::kInf, 512e-12, 512e-12, 64),
                  memory("GlobalBuffer", "SmartBufferSRAM", 1024 * 1024, 3.2e-12, 3.6e-12, 64, 6.4e9),
                  container("ProcessingElement", {{"reuse_weight", 14}, {"reuse_output", 12}}),
                  memory("InputScratchpad", "SmartBufferSRAM", 12 * 16, 0.18e-12, 0.2e-12, 16, 200e6),
                  memory("WeightScratchpad", "SmartBufferSRAM", 192 * 16, 0.41e-12, 0.45e-12, 16, 200e6),
                  memory("OutputScratchpad", "SmartBufferSRAM", 16 * 16, 0.21e-12, 0.23e-12, 16, 200e6),
                  compute("MAC", "IntMAC", 0.26e-12, 200e6)};
  a.components[1].leak_power = 1.2e-3;
  a.derive_linear_paths();
  return a;
}

spec::ResolvedArch forkedArch() {
  spec::ResolvedArch a;
  a.components = {memory("DRAM", "", spec::kInf, 100e-12, 100e-12, 64),
                  memory("Buffer", "", 65536, 1e-12, 1e-12, 32),
                  container("Lanes", {{"L", 8}}),
                  compute("MAC", "", 0.5e-12, 1e9),
                  memory("VectorRF", "", 2048, 0.2e-12, 0.2e-12, 32),
                  compute("Vector", "", 0.8e-12, 1e9)};
  a.paths = {{"MAC", {0, 1, 2, 3}}, {"Vector", {0, 1, 4, 5}}};
  return a;
}

spec::Workload matmulChain(int n) {
  spec::Workload w;
  for (int i = 0; i < n; ++i) {
    const std::string a = std::to_string(i), b = std::to_string(i + 1);
    w.einsums.push_back(einsum("Matmul" + a,
                               {access("T" + a, {"m", "n" + a}), access("W" + a, {"n" + a, "n" + b}),
                                access("T" + b, {"m", "n" + b}, true)},
                               {{"m", 64}, {"n" + a, 32}, {"n" + b, 32}}));
  }
  return w;
}

spec::Workload transformerBlock() {
  spec::Workload w;
  const std::map<std::string, std::int64_t> proj{{"b", 1}, {"m", 1024}, {"d", 768}, {"h", 12}, {"e", 64}};
  const std::map<std::string, std::int64_t> projP{{"b", 1}, {"p", 1024}, {"d", 768}, {"h", 12}, {"e", 64}};
  w.einsums = {
      einsum("Q", {access("I", {"b", "m", "d"}), access("WQ", {"d", "h", "e"}), access("Q", {"b", "m", "h", "e"}, true)},
             proj),
      einsum("K", {access("I", {"b", "p", "d"}), access("WK", {"d", "h", "e"}), access("K", {"b", "p", "h", "e"}, true)},
             projP),
      einsum("V", {access("I", {"b", "p", "d"}), access("WV", {"d", "h", "e"}), access("V", {"b", "p", "h", "e"}, true)},
             projP),
      einsum("QK", {access("Q", {"b", "m", "h", "e"}), access("K", {"b", "p", "h", "e"}),
                    access("QK", {"b", "m", "p", "h"}, true)},
             {{"b", 1}, {"m", 1024}, {"p", 1024}, {"h", 12}, {"e", 64}}),
      einsum("Softmax", {access("QK", {"b", "m", "p", "h"}), access("QK_softmax", {"b", "m", "p", "h"}, true)},
             {{"b", 1}, {"m", 1024}, {"p", 1024}, {"h", 12}}),
      einsum("AV", {access("QK_softmax", {"b", "m", "p", "h"}), access("V", {"b", "p", "h", "e"}),
                    access("AV", {"b", "m", "h", "e"}, true)},
             {{"b", 1}, {"m", 1024}, {"p", 1024}, {"h", 12}, {"e", 64}}),
      einsum("Z", {access("AV", {"b", "m", "h", "e"}), access("WZ", {"h", "e", "g"}), access("Z", {"b", "m", "g"}, true)},
             {{"b", 1}, {"m", 1024}, {"h", 12}, {"e", 64}, {"g", 768}}),
      einsum("Add1", {access("Z", {"b", "m", "g"}), access("I", {"b", "m", "g"}), access("R1", {"b", "m", "g"}, true)},
             {{"b", 1}, {"m", 1024}, {"g", 768}}),
      einsum("Norm", {access("R1", {"b", "m", "g"}), access("N1", {"b", "m", "g"}, true)},
             {{"b", 1}, {"m", 1024}, {"g", 768}}),
      einsum("FFA", {access("N1", {"b", "m", "g"}), access("WFFA", {"g", "s"}), access("FFA", {"b", "m", "s"}, true)},
             {{"b", 1}, {"m", 1024}, {"g", 768}, {"s", 3072}}),
      einsum("FFB", {access("FFA", {"b", "m", "s"}), access("WFFB", {"s", "g"}), access("FFB", {"b", "m", "g"}, true)},
             {{"b", 1}, {"m", 1024}, {"g", 768}, {"s", 3072}}),
      einsum("Add2", {access("FFB", {"b", "m", "g"}), access("R1", {"b", "m", "g"}), access("O", {"b", "m", "g"}, true)},
             {{"b", 1}, {"m", 1024}, {"g", 768}}),
  };
  for (auto& e : w.einsums)
    for (auto& a : e.accesses)
      if (a.tensor.front() == 'W') a.persistent = true;
  return w;
}

}  // namespace af::test
