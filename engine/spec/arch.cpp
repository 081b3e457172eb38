#include "spec/arch.h"

#include <algorithm>

namespace af::spec {

const Action* Component::find_action(const std::string& action) const {
  for (const auto& a : actions)
    if (a.name == action) return &a;
  return nullptr;
}

const SpatialDim* Component::find_dim(const std::string& dim) const {
  for (const auto& d : spatial)
    if (d.name == dim) return &d;
  return nullptr;
}

double Component::fanout() const {
  double f = 1;
  for (const auto& d : spatial) f *= d.fanout;
  return f;
}

TollDirection Component::direction_for(const std::string& tensor) const {
  const auto it = toll_direction.find(tensor);
  if (it != toll_direction.end()) return it->second;
  return toll_default_direction.value_or(TollDirection::UpAndDown);
}

double Component::bits_per_value_for(const std::string& tensor,
                                     double workload_bits_per_value) const {
  const auto it = bits_per_value.find(tensor);
  return it == bits_per_value.end() ? workload_bits_per_value : it->second;
}

double Component::values_per_action_for(const Action& action, const std::string& tensor,
                                    double workload_bits_per_value) const {
  if (const auto it = action.values_per_action.find(tensor); it != action.values_per_action.end())
    return it->second;
  if (const auto it = values_per_action.find(tensor); it != values_per_action.end())
    return it->second;
  const double bpa = action.bits_per_action.value_or(bits_per_action.value_or(1.0));
  return bpa / bits_per_value_for(tensor, workload_bits_per_value);
}

const Component* ResolvedArch::find(const std::string& name) const {
  for (const auto& c : components)
    if (c.name == name) return &c;
  return nullptr;
}

std::vector<std::size_t> ResolvedArch::path_for(const std::string& compute) const {
  if (const auto it = paths.find(compute); it != paths.end()) return it->second;
  // Plain list flattening (README: Flattening): every non-compute leaf, skipping other computes.
  std::vector<std::size_t> path;
  for (std::size_t i = 0; i < components.size(); ++i) {
    const auto& c = components[i];
    if (c.kind == ComponentKind::Compute) {
      if (c.name != compute) continue;
      path.push_back(i);
      return path;
    }
    path.push_back(i);
  }
  return {};
}

void ResolvedArch::derive_linear_paths() {
  for (const auto& c : components)
    if (c.kind == ComponentKind::Compute) paths[c.name] = path_for(c.name);
}

}  // namespace af::spec
