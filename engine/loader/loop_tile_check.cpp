#include "loader/loop_tile_check.h"

#include <fmt/format.h>

#include <map>
#include <optional>
#include <set>
#include <string>

using af::core::Diagnostic;

namespace af::loader {
namespace {

struct Loop {
  const spec::MappingNode* node;
  std::string rank_variable;
  std::int64_t tile;
};

std::optional<Loop> as_loop(const spec::MappingNode& node) {
  if (const auto* t = node.as<spec::TemporalNode>()) return Loop{&node, t->rank_variable, t->tile_shape};
  if (const auto* s = node.as<spec::SpatialNode>()) return Loop{&node, s->rank_variable, s->tile_shape};
  return std::nullopt;
}

class Checker {
 public:
  Checker(const spec::Workload& workload, std::vector<Diagnostic>& errors) : workload_(workload), errors_(errors) {}

  // Walks the tree with the loops above, checking each chain when it reaches its Compute.
  void walk(const std::vector<spec::MappingNode>& nodes, std::vector<Loop>& above) {
    const auto before = above.size();
    for (const auto& node : nodes) visit(node, above);
    above.resize(before);
  }

 private:
  void visit(const spec::MappingNode& node, std::vector<Loop>& above) {
    if (auto loop = as_loop(node)) {
      above.push_back(*loop);
    } else if (const auto* compute = node.as<spec::ComputeNode>()) {
      check(above, workload_.find_einsum(compute->einsum));
    } else if (const auto* branch = node.as<spec::BranchNode>()) {
      for (const auto& b : branch->branches) {
        const auto before = above.size();
        visit(b, above);
        above.resize(before);
      }
    } else if (const auto* nested = node.as<spec::NestedNode>()) {
      walk(nested->nodes, above);
    }
  }

  void check(const std::vector<Loop>& chain, const spec::Einsum* einsum) {
    if (einsum == nullptr) return;  // the reference check reports unknown Einsums
    std::map<std::string, const Loop*> enclosing;
    for (const auto& loop : chain) {
      const auto bound = einsum->rank_variable_bounds.find(loop.rank_variable);
      if (bound == einsum->rank_variable_bounds.end()) continue;  // not this Einsum's: the model says so
      const Loop* outer = enclosing[loop.rank_variable];
      const std::int64_t limit = outer ? outer->tile : bound->second;
      if (loop.tile > limit && reported_.insert(loop.node).second) {
        const std::string around =
            outer
                ? fmt::format("the tile of the enclosing loop over {} ({}{})", loop.rank_variable, limit,
                              outer->node->where ? " at " + outer->node->where->to_string() : std::string())
                : fmt::format("the bound of {} in Einsum '{}' ({})", loop.rank_variable, einsum->name, limit);
        errors_.push_back(Diagnostic{loop.node->where.value_or(core::SourceLocation{}), "mapping.tile_shape",
                                     fmt::format("the loop over {} has tile_shape {}, larger than {}; a loop "
                                                 "splits the tile around it into smaller ones",
                                                 loop.rank_variable, loop.tile, around)});
      }
      enclosing[loop.rank_variable] = &loop;
    }
  }

  const spec::Workload& workload_;
  std::vector<Diagnostic>& errors_;
  std::set<const spec::MappingNode*> reported_;  // a loop above a branch is on several chains
};

}  // namespace

void check_loop_tiles(const spec::Mapping& mapping, const spec::Workload& workload, std::vector<Diagnostic>& errors) {
  std::vector<Loop> above;
  Checker(workload, errors).walk(mapping.nodes, above);
}

}  // namespace af::loader
