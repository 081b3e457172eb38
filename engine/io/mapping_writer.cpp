#include "io/mapping_writer.h"

#include <string>

namespace af::io {

using text::yaml::YamlNode;

namespace {

YamlNode scalar(std::string text) { return YamlNode::scalar(std::move(text)); }

YamlNode name_list(const std::vector<std::string>& names) {
  YamlNode list = YamlNode::sequence();
  for (const auto& n : names) list.push_back(scalar(n));
  return list;
}

YamlNode tagged(const char* tag) {
  YamlNode node = YamlNode::map();
  node.set_tag(std::string("!") + tag);
  return node;
}

YamlNode node_to_yaml(const spec::MappingNode& node);

YamlNode nested_to_yaml(const spec::NestedNode& nested, const char* tag) {
  YamlNode out = tag ? tagged(tag) : YamlNode::map();
  YamlNode nodes = YamlNode::sequence();
  for (const auto& child : nested.nodes) nodes.push_back(node_to_yaml(child));
  out.set("nodes", std::move(nodes));
  return out;
}

YamlNode node_to_yaml(const spec::MappingNode& node) {
  YamlNode out = std::visit(
      [](const auto& n) -> YamlNode {
        using T = std::decay_t<decltype(n)>;
        if constexpr (std::is_same_v<T, spec::StorageNode> || std::is_same_v<T, spec::TollNode>) {
          YamlNode y = tagged(std::is_same_v<T, spec::StorageNode> ? "Storage" : "Toll");
          y.set("tensors", name_list(n.tensors));
          y.set("component", scalar(n.component));
          if (n.persistent) y.set("persistent", scalar("true"));
          return y;
        } else if constexpr (std::is_same_v<T, spec::TemporalNode> || std::is_same_v<T, spec::SpatialNode>) {
          YamlNode y = tagged(std::is_same_v<T, spec::TemporalNode> ? "Temporal" : "Spatial");
          y.set("rank_variable", scalar(n.rank_variable));
          y.set("tile_shape", scalar(std::to_string(n.tile_shape)));
          if (n.initial_tile_shape)
            y.set("initial_tile_shape", scalar(std::to_string(*n.initial_tile_shape)));
          if constexpr (std::is_same_v<T, spec::SpatialNode>) {
            y.set("name", scalar(n.name));
            y.set("component", scalar(n.component));
          }
          return y;
        } else if constexpr (std::is_same_v<T, spec::ComputeNode>) {
          YamlNode y = tagged("Compute");
          y.set("einsum", scalar(n.einsum));
          y.set("component", scalar(n.component));
          return y;
        } else if constexpr (std::is_same_v<T, spec::ReservationNode>) {
          YamlNode y = tagged("Reservation");
          y.set("purposes", name_list(n.purposes));
          y.set("resource", scalar(n.resource));
          if (n.persistent) y.set("persistent", scalar("true"));
          return y;
        } else if constexpr (std::is_same_v<T, spec::TextBoxNode>) {
          return tagged("TextBox");
        } else if constexpr (std::is_same_v<T, spec::BranchNode>) {
          const char* tag = n.kind == spec::BranchKind::Sequential ? "Sequential"
                            : n.kind == spec::BranchKind::Pipeline ? "Pipeline"
                                                                   : "Split";
          YamlNode y = tagged(tag);
          YamlNode branches = YamlNode::sequence();
          for (const auto& b : n.branches) branches.push_back(node_to_yaml(b));
          y.set("nodes", std::move(branches));
          return y;
        } else {
          return nested_to_yaml(n, "Nested");
        }
      },
      node.node);
  if (!node.text.empty()) out.set("text", YamlNode::scalar(node.text, {}, /*quoted=*/true));
  return out;
}

}  // namespace

YamlNode mapping_to_yaml(const spec::Mapping& mapping) { return nested_to_yaml(mapping, nullptr); }

std::string write_mapping_yaml(const spec::Mapping& mapping) {
  YamlNode top = YamlNode::map();
  top.set("mapping", mapping_to_yaml(mapping));
  return top.to_yaml_string();
}

}  // namespace af::io
