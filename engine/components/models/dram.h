#pragma once
// Off-chip DRAM (README: DRAM): a fixed energy per bit and a fixed access rate per kind, no
// area and no leakage, as hwcomponents-cacti models LPDDR4, LPDDR, DDR3, HBM2, HBM3 and HBM4.
#include <vector>

#include "components/models/component_model.h"

namespace af::components::models {

[[nodiscard]] std::vector<ModelDefinition> dram_models();

}  // namespace af::components::models
