#include "mapper/join/tracked_memories.h"

#include <cmath>
#include <map>
#include <set>

namespace af::mapper {

namespace {

// Whether any template keeps something in `memory` beyond one Einsum's branch.
bool outlives_a_branch(const std::string& memory,
                       const std::vector<std::vector<PmappingTemplate>>& templates) {
  for (const auto& per_einsum : templates)
    for (const auto& t : per_einsum) {
      for (const auto& h : t.shared)
        if (h.memory == memory) return true;
      std::size_t loops = 0;
      bool held = false;
      for (const auto& n : t.nodes) {
        if (n.kind == TemplateNodeKind::Storage) {
          if (n.component != memory) continue;
          if (n.persistent) return true;
          held = true;
        } else if (++loops <= t.n_fused_loops && held) {
          return true;  // reserved above a fused loop
        }
      }
    }
  return false;
}

}  // namespace

TrackedMemories tracked_memories(const std::vector<std::vector<EinsumProblem>>& problems,
                                 const std::vector<std::vector<PmappingTemplate>>& templates,
                                 bool resource_usage) {
  // Per memory: its size and the bits of every tensor of every Einsum it might hold.
  std::map<std::string, double> size, everything;
  std::vector<std::string> order;
  for (const auto& per_einsum : problems)
    for (const auto& p : per_einsum)
      for (const auto* c : p.path) {
        if (c->kind != spec::ComponentKind::Memory) continue;
        if (!size.contains(c->name)) order.push_back(c->name);
        size[c->name] = c->size;
      }
  for (const auto& per_einsum : problems) {
    if (per_einsum.empty()) continue;
    const auto& p = per_einsum.front();
    std::map<std::string, double> shape;
    for (const auto& [rv, b] : p.bounds) shape[rv] = static_cast<double>(b);
    for (const auto& a : p.einsum->accesses) {
      const double values = spec::dense_tile_occupancy(a, shape);
      const double scale = a.persistent ? p.spec->workload.workload.n_instances * p.einsum->n_instances : 1.0;
      std::set<std::string> counted;
      for (const auto& q : per_einsum)
        for (const auto* c : q.path)
          if (c->kind == spec::ComponentKind::Memory && counted.insert(c->name).second)
            everything[c->name] += values * c->bits_per_value_for(a.tensor, a.bits_per_value) * scale;
    }
  }
  TrackedMemories out;
  for (const auto& name : order) {
    const double s = size.at(name);
    if (!std::isfinite(s)) continue;  // its usage is 0 whatever it holds
    if (!resource_usage && ((s > 0 && everything[name] <= s) || !outlives_a_branch(name, templates)))
      continue;
    out.names.push_back(name);
    out.sizes.push_back(s);
  }
  return out;
}

}  // namespace af::mapper
