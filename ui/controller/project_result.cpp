#include "controller/project_result.h"

#include <algorithm>
#include <map>

namespace af::ui {

int ProjectResult::errorCount() const {
  return static_cast<int>(
      std::count_if(diagnostics.begin(), diagnostics.end(),
                    [](const core::Diagnostic& d) { return d.severity == core::Severity::Error; }));
}

QString ProjectResult::mappingPath() const {
  return workspace ? QString::fromStdString(workspace->mapping_file()) : QString();
}

const std::string& ProjectResult::mappingText() const {
  static const std::string none;  // immutable: no result has a mapping file
  if (!workspace || workspace->mapping_file().empty()) return none;
  const auto it = workspace->texts().find(workspace->mapping_file());
  return it == workspace->texts().end() ? none : it->second;
}

const std::optional<mapping_edit::MappingSection>& ProjectResult::mappingSection() const {
  static const std::optional<mapping_edit::MappingSection> none;
  return workspace ? workspace->mapping_section() : none;
}

AccessesData accessesFrom(const model::Evaluation& ev, const spec::Spec& spec) {
  const auto q = [](const std::string& s) { return QString::fromStdString(s); };
  AccessesData data;
  // Memory action counts are in units of bits_per_action bits (1 unless the arch says
  // otherwise), or of values_per_action values (a CiM array's ADC: one value per action).
  const auto bitsPerAction = [&spec](const model::ActionKey& key) {
    const auto arch = spec.arch_by_einsum.find(key.einsum);
    const auto* c = arch == spec.arch_by_einsum.end() ? nullptr : arch->second.arch.find(key.component);
    const auto* a = c ? c->find_action(key.action) : nullptr;
    if (a == nullptr) return 1.0;
    const auto* e = spec.workload.workload.find_einsum(key.einsum);
    const auto* access = e ? e->find_access(key.tensor) : nullptr;
    if (access == nullptr) return a->bits_per_action.value_or(c->bits_per_action.value_or(1.0));
    const double bpv = access->bits_per_value;
    return c->values_per_action_for(*a, key.tensor, bpv) * c->bits_per_value_for(key.tensor, bpv);
  };
  for (const auto& [key, count] : ev.actions) {
    const auto energy = ev.energy.find(key);
    data.actions.append(AccessRecord{q(key.einsum), q(key.component), q(key.tensor), q(key.action), count,
                                     energy == ev.energy.end() ? 0.0 : energy->second, bitsPerAction(key)});
  }
  for (const auto& [key, energy] : ev.leak_energy)
    if (energy != 0) data.actions.append(AccessRecord{q(key.first), q(key.second), {}, "leak", 0, energy});

  // A buffer's occupancy is per Einsum; the plot shows the largest tile of each tensor.
  std::map<std::pair<std::string, std::string>, double> occupancy;
  for (const auto& [key, bits] : ev.occupancy) {
    auto& slot = occupancy[{std::get<1>(key), std::get<2>(key)}];
    slot = std::max(slot, bits);
  }
  for (const auto& [key, bits] : occupancy) {
    double capacity = spec::kInf;
    for (const auto& [einsum, arch] : spec.arch_by_einsum)
      if (const auto* c = arch.arch.find(key.first)) capacity = c->size;
    data.occupancy.append(OccupancyRecord{q(key.first), q(key.second), bits, capacity});
  }
  for (const auto& [key, latency] : ev.component_latency)
    data.latency.append(LatencyRecord{q(key.first), q(key.second), latency});
  return data;
}

}  // namespace af::ui
