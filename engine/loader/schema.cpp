#include "loader/schema.h"

#include <fmt/format.h>

#include <map>
#include <string>

#include "core/closest_name.h"

using af::core::Diagnostic;
using af::text::yaml::YamlNode;

namespace af::loader {

namespace {

// What a field holds, as far as the shape is concerned (values are checked when evaluated).
enum class Shape {
  Any,      // scalar, expression, list or map: checked later
  Scalar,   // a scalar (number, bool, string or expression text)
  List,     // a list of anything
  Map,      // a free-form map (variables, extra attributes, set-keyed dicts)
  Actions,  // list of Action maps
  HolderActions,
  Spatials,     // list of Spatial maps
  Comparisons,  // list of Comparison maps
  Tensors,      // the `tensors:` map of a tensor holder
  ArchNodes,    // list of tagged arch nodes
  Workload,
  Einsums,     // list of Einsum maps, einsum strings or nested lists
  Accesses,    // list of TensorAccess maps
  RenameList,  // list of {name, source, expected_count} or a {new: source} map
  Renames,     // the top-level renames object
  MappingNodes,
  Arch,
  Mapping,
  Mapper,
  Config,
  Model,
};

struct Field {
  std::string_view name;
  Shape shape;
};
using Fields = std::vector<Field>;

const Fields& action_fields() {
  static const Fields f{
      {"name", Shape::Scalar},          {"energy", Shape::Any},
      {"energy_scale", Shape::Any},     {"latency", Shape::Any},
      {"latency_scale", Shape::Any},    {"throughput", Shape::Any},
      {"throughput_scale", Shape::Any}, {"extra_attributes_for_component_model", Shape::Map}};
  return f;
}

Fields holder_action_fields() {
  Fields f = action_fields();
  f.push_back({"bits_per_action", Shape::Any});
  f.push_back({"values_per_action", Shape::Map});
  return f;
}

Fields component_fields() {
  return {{"name", Shape::Scalar},
          {"component_class", Shape::Scalar},
          {"component_model", Shape::Any},
          {"component_modeling_log", Shape::List},
          {"actions", Shape::Actions},
          {"enabled", Shape::Any},
          {"area", Shape::Any},
          {"total_area", Shape::Any},
          {"area_scale", Shape::Any},
          {"leak_power", Shape::Any},
          {"total_leak_power", Shape::Any},
          {"leak_power_scale", Shape::Any},
          {"energy_scale", Shape::Any},
          {"actions_scale", Shape::Any},
          {"total_latency", Shape::Scalar},
          {"latency_scale", Shape::Any},
          {"throughput_scale", Shape::Any},
          {"n_parallel_instances", Shape::Any},
          {"extra_attributes_for_component_model", Shape::Map},
          {"spatial", Shape::Spatials}};
}

Fields holder_fields() {
  Fields f = component_fields();
  for (auto& field : f)
    if (field.name == "actions") field.shape = Shape::HolderActions;
  f.insert(f.end(), {{"tensors", Shape::Tensors},
                     {"bits_per_value", Shape::Map},
                     {"bits_per_action", Shape::Any},
                     {"values_per_action", Shape::Map}});
  return f;
}

const std::map<std::string, Fields, std::less<>>& arch_node_schema() {
  static const std::map<std::string, Fields, std::less<>> schema = [] {
    std::map<std::string, Fields, std::less<>> s;
    Fields memory = holder_fields();
    memory.insert(memory.end(), {{"size", Shape::Any}, {"skip_initial_output_write", Shape::Scalar}});
    s["Memory"] = memory;
    Fields toll = holder_fields();
    toll.push_back({"direction", Shape::Any});
    s["Toll"] = toll;
    Fields compute = component_fields();
    compute.push_back({"skip_initial_output_write", Shape::Scalar});
    s["Compute"] = compute;
    Fields network = component_fields();
    network.insert(
        network.end(),
        {{"bits_per_value", Shape::Map}, {"bits_per_action", Shape::Any}, {"topology", Shape::Scalar}});
    s["Network"] = network;
    s["Container"] = {{"name", Shape::Scalar}, {"spatial", Shape::Spatials}};
    s["Hierarchical"] = {{"nodes", Shape::ArchNodes}};
    s["Fork"] = {{"nodes", Shape::ArchNodes},
                 {"forked_power_gateable", Shape::Scalar},
                 {"non_forked_power_gateable", Shape::Scalar}};
    s["Array"] = {{"name", Shape::Scalar}, {"nodes", Shape::ArchNodes}, {"spatial", Shape::Spatials}};
    return s;
  }();
  return schema;
}

const std::map<std::string, Fields, std::less<>>& mapping_node_schema() {
  static const std::map<std::string, Fields, std::less<>> schema = [] {
    std::map<std::string, Fields, std::less<>> s;
    const Fields loop{{"rank_variable", Shape::Any},
                      {"tile_shape", Shape::Any},
                      {"initial_tile_shape", Shape::Any},
                      {"text", Shape::Scalar}};
    s["Temporal"] = loop;
    Fields spatial = loop;
    spatial.insert(spatial.end(), {{"name", Shape::Scalar}, {"component", Shape::Scalar}});
    s["Spatial"] = spatial;
    const Fields holder{{"tensors", Shape::List},
                        {"component", Shape::Scalar},
                        {"persistent", Shape::Scalar},
                        {"text", Shape::Scalar}};
    Fields storage = holder;
    storage.push_back({"binding", Shape::Any});
    s["Storage"] = storage;
    s["Toll"] = holder;
    s["Compute"] = {{"einsum", Shape::Scalar}, {"component", Shape::Scalar}, {"text", Shape::Scalar}};
    const Fields branch{{"nodes", Shape::MappingNodes}, {"text", Shape::Scalar}};
    for (const char* tag : {"Sequential", "Pipeline", "Split", "Nested"}) s[tag] = branch;
    s["Mapping"] = {{"nodes", Shape::MappingNodes}, {"text", Shape::Scalar}, {"title", Shape::Scalar}};
    s["Reservation"] = {{"purposes", Shape::List},
                        {"resource", Shape::Scalar},
                        {"persistent", Shape::Scalar},
                        {"text", Shape::Scalar}};
    s["TextBox"] = {{"text", Shape::Scalar}};
    return s;
  }();
  return schema;
}

std::vector<std::string> keys_of(const std::map<std::string, Fields, std::less<>>& schema) {
  std::vector<std::string> out;
  for (const auto& [k, v] : schema) out.push_back(k);
  return out;
}

class ShapeChecker {
 public:
  std::vector<Diagnostic> diagnostics;

  void check(const YamlNode& node, Shape shape, const std::string& path) {
    switch (shape) {
      case Shape::Any:
        return;
      case Shape::Scalar:
        if (!node.is_scalar() && !node.is_null()) expected(node, path, "a single value");
        return;
      case Shape::List:
        if (!node.is_sequence() && !node.is_null()) expected(node, path, "a list");
        return;
      case Shape::Map:
        if (!node.is_map() && !node.is_null()) expected(node, path, "a mapping");
        return;
      case Shape::Actions:
        each_map(node, path, action_fields());
        return;
      case Shape::HolderActions:
        each_map(node, path, holder_action_fields());
        return;
      case Shape::Spatials:
        each_map(node, path,
                 {{"name", Shape::Scalar},
                  {"fanout", Shape::Any},
                  {"may_reuse", Shape::Any},
                  {"loop_bounds", Shape::Comparisons},
                  {"min_usage", Shape::Any},
                  {"reuse", Shape::Any},
                  {"usage_scale", Shape::Any},
                  {"power_gateable", Shape::Any}});
        return;
      case Shape::Comparisons:
        each_map(node, path, comparison_fields());
        return;
      case Shape::Tensors:
        fields(node, path,
               {{"keep", Shape::Any},
                {"may_keep", Shape::Any},
                {"back", Shape::Any},
                {"tile_shape", Shape::Comparisons},
                {"no_refetch_from_above", Shape::Any},
                {"no_resend_to_below", Shape::Any},
                {"tensor_order_options", Shape::List},
                {"force_memory_hierarchy_order", Shape::Scalar}});
        return;
      case Shape::ArchNodes:
        tagged_list(node, path, arch_node_schema(), "architecture node");
        return;
      case Shape::MappingNodes:
        tagged_list(node, path, mapping_node_schema(), "mapping node");
        return;
      case Shape::Arch:
        fields(node, path,
               {{"nodes", Shape::ArchNodes},
                {"variables", Shape::Map},
                {"extra_attributes_for_all_component_models", Shape::Map}});
        return;
      case Shape::Mapping:
        fields(node, path,
               {{"nodes", Shape::MappingNodes}, {"title", Shape::Scalar}, {"text", Shape::Scalar}});
        return;
      case Shape::Workload:
        fields(node, path,
               {{"einsums", Shape::Einsums},
                {"iteration_space_shape", Shape::Map},
                {"rank_sizes", Shape::Map},
                {"n_instances", Shape::Scalar},
                {"bits_per_value", Shape::Map},
                {"persistent_tensors", Shape::Scalar}});
        return;
      case Shape::Einsums:
        einsums(node, path);
        return;
      case Shape::Accesses:
        each_map(node, path,
                 {{"name", Shape::Scalar},
                  {"projection", Shape::Any},
                  {"output", Shape::Scalar},
                  {"persistent", Shape::Scalar},
                  {"backing_storage_size_scale", Shape::Scalar},
                  {"bits_per_value", Shape::Scalar}});
        return;
      case Shape::RenameList:
        if (node.is_map() || node.is_null()) return;  // {new_name: source}
        each_map(node, path, rename_fields());
        return;
      case Shape::Renames:
        fields(node, path, {{"einsums", Shape::List}});
        if (const auto* list = node.is_map() ? node.find("einsums") : nullptr; list && list->is_sequence()) {
          for (std::size_t i = 0; i < list->items().size(); ++i)
            fields(list->items()[i], fmt::format("{}.einsums[{}]", path, i),
                   {{"name", Shape::Scalar},
                    {"tensor_accesses", Shape::RenameList},
                    {"rank_variables", Shape::RenameList}});
        }
        return;
      case Shape::Mapper:
        fields(node, path, mapper_fields());
        return;
      case Shape::Config:
        fields(node, path,
               {{"expression_custom_functions", Shape::List},
                {"component_models", Shape::List},
                {"use_installed_component_models", Shape::Scalar}});
        return;
      case Shape::Model:
        fields(node, path, {{"metrics", Shape::Any}});
        return;
    }
  }

  // `anchor_holders_ok`: at the top level, a key AccelForge does not read whose value defines
  // an anchor only holds that anchor for `<<: *name` elsewhere (the CiM `_include.yaml`);
  // AccelForge's loader never reads it (it picks `arch`, `workload`, ... by key), so neither
  // do we.
  void fields(const YamlNode& node, const std::string& path, const Fields& allowed,
              bool anchor_holders_ok = false) {
    if (node.is_null()) return;
    if (!node.is_map()) {
      expected(node, path, "a mapping");
      return;
    }
    std::vector<std::string> names;
    for (const auto& f : allowed) names.emplace_back(f.name);
    for (const auto& entry : node.entries()) {
      const std::string sub = path.empty() ? entry.key : path + "." + entry.key;
      const Field* field = nullptr;
      for (const auto& f : allowed)
        if (f.name == entry.key) field = &f;
      if (!field && anchor_holders_ok && entry.value.anchored()) continue;
      if (!field) {
        add(entry.key_location, sub,
            fmt::format("unknown field '{}'{}", entry.key, core::did_you_mean(entry.key, names)));
        continue;
      }
      check(entry.value, field->shape, sub);
    }
  }

 private:
  static Fields comparison_fields() {
    return {{"expression", Shape::Any}, {"operator", Shape::Scalar}, {"value", Shape::Any}};
  }
  static Fields rename_fields() {
    return {{"name", Shape::Scalar}, {"source", Shape::Any}, {"expected_count", Shape::Any}};
  }
  static Fields mapper_fields() {
    Fields f;
    for (std::string_view name : {"metrics",
                                  "info_metrics",
                                  "force_memory_hierarchy_order",
                                  "out_of_order_hierarchy_explore_removing_spatials_for_more_temporals",
                                  "max_fused_loops_per_rank_variable",
                                  "tiling_coarseness",
                                  "max_fused_loops",
                                  "max_loops_per_spatial_dimension",
                                  "max_loops_minus_ranks",
                                  "explore_loop_orders",
                                  "memory_limit",
                                  "memory_limit_per_process",
                                  "time_limit",
                                  "time_limit_per_pmapping_template",
                                  "max_pmapping_templates_per_einsum",
                                  "explore_imperfect_spatial_loops",
                                  "explore_imperfect_temporal_loops",
                                  "prioritize_reuse_of_unfused_tensors",
                                  "objective_tolerance",
                                  "resource_usage_tolerance"})
      f.push_back({name, Shape::Any});
    return f;
  }

  void each_map(const YamlNode& node, const std::string& path, const Fields& allowed) {
    if (node.is_null()) return;
    if (!node.is_sequence()) {
      expected(node, path, "a list");
      return;
    }
    for (std::size_t i = 0; i < node.items().size(); ++i)
      fields(node.items()[i], fmt::format("{}[{}]", path, i), allowed);
  }

  void einsums(const YamlNode& node, const std::string& path) {
    if (node.is_null()) return;
    if (!node.is_sequence()) {
      expected(node, path, "a list");
      return;
    }
    for (std::size_t i = 0; i < node.items().size(); ++i) {
      const YamlNode& item = node.items()[i];
      const std::string sub = fmt::format("{}[{}]", path, i);
      if (item.is_scalar()) continue;  // "OUT[m] = IN[m]" einsum string
      if (item.is_sequence()) {        // nested lists are flattened
        einsums(item, sub);
        continue;
      }
      fields(item, sub,
             {{"name", Shape::Scalar},
              {"einsum", Shape::Scalar},
              {"tensor_accesses", Shape::Accesses},
              {"iteration_space_shape", Shape::Any},
              {"rank_sizes", Shape::Map},
              {"is_copy_operation", Shape::Scalar},
              {"renames", Shape::RenameList},
              {"n_instances", Shape::Scalar}});
    }
  }

  void tagged_list(const YamlNode& node, const std::string& path,
                   const std::map<std::string, Fields, std::less<>>& schema, std::string_view what) {
    if (node.is_null()) return;
    if (!node.is_sequence()) {
      expected(node, path, "a list");
      return;
    }
    for (std::size_t i = 0; i < node.items().size(); ++i) {
      const YamlNode& item = node.items()[i];
      const std::string sub = fmt::format("{}[{}]", path, i);
      if (item.is_sequence()) {  // nested lists flatten
        tagged_list(item, sub, schema, what);
        continue;
      }
      const std::string tag = item.tag().starts_with('!') ? item.tag().substr(1) : item.tag();
      if (tag.empty()) {
        add(item.location(), sub,
            fmt::format("{} has no tag; write one of !{}", what, fmt::join(keys_of(schema), ", !")));
        continue;
      }
      const auto it = schema.find(tag);
      if (it == schema.end()) {
        add(item.location(), sub,
            fmt::format("unknown {} tag '!{}'{}", what, tag, core::did_you_mean(tag, keys_of(schema))));
        continue;
      }
      fields(item, sub, it->second);
    }
  }

  void expected(const YamlNode& node, const std::string& path, std::string_view what) {
    add(node.location(), path, fmt::format("expected {}, got {}", what, node.describe()));
  }

  void add(const core::SourceLocation& where, const std::string& path, std::string message) {
    diagnostics.push_back(Diagnostic{where, path, std::move(message)});
  }
};

}  // namespace

std::vector<Diagnostic> check_spec_shape(const YamlNode& top) {
  ShapeChecker checker;
  checker.fields(top, "",
                 {{"arch", Shape::Arch},
                  {"workload", Shape::Workload},
                  {"mapping", Shape::Mapping},
                  {"mapper", Shape::Mapper},
                  {"renames", Shape::Renames},
                  {"variables", Shape::Map},
                  {"config", Shape::Config},
                  {"model", Shape::Model}},
                 /*anchor_holders_ok=*/true);
  return std::move(checker.diagnostics);
}

const std::vector<std::string>& arch_node_tags() {
  static const std::vector<std::string> tags = keys_of(arch_node_schema());
  return tags;
}

const std::vector<std::string>& mapping_node_tags() {
  static const std::vector<std::string> tags = keys_of(mapping_node_schema());
  return tags;
}

}  // namespace af::loader
