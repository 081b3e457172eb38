#pragma once
// Draws an ArchDiagram: boxes centred on x = 0, top (backing store) to bottom (compute), arrows
// between consecutive levels, a stacked frame with a grid hint for every replicated array.
#include "views/arch_diagram.h"

namespace af::ui {

class DiagramScene;

// Clears `scene` and draws `diagram` (rows of `arch`) into it.
void drawArchDiagram(DiagramScene& scene, const spec::ResolvedArch& arch, const ArchDiagram& diagram);

}  // namespace af::ui
