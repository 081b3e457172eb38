#pragma once
// The mapper's optimization metrics as AccelForge's Metrics bit flags (a spec field, so the
// loader validates `mapper.metrics` and the mapper reads the flags).
#include <string>
#include <string_view>

namespace af::spec {

// Bit flags as AccelForge's Metrics enum (only the objectives the mapper optimizes).
enum Metric : unsigned {
  kLatency = 1U << 0,
  kEnergy = 1U << 1,
  kDynamicEnergy = 1U << 2,
  kLeakEnergy = 1U << 3,
  kEdp = 1U << 4,
  // Each memory's usage (its peak reservation as a share of its size) is an objective too:
  // every finite memory is tracked through the join and the front keeps the usages.
  kResourceUsage = 1U << 5,
};

[[nodiscard]] inline bool includes_latency(unsigned m) { return (m & (kLatency | kEdp)) != 0; }
[[nodiscard]] inline bool includes_energy(unsigned m) { return (m & (kEnergy | kEdp)) != 0; }
[[nodiscard]] inline bool includes_dynamic_energy(unsigned m) {
  return (m & (kEnergy | kDynamicEnergy | kEdp)) != 0;
}
[[nodiscard]] inline bool includes_leak_energy(unsigned m) {
  return (m & (kEnergy | kLeakEnergy | kEdp)) != 0;
}

// The one grammar of the spec's `mapper.metrics`, `accelforge map --metric` and the explorer's
// `--metric`, said in the error for a wrong one.
inline constexpr std::string_view kMetricsGrammar =
    "the accepted forms are energy, latency, edp, dynamic_energy or leak_energy (any case, "
    "Metrics.X too), or a list of them joined by ',' or '|' for a front of several, such as "
    "energy,latency; resource_usage adds each memory's usage to the objectives (energy|resource_usage)";

// "energy", "latency", "edp", "energy,latency", "ENERGY | LATENCY", "Metrics.ENERGY_DELAY_PRODUCT"
// ... Throws std::invalid_argument naming the unknown metric and the accepted forms.
[[nodiscard]] unsigned parse_metrics(const std::string& text);
[[nodiscard]] std::string metrics_name(unsigned metrics);

}  // namespace af::spec
