#pragma once
// The rows of data/neurosim_arrays.tsv, compiled into the library (data/embed_neurosim.cmake
// writes the source at build time): per NeuroSim configuration, the "corner" figures from which
// hwcomponents-neurosim's MemoryCell, ArrayRowDrivers and ArrayColumnDrivers are built
// (README: Compute in memory).
#include <array>
#include <cstddef>
#include <span>

namespace af::components::models {

// The figures of one NeuroSim run, in the table's column order. NaN where NeuroSim gave none.
enum class Corner : std::size_t {
  MinReadLatency,       // s: NeuroSim's minimum array read latency
  CellReadCell0,        // J: MemoryCell read at input 1, cell value 0
  CellReadCell1,        // J: ... cell value 1
  CellWriteCell0,       // J: MemoryCell write, cell value 0 (the cell's write multiplier in)
  CellWriteCell1,       // J
  CellArea,             // m^2
  CellLeak,             // W (NeuroSim's; only SRAM-type cells leak)
  CellReadLeakMult,     // the cell file's CellReadLeakEnergyMultiplier
  RowReadIn0,           // J: row drivers at input 0 (cell-0 and cell-1 corners are equal)
  RowReadIn1,           // J: ... input 1
  RowWrite,             // J
  RowArea,              // m^2 at voltage_dac_bits 1
  RowAreaPerVdacLevel,  // m^2 per extra voltage-DAC level
  RowLeak,              // W at voltage_dac_bits 1
  RowLeakPerVdacLevel,  // W per extra voltage-DAC level
  ColRead,              // J (cell-0 and cell-1 corners are equal)
  ColWrite,             // J
  ColArea,              // m^2
  ColLeak,              // W
  Count
};

inline constexpr std::size_t kCornerCount = static_cast<std::size_t>(Corner::Count);

using Corners = std::array<double, kCornerCount>;

struct NeuroSimRow {
  const char* cell;  // the cell file's stem: "rram_example"
  double node_nm, rows, cols, cols_muxed, read_pulse_s, voltage, sequential;
  Corners corners;
};

// Every row, in the file's order.
[[nodiscard]] std::span<const NeuroSimRow> neurosim_array_rows();

}  // namespace af::components::models
