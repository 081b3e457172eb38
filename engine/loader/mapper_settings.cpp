#include "loader/mapper_settings.h"

#include <cmath>
#include <limits>
#include <stdexcept>

#include "spec/metrics.h"

using af::core::Diagnostic;
using af::core::SpecError;
using af::text::yaml::YamlNode;

namespace af::loader {

spec::MapperSettings read_mapper_settings(const YamlNode& section, const spec::SymbolTable& variables) {
  spec::MapperSettings out;
  if (!section.is_map()) return out;  // the shape check reports it
  std::vector<Diagnostic> errors;
  const auto field = [](const char* key) { return std::string("mapper.") + key; };
  const auto value = [&](const char* key) -> std::optional<std::pair<text::expr::Value, core::SourceLocation>> {
    const YamlNode* v = section.find(key);
    if (v == nullptr || v->is_null()) return std::nullopt;
    try {
      return std::pair{evaluate_node(*v, variables, field(key)), v->location()};
    } catch (const SpecError& e) {
      errors.insert(errors.end(), e.diagnostics().begin(), e.diagnostics().end());
      return std::nullopt;
    }
  };
  const auto guarded = [&](auto&& f) {
    try {
      f();
    } catch (const SpecError& e) {
      errors.insert(errors.end(), e.diagnostics().begin(), e.diagnostics().end());
    }
  };

  if (const YamlNode* v = section.find("metrics"); v != nullptr && v->is_scalar()) {
    try {
      out.metrics = spec::parse_metrics(v->as_string());
    } catch (const std::invalid_argument& e) {
      errors.push_back(Diagnostic{v->location(), field("metrics"), e.what()});
    }
  }
  // A count of loops or templates; `inf` (or anything past int64) means no limit.
  const auto count = [&](const char* key, std::optional<std::int64_t>& slot) {
    if (auto v = value(key))
      guarded([&] {
        const double d = to_number(v->first, v->second, field(key));
        if (std::isnan(d) || d < 0)
          throw SpecError(Diagnostic{v->second, field(key), "must be a whole number >= 0 (or inf)"});
        slot = d >= 9.2e18 ? std::numeric_limits<std::int64_t>::max() : static_cast<std::int64_t>(d);
      });
  };
  count("max_fused_loops", out.max_fused_loops);
  count("max_fused_loops_per_rank_variable", out.max_fused_loops_per_rank_variable);
  count("max_pmapping_templates_per_einsum", out.max_pmapping_templates_per_einsum);

  const auto number = [&](const char* key, std::optional<double>& slot, bool (*ok)(double), const char* rule) {
    if (auto v = value(key))
      guarded([&] {
        const double d = to_number(v->first, v->second, field(key));
        if (!ok(d)) throw SpecError(Diagnostic{v->second, field(key), rule});
        slot = d;
      });
  };
  const auto tolerance = [](double x) { return x >= 0 && std::isfinite(x); };
  number("objective_tolerance", out.objective_tolerance, tolerance, "must be a finite number >= 0");
  number("resource_usage_tolerance", out.resource_usage_tolerance, tolerance, "must be a finite number >= 0");
  number(
      "tiling_coarseness", out.tiling_coarseness, [](double x) { return x > 0 && std::isfinite(x); },
      "must be a finite number > 0 (1 = off; 1 to 2 is the useful range)");

  const auto flag = [&](const char* key, std::optional<bool>& slot) {
    if (auto v = value(key)) guarded([&] { slot = to_bool(v->first, v->second, field(key)); });
  };
  flag("explore_imperfect_spatial_loops", out.explore_imperfect_spatial_loops);
  flag("explore_imperfect_temporal_loops", out.explore_imperfect_temporal_loops);
  flag("explore_loop_orders", out.explore_loop_orders);
  flag("force_memory_hierarchy_order", out.force_memory_hierarchy_order);
  if (!errors.empty()) throw SpecError(std::move(errors));
  return out;
}

}  // namespace af::loader
