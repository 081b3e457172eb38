#pragma once
// NeuroSim's digital logic parts as hwcomponents-neurosim prices them (README: NeuroSim logic):
// flip-flops, adders, adder trees, shift-and-add units and inverters, from DNN_NeuroSim V1.3
// figures at its nine nodes (7 to 130 nm), interpolated linearly in the node between the two
// around it, as the package does. Several library classes are built from these parts (the
// R-2R DAC's input flip-flops, the C-2C multiplier's inverter, Jia's zero counter, Colonnade's
// logic), and Raella names the shift-and-add unit itself.
#include <vector>

#include "components/models/component_model.h"

namespace af::components::models {

// One part at a node: NeuroSim's read energy (J), area (m^2) and leakage in watts. The package
// hands hwcomponents the leakage times the cycle period as the leak power (a unit slip kept for
// fidelity; README: NeuroSim logic), so callers multiply by their cycle_period.
struct NeuroSimPart {
  double read_energy = 0, area = 0, leak_watts = 0;
};

// Throws ModelError naming tech_node outside 7..130 nm (the package's range).
void check_neurosim_node(double tech_node);

// `n_bits` flip-flops (linear in the bits).
[[nodiscard]] NeuroSimPart neurosim_flip_flop(double tech_node, double n_bits);
// A ripple adder of `n_bits` bits (area and leakage linear in the bits, energy affine).
[[nodiscard]] NeuroSimPart neurosim_adder(double tech_node, double n_bits);
// NeuroSim's adder tree as the package's NeuroSim build forms it: each level halves the count
// of values (integer division) and widens the adders by one bit.
[[nodiscard]] NeuroSimPart neurosim_adder_tree(double tech_node, double n_bits, double n_inputs);
// A shift-and-add unit: an adder of `n_bits` and a register of n_bits + shift_register_n_bits
// flip-flops.
[[nodiscard]] NeuroSimPart neurosim_shift_add(double tech_node, double n_bits, double shift_register_n_bits);
// One inverter: area only (NeuroSim prints no energy or leakage for it).
[[nodiscard]] NeuroSimPart neurosim_not_gate(double tech_node);

// hwcomponents-neurosim's ShiftAdd (names ShiftAdd, NeuroSimShiftAdd).
[[nodiscard]] std::vector<ModelDefinition> neurosim_logic_models();

}  // namespace af::components::models
