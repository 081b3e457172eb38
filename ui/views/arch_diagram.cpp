#include "views/arch_diagram.h"

namespace af::ui {

std::vector<std::string> computeNames(const spec::ResolvedArch& arch) {
  std::vector<std::string> names;
  for (const auto& c : arch.components)
    if (c.kind == spec::ComponentKind::Compute) names.push_back(c.name);
  return names;
}

ArchDiagram buildArchDiagram(const spec::ResolvedArch& arch, const std::string& compute) {
  ArchDiagram d;
  int depth = 0;
  double instances = 1;
  int memoryLevel = 0;
  std::vector<std::size_t> path = arch.path_for(compute);
  if (path.empty() && computeNames(arch).empty())  // no compute at all: draw the walk order
    for (std::size_t i = 0; i < arch.components.size(); ++i) path.push_back(i);
  for (const std::size_t index : path) {
    if (index >= arch.components.size()) continue;  // a stale path: draw what exists
    const auto& c = arch.components[index];
    const double fanout = c.fanout();
    if (fanout > 1 || (c.kind == spec::ComponentKind::Container && !c.spatial.empty())) {
      d.frames.push_back({index, d.rows.size(), depth});
      d.rows.push_back({ArchRow::Type::FanoutHeader, index, depth, instances, -1});
      ++depth;
      instances *= fanout;
    } else if (c.kind == spec::ComponentKind::Container) {
      d.rows.push_back({ArchRow::Type::ContainerLabel, index, depth, instances, -1});
    }
    if (c.kind == spec::ComponentKind::Container) continue;
    const int level = c.kind == spec::ComponentKind::Memory ? memoryLevel++ : -1;
    d.rows.push_back({ArchRow::Type::Box, index, depth, instances, level});
  }
  return d;
}

}  // namespace af::ui
