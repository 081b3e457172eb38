#pragma once
// hwcomponents-library's digital parts of the compute-in-memory designs (README:
// Compute-in-memory parts): ISAAC's shift-add, eDRAM and eDRAM bus; Jia's datapath, shift-add
// and zero comparator; NeuRRAM's shift-add; Raella's offset corrector, input buffer and flag
// register (SmartBufferSRAM and Aladdin parts); Colonnade's logic, input port and register
// (NeuroSim parts calibrated to the chip).
#include <vector>

#include "components/models/cacti_grid.h"
#include "components/models/component_model.h"

namespace af::components::models {

[[nodiscard]] std::vector<ModelDefinition> cim_digital_models(const CactiGrid& grid);

}  // namespace af::components::models
