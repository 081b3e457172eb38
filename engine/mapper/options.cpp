#include "mapper/options.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <stdexcept>

#include "loader/evaluation.h"

namespace af::mapper {
namespace {

std::string trim(std::string s) {
  const auto notspace = [](unsigned char c) { return !std::isspace(c); };
  s.erase(s.begin(), std::find_if(s.begin(), s.end(), notspace));
  s.erase(std::find_if(s.rbegin(), s.rend(), notspace).base(), s.end());
  return s;
}

std::string upper(std::string s) {
  for (auto& c : s) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  return s;
}

}  // namespace

unsigned parse_metrics(const std::string& text) {
  unsigned out = 0;
  std::size_t start = 0;
  while (start <= text.size()) {
    const auto bar = text.find('|', start);
    const std::string raw =
        trim(text.substr(start, bar == std::string::npos ? std::string::npos : bar - start));
    std::string part = upper(raw);
    if (const auto dot = part.rfind('.'); dot != std::string::npos) part = part.substr(dot + 1);
    if (part == "ENERGY")
      out |= kEnergy;
    else if (part == "LATENCY")
      out |= kLatency;
    else if (part == "EDP" || part == "ENERGY_DELAY_PRODUCT")
      out |= kEdp;
    else if (part == "DYNAMIC_ENERGY")
      out |= kDynamicEnergy;
    else if (part == "LEAK_ENERGY")
      out |= kLeakEnergy;
    // Reporting-only metrics do not change what is optimized here.
    else if (part == "ACTIONS" || part == "RESOURCE_USAGE" || part == "DETAILED_MEMORY_USAGE") {
    } else
      throw std::invalid_argument("unknown metric '" + raw +
                                  "' (energy, latency, edp, dynamic_energy, leak_energy)");
    if (bar == std::string::npos) break;
    start = bar + 1;
  }
  if (out == 0) throw std::invalid_argument("no optimization metric given");
  return out;
}

std::string metrics_name(unsigned metrics) {
  std::string s;
  const auto add = [&](unsigned flag, const char* name) {
    if ((metrics & flag) == 0) return;
    if (!s.empty()) s += '|';
    s += name;
  };
  add(kEnergy, "energy");
  add(kLatency, "latency");
  add(kEdp, "edp");
  add(kDynamicEnergy, "dynamic_energy");
  add(kLeakEnergy, "leak_energy");
  return s;
}

void set_imperfect_loops(MapperOptions& o, std::string_view which) {
  o.explore_imperfect_spatial_loops = which == "spatial" || which == "both";
  o.explore_imperfect_temporal_loops = which == "temporal" || which == "both";
}

MapperOptions options_from_spec(const spec::Spec& spec) {
  MapperOptions o;
  const spec::YamlNode* m = spec.tree.find("mapper");
  if (m == nullptr || !m->is_map()) return o;
  const auto value = [&](const char* key) -> std::optional<spec::Value> {
    const spec::YamlNode* v = m->find(key);
    if (v == nullptr || v->is_null()) return std::nullopt;
    return spec::evaluate_node(*v, spec.variables, std::string("mapper.") + key);
  };
  const auto where = [&](const char* key) { return m->find(key)->location(); };
  const auto integer = [&](const char* key, std::int64_t& out) {
    if (auto v = value(key)) {
      const double d = spec::to_number(*v, where(key), std::string("mapper.") + key);
      out = d >= 9e18 ? kUnlimited : static_cast<std::int64_t>(d);
    }
  };
  if (const spec::YamlNode* v = m->find("metrics"); v != nullptr && v->is_scalar()) {
    try {
      o.metrics = parse_metrics(v->text());
    } catch (const std::invalid_argument& e) {
      spec::Diagnostic d;
      d.where = v->location();
      d.field = "mapper.metrics";
      d.message = e.what();
      throw spec::SpecError(std::move(d));
    }
  }
  integer("max_fused_loops", o.max_fused_loops);
  integer("max_fused_loops_per_rank_variable", o.max_fused_loops_per_rank_variable);
  integer("max_pmapping_templates_per_einsum", o.max_pmapping_templates_per_einsum);
  // A number with a validity rule; the error names the field and its place.
  const auto checked_number = [&](const char* key, double& out, bool (*ok)(double), const char* rule) {
    const auto v = value(key);
    if (!v) return;
    const std::string field = std::string("mapper.") + key;
    out = spec::to_number(*v, where(key), field);
    if (ok(out)) return;
    spec::Diagnostic d;
    d.where = where(key);
    d.field = field;
    d.message = rule;
    throw spec::SpecError(std::move(d));
  };
  checked_number(
      "objective_tolerance", o.objective_tolerance, [](double x) { return x >= 0; }, "must be a number >= 0");
  checked_number(
      "resource_usage_tolerance", o.resource_usage_tolerance, [](double x) { return x >= 0; },
      "must be a number >= 0");
  checked_number(
      "tiling_coarseness", o.tiling_coarseness, [](double x) { return x > 0 && std::isfinite(x); },
      "must be a finite number > 0 (1 = off; 1 to 2 is the useful range)");
  const auto flag = [&](const char* key, bool& out) {
    if (auto v = value(key)) out = spec::to_bool(*v, where(key), std::string("mapper.") + key);
  };
  flag("explore_imperfect_spatial_loops", o.explore_imperfect_spatial_loops);
  flag("explore_imperfect_temporal_loops", o.explore_imperfect_temporal_loops);
  flag("explore_loop_orders", o.explore_loop_orders);
  flag("force_memory_hierarchy_order", o.force_memory_hierarchy_order);
  return o;
}

}  // namespace af::mapper
