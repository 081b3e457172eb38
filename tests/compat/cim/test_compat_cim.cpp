// AccelForge's nine compute-in-memory example arches (examples/arches/compute_in_memory/), each
// opened alone as AccelForge's CiM loader opens it: it validates without errors, every
// component is priced by a model, and its own workload and the DNNs the notebooks pair it with
// map fused and unfused.
#include <QElapsedTimer>
#include <QtTest>

#include "cim_corpus.h"
#include "loader/load.h"
#include "mapper/mapper.h"
#include "support/shared_corpus.h"

using namespace af;

namespace {

const std::vector<std::string>& arches() {
  static const std::vector<std::string> names{
      "albireo_isca_2021",   "basic_analog",     "colonnade_jssc_2021", "isaac_isca_2016", "jia_jssc_2020",
      "neurram_nature_2022", "raella_isca_2023", "sinangil_jssc_2021",  "wang_vlsi_2022"};
  return names;
}

using test::cim::arch_file;

// raella's ADC node gives `adc_resolution` (and the shared `resolution`) but not the `n_bits`
// the ADC model (hwcomponents-adc's class) requires, and no other model answers to "ADC": it
// cannot be priced as written, so it gets the error that names n_bits. (AccelForge's raella
// notebook is committed without outputs; the ADC reference README notes the same gap.)
bool lacks_adc_bits(const std::string& arch) { return arch == "raella_isca_2023"; }

std::string messages(const std::vector<core::Diagnostic>& ds) {
  std::string out;
  for (const auto& d : ds) out += d.to_string() + "\n";
  return out;
}

// Maps `s` as the notebooks do (the loader's CiM settings, `unfused` or not) and says how it went.
void maps(const spec::Spec& s, const std::string& what, bool unfused) {
  mapper::MapperOptions o = mapper::options_from_spec(s);
  o.unfused = unfused;
  QElapsedTimer timer;
  timer.start();
  const mapper::MapperResult r = mapper::map_workload(s, o);
  QVERIFY2(r.found, qPrintable(QString::fromStdString(what + ": " + r.failure)));
  QVERIFY(r.evaluation && r.evaluation->total_energy > 0 && r.evaluation->total_latency > 0);
  qInfo("%s %s: %.3g J, %.3g s, mapped in %lld ms", what.c_str(), unfused ? "unfused" : "fused",
        r.evaluation->total_energy, r.evaluation->total_latency, static_cast<long long>(timer.elapsed()));
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
      maps(loader::load_spec({arch_file(arch)}, {},
                             loader::ArchBuildOptions{.cim = {.dummy_main_memory = true}}),
           arch, unfused);
    } catch (const core::SpecError& e) {
      QFAIL(qPrintable(QString::fromStdString(arch + ":\n" + messages(e.diagnostics()))));
    }
  }

  // The DNNs the notebooks map them with: resnet18 whole at BATCH_SIZE 1 (albireo's and wang's
  // notebooks; NeuRRAM's array-size study takes its first ten layers) on every arch, and
  // alexnet at BATCH_SIZE 64 on isaac, as its notebook pairs them. Fused and unfused; raella
  // cannot be priced.
  void maps_a_notebook_dnn_data() {
    QTest::addColumn<std::string>("arch");
    QTest::addColumn<std::string>("dnn");
    QTest::addColumn<double>("batch");
    QTest::addColumn<bool>("unfused");
    for (const bool unfused : {false, true}) {
      const char* how = unfused ? " unfused" : " fused";
      for (const auto& a : arches())
        if (!lacks_adc_bits(a))
          QTest::newRow((a + " resnet18" + how).c_str()) << a << std::string("resnet18") << 1.0 << unfused;
      QTest::newRow((std::string("isaac_isca_2016 alexnet x64") + how).c_str())
          << std::string("isaac_isca_2016") << std::string("alexnet") << 64.0 << unfused;
    }
  }
  void maps_a_notebook_dnn() {
    QFETCH(std::string, arch);
    QFETCH(std::string, dnn);
    QFETCH(double, batch);
    QFETCH(bool, unfused);
    const auto [files, unsaved] =
        test::cim::with_dnn(arch_file(arch), test::cim::read_text(arch_file(arch)), dnn, 0);
    text::expr::Dict data;
    data.set("BATCH_SIZE", text::expr::Value(batch));
    try {
      const spec::Spec s = loader::load_spec(
          files, data, loader::ArchBuildOptions{.cim = {.dummy_main_memory = true}}, &unsaved);
      QVERIFY(s.workload.workload.einsums.size() >= 8);  // alexnet's 8, resnet18's 21
      maps(s, arch + " " + dnn, unfused);
    } catch (const core::SpecError& e) {
      QFAIL(qPrintable(QString::fromStdString(arch + ":\n" + messages(e.diagnostics()))));
    }
  }
};

QTEST_GUILESS_MAIN(TestCompatCim)
#include "test_compat_cim.moc"
