#pragma once
// hwcomponents-library's Albireo photonic parts (README: Albireo photonics): TIA, DAC,
// Mach-Zehnder modulator, (double) micro-ring resonator, photodiode, arrayed waveguide grating,
// star coupler and laser, at 7 nm under one of three technology projections.
#include <vector>

#include "components/models/component_model.h"

namespace af::components::models {

[[nodiscard]] std::vector<ModelDefinition> albireo_models();

}  // namespace af::components::models
