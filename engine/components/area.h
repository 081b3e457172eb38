#pragma once
// Chip area of an architecture (README: Area and leak): each component's area times the instances the
// fanouts above it create (AccelForge counts the fanouts of the nodes before it, not its own).
#include <map>
#include <string>

#include "spec/arch.h"

namespace af::components {

struct AreaReport {
  std::map<std::string, double> per_component;  // total area per component (m²)
  double total = 0;
};

[[nodiscard]] AreaReport total_area(const spec::ResolvedArch& arch);

}  // namespace af::components
