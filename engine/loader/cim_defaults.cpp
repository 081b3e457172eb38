#include "loader/cim_defaults.h"

#include <fmt/format.h>

#include <string>
#include <vector>

#include "core/ascii_case.h"
#include "spec/metrics.h"

namespace af::loader {

namespace {

bool calls_array_helpers(const text::yaml::YamlNode& node) {
  if (node.is_scalar()) return node.text().find("get_array_fanout_") != std::string::npos;
  for (const auto& item : node.items())
    if (calls_array_helpers(item)) return true;
  for (const auto& entry : node.entries())
    if (calls_array_helpers(entry.value)) return true;
  return false;
}

bool has_cim_part(const text::yaml::YamlNode& nodes, const components::models::Registry& models) {
  for (const auto& node : nodes.items()) {
    if (!node.is_map()) continue;
    if (const auto* inner = node.find("nodes"); inner && inner->is_sequence() && has_cim_part(*inner, models))
      return true;
    const auto* cls = node.find("component_class");
    if (!cls || !cls->is_scalar()) continue;
    for (const auto& m : models.models())
      if (m.info.compute_in_memory)
        for (const auto& name : m.info.names)
          if (core::iequals(name, cls->text())) return true;
  }
  return false;
}

}  // namespace

bool is_cim_spec(const text::yaml::YamlNode& top, const components::models::Registry& models) {
  const auto* arch = top.find("arch");
  if (!arch || !arch->is_map()) return false;
  const auto* vars = arch->find("variables");
  const auto* nodes = arch->find("nodes");
  return (vars && calls_array_helpers(*vars)) || (nodes && has_cim_part(*nodes, models));
}

void apply_cim_defaults(const text::yaml::YamlNode& top, const components::models::Registry& models,
                        spec::Spec& spec) {
  if (!is_cim_spec(top, models)) return;
  std::vector<std::string> chosen;
  auto& m = spec.mapper;
  if (!m.explore_imperfect_spatial_loops) {
    m.explore_imperfect_spatial_loops = true;
    chosen.emplace_back("explore_imperfect_spatial_loops: true");
  }
  if (!m.explore_loop_orders) {
    m.explore_loop_orders = false;
    chosen.emplace_back("explore_loop_orders: false");
  }
  if (!m.metrics) {
    m.metrics = spec::parse_metrics("edp");
    chosen.emplace_back("metrics: energy_delay_product");
  }
  if (chosen.empty()) return;
  const auto* arch = top.find("arch");
  spec.warnings.push_back(core::Diagnostic{
      arch->location(), "mapper",
      fmt::format("a compute-in-memory arch (CiM array helpers or parts): opened as AccelForge's "
                  "compute_in_memory/_load_spec.py opens it, with mapper {}; set these under 'mapper:' "
                  "(or --metric) to choose otherwise",
                  fmt::join(chosen, ", ")),
      core::Severity::Warning});
}

text::yaml::YamlNode with_cim_nodes(text::yaml::YamlNode arch, int macros, bool dummy_main_memory) {
  using text::yaml::YamlNode;
  YamlNode* nodes = arch.is_map() ? arch.find("nodes") : nullptr;
  if (!nodes || !nodes->is_sequence()) return arch;
  const auto where = nodes->location();
  const auto scalar = [&](std::string text) { return YamlNode::scalar(std::move(text), where); };
  auto& items = nodes->items();
  if (macros > 1) {
    YamlNode dim = YamlNode::map(where);
    dim.set("name", scalar("macro"));
    dim.set("fanout", scalar(std::to_string(macros)));
    dim.set("power_gateable", scalar("true"));
    YamlNode spatial = YamlNode::sequence(where);
    spatial.push_back(std::move(dim));
    YamlNode macro = YamlNode::map(where);
    macro.set_tag("!Container");
    macro.set("name", scalar("MacroAuto"));
    macro.set("spatial", std::move(spatial));
    items.insert(items.begin(), std::move(macro));
  }
  if (dummy_main_memory) {
    YamlNode tensors = YamlNode::map(where);
    tensors.set("keep", scalar("~weight"));
    YamlNode memory = YamlNode::map(where);
    memory.set_tag("!Memory");
    memory.set("name", scalar("MainMemory"));
    memory.set("component_class", scalar("Dummy"));
    memory.set("size", scalar("inf"));
    memory.set("tensors", std::move(tensors));
    items.insert(items.begin(), std::move(memory));
  }
  return arch;
}

}  // namespace af::loader
