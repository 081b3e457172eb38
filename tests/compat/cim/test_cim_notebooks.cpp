// AccelForge's compute-in-memory notebooks print modeled figures; the one committed with its
// outputs (notebooks/compute_in_memory/neurram_nature_2022.ipynb, AccelForge 1c1929c2) is
// reproduced here on the corpus's neurram_nature_2022.yaml, opened as the notebook opens it
// (get_spec(..., add_dummy_main_memory=True): --cim-main-memory here). The notebook's figures
// are literals below; tests/compat/cim/README.md has the table of ours against theirs.
#include <QFile>
#include <QtTest>

#include "cim_corpus.h"
#include "components/area.h"
#include "loader/load.h"
#include "mapper/mapper.h"
#include "support/shared_corpus.h"
#include "workspace/workspace.h"

using namespace af;

namespace {

std::string neurram_file() { return test::cim::arch_file("neurram_nature_2022"); }
using test::cim::read_text;

// `text` with `from` replaced by `to` once; empty when `from` is missing (the corpus changed).
std::string replaced(const std::string& text, const std::string& from, const std::string& to) {
  const auto at = text.find(from);
  if (at == std::string::npos) return {};
  std::string out = text.substr(0, at);
  out += to;
  out += text.substr(at + from.size());
  return out;
}

// The notebook's _run_wan_tops: the input and output bits and one- or two-phase operation set
// in the spec, then mapped; TOPS (x48 macros) and TOPS/W per compute, 2 ops per MAC.
struct Figures {
  double tops = 0, tops_per_w = 0;
  std::string error;
};

Figures run(int output_bits, int input_bits, bool one_phase) {
  std::string text = read_text(neurram_file());
  text = replaced(text, "one_phase: False", one_phase ? "one_phase: True" : "one_phase: False");
  text = replaced(text, "{name: input, projection: [m, k], bits_per_value: 8}",
                  "{name: input, projection: [m, k], bits_per_value: " + std::to_string(input_bits) + "}");
  text = replaced(text, "output: True, bits_per_value: 8}",
                  "output: True, bits_per_value: " + std::to_string(output_bits) + "}");
  if (text.empty())
    return {.error = "the corpus's neurram_nature_2022.yaml no longer has the lines the notebook edits"};
  const loader::UnsavedTexts unsaved{{neurram_file(), text}};
  try {
    const spec::Spec s = loader::load_spec(
        {neurram_file()}, {}, loader::ArchBuildOptions{.cim = {.dummy_main_memory = true}}, &unsaved);
    const mapper::MapperResult r = mapper::map_workload(s, mapper::options_from_spec(s));
    if (!r.found) return {.error = r.failure};
    double macs = 1;
    for (const auto& [rv, bound] : s.workload.workload.einsums.front().rank_variable_bounds)
      macs *= static_cast<double>(bound);
    return {.tops = 2 * 48 / (r.evaluation->total_latency / macs) / 1e12,
            .tops_per_w = 2 / (r.evaluation->total_energy / macs) / 1e12};
  } catch (const core::SpecError& e) {
    return {.error = e.what()};
  }
}

// The notebook's _build_wan_dnn_spec: rows and columns (variables and fanouts) set to `size`,
// two-phase, the ENERGY metric, loop orders off. "max_utilization" is the arch's own Matmul at
// N = K = size with 8-bit inputs and 10-bit outputs; a DNN is the first ten Einsums of its file in
// workloads/compute_in_memory at BATCH_SIZE 1, with that file's renames (the notebook's bit edits
// match no tensor there: its tensors are I0, W0, T0, ...). Energy per MAC (per_compute), fJ, in
// the notebook's three groups.
struct GroupEnergies {
  double adc = 0, dac = 0, accumulation = 0;
  std::string error;
};

std::string array_sized(std::string text, int size) {
  for (const auto& [from, to] : {std::pair<std::string, std::string>{"array_rows: 256", "array_rows: "},
                                 {"array_cols: 256", "array_cols: "},
                                 {"fanout: 256", "fanout: "},
                                 {"fanout: 256", "fanout: "}})
    text = replaced(text, from, to + std::to_string(size));
  return replaced(text, "one_phase: False", "one_phase: 0");
}

GroupEnergies array_size_energies(const std::string& dnn, int size) {
  std::string arch = array_sized(read_text(neurram_file()), size);
  const std::string settings =
      "\nmapper:\n  metrics: energy\n  explore_loop_orders: false\n  explore_imperfect_spatial_loops: true\n";
  if (dnn == "max_utilization") {
    arch = replaced(arch, "    N: 128\n    K: 256",
                    "    N: " + std::to_string(size) + "\n    K: " + std::to_string(size));
    arch = replaced(arch, "output: True, bits_per_value: 8}", "output: True, bits_per_value: 10}");
  }
  if (arch.empty())
    return {.error = "the corpus's neurram_nature_2022.yaml no longer has the lines the notebook edits"};
  // The arch's own Matmul, or the DNN's first ten Einsums in its place.
  auto [files, unsaved] = dnn == "max_utilization" ? std::pair{std::vector<std::string>{neurram_file()},
                                                               loader::UnsavedTexts{{neurram_file(), arch}}}
                                                   : test::cim::with_dnn(neurram_file(), arch, dnn, 10);
  unsaved[neurram_file()] += settings;
  try {
    text::expr::Dict data;
    data.set("BATCH_SIZE", text::expr::Value(1.0));
    const spec::Spec s = loader::load_spec(
        files, data, loader::ArchBuildOptions{.cim = {.dummy_main_memory = true}}, &unsaved);
    const mapper::MapperResult r = mapper::map_workload(s, mapper::options_from_spec(s));
    if (!r.found) return {.error = r.failure};
    double macs = 0;
    for (const auto& e : s.workload.workload.einsums) {
      double m = 1;
      for (const auto& [rv, bound] : e.rank_variable_bounds) m *= static_cast<double>(bound);
      macs += m;
    }
    std::map<std::string, double> per_component;
    for (const auto& [key, joules] : r.evaluation->energy) per_component[key.component] += joules;
    for (const auto& [key, joules] : r.evaluation->leak_energy) per_component[key.second] += joules;
    const auto group = [&](std::initializer_list<const char*> names) {
      double sum = 0;
      for (const char* n : names) sum += per_component[n];
      return sum / macs * 1e15;
    };
    return {.adc = group({"ShiftAdd", "ADC", "Integrator", "Sample"}),
            .dac = group({"RowDrivers", "CimUnit"}),
            .accumulation = group({"WordlineDrivers", "WordlineCap"})};
  } catch (const core::SpecError& e) {
    return {.error = e.what()};
  }
}

}  // namespace

class TestCimNotebooks : public QObject {
  Q_OBJECT
 private slots:
  void initTestCase() { AF_REQUIRE_CORPUS(); }

  // "Area Breakdown" (Fig. 11f): the notebook's modeled areas per group, in um^2.
  void neurram_area_groups() {
    SpecInputs in;
    in.files = {neurram_file()};
    const Workspace ws = Workspace::load(in);
    QVERIFY2(ws.ok(), ws.diagnostics().empty() ? "" : ws.diagnostics().front().to_string().c_str());
    const components::AreaReport area = ws.area();
    const auto total = [&](std::initializer_list<const char*> names) {
      double sum = 0;
      for (const char* n : names)
        if (const auto it = area.per_component.find(n); it != area.per_component.end()) sum += it->second;
      return sum * 1e12;
    };
    const struct {
      const char* group;
      double ours, theirs;
    } rows[] = {{"Neurons", total({"ShiftAdd", "ADC", "Integrator", "Sample"}), 327680},
                {"Array drivers", total({"WordlineDrivers", "RowDrivers", "ColumnDrivers"}), 241044},
                {"RRAMs", total({"CimUnit"}), 139264}};
    for (const auto& r : rows)
      QVERIFY2(
          std::abs(r.ours / r.theirs - 1) < 0.01,
          qPrintable(QString("%1: ours %2 um^2, the notebook's %3").arg(r.group).arg(r.ours).arg(r.theirs)));
  }

  // "Energy Efficiency and Throughput" (Fig. 12c, d): the notebook's modeled TOPS/W and TOPS.
  void neurram_tops_data() {
    QTest::addColumn<int>("output_bits");
    QTest::addColumn<int>("input_bits");
    QTest::addColumn<bool>("one_phase");
    QTest::addColumn<double>("tops");
    QTest::addColumn<double>("tops_per_w");
    const struct {
      int o, i;
      bool one;
      double tops, tops_w;
    } rows[] = {{3, 1, true, 2.1400, 46.60},  {4, 2, true, 1.7772, 43.36},  {5, 3, true, 1.2053, 23.34},
                {6, 4, true, 0.7884, 15.34},  {7, 5, true, 0.4877, 10.98},  {8, 6, true, 0.2842, 8.00},
                {3, 1, false, 2.1400, 46.60}, {4, 2, false, 1.7772, 43.36}, {5, 3, false, 1.2053, 23.34},
                {6, 4, false, 0.7884, 15.34}, {7, 5, false, 0.5405, 11.11}, {8, 6, false, 0.4369, 8.94},
                {9, 7, false, 0.3542, 7.39},  {10, 8, false, 0.2774, 6.21}};
    for (const auto& r : rows)
      QTest::addRow("%d,%d %s", r.o, r.i, r.one ? "one-phase" : "two-phase")
          << r.o << r.i << r.one << r.tops << r.tops_w;
  }
  void neurram_tops() {
    QFETCH(int, output_bits);
    QFETCH(int, input_bits);
    QFETCH(bool, one_phase);
    QFETCH(double, tops);
    QFETCH(double, tops_per_w);
    const Figures f = run(output_bits, input_bits, one_phase);
    QVERIFY2(f.error.empty(), f.error.c_str());
    qInfo("TOPS/W ours %.2f, notebook %.2f; TOPS ours %.4g, notebook %.4g", f.tops_per_w, tops_per_w, f.tops,
          tops);
    QVERIFY2(std::abs(f.tops_per_w / tops_per_w - 1) < 0.01,
             qPrintable(QString("TOPS/W ours %1, the notebook's %2").arg(f.tops_per_w).arg(tops_per_w)));
    QVERIFY2(std::abs(f.tops / tops - 1) < 0.01,
             qPrintable(QString("TOPS ours %1, the notebook's %2").arg(f.tops).arg(tops)));
  }

  // "Energy vs. Array Size" (the notebook's DNN x array size table): fJ per MAC in its three
  // groups. Every cell within 2%, except resnet18's DAC group from 512 rows, where our mapper
  // finds mappings that drive fewer inputs than the notebook's (README: the deviation); those
  // are held to be no worse than the notebook's.
  void neurram_array_sizes_data() {
    QTest::addColumn<QString>("dnn");
    QTest::addColumn<int>("size");
    QTest::addColumn<double>("adc");
    QTest::addColumn<double>("dac");
    QTest::addColumn<double>("accumulation");
    const struct {
      const char* dnn;
      int size;
      double adc, dac, acc;
    } rows[] = {{"max_utilization", 64, 645.01, 155.91, 65.33},
                {"max_utilization", 128, 322.50, 124.48, 56.48},
                {"max_utilization", 256, 161.25, 108.66, 52.05},
                {"max_utilization", 512, 80.63, 100.71, 49.84},
                {"max_utilization", 1024, 40.31, 96.50, 48.73},
                {"max_utilization", 2048, 20.16, 93.75, 48.18},
                {"vision_transformer", 64, 593.95, 155.86, 65.27},
                {"vision_transformer", 128, 296.97, 124.46, 56.45},
                {"vision_transformer", 256, 148.49, 108.67, 52.04},
                {"vision_transformer", 512, 91.92, 100.79, 61.72},
                {"vision_transformer", 1024, 46.18, 112.60, 60.41},
                {"vision_transformer", 2048, 42.63, 109.47, 110.27},
                {"resnet18", 64, 615.52, 155.88, 67.64},
                {"resnet18", 128, 342.09, 124.48, 65.06},
                {"resnet18", 256, 197.57, 148.00, 68.85},
                {"resnet18", 512, 140.02, 191.46, 93.07},
                {"resnet18", 1024, 94.24, 298.86, 121.34},
                {"resnet18", 2048, 81.90, 425.59, 209.80},
                {"mobilenet_v3", 64, 1601.08, 673.61, 174.24},
                {"mobilenet_v3", 128, 1505.84, 841.12, 281.96},
                {"mobilenet_v3", 256, 1485.10, 1347.09, 510.29},
                {"mobilenet_v3", 512, 1470.28, 1845.02, 971.25},
                {"mobilenet_v3", 1024, 1462.88, 3171.14, 1891.27},
                {"mobilenet_v3", 2048, 1457.82, 4736.80, 3737.94}};
    for (const auto& r : rows)
      QTest::addRow("%s %d", r.dnn, r.size) << QString(r.dnn) << r.size << r.adc << r.dac << r.acc;
  }
  void neurram_array_sizes() {
    QFETCH(QString, dnn);
    QFETCH(int, size);
    QFETCH(double, adc);
    QFETCH(double, dac);
    QFETCH(double, accumulation);
    const GroupEnergies e = array_size_energies(dnn.toStdString(), size);
    QVERIFY2(e.error.empty(), e.error.c_str());
    qInfo(
        "fJ/MAC ours (notebook): ADC and output %.2f (%.2f), DAC and analog MAC %.2f (%.2f), accumulator "
        "%.2f (%.2f)",
        e.adc, adc, e.dac, dac, e.accumulation, accumulation);
    const auto within = [](double ours, double theirs, double tolerance) {
      return std::abs(ours / theirs - 1) <= tolerance;
    };
    const double tolerance = 0.02;
    QVERIFY2(within(e.adc, adc, tolerance),
             qPrintable(QString("ADC group ours %1, notebook %2").arg(e.adc).arg(adc)));
    QVERIFY2(
        within(e.accumulation, accumulation, tolerance),
        qPrintable(QString("accumulator group ours %1, notebook %2").arg(e.accumulation).arg(accumulation)));
    if (dnn == "resnet18" && size >= 512)
      QVERIFY2(e.dac < dac, qPrintable(QString("DAC group ours %1, notebook %2").arg(e.dac).arg(dac)));
    else
      QVERIFY2(within(e.dac, dac, tolerance),
               qPrintable(QString("DAC group ours %1, notebook %2").arg(e.dac).arg(dac)));
  }
};

QTEST_GUILESS_MAIN(TestCimNotebooks)
#include "test_cim_notebooks.moc"
