#include "components/area.h"

namespace af::components {

AreaReport total_area(const spec::ResolvedArch& arch) {
  AreaReport out;
  double instances = 1;  // product of the fanouts met so far in the walk
  for (const auto& c : arch.components) {
    if (c.kind != spec::ComponentKind::Container) {
      const double area = c.area * instances;
      out.per_component[c.name] = area;
      out.total += area;
    }
    instances *= c.fanout();  // applies to the nodes after this one, not to itself
  }
  return out;
}

}  // namespace af::components
