#pragma once
// NeuroSim's array figures over the configurations it was run at (data/neurosim_arrays.tsv)
// and what stands in for a NeuroSim run between them (README: Compute in memory, 'Off the
// table'): linear in the tech node between the wrapper's nine nodes, log-log in rows and
// columns between the neighbouring runs, and the nearest configuration run for the inputs
// that are not swept on a grid (column muxing, read pulse, supply voltage, sequential mode).
#include <map>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "components/models/neurosim_rows.h"

namespace af::components::models {

// One NeuroSim call as hwcomponents-neurosim makes it: only these inputs reach NeuroSim.
struct NeuroSimCall {
  std::string cell;         // the cell file's stem
  double tech_node = 0;     // m, within [7, 130] nm
  double rows = 0;          // wordlines, >= 8
  double cols = 0;          // bitlines, >= 8
  double cols_muxed = 1;    // ceil(cols / cols_active_at_once)
  double read_pulse = 0;    // s
  double voltage = 0;       // V, > 0
  bool sequential = false;  // NeuroSim's memory mode (one row at a time)
};

class NeuroSimGrid {
 public:
  static constexpr double kNodesNm[] = {7, 10, 14, 22, 32, 45, 65, 90, 130};

  explicit NeuroSimGrid(std::span<const NeuroSimRow> rows);
  // The table compiled into the library, indexed on first use; immutable, shared by all threads.
  [[nodiscard]] static const NeuroSimGrid& builtin();

  // The cells the table holds, sorted.
  [[nodiscard]] std::vector<std::string> cells() const;
  [[nodiscard]] bool has_cell(std::string_view cell) const;

  // The corners at a call: NeuroSim's own figures where it was run at exactly this call (NaN
  // for a figure it could not give there), interpolated elsewhere. Throws std::invalid_argument
  // for an unknown cell, a node outside 7-130 nm, or a node at which the cell has no run.
  [[nodiscard]] Corners corners(const NeuroSimCall& call) const;

 private:
  struct Point {
    double rows, cols;
    const Corners* corners;
  };
  // The runs of one configuration of the inputs that are not interpolated, by node (nm).
  struct Config {
    bool sequential;
    double cols_muxed, read_pulse, voltage;
    std::map<double, std::vector<Point>> at_node;
  };

  [[nodiscard]] Corners at_node(const std::vector<Config>& configs, double node_nm,
                                const NeuroSimCall& call) const;

  std::map<std::string, std::vector<Config>, std::less<>> by_cell_;
};

}  // namespace af::components::models
