#pragma once
// Draws a Workload as a left-to-right dataflow graph: boxes for Einsums, ovals for tensors in
// their palette colour, arrows tensor -> Einsum (inputs) and Einsum -> tensor (outputs).
#include "spec/workload.h"

namespace af::ui {

class DiagramScene;
class TensorPalette;

// Clears `scene` and draws `workload`; tensor colours come from (and are added to) `palette`.
void drawWorkloadGraph(DiagramScene& scene, const spec::Workload& workload, TensorPalette& palette);

}  // namespace af::ui
