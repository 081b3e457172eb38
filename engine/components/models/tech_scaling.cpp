#include "components/models/tech_scaling.h"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstddef>
#include <utility>

#include "components/models/component_model.h"

namespace af::components::models {

namespace {

// Stillmaker & Baas, "Scaling equations for the accurate prediction of CMOS device performance
// from 180 nm to 7 nm", Integration 58 (2017), as tabulated by hwcomponents.
constexpr std::array<double, 10> kNodes{130e-9, 90e-9, 65e-9, 45e-9, 32e-9, 20e-9, 16e-9, 14e-9, 10e-9, 7e-9};
constexpr double kSmallest = 7e-9, kLargest = 130e-9;

// kArea[from][to]: area at node `from` times this is area at node `to`.
constexpr std::array<std::array<double, 10>, 10> kArea{{
    {1, 0.44, 0.23, 0.16, 0.072, 0.033, 0.03, 0.027, 0.016, 0.0092},
    {2.3, 1, 0.53, 0.35, 0.16, 0.075, 0.067, 0.061, 0.036, 0.021},
    {4.3, 1.9, 1, 0.66, 0.31, 0.14, 0.13, 0.12, 0.068, 0.039},
    {6.4, 2.8, 1.5, 1, 0.46, 0.21, 0.19, 0.17, 0.1, 0.059},
    {14, 6.1, 3.3, 2.2, 1, 0.46, 0.41, 0.38, 0.22, 0.13},
    {30, 13, 7.1, 4.7, 2.2, 1, 0.89, 0.82, 0.48, 0.28},
    {34, 15, 7.9, 5.3, 2.4, 1.1, 1, 0.91, 0.54, 0.31},
    {37, 16, 8.7, 5.8, 2.7, 1.2, 1.1, 1, 0.59, 0.34},
    {63, 28, 15, 9.8, 4.5, 2.1, 1.9, 1.7, 1, 0.58},
    {110, 48, 25, 17, 7.8, 3.6, 3.2, 2.9, 1.7, 1},
}};

// Energy per node: a·V² + b·V + c at V = 0.8 V.
constexpr std::array<std::array<double, 3>, 10> kEnergy{{
    {7.171, -6.709, 2.904},
    {4.762, -4.781, 2.092},
    {3.755, -4.398, 1.975},
    {1.103, -0.362, 0.2767},
    {0.9559, -0.7823, 0.471},
    {0.373, -0.1582, 0.04104},
    {0.2958, -0.1241, 0.03024},
    {0.2363, -0.09675, 0.02239},
    {0.2068, -0.09311, 0.02375},
    {0.1776, -0.09097, 0.02447},
}};
constexpr double kVdd = 0.8;

// Beyond the table the node is clamped to its end and the rest kept as a ratio.
std::pair<double, double> clamp_node(double node) {
  if (node < kSmallest) return {kSmallest, node / kSmallest};
  if (node > kLargest) return {kLargest, node / kLargest};
  return {node, 1.0};
}

// The node's fractional index: linear in metres between neighbouring table nodes.
double node_index(double node) {
  for (std::size_t i = 0; i < kNodes.size(); ++i) {
    if (node == kNodes[i]) return static_cast<double>(i);
    if (node > kNodes[i]) {  // between kNodes[i - 1] (larger) and kNodes[i] (smaller); clamped, so i > 0
      const double interp = (node - kNodes[i]) / (kNodes[i - 1] - kNodes[i]);
      return static_cast<double>(i) - interp;
    }
  }
  return static_cast<double>(kNodes.size() - 1);
}

double polynomial(std::size_t i) {
  const auto& c = kEnergy[i];
  return 0.0 + c[0] * (kVdd * kVdd) + c[1] * kVdd + c[2] * 1.0;
}

double fraction(double x) { return x - std::floor(x); }
std::size_t lo(double x) { return static_cast<std::size_t>(std::floor(x)); }
std::size_t hi(double x) { return static_cast<std::size_t>(std::ceil(x)); }

}  // namespace

double tech_node_area(double to, double from) {
  const auto [f, rf] = clamp_node(from);
  const auto [t, rt] = clamp_node(to);
  const double scale = rt / rf;
  const double x = node_index(f), y = node_index(t);
  const double fx = fraction(x), fy = fraction(y);
  return scale * (0.0 + kArea[lo(x)][lo(y)] * (1 - fx) * (1 - fy) + kArea[lo(x)][hi(y)] * (1 - fx) * fy +
                  kArea[hi(x)][lo(y)] * fx * (1 - fy) + kArea[hi(x)][hi(y)] * fx * fy);
}

double tech_node_energy(double to, double from) {
  // Energy stops improving below 1 nm (IRDS 2022, as hwcomponents notes).
  const auto [f, rf] = clamp_node(std::max(from, 1e-9));
  const auto [t, rt] = clamp_node(std::max(to, 1e-9));
  const double scale = std::pow(rt / rf, 0.5);
  const double x = node_index(f), y = node_index(t);
  const double from_factor = 0.0 + polynomial(lo(x)) * (1 - fraction(x)) + polynomial(hi(x)) * fraction(x);
  const double to_factor = 0.0 + polynomial(lo(y)) * (1 - fraction(y)) + polynomial(hi(y)) * fraction(y);
  return to_factor / from_factor * scale;
}

double tech_node_throughput(double to, double from) { return from / to; }

TechFactors tech_factors(double target, double reference) {
  if (target == reference) return {};
  const double energy = tech_node_energy(target, reference);
  return {tech_node_area(target, reference), energy, energy, tech_node_throughput(target, reference)};
}

void check_tech_node(double tech_node) {
  // 10 µm: older than any process a model here describes; `65` meant as nanometres is 65 m.
  if (!(tech_node > 0) || tech_node > 1e-5)
    throw ModelError(
        fmt::format("tech_node is in metres and must be between 0 and 1e-5, got {} (65 nm is 65e-9)",
                    number_text(tech_node)),
        "tech_node");
}

}  // namespace af::components::models
