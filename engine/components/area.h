#pragma once
// Chip area and leak power of an architecture (README: Area and leak): each component's figure
// times the instances the fanouts above it create (AccelForge counts the fanouts of the nodes
// before it, not its own).
#include <map>
#include <string>

#include "spec/arch.h"

namespace af::components {

struct AreaReport {
  std::map<std::string, double> per_component;  // total area per component (m²)
  double total = 0;
  std::map<std::string, double> leak_per_component;  // total leak power per component (W)
  double total_leak = 0;
};

[[nodiscard]] AreaReport total_area(const spec::ResolvedArch& arch);

}  // namespace af::components
