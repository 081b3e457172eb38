#pragma once
// The roofline of an evaluated mapping (AccelForge's plotting/roofline.py draws one roof from a
// bandwidth and a peak; here every level gets its roof): the peak compute throughput of each
// compute unit, each memory level's bandwidth, and each Einsum as a point at its operational
// intensity (operations per bit moved across a level) and attained throughput (operations over
// the model's latency), with the component that bounds it.
#include <map>
#include <string>
#include <vector>

#include "model/evaluate.h"
#include "spec/resolved_spec.h"

namespace af::model {

struct ComputeRoof {
  std::string component;
  double ops_per_second = 0;  // one unit's throughput × the units the fanouts above it make
  double instances = 1;
};

struct MemoryRoof {
  std::string component;
  // Its read throughput (actions/s per instance, after scales) × bits per action × instances;
  // infinite when the spec sets no limit.
  double bits_per_second = 0;
  double instances = 1;
};

struct RooflineEinsum {
  std::string einsum;
  std::string compute;                       // the unit it runs on
  double ops = 0;                            // operations, all units
  double seconds = 0;                        // the model's latency of the Einsum
  std::map<std::string, double> bits_moved;  // per memory level: reads and writes, all instances
  std::string bound_by;  // the component with the longest latency (== compute: compute-bound)

  [[nodiscard]] bool compute_bound() const { return bound_by == compute; }
  // Operations per second; 0 when the Einsum takes no time.
  [[nodiscard]] double attained() const { return seconds > 0 ? ops / seconds : 0; }
  // Operations per bit moved across `level`; infinite when nothing crosses it.
  [[nodiscard]] double intensity(const std::string& level) const;
};

struct Roofline {
  std::vector<ComputeRoof> computes;    // each unit some Einsum runs on, in workload order
  std::vector<MemoryRoof> memories;     // the memory levels, outermost first
  std::vector<RooflineEinsum> einsums;  // workload order

  [[nodiscard]] const ComputeRoof* compute(const std::string& name) const;
  [[nodiscard]] const MemoryRoof* memory(const std::string& name) const;
  // What the roofs allow at `intensity` for an Einsum on `compute` with traffic across `level`:
  // min(peak, bandwidth × intensity).
  [[nodiscard]] double ceiling(const std::string& compute, const std::string& level, double intensity) const;
};

[[nodiscard]] Roofline roofline(const spec::ResolvedSpec& spec, const Evaluation& evaluation);

}  // namespace af::model
