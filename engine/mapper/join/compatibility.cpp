#include "mapper/join/compatibility.h"

#include <algorithm>

namespace af::mapper {

const Compatibility::Tensor* Compatibility::find(const std::string& tensor) const {
  const auto it = std::lower_bound(tensors.begin(), tensors.end(), tensor,
                                   [](const Tensor& t, const std::string& name) { return t.name < name; });
  return it != tensors.end() && it->name == tensor ? &*it : nullptr;
}

std::string Compatibility::describe() const {
  std::string s;
  for (const auto& t : tensors) {
    if (!s.empty()) s += "; ";
    s += t.name + " in " + t.memory;
    if (t.persistent) {
      s += " (persistent)";
      continue;
    }
    if (t.ranks.empty()) continue;
    s += " under";
    for (std::size_t i = 0; i < t.ranks.size(); ++i)
      s += std::string(" ") + (t.spatial[i] ? "S-" : "") + (t.ranks[i].empty() ? "-" : t.ranks[i]) + "(" +
           std::to_string(iterations[i]) + ")";
  }
  return s.empty() ? "nothing shared" : s;
}

Compatibility compatibility_of(const PmappingTemplate& t, const std::vector<std::int64_t>& fused_iterations) {
  Compatibility c;
  std::vector<char> kept(fused_iterations.size(), 0);
  for (std::size_t i = 0; i < fused_iterations.size(); ++i)
    if (fused_iterations[i] != 1) {
      kept[i] = 1;
      c.iterations.push_back(fused_iterations[i]);
    }
  for (const auto& h : t.shared) {
    Compatibility::Tensor x;
    x.name = h.tensor;
    x.memory = h.memory;
    x.persistent = h.persistent;
    for (std::size_t i = 0; i < h.ranks.size(); ++i) {
      if (!kept[i]) continue;
      x.ranks.push_back(h.ranks[i]);
      x.spatial.push_back(h.spatial[i]);
    }
    c.tensors.push_back(std::move(x));
  }
  // Loops below every remaining tensor's backing are no longer shared.
  std::size_t n = 0;
  for (const auto& x : c.tensors) n = std::max(n, x.ranks.size());
  c.iterations.resize(n);
  return c;
}

}  // namespace af::mapper
