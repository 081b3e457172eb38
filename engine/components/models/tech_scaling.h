#pragma once
// Technology-node scaling as hwcomponents does it (README: Technology-node scaling): the
// Stillmaker–Baas tables from 130 nm to 7 nm with a fractional node index, clamping beyond
// them, and the early return when the target node equals the reference node exactly.
// Nodes are in metres.

namespace af::components::models {

// Multiply area at `from` by this to get area at `to`.
[[nodiscard]] double tech_node_area(double to, double from);
// Energy, and leak power (the same factor); floors both nodes at 1 nm.
[[nodiscard]] double tech_node_energy(double to, double from);
// from / to: a smaller node runs faster.
[[nodiscard]] double tech_node_throughput(double to, double from);

// The factors a model defined at `reference` takes at `target`: all 1 when target == reference
// exactly (hwcomponents' scale() returns early there, although the area table alone would not
// give 1 off its grid).
struct TechFactors {
  double area = 1, energy = 1, leak = 1, throughput = 1;
};
[[nodiscard]] TechFactors tech_factors(double target, double reference);

// A tech_node must be a positive length in metres; a value that reads as nanometres
// (tech_node: 65) is rejected. Throws ModelError naming `tech_node`.
void check_tech_node(double tech_node);

}  // namespace af::components::models
