#include "components/models/cim_analog.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <numeric>

#include "components/models/cim_common.h"
#include "components/models/neurosim_logic.h"
#include "components/models/tech_scaling.h"

namespace af::components::models {

using cim::Scales;

namespace {

const std::string kMisc = "hwcomponents_library.library.misc";

Parameter node_param(const char* meaning = "technology node") {
  return {"tech_node", std::nullopt, true, "m", meaning};
}

// hwcomponents-library's rescale_sum_to_1.
std::vector<double> normalised(std::vector<double> values, std::string_view name) {
  const double total = std::accumulate(values.begin(), values.end(), 0.0);
  if (!(total > 0) || !std::isfinite(total))
    throw ModelError(fmt::format("{} must have a positive sum", name), std::string(name));
  for (double& v : values) v /= total;
  return values;
}

// ------------------------------------------------------------------------------------------
// Capacitor (misc.py): area from a capacitance density, no leakage; raising the voltage to v
// from a supply s costs C·v·s.

struct CapacitorShape {
  double capacitance, voltage, area;
};

CapacitorShape capacitor(double capacitance, double voltage, double node, std::optional<double> cap_per_m2,
                         std::optional<double> border_area) {
  // The defaults are 22 nm densities scaled by the area table, called directly (no early
  // return at 22 nm, so the table's own factor at 22 nm applies).
  const double density = cap_per_m2 ? *cap_per_m2 : 2.3e-3 * tech_node_area(node, 22e-9);
  const double border = border_area ? *border_area : 1e-12 * tech_node_area(node, 22e-9);
  return {capacitance, voltage, capacitance / density + border};
}

ModelDefinition capacitor_model() {
  const ModelInfo i = cim::info(
      "Capacitor", kMisc, 0.5,
      {{"capacitance", std::nullopt, true, "F", "capacitance"},
       node_param(),
       {"voltage", 0.7, false, "V", "supply voltage"},
       {"cap_per_m2", std::nullopt, false, "F/m^2", "capacitance density (default 2.3e-3 scaled from 22 nm)"},
       {"border_area", std::nullopt, false, "m^2",
        "area around the capacitor (default 1e-12 scaled from 22 nm)"}},
      {"read", "switch", "raise_voltage_to"}, "hwcomponents-library misc.py Capacitor");
  return {i, [](const Arguments& args) {
            const double node = cim::tech_node(args);
            const double c = cim::non_negative(args, "capacitance");
            const double v = cim::non_negative(args, "voltage");
            const auto density = args.number("cap_per_m2");
            if (density && !(*density > 0)) throw ModelError("cap_per_m2 must be positive", "cap_per_m2");
            const CapacitorShape cap = capacitor(c, v, node, density, args.number("border_area"));
            BuiltModel m{cap.area, 0.0, {}};
            // read: charge to the supply voltage from the supply.
            m.actions["read"] = cim::fixed({c * v * v, kUnlimited});
            m.actions["raise_voltage_to"] = [c, v](const ActionCall& call) {
              const auto target = cim::call_number(call, "target_voltage");
              if (!target) throw ModelError("raise_voltage_to needs target_voltage", "target_voltage");
              const double supply = cim::call_number(call, "supply_voltage").value_or(v);
              if (*target > supply)
                throw ModelError(fmt::format("cannot raise the voltage to {} V from a {} V supply",
                                             number_text(*target), number_text(supply)),
                                 "target_voltage");
              return ActionCost{c * *target * supply, kUnlimited};
            };
            m.actions["switch"] = [c, v](const ActionCall& call) {
              const auto probabilities = cim::call_list(call, "value_probabilities");
              if (!probabilities) throw ModelError("switch needs value_probabilities", "value_probabilities");
              const double supply = cim::call_number(call, "supply_voltage").value_or(v);
              const bool zero = cim::call_number(call, "zero_between_values").value_or(1) != 0;
              return ActionCost{capacitor_switch_energy(c, v, supply, *probabilities, zero), kUnlimited};
            };
            return m;
          }};
}

// ------------------------------------------------------------------------------------------
// Ladder DACs (dac_c2c_r2r.py): the dual-sided R-2R ladder of Wang et al. (JSSC 2023).

std::vector<int> bits_msb_first(unsigned long long value, int resolution) {
  std::vector<int> bits(static_cast<std::size_t>(resolution));
  for (int i = 0; i < resolution; ++i)
    bits[static_cast<std::size_t>(resolution - 1 - i)] = (value >> i) & 1ULL;
  return bits;
}

// The histogram of the DAC's inputs spread over its 2^resolution codes; the first value and the
// middle one (zero of a signed range) map exactly.
std::vector<double> resized_histogram(const std::vector<double>& hist, std::size_t codes) {
  std::vector<double> out(codes, 0.0);
  std::vector<double> pruned = hist;
  const std::size_t idx0 = hist.size() / 2, new_idx0 = codes / 2;
  const double width_scale = static_cast<double>(hist.size()) / static_cast<double>(codes);
  for (const auto& [from, to] : {std::pair{std::size_t{0}, std::size_t{0}}, std::pair{idx0, new_idx0}}) {
    out[to] = pruned[from] / std::min(width_scale, 1.0);
    pruned[from] = 0;
  }
  const double last = static_cast<double>(pruned.size() - 1);
  for (std::size_t i = 0; i < codes; ++i) {
    if (i == new_idx0 || i == 0) continue;
    const double loc = static_cast<double>(i) / static_cast<double>(codes) * last;
    if (width_scale > 1) {
      const double start = std::floor(loc);
      const double end = std::min(std::ceil(start + width_scale), last);
      for (double j = start; j < end; ++j) out[i] += pruned[static_cast<std::size_t>(j)];
    } else {
      const double porp = loc - std::floor(loc);
      out[i] += pruned[static_cast<std::size_t>(std::floor(loc))] * (1 - porp);
      out[i] += pruned[static_cast<std::size_t>(std::ceil(loc))] * porp;
    }
  }
  const double total = std::accumulate(out.begin(), out.end(), 0.0);
  if (!(total > 0)) throw ModelError("hist must have a positive sum", "hist");
  for (double& p : out) p /= total;
  return out;
}

struct LadderDac {
  int resolution;
  double voltage, unit_resistance, node, cycle_period, load_resistance, load_capacitance;
  std::vector<double> hist;
};

// How long the DAC holds a value: the cycle, or longer when the load needs time to settle to
// half an LSB. The package adds the load twice (the DAC's own and the call's, both the same).
double hold_time(const LadderDac& d) {
  const double r = 2 * d.load_resistance;
  if (r == 0) return d.cycle_period;
  const double c = 2 * d.load_capacitance;
  const double max_value = std::pow(2.0, d.resolution) - 1;
  const double delta = std::pow(2.0, d.resolution) / max_value;
  const double t0 = -std::log(delta) * r * c;
  const double t1 = -std::log(std::pow(2.0, 0.5) / max_value) * r * c;
  return std::max(t1 - t0, d.cycle_period);
}

// One side's energy per conversion: the resistor current averaged over the codes, held for
// `latency`, plus the controller and the input flip-flops' switching.
double r2r_convert_energy(const LadderDac& d, double latency) {
  const std::size_t codes = std::size_t{1} << d.resolution;
  const std::vector<double> p = resized_histogram(d.hist, codes);
  const double unit_x = 1 / d.unit_resistance / 2;
  double energy = 0;
  for (std::size_t value = 0; value < codes; ++value) {
    const std::vector<int> bits = bits_msb_first(value, d.resolution);
    const std::vector<double> nodes = ladder_node_voltages(d.resolution, d.voltage, value);
    double current = 0;
    for (std::size_t i = 0; i < bits.size(); ++i)
      if (bits[i] != 0) current += d.voltage - nodes[i];
    energy += current * d.voltage * unit_x * p[value];
  }
  energy /= std::accumulate(p.begin(), p.end(), 0.0);  // as the package does, after normalising
  energy *= latency;  // a resistive ladder draws current for as long as it holds the value
  std::vector<double> ones(static_cast<std::size_t>(d.resolution), 0.0);
  for (std::size_t value = 0; value < codes; ++value) {
    const std::vector<int> bits = bits_msb_first(value, d.resolution);
    for (std::size_t i = 0; i < bits.size(); ++i) ones[i] += p[value] * bits[i];
  }
  double lo2hi = 0;
  for (const double q : ones) lo2hi += q * (1 - q);
  const double flip_flops = neurosim_flip_flop(d.node, d.resolution).read_energy * lo2hi;
  // 0.04 fJ/bit at 22 nm and 1 V, as (V·node)^2 · bits · 0.08.
  const double controller = std::pow(d.voltage * d.node, 2) * d.resolution * 0.08;
  return energy + controller + flip_flops;
}

ModelDefinition dual_sided_r2r_dac_model() {
  const ModelInfo i =
      cim::info("DualSidedR2RLadderDAC", "hwcomponents_library.library.dac_c2c_r2r", 0.5,
                {{"resolution", std::nullopt, true, "bits", "resolution"},
                 {"voltage", std::nullopt, true, "V", "supply voltage"},
                 {"unit_resistance", std::nullopt, true, "ohm", "unit resistance R of the ladder"},
                 node_param("technology node (7 to 130 nm: its flip-flops are NeuroSim's)"),
                 {"cycle_period", 1e-9, false, "s", "clock period, the shortest hold time"},
                 {"hist", std::nullopt, false, "", "histogram of the input values, lowest first (needed)"},
                 {"load_resistance", 0.0, false, "ohm", "load resistance"},
                 {"load_capacitance", 0.0, false, "F", "load capacitance"}},
                {"convert", "read"},
                "hwcomponents-library dac_c2c_r2r.py DualSidedR2RLadderDAC (Wang et al., JSSC 2023)",
                {"DualSidedR2RLadderDAC", "DualSidedR2RDAC"});
  return {i, [](const Arguments& args) {
            const auto hist = cim::list_argument(args, "hist");
            if (!hist)
              throw ModelError("DualSidedR2RLadderDAC needs hist (the input-value histogram)", "hist");
            const double resolution = cim::whole(args, "resolution");
            if (resolution > 24) throw ModelError("resolution above 24 bits is not supported", "resolution");
            const LadderDac d{static_cast<int>(resolution),
                              cim::non_negative(args, "voltage"),
                              cim::positive(args, "unit_resistance"),
                              cim::tech_node(args),
                              cim::positive(args, "cycle_period"),
                              cim::non_negative(args, "load_resistance"),
                              cim::non_negative(args, "load_capacitance"),
                              *hist};
            const NeuroSimPart ff = neurosim_flip_flop(d.node, d.resolution);
            const double ohm_area = 2.35e-15 * std::pow(d.node / 22e-9, 2);
            // Two sides: area, leakage and energy double; the voltage range stays the full
            // supply because both sides pull from VDD.
            const double area = 2 * (ff.area + ohm_area * d.resolution * d.unit_resistance * 3);
            const double leak = 2 * ff.leak_watts * d.cycle_period;
            const double latency = hold_time(d);
            const ActionCost convert{2 * r2r_convert_energy(d, latency), 1 / latency};
            BuiltModel m{area, leak, {}};
            m.actions["convert"] = cim::fixed(convert);
            m.actions["read"] = cim::fixed(convert);
            return m;
          }};
}

// ------------------------------------------------------------------------------------------
// C-2C multiplier (c2c_multiplier.py): a unit and a double capacitor per bit, an inverter and
// two pass gates; port A charges the ladder to the analog operand, port B switches bits in.

struct C2c {
  double resolution, voltage, unit_capacitance, node;
  std::vector<double> a_hist, b_bits;
};

C2c c2c_of(const Arguments& args) {
  const auto a = cim::list_argument(args, "a_hist");
  const auto b = cim::list_argument(args, "b_bit_distribution");
  if (!a) throw ModelError("the C-2C multiplier needs a_hist", "a_hist");
  if (!b) throw ModelError("the C-2C multiplier needs b_bit_distribution", "b_bit_distribution");
  if (a->size() < 2) throw ModelError("a_hist needs at least two values", "a_hist");
  for (const double p : *b)
    if (!(p >= 0 && p <= 1))
      throw ModelError("bit probabilities must be between 0 and 1", "b_bit_distribution");
  return {cim::positive(args, "resolution"),
          cim::non_negative(args, "voltage"),
          cim::non_negative(args, "unit_capacitance"),
          cim::tech_node(args),
          *a,
          *b};
}

BuiltModel c2c_built(const C2c& c, bool port_b) {
  const CapacitorShape unit = capacitor(c.unit_capacitance, c.voltage, c.node, std::nullopt, std::nullopt);
  const CapacitorShape twice =
      capacitor(2 * c.unit_capacitance, c.voltage, c.node, std::nullopt, std::nullopt);
  const NeuroSimPart inverter = neurosim_not_gate(c.node);
  const double pass_gates = 2 * c.node * c.node * 100;  // two transistors of 100 F^2
  Scales s;
  s.times(cim::linear(c.resolution, 1), cim::linear(c.resolution, 1), cim::linear(c.resolution, 1));
  // Port B's area and leakage are counted in the C2CMultiplier.
  const double own = port_b ? 0.0 : 1.0;
  const double area = (unit.area + twice.area + inverter.area + pass_gates) * s.area * own;
  const double leak = inverter.leak_watts * 1e-9 * s.leak * own;  // the inverter's 1 ns cycle

  const double n = static_cast<double>(c.a_hist.size());
  double weighted = 0;
  for (std::size_t v = 0; v < c.a_hist.size(); ++v) weighted += static_cast<double>(v * v) * c.a_hist[v];
  const double a_rms =
      std::sqrt(weighted / std::accumulate(c.a_hist.begin(), c.a_hist.end(), 0.0)) * c.voltage / (n - 1);
  double lo2hi = 0;
  for (const double p : c.b_bits) lo2hi += p * (1 - p);
  lo2hi /= static_cast<double>(c.b_bits.size());

  // switch_a: one unit and one double capacitor charged to the analog operand; the reference
  // node sees 1.67 / resolution of a unit per bit on average. The resolution factor cancels.
  const double switch_a = (capacitor_switch_energy(c.unit_capacitance, c.voltage, c.voltage, c.a_hist) +
                           capacitor_switch_energy(2 * c.unit_capacitance, c.voltage, c.voltage, c.a_hist)) *
                          1.67 / c.resolution * s.energy;
  // switch_b: a bit going 0 -> 1 connects its capacitors to the operand's RMS voltage.
  const double switch_b =
      (c.unit_capacitance * a_rms * c.voltage + 2 * c.unit_capacitance * a_rms * c.voltage) * lo2hi *
      s.energy;
  BuiltModel m{area, leak, {}};
  m.actions["switch_a"] = cim::fixed({switch_a, kUnlimited});
  m.actions["switch_b"] = cim::fixed({switch_b, kUnlimited});
  m.actions["read"] = cim::fixed({port_b ? switch_b : switch_a, kUnlimited});
  return m;
}

ModelDefinition c2c_model(const std::string& class_name, bool port_b) {
  const ModelInfo i = cim::info(
      class_name, "hwcomponents_library.library.c2c_multiplier", 0.5,
      {{"resolution", std::nullopt, true, "bits", "bits of the digital operand B"},
       {"voltage", std::nullopt, true, "V", "supply voltage"},
       {"unit_capacitance", std::nullopt, true, "F", "unit capacitance C"},
       {"a_hist", std::nullopt, true, "", "histogram of the analog operand, spread over [0, voltage]"},
       {"b_bit_distribution", std::nullopt, true, "", "probability of each bit of B being 1"},
       node_param("technology node (7 to 130 nm: its inverter is NeuroSim's)")},
      {"switch_a", "switch_b", "read"},
      port_b ? "hwcomponents-library c2c_multiplier.py C2CMultiplierPortB (digital port; no area or leakage)"
             : "hwcomponents-library c2c_multiplier.py C2CMultiplier (analog port; the area and leakage)");
  return {i, [port_b](const Arguments& args) { return c2c_built(c2c_of(args), port_b); }};
}

// ------------------------------------------------------------------------------------------
// NeuRRAM (Wan et al., Nature 2022) at 130 nm and 1.8 V, and TIMELY's PSubBuf at 65 nm: fixed
// figures scaled by node and voltage (neurram.py, timely.py).

struct FixedPart {
  double area, leak;
  std::vector<std::pair<std::string, ActionCost>> actions;  // at the reference node and voltage
};

BuiltModel scaled(const FixedPart& p, const Scales& s) {
  BuiltModel m{p.area * s.area, p.leak * s.leak, {}};
  for (const auto& [name, cost] : p.actions)
    m.actions[name] = cim::fixed({cost.energy * s.energy, cost.throughput * s.throughput});
  m.actions.try_emplace("write", cim::fixed(cim::free_cost()));  // the library base's free write
  m.actions.try_emplace("read", cim::fixed(cim::free_cost()));
  return m;
}

// Area, energy and leakage go as the square of the voltage from 1.8 V.
void neurram_voltage(Scales& s, double v) {
  const double q = cim::quadratic(v, 1.8);
  s.times(q, q, q);
}

ModelDefinition neurram_integrator() {
  const ModelInfo i = cim::info(
      "NeurramAnalogIntegrator", "hwcomponents_library.library.neurram", 0.8,
      {node_param(), {"voltage", 1.8, false, "V", "supply voltage"}}, {"integrate", "read", "write"},
      "hwcomponents-library neurram.py NeurramAnalogIntegrator (NeuRRAM, Wan et al. Nature 2022)");
  return {i, [](const Arguments& args) {
            Scales s;
            s.tech(cim::tech_node(args), 130e-9);
            neurram_voltage(s, cim::non_negative(args, "voltage"));
            const ActionCost e{0.25e-12, kUnlimited};
            return scaled({350e-12, 5e-9, {{"integrate", e}, {"read", e}}}, s);
          }};
}

ModelDefinition neurram_sample() {
  const ModelInfo i =
      cim::info("NeurramAnalogSample", "hwcomponents_library.library.neurram", 0.8,
                {node_param(),
                 {"width", 1.0, false, "", "sampled values side by side (area only)"},
                 {"voltage", 1.8, false, "V", "supply voltage"}},
                {"sample", "read", "write"},
                "hwcomponents-library neurram.py NeurramAnalogSample (NeuRRAM, Wan et al. Nature 2022)");
  return {i, [](const Arguments& args) {
            Scales s;
            s.tech(cim::tech_node(args), 130e-9);
            s.times(cim::linear(cim::positive(args, "width"), 1), 1, 1);
            neurram_voltage(s, cim::non_negative(args, "voltage"));
            const ActionCost e{1.2e-12, kUnlimited};
            return scaled({45e-12, 1e-8, {{"sample", e}, {"read", e}}}, s);
          }};
}

ModelDefinition neurram_adc() {
  const ModelInfo i = cim::info(
      "NeurramVariablePrecisionADC", "hwcomponents_library.library.neurram", 0.8,
      {node_param(), {"voltage", 1.8, false, "V", "supply voltage"}}, {"convert", "read", "write"},
      "hwcomponents-library neurram.py NeurramVariablePrecisionADC (NeuRRAM, Wan et al. Nature 2022)");
  return {i, [](const Arguments& args) {
            Scales s;
            s.tech(cim::tech_node(args), 130e-9);
            neurram_voltage(s, cim::non_negative(args, "voltage"));
            const ActionCost e{0.3e-12, kUnlimited};
            return scaled({400e-12, 1e-8, {{"convert", e}, {"read", e}}}, s);
          }};
}

ModelDefinition timely_psubbuf() {
  const ModelInfo i = cim::info(
      "TimelyPSubBuf", "hwcomponents_library.library.timely", 0.8, {node_param()}, {"drive", "read", "write"},
      "hwcomponents-library timely.py TimelyPSubBuf (TIMELY, Li et al. ISCA 2020, table II)");
  return {i, [](const Arguments& args) {
            Scales s;
            s.tech(cim::tech_node(args), 65e-9);
            const ActionCost e{0.0023e-12, 1 / 150e-9};
            return scaled({5e-12, 0.0, {{"drive", e}, {"read", e}}}, s);
          }};
}

}  // namespace

double capacitor_switch_energy(double capacitance, double voltage, double supply_voltage,
                               std::vector<double> value_probabilities, bool zero_between_values) {
  if (value_probabilities.size() < 2)
    throw ModelError("value_probabilities needs at least two values", "value_probabilities");
  const std::vector<double> p = normalised(std::move(value_probabilities), "value_probabilities");
  const double steps = static_cast<double>(p.size() - 1);
  const auto raise = [&](double level) {
    const double target = level / steps * voltage;
    if (target > supply_voltage)
      throw ModelError(fmt::format("cannot raise the voltage to {} V from a {} V supply", number_text(target),
                                   number_text(supply_voltage)),
                       "supply_voltage");
    return capacitance * target * supply_voltage;
  };
  // Expected energy from one value to the next (from zero when the capacitor is cleared in
  // between); falling transitions draw nothing from the supply.
  double expected = 0;
  for (std::size_t v0 = 0; v0 < p.size(); ++v0)
    for (std::size_t v1 = 0; v1 < p.size(); ++v1) {
      const std::size_t from = zero_between_values ? 0 : v0;
      if (v1 < from) continue;
      expected += (raise(static_cast<double>(v1)) - raise(static_cast<double>(from))) * p[v0] * p[v1];
    }
  return expected;
}

std::vector<double> ladder_node_voltages(int resolution, double voltage, unsigned long long value) {
  // Node i: 0 = (V_i - V_{i-1}) + (V_i - V_{i+1}) + (V_i - input_i) / 2, with the first node's
  // extra leg and the last node's missing one; solved by the package's two sweeps, kept as is
  // so that the figures match to the last digit.
  std::vector<int> bits = bits_msb_first(value, resolution);
  std::reverse(bits.begin(), bits.end());  // the MSB nearest the output, at the end
  const std::size_t n = bits.size();
  std::vector<double> rhs(n);
  for (std::size_t i = 0; i < n; ++i) rhs[i] = bits[i] * voltage;
  std::vector<std::array<double, 3>> m{{0, 4, -2}};
  for (std::size_t i = 0; i + 2 < n; ++i) m.push_back({-2, 5, -2});
  m.push_back({-2, 3, 0});
  for (std::size_t k = n >= 2 ? n - 1 : 0; k-- > 0;) {  // i = n-2 down to 0
    const std::size_t i = k;
    const double mult = m[i][2] / m[i + 1][1];
    m[i][1] -= m[i + 1][0] * mult;
    m[i][2] -= m[i + 1][1] * mult;
    rhs[i] -= rhs[i + 1] * mult;
    rhs[i] /= m[i][1];
    const double d = m[i][1];
    for (double& x : m[i]) x /= d;
  }
  for (std::size_t i = 0; i + 1 < n; ++i) {
    const double mult = m[i + 1][0] / m[i][1];
    m[i + 1][0] -= m[i][1] * mult;
    m[i + 1][1] -= m[i][2] * mult;
    rhs[i + 1] -= rhs[i] * mult;
  }
  for (std::size_t i = 0; i < n; ++i) rhs[i] /= m[i][1];
  std::reverse(rhs.begin(), rhs.end());
  return rhs;
}

std::vector<ModelDefinition> cim_analog_models() {
  return {capacitor_model(),
          dual_sided_r2r_dac_model(),
          c2c_model("C2CMultiplier", false),
          c2c_model("C2CMultiplierPortB", true),
          neurram_integrator(),
          neurram_sample(),
          neurram_adc(),
          timely_psubbuf()};
}

}  // namespace af::components::models
