#pragma once
// A Sugiyama-lite layout for small DAGs (the workload graph): layers by longest path from the
// sources, with sources pulled next to their first consumer; long edges get dummy nodes; order
// within layers by barycenter sweeps (the order with the fewest crossings wins); vertical
// positions pulled towards the neighbours' mean under a minimum gap (isotonic regression).
// Layers run left to right. No Qt widgets: the result is plain geometry.
#include <QPointF>
#include <QSizeF>
#include <cstddef>
#include <vector>

namespace af::ui {

struct LayoutEdge {
  std::size_t from = 0, to = 0;
};

struct LayoutOptions {
  double layerGap = 44;  // horizontal space between the widest nodes of neighbouring layers
  double nodeGap = 18;   // vertical space between nodes of one layer
  double dummyHeight = 6;
  int sweeps = 12;
};

struct LayeredLayout {
  std::vector<QPointF> centers;             // per node
  std::vector<int> layers;                  // per node
  std::vector<std::vector<QPointF>> bends;  // per edge: the dummy points between its ends
  int crossings = 0;                        // edge crossings of the chosen order
};

// `sizes` gives each node's box; nodes listed in a sensible reading order (it seeds the order
// within each layer). Edges out of range are ignored; cycles are broken arbitrarily.
[[nodiscard]] LayeredLayout layeredLayout(const std::vector<QSizeF>& sizes,
                                          const std::vector<LayoutEdge>& edges,
                                          const LayoutOptions& options = {});

// Minimises Σ w_i (y_i - desired_i)² subject to y_{i+1} - y_i >= gaps_i (gaps has n - 1
// entries; weights default to 1). Heavier nodes move less when neighbours collide.
[[nodiscard]] std::vector<double> placeInOrder(const std::vector<double>& desired,
                                               const std::vector<double>& gaps,
                                               const std::vector<double>& weights = {});

}  // namespace af::ui
