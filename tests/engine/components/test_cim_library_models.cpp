// The compute-in-memory parts of hwcomponents-library (engine/components/models/README.md,
// 'Compute-in-memory parts'): figures worked by hand from the package's formulas, figures its
// own code gives where the chain is long (the ladder DAC, Jia's zero comparator), the moves a
// figure must make when an attribute changes, and the errors.
#include <QtTest>
#include <cmath>
#include <string>

#include "components/models/registry.h"
#include "components/models/tech_scaling.h"

using namespace af::components::models;

namespace {

bool near(double got, double want, double rel = 1e-9) { return std::abs(got - want) <= rel * std::abs(want); }

struct Spec {
  Attributes a;
  Spec& num(const char* k, double v) {
    a[k] = Attribute{v, std::nullopt};
    return *this;
  }
  Spec& text(const char* k, const char* v) {
    a[k] = Attribute{std::string(v), std::nullopt};
    return *this;
  }
};

BuiltModel build(const char* cls, const Spec& s) { return builtin_registry().select(cls, s.a, {}).model; }

ActionCost act(const BuiltModel& m, const char* action, std::optional<double> bits = std::nullopt,
               const Attributes* arguments = nullptr) {
  return m.actions.at(action)(ActionCall{bits, arguments});
}

// The attribute a failed selection blames.
std::string blamed(const char* cls, const Spec& s) {
  try {
    (void)builtin_registry().select(cls, s.a, {});
  } catch (const ModelError& e) {
    return e.attribute();
  }
  return "(no error)";
}

}  // namespace

class TestCimLibraryModels : public QObject {
  Q_OBJECT

 private slots:
  void capacitor_by_hand() {
    // jia_jssc_2020's capacitor: C = 4.5 fF, V = 1.2 V, 65 nm.
    // read = C·V·V = 4.5e-15 · 1.44 = 6.48e-15 J.
    // Area: the density 2.3e-3 F/m² and border 1e-12 m² are scaled from 22 nm by the area
    // table called directly: index(22 nm) = 5 - 2/12 = 4.8333, index(65 nm) = 2;
    // factor = 3.3·(1/6) + 7.1·(5/6) = 6.46667. area = 4.5e-15 / (2.3e-3·6.46667) + 6.46667e-12
    // = 3.02550e-13 + 6.46667e-12 = 6.76922e-12 m².
    const BuiltModel m =
        build("Capacitor", Spec().num("capacitance", 4.5e-15).num("voltage", 1.2).num("tech_node", 65e-9));
    QVERIFY(near(act(m, "read").energy, 6.48e-15));
    QVERIFY(std::isinf(act(m, "read").throughput));
    QVERIFY(near(m.area, 6.7692215747796228e-12, 1e-12));
    QCOMPARE(m.leak_power, 0.0);

    // sinangil_jssc_2021's weighting capacitor: C = 2^4 fF with its own density 1.7e-3 F/m².
    // read = 16e-15 · 0.8² = 1.024e-14 J; area = 16e-15 / 1.7e-3 + 1e-12·f(22→22 nm).
    const BuiltModel s = build("Capacitor", Spec()
                                                .num("capacitance", 16e-15)
                                                .num("cap_per_m2", 1.7e-3)
                                                .num("voltage", 0.8)
                                                .num("tech_node", 22e-9));
    QVERIFY(near(act(s, "read").energy, 1.024e-14));
    QVERIFY(near(s.area, 16e-15 / 1.7e-3 + 1e-12 * tech_node_area(22e-9, 22e-9)));
  }

  void capacitor_energy_moves_with_capacitance_and_voltage() {
    const auto read = [](double c, double v) {
      return act(build("Capacitor", Spec().num("capacitance", c).num("voltage", v).num("tech_node", 22e-9)),
                 "read")
          .energy;
    };
    QVERIFY(near(read(2e-15, 0.8), 2 * read(1e-15, 0.8)));
    QVERIFY(near(read(1e-15, 1.6), 4 * read(1e-15, 0.8)));
  }

  void capacitor_switch_by_hand() {
    // switch over 7 levels in [0, 0.8 V] with weights 1,2,3,4,3,2,1 (mean level 3), cleared in
    // between: E = C·V·V·mean/6 = 2e-15 · 0.64 · 0.5 = 6.4e-16 J.
    const BuiltModel m =
        build("Capacitor", Spec().num("capacitance", 2e-15).num("voltage", 0.8).num("tech_node", 22e-9));
    Attributes args;
    args["value_probabilities"] = Attribute{std::string("[1, 2, 3, 4, 3, 2, 1]"), std::nullopt};
    QVERIFY(near(act(m, "switch", std::nullopt, &args).energy, 6.4e-16));
    // Not cleared, 3 equal levels: only rises draw energy: (1/9)·C·V²·(1/2 + 1 + 1/2) = 2.8444e-16.
    args["value_probabilities"] = Attribute{std::string("[1, 1, 1]"), std::nullopt};
    args["zero_between_values"] = Attribute{0.0, std::nullopt};
    QVERIFY(near(act(m, "switch", std::nullopt, &args).energy, 2.8444444444444449e-16));
  }

  void r2r_dac() {
    // wang_vlsi_2022's DAC at 4 bits, 0.8 V, R = 1 kΩ, 22 nm. Area by hand: two sides of
    // (4 NeuroSim flip-flops, 4 x 1.235942e-12 m², plus 2.35e-15 m²/Ω · 4 · 1000 Ω · 3) =
    // 2 · (4.943768e-12 + 2.82e-11) = 6.6287536e-11 m². Leak: 2 · 4 · 1.56332e-10 W · 1 ns.
    // The energy (ladder currents over the resized histogram for 1 ns, the controller and the
    // flip-flops' switching, both sides) is hwcomponents-library's own figure, 4.86896e-13 J.
    Spec s;
    s.num("resolution", 4).num("voltage", 0.8).num("unit_resistance", 1000).num("tech_node", 22e-9);
    s.text("hist", "[1, 2, 3, 4, 3, 2, 1]");
    const BuiltModel m = build("DualSidedR2RLadderDAC", s);
    QVERIFY(near(m.area, 6.6287536e-11, 1e-6));
    QVERIFY(near(m.leak_power, 2 * 4 * 1.56332e-10 * 1e-9, 1e-6));
    QVERIFY(near(act(m, "read").energy, 4.8689584128823779e-13, 1e-6));
    QVERIFY(near(act(m, "read").throughput, 1e9));
    // More bits: more area and energy (8 bits, 2 ns: the package gives 1.59776e-12 J).
    s.num("resolution", 8).num("cycle_period", 2e-9);
    const BuiltModel wide = build("DualSidedR2RLadderDAC", s);
    QVERIFY(near(act(wide, "read").energy, 1.5977640076110077e-12, 1e-6));
    QVERIFY(wide.area > m.area);
    // A loaded DAC holds longer than its cycle: 3 bits, R_load 10 kΩ, C_load 100 fF at 40 nm.
    Spec loaded;
    loaded.num("resolution", 3).num("voltage", 0.8).num("unit_resistance", 2000).num("tech_node", 40e-9);
    loaded.num("load_resistance", 1e4).num("load_capacitance", 1e-13);
    loaded.text("hist", "[1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1]");
    const BuiltModel l = build("DualSidedR2RDAC", loaded);
    QVERIFY(near(act(l, "read").energy, 1.5448270438206806e-12, 1e-6));
    QVERIFY(near(act(l, "read").throughput, 144269504.08889633, 1e-9));
    QVERIFY(near(l.area, 3.0479684533375717e-10, 1e-6));
  }

  void c2c_multiplier_by_hand() {
    // Port A: a unit and a double capacitor charged over a_hist (mean level 3 of 6), times
    // 1.67/resolution per bit, times resolution: (C + 2C)·V²·0.5·1.67 = 3·2e-15·0.32·1.67
    // = 3.2064e-15 J. Port B: (C + 2C)·a_rms·V·mean(p(1-p)) with a_rms = sqrt(E[i²])·V/6.
    Spec s;
    s.num("resolution", 8).num("voltage", 0.8).num("unit_capacitance", 2e-15).num("tech_node", 22e-9);
    s.text("a_hist", "[1, 2, 3, 4, 3, 2, 1]")
        .text("b_bit_distribution", "[0.5, 0.4, 0.3, 0.2, 0.5, 0.5, 0.1, 0.9]");
    const BuiltModel a = build("C2CMultiplier", s);
    QVERIFY(near(act(a, "read").energy, 3.2064e-15));
    const double e_i2 = (0 * 1 + 1 * 2 + 4 * 3 + 9 * 4 + 16 * 3 + 25 * 2 + 36 * 1) / 16.0;
    const double a_rms = std::sqrt(e_i2) * 0.8 / 6;
    const double lo2hi = (0.25 + 0.24 + 0.21 + 0.16 + 0.25 + 0.25 + 0.09 + 0.09) / 8;
    const double switch_b = 3 * 2e-15 * a_rms * 0.8 * lo2hi * 8;
    const BuiltModel b = build("C2CMultiplierPortB", s);
    QVERIFY(near(act(b, "read").energy, switch_b));
    QVERIFY(near(act(a, "switch_b").energy, switch_b));
    QCOMPARE(b.area, 0.0);  // counted in the C2CMultiplier
    QVERIFY(near(a.area, 3.81821872444297e-11, 1e-6));
  }

  void isaac_parts_by_hand() {
    // At ISAAC's own 32 nm and 256 x 2048: 20.45 pJ per 256-bit access, 1/(1 ns/36864/256)
    // accesses/s, 83000 µm².
    const BuiltModel e =
        build("IsaacEDRAM", Spec().num("tech_node", 32e-9).num("width", 256).num("depth", 2048));
    QVERIFY(near(act(e, "read", 256).energy, 20.45e-12));
    QVERIFY(near(act(e, "read", 256).throughput, 9437184e9));
    QVERIFY(near(e.area, 83000e-12));
    // An 8-bit access costs 8/256 of it.
    QVERIFY(near(act(e, "write", 8).energy, 20.45e-12 * 8 / 256));
    // Depth from size; energy as depth^0.78: 128-bit rows, 1024 deep at 22 nm.
    const BuiltModel e2 =
        build("IsaacEDRAM", Spec().num("tech_node", 22e-9).num("width", 128).num("size", 128 * 1024));
    QVERIFY(near(act(e2, "read", 8).energy, 1.66011067075799e-13, 1e-9));
    // ISAACShiftAdd (the arch's spelling) is IsaacShiftAdd: at 32 nm, width 8: 0.021 pJ · 8/16.
    const BuiltModel sa = build("ISAACShiftAdd", Spec().num("tech_node", 32e-9).num("width", 8));
    QVERIFY(near(act(sa, "shift_add").energy, 0.0105e-12));
    QVERIFY(near(act(sa, "read").throughput, 1.2e9));
    QVERIFY(std::isinf(act(sa, "write").throughput));
    QVERIFY(near(sa.area, 30e-12));
    // The eDRAM bus charges its transfer on read; write is free.
    const BuiltModel bus = build("IsaacEDRAMBus", Spec().num("tech_node", 22e-9).num("width", 256));
    QVERIFY(near(act(bus, "read", 256).energy, 6.1663877304480234e-12, 1e-9));
    QCOMPARE(act(bus, "write", 256).energy, 0.0);
  }

  void jia_parts_by_hand() {
    // JiaShiftAdd at its own 65 nm, 6 bits, 1.0 V: 2.25 pJ · 2^(6-8) · (1/1.2)² = 3.90625e-13 J;
    // 8 / 540 ns per second; area 5000 µm² · 1/4; leak 2.22 µW · 1/4 · (1/1.2)².
    const BuiltModel sa =
        build("JiaShiftAdd", Spec().num("tech_node", 65e-9).num("resolution", 6).num("voltage", 1.0));
    QVERIFY(near(act(sa, "read").energy, 3.90625e-13));
    QVERIFY(near(act(sa, "read").throughput, 8 / 540e-9));
    QVERIFY(near(sa.area, 1.25e-9));
    QVERIFY(near(sa.leak_power, 2.22e-6 * 0.25 / 1.44));
    // Datapath: 12 pJ · (0.9/1.2)², writes free.
    const BuiltModel dp =
        build("JiaDatapath", Spec().num("tech_node", 65e-9).num("voltage", 0.9).num("cycle_period", 1e-6));
    QVERIFY(near(act(dp, "read").energy, 6.75e-12));
    QVERIFY(near(act(dp, "read").throughput, 8e6));
    QCOMPARE(act(dp, "write").energy, 0.0);
    // Zero comparator: 64 Aladdin comparators of 8 bits, 512 flag flip-flops, a 64-input
    // NeuroSim adder tree, at 1.2 V; hwcomponents-library's own figures.
    const BuiltModel zc = build("JiaZeroComparator", Spec()
                                                         .num("n_comparators", 64)
                                                         .num("n_bits", 8)
                                                         .num("tech_node", 65e-9)
                                                         .num("voltage", 1.2)
                                                         .num("cycle_period", 1e-8));
    QVERIFY(near(act(zc, "read").energy, 7.0620105352971501e-14, 1e-6));
    QVERIFY(near(act(zc, "read").throughput, 55601809954.751137, 1e-9));
    QVERIFY(near(zc.area, 1.4450239141357466e-08, 1e-6));
    QVERIFY(near(zc.leak_power, 1.6189349506060852e-08, 1e-6));
  }

  void neurram_and_timely_by_hand() {
    // NeurramShiftAdd at 130 nm, 4 bits, 1.5 V: 0.1 pJ · 2^-4 · (1.5/1.8)² = 4.34028e-15 J;
    // leak 5 nW · (1.5/1.8)² (no resolution factor).
    const BuiltModel sa =
        build("NeurramShiftAdd", Spec().num("tech_node", 130e-9).num("resolution", 4).num("voltage", 1.5));
    QVERIFY(near(act(sa, "shift_and_add").energy, 0.1e-12 / 16 * 25 / 36));
    QVERIFY(near(sa.leak_power, 5e-9 * 25 / 36));
    // Integrator at 1.2 V: 0.25 pJ · (1.2/1.8)²; area 350 µm² · 4/9.
    const BuiltModel in =
        build("NeurramAnalogIntegrator", Spec().num("tech_node", 130e-9).num("voltage", 1.2));
    QVERIFY(near(act(in, "integrate").energy, 0.25e-12 * 4 / 9));
    QVERIFY(near(in.area, 350e-12 * 4 / 9));
    // ADC at its reference point: the table's figures.
    const BuiltModel adc = build("NeurramVariablePrecisionADC", Spec().num("tech_node", 130e-9));
    QVERIFY(near(act(adc, "convert").energy, 0.3e-12));
    QVERIFY(near(adc.leak_power, 1e-8));
    // Sample: width multiplies the area only.
    const BuiltModel s1 = build("NeurramAnalogSample", Spec().num("tech_node", 130e-9));
    const BuiltModel s4 = build("NeurramAnalogSample", Spec().num("tech_node", 130e-9).num("width", 4));
    QVERIFY(near(s4.area, 4 * s1.area));
    QVERIFY(near(act(s4, "read").energy, act(s1, "read").energy));
    // TIMELY's PSubBuf at 65 nm: 0.0023 pJ, one per 150 ns; 5 µm².
    const BuiltModel p = build("TimelyPSubBuf", Spec().num("tech_node", 65e-9));
    QVERIFY(near(act(p, "read").energy, 0.0023e-12));
    QVERIFY(near(act(p, "drive").throughput, 1 / 150e-9));
    QVERIFY(near(p.area, 5e-12));
  }

  void neurosim_shift_add_by_hand() {
    // At 22 nm: an 8-bit adder (7.124852e-17 + 8·1.063398e-15 J) and 8+16 flip-flops
    // (24·2.552136e-15 J) = 6.982969e-14 J; area 8·1.390435e-12 + 24·1.235942e-12 m².
    const BuiltModel m = build("ShiftAdd", Spec()
                                               .num("tech_node", 22e-9)
                                               .num("cycle_period", 1e-9)
                                               .num("n_bits", 8)
                                               .num("shift_register_n_bits", 16));
    QVERIFY(near(act(m, "read").energy, 7.124852e-17 + 8 * 1.063398e-15 + 24 * 2.552136e-15));
    QVERIFY(near(m.area, 8 * 1.390435e-12 + 24 * 1.235942e-12));
    // Between NeuroSim's nodes the figures are linear in the node (40 nm: 7/13 of the way
    // from 32 to 45 nm); the package gives 2.08557e-13 J.
    const BuiltModel mid = build("NeuroSimShiftAdd", Spec()
                                                         .num("tech_node", 40e-9)
                                                         .num("cycle_period", 1e-9)
                                                         .num("n_bits", 8)
                                                         .num("shift_register_n_bits", 16));
    QVERIFY(near(act(mid, "shift_add").energy, 2.0855693846153844e-13, 1e-6));
  }

  void colonnade_parts() {
    // Register at 65 nm (its reference: no node factor): a NeuroSim flip-flop, 1.948006e-14 J
    // · voltage_energy_scale 0.7 · 4.5 per `width` bits; write free; area 1.078896e-11 · 1.3.
    const BuiltModel r = build(
        "ColonnadeRegister", Spec().num("tech_node", 65e-9).num("width", 8).num("voltage_energy_scale", 0.7));
    QVERIFY(near(act(r, "read", 8).energy, 1.948006e-14 * 0.7 * 4.5));
    QVERIFY(near(act(r, "read", 16).energy, 2 * 1.948006e-14 * 0.7 * 4.5));
    QCOMPARE(act(r, "write", 8).energy, 0.0);
    QVERIFY(near(r.area, 1.078896e-11 * 1.3));
    // Logic: an 8-bit NeuroSim adder · 0.0285 · switching 0.3 · 0.8; the package: 4.69699e-16 J.
    const BuiltModel l = build("ColonnadeCimLogic", Spec()
                                                        .num("tech_node", 65e-9)
                                                        .num("width", 8)
                                                        .num("switching_activity", 0.3)
                                                        .num("voltage_energy_scale", 0.8));
    QVERIFY(near(act(l, "read").energy, 4.6969883279999989e-16, 1e-6));
    QVERIFY(near(l.area, 8.7390576000000004e-11, 1e-6));
    // Input port: no area; a 1-bit adder and a 1 fF wire at 0.8 V for each of 128 ports,
    // switching with 0.4², energy scale 0.7.
    const BuiltModel p = build("ColonnadeCimLogicInputPort", Spec()
                                                                 .num("tech_node", 65e-9)
                                                                 .num("switching_activity", 0.4)
                                                                 .num("n_instances", 128)
                                                                 .num("voltage_energy_scale", 0.7));
    const double factor = 128 * 0.7 * 0.16;
    QVERIFY(
        near(act(p, "read", 1).energy, (5.901025e-16 + 8.509916e-15) * factor + 1e-15 * 0.64 * factor, 1e-6));
    QCOMPARE(p.area, 0.0);
  }

  void raella_parts() {
    // Speculation reads the input buffer twice: the difference is one SmartBufferSRAM read of
    // an entry.
    const auto buffer = [](double speculation) {
      return build("RaellaInputBuffer", Spec()
                                            .num("tech_node", 22e-9)
                                            .num("entry_bits", 8)
                                            .num("size", 8192)
                                            .num("speculation_enabled", speculation));
    };
    const BuiltModel with = buffer(1), without = buffer(0);
    const BuiltModel sram = build("SmartBufferSRAM", Spec().num("tech_node", 22e-9).num("size", 8192));
    QVERIFY(near(act(with, "read", 8).energy - act(without, "read", 8).energy, act(sram, "read", 8).energy,
                 1e-9));
    QVERIFY(near(with.area, without.area));
    // The flag register costs nothing without speculation.
    const BuiltModel flags =
        build("RaellaFlagRegister",
              Spec().num("tech_node", 22e-9).num("n_flags", 128).text("speculation_enabled", "False"));
    QCOMPARE(act(flags, "read").energy, 0.0);
    const BuiltModel flags_on =
        build("RaellaFlagRegister",
              Spec().num("tech_node", 22e-9).num("n_flags", 128).text("speculation_enabled", "True"));
    QVERIFY(act(flags_on, "read").energy > 0);
    // The offset corrector: a 4-bit-entry read and a 4 x 8 multiply per 8-bit output.
    const BuiltModel oc = build("RaellaOutputCenterOffsetCorrect", Spec()
                                                                       .num("tech_node", 22e-9)
                                                                       .num("n_bits_per_output", 8)
                                                                       .num("cycle_period", 1e-9)
                                                                       .num("n_center_entries", 256));
    const BuiltModel buf = build("SmartBufferSRAM", Spec().num("tech_node", 22e-9).num("size", 1024));
    const BuiltModel mult =
        build("AladdinMultiplier", Spec().num("tech_node", 22e-9).num("width_a", 4).num("width_b", 8));
    QVERIFY(near(act(oc, "read", 8).energy, act(buf, "read", 4).energy + act(mult, "multiply").energy));
    QVERIFY(near(act(oc, "read", 16).energy, 2 * act(oc, "read", 8).energy));
  }

  void albireo_by_hand() {
    // TIA at 7 nm, moderate: 0.3125 pJ, one per 1 ns cycle, 2769 µm².
    const BuiltModel tia = build("AlbireoTIA", Spec().num("tech_node", 7e-9).text("scaling", "moderate"));
    QVERIFY(near(act(tia, "read").energy, 0.3125e-12));
    QVERIFY(near(act(tia, "read").throughput, 1e9));
    QVERIFY(near(tia.area, 2769e-12));
    // Laser, aggressive: 0.0614 mW always on; the double ring leaks twice the ring.
    QVERIFY(
        near(build("albireo_laser", Spec().num("tech_node", 7e-9).text("scaling", "aggressive")).leak_power,
             0.0614e-3));
    QVERIFY(
        near(build("AlbireoDoubleMicroRingResonator", Spec().num("tech_node", 7e-9)).leak_power, 2 * 3.1e-3));
    // Areas follow the area table from 7 nm.
    QVERIFY(near(build("AlbireoArrayedWaveguideGrating", Spec().num("tech_node", 22e-9)).area,
                 1108089e-12 * tech_node_area(22e-9, 7e-9)));
    // The DAC's energy moves with the projection.
    const auto dac = [](const char* p) {
      return act(build("AlbireoDAC", Spec().num("tech_node", 7e-9).text("scaling", p)), "read").energy;
    };
    QVERIFY(dac("conservative") > dac("moderate") && dac("moderate") > dac("aggressive"));
  }

  void errors_name_the_attribute() {
    QCOMPARE(blamed("Capacitor", Spec().num("tech_node", 22e-9)), std::string("capacitance"));
    QCOMPARE(blamed("AlbireoLaser", Spec().num("tech_node", 7e-9).text("scaling", "extreme")),
             std::string("scaling"));
    QCOMPARE(blamed("DualSidedR2RLadderDAC", Spec()
                                                 .num("resolution", 4)
                                                 .num("voltage", 0.8)
                                                 .num("unit_resistance", 1e3)
                                                 .num("tech_node", 22e-9)),
             std::string("hist"));
    Spec bad_hist;
    bad_hist.num("resolution", 4).num("voltage", 0.8).num("unit_resistance", 1e3).num("tech_node", 22e-9);
    bad_hist.text("hist", "[1, two, 3]");
    QCOMPARE(blamed("DualSidedR2RLadderDAC", bad_hist), std::string("hist"));
    // NeuroSim's parts stop at 7 nm.
    QCOMPARE(blamed("ShiftAdd", Spec()
                                    .num("tech_node", 5e-9)
                                    .num("cycle_period", 1e-9)
                                    .num("n_bits", 8)
                                    .num("shift_register_n_bits", 16)),
             std::string("tech_node"));
    QCOMPARE(blamed("IsaacEDRAM",
                    Spec().num("tech_node", 32e-9).num("width", 256).num("depth", 2048).num("size", 1024)),
             std::string("depth"));
    QCOMPARE(blamed("RaellaFlagRegister",
                    Spec().num("tech_node", 22e-9).num("n_flags", 8).text("speculation_enabled", "maybe")),
             std::string("speculation_enabled"));
  }
};

QTEST_GUILESS_MAIN(TestCimLibraryModels)
#include "test_cim_library_models.moc"
