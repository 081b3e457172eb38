// The node list one tensor's analysis sees (README: Per-tensor views). Spatial loops move to
// just above the first of the tensor's holders (or the Compute) at or below their arch level; runs of
// consecutive loops keep their original relative order.
#include <algorithm>

#include "model/pmapping.h"

namespace af::model::detail {

std::vector<int> single_tensor_mapping(const EinsumContext& ctx, const std::vector<PNode>& nodes,
                                       int tensor) {
  const auto is_loop = [&](int i) {
    const auto k = nodes[static_cast<std::size_t>(i)].kind;
    return k == NodeKind::Temporal || k == NodeKind::Spatial;
  };
  std::vector<int> spatials;
  std::vector<int> mapping;
  mapping.reserve(nodes.size());
  for (std::size_t i = 0; i < nodes.size(); ++i)
    if (nodes[i].kind == NodeKind::Spatial) spatials.push_back(static_cast<int>(i));

  for (std::size_t i = 0; i < nodes.size(); ++i) {
    const auto& n = nodes[i];
    const bool holder = n.kind == NodeKind::Storage || n.kind == NodeKind::Toll;
    if (n.kind == NodeKind::Spatial) continue;
    if ((holder || n.kind == NodeKind::Reservation) && n.tensor != tensor) continue;
    if (holder || n.kind == NodeKind::Compute) {
      auto keep = spatials.begin();
      for (auto it = spatials.begin(); it != spatials.end(); ++it) {
        if (nodes[static_cast<std::size_t>(*it)].component <= n.component)
          mapping.push_back(*it);
        else
          *keep++ = *it;
      }
      spatials.erase(keep, spatials.end());
    }
    mapping.push_back(static_cast<int>(i));
  }
  mapping.insert(mapping.end(), spatials.begin(), spatials.end());

  // Restore original order inside each run of consecutive loops.
  for (std::size_t a = 0; a < mapping.size();) {
    std::size_t b = a;
    while (b < mapping.size() && is_loop(mapping[b])) ++b;
    if (b > a) {
      std::sort(mapping.begin() + static_cast<std::ptrdiff_t>(a),
                mapping.begin() + static_cast<std::ptrdiff_t>(b));
      a = b;
    } else {
      ++a;
    }
  }

  // A spatial and a temporal loop over the same rank variable of this tensor must not swap.
  if (tensor >= 0) {
    for (std::size_t a = 0; a < mapping.size(); ++a) {
      if (!is_loop(mapping[a])) continue;
      for (std::size_t b = a + 1; b < mapping.size(); ++b) {
        if (!is_loop(mapping[b]) || mapping[a] <= mapping[b]) continue;
        const auto& na = nodes[static_cast<std::size_t>(mapping[a])];
        const auto& nb = nodes[static_cast<std::size_t>(mapping[b])];
        if (na.rv != nb.rv) continue;
        const auto rel = ctx.relevancy[static_cast<std::size_t>(tensor)][static_cast<std::size_t>(na.rv)];
        if (rel == spec::Relevancy::Irrelevant) continue;
        fail("a spatial loop above a temporal loop over the same rank variable '" +
                 ctx.rvs[static_cast<std::size_t>(na.rv)] + "' of tensor " +
                 ctx.tensors[static_cast<std::size_t>(tensor)] +
                 " would be reordered around a holder it does not fan out",
             na.source);
      }
    }
  }
  return mapping;
}

}  // namespace af::model::detail
