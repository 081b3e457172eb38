#include "components/models/neurosim_logic.h"

#include <fmt/format.h>

#include <array>
#include <cmath>

#include "components/models/cim_common.h"

namespace af::components::models {

namespace {

// DNN_NeuroSim V1.3 (commit 388f421204cd, with hwcomponents-neurosim 44bf21d6's drop-in
// sources) run through hwcomponents-neurosim's own Python wrapper at each of its nodes, printed
// to 7 digits. Every misc part it prints reduces to these per-node coefficients exactly (to
// NeuroSim's printed digits, checked over 1..32 bits, adder trees of 2..1024 inputs and
// shift-adds of 1..12 + 4..32 bits):
//   flip-flops(n)      = n x flip-flop(1)            (energy, area, leakage)
//   adder(n)           = adder_e0 + n x adder_e_bit  (energy); n x per-bit area and leakage
//   adder tree(n, k)   = sum over levels of (count x adder(bits)), count = k//2, k//4, ... > 0,
//                        bits = n+1, n+2, ...
//   shift-add(n, s)    = adder(n) + flip-flops(n + s)
//   inverter           = area only
struct NodeRow {
  double node;                            // m
  double ff_energy, ff_area, ff_leak;     // one flip-flop: J, m^2, W
  double adder_e0, adder_e_bit;           // J
  double adder_area_bit, adder_leak_bit;  // m^2, W
  double not_area;                        // m^2
};

constexpr std::array<NodeRow, 9> kRows{{
    {7e-9, 8.352978e-16, 1.745184e-13, 1.237874e-10, 2.060437e-17, 2.908269e-16, 1.963332e-13, 6.716241e-11,
     1.45432e-14},
    {10e-9, 1.354609e-15, 3.5616e-13, 1.622278e-10, 3.576271e-17, 5.089018e-16, 4.0068e-13, 1.173211e-10,
     2.968e-14},
    {14e-9, 2.192299e-15, 6.980736e-13, 2.12145e-10, 4.993378e-17, 7.297333e-16, 7.853328e-13, 1.160017e-10,
     5.81728e-14},
    {22e-9, 2.552136e-15, 1.235942e-12, 1.56332e-10, 7.124852e-17, 1.063398e-15, 1.390435e-12, 1.3422e-10,
     1.029952e-13},
    {32e-9, 4.770342e-15, 2.614886e-12, 2.410088e-10, 1.373855e-16, 2.02083e-15, 2.941747e-12, 2.231477e-10,
     2.179072e-13},
    {45e-9, 9.36359e-15, 5.17104e-12, 3.766703e-10, 2.760374e-16, 4.019718e-15, 5.817419e-12, 3.701794e-10,
     4.3092e-13},
    {65e-9, 1.948006e-14, 1.078896e-11, 5.989355e-10, 5.901025e-16, 8.509916e-15, 1.213758e-11, 5.897884e-10,
     8.9908e-13},
    {90e-9, 1.908455e-14, 2.068416e-11, 9.045961e-10, 4.652448e-16, 7.597014e-15, 2.326968e-11, 9.069322e-10,
     1.72368e-12},
    {130e-9, 7.1206e-14, 4.315584e-11, 1.415666e-09, 2.19161e-15, 3.15252e-14, 4.855031e-11, 1.527142e-09,
     3.59632e-12},
}};

// The package interpolates each output linearly between the runs at the nodes around the
// target; every part here is linear in the row's coefficients, so mixing the rows is the same.
NodeRow row_at(double t) {
  check_neurosim_node(t);
  std::size_t hi = 0;
  while (kRows[hi].node < t) ++hi;
  if (kRows[hi].node == t || hi == 0) return kRows[hi];
  const NodeRow& a = kRows[hi - 1];
  const NodeRow& b = kRows[hi];
  const double x = (t - a.node) / (b.node - a.node);
  const auto mix = [x](double p, double q) { return p + (q - p) * x; };
  return {t,
          mix(a.ff_energy, b.ff_energy),
          mix(a.ff_area, b.ff_area),
          mix(a.ff_leak, b.ff_leak),
          mix(a.adder_e0, b.adder_e0),
          mix(a.adder_e_bit, b.adder_e_bit),
          mix(a.adder_area_bit, b.adder_area_bit),
          mix(a.adder_leak_bit, b.adder_leak_bit),
          mix(a.not_area, b.not_area)};
}

// The package passes bit and input counts through Python's int().
double truncated(double v) { return std::trunc(v); }

NeuroSimPart flip_flops(const NodeRow& r, double n) {
  return {n * r.ff_energy, n * r.ff_area, n * r.ff_leak};
}
NeuroSimPart adder(const NodeRow& r, double n) {
  return {r.adder_e0 + n * r.adder_e_bit, n * r.adder_area_bit, n * r.adder_leak_bit};
}
NeuroSimPart sum(NeuroSimPart a, const NeuroSimPart& b) {
  a.read_energy += b.read_energy;
  a.area += b.area;
  a.leak_watts += b.leak_watts;
  return a;
}

}  // namespace

void check_neurosim_node(double tech_node) {
  if (!(tech_node >= kRows.front().node && tech_node <= kRows.back().node))
    throw ModelError(fmt::format("NeuroSim's parts are defined from 7 to 130 nm; tech_node is {} m",
                                 number_text(tech_node)),
                     "tech_node");
}

NeuroSimPart neurosim_flip_flop(double tech_node, double n_bits) {
  return flip_flops(row_at(tech_node), truncated(n_bits));
}

NeuroSimPart neurosim_adder(double tech_node, double n_bits) {
  return adder(row_at(tech_node), truncated(n_bits));
}

NeuroSimPart neurosim_adder_tree(double tech_node, double n_bits, double n_inputs) {
  const NodeRow r = row_at(tech_node);
  auto count = static_cast<long long>(truncated(n_inputs));
  double bits = truncated(n_bits);
  NeuroSimPart out;
  while (count > 1) {
    count /= 2;
    bits += 1;
    const NeuroSimPart one = adder(r, bits);
    const auto c = static_cast<double>(count);
    out = sum(out, {c * one.read_energy, c * one.area, c * one.leak_watts});
  }
  return out;
}

NeuroSimPart neurosim_shift_add(double tech_node, double n_bits, double shift_register_n_bits) {
  const NodeRow r = row_at(tech_node);
  const double n = truncated(n_bits), s = truncated(shift_register_n_bits);
  return sum(adder(r, n), flip_flops(r, n + s));
}

NeuroSimPart neurosim_not_gate(double tech_node) { return {0, row_at(tech_node).not_area, 0}; }

std::vector<ModelDefinition> neurosim_logic_models() {
  // hwcomponents-neurosim's plug-in classes: priority 0.3; n_instances scales area and leak.
  // Their actions return an (energy, latency) pair, which hwcomponents' current @action
  // refuses; the energy is taken and the throughput left unlimited (README: NeuroSim logic).
  // A misc part's energy is its read energy: shift_add and write (which the class routes to a
  // shift_add its base does not define) cost the same.
  const ModelInfo i =
      cim::info("ShiftAdd", "hwcomponents_neurosim.main", 0.3,
                {{"tech_node", std::nullopt, true, "m", "technology node (7 to 130 nm)"},
                 {"cycle_period", std::nullopt, true, "s", "clock period (multiplies NeuroSim's leakage)"},
                 {"n_bits", std::nullopt, true, "bits", "width of the values added"},
                 {"shift_register_n_bits", std::nullopt, true, "bits", "width of the shift register"},
                 {"n_instances", 1.0, false, "", "copies (area and leakage)"}},
                {"read", "write", "shift_add", "compute", "add", "convert", "update"},
                "DNN_NeuroSim V1.3 figures through hwcomponents-neurosim main.py ShiftAdd",
                {"ShiftAdd", "NeuroSimShiftAdd"});
  return {{i, [](const Arguments& args) {
             const double t = cim::tech_node(args);
             const double cycle = cim::positive(args, "cycle_period");
             const double n = cim::whole(args, "n_bits"), s = cim::whole(args, "shift_register_n_bits");
             const double copies = cim::positive(args, "n_instances");
             const NeuroSimPart p = neurosim_shift_add(t, n, s);
             BuiltModel m{p.area * copies, p.leak_watts * cycle * copies, {}};
             const ActionCost cost{p.read_energy, kUnlimited};
             for (const char* a : {"read", "write", "shift_add", "compute", "add", "convert", "update"})
               m.actions[a] = cim::fixed(cost);
             return m;
           }}};
}

}  // namespace af::components::models
