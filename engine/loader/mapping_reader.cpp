#include "loader/mapping_reader.h"

#include <fmt/format.h>

#include <cmath>

#include "loader/schema.h"
#include "core/closest_name.h"

using af::text::yaml::ScalarValue;
using af::text::yaml::YamlNode;

namespace af::loader {

namespace {

class MappingReader {
 public:
  std::vector<core::Diagnostic> errors;

  spec::NestedNode nested(const YamlNode& node, const std::string& path) {
    spec::NestedNode out;
    if (!node.is_map()) {
      error(node.location(), path, fmt::format("expected a mapping with 'nodes', got {}", node.describe()));
      return out;
    }
    const YamlNode* nodes = node.find("nodes");
    if (!nodes || nodes->is_null()) return out;
    if (!nodes->is_sequence()) {
      error(nodes->location(), path + ".nodes", fmt::format("expected a list, got {}", nodes->describe()));
      return out;
    }
    append_nodes(*nodes, path + ".nodes", out.nodes);
    return out;
  }

 private:
  void append_nodes(const YamlNode& list, const std::string& path, std::vector<spec::MappingNode>& out) {
    for (std::size_t i = 0; i < list.items().size(); ++i) {
      const YamlNode& item = list.items()[i];
      const std::string sub = fmt::format("{}[{}]", path, i);
      if (item.is_sequence()) {  // nested lists flatten, as in AccelForge
        append_nodes(item, sub, out);
        continue;
      }
      if (auto node = read_node(item, sub)) out.push_back(std::move(*node));
    }
  }

  std::optional<spec::MappingNode> read_node(const YamlNode& item, const std::string& path) {
    const std::string tag = item.tag().starts_with('!') ? item.tag().substr(1) : item.tag();
    if (!item.is_map()) {
      error(item.location(), path, fmt::format("expected a tagged mapping node, got {}", item.describe()));
      return std::nullopt;
    }
    spec::MappingNode out;
    out.where = item.location();
    // Each field's own place, so errors point at `component: ...`, not at the tag.
    for (const auto& entry : item.entries()) {
      out.fields.push_back({entry.key, entry.value.location()});
      for (std::size_t i = 0; i < entry.value.items().size(); ++i)
        out.fields.push_back({fmt::format("{}[{}]", entry.key, i), entry.value.items()[i].location()});
    }
    if (const YamlNode* text = item.find("text"); text && text->is_scalar()) out.text = text->as_string();
    if (tag == "Storage" || tag == "Toll") {
      auto tensors = string_list(item, "tensors", path);
      auto component = required_string(item, "component", path);
      const bool persistent = flag(item, "persistent", path);
      if (tag == "Storage")
        out.node = spec::StorageNode{std::move(tensors), std::move(component), persistent};
      else
        out.node = spec::TollNode{std::move(tensors), std::move(component), persistent};
    } else if (tag == "Temporal") {
      out.node = spec::TemporalNode{required_string(item, "rank_variable", path), tile(item, "tile_shape", path),
                              optional_tile(item, "initial_tile_shape", path)};
    } else if (tag == "Spatial") {
      out.node = spec::SpatialNode{required_string(item, "rank_variable", path), tile(item, "tile_shape", path),
                             optional_tile(item, "initial_tile_shape", path),
                             required_string(item, "name", path), required_string(item, "component", path)};
    } else if (tag == "Compute") {
      out.node = spec::ComputeNode{required_string(item, "einsum", path), required_string(item, "component", path)};
    } else if (tag == "Sequential" || tag == "Pipeline" || tag == "Split") {
      spec::BranchNode branch;
      branch.kind = tag == "Sequential" ? spec::BranchKind::Sequential
                    : tag == "Pipeline" ? spec::BranchKind::Pipeline
                                        : spec::BranchKind::Split;
      if (const YamlNode* nodes = item.find("nodes"); nodes && nodes->is_sequence()) {
        for (std::size_t i = 0; i < nodes->items().size(); ++i) {
          const std::string sub = fmt::format("{}.nodes[{}]", path, i);
          if (auto child = read_node(nodes->items()[i], sub)) branch.branches.push_back(std::move(*child));
        }
      } else if (nodes && !nodes->is_null()) {
        error(nodes->location(), path + ".nodes", fmt::format("expected a list, got {}", nodes->describe()));
      }
      out.node = std::move(branch);
    } else if (tag == "Nested" || tag == "Mapping") {
      out.node = nested(item, path);
    } else if (tag == "Reservation") {
      out.node = spec::ReservationNode{string_list(item, "purposes", path), required_string(item, "resource", path),
                                 flag(item, "persistent", path)};
    } else if (tag == "TextBox") {
      out.node = spec::TextBoxNode{};
    } else {
      const std::string shown = tag.empty() ? std::string("no tag") : "tag '!" + tag + "'";
      error(item.location(), path,
            fmt::format("mapping node has {}; expected one of !{}{}", shown,
                        fmt::join(mapping_node_tags(), ", !"),
                        tag.empty() ? "" : core::did_you_mean(tag, mapping_node_tags())));
      return std::nullopt;
    }
    return out;
  }

  std::string required_string(const YamlNode& item, std::string_view key, const std::string& path) {
    const YamlNode* v = item.find(key);
    if (!v || v->is_null()) {
      error(item.location(), path, fmt::format("missing field '{}'", key));
      return {};
    }
    if (!v->is_scalar()) {
      error(v->location(), fmt::format("{}.{}", path, key),
            fmt::format("expected a name, got {}", v->describe()));
      return {};
    }
    return v->as_string();
  }

  std::vector<std::string> string_list(const YamlNode& item, std::string_view key, const std::string& path) {
    std::vector<std::string> out;
    const YamlNode* v = item.find(key);
    if (!v || v->is_null()) return out;
    if (v->is_scalar()) {  // a single name is accepted as a one-element list
      out.push_back(v->as_string());
      return out;
    }
    if (!v->is_sequence()) {
      error(v->location(), fmt::format("{}.{}", path, key),
            fmt::format("expected a list, got {}", v->describe()));
      return out;
    }
    for (const YamlNode& name : v->items()) {
      if (name.is_scalar())
        out.push_back(name.as_string());
      else
        error(name.location(), fmt::format("{}.{}", path, key),
              fmt::format("expected a name, got {}", name.describe()));
    }
    return out;
  }

  bool flag(const YamlNode& item, std::string_view key, const std::string& path) {
    const YamlNode* v = item.find(key);
    if (!v || v->is_null()) return false;
    const ScalarValue value = v->is_scalar() ? v->value() : ScalarValue{};
    if (const auto* b = std::get_if<bool>(&value)) return *b;
    error(v->location(), fmt::format("{}.{}", path, key),
          fmt::format("expected true or false, got {}", v->describe()));
    return false;
  }

  std::optional<std::int64_t> optional_tile(const YamlNode& item, std::string_view key,
                                            const std::string& path) {
    const YamlNode* v = item.find(key);
    if (!v || v->is_null()) return std::nullopt;
    return positive_int(*v, fmt::format("{}.{}", path, key));
  }

  std::int64_t tile(const YamlNode& item, std::string_view key, const std::string& path) {
    const YamlNode* v = item.find(key);
    if (!v || v->is_null()) {
      error(item.location(), path, fmt::format("missing field '{}' (a positive integer)", key));
      return 1;
    }
    return positive_int(*v, fmt::format("{}.{}", path, key));
  }

  std::int64_t positive_int(const YamlNode& v, const std::string& path) {
    const ScalarValue value = v.is_scalar() ? v.value() : ScalarValue{};
    std::optional<std::int64_t> n;
    if (const auto* i = std::get_if<std::int64_t>(&value)) n = *i;
    // A whole number past 64 bits comes as a double; it cannot be a tile of an int64 rank.
    if (const auto* d = std::get_if<double>(&value);
        d && *d == std::floor(*d) && std::abs(*d) >= 9223372036854775808.0) {
      error(v.location(), path,
            fmt::format("{} does not fit in a 64-bit integer (at most 9223372036854775807)", v.text()));
      return 1;
    }
    if (const auto* d = std::get_if<double>(&value); d && std::isfinite(*d) && *d == std::floor(*d))
      n = static_cast<std::int64_t>(*d);
    if (!n || *n < 1) {
      error(v.location(), path, fmt::format("expected a positive integer tile shape, got {}", v.describe()));
      return 1;
    }
    return *n;
  }

  void error(const core::SourceLocation& where, const std::string& path, std::string message) {
    errors.push_back(core::Diagnostic{where, path, std::move(message)});
  }
};

}  // namespace

spec::Mapping read_mapping(const YamlNode& mapping_section) {
  MappingReader reader;
  spec::Mapping mapping = reader.nested(mapping_section, "mapping");
  if (!reader.errors.empty()) throw core::SpecError(std::move(reader.errors));
  return mapping;
}

}  // namespace af::loader
