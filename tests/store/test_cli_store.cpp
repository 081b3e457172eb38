// `accelforge map|sweep --store` and `accelforge history list|show|export` through the real
// executable: runs recorded and shown, the JSON export, an unknown id (exit 1), a missing store
// that `history` does not create, a corrupt store reported on standard error, the default store
// in the data folder, `--store` never taking the spec file or option after it, two maps at once.
#include <QDir>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>

#include "cli/cli_runner.h"

namespace {

const QString kExamples = QStringLiteral(AF_SOURCE_DIR "/resources/examples/");

QStringList example(const QString& name) {
  return {kExamples + name + "/arch.yaml", kExamples + name + "/workload.yaml"};
}

ProcessResult cli(const QStringList& args) { return runProcess(AF_CLI_EXE, args); }

// The CLI with its default store under `dataHome` (XDG_DATA_HOME), never the user's.
ProcessResult cliAt(const QString& dataHome, const QStringList& args) {
  QProcess p;
  QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
  env.insert("XDG_DATA_HOME", dataHome);
  p.setProcessEnvironment(env);
  p.start(AF_CLI_EXE, args);
  ProcessResult r;
  if (!p.waitForFinished(120000)) return r;
  r.exitCode = p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1;
  r.out = QString::fromUtf8(p.readAllStandardOutput());
  r.err = QString::fromUtf8(p.readAllStandardError());
  return r;
}

QString defaultStore(const QTemporaryDir& dataHome) {
  return dataHome.filePath("AccelForge Explorer/accelforge-explorer/runs.sqlite");
}

// The example's spec files copied into `dir`: a run that took one for a store would move it
// aside, and the test must not do that to the sources.
QStringList exampleCopy(const QTemporaryDir& dir, const QString& name) {
  QStringList files;
  for (const QString& from : example(name)) {
    const QString to = dir.filePath(QFileInfo(from).fileName());
    if (!QFile::copy(from, to)) return {};
    files << to;
  }
  return files;
}

QByteArray contents(const QString& path) {
  QFile f(path);
  return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

QJsonObject parse(const QString& text) { return QJsonDocument::fromJson(text.toUtf8()).object(); }

// A matmul whose scratchpad must keep every tensor but holds 8 bits: exit 3.
QString tiny_arch(const QTemporaryDir& dir) {
  const QString arch = dir.filePath("tiny.arch.yaml");
  writeFile(arch, R"(arch:
  nodes:
  - !Memory {name: DRAM, size: inf, leak_power: 0, area: 0, actions: [{name: read, energy: 1, throughput: inf}, {name: write, energy: 1, throughput: inf}]}
  - !Memory
    name: Scratchpad
    size: 8
    leak_power: 0
    area: 0
    tensors: {keep: All}
    actions: [{name: read, energy: 1, throughput: inf}, {name: write, energy: 1, throughput: inf}]
  - !Compute {name: MAC, leak_power: 0, area: 0, actions: [{name: compute, energy: 1, throughput: inf}]}
)");
  return arch;
}

}  // namespace

class TestCliStore : public QObject {
  Q_OBJECT

 private slots:
  void map_runs_are_recorded_and_shown() {
    QTemporaryDir dir;
    const QString db = dir.filePath("runs.sqlite");
    auto r =
        cli(QStringList{"map"} + example("two_level_matmul") + QStringList{"--set", "M=16", "--store", db});
    QVERIFY2(r.exitCode == 0, qPrintable(r.err));
    QVERIFY2(r.out.contains("stored as run 1 in " + db), qPrintable(r.out));
    r = cli(QStringList{"map"} + example("three_level_matmul_chain") +
            QStringList{"--unfused", "--threads", "2", "--store=" + db});
    QVERIFY2(r.exitCode == 0, qPrintable(r.err));
    QVERIFY2(r.out.contains("stored as run 2"), qPrintable(r.out));
    // No mapping: exit 3, and the run is recorded with why.
    r = cli({"map", tiny_arch(dir), kExamples + "two_level_matmul/workload.yaml", "--store", db});
    QCOMPARE(r.exitCode, 3);
    QVERIFY2(r.out.contains("stored as run 3"), qPrintable(r.out + r.err));

    r = cli({"history", "list", "--store", db});
    QVERIFY2(r.exitCode == 0, qPrintable(r.err));
    const QStringList lines = r.out.split('\n', Qt::SkipEmptyParts);
    QCOMPARE(lines.size(), 4);  // header and three runs
    QVERIFY2(lines[0].startsWith("id") && lines[0].contains("energy"), qPrintable(r.out));
    QVERIFY2(lines[1].contains("no mapping"), qPrintable(r.out));  // newest first
    QVERIFY2(lines[3].startsWith("1 ") && lines[3].contains("map") && lines[3].contains("M=16") &&
                 lines[3].contains("arch.yaml workload.yaml"),
             qPrintable(r.out));

    r = cli({"history", "show", "2", "--store", db});
    QVERIFY2(r.exitCode == 0, qPrintable(r.err));
    for (const char* part : {"run 2: map", "unfused=true", "optimum: energy", "front: 1 mapping",
                             "chosen mapping:", "three_level_matmul_chain/workload.yaml"})
      QVERIFY2(r.out.contains(part), qPrintable(part + ("\n" + r.out)));
    r = cli({"history", "show", "3", "--store", db});
    QVERIFY2(r.out.contains("no valid mapping: ") && r.out.contains("Scratchpad"), qPrintable(r.out));
    QVERIFY2(!r.out.contains("warning") && !r.out.contains("stopped"), qPrintable(r.out));
    // A run that stopped itself at the join's memory limit says so when shown again.
    r = cli(QStringList{"map"} + example("three_level_matmul_chain") +
            QStringList{"--metric", "energy|resource_usage", "--join-memory", "0.000001", "--store", db});
    QVERIFY2(r.exitCode == 0, qPrintable(r.err));
    r = cli({"history", "show", "4", "--store", db});
    QVERIFY2(r.out.contains("stopped: ") && r.out.contains("warning: the join outgrew its memory limit"),
             qPrintable(r.out));
    // The list marks it too, and only it.
    r = cli({"history", "list", "--store", db});
    const QStringList marked = r.out.split('\n', Qt::SkipEmptyParts);
    QCOMPARE(marked.size(), 5);
    QVERIFY2(marked[1].startsWith("4 ") && marked[1].contains(" (stopped)"), qPrintable(r.out));
    QCOMPARE(r.out.count("(stopped)"), 1);
    QVERIFY2(!r.out.contains("(rounded)"), qPrintable(r.out));

    const QString json = dir.filePath("run1.json");
    r = cli({"history", "export", "1", "--store", db, "--json", json});
    QVERIFY2(r.exitCode == 0, qPrintable(r.err));
    QFile f(json);
    QVERIFY(f.open(QIODevice::ReadOnly));
    const QJsonObject j = QJsonDocument::fromJson(f.readAll()).object();
    QCOMPARE(j.value("id").toInt(), 1);
    QCOMPARE(j.value("kind").toString(), QString("map"));
    QCOMPARE(j.value("assignments").toArray().first().toString(), QString("M=16"));
    QCOMPARE(j.value("files").toArray().size(), 2);
    QVERIFY(j.value("files").toArray().first().toObject().value("text").toString().contains("Scratchpad"));
    QVERIFY(j.value("stats").toObject().contains("stats"));
    QVERIFY(!j.value("mapping_yaml").toString().isEmpty());
    // Standard output by default: the same object.
    r = cli({"history", "export", "1", "--store", db});
    QCOMPARE(parse(r.out), j);
  }

  // The store's line goes to standard error when standard output carries the CSV.
  void sweep_runs_are_recorded() {
    QTemporaryDir dir;
    const QString db = dir.filePath("runs.sqlite");
    auto r =
        cli(QStringList{"sweep"} + example("bandwidth_tradeoff") +
            QStringList{"--vary", "LocalBandwidth=1e9,4e9", "--metric", "edp", "--csv", "-", "--store", db});
    QVERIFY2(r.exitCode == 0, qPrintable(r.err));
    QVERIFY2(r.out.startsWith("LocalBandwidth,") && !r.out.contains("stored"), qPrintable(r.out));
    QVERIFY2(r.err.contains("stored as run 1"), qPrintable(r.err));
    r = cli({"history", "show", "1", "--store", db});
    QVERIFY2(r.exitCode == 0, qPrintable(r.err));
    for (const char* part : {"run 1: sweep", "varied: LocalBandwidth = 1e9, 4e9", "points: 2",
                             "LocalBandwidth=4e9: energy", "metric=edp"})
      QVERIFY2(r.out.contains(part), qPrintable(part + ("\n" + r.out)));
    r = cli({"history", "list", "--store", db});
    QVERIFY2(r.out.contains("vary LocalBandwidth (2 points)"), qPrintable(r.out));
    r = cli({"history", "export", "1", "--store", db});
    const QJsonObject j = parse(r.out);
    QCOMPARE(j.value("kind").toString(), QString("sweep"));
    QCOMPARE(j.value("front").toArray().size(), 2);
  }

  void unknown_id_exits_1() {
    QTemporaryDir dir;
    const QString db = dir.filePath("runs.sqlite");
    QVERIFY(writeFile(db, {}));  // an empty file: SQLite's new database, a store with no runs
    for (const char* command : {"show", "export"}) {
      const auto r = cli({"history", command, "42", "--store", db});
      QCOMPARE(r.exitCode, 1);
      QVERIFY2(r.err.contains("no run 42 in the store " + db), qPrintable(r.err));
      QVERIFY(r.out.isEmpty());
    }
    const auto r = cli({"history", "list", "--store", db});
    QCOMPARE(r.exitCode, 0);
    QVERIFY2(r.out.contains("no runs in"), qPrintable(r.out));
    QCOMPARE(cli({"history", "show", "--store", db}).exitCode, 2);  // the id is required
    QCOMPARE(cli({"history"}).exitCode, 2);
  }

  // Reading commands never create a store: list says there are no runs yet (exit 0), show and
  // export say so too (exit 1); neither the file nor the default store's folder appears.
  void reading_a_missing_store_creates_nothing() {
    QTemporaryDir dir, home;
    const QString named = dir.filePath("runs.sqlite");
    const QString defaultFolder = home.filePath("AccelForge Explorer");
    for (const auto& [db, store] :
         {std::pair{named, QStringList{"--store", named}}, std::pair{defaultStore(home), QStringList{}}}) {
      auto r = cliAt(home.path(), QStringList{"history", "list"} + store);
      QCOMPARE(r.exitCode, 0);
      QVERIFY2(r.out.contains("no runs recorded yet: " + db + " does not exist"), qPrintable(r.out + r.err));
      r = cliAt(home.path(), QStringList{"history", "list", "--project", "p.afproj"} + store);
      QCOMPARE(r.exitCode, 0);
      QVERIFY2(r.out.contains("no runs recorded yet"), qPrintable(r.out + r.err));
      for (const char* command : {"show", "export"}) {
        r = cliAt(home.path(), QStringList{"history", command, "1"} + store);
        QCOMPARE(r.exitCode, 1);
        QVERIFY2(r.err.contains("no run 1: no runs recorded yet: " + db + " does not exist"),
                 qPrintable(r.err));
        QVERIFY(r.out.isEmpty());
      }
      QVERIFY2(!QFile::exists(db), qPrintable(db));
    }
    QVERIFY(!QFileInfo::exists(defaultFolder));
    QCOMPARE(QDir(dir.path()).entryList(QDir::NoDotAndDotDot | QDir::AllEntries), QStringList{});
  }

  void corrupt_store_is_reported_and_replaced() {
    QTemporaryDir dir;
    const QString db = dir.filePath("runs.sqlite");
    QVERIFY(writeFile(db, QByteArray(4096, '\x5a')));
    auto r = cli(QStringList{"map"} + example("two_level_matmul") + QStringList{"--store", db});
    QVERIFY2(r.exitCode == 0, qPrintable(r.err));
    QVERIFY2(r.err.contains("the run store " + db + " is not a SQLite database") &&
                 r.err.contains("moved to " + db + ".corrupt-"),
             qPrintable(r.err));
    r = cli({"history", "list", "--store", db});
    QCOMPARE(r.out.split('\n', Qt::SkipEmptyParts).size(), 2);
  }

  void unwritable_store_fails_before_the_run() {
    QTemporaryDir dir;
    const QString file = dir.filePath("plain");
    QVERIFY(writeFile(file, "x"));
    const auto r =
        cli(QStringList{"map"} + example("two_level_matmul") + QStringList{"--store", file + "/runs.sqlite"});
    QCOMPARE(r.exitCode, 1);
    QVERIFY2(r.err.contains(file) && !r.out.contains("chosen mapping"), qPrintable(r.err + r.out));
  }

  // `--store` alone: the explorer's data folder (XDG_DATA_HOME points it into the test's folder).
  void default_store_is_the_explorers() {
    QTemporaryDir dir;
    QProcess p;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert("XDG_DATA_HOME", dir.path());
    p.setProcessEnvironment(env);
    p.start(AF_CLI_EXE, QStringList{"map"} + example("two_level_matmul") + QStringList{"--store"});
    QVERIFY(p.waitForFinished(60000));
    QVERIFY2(p.exitCode() == 0, p.readAllStandardError().constData());
    const QString expected = dir.filePath("AccelForge Explorer/accelforge-explorer/runs.sqlite");
    QVERIFY2(QFile::exists(expected), qPrintable(QString::fromUtf8(p.readAllStandardOutput())));
    p.start(AF_CLI_EXE, {"history", "list"});
    QVERIFY(p.waitForFinished(60000));
    QCOMPARE(QString::fromUtf8(p.readAllStandardOutput()).split('\n', Qt::SkipEmptyParts).size(), 2);
  }

  // A bare `--store` takes no argument: the spec file or option after it stays one, and the
  // run goes to the default store. `--store=DB` names a store, and so does `--store DB` when DB
  // ends in .db, .sqlite or .sqlite3; any other word after `--store` is not a store.
  void store_never_takes_a_spec_file_or_option() {
    QTemporaryDir dir, home;
    const QStringList files = exampleCopy(dir, "two_level_matmul");
    QCOMPARE(files.size(), 2);
    const QByteArray arch = contents(files[0]), workload = contents(files[1]);
    const QString store = defaultStore(home);

    // Before the fix `--store` took arch.yaml as its store and moved it aside.
    auto r = cliAt(home.path(), QStringList{"map", "--store"} + files + QStringList{"--set", "M=8"});
    QVERIFY2(r.exitCode == 0, qPrintable(r.err));
    QVERIFY2(r.out.contains("stored as run 1 in " + store), qPrintable(r.out));
    QCOMPARE(contents(files[0]), arch);
    QCOMPARE(contents(files[1]), workload);
    QVERIFY(QDir(dir.path()).entryList({"*.corrupt-*"}).isEmpty());

    // A spec file after it (the second of two) and an option after it.
    r = cliAt(home.path(), QStringList{"map", files[0], "--store", files[1], "--set", "M=8"});
    QVERIFY2(r.exitCode == 0, qPrintable(r.err));
    QVERIFY2(r.out.contains("stored as run 2 in " + store), qPrintable(r.out));
    QCOMPARE(contents(files[1]), workload);
    r = cliAt(home.path(), QStringList{"map"} + files + QStringList{"--set", "M=8", "--store", "--unfused"});
    QVERIFY2(r.exitCode == 0, qPrintable(r.err));
    QVERIFY2(r.out.contains("stored as run 3 in " + store), qPrintable(r.out));
    r = cliAt(home.path(), {"history", "show", "3"});
    QVERIFY2(r.out.contains("unfused=true"), qPrintable(r.out));
    r = cliAt(home.path(), QStringList{"sweep"} + files +
                               QStringList{"--store", "--vary", "M=4,8", "--csv", dir.filePath("s.csv")});
    QVERIFY2(r.exitCode == 0, qPrintable(r.err));
    QVERIFY2(r.out.contains("stored as run 4 in " + store), qPrintable(r.out));

    // A named store: `--store=DB` (any name), `--store DB` with a store's suffix.
    const QString named = dir.filePath("named-store");
    r = cliAt(home.path(), QStringList{"map"} + files + QStringList{"--set", "M=8", "--store=" + named});
    QVERIFY2(r.exitCode == 0, qPrintable(r.err));
    QVERIFY2(r.out.contains("stored as run 1 in " + named), qPrintable(r.out));
    for (const char* suffix : {"db", "sqlite", "SQLITE3"}) {
      const QString db = dir.filePath(QStringLiteral("runs.") + suffix);
      r = cliAt(home.path(), QStringList{"map", "--store", db} + files + QStringList{"--set", "M=8"});
      QVERIFY2(r.exitCode == 0, qPrintable(r.err));
      QVERIFY2(r.out.contains("stored as run 1 in " + db), qPrintable(r.out));
    }
    // Any other word is a spec file: one that does not exist is an error, and no store is made.
    const QString other = dir.filePath("other");
    r = cliAt(home.path(), QStringList{"map"} + files + QStringList{"--set", "M=8", "--store", other});
    QCOMPARE(r.exitCode, 1);
    QVERIFY2(r.err.contains(other), qPrintable(r.err));
    QVERIFY(!QFile::exists(other));
    QVERIFY(cliAt(home.path(), {"map", "--help"}).out.contains("--store=DB"));
  }

  void two_maps_at_once_are_both_recorded() {
    QTemporaryDir dir;
    const QString db = dir.filePath("runs.sqlite");
    const QStringList args = QStringList{"map"} + example("three_level_matmul_chain") +
                             QStringList{"--threads", "1", "--store", db};
    QProcess one, two;
    one.start(AF_CLI_EXE, args);
    two.start(AF_CLI_EXE, args);
    QVERIFY(one.waitForFinished(60000) && two.waitForFinished(60000));
    QVERIFY2(one.exitCode() == 0, one.readAllStandardError().constData());
    QVERIFY2(two.exitCode() == 0, two.readAllStandardError().constData());
    const auto r = cli({"history", "list", "--store", db});
    QCOMPARE(r.out.split('\n', Qt::SkipEmptyParts).size(), 3);
  }
};

QTEST_GUILESS_MAIN(TestCliStore)
#include "test_cli_store.moc"
