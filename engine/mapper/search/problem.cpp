#include "mapper/search/problem.h"

#include <algorithm>

namespace af::mapper {

int EinsumProblem::path_index(const std::string& component) const {
  for (std::size_t i = 0; i < path.size(); ++i)
    if (path[i]->name == component) return static_cast<int>(i);
  return -1;
}

std::vector<EinsumProblem> make_problems(const spec::Spec& spec, const spec::Einsum& einsum) {
  const auto it = spec.arch_by_einsum.find(einsum.name);
  if (it == spec.arch_by_einsum.end()) {
    core::Diagnostic d;
    d.field = "arch";
    d.message = "the spec has no architecture for Einsum " + einsum.name + " (add an arch file)";
    throw core::SpecError(std::move(d));
  }
  const spec::BuiltArch& built = it->second;
  const spec::Workload& workload = spec.workload.workload;

  EinsumProblem base;
  base.spec = &spec;
  base.einsum = &einsum;
  base.arch = &built;
  base.tensors = einsum.tensor_names();
  const auto rvs = einsum.rank_variables();
  base.rank_variables.assign(rvs.begin(), rvs.end());
  for (const auto& rv : base.rank_variables) base.bounds[rv] = einsum.bound(rv);
  const auto fusable = workload.fusable_tensors();
  const auto inter = workload.intermediate_tensors();
  for (const auto& access : einsum.accesses) {
    const auto& t = access.tensor;
    if (fusable.contains(t)) base.fusable.insert(t);
    if (inter.contains(t)) base.intermediates.insert(t);
    if (access.persistent) base.persistent.insert(t);
    NameSet all;
    for (const auto& entry : access.projection) {
      for (const auto& term : entry.expr.terms) all.insert(term.var);
      if (entry.expr.is_plain_variable()) base.direct[t].insert(entry.expr.terms.front().var);
    }
    base.direct[t];
    for (const auto& rv : all)
      if (!base.direct[t].contains(rv)) base.partial[t].insert(rv);
    base.partial[t];
    for (const auto& rv : base.rank_variables)
      if (!all.contains(rv)) base.irrelevant[t].insert(rv);
    base.irrelevant[t];
    base.all_rvs[t] = std::move(all);
  }

  std::vector<EinsumProblem> out;
  for (const auto& c : built.arch.components) {
    if (c.kind != spec::ComponentKind::Compute) continue;
    EinsumProblem p = base;
    p.compute = c.name;
    double fanout = 1;
    for (const auto idx : built.arch.path_for(c.name)) {
      const spec::Component& comp = built.arch.components[idx];
      p.path.push_back(&comp);
      fanout *= comp.fanout();
      p.cumulative_fanout[comp.name] = fanout;
      if (p.first_memory.empty() && comp.kind == spec::ComponentKind::Memory) p.first_memory = comp.name;
    }
    if (const auto en = built.enabled.find(c.name); en != built.enabled.end()) p.compute_enabled = en->second;
    out.push_back(std::move(p));
  }
  return out;
}

}  // namespace af::mapper
