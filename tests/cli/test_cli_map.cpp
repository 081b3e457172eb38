// `accelforge map` through the real executable: the JSON result, the chosen mapping written
// with --mapping-out and read back by `accelforge evaluate` to the same figures, exit 3 with
// the worst removal cause, and usage errors for bad flags.
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QtTest>
#include <cmath>

#include "cli_runner.h"

namespace {

// The project's own test specs (tests/data/specs): a buffer and a MAC, a chain of matmuls.
const QString kSpecs = QStringLiteral(AF_TEST_DATA_DIR "/specs/");
const QString kWorkload = kSpecs + "matmul_chain.workload.yaml";

QStringList matmul_files() { return {kSpecs + "buffered_mac.arch.yaml", kWorkload}; }
const QStringList kSets = {"--set", "M=16",        "--set", "KN=8",
                           "--set", "N_EINSUMS=2", "--set", "GlobalBufferSize=512"};

QJsonObject read_json(const QString& path) {
  QFile f(path);
  if (!f.open(QIODevice::ReadOnly)) return {};
  return QJsonDocument::fromJson(f.readAll()).object();
}

}  // namespace

class TestCliMap : public QObject {
  Q_OBJECT

 private slots:
  void map_writes_json_and_a_mapping_evaluate_reads_back() {
    QTemporaryDir dir;
    const QString json = dir.filePath("map.json"), yaml = dir.filePath("mapping.yaml");
    const auto r =
        runProcess(AF_CLI_EXE, QStringList{"map"} + matmul_files() + kSets +
                                   QStringList{"--metric", "edp", "--json", json, "--mapping-out", yaml});
    QVERIFY2(r.exitCode == 0, qPrintable(r.err));
    QVERIFY2(r.out.contains("chosen mapping"), qPrintable(r.out));
    const QJsonObject j = read_json(json);
    QVERIFY(j.contains("n_mappings"));
    QVERIFY(j.value("mapping").isObject() || j.value("mapping").isArray() || j.value("mapping").isString());
    const QJsonArray stats = j.value("stats").toArray();
    QCOMPARE(stats.size(), 2);  // one entry per Einsum
    for (const auto& s : stats) {
      const QJsonObject o = s.toObject();
      QVERIFY(o.value("pmappings_total").toDouble() >= o.value("pmappings_evaluated").toDouble());
      QVERIFY(o.value("pmappings_pareto").toDouble() >= 1);
      QVERIFY(o.contains("removed") && o.contains("keep_rates"));
      double product = 1;  // the funnel multiplies down to the Pareto-optimal share
      for (const auto& stage : o.value("funnel").toArray()) {
        const double rate = stage.toObject().value("keep_rate").toDouble();
        QVERIFY(rate >= 0 && rate <= 1);
        product *= rate;
      }
      QVERIFY(std::abs(product - o.value("pmappings_pareto").toDouble() /
                                     o.value("pmappings_total").toDouble()) < 1e-9);
    }

    const QString again = dir.filePath("evaluate.json");
    const auto e = runProcess(AF_CLI_EXE, QStringList{"evaluate"} + matmul_files() + QStringList{yaml} +
                                              kSets + QStringList{"--json", again});
    QVERIFY2(e.exitCode == 0, qPrintable(e.err));
    const QJsonObject k = read_json(again);
    QCOMPARE(k.value("energy").toDouble(), j.value("energy").toDouble());
    QCOMPARE(k.value("latency").toDouble(), j.value("latency").toDouble());
  }

  // Main memory four times the buffer's energy and a buffer too small for a whole
  // intermediate: the optimum keeps T1 on chip under a shared loop. The written tree
  // shares that loop above a Sequential split; `evaluate` reads it back to the same
  // figures, and the same with the split written as a Pipeline (the model treats both as
  // sequential execution).
  void fused_mapping_shares_loops_and_evaluate_reads_it_back() {
    QTemporaryDir dir;
    const QString json = dir.filePath("map.json"), yaml = dir.filePath("mapping.yaml");
    const QStringList sets = kSets + QStringList{"--set", "MainMemoryEnergy=4"};
    const auto r = runProcess(AF_CLI_EXE, QStringList{"map"} + matmul_files() + sets +
                                              QStringList{"--metric", "edp", "--max-fused-loops", "1",
                                                          "--json", json, "--mapping-out", yaml});
    QVERIFY2(r.exitCode == 0, qPrintable(r.err));
    const QJsonObject j = read_json(json);
    const QJsonArray join = j.value("join").toArray();
    QCOMPARE(join.size(), 1);  // one step: Matmul1 joins Matmul0
    const QJsonObject step = join[0].toObject();
    QVERIFY(step.value("rows_out").toDouble() >= 1);
    // The join's funnel starts from its row pairs and multiplies down to the rows it kept.
    const double pairs = step.value("rows_lookahead").toDouble() + step.value("rows_unmatched").toDouble() +
                         step.value("rows_paired").toDouble();
    const QJsonArray funnel = step.value("funnel").toArray();
    QVERIFY(!funnel.isEmpty());
    QCOMPARE(funnel[0].toObject().value("reached").toDouble(), pairs);
    double product = 1;
    for (const auto& stage : funnel) product *= stage.toObject().value("keep_rate").toDouble();
    QVERIFY(std::abs(product - step.value("rows_out").toDouble() / pairs) < 1e-9);
    QFile f(yaml);
    QVERIFY(f.open(QIODevice::ReadOnly));
    const QString text = QString::fromUtf8(f.readAll());
    const auto split = text.indexOf("!Sequential");
    QVERIFY2(split > 0, qPrintable(text));
    QVERIFY2(text.left(split).contains("!Temporal"), qPrintable(text));  // a shared loop
    QVERIFY2(text.mid(split).count("!Compute") == 2, qPrintable(text));

    const QString pipeline = dir.filePath("pipeline.yaml");
    QVERIFY(writeFile(pipeline, QString(text).replace("!Sequential", "!Pipeline").toUtf8()));
    for (const QString& m : {yaml, pipeline}) {
      const QString again = dir.filePath("evaluate.json");
      const auto e = runProcess(AF_CLI_EXE, QStringList{"evaluate"} + matmul_files() + QStringList{m} + sets +
                                                QStringList{"--json", again});
      QVERIFY2(e.exitCode == 0, qPrintable(e.err));
      const QJsonObject k = read_json(again);
      QCOMPARE(k.value("energy").toDouble(), j.value("energy").toDouble());
      QCOMPARE(k.value("latency").toDouble(), j.value("latency").toDouble());
    }
  }

  void no_valid_mapping_exits_3_naming_the_cause() {
    QTemporaryDir dir;
    // A GlobalBuffer that must keep every tensor but holds 8 bits: nothing fits.
    const QString arch = dir.filePath("arch.yaml");
    QVERIFY(writeFile(arch, R"(arch:
  nodes:
  - !Memory
    name: MainMemory
    size: inf
    leak_power: 0
    area: 0
    tensors: {keep: ~Intermediates, may_keep: All}
    actions:
    - {name: read, energy: 1, throughput: inf}
    - {name: write, energy: 1, throughput: inf}
  - !Memory
    name: GlobalBuffer
    size: 8
    leak_power: 0
    area: 0
    tensors: {keep: All}
    actions:
    - {name: read, energy: 1, throughput: inf}
    - {name: write, energy: 1, throughput: inf}
  - !Compute
    name: MAC
    leak_power: 0
    area: 0
    actions:
    - {name: compute, energy: 1, throughput: 1}
)"));
    const auto r = runProcess(
        AF_CLI_EXE, {"map", arch, kWorkload, "--set", "M=4", "--set", "KN=4", "--set", "N_EINSUMS=1"});
    QCOMPARE(r.exitCode, 3);
    QVERIFY2(r.err.contains("capacity GlobalBuffer"), qPrintable(r.err));
    // With the figure that decided it: one 8-bit value each of T0, W0 and T1 is the least.
    QVERIFY2(r.err.contains("it holds 8 bits, the smallest tiles need 24"), qPrintable(r.err));
    QVERIFY2(r.err.contains(
                 "capacity GlobalBuffer: 54 of 54 removed (keep rate 0); the smallest needed 24 of 8 bits"),
             qPrintable(r.err));
  }

  // A variable the files read with no value and no default: the error, then a hint naming it
  // and --set (map and validate load apart). One with a default (M, KN) is not named, nor one
  // given whose value then fails.
  void unset_variable_gets_a_hint() {
    const QString hint = "hint: no value for N_EINSUMS; give each with --set NAME=VALUE";
    for (const QString command : {"map", "validate"}) {
      const auto r =
          runProcess(AF_CLI_EXE, QStringList{command} + matmul_files() + QStringList{"--set", "M=16"});
      QCOMPARE(r.exitCode, 1);
      QVERIFY2(r.err.contains("'N_EINSUMS' is undefined"), qPrintable(r.err));
      QVERIFY2(r.err.contains(hint), qPrintable(r.err));
    }
    const auto given = runProcess(
        AF_CLI_EXE, QStringList{"validate"} + matmul_files() + QStringList{"--set", "N_EINSUMS=many"});
    QCOMPARE(given.exitCode, 1);
    QVERIFY2(!given.err.contains("hint:"), qPrintable(given.err));
  }

  void objective_tolerance_flag() {
    const auto ok = runProcess(AF_CLI_EXE, QStringList{"map"} + matmul_files() + kSets +
                                               QStringList{"--objective-tolerance", "0.1", "--json", "-"});
    QVERIFY2(ok.exitCode == 0, qPrintable(ok.err));
    QVERIFY(QJsonDocument::fromJson(ok.out.toUtf8()).object().contains("energy"));
    const auto bad = runProcess(
        AF_CLI_EXE, QStringList{"map"} + matmul_files() + QStringList{"--objective-tolerance", "-1"});
    QCOMPARE(bad.exitCode, 2);
  }

  // Over --join-memory the run stops itself: a warning that says why and what to change, the
  // mappings found so far, exit 0; a bad value is a usage error.
  void join_memory_flag() {
    const QStringList args = QStringList{"map"} + matmul_files() + kSets +
                             QStringList{"--metric", "energy|resource_usage", "--json", "-"};
    const auto whole = runProcess(AF_CLI_EXE, args);
    QVERIFY2(whole.exitCode == 0, qPrintable(whole.err));
    QVERIFY2(!whole.err.contains("memory limit"), qPrintable(whole.err));
    const auto cut = runProcess(AF_CLI_EXE, args + QStringList{"--join-memory", "0.000001"});
    QVERIFY2(cut.exitCode == 0, qPrintable(cut.err));
    QVERIFY2(cut.err.contains("warning: the join outgrew its memory limit"), qPrintable(cut.err));
    QVERIFY2(cut.err.contains("max_fused_loops"), qPrintable(cut.err));
    QVERIFY(QJsonDocument::fromJson(cut.out.toUtf8()).object().contains("energy"));
    const auto bad = runProcess(AF_CLI_EXE, args + QStringList{"--join-memory", "0"});
    QCOMPARE(bad.exitCode, 2);
  }

  // 5 and 7 have no divisor that fills mac_row's 4 MACs; imperfect spatial tiles reach
  // ops / 4. The JSON also gives AccelForge's count of the full tile space.
  void imperfect_tiles_flag() {
    const QStringList files = {kSpecs + "mac_row.arch.yaml", kWorkload};
    const QStringList sets = {"--set", "M=5", "--set", "KN=7", "--set", "N_EINSUMS=1", "--metric", "latency"};
    const auto latency_of = [&](const QStringList& flags) {
      const auto r =
          runProcess(AF_CLI_EXE, QStringList{"map"} + files + sets + flags + QStringList{"--json", "-"});
      if (r.exitCode != 0) qWarning("%s", qPrintable(r.err));
      return QJsonDocument::fromJson(r.out.toUtf8()).object();
    };
    QCOMPARE(latency_of({})["latency"].toDouble(), 5.0 * 7 * 7);
    QCOMPARE(latency_of({"--imperfect", "spatial"})["latency"].toDouble(), 5.0 * 7 * 7 / 4);
    // The same from the spec's mapper: section.
    QTemporaryDir dir;
    const QString mapper = dir.filePath("mapper.yaml");
    QVERIFY(writeFile(mapper, "mapper:\n  explore_imperfect_spatial_loops: true\n"));
    QCOMPARE(latency_of({mapper})["latency"].toDouble(), 5.0 * 7 * 7 / 4);
    // With both flags every loop but the innermost is imperfect: AccelForge counts every
    // split, the search only the smallest tile per tile count.
    const QJsonObject both = latency_of({"--imperfect", "both"});
    QCOMPARE(both["latency"].toDouble(), 5.0 * 7 * 7 / 4);
    const QJsonObject stats = both["stats"].toArray().at(0).toObject();
    QVERIFY(stats["pmappings_full_space"].toDouble() > stats["pmappings_total"].toDouble());
    QCOMPARE(latency_of({"--imperfect", "both", "--tiling-coarseness", "1.5"})["latency"].toDouble(),
             5.0 * 7 * 7 / 4);

    for (const QStringList& bad :
         {QStringList{"--imperfect", "sideways"}, QStringList{"--tiling-coarseness", "0"}}) {
      const auto r = runProcess(AF_CLI_EXE, QStringList{"map"} + files + sets + bad);
      QCOMPARE(r.exitCode, 2);
      QVERIFY2(r.err.contains(bad.back()), qPrintable(r.err));
    }
  }

  // A bad mapper: value in the spec names its file, line and field.
  void bad_tiling_coarseness_in_spec() {
    QTemporaryDir dir;
    const QString mapper = dir.filePath("mapper.yaml");
    QVERIFY(writeFile(mapper, "mapper:\n  tiling_coarseness: -2\n"));
    const auto r = runProcess(AF_CLI_EXE, QStringList{"map"} + matmul_files() + QStringList{mapper} + kSets);
    QCOMPARE(r.exitCode, 1);
    QVERIFY2(r.err.contains("mapper.yaml:2") && r.err.contains("mapper.tiling_coarseness"),
             qPrintable(r.err));
  }

  void bad_metric_is_a_usage_error() {
    const auto r = runProcess(AF_CLI_EXE,
                              QStringList{"map"} + matmul_files() + kSets + QStringList{"--metric", "speed"});
    QCOMPARE(r.exitCode, 2);
    QVERIFY2(r.err.contains("speed"), qPrintable(r.err));
    // The error lists what is accepted, including the list form.
    QVERIFY2(r.err.contains("energy,latency") && r.err.contains("edp"), qPrintable(r.err));
  }

  // One grammar with the explorer's --metric and the spec's mapper.metrics: a list asks for
  // the front of both, written with ',' or with AccelForge's '|'.
  void metric_list_gives_the_front_of_both() {
    for (const QString& list : {QString("energy,latency"), QString("ENERGY | latency")}) {
      const auto r =
          runProcess(AF_CLI_EXE, QStringList{"map"} + matmul_files() + kSets + QStringList{"--metric", list});
      QVERIFY2(r.exitCode == 0, qPrintable(r.err));
      QVERIFY2(r.out.contains("metric energy|latency"), qPrintable(r.out));
    }
  }

  // --front writes the whole final front with the window's writer: the JSON's first mapping
  // is the one --json reports, every row's YAML evaluates to its figures, and the CSV has the
  // same rows. With resource_usage the memories' usages are objectives: more mappings, each
  // with a usage no other mapping of lower energy has.
  void front_writes_every_mapping_as_json_and_csv() {
    QTemporaryDir dir;
    // Main memory four times the buffer's energy: buffering pays, the more the better.
    const QStringList sets = kSets + QStringList{"--set", "MainMemoryEnergy=4"};
    for (const QString& metric : {QString("energy,latency"), QString("energy|resource_usage")}) {
      const QString json = dir.filePath("front.json"), csv = dir.filePath("front.csv"),
                    result = dir.filePath("map.json");
      const auto r =
          runProcess(AF_CLI_EXE, QStringList{"map"} + matmul_files() + sets +
                                     QStringList{"--metric", metric, "--front", json, "--json", result});
      QVERIFY2(r.exitCode == 0, qPrintable(r.err));
      const QJsonObject front = read_json(json);
      const QJsonObject run = front.value("run").toObject();
      QCOMPARE(run.value("spec_fingerprint").toString().size(), 16);
      QCOMPARE(run.value("settings").toObject().value("metric").toString(),
               QString(metric).replace(',', '|'));
      const QJsonArray mappings = front.value("mappings").toArray();
      QCOMPARE(mappings.size(), static_cast<qsizetype>(read_json(result).value("n_mappings").toDouble()));
      const bool usage = metric.contains("resource_usage");
      QVERIFY(mappings.size() >= (usage ? 2 : 1));
      QCOMPARE(mappings[0].toObject().value("energy").toDouble(),
               read_json(result).value("energy").toDouble());
      for (const auto& m : mappings) {
        const QJsonObject o = m.toObject();
        const QJsonObject objectives = o.value("objectives").toObject();
        QCOMPARE(objectives.value("energy").toDouble(), o.value("energy").toDouble());
        QCOMPARE(objectives.contains("latency"), !usage);
        QCOMPARE(objectives.contains("usage GlobalBuffer"), usage);
        const QJsonArray memories = o.value("memories").toArray();
        // The memories the join tracked: with resource_usage every finite one (here one).
        if (usage) QCOMPARE(memories.size(), 1);
        if (!memories.isEmpty()) {
          const QJsonObject glb = memories[0].toObject();
          QCOMPARE(glb.value("memory").toString(), QString("GlobalBuffer"));
          QCOMPARE(glb.value("parent").toString(), QString("MainMemory"));
          if (usage)
            QCOMPARE(glb.value("usage").toDouble(), objectives.value("usage GlobalBuffer").toDouble());
          QCOMPARE(glb.value("usage_bits").toDouble(), glb.value("usage").toDouble() * 512);
          QVERIFY(glb.value("parent_bits").toDouble() > 0);
        }
      }
      // Each row's YAML evaluates, next to the spec, to the row's figures.
      for (const qsizetype i : {qsizetype{0}, mappings.size() - 1}) {
        const QString yaml = dir.filePath("row.yaml");
        QVERIFY(writeFile(yaml, mappings[i].toObject().value("yaml").toString().toUtf8()));
        const QString again = dir.filePath("evaluate.json");
        const auto e = runProcess(AF_CLI_EXE, QStringList{"evaluate"} + matmul_files() + QStringList{yaml} +
                                                  sets + QStringList{"--json", again});
        QVERIFY2(e.exitCode == 0, qPrintable(e.err));
        QCOMPARE(read_json(again).value("energy").toDouble(),
                 mappings[i].toObject().value("energy").toDouble());
      }
      const auto c = runProcess(AF_CLI_EXE, QStringList{"map"} + matmul_files() + sets +
                                                QStringList{"--metric", metric, "--front", csv});
      QVERIFY2(c.exitCode == 0, qPrintable(c.err));
      QFile f(csv);
      QVERIFY(f.open(QIODevice::ReadOnly));
      const QStringList lines = QString::fromUtf8(f.readAll()).split('\n');
      QVERIFY(lines[0].startsWith("# Pareto set"));
      QVERIFY(lines[1].contains("spec_fingerprint"));
      QVERIFY2(lines[2].startsWith("mapping,energy_J,latency_s,edp_Js,objective_energy,"),
               qPrintable(lines[2]));
      if (usage)
        QVERIFY(lines[2].contains("GlobalBuffer_usage,GlobalBuffer_usage_bits,GlobalBuffer_parent_bits"));
      QVERIFY(lines[2].endsWith(",mapping_yaml"));
      qsizetype rows = 0;  // a row starts with its index; its YAML's lines follow inside quotes
      for (const auto& line : lines)
        if (!line.isEmpty() && line[0].isDigit() && line.contains(',') &&
            line.section(',', 0, 0).toInt() == rows)
          ++rows;
      QCOMPARE(rows, mappings.size());
    }
    // Neither .csv nor .json: a usage error before anything is mapped.
    const auto bad = runProcess(AF_CLI_EXE, QStringList{"map"} + matmul_files() + sets +
                                                QStringList{"--front", dir.filePath("front.txt")});
    QCOMPARE(bad.exitCode, 2);
    QVERIFY2(bad.err.contains(".csv or .json"), qPrintable(bad.err));
    // resource_usage alone ranks nothing.
    const auto alone = runProcess(
        AF_CLI_EXE, QStringList{"map"} + matmul_files() + sets + QStringList{"--metric", "resource_usage"});
    QCOMPARE(alone.exitCode, 2);
    QVERIFY2(alone.err.contains("resource_usage"), qPrintable(alone.err));
  }

  // `accelforge sweep`: a line per point, the CSV with one row per point (the same figures as
  // `map --set` at that point), usage errors for bad --vary values and unknown names.
  void sweep_writes_a_row_per_point() {
    QTemporaryDir dir;
    const QString csv = dir.filePath("sweep.csv");
    const QStringList files = matmul_files();
    QStringList sets = kSets;
    sets.removeAt(sets.indexOf("GlobalBufferSize=512"));
    sets.removeLast();  // its --set
    const auto r = runProcess(AF_CLI_EXE, QStringList{"sweep"} + files + sets +
                                              QStringList{"--metric", "edp", "--vary",
                                                          "GlobalBufferSize=256..1024*2", "--csv", csv});
    QVERIFY2(r.exitCode == 0, qPrintable(r.err));
    QVERIFY2(r.out.contains("[3/3] GlobalBufferSize=1024: energy"), qPrintable(r.out));
    QFile f(csv);
    QVERIFY(f.open(QIODevice::ReadOnly));
    const QStringList lines = QString::fromUtf8(f.readAll()).trimmed().split('\n');
    QCOMPARE(lines.size(), 4);
    QVERIFY(lines[0].startsWith("GlobalBufferSize,energy_J,latency_s,edp_Js,"));
    // The 512 row is `map` with GlobalBufferSize=512.
    const QString json = dir.filePath("map.json");
    const auto m = runProcess(
        AF_CLI_EXE, QStringList{"map"} + files + kSets + QStringList{"--metric", "edp", "--json", json});
    QVERIFY2(m.exitCode == 0, qPrintable(m.err));
    const double energy = read_json(json).value("energy").toDouble();
    QVERIFY(energy > 0);
    const QStringList row = lines[2].split(',');
    QCOMPARE(row[0], QString("512"));
    QVERIFY2(std::abs(row[1].toDouble() - energy) <= 1e-12 * energy, qPrintable(lines[2]));
  }

  // Every CSV the command line writes ends with exactly one line break, wherever it goes
  // (a file, standard output) and whether or not the run is stored: no empty last line.
  void csv_ends_with_one_line_break() {
    QTemporaryDir dir;
    QStringList sets = kSets;
    sets.removeAt(sets.indexOf("GlobalBufferSize=512"));
    sets.removeLast();
    const QStringList sweep = QStringList{"sweep"} + matmul_files() + sets +
                              QStringList{"--metric", "edp", "--vary", "GlobalBufferSize=256,512"};
    const auto ends = [](const QByteArray& text) {
      return text.endsWith('\n') && !text.endsWith("\n\n") && !text.endsWith("\r\n");
    };
    for (const bool stored : {false, true}) {
      const QStringList store =
          stored ? QStringList{"--store=" + dir.filePath("runs.sqlite")} : QStringList{};
      const QString file = dir.filePath(QStringLiteral("sweep-%1.csv").arg(stored));
      const auto toFile = runProcess(AF_CLI_EXE, sweep + store + QStringList{"--csv", file});
      QVERIFY2(toFile.exitCode == 0, qPrintable(toFile.err));
      QFile f(file);
      QVERIFY(f.open(QIODevice::ReadOnly));
      const QByteArray text = f.readAll();
      QVERIFY2(ends(text), text.right(40).constData());
      QCOMPARE(text.count('\n'), 3);  // the header and two points
      const auto toStdout = runProcess(AF_CLI_EXE, sweep + store + QStringList{"--csv", "-"});
      QVERIFY2(toStdout.exitCode == 0, qPrintable(toStdout.err));
      QVERIFY2(ends(toStdout.out.toUtf8()), qPrintable(toStdout.out.right(40)));
      QCOMPARE(toStdout.out.count('\n'), 3);
    }
  }

  void sweep_usage_errors() {
    const auto bad = runProcess(AF_CLI_EXE, QStringList{"sweep"} + matmul_files() + kSets +
                                                QStringList{"--vary", "GlobalBufferSize=8..1"});
    QCOMPARE(bad.exitCode, 2);
    QVERIFY2(bad.err.contains("GlobalBufferSize: the range 8..1 has no values"), qPrintable(bad.err));
    const auto unknown = runProcess(AF_CLI_EXE, QStringList{"sweep"} + matmul_files() + kSets +
                                                    QStringList{"--vary", "GlobalBuferSize=1,2"});
    QCOMPARE(unknown.exitCode, 2);
    QVERIFY2(unknown.err.contains("did you mean GlobalBufferSize"), qPrintable(unknown.err));
  }
};

QTEST_GUILESS_MAIN(TestCliMap)
#include "test_cli_map.moc"
