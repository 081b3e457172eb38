#include "mapper/join/merged_mapping.h"

#include <algorithm>
#include <set>
#include <string>
#include <utility>

namespace af::mapper {
namespace {

bool is_loop(const spec::MappingNode& n) {
  return n.as<spec::TemporalNode>() != nullptr || n.as<spec::SpatialNode>() != nullptr;
}

bool same_loop(const spec::MappingNode& a, const spec::MappingNode& b) {
  if (const auto* x = a.as<spec::TemporalNode>()) {
    const auto* y = b.as<spec::TemporalNode>();
    return y != nullptr && x->rank_variable == y->rank_variable && x->tile_shape == y->tile_shape;
  }
  const auto* x = a.as<spec::SpatialNode>();
  const auto* y = b.as<spec::SpatialNode>();
  return x != nullptr && y != nullptr && x->rank_variable == y->rank_variable &&
         x->tile_shape == y->tile_shape && x->name == y->name && x->component == y->component;
}

std::set<std::string> tensors_of(const spec::Mapping& chain) {
  std::set<std::string> out;
  for (const auto& n : chain.nodes) {
    if (const auto* s = n.as<spec::StorageNode>()) out.insert(s->tensors.begin(), s->tensors.end());
    if (const auto* t = n.as<spec::TollNode>()) out.insert(t->tensors.begin(), t->tensors.end());
  }
  return out;
}

// (tensor, memory) of every holder in [from, to) of a chain.
std::vector<std::pair<std::string, std::string>> holders(const spec::Mapping& chain, std::size_t from,
                                                         std::size_t to) {
  std::vector<std::pair<std::string, std::string>> out;
  for (std::size_t i = from; i < to; ++i) {
    if (const auto* s = chain.nodes[i].as<spec::StorageNode>())
      for (const auto& t : s->tensors) out.emplace_back(t, s->component);
    if (const auto* t = chain.nodes[i].as<spec::TollNode>())
      for (const auto& x : t->tensors) out.emplace_back(x, t->component);
  }
  return out;
}

std::vector<std::pair<std::string, std::string>> holders_of(const spec::MappingNode& n) {
  std::vector<std::pair<std::string, std::string>> out;
  if (const auto* s = n.as<spec::StorageNode>())
    for (const auto& t : s->tensors) out.emplace_back(t, s->component);
  if (const auto* t = n.as<spec::TollNode>())
    for (const auto& x : t->tensors) out.emplace_back(x, t->component);
  return out;
}

class Builder {
 public:
  Builder(const std::vector<PmappingChain>& p, const std::vector<std::size_t>& shared) : p_(p) {
    for (const auto& c : p) tensors_.push_back(tensors_of(c.chain));
    // Loop nodes each consecutive pair may share: up to the last of the shared loops that
    // iterate more than once, in both Einsums, and on through loops iterating once down to
    // the holders of the tensors the two share.
    for (std::size_t e = 0; e + 1 < p.size(); ++e)
      limit_.push_back(std::max(std::min(shareable(e, shared[e]), shareable(e + 1, shared[e])),
                                std::min(above_shared(e, e + 1), above_shared(e + 1, e))));
  }

  std::vector<spec::MappingNode> build(const std::vector<std::size_t>& group, std::size_t level,
                                       std::vector<std::size_t> pos) {
    if (group.size() == 1) {
      const auto& nodes = p_[group.front()].chain.nodes;
      return {nodes.begin() + static_cast<std::ptrdiff_t>(pos[group.front()]), nodes.end()};
    }
    // Next loop of each Einsum at this level.
    std::vector<std::size_t> loop_at(group.size());
    for (std::size_t g = 0; g < group.size(); ++g) {
      const auto& nodes = p_[group[g]].chain.nodes;
      std::size_t i = pos[group[g]];
      while (i < nodes.size() && !is_loop(nodes[i])) ++i;
      loop_at[g] = i;
    }
    // Runs of consecutive Einsums that share this loop.
    std::vector<std::vector<std::size_t>> runs{{0}};
    for (std::size_t g = 0; g + 1 < group.size(); ++g) {
      const std::size_t a = group[g], b = group[g + 1];
      const bool share = b == a + 1 && level < limit_[a] && loop_at[g] < p_[a].chain.nodes.size() &&
                         loop_at[g + 1] < p_[b].chain.nodes.size() &&
                         same_loop(p_[a].chain.nodes[loop_at[g]], p_[b].chain.nodes[loop_at[g + 1]]);
      if (share)
        runs.back().push_back(g + 1);
      else
        runs.push_back({g + 1});
    }
    if (runs.size() == 1 && holders_agree(group, pos, loop_at)) {
      std::vector<spec::MappingNode> out;
      std::set<std::pair<std::string, std::string>> placed;
      for (std::size_t g = 0; g < group.size(); ++g) {
        const auto& nodes = p_[group[g]].chain.nodes;
        for (std::size_t i = pos[group[g]]; i < loop_at[g]; ++i) {
          bool fresh = true;
          for (const auto& h : holders(p_[group[g]].chain, i, i + 1))
            fresh = placed.insert(h).second && fresh;
          if (fresh) out.push_back(nodes[i]);
        }
      }
      out.push_back(p_[group.front()].chain.nodes[loop_at.front()]);
      for (std::size_t g = 0; g < group.size(); ++g) pos[group[g]] = loop_at[g] + 1;
      auto rest = build(group, level + 1, pos);
      out.insert(out.end(), std::make_move_iterator(rest.begin()), std::make_move_iterator(rest.end()));
      return out;
    }
    if (runs.size() == 1) {  // the holders above the loop differ: every Einsum on its own
      runs.clear();
      for (std::size_t g = 0; g < group.size(); ++g) runs.push_back({g});
    }
    // Holders every Einsum of the group has first at this level (the tensors they share)
    // go above the split; their order within each path is kept.
    std::vector<spec::MappingNode> out;
    while (true) {
      const auto& first = p_[group.front()].chain.nodes;
      const std::size_t i0 = pos[group.front()];
      if (i0 >= loop_at.front() || first[i0].as<spec::StorageNode>() == nullptr) break;
      const auto h = holders(p_[group.front()].chain, i0, i0 + 1);
      bool common = true;
      for (std::size_t g = 1; g < group.size() && common; ++g) {
        const std::size_t i = pos[group[g]];
        common = i < loop_at[g] && p_[group[g]].chain.nodes[i].as<spec::StorageNode>() != nullptr &&
                 holders(p_[group[g]].chain, i, i + 1) == h;
      }
      if (!common) break;
      out.push_back(first[i0]);
      for (const auto e : group) ++pos[e];
    }
    spec::BranchNode seq;
    seq.kind = spec::BranchKind::Sequential;
    for (const auto& run : runs) {
      std::vector<std::size_t> sub;
      for (const auto g : run) sub.push_back(group[g]);
      spec::NestedNode nested;
      nested.nodes = build(sub, level, pos);
      spec::MappingNode branch;
      branch.node = std::move(nested);
      seq.branches.push_back(std::move(branch));
    }
    spec::MappingNode node;
    node.node = std::move(seq);
    out.push_back(std::move(node));
    return out;
  }

 private:
  // Loop nodes of Einsum e up to and including its `k`-th loop iterating more than once.
  [[nodiscard]] std::size_t shareable(std::size_t e, std::size_t k) const {
    if (k == 0) return 0;
    std::size_t nonnull = 0;
    const auto& it = p_[e].fused_iterations;
    for (std::size_t i = 0; i < it.size(); ++i)
      if (it[i] != 1 && ++nonnull == k) return i + 1;
    return it.size();
  }

  // Loop nodes of Einsum e above its holders of the tensors it shares with Einsum f.
  [[nodiscard]] std::size_t above_shared(std::size_t e, std::size_t f) const {
    std::size_t loops = 0, deepest = 0;
    std::set<std::string> seen;
    for (const auto& n : p_[e].chain.nodes) {
      if (is_loop(n)) ++loops;
      for (const auto& [t, memory] : holders_of(n))
        if (tensors_[f].contains(t) && seen.insert(t).second) deepest = std::max(deepest, loops);
    }
    return deepest;
  }

  // Hoisting the holders above the next loop keeps every path: each Einsum of the group
  // that uses a hoisted tensor holds it in the same memory at this level.
  [[nodiscard]] bool holders_agree(const std::vector<std::size_t>& group, const std::vector<std::size_t>& pos,
                                   const std::vector<std::size_t>& loop_at) const {
    std::vector<std::set<std::pair<std::string, std::string>>> here(group.size());
    for (std::size_t g = 0; g < group.size(); ++g)
      for (const auto& h : holders(p_[group[g]].chain, pos[group[g]], loop_at[g])) here[g].insert(h);
    for (std::size_t g = 0; g < group.size(); ++g)
      for (const auto& h : here[g])
        for (std::size_t o = 0; o < group.size(); ++o)
          if (tensors_[group[o]].contains(h.first) && !here[o].contains(h)) return false;
    return true;
  }

  const std::vector<PmappingChain>& p_;
  std::vector<std::set<std::string>> tensors_;
  std::vector<std::size_t> limit_;  // per consecutive pair: loop nodes it may share
};

}  // namespace

spec::Mapping merged_mapping(const std::vector<PmappingChain>& pmappings,
                             const std::vector<std::size_t>& shared_loops) {
  if (pmappings.size() == 1) return pmappings.front().chain;
  std::vector<std::size_t> all(pmappings.size());
  for (std::size_t i = 0; i < all.size(); ++i) all[i] = i;
  Builder b(pmappings, shared_loops);
  spec::Mapping out;
  out.nodes = b.build(all, 0, std::vector<std::size_t>(pmappings.size(), 0));
  return out;
}

}  // namespace af::mapper
