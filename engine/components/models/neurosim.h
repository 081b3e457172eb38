#pragma once
// hwcomponents-neurosim's array classes (README: Compute in memory): MemoryCell,
// ArrayRowDrivers and ArrayColumnDrivers, built as that wrapper builds them from NeuroSim's
// per-component figures, with NeuroSimGrid standing in for the NeuroSim run.
#include <vector>

#include "components/models/component_model.h"
#include "components/models/neurosim_grid.h"

namespace af::components::models {

[[nodiscard]] std::vector<ModelDefinition> neurosim_models(const NeuroSimGrid& grid);

}  // namespace af::components::models
