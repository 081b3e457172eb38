// Reservation lowering (README: Reservations): where each holder's buffer is sized. Mirrors
// insert_reservation_nodes, including the order in which reservations are inserted.
#include "model/pmapping.h"

namespace af::model::detail {
namespace {

struct Tracker {
  int tensor;
  int level;  // flat index of the holder's component
  bool persistent;
  const spec::MappingNode* holder;
  bool should_stop = false;
  bool insert_under = false;
};

PNode reservation_for(const Tracker& t, const spec::MappingNode* source) {
  PNode r;
  r.kind = NodeKind::Reservation;
  r.tensor = t.tensor;
  r.component = t.level;
  r.persistent = t.persistent;
  r.below = t.insert_under;
  r.source = source;
  r.holder = t.holder;
  return r;
}

}  // namespace

std::vector<PNode> insert_reservations(const EinsumContext& ctx, std::vector<PNode> nodes) {
  std::vector<Tracker> trackers;
  std::vector<char> seen(ctx.tensors.size(), 0);
  std::vector<std::pair<PNode, bool>> closing;  // reservation, insert below?
  nodes.reserve(nodes.size() * 2);
  for (std::size_t i = 0; i < nodes.size(); ++i) {
    const PNode node = nodes[i];
    switch (node.kind) {
      case NodeKind::Reservation:
        break;
      case NodeKind::Temporal:
        for (auto& t : trackers) {
          const auto rel =
              ctx.relevancy[static_cast<std::size_t>(t.tensor)][static_cast<std::size_t>(node.rv)];
          t.insert_under = rel == spec::Relevancy::PartiallyRelevant;  // close below
          t.should_stop = rel != spec::Relevancy::Relevant;
        }
        break;
      case NodeKind::Spatial:
        // A spatial loop of a different component ends the holder's tile.
        for (auto& t : trackers) t.should_stop = node.component != t.level;
        break;
      case NodeKind::Storage:
      case NodeKind::Toll: {
        for (auto& t : trackers) {
          t.should_stop = true;
          t.insert_under = false;
        }
        Tracker t{node.tensor, node.component, node.persistent, node.source};
        auto& s = seen[static_cast<std::size_t>(node.tensor)];
        if (!node.lowerable || !s) {  // backing holders are sized right below themselves
          s = 1;
          t.should_stop = true;
          t.insert_under = true;
        }
        trackers.push_back(t);
        break;
      }
      case NodeKind::Compute:
        for (auto& t : trackers) {
          t.should_stop = true;
          t.insert_under = false;
        }
        break;
    }
    closing.clear();
    for (std::size_t j = trackers.size(); j-- > 0;) {
      if (!trackers[j].should_stop) continue;
      closing.emplace_back(reservation_for(trackers[j], node.source), trackers[j].insert_under);
      trackers.erase(trackers.begin() + static_cast<std::ptrdiff_t>(j));
    }
    // Same insertion order as the reference: all "below" ones first (each after the
    // previous), then the "above" ones at the running index.
    for (const auto& [r, below] : closing) {
      if (!below) continue;
      nodes.insert(nodes.begin() + static_cast<std::ptrdiff_t>(i + 1), r);
      ++i;
    }
    for (const auto& [r, below] : closing) {
      if (below) continue;
      nodes.insert(nodes.begin() + static_cast<std::ptrdiff_t>(i), r);
      ++i;
    }
  }
  return nodes;
}

}  // namespace af::model::detail
