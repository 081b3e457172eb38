#pragma once
// hwcomponents-adc's ADC (README: Compute in memory, 'ADC'): a closed-form model fitted once to
// Murmann's ADC performance survey, from resolution, node and conversion rate to the energy per
// conversion and the area. Nothing is simulated, so every figure is exact.
#include <vector>

#include "components/models/component_model.h"

namespace af::components::models {

// The figures of one ADC bank as the model gives them.
struct AdcFigures {
  double energy_per_conversion = 0;  // J: E, leakage included
  double area = 0;                   // m^2, all n_adcs
};

// n_bits >= 4 (the ENOB), tech_node in m, throughput in conversions/s over all n_adcs ADCs.
[[nodiscard]] AdcFigures adc_figures(double n_bits, double tech_node, double throughput, double n_adcs);

[[nodiscard]] std::vector<ModelDefinition> adc_models();

}  // namespace af::components::models
