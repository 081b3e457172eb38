// `mpirun -np 4 --oversubscribe accelforge sweep ...` on one machine: the same rows as the
// sweep in one process (the seconds column aside), written once, by rank 0 (the run store too).
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QtTest>

#include "cli_runner.h"

namespace {

const QString kSpecs = QStringLiteral(AF_TEST_DATA_DIR "/specs/");

// The CSV without its seconds column (wall times differ from run to run).
QStringList rows_without_seconds(const QString& path) {
  QFile f(path);
  if (!f.open(QIODevice::ReadOnly)) return {};
  QStringList out;
  const QStringList lines = QString::fromUtf8(f.readAll()).trimmed().split('\n');
  const int seconds = lines.value(0).split(',').indexOf("seconds");
  for (const auto& line : lines) {
    QStringList cells = line.split(',');
    if (seconds >= 0 && seconds < cells.size()) cells.removeAt(seconds);
    out << cells.join(',');
  }
  return out;
}

// The JSON's points (fronts included) without their seconds.
QJsonArray points_without_seconds(const QString& path) {
  QFile f(path);
  if (!f.open(QIODevice::ReadOnly)) return {};
  QJsonArray out;
  for (const auto& p : QJsonDocument::fromJson(f.readAll()).object().value("points").toArray()) {
    QJsonObject o = p.toObject();
    o.remove("seconds");
    out.append(o);
  }
  return out;
}

}  // namespace

class TestSweepRanks : public QObject {
  Q_OBJECT

 private slots:
  void initTestCase() {
    // CI runs as root, which Open MPI refuses unless told; containers lack the kernel's
    // cross-memory attach that its shared-memory transport tries first.
    qputenv("OMPI_ALLOW_RUN_AS_ROOT", "1");
    qputenv("OMPI_ALLOW_RUN_AS_ROOT_CONFIRM", "1");
    qputenv("OMPI_MCA_btl_vader_single_copy_mechanism", "none");
  }

  void ranks_give_the_rows_of_one_process() {
    QTemporaryDir dir;
    const QStringList sweep = {"sweep",
                               kSpecs + "buffered_mac.arch.yaml",
                               kSpecs + "matmul_chain.workload.yaml",
                               "--set",
                               "KN=8",
                               "--set",
                               "N_EINSUMS=2",
                               "--metric",
                               "edp",
                               "--threads",
                               "1",
                               "--vary",
                               "GlobalBufferSize=128..2048*2",
                               "--vary",
                               "M=8,16"};
    const QString one = dir.filePath("one.csv"), four = dir.filePath("four.csv");
    const QString one_json = dir.filePath("one.json"), four_json = dir.filePath("four.json");
    const QString store = dir.filePath("runs.sqlite");
    const auto a = runProcess(AF_CLI_EXE, sweep + QStringList{"--csv", one, "--json", one_json});
    QVERIFY2(a.exitCode == 0, qPrintable(a.err));
    const auto b = runProcess(AF_MPIEXEC,
                              QStringList{"-np", "4", "--oversubscribe", AF_CLI_EXE} + sweep +
                                  QStringList{"--csv", four, "--json", four_json, "--store", store},
                              120000);
    QVERIFY2(b.exitCode == 0, qPrintable(b.err + b.out));
    // Rank 0 alone reports: one line per point.
    QCOMPARE(b.out.count("GlobalBufferSize="), 10);
    const QStringList expected = rows_without_seconds(one);
    QCOMPARE(expected.size(), 11);  // header + 5 x 2 points
    QCOMPARE(rows_without_seconds(four), expected);
    const QJsonArray points = points_without_seconds(one_json);
    QCOMPARE(points.size(), 10);
    QVERIFY(!points.first().toObject().value("front").toArray().isEmpty());
    QCOMPARE(points_without_seconds(four_json), points);
    // One run recorded, by rank 0, with every point.
    QCOMPARE(b.out.count("stored as run"), 1);
    const auto history = runProcess(AF_CLI_EXE, {"history", "list", "--store", store});
    QVERIFY2(history.exitCode == 0, qPrintable(history.err));
    const QStringList lines = history.out.split('\n', Qt::SkipEmptyParts);
    QCOMPARE(lines.size(), 2);
    QVERIFY2(lines[1].contains("(10 points)"), qPrintable(history.out));
  }
};

QTEST_GUILESS_MAIN(TestSweepRanks)
#include "test_sweep_ranks.moc"
