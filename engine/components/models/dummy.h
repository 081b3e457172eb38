#pragma once
// hwcomponents-library's dummy classes (README: Dummy): DummyStorage, DummyMemory,
// DummyNetwork and DummyCompute cost nothing. (`component_class: Dummy` itself never reaches a
// model: the resolver prices it at zero first, as AccelForge does.)
#include <vector>

#include "components/models/component_model.h"

namespace af::components::models {

[[nodiscard]] std::vector<ModelDefinition> dummy_models();

}  // namespace af::components::models
