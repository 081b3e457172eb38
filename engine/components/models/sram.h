#pragma once
// SRAM from CACTI's figures (README: SRAM), with hwcomponents-cacti's post-processing: the
// default width, the size / width / bank normalisation to a CACTI call, the width and depth
// factors, and the technology-node rule (interpolate between CACTI's nodes 22..90 nm; scale the
// 22 nm figures outside them). Only the CACTI run is replaced: by CactiGrid.
// SmartBufferSRAM adds an address register, a delta register and an adder (Aladdin parts).
#include <optional>
#include <vector>

#include "components/models/cacti_grid.h"
#include "components/models/component_model.h"

namespace af::components::models {

struct SramRequest {
  double tech_node = 0;                      // m
  std::optional<double> width, depth, size;  // bits, rows, bits
  int ports = 1, banks = 1;
};

// hwcomponents' SRAM figures: per access of `width` bits, for the whole memory.
struct SramFigures {
  double width = 0, depth = 0;               // resolved (depth may be fractional)
  double read_energy = 0, write_energy = 0;  // J per access of `width` bits
  double leak_power = 0;                     // W
  double area = 0;                           // m^2
  double cycle_time = 0;                     // s
};

// Throws ModelError naming the attribute at fault (no size; width and depth that disagree; a
// node out of range).
[[nodiscard]] SramFigures sram_figures(const CactiGrid& grid, const SramRequest& request);

// The CACTI call hwcomponents makes for this memory at one of CACTI's nodes (`_interp_size`).
[[nodiscard]] CactiCall cacti_call(const SramFigures& shape, int ports, int banks, int node_nm);

// SRAM and SmartBufferSRAM.
[[nodiscard]] std::vector<ModelDefinition> sram_models(const CactiGrid& grid);

}  // namespace af::components::models
