// AccelForge's compute-in-memory notebooks print modeled figures; the one committed with its
// outputs (notebooks/compute_in_memory/neurram_nature_2022.ipynb, AccelForge 1c1929c2) is
// reproduced here on the corpus's neurram_nature_2022.yaml, opened as the notebook opens it
// (get_spec(..., add_dummy_main_memory=True): --cim-main-memory here). The notebook's figures
// are literals below; tests/compat/cim/README.md has the table of ours against theirs.
#include <QFile>
#include <QtTest>

#include "components/area.h"
#include "loader/load.h"
#include "mapper/mapper.h"
#include "support/shared_corpus.h"
#include "workspace/workspace.h"

using namespace af;

namespace {

std::string neurram_file() {
  return (test::examples_dir() / "arches" / "compute_in_memory" / "neurram_nature_2022.yaml").string();
}

std::string read_text(const std::string& path) {
  QFile f(QString::fromStdString(path));
  if (!f.open(QIODevice::ReadOnly)) return {};
  return f.readAll().toStdString();
}

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
};

QTEST_GUILESS_MAIN(TestCimNotebooks)
#include "test_cim_notebooks.moc"
