#include "components/area.h"

namespace af::components {

AreaReport total_area(const spec::ResolvedArch& arch) {
  AreaReport out;
  double instances = 1;  // product of the fanouts met so far in the walk
  for (const auto& c : arch.components) {
    if (c.kind != spec::ComponentKind::Container) {
      const double area = c.area * instances, leak = c.leak_power * instances;
      out.per_component[c.name] = area;
      out.total += area;
      out.leak_per_component[c.name] = leak;
      out.total_leak += leak;
    }
    instances *= c.fanout();  // applies to the nodes after this one, not to itself
  }
  return out;
}

}  // namespace af::components
