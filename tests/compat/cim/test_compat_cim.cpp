// AccelForge's nine compute-in-memory example arches (examples/arches/compute_in_memory/), each
// opened alone as AccelForge's CiM loader opens it: it validates without errors, every
// component is priced by a model, and its own workload maps fused and unfused.
#include <QElapsedTimer>
#include <QtTest>
#include <fstream>
#include <sstream>

#include "loader/load.h"
#include "mapper/mapper.h"
#include "support/shared_corpus.h"

using namespace af;
namespace fs = std::filesystem;

namespace {

const std::vector<std::string>& arches() {
  static const std::vector<std::string> names{
      "albireo_isca_2021",   "basic_analog",     "colonnade_jssc_2021", "isaac_isca_2016", "jia_jssc_2020",
      "neurram_nature_2022", "raella_isca_2023", "sinangil_jssc_2021",  "wang_vlsi_2022"};
  return names;
}

std::string arch_file(const std::string& name) {
  return (test::examples_dir() / "arches" / "compute_in_memory" / (name + ".yaml")).string();
}

// raella's ADC node gives `adc_resolution` (and the shared `resolution`) but not the `n_bits`
// the ADC model (hwcomponents-adc's class) requires, and no other model answers to "ADC": it
// cannot be priced as written, so it gets the error that names n_bits. (AccelForge's raella
// notebook is committed without outputs; the ADC reference README notes the same gap.)
bool lacks_adc_bits(const std::string& arch) { return arch == "raella_isca_2023"; }

// The arch as the notebooks pair it with a DNN: its own workload and renames left out (first
// key wins, so they would shadow the DNN's), the DNN's first ten Einsums at BATCH_SIZE 1.
std::pair<std::vector<std::string>, loader::UnsavedTexts> with_dnn(const std::string& arch,
                                                                   const std::string& dnn) {
  const std::string a = arch_file(arch);
  const std::string w = (test::examples_dir() / "workloads" / "compute_in_memory" / (dnn + ".yaml")).string();
  const auto read = [](const std::string& path) {
    std::ifstream in(path);
    std::stringstream s;
    s << in.rdbuf();
    return s.str();
  };
  std::string arch_text = read(a);
  if (const auto own = arch_text.find("\nworkload:\n"); own != std::string::npos) arch_text.resize(own + 1);
  std::string dnn_text = read(w);
  std::size_t at = 0;
  for (int i = 0; i <= 10 && at != std::string::npos; ++i) at = dnn_text.find("\n  - einsum:", at + 1);
  if (at != std::string::npos) dnn_text.resize(at + 1);  // the Einsums are the file's last list
  return {{a, w}, {{a, arch_text}, {w, dnn_text}}};
}

std::string messages(const std::vector<core::Diagnostic>& ds) {
  std::string out;
  for (const auto& d : ds) out += d.to_string() + "\n";
  return out;
}

}  // namespace

class TestCompatCim : public QObject {
  Q_OBJECT
 private slots:
  void initTestCase() { AF_REQUIRE_CORPUS(); }

  void every_arch_validates_data() {
    QTest::addColumn<std::string>("arch");
    for (const auto& a : arches()) QTest::newRow(a.c_str()) << a;
  }
  void every_arch_validates() {
    QFETCH(std::string, arch);
    try {
      const spec::Spec s =
          loader::load_spec({arch_file(arch)}, {}, loader::ArchBuildOptions{.costs_required = false});
      // Opened as AccelForge's CiM loader opens it, and saying so.
      QCOMPARE(s.mapper.explore_loop_orders, std::optional<bool>(false));
      QCOMPARE(s.mapper.explore_imperfect_spatial_loops, std::optional<bool>(true));
      for (const auto& w : s.warnings) {
        const bool expected =
            w.message.find("compute-in-memory arch") != std::string::npos ||
            w.message.find("constrains nothing") != std::string::npos ||
            (lacks_adc_bits(arch) && w.message.find("needs the attribute 'n_bits'") != std::string::npos);
        QVERIFY2(expected, qPrintable(QString::fromStdString(arch + ": " + w.to_string())));
      }
    } catch (const core::SpecError& e) {
      QFAIL(qPrintable(QString::fromStdString(arch + ":\n" + messages(e.diagnostics()))));
    }
  }

  void every_arch_maps_data() {
    QTest::addColumn<std::string>("arch");
    QTest::addColumn<bool>("unfused");
    for (const auto& a : arches()) {
      QTest::newRow((a + " fused").c_str()) << a << false;
      QTest::newRow((a + " unfused").c_str()) << a << true;
    }
  }
  void every_arch_maps() {
    QFETCH(std::string, arch);
    QFETCH(bool, unfused);
    if (lacks_adc_bits(arch)) {
      try {
        (void)loader::load_spec({arch_file(arch)}, {},
                                loader::ArchBuildOptions{.cim = {.dummy_main_memory = true}});
        QFAIL("raella's ADC has no n_bits, yet it was priced");
      } catch (const core::SpecError& e) {
        const std::string m = messages(e.diagnostics());
        QVERIFY2(
            m.find("n_bits") != std::string::npos && m.find("raella_isca_2023.yaml:") != std::string::npos,
            m.c_str());
      }
      return;
    }
    try {
      // As AccelForge's notebooks map them: with a free main memory on top to hold the
      // workload's inputs and outputs (get_spec(..., add_dummy_main_memory=True)).
      const spec::Spec s = loader::load_spec({arch_file(arch)}, {},
                                             loader::ArchBuildOptions{.cim = {.dummy_main_memory = true}});
      mapper::MapperOptions o = mapper::options_from_spec(s);
      o.unfused = unfused;
      QElapsedTimer timer;
      timer.start();
      const mapper::MapperResult r = mapper::map_workload(s, o);
      QVERIFY2(r.found, qPrintable(QString::fromStdString(arch + ": " + r.failure)));
      QVERIFY(r.evaluation && r.evaluation->total_energy > 0 && r.evaluation->total_latency > 0);
      qInfo("%s %s: %.3g J, %.3g s, mapped in %lld ms", arch.c_str(), unfused ? "unfused" : "fused",
            r.evaluation->total_energy, r.evaluation->total_latency, static_cast<long long>(timer.elapsed()));
    } catch (const core::SpecError& e) {
      QFAIL(qPrintable(QString::fromStdString(arch + ":\n" + messages(e.diagnostics()))));
    }
  }

  // A DNN the notebooks map it with (resnet18's first ten layers, as the NeuRRAM notebook's
  // array-size study takes them), fused and unfused. raella cannot be priced.
  void maps_a_notebook_dnn_data() {
    QTest::addColumn<std::string>("arch");
    QTest::addColumn<bool>("unfused");
    for (const auto& a : arches()) {
      if (lacks_adc_bits(a)) continue;
      QTest::newRow((a + " resnet18 fused").c_str()) << a << false;
      QTest::newRow((a + " resnet18 unfused").c_str()) << a << true;
    }
  }
  void maps_a_notebook_dnn() {
    QFETCH(std::string, arch);
    QFETCH(bool, unfused);
    const auto [files, unsaved] = with_dnn(arch, "resnet18");
    text::expr::Dict data;
    data.set("BATCH_SIZE", text::expr::Value(1.0));
    try {
      const spec::Spec s = loader::load_spec(
          files, data, loader::ArchBuildOptions{.cim = {.dummy_main_memory = true}}, &unsaved);
      QCOMPARE(s.workload.workload.einsums.size(), std::size_t{10});
      mapper::MapperOptions o = mapper::options_from_spec(s);
      o.unfused = unfused;
      QElapsedTimer timer;
      timer.start();
      const mapper::MapperResult r = mapper::map_workload(s, o);
      QVERIFY2(r.found, qPrintable(QString::fromStdString(arch + ": " + r.failure)));
      qInfo("%s resnet18 %s: %.3g J, %.3g s, mapped in %lld ms", arch.c_str(), unfused ? "unfused" : "fused",
            r.evaluation->total_energy, r.evaluation->total_latency, static_cast<long long>(timer.elapsed()));
    } catch (const core::SpecError& e) {
      QFAIL(qPrintable(QString::fromStdString(arch + ":\n" + messages(e.diagnostics()))));
    }
  }
};

QTEST_GUILESS_MAIN(TestCompatCim)
#include "test_compat_cim.moc"
