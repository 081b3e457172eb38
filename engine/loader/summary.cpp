#include "loader/summary.h"

#include <fmt/format.h>

#include <cmath>

namespace af::loader {

namespace {

std::string bits_text(double bits) {
  if (std::isinf(bits)) return "inf";
  const char* units[] = {"b", "Kib", "Mib", "Gib", "Tib"};
  int u = 0;
  double v = bits;
  while (v >= 1024 && u < 4) {
    v /= 1024;
    ++u;
  }
  return u == 0 ? fmt::format("{:.0f} b", v) : fmt::format("{:.4g} {}", v, units[u]);
}

}  // namespace

std::map<std::string, double> tensor_sizes_bits(const spec::Workload& workload) {
  std::map<std::string, double> out;
  for (const auto& e : workload.einsums)
    for (const auto& a : e.accesses) {
      if (out.contains(a.tensor)) continue;
      std::map<std::string, double> shape;
      for (const auto& [rv, bound] : e.rank_variable_bounds) shape[rv] = static_cast<double>(bound);
      out[a.tensor] = spec::dense_tile_occupancy(a, shape) * a.bits_per_value;
    }
  return out;
}

std::string summarize(const spec::Spec& spec) {
  const spec::Workload& w = spec.workload.workload;
  std::string out =
      fmt::format("Workload: {} Einsum(s), {} tensor(s)\n", w.einsums.size(), w.tensor_names().size());
  for (const auto& e : w.einsums) {
    std::vector<std::string> bounds;
    for (const auto& [rv, b] : e.rank_variable_bounds) bounds.push_back(fmt::format("{}={}", rv, b));
    out += fmt::format(
        "  {:<20} {}{}  ops={}\n", e.name, fmt::join(bounds, " "), e.is_copy_operation ? " (copy)" : "",
        e.n_computes_decimal.empty() ? std::to_string(e.n_computes.value_or(0)) : e.n_computes_decimal);
  }
  out += "Tensors:\n";
  const auto sizes = tensor_sizes_bits(w);
  const auto inter = w.intermediate_tensors();
  for (const auto& t : w.tensor_names()) {
    const spec::TensorAccess* a = nullptr;
    for (const auto& e : w.einsums)
      if (!a) a = e.find_access(t);
    out += fmt::format("  {:<20} {:>12} bits ({}), {} bits/value{}{}\n", t,
                       fmt::format("{:.0f}", sizes.at(t)), bits_text(sizes.at(t)), a ? a->bits_per_value : 0,
                       inter.contains(t) ? ", intermediate" : "", a && a->persistent ? ", persistent" : "");
  }
  if (spec.has_arch()) {
    const spec::ResolvedArch& arch = spec.arch_by_einsum.begin()->second.arch;
    out += fmt::format("Architecture: {} node(s)\n", arch.components.size());
    for (const auto& c : arch.components) {
      const char* kind = c.kind == spec::ComponentKind::Memory    ? "Memory"
                         : c.kind == spec::ComponentKind::Toll    ? "Toll"
                         : c.kind == spec::ComponentKind::Compute ? "Compute"
                                                            : "Container";
      std::string extra;
      if (c.kind == spec::ComponentKind::Memory) extra += " size " + bits_text(c.size);
      for (const auto& d : c.spatial) extra += fmt::format(" {}x{}", d.name, d.fanout);
      out += fmt::format("  {:<10} {:<20}{}\n", kind, c.name, extra);
    }
    for (const auto& [compute, path] : arch.paths) {
      std::vector<std::string> names;
      for (const auto i : path) names.push_back(arch.components[i].name);
      out += fmt::format("  path to {}: {}\n", compute, fmt::join(names, " -> "));
    }
  } else {
    out += "Architecture: none\n";
  }
  if (spec.mapping) out += fmt::format("Mapping: {} top-level node(s)\n", spec.mapping->nodes.size());
  return out;
}

}  // namespace af::loader
