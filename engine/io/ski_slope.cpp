#include "io/ski_slope.h"

#include <algorithm>

namespace af::io {

std::vector<std::string> ski_slope_memories(const std::vector<ParetoRow>& rows) {
  std::vector<std::string> out;
  if (!rows.empty())
    for (const auto& m : rows.front().memories) out.push_back(m.memory);
  return out;
}

SkiSlope ski_slope(const std::vector<ParetoRow>& rows, const std::string& memory, SkiSlopeAxis axis) {
  SkiSlope out;
  out.memory = memory;
  std::vector<SkiSlopeStep> points;
  for (std::size_t i = 0; i < rows.size(); ++i)
    for (const auto& m : rows[i].memories)
      if (m.memory == memory) {
        out.parent = m.parent;
        points.push_back({m.usage_bits, rows[i].energy, m.parent_bits, i});
      }
  const auto y = [axis](const SkiSlopeStep& s) {
    return axis == SkiSlopeAxis::Energy ? s.energy : s.parent_bits;
  };
  std::stable_sort(points.begin(), points.end(), [&](const SkiSlopeStep& a, const SkiSlopeStep& b) {
    return a.usage_bits < b.usage_bits || (a.usage_bits == b.usage_bits && y(a) < y(b));
  });
  for (const auto& p : points)
    if (out.steps.empty() || y(p) < y(out.steps.back())) out.steps.push_back(p);
  return out;
}

}  // namespace af::io
