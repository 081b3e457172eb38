#include "spec/mapping.h"

namespace af::spec {
namespace {

std::string join(const std::vector<std::string>& v) {
  std::string out;
  for (const auto& s : v) out += (out.empty() ? "" : ", ") + s;
  return out;
}

struct Describe {
  std::string operator()(const StorageNode& n) const {
    return "Storage " + n.component + " [" + join(n.tensors) + "]";
  }
  std::string operator()(const TollNode& n) const {
    return "Toll " + n.component + " [" + join(n.tensors) + "]";
  }
  std::string operator()(const TemporalNode& n) const {
    return "Temporal " + n.rank_variable + " tile_shape " + std::to_string(n.tile_shape);
  }
  std::string operator()(const SpatialNode& n) const {
    return "Spatial " + n.component + "." + n.name + " " + n.rank_variable + " tile_shape " +
           std::to_string(n.tile_shape);
  }
  std::string operator()(const ComputeNode& n) const {
    return "Compute " + n.einsum + " on " + n.component;
  }
  std::string operator()(const ReservationNode& n) const {
    return "Reservation " + n.resource + " [" + join(n.purposes) + "]";
  }
  std::string operator()(const TextBoxNode&) const { return "TextBox"; }
  std::string operator()(const BranchNode& n) const {
    switch (n.kind) {
      case BranchKind::Sequential: return "Sequential";
      case BranchKind::Pipeline: return "Pipeline";
      case BranchKind::Split: return "Split";
    }
    return "Split";
  }
  std::string operator()(const NestedNode&) const { return "Nested"; }
};

}  // namespace

std::string describe(const MappingNode& node) { return std::visit(Describe{}, node.node); }

std::optional<core::SourceLocation> MappingNode::where_of(std::string_view field) const {
  for (const auto& f : fields)
    if (!field.empty() && f.field == field && f.where.known()) return f.where;
  return where;
}

}  // namespace af::spec
