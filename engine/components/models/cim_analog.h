#pragma once
// hwcomponents-library's analog compute-in-memory parts (README: Compute-in-memory parts):
// Capacitor, DualSidedR2RLadderDAC, C2CMultiplier and its port B, NeuRRAM's integrator,
// sampler and variable-precision ADC, and TIMELY's PSubBuf.
#include <vector>

#include "components/models/component_model.h"

namespace af::components::models {

// A capacitor's expected energy to switch to voltages spread evenly over [0, voltage] with the
// given probabilities (hwcomponents-library Capacitor.switch). Also used by the C-2C multiplier.
[[nodiscard]] double capacitor_switch_energy(double capacitance, double voltage, double supply_voltage,
                                             std::vector<double> value_probabilities,
                                             bool zero_between_values = true);

// The R-2R / C-2C ladder's node voltages for one input value (its bits, LSB nearest the ground
// end), solved as hwcomponents-library solves the ladder's tridiagonal system. Index 0 is the
// node of the most significant bit.
[[nodiscard]] std::vector<double> ladder_node_voltages(int resolution, double voltage,
                                                       unsigned long long value);

[[nodiscard]] std::vector<ModelDefinition> cim_analog_models();

}  // namespace af::components::models
