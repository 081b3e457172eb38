// Table-driven: malformed specs through `accelforge validate` exit 1 with file:line and a
// message a person can act on; nothing crashes, hangs or exhausts memory.
#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QtTest>

#include "cli_runner.h"

namespace {

// A small valid arch and workload to combine with one broken file.
const char* kArch = R"(arch:
  nodes:
  - !Memory
    name: MainMemory
    size: inf
    leak_power: 0
    area: 0
    actions:
    - {name: read, energy: 1, throughput: inf}
    - {name: write, energy: 1, throughput: inf}
  - !Memory
    name: GlobalBuffer
    size: 1024
    leak_power: 0
    area: 0
    actions:
    - {name: read, energy: 1, throughput: inf}
    - {name: write, energy: 1, throughput: inf}
  - !Compute
    name: MAC
    leak_power: 0
    area: 0
    actions:
    - {name: compute, energy: 1, throughput: 1}
)";

const char* kWorkload = R"(workload:
  rank_sizes: {M: 8, K: 4, N: 8}
  bits_per_value: {All: 8}
  einsums:
  - name: Matmul
    tensor_accesses:
    - {name: A, projection: [m, k]}
    - {name: B, projection: [k, n]}
    - {name: Z, projection: [m, n], output: True}
)";

struct Case {
  const char* name;
  QByteArray broken;     // content of broken.yaml (given after arch + workload unless `alone`)
  const char* location;  // expected "broken.yaml:LINE" prefix (or other file)
  const char* message;   // expected substring of the message
  bool alone = false;    // only the broken file
  QStringList extra_args{};
  bool without_arch = false;  // the broken file brings its own arch
};

QByteArray deep_nesting(int depth) {
  QByteArray text = "workload: ";
  text += QByteArray(depth, '[');
  text += QByteArray(depth, ']');
  return text + "\n";
}

QByteArray garbage() {
  QByteArray text;
  for (int i = 0; i < 4096; ++i) text.append(static_cast<char>((i * 7919 + 13) % 256));
  return text;
}

}  // namespace

class TestMalformed : public QObject {
  Q_OBJECT
 private slots:
  void malformed_data() {
    QTest::addColumn<QByteArray>("broken");
    QTest::addColumn<QString>("location");
    QTest::addColumn<QString>("message");
    QTest::addColumn<bool>("alone");
    QTest::addColumn<QStringList>("extra");
    QTest::addColumn<bool>("without_arch");
    const QList<Case> cases{
        {"bad yaml: unclosed bracket", "mapping:\n  nodes: [!Storage {tensors: [A}\n", "broken.yaml:2", "",
         true},
        {"bad yaml: bad indentation", "workload:\n  einsums:\n    - name: x\n   bad: 1\n", "broken.yaml:", "",
         true},
        {"bad yaml: tab indentation", "workload:\n\teinsums: []\n", "broken.yaml:2", "", true},
        {"bad jinja: unclosed tag", "{% if X %}\nworkload: {}\n", "broken.yaml:", "endif", true},
        {"bad jinja: unknown tag", "{% frobnicate %}\n", "broken.yaml:1", "frobnicate", true},
        {"bad jinja: unclosed expression", "workload: {{ 1 + }}\n", "broken.yaml:1", "", true},
        {"undefined jinja name", "{% set X = N_EINSUMZ %}\nworkload: {}\n", "broken.yaml:1", "N_EINSUMZ",
         true},
        {"jinja assert fails", "{% assert 1 == 2, \"sizes must match\" %}\n", "broken.yaml:1",
         "sizes must match", true},
        {"missing include", "{{ include_text(\"nowhere.yaml\") }}\n", "broken.yaml:1", "nowhere.yaml", true},
        {"circular include", "workload: !include broken.yaml\n", "broken.yaml", "include", true},
        {"empty file", "", "broken.yaml", "empty", true},
        {"only a comment", "# nothing here\n", "broken.yaml", "empty", true},
        {"top level is a list", "- a\n- b\n", "broken.yaml:1", "mapping", true},
        {"binary garbage", garbage(), "broken.yaml", "", true},
        {"10000-deep nesting", deep_nesting(10000), "broken.yaml:1", "deep", true},
        {"unknown top-level key", "mapinng:\n  nodes: []\n", "broken.yaml:1", "did you mean mapping?"},
        {"unknown arch tag", "arch:\n  nodes:\n  - !Memroy {name: X, size: 1}\n", "broken.yaml:3",
         "did you mean Memory?", true},
        {"unknown mapping tag", "mapping:\n  nodes:\n  - !Temporl {rank_variable: m, tile_shape: 1}\n",
         "broken.yaml:3", "did you mean Temporal?"},
        {"unknown field with near name",
         "mapping:\n  nodes:\n  - !Temporal {rank_variabel: m, tile_shape: 1}\n", "broken.yaml:3",
         "did you mean rank_variable?"},
        {"mapping names unknown component",
         "mapping:\n  nodes:\n  - !Storage {tensors: [A, B, Z], component: GlobalBufer}\n"
         "  - !Compute {einsum: Matmul, component: MAC}\n",
         "broken.yaml:3", "did you mean GlobalBuffer?"},
        {"mapping names unknown tensor",
         "mapping:\n  nodes:\n  - !Storage {tensors: [A, B, Zz], component: MainMemory}\n", "broken.yaml:3",
         "did you mean Z?"},
        {"mapping names unknown einsum",
         "mapping:\n  nodes:\n  - !Compute {einsum: Matmull, component: MAC}\n", "broken.yaml:3",
         "did you mean Matmul?"},
        {"wrong type: tile shape", "mapping:\n  nodes:\n  - !Temporal {rank_variable: m, tile_shape: big}\n",
         "broken.yaml:3", "positive integer"},
        {"wrong type: nodes not a list", "mapping:\n  nodes: 5\n", "broken.yaml:2", "expected a list"},
        {"bad expression in variables", "variables:\n  X: 3 +* 4\n", "broken.yaml:2", "X"},
        {"undefined name in expression", "variables:\n  X: GlobalBufferSize * 2\n", "broken.yaml:2",
         "GlobalBufferSize"},
        {"bad einsum string",
         "workload:\n  bits_per_value: {All: 8}\n  rank_sizes: {M: 4}\n  einsums:\n"
         "  - \"Z[m] = A[m\"\n",
         "broken.yaml:5", "Einsum", true},
        {"einsum without output",
         "workload:\n  bits_per_value: {All: 8}\n  rank_sizes: {M: 4}\n  einsums:\n  - name: E\n"
         "    tensor_accesses:\n    - {name: A, projection: [m]}\n",
         "broken.yaml:5", "output", true},
        {"rank variable without bound",
         "workload:\n  bits_per_value: {All: 8}\n  einsums:\n  - name: E\n    tensor_accesses:\n"
         "    - {name: A, projection: [m]}\n    - {name: Z, projection: [m], output: True}\n",
         "broken.yaml:4", "no bound", true},
        {"negative rank size",
         "workload:\n  bits_per_value: {All: 8}\n  rank_sizes: {M: -4}\n  einsums:\n  - name: E\n    "
         "tensor_accesses:\n"
         "    - {name: A, projection: [m]}\n    - {name: Z, projection: [m], output: True}\n",
         "broken.yaml:3", "at least 1", true},
        {"list projection with upper case",
         "workload:\n  bits_per_value: {All: 8}\n  rank_sizes: {M: 4}\n  einsums:\n  - name: E\n    "
         "tensor_accesses:\n"
         "    - {name: A, projection: [M]}\n    - {name: Z, projection: [m], output: True}\n",
         "broken.yaml:7", "lower-case", true},
        {"memory without size",
         "arch:\n  nodes:\n  - !Memory {name: X, leak_power: 0, area: 0}\n"
         "  - !Compute {name: C, leak_power: 0, area: 0, actions: [{name: compute, energy: 1, "
         "throughput: 1}]}\n",
         "broken.yaml:3",
         "size",
         false,
         {},
         true},
        {"quoted number is a string",
         "arch:\n  nodes:\n  - !Memory {name: X, size: \"1024*8\", leak_power: 0, area: 0,"
         " actions: [{name: read, energy: 1, throughput: 1}, {name: write, energy: 1, "
         "throughput: 1}]}\n"
         "  - !Compute {name: C, leak_power: 0, area: 0, actions: [{name: compute, "
         "energy: 1, throughput: 1}]}\n",
         "broken.yaml:3",
         "number",
         false,
         {},
         true},
        {"duplicate einsum names",
         "workload:\n  bits_per_value: {All: 8}\n  rank_sizes: {M: 4}\n  einsums:\n  - \"Z[m] = A[m]\"\n"
         "  - \"Z[m] = B[m]\"\n",
         "broken.yaml:6", "named 'Z'", true},
        {"yaml error after jinja loops names the source line",
         "{% for i in range(3) %}\n# comment {{i}}\n{% endfor %}\nworkload:\n  einsums: [\n", "broken.yaml:5",
         "never closed", true},
        {"bad --set assignment", "workload: {}\n", "", "NAME=VALUE", true, {"--set", "NOEQUALS"}},
        {"missing file", "", "does_not_exist.yaml", "", true, {"does_not_exist.yaml"}},
    };
    for (const auto& c : cases)
      QTest::newRow(c.name) << c.broken << QString(c.location) << QString(c.message) << c.alone
                            << c.extra_args << c.without_arch;
  }

  void malformed() {
    QFETCH(QByteArray, broken);
    QFETCH(QString, location);
    QFETCH(QString, message);
    QFETCH(bool, alone);
    QFETCH(QStringList, extra);
    QFETCH(bool, without_arch);
    QTemporaryDir dir;
    const auto write = [&](const QString& name, const QByteArray& text) {
      QVERIFY(writeFile(dir.filePath(name), text));
    };
    write("arch.yaml", kArch);
    write("workload.yaml", kWorkload);
    write("broken.yaml", broken);
    QStringList args{"validate"};
    if (!alone && !without_arch) args << dir.filePath("arch.yaml");
    if (!alone) args << dir.filePath("workload.yaml");
    args << dir.filePath("broken.yaml") << extra;
    for (QString& a : args)
      if (a == "does_not_exist.yaml") a = dir.filePath(a);
    const auto r = runProcess(AF_CLI_EXE, args, 60000);
    QVERIFY2(r.exitCode == 1,
             qPrintable(QString("exit %1\nstdout: %2\nstderr: %3").arg(r.exitCode).arg(r.out, r.err)));
    QVERIFY2(r.err.contains(location), qPrintable(r.err));
    QVERIFY2(r.err.contains(message, Qt::CaseInsensitive), qPrintable(r.err));
    QVERIFY2(r.err.contains("error"), qPrintable(r.err));
  }

  void valid_baseline() {
    QTemporaryDir dir;
    QFile a(dir.filePath("arch.yaml")), w(dir.filePath("workload.yaml"));
    QVERIFY(a.open(QIODevice::WriteOnly) && w.open(QIODevice::WriteOnly));
    a.write(kArch);
    w.write(kWorkload);
    a.close();
    w.close();
    const auto r = runProcess(AF_CLI_EXE, {"validate", a.fileName(), w.fileName()});
    QVERIFY2(r.exitCode == 0, qPrintable(r.err));
    QVERIFY(r.out.contains("Matmul"));
    QVERIFY(r.out.contains("GlobalBuffer"));
  }
};

QTEST_GUILESS_MAIN(TestMalformed)
#include "test_malformed.moc"
