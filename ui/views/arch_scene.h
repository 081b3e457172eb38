#pragma once
// Draws an ArchDiagram: boxes centred on x = 0, top (backing store) to bottom (compute), arrows
// between consecutive levels, a stacked frame with a grid hint for every replicated array.
#include <map>
#include <string>

#include "spec/priced_component.h"
#include "views/arch_diagram.h"

namespace af::ui {

class DiagramScene;

// Clears `scene` and draws `diagram` (rows of `arch`) into it; `pricing` (by component name,
// may be empty) adds each box's area and where its costs came from.
void drawArchDiagram(DiagramScene& scene, const spec::ResolvedArch& arch, const ArchDiagram& diagram,
                     const std::map<std::string, spec::PricedComponent>& pricing = {});

}  // namespace af::ui
