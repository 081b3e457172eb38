#include "views/layered_layout.h"

#include <algorithm>
#include <limits>
#include <numeric>

namespace af::ui {

namespace {

// The layered graph: real nodes first, then dummies; edges only between neighbouring layers.
struct Graph {
  std::size_t n = 0;       // real nodes
  std::vector<int> layer;  // per node incl. dummies
  std::vector<std::vector<std::size_t>> preds, succs;
  std::vector<std::vector<std::size_t>> chains;  // per input edge: dummies in order
};

bool valid(const LayoutEdge& e, std::size_t n) { return e.from < n && e.to < n && e.from != e.to; }

std::vector<int> longestPathLayers(std::size_t n, const std::vector<LayoutEdge>& edges) {
  std::vector<std::vector<std::size_t>> out(n), in(n);
  std::vector<std::size_t> indegree(n, 0);
  for (const auto& e : edges) {
    if (!valid(e, n)) continue;
    out[e.from].push_back(e.to);
    in[e.to].push_back(e.from);
    ++indegree[e.to];
  }
  std::vector<int> layer(n, 0);
  std::vector<bool> done(n, false);
  std::vector<std::size_t> ready;
  for (std::size_t v = 0; v < n; ++v)
    if (indegree[v] == 0) ready.push_back(v);
  std::size_t placed = 0;
  while (placed < n) {
    if (ready.empty()) {  // a cycle: release the first unplaced node
      for (std::size_t v = 0; v < n; ++v)
        if (!done[v]) {
          ready.push_back(v);
          break;
        }
    }
    const std::size_t v = ready.back();
    ready.pop_back();
    if (done[v]) continue;
    done[v] = true;
    ++placed;
    for (const std::size_t w : out[v]) {
      if (done[w]) continue;
      layer[w] = std::max(layer[w], layer[v] + 1);
      if (--indegree[w] == 0) ready.push_back(w);
    }
  }
  // Sources (weights, inputs) sit just left of their first consumer, not all in layer 0.
  for (std::size_t v = 0; v < n; ++v) {
    if (!in[v].empty() || out[v].empty()) continue;
    int first = std::numeric_limits<int>::max();
    for (const std::size_t w : out[v]) first = std::min(first, layer[w]);
    layer[v] = std::max(0, first - 1);
  }
  return layer;
}

Graph buildGraph(std::size_t n, const std::vector<LayoutEdge>& edges) {
  Graph g;
  g.n = n;
  g.layer = longestPathLayers(n, edges);
  g.preds.resize(n);
  g.succs.resize(n);
  const auto link = [&g](std::size_t a, std::size_t b) {
    g.succs[a].push_back(b);
    g.preds[b].push_back(a);
  };
  for (const auto& e : edges) {
    auto& chain = g.chains.emplace_back();
    if (!valid(e, n)) continue;
    std::size_t prev = e.from;
    for (int l = g.layer[e.from] + 1; l < g.layer[e.to]; ++l) {
      const std::size_t dummy = g.layer.size();
      g.layer.push_back(l);
      g.preds.emplace_back();
      g.succs.emplace_back();
      link(prev, dummy);
      chain.push_back(dummy);
      prev = dummy;
    }
    if (g.layer[e.to] > g.layer[e.from]) link(prev, e.to);  // back edges (cycles) are not ordered
  }
  return g;
}

using Order = std::vector<std::vector<std::size_t>>;  // per layer, nodes top to bottom

std::vector<std::size_t> positions(const Graph& g, const Order& order) {
  std::vector<std::size_t> pos(g.layer.size(), 0);
  for (const auto& layer : order)
    for (std::size_t i = 0; i < layer.size(); ++i) pos[layer[i]] = i;
  return pos;
}

int countCrossings(const Graph& g, const Order& order) {
  const auto pos = positions(g, order);
  int crossings = 0;
  for (const auto& layer : order) {
    std::vector<std::pair<std::size_t, std::size_t>> es;
    for (const std::size_t v : layer)
      for (const std::size_t w : g.succs[v]) es.emplace_back(pos[v], pos[w]);
    for (std::size_t i = 0; i < es.size(); ++i)
      for (std::size_t j = i + 1; j < es.size(); ++j)
        if ((es[i].first < es[j].first && es[i].second > es[j].second) ||
            (es[i].first > es[j].first && es[i].second < es[j].second))
          ++crossings;
  }
  return crossings;
}

// Reorders one layer by the mean position of each node's neighbours in the adjacent layer;
// nodes without neighbours keep their slot.
void sortByBarycenter(std::vector<std::size_t>& layer,
                      const std::vector<std::vector<std::size_t>>& neighbours,
                      const std::vector<std::size_t>& pos) {
  std::vector<std::pair<double, std::size_t>> keyed;
  for (std::size_t i = 0; i < layer.size(); ++i) {
    const auto& ns = neighbours[layer[i]];
    double key = static_cast<double>(i);
    if (!ns.empty()) {
      double sum = 0;
      for (const std::size_t w : ns) sum += static_cast<double>(pos[w]);
      key = sum / static_cast<double>(ns.size());
    }
    keyed.emplace_back(key, layer[i]);
  }
  std::stable_sort(keyed.begin(), keyed.end(),
                   [](const auto& a, const auto& b) { return a.first < b.first; });
  for (std::size_t i = 0; i < layer.size(); ++i) layer[i] = keyed[i].second;
}

Order orderLayers(const Graph& g, int sweeps, int& bestCrossings) {
  const int nLayers = g.layer.empty() ? 0 : *std::max_element(g.layer.begin(), g.layer.end()) + 1;
  Order order(static_cast<std::size_t>(nLayers));
  for (std::size_t v = 0; v < g.layer.size(); ++v) order[static_cast<std::size_t>(g.layer[v])].push_back(v);
  Order best = order;
  bestCrossings = countCrossings(g, order);
  for (int s = 0; s < sweeps && bestCrossings > 0; ++s) {
    const bool down = s % 2 == 0;
    for (int k = 1; k < nLayers; ++k) {
      const std::size_t l = static_cast<std::size_t>(down ? k : nLayers - 1 - k);
      sortByBarycenter(order[l], down ? g.preds : g.succs, positions(g, order));
    }
    if (const int c = countCrossings(g, order); c < bestCrossings) {
      bestCrossings = c;
      best = order;
    }
  }
  return best;
}

}  // namespace

std::vector<double> placeInOrder(const std::vector<double>& desired, const std::vector<double>& gaps,
                                 const std::vector<double>& weights) {
  // With o_i the cumulative gaps, z_i = y_i - o_i must be non-decreasing: pool adjacent violators.
  const std::size_t n = desired.size();
  std::vector<double> offset(n, 0);
  for (std::size_t i = 1; i < n; ++i) offset[i] = offset[i - 1] + gaps[i - 1];
  struct Block {
    double sum, weight;  // Σ w z, Σ w
    std::size_t count;
    [[nodiscard]] double mean() const { return sum / weight; }
  };
  std::vector<Block> blocks;
  for (std::size_t i = 0; i < n; ++i) {
    const double w = i < weights.size() ? weights[i] : 1.0;
    blocks.push_back({w * (desired[i] - offset[i]), w, 1});
    while (blocks.size() > 1 && blocks[blocks.size() - 2].mean() > blocks.back().mean()) {
      blocks[blocks.size() - 2].sum += blocks.back().sum;
      blocks[blocks.size() - 2].weight += blocks.back().weight;
      blocks[blocks.size() - 2].count += blocks.back().count;
      blocks.pop_back();
    }
  }
  std::vector<double> y;
  for (const auto& b : blocks)
    for (std::size_t k = 0; k < b.count; ++k) y.push_back(b.mean() + offset[y.size()]);
  return y;
}

LayeredLayout layeredLayout(const std::vector<QSizeF>& sizes, const std::vector<LayoutEdge>& edgesIn,
                            const LayoutOptions& options) {
  const std::size_t n = sizes.size();
  const Graph g = buildGraph(n, edgesIn);
  LayeredLayout result;
  const Order order = orderLayers(g, options.sweeps, result.crossings);
  const auto height = [&](std::size_t v) { return v < n ? sizes[v].height() : options.dummyHeight; };

  // x: each layer is as wide as its widest node; layers centred on their column.
  std::vector<double> layerX(order.size(), 0);
  double x = 0;
  for (std::size_t l = 0; l < order.size(); ++l) {
    double w = 0;
    for (const std::size_t v : order[l]) w = std::max(w, v < n ? sizes[v].width() : 0.0);
    layerX[l] = x + w / 2;
    x += w + options.layerGap;
  }

  // y: start stacked, then pull each node towards its neighbours' mean, keeping the order.
  std::vector<double> y(g.layer.size(), 0);
  const auto gapsOf = [&](const std::vector<std::size_t>& layer) {
    std::vector<double> gaps;
    for (std::size_t i = 1; i < layer.size(); ++i)
      gaps.push_back((height(layer[i - 1]) + height(layer[i])) / 2 + options.nodeGap);
    return gaps;
  };
  // Through-going nodes (many neighbours, dummies of long edges) keep the main line straight;
  // leaves such as weights give way.
  const auto weightsOf = [&](const std::vector<std::size_t>& layer) {
    std::vector<double> w;
    for (const std::size_t v : layer) {
      const double degree = v < n ? static_cast<double>(g.preds[v].size() + g.succs[v].size()) : 4.0;
      w.push_back(std::max(1.0, degree * degree));
    }
    return w;
  };
  for (const auto& layer : order) {
    const auto stacked = placeInOrder(std::vector<double>(layer.size(), 0), gapsOf(layer));
    for (std::size_t i = 0; i < layer.size(); ++i) y[layer[i]] = stacked[i];
  }
  for (int round = 0; round < 8; ++round) {
    const bool forward = round % 2 == 0;
    for (std::size_t k = 0; k < order.size(); ++k) {
      const auto& layer = order[forward ? k : order.size() - 1 - k];
      std::vector<double> desired;
      for (const std::size_t v : layer) {
        // Leaves (a weight feeding one Einsum) follow their neighbour but do not pull it.
        double sum = 0, leafSum = 0;
        std::size_t count = 0, leaves = 0;
        for (const auto* ns : {&g.preds[v], &g.succs[v]})
          for (const std::size_t w : *ns) {
            const bool leaf = g.preds[w].size() + g.succs[w].size() <= 1;
            (leaf ? leafSum : sum) += y[w];
            ++(leaf ? leaves : count);
          }
        desired.push_back(count    ? sum / static_cast<double>(count)
                          : leaves ? leafSum / static_cast<double>(leaves)
                                   : y[v]);
      }
      const auto placed = placeInOrder(desired, gapsOf(layer), weightsOf(layer));
      for (std::size_t i = 0; i < layer.size(); ++i) y[layer[i]] = placed[i];
    }
  }

  result.layers.assign(g.layer.begin(), g.layer.begin() + static_cast<std::ptrdiff_t>(n));
  for (std::size_t v = 0; v < n; ++v)
    result.centers.emplace_back(layerX[static_cast<std::size_t>(g.layer[v])], y[v]);
  for (const auto& chain : g.chains) {
    auto& points = result.bends.emplace_back();
    for (const std::size_t d : chain) points.emplace_back(layerX[static_cast<std::size_t>(g.layer[d])], y[d]);
  }
  return result;
}

}  // namespace af::ui
