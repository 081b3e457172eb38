#include "components/models/cim_digital.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <memory>

#include "components/models/aladdin.h"
#include "components/models/cim_common.h"
#include "components/models/neurosim_logic.h"
#include "components/models/sram.h"

namespace af::components::models {

using cim::Scales;

namespace {

// Sub-part models (Aladdin parts, SmartBufferSRAM), shared by the lambdas that build from them.
using Parts = std::shared_ptr<const std::vector<ModelDefinition>>;

Parameter node_param(const char* meaning = "technology node") {
  return {"tech_node", std::nullopt, true, "m", meaning};
}

// A library class (LibraryEstimatorClassBase) with fixed figures at a reference point: every
// action's energy and throughput take the model's factors, `bits` when it declares
// bits_per_action; read and write are free unless defined.
struct FixedPart {
  double area, leak;
  std::vector<std::pair<std::string, ActionCost>> actions;
  std::optional<double> bits;  // nominal bits of every action, when they declare them
};

BuiltModel scaled(const FixedPart& p, const Scales& s) {
  BuiltModel m{p.area * s.area, p.leak * s.leak, {}};
  for (const auto& [name, cost] : p.actions)
    m.actions[name] = per_access({cost.energy * s.energy, cost.throughput * s.throughput}, p.bits);
  m.actions.try_emplace("read", cim::fixed(cim::free_cost()));
  m.actions.try_emplace("write", cim::fixed(cim::free_cost()));
  return m;
}

// ------------------------------------------------------------------------------------------
// ISAAC (Shafiee et al., ISCA 2016) at 32 nm (isaac.py).

const std::string kIsaac = "hwcomponents_library.library.isaac";

ModelDefinition isaac_shift_add() {
  const ModelInfo i =
      cim::info("IsaacShiftAdd", kIsaac, 0.8,
                {node_param(), {"width", 16.0, false, "bits", "width of the values added"}},
                {"shift_add", "read", "write"}, "hwcomponents-library isaac.py IsaacShiftAdd (ISAAC)");
  return {i, [](const Arguments& args) {
            Scales s;
            s.tech(cim::tech_node(args), 32e-9);
            const double w = cim::linear(cim::positive(args, "width"), 16);
            s.times(w, w, w);
            const ActionCost op{0.021e-12, 1 / (1e-9 / 1.2)};
            // Writing costs the same energy but is not limited by the cycle.
            return scaled(
                {60e-12, 0.0, {{"shift_add", op}, {"read", op}, {"write", {0.021e-12, kUnlimited}}}, {}}, s);
          }};
}

ModelDefinition isaac_edram() {
  const ModelInfo i = cim::info("IsaacEDRAM", kIsaac, 0.8,
                                {node_param(),
                                 {"width", 256.0, false, "bits", "port width"},
                                 {"depth", std::nullopt, false, "", "entries of width bits (or give size)"},
                                 {"size", std::nullopt, false, "bits", "capacity (or give depth)"}},
                                {"read", "write"}, "hwcomponents-library isaac.py IsaacEDRAM (ISAAC)");
  return {i, [](const Arguments& args) {
            const double width = cim::positive(args, "width");
            const auto depth_given = args.number("depth");
            const auto size = args.number("size");
            if (!depth_given && !size) throw ModelError("IsaacEDRAM needs depth or size", "depth");
            const double depth = depth_given ? *depth_given : *size / width;
            if (depth_given && size && *size / width != *depth_given)
              throw ModelError(fmt::format("depth {} and size / width {} disagree", number_text(*depth_given),
                                           number_text(*size / width)),
                               "depth");
            if (!(depth > 0))
              throw ModelError("IsaacEDRAM's depth must be positive", depth_given ? "depth" : "size");
            Scales s;
            s.tech(cim::tech_node(args), 32e-9);
            const double w = cim::linear(width, 256);
            s.times(w, w, w);
            // Depth: area linear, energy and leakage as CACTI's depth^0.78.
            const double d = std::pow(depth / 2048, 1.56 / 2);
            s.times(cim::linear(depth, 2048), d, d);
            const ActionCost access{20.45e-12, 1 / (1e-9 / 36864 / width)};
            return scaled({83000e-12, 0.0, {{"read", access}, {"write", access}}, width}, s);
          }};
}

ModelDefinition isaac_edram_bus() {
  const ModelInfo i =
      cim::info("IsaacEDRAMBus", kIsaac, 0.8, {node_param(), {"width", 1.0, false, "bits", "bus width"}},
                {"read", "transfer", "write"}, "hwcomponents-library isaac.py IsaacEDRAMBus (ISAAC)");
  return {i, [](const Arguments& args) {
            const double width = cim::positive(args, "width");
            Scales s;
            s.tech(cim::tech_node(args), 32e-9);
            const double w = cim::linear(width, 1);
            s.times(w, w, w);
            const ActionCost transfer{0.054e-12, 1 / (1e-9 / 18432 / width)};
            // The transfer is charged on read; write is free.
            return scaled({29.296875e-12, 0.0, {{"read", transfer}, {"transfer", transfer}}, width}, s);
          }};
}

// ------------------------------------------------------------------------------------------
// Jia et al. (JSSC 2020) at 65 nm, 1.2 V, a 540 ns cycle of 8 steps (jia.py).

const std::string kJia = "hwcomponents_library.library.jia";

// Jia's fixed parts scale their throughput neither with the node nor with the voltage: it is
// set by the cycle.
void jia_voltage(Scales& s, double v) {
  const double q = cim::quadratic(v, 1.2);
  s.times(1, q, q);
}

ModelDefinition jia_shift_add() {
  const ModelInfo i = cim::info("JiaShiftAdd", kJia, 0.8,
                                {node_param(),
                                 {"resolution", 8.0, false, "bits", "resolution"},
                                 {"voltage", 1.2, false, "V", "supply voltage"},
                                 {"cycle_period", 540e-9, false, "s", "cycle of 8 shift-adds"}},
                                {"shift_and_add", "write", "read"},
                                "hwcomponents-library jia.py JiaShiftAdd (Jia et al., JSSC 2020)");
  return {i, [](const Arguments& args) {
            Scales s;
            s.tech(cim::tech_node(args), 65e-9, /*with_throughput=*/false);
            const double r = cim::pow2_steps(args.required_number("resolution"), 8);
            s.times(r, r, r);
            jia_voltage(s, cim::non_negative(args, "voltage"));
            const ActionCost op{2.25e-12, 8 / cim::positive(args, "cycle_period")};
            return scaled({5000e-12, 2.22e-6, {{"shift_and_add", op}, {"write", op}, {"read", op}}, {}}, s);
          }};
}

ModelDefinition jia_datapath() {
  const ModelInfo i = cim::info("JiaDatapath", kJia, 0.8,
                                {node_param(),
                                 {"voltage", 1.2, false, "V", "supply voltage"},
                                 {"cycle_period", 540e-9, false, "s", "cycle of 8 steps"}},
                                {"process", "read", "write"},
                                "hwcomponents-library jia.py JiaDatapath (Jia et al., JSSC 2020)");
  return {i, [](const Arguments& args) {
            Scales s;
            s.tech(cim::tech_node(args), 65e-9, /*with_throughput=*/false);
            jia_voltage(s, cim::non_negative(args, "voltage"));
            const ActionCost op{12e-12, 8 / cim::positive(args, "cycle_period")};
            return scaled({10535e-12, 4.44e-6, {{"process", op}, {"read", op}}, {}}, s);
          }};
}

// Per input: n_comparators Aladdin comparators of n_bits (one used per input), a flag
// flip-flop per bit per comparator (area and leakage only) and a NeuroSim adder tree counting
// the zeros (its energy shared among the inputs); all at a voltage from 0.85 V, low-leakage
// (2% of the parts' leakage).
ModelDefinition jia_zero_comparator(Parts aladdin) {
  const ModelInfo i =
      cim::info("JiaZeroComparator", kJia, 0.8,
                {{"n_comparators", std::nullopt, true, "", "comparators (inputs compared)"},
                 {"n_bits", std::nullopt, true, "bits", "width of each input"},
                 node_param("technology node (7 to 130 nm: its flip-flops and adder tree are NeuroSim's)"),
                 {"voltage", 0.85, false, "V", "supply voltage"},
                 {"cycle_period", 1e-9, false, "s", "clock period"}},
                {"read", "write"}, "hwcomponents-library jia.py JiaZeroComparator (Jia et al., JSSC 2020)");
  return {i, [aladdin](const Arguments& args) {
            const double n_c = cim::whole(args, "n_comparators"), n_b = cim::whole(args, "n_bits");
            const double node = cim::tech_node(args), cycle = cim::positive(args, "cycle_period");
            check_neurosim_node(node);
            const double vf = cim::linear(cim::non_negative(args, "voltage"), 0.85);
            const BuiltModel cmp =
                cim::build_part(*aladdin, "AladdinComparator", {{"width", n_b}, {"tech_node", node}});
            const ActionCost compare = cim::call(cmp, "read");
            const NeuroSimPart ff = neurosim_flip_flop(node, 1);
            const NeuroSimPart tree = neurosim_adder_tree(node, 1, n_c);
            constexpr double kLowLeakage = 0.02;
            const double area = cmp.area * n_c * vf + ff.area * n_c * n_b * vf + tree.area * vf;
            const double leak =
                (cmp.leak_power * n_c + ff.leak_watts * cycle * n_c * n_b + tree.leak_watts * cycle) * vf *
                kLowLeakage;
            // Energy goes as the voltage squared, throughput linearly; the flip-flops' energy is
            // scaled to zero, the NeuroSim parts' throughput left unlimited.
            const ActionCost read{compare.energy * vf * vf + tree.read_energy / n_c * vf * vf,
                                  compare.throughput * n_c * vf};
            BuiltModel m{area, leak, {}};
            m.actions["read"] = cim::fixed(read);
            m.actions["write"] = cim::fixed(cim::free_cost());
            return m;
          }};
}

// ------------------------------------------------------------------------------------------
// NeuRRAM's shift-add at 130 nm and 1.8 V (neurram.py).

ModelDefinition neurram_shift_add() {
  const ModelInfo i =
      cim::info("NeurramShiftAdd", "hwcomponents_library.library.neurram", 0.8,
                {node_param(),
                 {"resolution", 8.0, false, "bits", "resolution"},
                 {"voltage", 1.8, false, "V", "supply voltage"}},
                {"read", "write", "shift_and_add"},
                "hwcomponents-library neurram.py NeurramShiftAdd (NeuRRAM, Wan et al. Nature 2022)");
  return {i, [](const Arguments& args) {
            Scales s;
            s.tech(cim::tech_node(args), 130e-9);
            const double r = cim::pow2_steps(args.required_number("resolution"), 8);
            s.times(r, r, 1);  // leakage does not grow with the resolution
            const double q = cim::quadratic(cim::non_negative(args, "voltage"), 1.8);
            s.times(q, q, q);
            const ActionCost op{0.1e-12, kUnlimited};
            return scaled({170e-12, 5.00e-9, {{"read", op}, {"write", op}, {"shift_and_add", op}}, {}}, s);
          }};
}

// ------------------------------------------------------------------------------------------
// Raella (Andrulis et al., ISCA 2023): SmartBufferSRAMs and Aladdin parts (raella.py). The
// parts' costs add, their throughputs take the minimum.

const std::string kRaella = "hwcomponents_library.library.raella";

ActionCost plus(ActionCost a, const ActionCost& b) {
  a.energy += b.energy;
  a.throughput = std::min(a.throughput, b.throughput);
  return a;
}

ModelDefinition raella_offset_correct(Parts aladdin, Parts srams) {
  const ModelInfo i =
      cim::info("RaellaOutputCenterOffsetCorrect", kRaella, 0.5,
                {node_param(),
                 {"n_bits_per_output", std::nullopt, true, "bits", "bits of an output"},
                 {"cycle_period", std::nullopt, true, "s", "clock period (not used)"},
                 {"n_center_entries", std::nullopt, true, "", "center/offset entries stored"},
                 {"n_center_entry_bits", 4.0, false, "bits", "bits of an entry"}},
                {"read"}, "hwcomponents-library raella.py RaellaOutputCenterOffsetCorrect (Raella)");
  return {i, [aladdin, srams](const Arguments& args) {
            const double node = cim::tech_node(args);
            const double out_bits = cim::positive(args, "n_bits_per_output");
            const double entry_bits = cim::positive(args, "n_center_entry_bits");
            const double entries = cim::positive(args, "n_center_entries");
            const BuiltModel buf = cim::build_part(*srams, "SmartBufferSRAM",
                                                   {{"tech_node", node}, {"size", entry_bits * entries}});
            const BuiltModel mult = cim::build_part(
                *aladdin, "AladdinMultiplier", {{"tech_node", node}, {"width_a", 4}, {"width_b", out_bits}});
            // Per output: read its entry, multiply by it.
            const ActionCost read = plus(cim::call(buf, "read", entry_bits), cim::call(mult, "multiply"));
            BuiltModel m{0.0 + buf.area + mult.area, 0.0 + buf.leak_power + mult.leak_power, {}};
            m.actions["read"] = per_access(read, out_bits);
            return m;
          }};
}

ModelDefinition raella_input_buffer(Parts aladdin, Parts srams) {
  const ModelInfo i =
      cim::info("RaellaInputBuffer", kRaella, 0.5,
                {node_param(),
                 {"speculation_enabled", std::nullopt, true, "", "speculation reads each entry twice"},
                 {"entry_bits", std::nullopt, true, "bits", "bits of an entry"},
                 {"size", std::nullopt, true, "bits", "capacity"}},
                {"read", "write"}, "hwcomponents-library raella.py RaellaInputBuffer (Raella)");
  return {i, [aladdin, srams](const Arguments& args) {
            const double node = cim::tech_node(args);
            const bool speculation = cim::flag(args, "speculation_enabled");
            const double entry_bits = cim::positive(args, "entry_bits");
            const BuiltModel buf = cim::build_part(
                *srams, "SmartBufferSRAM", {{"tech_node", node}, {"size", cim::positive(args, "size")}});
            const BuiltModel adder =
                cim::build_part(*aladdin, "AladdinAdder", {{"tech_node", node}, {"width", 2 * entry_bits}});
            // The adder is assumed never to limit the buffer.
            const ActionCost add{cim::call(adder, "add").energy, kUnlimited};
            ActionCost read = cim::call(buf, "read", entry_bits);
            if (speculation)
              read = plus(read, cim::call(buf, "read", entry_bits));  // speculate, then recover
            read = plus(read, add);
            const ActionCost write = plus(cim::call(buf, "write", entry_bits), add);
            BuiltModel m{0.0 + buf.area + adder.area, 0.0 + buf.leak_power + adder.leak_power, {}};
            m.actions["read"] = per_access(read, entry_bits);
            m.actions["write"] = per_access(write, entry_bits);
            return m;
          }};
}

ModelDefinition raella_flag_register(Parts srams) {
  const ModelInfo i =
      cim::info("RaellaFlagRegister", kRaella, 0.5,
                {node_param(),
                 {"n_flags", std::nullopt, true, "", "flags held (bits)"},
                 {"speculation_enabled", std::nullopt, true, "", "flags are used only when speculating"}},
                {"read"}, "hwcomponents-library raella.py RaellaFlagRegister (Raella)");
  return {i, [srams](const Arguments& args) {
            const BuiltModel buf = cim::build_part(
                *srams, "SmartBufferSRAM",
                {{"tech_node", cim::tech_node(args)}, {"size", cim::positive(args, "n_flags")}});
            // Flags are written without speculation and read back with it.
            const ActionCost read = cim::flag(args, "speculation_enabled")
                                        ? plus(cim::call(buf, "write", 1.0), cim::call(buf, "read", 1.0))
                                        : cim::free_cost();
            BuiltModel m{buf.area, buf.leak_power, {}};
            m.actions["read"] = cim::fixed(read);
            return m;
          }};
}

// ------------------------------------------------------------------------------------------
// Colonnade (Kim et al., JSSC 2021) at 65 nm (colonnade.py): NeuroSim parts calibrated to the
// chip. The package scales the NeuroSim part, already at the component's node, by the node
// again from 65 nm (scale_tech_node on the whole model); kept as it is.

const std::string kColonnade = "hwcomponents_library.library.colonnade";

ModelDefinition colonnade_logic() {
  const ModelInfo i = cim::info(
      "ColonnadeCimLogic", kColonnade, 0.8,
      {node_param("technology node (7 to 130 nm: NeuroSim's adder)"),
       {"width", 1.0, false, "bits", "bits of the weight"},
       {"switching_activity", 0.5, false, "", "switching activity"},
       {"voltage_energy_scale", 1.0, false, "", "energy factor for the supply voltage"},
       {"cycle_period", 10e-9, false, "s", "clock period (multiplies NeuroSim's leakage)"}},
      {"read"},
      "hwcomponents-library colonnade.py ColonnadeCimLogic (a NeuroSim adder as a calibrated proxy)");
  return {i, [](const Arguments& args) {
            const double node = cim::tech_node(args);
            const NeuroSimPart adder = neurosim_adder(node, cim::whole(args, "width"));
            Scales s;
            s.tech(node, 65e-9);
            const double energy = cim::non_negative(args, "voltage_energy_scale") * 0.0285 *
                                  cim::non_negative(args, "switching_activity");
            BuiltModel m{adder.area * s.area * 0.9,
                         adder.leak_watts * cim::positive(args, "cycle_period") * s.leak * 15,
                         {}};
            m.actions["read"] = cim::fixed({adder.read_energy * s.energy * energy, kUnlimited});
            return m;
          }};
}

ModelDefinition colonnade_input_port() {
  const ModelInfo i = cim::info(
      "ColonnadeCimLogicInputPort", kColonnade, 0.8,
      {node_param("technology node (7 to 130 nm: NeuroSim's adder)"),
       {"switching_activity", 0.5, false, "", "switching activity"},
       {"voltage", 0.8, false, "V", "supply voltage (not used: voltage_energy_scale accounts for it)"},
       {"voltage_energy_scale", 1.0, false, "", "energy factor for the supply voltage"},
       {"n_instances", 1.0, false, "", "input ports driven by one row"},
       {"cycle_period", 10e-9, false, "s", "clock period"}},
      {"read"},
      "hwcomponents-library colonnade.py ColonnadeCimLogicInputPort (no area: counted in ColonnadeCimLogic)");
  return {i, [](const Arguments& args) {
            const double node = cim::tech_node(args);
            const NeuroSimPart adder = neurosim_adder(node, 1);
            const double sa = cim::non_negative(args, "switching_activity");
            // One row drives every port on it: n_instances ports switch with probability sa².
            const double factor = cim::non_negative(args, "n_instances") *
                                  cim::non_negative(args, "voltage_energy_scale") * sa * sa;
            constexpr double kWireCapacitance = 1e-15, kVoltage = 0.8;
            const double energy =
                adder.read_energy * factor + kWireCapacitance * kVoltage * kVoltage * factor;
            BuiltModel m{0.0, 0.0, {}};
            m.actions["read"] = per_access({energy, kUnlimited}, 1.0);
            return m;
          }};
}

ModelDefinition colonnade_register() {
  const ModelInfo i =
      cim::info("ColonnadeRegister", kColonnade, 0.8,
                {node_param("technology node (7 to 130 nm: NeuroSim's flip-flop)"),
                 {"width", 1.0, false, "bits", "bits per access"},
                 {"voltage_energy_scale", 1.0, false, "", "energy factor for the supply voltage"},
                 {"cycle_period", 10e-9, false, "s", "clock period (multiplies NeuroSim's leakage)"}},
                {"read", "write"},
                "hwcomponents-library colonnade.py ColonnadeRegister (a calibrated NeuroSim flip-flop)");
  return {i, [](const Arguments& args) {
            const double node = cim::tech_node(args);
            const double width = cim::positive(args, "width");
            const NeuroSimPart ff = neurosim_flip_flop(node, 1);
            Scales s;
            s.tech(node, 65e-9);
            BuiltModel m{
                ff.area * s.area * 1.3, ff.leak_watts * cim::positive(args, "cycle_period") * s.leak, {}};
            const double read =
                ff.read_energy * s.energy * cim::non_negative(args, "voltage_energy_scale") * 4.5;
            m.actions["read"] = per_access({read, kUnlimited}, width);
            // NeuroSim's flip-flop prints no write energy (its misc parts have read energy only).
            m.actions["write"] = per_access({0.0, kUnlimited}, width);
            return m;
          }};
}

}  // namespace

std::vector<ModelDefinition> cim_digital_models(const CactiGrid& grid) {
  // The SRAM models refer to `grid`, which outlives the registry that holds these.
  const Parts aladdin = std::make_shared<const std::vector<ModelDefinition>>(aladdin_models());
  const Parts srams = std::make_shared<const std::vector<ModelDefinition>>(sram_models(grid));
  return {isaac_shift_add(),
          isaac_edram(),
          isaac_edram_bus(),
          jia_shift_add(),
          jia_datapath(),
          jia_zero_comparator(aladdin),
          neurram_shift_add(),
          raella_offset_correct(aladdin, srams),
          raella_input_buffer(aladdin, srams),
          raella_flag_register(srams),
          colonnade_logic(),
          colonnade_input_port(),
          colonnade_register()};
}

}  // namespace af::components::models
