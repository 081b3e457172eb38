// The one-mapping model end to end through the real frontend (YAML + Jinja + model) on
// AccelForge's reference files: the worked examples (two-level matmul, fanout, fused chain), every
// example mapping onto `simple`, and the mapping the model must reject.
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QtTest>
#include <cmath>
#include <fstream>
#include <map>
#include <optional>
#include <set>
#include <sstream>

#include "../../cli/cli_runner.h"
#include "../spec/reference_corpus.h"
#include "model/evaluate.h"
#include "support/load_spec.h"

using af::model::ActionKey;
using af::model::Evaluation;
namespace fs = std::filesystem;

namespace {

std::string reference_file(const std::string& relative) {
  return (af::test::reference_dir() / relative).string();
}
std::string example(const std::string& relative) { return reference_file("examples/" + relative); }
const std::string kSimple = example("arches/simple.yaml");
const std::string kMatmuls = example("workloads/basic/matmuls.yaml");
const std::string kMatvecs = example("workloads/basic/matvecs.yaml");

std::string read_text(const std::string& path) {
  std::ifstream in(path);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

std::string write_file(const QTemporaryDir& dir, const std::string& name, const std::string& text) {
  const std::string path = dir.filePath(QString::fromStdString(name)).toStdString();
  std::ofstream(path) << text;
  return path;
}

af::spec::Spec load(const std::vector<std::string>& files, const std::vector<std::string>& sets) {
  return af::test::load_spec(files, sets);
}

// Load + evaluate; on failure `error` says why (Qt Test macros cannot leave a non-void helper).
std::optional<Evaluation> evaluate_files(const std::vector<std::string>& files,
                                         const std::vector<std::string>& sets, QString& error) {
  try {
    const auto spec = load(files, sets);
    if (!spec.mapping) {
      error = "the spec has no mapping";
      return std::nullopt;
    }
    return af::model::evaluate(spec.resolved(), *spec.mapping);
  } catch (const std::exception& e) {
    error = QString::fromUtf8(e.what());
    return std::nullopt;
  }
}

double action(const Evaluation& ev, const std::string& einsum, const std::string& component,
              const std::string& tensor, const std::string& act) {
  const auto it = ev.actions.find(ActionKey{einsum, component, tensor, act});
  return it == ev.actions.end() ? 0.0 : it->second;
}

// Energy of one tensor in one component, summed over Einsums and actions.
double tensor_energy(const Evaluation& ev, const std::string& component, const std::string& tensor) {
  double sum = 0;
  for (const auto& [k, e] : ev.energy)
    if (k.component == component && k.tensor == tensor) sum += e;
  return sum;
}

bool close(double a, double b, double rel = 1e-9) {
  return a == b || std::abs(a - b) <= rel * std::max(std::abs(a), std::abs(b));
}

QString key_string(const ActionKey& k) {
  return QString("(%1, %2, %3, %4)")
      .arg(k.einsum.c_str(), k.component.c_str(), k.tensor.empty() ? "None" : k.tensor.c_str(),
           k.action.c_str());
}

// Totals are the sums of their breakdowns; with every action energy 1 (simple.yaml) each
// energy entry also equals its action count.
QStringList check_totals(const Evaluation& ev, bool unit_energies) {
  QStringList bad;
  auto expect = [&](double got, double want, const QString& what) {
    if (!close(got, want))
      bad << QString("%1: %2 vs %3").arg(what).arg(got, 0, 'g', 17).arg(want, 0, 'g', 17);
  };
  double dynamic = 0, leak = 0, einsum_energy = 0, einsum_latency = 0;
  std::map<std::string, double> per_einsum;
  for (const auto& [k, e] : ev.energy) {
    dynamic += e;
    per_einsum[k.einsum] += e;
    if (unit_energies)
      expect(e, action(ev, k.einsum, k.component, k.tensor, k.action), "energy " + key_string(k));
  }
  for (const auto& [ec, e] : ev.leak_energy) {
    leak += e;
    per_einsum[ec.first] += e;
  }
  for (const auto& [einsum, e] : ev.einsum_energy) {
    einsum_energy += e;
    expect(e, per_einsum[einsum], QString("energy of %1").arg(einsum.c_str()));
  }
  for (const auto& [einsum, l] : ev.einsum_latency) {
    einsum_latency += l;
    double slowest = 0;  // Einsum latency = max over its components
    for (const auto& [ec, cl] : ev.component_latency)
      if (ec.first == einsum) slowest = std::max(slowest, cl);
    expect(l, slowest, QString("latency of %1").arg(einsum.c_str()));
  }
  expect(ev.dynamic_energy, dynamic, "dynamic energy");
  expect(ev.leak_energy_total, leak, "leak energy");
  expect(ev.total_energy, dynamic + leak, "total energy");
  expect(ev.total_energy, einsum_energy, "total energy vs Einsums");
  expect(ev.total_latency, einsum_latency, "total latency");
  return bad;
}

// "('Matmul0', 'MainMemory', 'T0', 'read')" -> parts; the compute tensor, written 'None' (the
// harness str()-ed it), is our empty tensor.
std::vector<std::string> key_parts(const std::string& key) {
  std::vector<std::string> out;
  static const QRegularExpression part(R"('([^']*)'|None)");
  for (auto it = part.globalMatch(QString::fromStdString(key)); it.hasNext();) {
    const QString p = it.next().captured(1);
    out.push_back(p == "None" ? std::string() : p.toStdString());
  }
  return out;
}

// Worked example A's optimum (worked_example_a below): every tensor only in MainMemory, one loop per rank variable.
constexpr const char* kExampleAMapping = R"(mapping:
  nodes:
  - !Storage {tensors: [T0, T1, T2, W0, W1], component: MainMemory}
  - !Sequential
    nodes:
    - !Nested {nodes: [!Temporal {rank_variable: m, tile_shape: 1},
                       !Temporal {rank_variable: n0, tile_shape: 1},
                       !Temporal {rank_variable: n1, tile_shape: 1},
                       !Compute {einsum: Matmul0, component: MAC}]}
    - !Nested {nodes: [!Temporal {rank_variable: m, tile_shape: 1},
                       !Temporal {rank_variable: n1, tile_shape: 1},
                       !Temporal {rank_variable: n2, tile_shape: 1},
                       !Compute {einsum: Matmul1, component: MAC}]}
)";

// Worked example C (worked_example_c below): m split 4 ways over GlobalBufferArray's X, 16 rows per instance.
constexpr const char* kExampleCMapping = R"(mapping:
  nodes:
  - !Storage {tensors: [T0, W0, T1], component: MainMemory}
  - !Spatial {rank_variable: m, tile_shape: 16, name: X, component: GlobalBufferArray}
  - !Storage {tensors: [T0, W0, T1], component: GlobalBuffer}
  - !Temporal {rank_variable: m, tile_shape: 1}
  - !Temporal {rank_variable: n0, tile_shape: 1}
  - !Temporal {rank_variable: n1, tile_shape: 1}
  - !Compute {einsum: Matmul0, component: MAC}
)";

// One example mapping onto `simple`, with figures derived by hand from the file.
struct ToSimpleCase {
  std::string name;      // row name
  std::string mapping;   // file under examples/mappings
  std::string workload;  // path
  std::vector<std::string> sets;
  std::map<std::string, double> ops;                   // Einsum -> Π rank bounds
  std::vector<std::pair<ActionKey, double>> expected;  // hand-derived counts (bits)
  std::vector<std::string> fused;                      // must never reach MainMemory
};

ActionKey mm(const std::string& einsum, const std::string& tensor, const std::string& act) {
  return ActionKey{einsum, "MainMemory", tensor, act};
}

// Matmuls at M = KN = 64, 8 bits: every Einsum does 64³ = 262144 MACs; a whole tensor is
// 64·64 = 4096 values = 32768 bits. Matvecs: na = 4, ny = 3, nz = 4, 8 bits; Y and Z each do
// 12 MACs; A = 4 values, B = C = 12 values, Y = 3, Z = 4.
std::vector<ToSimpleCase> to_simple_cases() {
  const std::vector<std::string> mm1{"N_EINSUMS=1", "M=64", "KN=64"};
  const std::vector<std::string> mm2{"N_EINSUMS=2", "M=64", "KN=64"};
  constexpr double kFull = 4096 * 8;
  return {
      // [MM T0][MM T1][MM W0][GB T0,W0,T1] m n0 n1 MAC: GB sits above every loop, so each
      // tensor crosses MainMemory<->GB exactly once. T1's first read is elided (MM and MAC
      // skip_initial_output_write default True) -> net MM read 0.
      {"unfused_matmuls N=1",
       "unfused_matmuls_to_simple.yaml",
       kMatmuls,
       mm1,
       {{"Matmul0", 262144}},
       {{mm("Matmul0", "T0", "read"), kFull},
        {mm("Matmul0", "W0", "read"), kFull},
        {mm("Matmul0", "T1", "write"), kFull},
        {mm("Matmul0", "T1", "read"), 0},
        {mm("Matmul0", "T0", "write"), 0},
        {mm("Matmul0", "W0", "write"), 0}},
       {}},
      // Same per Einsum; Matmul1 reads T1 back from MainMemory once (it is its input).
      {"unfused_matmuls N=2",
       "unfused_matmuls_to_simple.yaml",
       kMatmuls,
       mm2,
       {{"Matmul0", 262144}, {"Matmul1", 262144}},
       {{mm("Matmul0", "T0", "read"), kFull},
        {mm("Matmul0", "W0", "read"), kFull},
        {mm("Matmul0", "T1", "write"), kFull},
        {mm("Matmul0", "T1", "read"), 0},
        {mm("Matmul1", "T1", "read"), kFull},
        {mm("Matmul1", "W1", "read"), kFull},
        {mm("Matmul1", "T2", "write"), kFull},
        {mm("Matmul1", "T2", "read"), 0},
        {mm("Matmul1", "T1", "write"), 0}},
       {}},
      // [MM T0,T1,W0][GB W0] m [GB T0,T1][GB T0,T1] n0 n1 MAC (the N=1 branch lists GB T0,T1
      // twice). W0 is filled once above m; T0/T1 rows (64 values) are filled per m step:
      // 64·64 values again; T1's first reads are elided through the relevant m loop.
      {"fused_matmuls N=1",
       "fused_matmuls_to_simple.yaml",
       kMatmuls,
       mm1,
       {{"Matmul0", 262144}},
       {{mm("Matmul0", "T0", "read"), kFull},
        {mm("Matmul0", "W0", "read"), kFull},
        {mm("Matmul0", "T1", "write"), kFull},
        {mm("Matmul0", "T1", "read"), 0}},
       {}},
      // [MM T0,T2,W0,W1][GB W0,W1] m [GB T0,T2][GB T1] Seq{n0 n1 MAC0 ; n1 n2 MAC1}: weights
      // once above m, T0/T2 one row per m step (whole tensor in total), T1 lives only in GB.
      {"fused_matmuls N=2",
       "fused_matmuls_to_simple.yaml",
       kMatmuls,
       mm2,
       {{"Matmul0", 262144}, {"Matmul1", 262144}},
       {{mm("Matmul0", "T0", "read"), kFull},
        {mm("Matmul0", "W0", "read"), kFull},
        {mm("Matmul1", "W1", "read"), kFull},
        {mm("Matmul1", "T2", "write"), kFull},
        {mm("Matmul1", "T2", "read"), 0}},
       {"T1"}},
      // [MM A,B,C,Y,Z] Seq{[GB A,B] ny [GB Y] na MAC ; [GB C,Z] ny [GB Y] nz MAC}:
      // Y: B (12) and A (4) once; Y one value per ny step -> 3 writes, first reads elided.
      // Z: C once (12); Y read per ny step (3 values); Z above every loop -> 4 writes, reads elided.
      {"unfused_matvecs",
       "unfused_matvecs_to_simple.yaml",
       kMatvecs,
       {},
       {{"Y", 12}, {"Z", 12}},
       {{mm("Y", "B", "read"), 96},
        {mm("Y", "A", "read"), 32},
        {mm("Y", "Y", "write"), 24},
        {mm("Y", "Y", "read"), 0},
        {mm("Z", "C", "read"), 96},
        {mm("Z", "Y", "read"), 24},
        {mm("Z", "Z", "write"), 32},
        {mm("Z", "Z", "read"), 0}},
       {}},
      // [MM A,B,C,Y,Z] ny [GB Y] Seq{[GB A,B] na MAC ; [GB C,Z] nz MAC}: Y is still backed in
      // MainMemory. Y: B one column (4) per ny step = 12; A (4) refetched per ny (irrelevant) = 12;
      // Y 1 value per ny = 3 writes. Z: C one row (4) per ny = 12; Y 3 reads; Z (4 values)
      // written back per ny step (ny irrelevant to Z) = 12 writes, and read back 12 − 4 times
      // (only the 4 first reads are elided: the skip count does not grow through ny).
      {"fused_matvecs_tiled",
       "fused_matvecs_to_simple_tiled.yaml",
       kMatvecs,
       {},
       {{"Y", 12}, {"Z", 12}},
       {{mm("Y", "B", "read"), 96},
        {mm("Y", "A", "read"), 96},
        {mm("Y", "Y", "write"), 24},
        {mm("Y", "Y", "read"), 0},
        {mm("Z", "C", "read"), 96},
        {mm("Z", "Y", "read"), 24},
        {mm("Z", "Z", "write"), 96},
        {mm("Z", "Z", "read"), 64}},
       {}},
      // [MM A,B,C,Z][GB A] ny [GB Y] Seq{[GB B] na MAC ; [GB C,Z] nz MAC}: A kept above ny ->
      // read once (4); B 12; Y fused (GB only); Z as in the tiled case.
      {"fused_matvecs_tiled_reuse_A",
       "fused_matvecs_to_simple_tiled_reuse_A.yaml",
       kMatvecs,
       {},
       {{"Y", 12}, {"Z", 12}},
       {{mm("Y", "B", "read"), 96},
        {mm("Y", "A", "read"), 32},
        {mm("Z", "C", "read"), 96},
        {mm("Z", "Z", "write"), 96},
        {mm("Z", "Z", "read"), 64}},
       {"Y"}},
      // [MM A,B,C,Z][GB Y] Seq{[GB A,B] ny na MAC ; [GB C,Z] ny nz MAC}: every GB above the
      // loops -> each tensor crosses once; Y fused; Z written once (4), first reads elided.
      {"fused_matvecs_untiled",
       "fused_matvecs_to_simple_untiled.yaml",
       kMatvecs,
       {},
       {{"Y", 12}, {"Z", 12}},
       {{mm("Y", "B", "read"), 96},
        {mm("Y", "A", "read"), 32},
        {mm("Z", "C", "read"), 96},
        {mm("Z", "Z", "write"), 32},
        {mm("Z", "Z", "read"), 0}},
       {"Y"}},
  };
}

}  // namespace

class TestCompatModel : public QObject {
  Q_OBJECT

 private slots:
  void initTestCase() { AF_REQUIRE_CORPUS(); }

  // Worked example B: examples/mappings/unfused_matmuls_to_simple.yaml, N_EINSUMS=1, M=64,
  // KN=32.
  void worked_example_b() {
    QString error;
    const auto ev = evaluate_files({kSimple, kMatmuls, example("mappings/unfused_matmuls_to_simple.yaml")},
                                   {"N_EINSUMS=1", "M=64", "KN=32"}, error);
    QVERIFY2(ev, qPrintable(error));
    QCOMPARE(action(*ev, "Matmul0", "MainMemory", "T0", "read"), 16384.0);  // M·KN·8
    QCOMPARE(action(*ev, "Matmul0", "MainMemory", "T1", "write"), 16384.0);
    QCOMPARE(action(*ev, "Matmul0", "MainMemory", "T1", "read"), 0.0);     // first reads elided
    QCOMPARE(action(*ev, "Matmul0", "MainMemory", "W0", "read"), 8192.0);  // KN²·8
    // AccelForge's test_one_matmul: energy per (component, tensor).
    QCOMPARE(tensor_energy(*ev, "MainMemory", "T0"), 64.0 * 32 * 8);
    QCOMPARE(tensor_energy(*ev, "MainMemory", "T1"), 64.0 * 32 * 8);
    QCOMPARE(tensor_energy(*ev, "MainMemory", "W0"), 32.0 * 32 * 8);
    QCOMPARE(action(*ev, "Matmul0", "GlobalBuffer", "T1", "write"), 524288.0);
    QCOMPARE(action(*ev, "Matmul0", "GlobalBuffer", "T1", "read"), 524288.0);
    // T0 16384 + W0 8192 + T1 lowered through m to one row: 256.
    QCOMPARE(ev->memory_usage.at({"Matmul0", "GlobalBuffer"}).used_bits, 24832.0);
    QCOMPARE(ev->occupancy.at({"Matmul0", "GlobalBuffer", "T1"}), 256.0);
    QCOMPARE(action(*ev, "Matmul0", "MAC", "", "compute"), 65536.0);
    QCOMPARE(ev->compute_ops.at("Matmul0"), 65536.0);
    QCOMPARE(ev->component_latency.at({"Matmul0", "MAC"}), 65536.0);
    QCOMPARE(ev->total_latency, 65536.0);
    const auto bad = check_totals(*ev, true);
    QVERIFY2(bad.isEmpty(), qPrintable(bad.join('\n')));
  }

  // Same with MainMemory.skip_initial_output_write: False -> MM's first reads of T1 are no
  // longer elided: T1 reads go 0 -> M·KN·8, so MainMemory's T1 energy (read + write) doubles
  // to 2·M·KN·8 (that is the figure AccelForge's test checks; the read alone is M·KN·8).
  void worked_example_b_no_skip() {
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    std::string arch = read_text(kSimple);
    const std::string anchor = "    name: MainMemory\n";
    const auto at = arch.find(anchor);
    QVERIFY(at != std::string::npos);
    arch.insert(at + anchor.size(), "    skip_initial_output_write: False\n");
    const auto arch_file = write_file(dir, "simple_no_skip.yaml", arch);
    QString error;
    const auto ev = evaluate_files({arch_file, kMatmuls, example("mappings/unfused_matmuls_to_simple.yaml")},
                                   {"N_EINSUMS=1", "M=64", "KN=32"}, error);
    QVERIFY2(ev, qPrintable(error));
    QCOMPARE(action(*ev, "Matmul0", "MainMemory", "T1", "read"), 16384.0);  // was 0
    QCOMPARE(action(*ev, "Matmul0", "MainMemory", "T1", "write"), 16384.0);
    QCOMPARE(action(*ev, "Matmul0", "MainMemory", "T0", "read"), 16384.0);
    // What AccelForge's test_skip_initial_output_write_false asserts: energies per tensor.
    QCOMPARE(tensor_energy(*ev, "MainMemory", "T1"), 2.0 * 64 * 32 * 8);  // fill read + write-back
    QCOMPARE(tensor_energy(*ev, "MainMemory", "T0"), 64.0 * 32 * 8);
    QCOMPARE(tensor_energy(*ev, "MainMemory", "W0"), 32.0 * 32 * 8);
  }

  // Worked example A: the optimum of regression case simple|matmuls|KN=64,M=64,N_EINSUMS=2|unfused must
  // reproduce every figure of expected/mapper-regression.json (1e-9 relative).
  void worked_example_a() {
    const std::string key = "simple|matmuls|KN=64,M=64,N_EINSUMS=2|unfused";
    std::ifstream in(af::test::reference_dir() / "expected" / "mapper-regression.json");
    const auto all = nlohmann::json::parse(in);
    QVERIFY(all.contains(key));
    const auto& reference = all.at(key);

    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const auto mapping = write_file(dir, "example_a.yaml", kExampleAMapping);
    QString error;
    const auto ev = evaluate_files({kSimple, kMatmuls, mapping}, {"N_EINSUMS=2", "M=64", "KN=64"}, error);
    QVERIFY2(ev, qPrintable(error));

    QStringList bad;
    auto expect = [&](double got, double want, const QString& what) {
      if (!close(got, want))
        bad << QString("%1: %2 vs %3").arg(what).arg(got, 0, 'g', 17).arg(want, 0, 'g', 17);
    };
    expect(ev->total_energy, reference.at("energy").get<double>(), "energy");
    expect(ev->total_latency, reference.at("latency").get<double>(), "latency");

    std::set<ActionKey> listed;
    for (const auto& [k, v] : reference.at("actions").items()) {
      const auto p = key_parts(k);
      QCOMPARE(p.size(), std::size_t{4});
      listed.insert(ActionKey{p[0], p[1], p[2], p[3]});
      expect(action(*ev, p[0], p[1], p[2], p[3]), v.get<double>(), QString::fromStdString(k));
    }
    // Nothing beyond the reference: in particular no GlobalBuffer traffic.
    for (const auto& [k, v] : ev->actions)
      if (v != 0 && !listed.contains(k)) bad << "unexpected action " + key_string(k);

    std::map<std::tuple<std::string, std::string, std::string>, double> energy;
    for (const auto& [k, e] : ev->energy) energy[{k.einsum, k.component, k.action}] += e;
    for (const auto& [ec, e] : ev->leak_energy) energy[{ec.first, ec.second, "leak"}] += e;
    for (const auto& [k, v] : reference.at("energy_per_component").items()) {
      const auto p = key_parts(k);
      QCOMPARE(p.size(), std::size_t{3});
      const auto it = energy.find({p[0], p[1], p[2]});
      if (it == energy.end())
        bad << "missing energy " + QString::fromStdString(k);
      else
        expect(it->second, v.get<double>(), QString::fromStdString(k));
    }
    std::size_t latency_entries = 0;
    for (const auto& [k, v] : reference.at("latency_per_component").items()) {
      const auto p = key_parts(k);
      QCOMPARE(p.size(), std::size_t{2});
      const auto it = ev->component_latency.find({p[0], p[1]});
      if (it == ev->component_latency.end())
        bad << "missing latency " + QString::fromStdString(k);
      else
        expect(it->second, v.get<double>(), QString::fromStdString(k));
      ++latency_entries;
    }
    expect(static_cast<double>(ev->component_latency.size()), static_cast<double>(latency_entries),
           "latency entries (no GlobalBuffer entry)");
    // 3 × 32768 bits per Einsum in MainMemory.
    expect(ev->memory_usage.at({"Matmul0", "MainMemory"}).used_bits, 3 * 32768.0, "MainMemory usage");
    bad << check_totals(*ev, true);
    QVERIFY2(bad.isEmpty(), qPrintable(bad.join('\n')));
  }

  // Worked example C, constructed: spatial multicast of W0 over GlobalBufferArray.X (m irrelevant to W0).
  void worked_example_c() {
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const auto mapping = write_file(dir, "example_c.yaml", kExampleCMapping);
    const auto arch = example("arches/fanout_variations/at_glb_with_fanout_node.yaml");
    QString error;
    const auto ev = evaluate_files({arch, kMatmuls, mapping}, {"N_EINSUMS=1", "M=64", "KN=64"}, error);
    QVERIFY2(ev, qPrintable(error));
    QCOMPARE(action(*ev, "Matmul0", "MainMemory", "W0", "read"), 32768.0);  // once, multicast
    QCOMPARE(action(*ev, "Matmul0", "GlobalBuffer", "W0", "write"), 4 * 32768.0);
    QCOMPARE(action(*ev, "Matmul0", "MainMemory", "T0", "read"), 32768.0);  // 4 × 16·64 values
    QCOMPARE(action(*ev, "Matmul0", "MainMemory", "T1", "write"), 4096.0 * 8);
    QCOMPARE(action(*ev, "Matmul0", "MainMemory", "T1", "read"), 0.0);
    QCOMPARE(action(*ev, "Matmul0", "MAC", "", "compute"), 262144.0);  // total ops
    QCOMPARE(ev->component_latency.at({"Matmul0", "MAC"}), 65536.0);   // per unit: 16·64·64
    QCOMPARE(ev->total_latency, 65536.0);
    const auto& x = ev->spatial_usage.at({"Matmul0", "GlobalBufferArray", "X"});
    QCOMPARE(x.used, 4.0);
    QCOMPARE(x.usage, 1.0);
    QCOMPARE(ev->occupancy.at({"Matmul0", "GlobalBuffer", "T0"}), 16.0 * 64 * 8);
    QCOMPARE(ev->occupancy.at({"Matmul0", "GlobalBuffer", "W0"}), 64.0 * 64 * 8);
    QCOMPARE(ev->occupancy.at({"Matmul0", "GlobalBuffer", "T1"}), 1.0 * 64 * 8);
    const auto bad = check_totals(*ev, false);
    QVERIFY2(bad.isEmpty(), qPrintable(bad.join('\n')));
  }

  // With `may_reuse: Nothing` on X no multicast: every instance fetches its own W0 (×4).
  void worked_example_c_no_reuse() {
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    std::string arch = read_text(example("arches/fanout_variations/at_glb_with_fanout_node.yaml"));
    const std::string anchor = "      fanout: 4\n";
    const auto at = arch.find(anchor);
    QVERIFY(at != std::string::npos);
    arch.insert(at + anchor.size(), "      may_reuse: Nothing\n");
    const auto arch_file = write_file(dir, "no_reuse.yaml", arch);
    const auto mapping = write_file(dir, "example_c.yaml", kExampleCMapping);
    QString error;
    const auto ev = evaluate_files({arch_file, kMatmuls, mapping}, {"N_EINSUMS=1", "M=64", "KN=64"}, error);
    QVERIFY2(ev, qPrintable(error));
    QCOMPARE(action(*ev, "Matmul0", "MainMemory", "W0", "read"), 131072.0);
    QCOMPARE(action(*ev, "Matmul0", "MainMemory", "T0", "read"), 32768.0);  // m relevant: unchanged
  }

  void mappings_to_simple_data() {
    QTest::addColumn<int>("index");
    const auto cases = to_simple_cases();
    // Every `*_to_simple*` example mapping has a case (a new file must get one).
    std::set<std::string> files, covered;
    for (const auto& e : fs::directory_iterator(af::test::examples_dir() / "mappings"))
      if (e.path().filename().string().find("_to_simple") != std::string::npos)
        files.insert(e.path().filename().string());
    for (const auto& c : cases) covered.insert(c.mapping);
    QVERIFY(covered == files);
    for (std::size_t i = 0; i < cases.size(); ++i)
      QTest::newRow(cases[i].name.c_str()) << static_cast<int>(i);
  }

  void mappings_to_simple() {
    QFETCH(int, index);
    const auto c = to_simple_cases().at(static_cast<std::size_t>(index));
    QString error;
    const auto ev = evaluate_files({kSimple, c.workload, example("mappings/" + c.mapping)}, c.sets, error);
    QVERIFY2(ev, qPrintable(error));
    QStringList bad;
    for (const auto& [einsum, ops] : c.ops) {
      if (!close(action(*ev, einsum, "MAC", "", "compute"), ops))
        bad << QString("compute of %1").arg(einsum.c_str());
      if (!close(ev->compute_ops.at(einsum), ops)) bad << QString("ops of %1").arg(einsum.c_str());
    }
    QCOMPARE(ev->einsum_latency.size(), c.ops.size());
    for (const auto& [k, want] : c.expected) {
      const double got = action(*ev, k.einsum, k.component, k.tensor, k.action);
      if (!close(got, want)) bad << QString("%1: %2 vs %3").arg(key_string(k)).arg(got).arg(want);
    }
    for (const auto& [k, v] : ev->actions)
      for (const auto& t : c.fused)
        if (k.component == "MainMemory" && k.tensor == t)
          bad << "fused tensor in MainMemory: " + key_string(k);
    bad << check_totals(*ev, true);
    QVERIFY2(bad.isEmpty(), qPrintable(bad.join('\n')));
  }

  // The mapping omits the `m` loop: every rank variable needs a tile-1 loop
  // (engine/model/README.md, 'Validity').
  void invalid_mapping_is_rejected() {
    const auto file = reference_file("tests/input_files/mapping/invalid_matmul_to_simple.yaml");
    std::optional<af::spec::Spec> spec;
    try {
      spec = load({kSimple, kMatmuls, file}, {"N_EINSUMS=1", "M=64", "KN=32"});
    } catch (const std::exception& e) {
      QFAIL(e.what());
    }
    QVERIFY(spec->mapping);
    static const QRegularExpression names_m(R"(\bm\b)");
    try {
      (void)af::model::evaluate(spec->resolved(), *spec->mapping);
      QFAIL("the mapping was accepted");
    } catch (const af::model::InvalidMapping& e) {
      QVERIFY2(names_m.match(QString::fromStdString(e.message())).hasMatch(), e.what());
      QVERIFY2(e.where().has_value(), e.what());
      QCOMPARE(QString::fromStdString(fs::path(e.where()->file).filename().string()),
               QStringLiteral("invalid_matmul_to_simple.yaml"));
      QVERIFY(e.where()->known());
      // The line is the one in the file as written (the !Compute of the N_EINSUMS == 1
      // branch), not the line of the Jinja-rendered text.
      std::ifstream in(file);
      std::string line;
      for (int i = 1; i <= e.where()->line && std::getline(in, line); ++i) {
      }
      QVERIFY2(line.find("!Compute") != std::string::npos, line.c_str());
    }
  }

  void invalid_mapping_via_cli() {
    const auto file =
        QString::fromStdString(reference_file("tests/input_files/mapping/invalid_matmul_to_simple.yaml"));
    const auto r =
        runProcess(AF_CLI_EXE, {"evaluate", QString::fromStdString(kSimple), QString::fromStdString(kMatmuls),
                                file, "--set", "N_EINSUMS=1", "--set", "M=64", "--set", "KN=32"});
    QCOMPARE(r.exitCode, 1);
    QVERIFY2(r.err.contains("invalid_matmul_to_simple.yaml"), qPrintable(r.err));
    static const QRegularExpression names_m(R"(\bm\b)");
    QVERIFY2(names_m.match(r.err).hasMatch(), qPrintable(r.err));
  }
};

QTEST_GUILESS_MAIN(TestCompatModel)
#include "test_compat_model.moc"
