#pragma once
// Shared by the tile-search tests: one Einsum of a small case loaded as the mapper sees it
// (its problems, its resolved arch, the options), on the project's own arches in
// tests/data/specs or on AccelForge's (with its component costs where the reference table has
// the arch).
#include <QString>
#include <QStringList>
#include <string>
#include <vector>

#include "components/cost_table.h"
#include "mapper/mapper.h"
#include "mapper/search/problem.h"
#include "support/load_spec.h"
#include "support/shared_corpus.h"

namespace af::test {

inline const std::string kWorkload = af::test::data_file("specs/matmul_chain.workload.yaml");

// The project's own arches in tests/data/specs; every other name is an arch of AccelForge's
// corpus.
inline bool own_arch(const QString& arch) {
  return arch == "buffered_mac" || arch == "mac_row" || arch == "pe_array";
}

// Skips the current test (row) when `arch` is AccelForge's and its corpus is absent.
#define REQUIRE_ARCH(arch)                              \
  do {                                                  \
    if (!af::test::own_arch(arch)) AF_REQUIRE_CORPUS(); \
  } while (false)

struct Loaded {
  spec::Spec spec;
  spec::ResolvedSpec resolved;  // the first Einsum's arch, as the mapper resolves it
  std::vector<mapper::EinsumProblem> problems;
  mapper::MapperOptions options;
};

// `tiling`: "" (perfect), "imperfect" (both flags), "spatial" or "temporal" (one flag:
// the outer tile of a rank variable may then be perfect over an imperfect inner one, and
// pass the bound) or "coarse" (both flags, coarseness 1.5).
inline void set_tiling(mapper::MapperOptions& o, const QString& tiling) {
  mapper::set_imperfect_loops(o, tiling == "imperfect" || tiling == "coarse" ? "both" : tiling.toStdString());
  if (tiling == "coarse") o.tiling_coarseness = 1.5;
}

// `workload` is "matmuls" or "matvecs"; on the project's arches "matmuls" (the chain),
// "conv_chain" (a sliding-window convolution, then a pointwise layer) or "scatter_chain" (a
// copy to experts first, then a projection).
inline Loaded load(const QString& arch, const QString& workload, const QStringList& sets,
                   const QString& tiling = "") {
  std::vector<std::string> files;
  std::string costs;  // FILE#SECTION, when the reference table has the arch
  if (own_arch(arch)) {
    files = {af::test::data_file("specs/" + arch.toStdString() + ".arch.yaml"),
             workload == "matmuls"
                 ? kWorkload
                 : af::test::data_file("specs/" + workload.toStdString() + ".workload.yaml")};
  } else {
    const std::string ex = af::test::examples_dir().string() + "/";
    files = {ex + "arches/" + arch.toStdString() + ".yaml",
             ex + "workloads/basic/" + workload.toStdString() + ".yaml"};
    if (arch != "snowcat") files.push_back(ex + "workloads/_renames_default.yaml");
    costs = af::test::reference_file("expected/component-costs.json#" + arch.toStdString());
    try {
      (void)components::load_cost_table(costs);
    } catch (const core::SpecError&) {
      costs.clear();  // no section for this arch
    }
  }
  std::vector<std::string> assignments;
  for (const auto& s : sets) assignments.push_back(s.toStdString());
  Loaded l{af::test::load_spec(files, assignments, costs), {}, {}, {}};
  const auto& einsum = l.spec.workload.workload.einsums.front();
  l.resolved.workload = l.spec.workload.workload;
  l.resolved.arch_by_einsum[einsum.name] = l.spec.arch_by_einsum.at(einsum.name).arch;
  l.problems = mapper::make_problems(l.spec, einsum);
  l.options = mapper::options_from_spec(l.spec);
  l.options.unfused = true;
  l.options.max_fused_loops = 1;
  l.options.metrics = arch == "snowcat" ? mapper::kEnergy : mapper::kEdp;
  set_tiling(l.options, tiling);
  return l;
}

}  // namespace af::test
