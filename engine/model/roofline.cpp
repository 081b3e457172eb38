#include "model/roofline.h"

#include <algorithm>
#include <limits>

namespace af::model {

namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();

// Instances of each component on `path`: the product of the fanouts of the nodes before it
// (the rule area and leak power use, components/README: Area and leak).
std::map<std::string, double> instances_on(const spec::ResolvedArch& arch,
                                           const std::vector<std::size_t>& path) {
  std::map<std::string, double> out;
  double instances = 1;
  for (const std::size_t i : path) {
    const spec::Component& c = arch.components[i];
    out[c.name] = instances;
    instances *= c.fanout();
  }
  return out;
}

double bits_per_action(const spec::Component& c, const spec::Action& a) {
  return a.bits_per_action.value_or(c.bits_per_action.value_or(1));
}

}  // namespace

double RooflineEinsum::intensity(const std::string& level) const {
  const auto it = bits_moved.find(level);
  return it == bits_moved.end() || it->second <= 0 ? kInf : ops / it->second;
}

const ComputeRoof* Roofline::compute(const std::string& name) const {
  const auto it =
      std::find_if(computes.begin(), computes.end(), [&](const auto& r) { return r.component == name; });
  return it == computes.end() ? nullptr : &*it;
}

const MemoryRoof* Roofline::memory(const std::string& name) const {
  const auto it =
      std::find_if(memories.begin(), memories.end(), [&](const auto& r) { return r.component == name; });
  return it == memories.end() ? nullptr : &*it;
}

double Roofline::ceiling(const std::string& compute_name, const std::string& level, double intensity) const {
  const ComputeRoof* c = compute(compute_name);
  const MemoryRoof* m = memory(level);
  const double peak = c ? c->ops_per_second : kInf;
  return m ? std::min(peak, m->bits_per_second * intensity) : peak;
}

Roofline roofline(const spec::ResolvedSpec& spec, const Evaluation& evaluation) {
  Roofline out;
  for (const auto& einsum : spec.workload.einsums) {
    RooflineEinsum e;
    e.einsum = einsum.name;
    if (const auto it = evaluation.compute_ops.find(einsum.name); it != evaluation.compute_ops.end())
      e.ops = it->second;
    if (const auto it = evaluation.einsum_latency.find(einsum.name); it != evaluation.einsum_latency.end())
      e.seconds = it->second;
    const spec::ResolvedArch& arch = spec.arch_for(einsum.name);
    for (const auto& [key, count] : evaluation.actions) {
      if (key.einsum != einsum.name) continue;
      const spec::Component* c = arch.find(key.component);
      if (!c) continue;
      if (c->kind == spec::ComponentKind::Compute) {
        e.compute = c->name;
        continue;
      }
      if (!c->is_tensor_holder()) continue;
      const spec::Action* a = c->find_action(key.action);
      e.bits_moved[c->name] += count * (a ? bits_per_action(*c, *a) : 1);
    }
    double longest = -1;
    for (const auto& [key, latency] : evaluation.component_latency)
      if (key.first == einsum.name && latency > longest) {
        longest = latency;
        e.bound_by = key.second;
      }
    // The roofs of the arch this Einsum maps onto: its compute unit and the memories on its path.
    const auto path = arch.path_for(e.compute);
    const auto instances = instances_on(arch, path);
    for (const std::size_t i : path) {
      const spec::Component& c = arch.components[i];
      const double n = instances.at(c.name);
      if (c.kind == spec::ComponentKind::Compute && c.name == e.compute && !out.compute(c.name)) {
        const spec::Action* a = c.find_action("compute");
        out.computes.push_back({c.name, (a ? a->throughput : kInf) * n, n});
      } else if (c.kind == spec::ComponentKind::Memory && !out.memory(c.name)) {
        const spec::Action* read = c.find_action("read");
        out.memories.push_back({c.name, read ? read->throughput * bits_per_action(c, *read) * n : kInf, n});
      }
    }
    out.einsums.push_back(std::move(e));
  }
  return out;
}

}  // namespace af::model
