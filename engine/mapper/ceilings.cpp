#include "mapper/ceilings.h"

#include <algorithm>
#include <cmath>

#include "mapper/options.h"
#include "mapper/search/tile_shapes.h"

namespace af::mapper {
namespace {

// A row must lose by more than float32 rounding (the mapper ranks whole mappings on float32
// energy and latency) and sums taken in another order can move a value.
constexpr double kMargin = 1e-6;
// Points a staircase keeps: a check walks them for every row that survives it.
constexpr std::size_t kMaxPoints = 32;

// The Pareto-minimal points (energy and latency both minimized), energy ascending; then
// neighbours merged into their common lower corner until at most kMaxPoints remain: a
// corner lies below every point it replaces, so the staircase still bounds.
std::vector<std::pair<double, double>> staircase(std::vector<std::pair<double, double>> pts) {
  std::sort(pts.begin(), pts.end());
  std::vector<std::pair<double, double>> front;
  for (const auto& p : pts)
    if (front.empty() || p.second < front.back().second) front.push_back(p);
  if (front.size() <= kMaxPoints) return front;
  std::vector<std::pair<double, double>> thin;
  const std::size_t n = front.size();
  for (std::size_t k = 0; k < kMaxPoints; ++k) {
    const std::size_t first = k * n / kMaxPoints, last = (k + 1) * n / kMaxPoints - 1;
    thin.emplace_back(front[first].first, front[last].second);
  }
  return thin;
}

}  // namespace

Ranking ranking_objectives(double energy, double latency, double dynamic_energy, double leak_energy,
                           unsigned metrics) {
  Ranking r;
  const auto add = [&](double v) { r.values[r.size++] = v; };
  if (metrics & kEdp) add(energy * latency);
  if (metrics & kEnergy) add(energy);
  if (metrics & kLatency) add(latency);
  if (metrics & kDynamicEnergy) add(dynamic_energy);
  if (metrics & kLeakEnergy) add(leak_energy);
  return r;
}

LeastAdded LeastAdded::of(const std::vector<PmappingRow>& rows) {
  LeastAdded l;
  if (rows.empty()) return l;
  l.dynamic = rows[0].dynamic_energy;
  l.leak = rows[0].leak_energy;
  std::vector<std::pair<double, double>> pts;
  pts.reserve(rows.size());
  for (const auto& r : rows) {
    l.dynamic = std::min(l.dynamic, r.dynamic_energy);
    l.leak = std::min(l.leak, r.leak_energy);
    pts.emplace_back(r.energy(), r.latency);
  }
  l.points = staircase(std::move(pts));
  return l;
}

LeastAdded LeastAdded::plus(const LeastAdded& o) const {
  LeastAdded s;
  s.dynamic = dynamic + o.dynamic;
  s.leak = leak + o.leak;
  std::vector<std::pair<double, double>> pts;
  pts.reserve(points.size() * o.points.size());
  for (const auto& a : points)
    for (const auto& b : o.points) pts.emplace_back(a.first + b.first, a.second + b.second);
  s.points = staircase(std::move(pts));
  return s;
}

Ceilings::Ceilings(const std::vector<std::vector<double>>& ceilings, unsigned metrics) : metrics_(metrics) {
  const std::size_t size = ranking_objectives(0, 0, 0, 0, metrics).size;
  for (const auto& c : ceilings) {
    if (c.size() != size) continue;
    std::array<double, 5> limit{};
    for (std::size_t i = 0; i < size; ++i) limit[i] = c[i] + std::abs(c[i]) * kMargin;
    limits_.push_back(limit);
  }
}

bool Ceilings::beaten(double dynamic, double leak, double latency, const LeastAdded& rest) const {
  if (limits_.empty()) return false;
  const auto beaten_at = [&](const std::pair<double, double>& p) {
    const Ranking r = ranking_objectives(dynamic + leak + p.first, latency + p.second, dynamic + rest.dynamic,
                                         leak + rest.leak, metrics_);
    return std::any_of(limits_.begin(), limits_.end(), [&](const std::array<double, 5>& limit) {
      for (std::size_t i = 0; i < r.size; ++i)
        if (!(r.values[i] > limit[i])) return false;
      return true;
    });
  };
  return std::all_of(rest.points.begin(), rest.points.end(), beaten_at);
}

}  // namespace af::mapper
