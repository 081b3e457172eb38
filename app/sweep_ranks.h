#pragma once
// `mpirun -np N accelforge sweep ...`: the sweep's points spread over MPI ranks. Rank 0 hands
// out points one at a time as ranks ask for work (a slow point does not idle the others),
// gathers the rows in grid order and alone writes the outputs; the other ranks only map.
// Built with AF_MPI (Open MPI found at configure time).
#include <optional>
#include <vector>

#include "sweep/sweep.h"

namespace af::cli {

struct RankedSweep {
  bool root = false;                  // rank 0: writes the outputs
  std::vector<sweep::SweepRow> rows;  // rank 0 only, in grid order
};

// Nullopt when the process was not started by mpirun (then the caller runs the sweep itself).
// `progress` is called on rank 0 as rows arrive (in arrival order).
[[nodiscard]] std::optional<RankedSweep> run_over_ranks(const sweep::Sweep& s,
                                                        const sweep::SweepProgress& progress);

}  // namespace af::cli
