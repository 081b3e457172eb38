#include "mapper/front_points.h"

#include <algorithm>
#include <limits>

namespace af::mapper {

std::vector<FrontPoint> pareto_points(std::vector<FrontPoint> points) {
  std::sort(points.begin(), points.end(), [](const FrontPoint& a, const FrontPoint& b) {
    return a.latency != b.latency ? a.latency < b.latency : a.energy < b.energy;
  });
  std::vector<FrontPoint> out;
  double best = std::numeric_limits<double>::infinity();
  for (const auto& p : points)
    if (p.energy < best) {  // strictly lower energy than every faster point
      out.push_back(p);
      best = p.energy;
    }
  return out;
}

std::vector<FrontPoint> sequential_front(const std::vector<std::vector<FrontPoint>>& fronts) {
  if (fronts.empty()) return {};
  std::vector<FrontPoint> sum{{0, 0}};
  for (const auto& front : fronts) {
    if (front.empty()) return {};
    std::vector<FrontPoint> next;
    next.reserve(sum.size() * front.size());
    for (const auto& a : sum)
      for (const auto& b : front) next.push_back({a.energy + b.energy, a.latency + b.latency});
    sum = pareto_points(std::move(next));
  }
  return sum;
}

}  // namespace af::mapper
