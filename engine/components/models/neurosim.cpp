#include "components/models/neurosim.h"

#include <fmt/format.h>

#include <cmath>
#include <stdexcept>

#include "components/models/tech_scaling.h"
#include "core/ascii_case.h"
#include "core/closest_name.h"

namespace af::components::models {

namespace {

enum class Part { Cell, Rows, Columns };

double corner(const Corners& c, Corner which) { return c[static_cast<std::size_t>(which)]; }

// hwcomponents-neurosim's parameters (its PIM classes' constructor): the first nine have no
// default. `cycle_period` sets the rate of the actions.
std::vector<Parameter> parameters() {
  return {
      {"tech_node", std::nullopt, true, "m", "technology node, 7-130 nm"},
      {"cycle_period", std::nullopt, true, "s", "clock period: one action per cycle"},
      {"rows", std::nullopt, true, "", "array rows (wordlines), at least 8"},
      {"cols", std::nullopt, true, "", "array columns (bitlines), at least 8"},
      {"cols_active_at_once", std::nullopt, true, "", "columns read together; the rest are muxed"},
      {"cell_config", std::nullopt, true, "", "cell file (memory_cells/NAME.yaml); its stem picks the cell"},
      {"average_input_value", std::nullopt, true, "", "mean input to a row, 0-1"},
      {"average_cell_value", std::nullopt, true, "", "mean stored cell value, 0-1"},
      {"read_pulse_width", std::nullopt, true, "s", "read pulse"},
      {"voltage", 0.0, false, "V", "supply voltage (0: the node's own, which the table lacks)"},
      {"sequential", 0.0, false, "", "NeuroSim's memory mode: one row at a time"},
      {"temporal_dac_bits", 1.0, false, "bits", "temporal DAC resolution: 2^b - 1 pulses"},
      {"temporal_spiking", 1.0, false, "", "temporal DAC as pulse count (true) or pulse length"},
      {"voltage_dac_bits", 1.0, false, "bits", "voltage DAC resolution"},
      {"adc_resolution", 0.0, false, "bits", "NeuroSim's own ADC (only 0, none, is modelled)"},
      {"threshold_voltage", 0.0, false, "V", "transistor threshold (only 0, the node's own)"},
  };
}

// A bool as YAML or Python writes it: a number (true is 1) or the text True/False.
bool flag(const Arguments& args, std::string_view name) {
  if (const auto text = args.text(name)) {
    std::string lowered = *text;
    for (char& ch : lowered) ch = core::ascii_lower(ch);
    if (lowered == "true") return true;
    if (lowered == "false") return false;
  }
  return *args.number(name) != 0;
}

// The wrapper turns its integer parameters with int(): truncated.
double whole(const Arguments& args, std::string_view name) { return std::trunc(args.required_number(name)); }

// `cell_config` is a path to a cell file; the table holds cells by file stem.
std::string cell_of(const NeuroSimGrid& grid, const std::string& config) {
  std::string stem = config.substr(config.find_last_of("/\\") + 1);
  if (const auto dot = stem.rfind('.'); dot != std::string::npos && dot > 0) stem.resize(dot);
  if (grid.has_cell(stem)) return stem;
  const auto cells = grid.cells();
  std::string lowered = stem;
  for (char& ch : lowered) ch = core::ascii_lower(ch);
  for (const auto& c : cells) {
    std::string lc = c;
    for (char& ch : lc) ch = core::ascii_lower(ch);
    if (lc == lowered) return c;
  }
  throw ModelError(
      fmt::format("cell_config '{}': no NeuroSim figures for a cell '{}'{}; the known cells are: {}", config,
                  stem, core::did_you_mean(stem, cells), fmt::join(cells, ", ")),
      "cell_config");
}

BuiltModel build(Part part, const NeuroSimGrid& grid, const Arguments& args) {
  const double node = args.required_number("tech_node");
  check_tech_node(node);
  if (node < 7e-9 * (1 - 1e-9) || node > 130e-9 * (1 + 1e-9))
    throw ModelError(
        fmt::format("tech_node must be between 7e-09 and 1.3e-07 m for NeuroSim, got {}", number_text(node)),
        "tech_node");
  NeuroSimCall call;
  call.cell = cell_of(grid, *args.text("cell_config"));
  call.tech_node = node;
  call.rows = whole(args, "rows");
  call.cols = whole(args, "cols");
  for (const auto* name : {"rows", "cols"})
    if (whole(args, name) < 8)
      throw ModelError(fmt::format("{} must be at least 8 for NeuroSim, got {}", name,
                                   number_text(args.required_number(name))),
                       name);
  const double active = whole(args, "cols_active_at_once");
  if (active < 1)
    throw ModelError(fmt::format("cols_active_at_once must be at least 1, got {}", number_text(active)),
                     "cols_active_at_once");
  call.cols_muxed = std::ceil(call.cols / active);
  call.read_pulse = args.required_number("read_pulse_width");
  call.voltage = *args.number("voltage");
  if (!(call.voltage > 0))
    throw ModelError(
        "voltage 0 asks for the node's own supply, which the NeuroSim table does not hold; give "
        "the supply voltage (the table's runs are at 0.5-1.8 V)",
        "voltage");
  call.sequential = flag(args, "sequential");
  for (const auto* name : {"adc_resolution", "threshold_voltage"})
    if (*args.number(name) != 0)
      throw ModelError(
          fmt::format("{} other than 0 is not modelled: the NeuroSim table has no runs with it", name), name);

  Corners c;
  try {
    c = grid.corners(call);
  } catch (const std::invalid_argument& e) {
    throw ModelError(e.what(), "tech_node");
  }

  const double in = args.required_number("average_input_value");
  const double weight = args.required_number("average_cell_value");
  const double cycle = args.required_number("cycle_period");
  const double pulses = std::exp2(whole(args, "temporal_dac_bits")) - 1;
  const double vdac_levels = std::exp2(whole(args, "voltage_dac_bits") - 1) - 1;
  // One action per cycle_period: a cell per cycle, the row drivers a row each, the column
  // drivers the columns read at once. This is the rate AccelForge's figures follow (its NeuRRAM
  // notebook's TOPS, all 14 rows, are n_input_slices cycles). The April wrapper the reference
  // tables came from reported NeuroSim's minimum read latency instead (3.8 ns for NeuRRAM, 425x
  // faster than its cycle), mixing ns and s; that figure is not used.
  double latency = cycle;

  const auto mix = [](double at0, double at1, double t) { return at0 + (at1 - at0) * t; };
  BuiltModel m;
  double read = 0, write = 0;
  switch (part) {
    case Part::Cell:
      read = in * pulses * mix(corner(c, Corner::CellReadCell0), corner(c, Corner::CellReadCell1), weight);
      // The write corners are mixed as listed, so average_cell_value 0 is the all-on write.
      write = mix(corner(c, Corner::CellWriteCell0), corner(c, Corner::CellWriteCell1), weight);
      if (const double corrected =
              mix(corner(c, Corner::CellWriteCell1), corner(c, Corner::CellWriteCell0), weight);
          std::abs(corrected - write) > 1e-6 * std::max(std::abs(write), std::abs(corrected)))
        m.notes.push_back(
            fmt::format("write {:.4g} J is AccelForge's: hwcomponents-neurosim mixes the write corners the "
                        "wrong way round "
                        "(average_cell_value 0 prices every cell on); with average_cell_value {:.4g} as read "
                        "it would be {:.4g} J",
                        write, weight, corrected));
      m.area = corner(c, Corner::CellArea);
      // Watts, as AccelForge's figures take the drivers' (below); the April wrapper behind the
      // reference tables multiplied it by the cycle period.
      m.leak_power = corner(c, Corner::CellLeak) * corner(c, Corner::CellReadLeakMult);
      break;
    case Part::Rows: {
      const bool spiking = flag(args, "temporal_spiking");
      read = mix(corner(c, Corner::RowReadIn0), corner(c, Corner::RowReadIn1), spiking ? in * pulses : in);
      write = corner(c, Corner::RowWrite);
      m.area = corner(c, Corner::RowArea) + vdac_levels * corner(c, Corner::RowAreaPerVdacLevel);
      // Watts: AccelForge's NeuRRAM array-size energies hold exactly NeuroSim's leakage of the
      // row and wordline drivers, where the April wrapper reported it times the cycle period
      // squared (1e-12 of it at NeuRRAM's 1.6 us cycle).
      m.leak_power = corner(c, Corner::RowLeak) + vdac_levels * corner(c, Corner::RowLeakPerVdacLevel);
      latency /= call.rows;
      break;
    }
    case Part::Columns:
      // No NeuroSim ADC, so the cell value does not change the column figures; the input value
      // never does.
      read = corner(c, Corner::ColRead);
      write = corner(c, Corner::ColWrite);
      m.area = corner(c, Corner::ColArea);
      if (std::isnan(m.area))
        throw ModelError(fmt::format("NeuroSim gives the {} cell's column drivers a negative area at {} x {} "
                                     "(hwcomponents-neurosim refuses it); use more columns or muxing",
                                     call.cell, call.rows, call.cols),
                         "cols");
      m.leak_power = corner(c, Corner::ColLeak);  // watts, as for the rows
      latency /= call.cols / call.cols_muxed;
      break;
  }
  // A cycle_period of 0 means no rate limit.
  const double throughput = std::isnan(latency) || latency <= 0 ? kUnlimited : 1 / latency;
  m.actions["read"] = per_access({read, throughput});
  m.actions["write"] = per_access({write, throughput});
  return m;
}

ModelDefinition definition(Part part, const NeuroSimGrid& grid, std::string class_name,
                           std::string python_class, std::vector<std::string> names) {
  ModelInfo info;
  info.class_name = std::move(class_name);
  info.qualified_name = "hwcomponents_neurosim." + python_class;
  info.names = std::move(names);
  info.priority = 0.3;
  info.parameters = parameters();
  info.actions = {"read", "write"};
  info.source = "hwcomponents-neurosim over DNN_NeuroSim V1.3 figures (data/neurosim_arrays.tsv)";
  return {info, [part, &grid](const Arguments& args) { return build(part, grid, args); }};
}

}  // namespace

std::vector<ModelDefinition> neurosim_models(const NeuroSimGrid& grid) {
  return {definition(Part::Cell, grid, "MemoryCell", "MemoryCell", {"MemoryCell", "NeuroSimMemoryCell"}),
          definition(Part::Rows, grid, "ArrayRowDrivers", "RowDrivers",
                     {"ArrayRowDrivers", "NeuroSimArrayRowDrivers"}),
          definition(Part::Columns, grid, "ArrayColumnDrivers", "ColDrivers",
                     {"ArrayColumnDrivers", "ArrayColDrivers", "NeuroSimArrayColumnDrivers",
                      "NeuroSimArrayColDrivers"})};
}

}  // namespace af::components::models
