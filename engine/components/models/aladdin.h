#pragma once
// The Aladdin logic parts (README: Aladdin parts): adder, register, comparator, multiplier,
// counter and the integer MAC built from an adder and a multiplier, all defined at 40 nm by
// the Aladdin paper's tables and scaled to the component's node and width as hwcomponents
// scales them.
#include <map>
#include <string>
#include <vector>

#include "components/models/component_model.h"

namespace af::components::models {

// One part at a node and width: its area, leak power and per-action costs.
struct AladdinPart {
  double area = 0, leak_power = 0;
  std::map<std::string, ActionCost, std::less<>> actions;
};

// The parts SmartBufferSRAM is made of (tech_node in metres, width in bits).
[[nodiscard]] AladdinPart aladdin_adder(double tech_node, double width);
[[nodiscard]] AladdinPart aladdin_register(double tech_node, double width);

// Adder, Register, Comparator, Multiplier, Counter, IntMAC.
[[nodiscard]] std::vector<ModelDefinition> aladdin_models();

}  // namespace af::components::models
