#pragma once
// CACTI's SRAM figures over its grid (data/cacti_sram.tsv) and what stands in for a CACTI run
// off that grid (README: SRAM, 'Off the grid'): per slice of node, ports and banks, log-log
// interpolation between the neighbouring rows counts (size / block) and block sizes, linear
// extrapolation in log-log past the ends; past 32 banks or 2 ports, the same across slices.
#include <map>
#include <span>
#include <tuple>
#include <vector>

#include "components/models/cacti_rows.h"

namespace af::components::models {

// One CACTI call as hwcomponents makes it (`_call_cacti`).
struct CactiCall {
  double size_bytes = 0;   // whole memory
  double block_bytes = 0;  // one access
  int banks = 1;           // a power of two
  int ports = 1;           // read-write ports
  int node_nm = 22;        // one of CactiGrid::kNodes
};

// CACTI's figures for a call, in SI units as hwcomponents reads them from CACTI's CSV.
struct CactiFigures {
  double read_energy = 0;    // J per access of the block
  double write_energy = 0;   // J per access of the block
  double leak_per_bank = 0;  // W
  double area = 0;           // m^2, whole memory
  double cycle_time = 0;     // s
};

// For the error study (README: SRAM): answer as if the table lacked the call's own grid point,
// or the whole line of its block size.
enum class LeaveOut { None, Point, BlockLine };

class CactiGrid {
 public:
  static constexpr int kNodes[] = {22, 32, 45, 65, 90};

  explicit CactiGrid(std::span<const CactiRow> rows);
  // The table compiled into the library, indexed on first use; immutable, shared by all threads.
  [[nodiscard]] static const CactiGrid& builtin();

  // Exact on a grid point (bit for bit what hwcomponents reads); interpolated off it. Throws
  // std::invalid_argument for a node not in kNodes, or banks or ports below 1.
  [[nodiscard]] CactiFigures figures(const CactiCall& call, LeaveOut leave_out = LeaveOut::None) const;
  // Whether the table holds this call.
  [[nodiscard]] bool on_grid(const CactiCall& call) const;

 private:
  struct Point {
    int log2_rows;
    CactiFigures figures;
  };
  struct Line {
    int log2_block;
    std::vector<Point> points;  // by rows
  };
  using Slice = std::vector<Line>;             // by block
  using SliceKey = std::tuple<int, int, int>;  // node, ports, banks

  [[nodiscard]] CactiFigures in_slice(const Slice& slice, double rows, double block,
                                      LeaveOut leave_out) const;
  [[nodiscard]] CactiFigures in_slices(const CactiCall& call, LeaveOut leave_out) const;

  std::map<SliceKey, Slice> slices_;
  int max_ports_ = 0, max_banks_ = 0;
};

}  // namespace af::components::models
