#include "io/evaluation_report.h"

#include <fmt/format.h>

#include <cmath>
#include <map>

namespace af::io {

namespace {

std::string number(double v) {
  if (std::isinf(v)) return "inf";
  if (v == std::floor(v) && std::fabs(v) < 1e15) return fmt::format("{:.0f}", v);
  return fmt::format("{:.6g}", v);
}

struct ComponentRow {
  double reads = 0, writes = 0, computes = 0, energy = 0, latency = 0;
};

}  // namespace

std::string evaluation_report(const model::Evaluation& ev) {
  std::map<std::string, ComponentRow> rows;
  for (const auto& [k, count] : ev.actions) {
    auto& r = rows[k.component];
    if (k.action == "read")
      r.reads += count;
    else if (k.action == "write")
      r.writes += count;
    else
      r.computes += count;
  }
  for (const auto& [k, e] : ev.energy) rows[k.component].energy += e;
  for (const auto& [k, e] : ev.leak_energy) rows[k.second].energy += e;
  for (const auto& [k, l] : ev.component_latency) rows[k.second].latency += l;

  std::string out = fmt::format("{:<22} {:>16} {:>16} {:>14} {:>14} {:>7} {:>14} {:>7}\n", "component",
                                "reads", "writes", "computes", "energy", "energy%", "latency", "lat%");
  double latency_sum = 0;
  for (const auto& [name, r] : rows) latency_sum += r.latency;
  for (const auto& [name, r] : rows) {
    const double e_share = ev.total_energy > 0 ? 100 * r.energy / ev.total_energy : 0;
    const double l_share = latency_sum > 0 ? 100 * r.latency / latency_sum : 0;
    out += fmt::format("{:<22} {:>16} {:>16} {:>14} {:>14.6g} {:>6.1f}% {:>14.6g} {:>6.1f}%\n", name,
                       number(r.reads), number(r.writes), number(r.computes), r.energy, e_share, r.latency,
                       l_share);
  }
  out += fmt::format("total energy {:.6g} (dynamic {:.6g}, leak {:.6g}); total latency {:.6g}\n",
                     ev.total_energy, ev.dynamic_energy, ev.leak_energy_total, ev.total_latency);
  if (!ev.memory_usage.empty()) {
    out += fmt::format("\n{:<12} {:<22} {:>16} {:>16} {:>8}\n", "einsum", "memory", "occupancy (b)",
                       "size (b)", "used");
    for (const auto& [k, u] : ev.memory_usage)
      out +=
          fmt::format("{:<12} {:<22} {:>16} {:>16} {:>7.1f}%\n", k.first, k.second, number(u.used_bits),
                      number(u.size), std::isinf(u.size) || u.size == 0 ? 0.0 : 100 * u.used_bits / u.size);
  }
  return out;
}

}  // namespace af::io
