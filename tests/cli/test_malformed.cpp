// Hostile and broken input through the real `accelforge` executable. Every case runs under a
// memory cap (RLIMIT_AS) and a wall-time bound, and asserts the exit code, the place
// (file:line[:column]) and the field of the message. Classes: broken YAML/Jinja, unknown
// names, NaN / negative / zero / overflowing numbers, cyclic workloads, loops larger than the
// tile around them, spaces that used to hang the counter, unbounded reads (/dev/zero,
// /dev/urandom, pipes), include places, long expressions, usage errors, and Ctrl-C.
// Only inline specs and resources/examples: no reference corpus needed.
#include <signal.h>
#include <sys/stat.h>

#include <QDir>
#include <QFile>
#include <QProcess>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QtTest>

#include "cli_runner.h"

namespace {

constexpr qint64 kMemoryCap = qint64{1} << 30;  // 1 GiB of address space per run
// A hang detector, not a benchmark: cases take 20-300 ms, the hangs this guards against took
// minutes or forever, and CI machines are shared (ctest -j2 beside the mapper tests).
constexpr int kCaseTimeMs = 20000;
const QString kExamples = QStringLiteral(AF_SOURCE_DIR "/resources/examples/");

// Line numbers below are those of these templates; each @SLOT@ is exactly one line.
const char* kArchTemplate = R"(arch:
  nodes:
  - !Memory
    name: MainMemory
    size: inf
    leak_power: 0
    area: 0
    @MM_SLOT@
    actions:
    - {name: read, energy: 1, throughput: inf}
    - {name: write, energy: 1, throughput: inf}
  - !Memory
    name: GlobalBuffer
    @GB_SIZE@
    @GB_LEAK@
    @GB_AREA@
    @GB_SLOT@
    actions:
    - @GB_READ@
    - {name: write, energy: 1, throughput: inf}
  - !Compute
    name: MAC
    leak_power: 0
    area: 0
    @MAC_SLOT@
    actions:
    - @MAC_ACTION@
)";

const char* kWorkloadTemplate = R"(workload:
  rank_sizes: {M: @M@, K: @K@, N: @N@}
  bits_per_value: {All: @BPV@}
  @WL_SLOT@
  einsums:
  - name: Matmul
    @E_SLOT@
    tensor_accesses:
    - {name: A, projection: [m, k]}
    - {name: B, projection: [k, n]}
    - {name: Z, projection: [m, n], output: True}
)";

const char* kMappingTemplate = R"(mapping:
  nodes:
  - !Storage {tensors: [A, B, Z], component: MainMemory}
  - !Temporal {rank_variable: m, tile_shape: @T_OUTER@}
  - @INNER_LOOP@
  - !Temporal {rank_variable: n, tile_shape: 1}
  - !Temporal {rank_variable: k, tile_shape: 1}
  - !Compute {einsum: Matmul, component: MAC}
)";

using Slots = QList<QPair<QByteArray, QByteArray>>;

QByteArray fill(QByteArray text, const Slots& defaults, const Slots& given) {
  for (const auto& [slot, value] : given) text.replace(slot, value);
  for (const auto& [slot, value] : defaults) text.replace(slot, value);
  return text;
}

QByteArray arch(const Slots& given = {}) {
  return fill(kArchTemplate,
              {{"@MM_SLOT@", "# main memory"},
               {"@GB_SIZE@", "size: 1024"},
               {"@GB_LEAK@", "leak_power: 0"},
               {"@GB_AREA@", "area: 0"},
               {"@GB_SLOT@", "# global buffer"},
               {"@GB_READ@", "{name: read, energy: 1, throughput: inf}"},
               {"@MAC_SLOT@", "# mac"},
               {"@MAC_ACTION@", "{name: compute, energy: 1, throughput: 1}"}},
              given);
}

QByteArray workload(const Slots& given = {}) {
  return fill(kWorkloadTemplate,
              {{"@M@", "8"},
               {"@K@", "4"},
               {"@N@", "8"},
               {"@BPV@", "8"},
               {"@WL_SLOT@", "# workload"},
               {"@E_SLOT@", "# einsum"}},
              given);
}

QByteArray mapping(const Slots& given = {}) {
  return fill(kMappingTemplate,
              {{"@T_OUTER@", "4"}, {"@INNER_LOOP@", "!Temporal {rank_variable: m, tile_shape: 1}"}}, given);
}

// The arch without its `arch:` line, un-indented: what `arch: !include sub.yaml` reads.
QByteArray arch_body(const Slots& given = {}) {
  QByteArray out;
  const auto lines = arch(given).split('\n');
  for (qsizetype i = 1; i < lines.size(); ++i) out += lines[i].mid(2) + '\n';
  return out;
}

QByteArray cycle_workload() {
  return R"(workload:
  rank_sizes: {M: 8}
  bits_per_value: {All: 8}
  einsums:
  - name: A
    tensor_accesses:
    - {name: T1, projection: [m]}
    - {name: T0, projection: [m], output: True}
  - name: B
    tensor_accesses:
    - {name: T0, projection: [m]}
    - {name: T1, projection: [m], output: True}
)";
}

QByteArray causal_workload() {
  return R"(workload:
  rank_sizes: {M: {{S}}, N: {{S}}, E: 64}
  bits_per_value: {All: 8}
  iteration_space_shape: {n: "0 <= n <= m"}
  einsums:
  - name: QK
    tensor_accesses:
    - {name: Q, projection: [m, e]}
    - {name: K, projection: [n, e]}
    - {name: S, projection: [m, n], output: True}
)";
}

QByteArray deep_nesting(int depth) {
  return "workload: " + QByteArray(depth, '[') + QByteArray(depth, ']') + "\n";
}

QByteArray garbage() {
  QByteArray text;
  for (int i = 0; i < 4096; ++i) text.append(static_cast<char>((i * 7919 + 13) % 256));
  return text;
}

// One run of the CLI on files written into a temp dir.
struct Case {
  const char* name = "";
  QList<QPair<QString, QByteArray>> files{};  // written and passed in this order (unless `!`-prefixed)
  QStringList extra{};                        // more arguments; @DIR@ becomes the temp dir
  int exit_code = 1;
  // Where the message points: "file.yaml:LINE", "file.yaml:LINE:COL", "file" (no line), or
  // "accelforge" for usage errors (then `field` is the option).
  QString location{};
  QString field{};         // the message's field; empty: the message is about a file or text itself
  QStringList messages{};  // each must appear, in this order, on the same line
  QString command = "validate";
  bool warning = false;  // expect "warning:" rather than "error:"
};

using Files = QList<QPair<QString, QByteArray>>;

Files arch_workload(const QByteArray& a = arch(), const QByteArray& w = workload()) {
  return {{"arch.yaml", a}, {"workload.yaml", w}};
}

Files with_mapping(const QByteArray& m) { return arch_workload() + Files{{"mapping.yaml", m}}; }

Files broken(const QByteArray& text) { return {{"broken.yaml", text}}; }

Files plus_broken(const QByteArray& text) { return arch_workload() + broken(text); }

QString pattern_for(const Case& c) {
  QString p;
  if (c.location == "accelforge") {
    p = "^accelforge: " + QRegularExpression::escape(c.field) + ": ";
  } else {
    p = "(?:^|/)" + QRegularExpression::escape(c.location);
    const int colons = static_cast<int>(c.location.count(':'));
    if (colons < 2) p += colons == 0 ? "(?::\\d+){0,2}" : "(?::\\d+)?";
    p += c.warning ? ": warning: " : ": error: ";
    if (!c.field.isEmpty()) p += QRegularExpression::escape(c.field) + ": ";
  }
  for (const auto& m : c.messages) p += ".*" + QRegularExpression::escape(m);
  return p;
}

QList<Case> cases() {
  const QString gb = "arch.nodes[1](GlobalBuffer)";
  const QString mac = "arch.nodes[2](MAC)";
  return {
      // --- YAML and Jinja text ----------------------------------------------------------------
      {"yaml: unclosed bracket",
       broken("mapping:\n  nodes: [!Storage {tensors: [A}\n"),
       {},
       1,
       "broken.yaml:2",
       {},
       {}},
      {"yaml: bad indentation",
       broken("workload:\n  einsums:\n    - name: x\n   bad: 1\n"),
       {},
       1,
       "broken.yaml:4",
       {},
       {}},
      {"yaml: tab indentation", broken("workload:\n\teinsums: []\n"), {}, 1, "broken.yaml:2", {}, {"tab"}},
      {"yaml: empty file", broken(""), {}, 1, "broken.yaml", {}, {"empty"}},
      {"yaml: only a comment", broken("# nothing here\n"), {}, 1, "broken.yaml", {}, {"empty"}},
      {"yaml: top level is a list", broken("- a\n- b\n"), {}, 1, "broken.yaml:1", {}, {"mapping"}},
      {"yaml: binary garbage", broken(garbage()), {}, 1, "broken.yaml:2:1", {}, {"not valid UTF-8"}},
      {"yaml: 10000-deep nesting", broken(deep_nesting(10000)), {}, 1, "broken.yaml:1", {}, {"deep"}},
      {"yaml: error after jinja loops names the source line",
       broken("{% for i in range(3) %}\n# comment {{i}}\n{% endfor %}\nworkload:\n  einsums: [\n"),
       {},
       1,
       "broken.yaml:5",
       {},
       {"never closed"}},
      {"jinja: unclosed tag", broken("{% if X %}\nworkload: {}\n"), {}, 1, "broken.yaml", {}, {"endif"}},
      {"jinja: unknown tag", broken("{% frobnicate %}\n"), {}, 1, "broken.yaml:1", {}, {"frobnicate"}},
      {"jinja: undefined name",
       broken("{% set X = N_EINSUMZ %}\nworkload: {}\n"),
       {},
       1,
       "broken.yaml:1",
       {},
       {"N_EINSUMZ"}},
      {"jinja: assert fails",
       broken("{% assert 1 == 2, \"sizes must match\" %}\n"),
       {},
       1,
       "broken.yaml:1",
       {},
       {"sizes must match"}},

      // --- unknown names (did you mean) -------------------------------------------------------
      {"unknown top-level key",
       plus_broken("mapinng:\n  nodes: []\n"),
       {},
       1,
       "broken.yaml:1",
       "mapinng",
       {"did you mean mapping?"}},
      {"unknown arch tag",
       arch_workload(arch({{"- !Compute", "- !Compte"}})),
       {},
       1,
       "arch.yaml:21",
       {},
       {"did you mean Compute?"}},
      {"unknown mapping tag",
       with_mapping(mapping({{"@INNER_LOOP@", "!Temporl {rank_variable: m, tile_shape: 1}"}})),
       {},
       1,
       "mapping.yaml:5",
       "mapping.nodes[2]",
       {"did you mean Temporal?"}},
      {"mapping names unknown component",
       with_mapping(mapping({{"component: MainMemory", "component: MainMemroy"}})),
       {},
       1,
       "mapping.yaml:3",
       "mapping.component",
       {"did you mean MainMemory?"}},
      {"mapping names unknown tensor",
       with_mapping(mapping({{"[A, B, Z]", "[A, B, Zz]"}})),
       {},
       1,
       "mapping.yaml:3",
       "mapping.tensors",
       {"did you mean Z?"}},
      {"mapping names unknown einsum",
       with_mapping(mapping({{"einsum: Matmul", "einsum: Matmull"}})),
       {},
       1,
       "mapping.yaml:8",
       "mapping.einsum",
       {"did you mean Matmul?"}},
      {"undefined name in an expression",
       plus_broken("variables:\n  X: GlobalBufferSize * 2\n"),
       {},
       1,
       "broken.yaml:2",
       "variables.X",
       {"GlobalBufferSize"}},
      {"keep names a missing tensor (warning, did you mean)",
       arch_workload(arch({{"@MM_SLOT@", "tensors: {keep: Zz}"}})),
       {},
       0,
       "arch.yaml:8",
       "arch.nodes[0](MainMemory).tensors.keep",
       {"Zz", "did you mean Z?", "per storage choice"},
       "validate",
       true},
      // AccelForge evaluates it again per storage choice and raises there: so does map.
      {"keep names a missing tensor: map stops with the error",
       arch_workload(arch({{"@MM_SLOT@", "tensors: {keep: Zz}"}})),
       {},
       1,
       "arch.yaml:8",
       "arch.nodes[0](MainMemory).tensors.keep",
       {"Zz"},
       "map"},

      // --- NaN, negative, zero ----------------------------------------------------------------
      {"size: nan",
       arch_workload(arch({{"@GB_SIZE@", "size: nan"}})),
       {},
       1,
       "arch.yaml:14",
       gb + ".size",
       {"nan"}},
      {"size: .nan (YAML)",
       arch_workload(arch({{"@GB_SIZE@", "size: .nan"}})),
       {},
       1,
       "arch.yaml:14",
       gb + ".size",
       {"nan"}},
      {"size: float('nan') expression",
       arch_workload(arch({{"@GB_SIZE@", "size: float('nan')"}})),
       {},
       1,
       "arch.yaml:14",
       gb + ".size",
       {"nan"}},
      {"size: negative",
       arch_workload(arch({{"@GB_SIZE@", "size: -5"}})),
       {},
       1,
       "arch.yaml:14:11",
       gb + ".size",
       {"at least 0", "-5"}},
      {"size: -inf",
       arch_workload(arch({{"@GB_SIZE@", "size: -.inf"}})),
       {},
       1,
       "arch.yaml:14",
       gb + ".size",
       {"at least 0"}},
      {"size: 1/0",
       arch_workload(arch({{"@GB_SIZE@", "size: 1/0"}})),
       {},
       1,
       "arch.yaml:14",
       gb + ".size",
       {"division by zero"}},
      {"leak_power: nan",
       arch_workload(arch({{"@GB_LEAK@", "leak_power: nan"}})),
       {},
       1,
       "arch.yaml:15",
       gb + ".leak_power",
       {"nan"}},
      {"area: nan",
       arch_workload(arch({{"@GB_AREA@", "area: nan"}})),
       {},
       1,
       "arch.yaml:16",
       gb + ".area",
       {"nan"}},
      {"energy: nan",
       arch_workload(arch({{"@GB_READ@", "{name: read, energy: nan, throughput: inf}"}})),
       {},
       1,
       "arch.yaml:19",
       gb + ".actions[0].energy",
       {"nan"}},
      {"throughput: 0 (was a float division by zero)",
       arch_workload(arch({{"@MAC_ACTION@", "{name: compute, energy: 1, throughput: 0}"}})),
       {},
       1,
       "arch.yaml:27",
       mac + ".actions[0].throughput",
       {"must be positive", "got 0"}},
      {"throughput: negative",
       arch_workload(arch({{"@GB_READ@", "{name: read, energy: 1, throughput: -2}"}})),
       {},
       1,
       "arch.yaml:19",
       gb + ".actions[0].throughput",
       {"must be positive"}},
      {"throughput: nan",
       arch_workload(arch({{"@GB_READ@", "{name: read, energy: 1, throughput: nan}"}})),
       {},
       1,
       "arch.yaml:19",
       gb + ".actions[0].throughput",
       {"nan"}},
      {"action throughput_scale: 0",
       arch_workload(
           arch({{"@MAC_ACTION@", "{name: compute, energy: 1, throughput: 1, throughput_scale: 0}"}})),
       {},
       1,
       "arch.yaml:27",
       mac + ".actions[0].throughput_scale",
       {"must be positive"}},
      {"component throughput_scale: 0",
       arch_workload(arch({{"@MAC_SLOT@", "throughput_scale: 0"}})),
       {},
       1,
       "arch.yaml:25",
       mac + ".throughput_scale",
       {"must be positive"}},
      {"n_parallel_instances: 0",
       arch_workload(arch({{"@MAC_SLOT@", "n_parallel_instances: 0"}})),
       {},
       1,
       "arch.yaml:25",
       mac + ".n_parallel_instances",
       {"must be positive"}},
      {"bits_per_action: 0",
       arch_workload(arch({{"@GB_SLOT@", "bits_per_action: 0"}})),
       {},
       1,
       "arch.yaml:17",
       gb + ".bits_per_action",
       {"must be positive"}},
      {"deprecated latency: negative",
       arch_workload(arch({{"@MAC_ACTION@", "{name: compute, energy: 1, latency: -1}"}})),
       {},
       1,
       "arch.yaml:27",
       mac + ".actions[0].latency",
       {"at least 0"}},
      {"energy_scale: nan",
       arch_workload(arch({{"@MAC_SLOT@", "energy_scale: nan"}})),
       {},
       1,
       "arch.yaml:25",
       mac + ".energy_scale",
       {"nan"}},
      {"fanout: 0",
       arch_workload(arch({{"@MAC_SLOT@", "spatial: [{name: X, fanout: 0}]"}})),
       {},
       1,
       "arch.yaml:25",
       mac + ".spatial[0].fanout",
       {"at least 1"}},
      {"fanout: nan",
       arch_workload(arch({{"@MAC_SLOT@", "spatial: [{name: X, fanout: nan}]"}})),
       {},
       1,
       "arch.yaml:25",
       mac + ".spatial[0].fanout",
       {"integer"}},
      {"negative energy is a warning, as in AccelForge",
       arch_workload(arch({{"@GB_READ@", "{name: read, energy: -1, throughput: inf}"}})),
       {},
       0,
       "arch.yaml:19",
       gb + ".actions[0].energy",
       {"negative energy"},
       "validate",
       true},
      {"rank size: nan",
       arch_workload(arch(), workload({{"@M@", "nan"}})),
       {},
       1,
       "workload.yaml:2",
       "workload.rank_sizes.M",
       {"integer"}},
      {"rank size: negative",
       arch_workload(arch(), workload({{"@M@", "-4"}})),
       {},
       1,
       "workload.yaml:2",
       "workload.rank_sizes.M",
       {"at least 1", "-4"}},
      {"rank size: 0",
       arch_workload(arch(), workload({{"@M@", "0"}})),
       {},
       1,
       "workload.yaml:2",
       "workload.rank_sizes.M",
       {"at least 1"}},
      {"rank size: 1.5",
       arch_workload(arch(), workload({{"@M@", "1.5"}})),
       {},
       1,
       "workload.yaml:2",
       "workload.rank_sizes.M",
       {"integer"}},
      {"bits_per_value: nan",
       arch_workload(arch(), workload({{"@BPV@", "nan"}})),
       {},
       1,
       "workload.yaml:3",
       "workload.bits_per_value.All",
       {"nan"}},
      {"bits_per_value: negative",
       arch_workload(arch(), workload({{"@BPV@", "-8"}})),
       {},
       1,
       "workload.yaml:3",
       "workload.bits_per_value.All",
       {"at least 0"}},
      {"workload n_instances: negative",
       arch_workload(arch(), workload({{"@WL_SLOT@", "n_instances: -1"}})),
       {},
       1,
       "workload.yaml:4",
       "workload.n_instances",
       {"at least 0"}},
      {"einsum n_instances: nan",
       arch_workload(arch(), workload({{"@E_SLOT@", "n_instances: nan"}})),
       {},
       1,
       "workload.yaml:7",
       "workload.einsums[0].n_instances",
       {"nan"}},

      // --- numbers past 64 bits: shown as written, never wrapped --------------------------------
      {"rank size past 64 bits",
       arch_workload(arch(), workload({{"@M@", "99999999999999999999"}})),
       {},
       1,
       "workload.yaml:2",
       "workload.rank_sizes.M",
       {"99999999999999999999 does not fit"}},
      {"rank size 2**70",
       arch_workload(arch(), workload({{"@M@", "2**70"}})),
       {},
       1,
       "workload.yaml:2",
       "workload.rank_sizes.M",
       {"integer overflow"}},
      {"einsum rank size past 64 bits",
       arch_workload(arch(), workload({{"@E_SLOT@", "rank_sizes: {M: 18446744073709551616}"}})),
       {},
       1,
       "workload.yaml:7",
       "workload.einsums[0].rank_sizes.M",
       {"18446744073709551616 does not fit"}},
      {"fanout past 64 bits",
       arch_workload(arch({{"@MAC_SLOT@", "spatial: [{name: X, fanout: 99999999999999999999}]"}})),
       {},
       1,
       "arch.yaml:25",
       mac + ".spatial[0].fanout",
       {"99999999999999999999 does not fit"}},
      {"tile_shape past 64 bits",
       with_mapping(mapping({{"@T_OUTER@", "99999999999999999999"}})),
       {},
       1,
       "mapping.yaml:4",
       "mapping.nodes[1].tile_shape",
       {"99999999999999999999 does not fit"}},
      {"integer overflow in variables",
       plus_broken("variables:\n  X: 2**64\n"),
       {},
       1,
       "broken.yaml:2",
       "variables.X",
       {"overflow"}},

      // --- workload structure and iteration spaces ------------------------------------------------
      {"einsums form a cycle A -> B -> A",
       arch_workload(arch(), cycle_workload()),
       {},
       1,
       "workload.yaml:9",
       "workload.einsums[1]",
       {"cycle", "A -> B -> A"}},
      {"einsums form a cycle of three",
       arch_workload(arch(),
                     "workload:\n  rank_sizes: {M: 8}\n  bits_per_value: {All: 8}\n  einsums:\n"
                     "  - \"T0[m] = T2[m]\"\n  - \"T1[m] = T0[m]\"\n  - \"T2[m] = T1[m]\"\n"),
       {},
       1,
       "workload.yaml:7",
       "workload.einsums[2]",
       {"cycle", "T0 -> T1 -> T2 -> T0"}},
      {"bad einsum string",
       broken(
           "workload:\n  bits_per_value: {All: 8}\n  rank_sizes: {M: 4}\n  einsums:\n  - \"Z[m] = A[m\"\n"),
       {},
       1,
       "broken.yaml:5",
       "workload.einsums[0]",
       {"Einsum"}},
      {"einsum without output",
       broken("workload:\n  bits_per_value: {All: 8}\n  rank_sizes: {M: 4}\n  einsums:\n  - name: E\n"
              "    tensor_accesses:\n    - {name: A, projection: [m]}\n"),
       {},
       1,
       "broken.yaml:5",
       "workload.einsums[0]",
       {"output"}},
      {"rank variable without bound",
       broken("workload:\n  bits_per_value: {All: 8}\n  einsums:\n  - name: E\n    tensor_accesses:\n"
              "    - {name: A, projection: [m]}\n    - {name: Z, projection: [m], output: True}\n"),
       {},
       1,
       "broken.yaml:4",
       "workload",
       {"no bound"}},
      {"duplicate einsum names",
       broken("workload:\n  bits_per_value: {All: 8}\n  rank_sizes: {M: 4}\n  einsums:\n  - \"Z[m] = A[m]\"\n"
              "  - \"Z[m] = B[m]\"\n"),
       {},
       1,
       "broken.yaml:6",
       "workload.einsums",
       {"named 'Z'"}},
      {"iteration space is empty",
       arch_workload(arch(), workload({{"@E_SLOT@", "iteration_space_shape: [\"m < 0\"]"}})),
       {},
       1,
       "workload.yaml:6",
       "workload.einsums[0]",
       {"Matmul", "empty"}},
      {"iteration space with a free name",
       arch_workload(arch(), workload({{"@E_SLOT@", "iteration_space_shape: [\"m < X\"]"}})),
       {},
       1,
       "workload.yaml:6",
       "workload.einsums[0]",
       {"Matmul", "X is not a rank variable"}},
      {"iteration space too costly to count (3 coupled 2^21 ranks) ends with an error",
       arch_workload(
           arch(),
           workload({{"@M@", "2097152"},
                     {"@K@", "2097152"},
                     {"@N@", "2097152"},
                     {"@E_SLOT@", "iteration_space_shape: [\"n <= m + k\", \"k <= m\", \"n >= m - k\"]"}})),
       {},
       1,
       "workload.yaml:6",
       "workload.einsums[0]",
       {"Matmul", "more work than the limit"}},
      {"list projection with upper case",
       broken("workload:\n  bits_per_value: {All: 8}\n  rank_sizes: {M: 4}\n  einsums:\n  - name: E\n"
              "    tensor_accesses:\n    - {name: A, projection: [M]}\n    - {name: Z, projection: [m], "
              "output: True}\n"),
       {},
       1,
       "broken.yaml:7",
       "workload.einsums[0].tensor_accesses[0].projection",
       {"lower-case"}},

      // --- mapping loops: a tile never exceeds the tile around it ----------------------------------
      {"temporal tile larger than the rank bound",
       with_mapping(mapping({{"@T_OUTER@", "16"}})),
       {},
       1,
       "mapping.yaml:4",
       "mapping.tile_shape",
       {"tile_shape 16", "bound of m", "(8)"}},
      {"temporal tile larger than the enclosing tile",
       with_mapping(mapping({{"@INNER_LOOP@", "!Temporal {rank_variable: m, tile_shape: 8}"}})),
       {},
       1,
       "mapping.yaml:5",
       "mapping.tile_shape",
       {"tile_shape 8", "enclosing loop over m (4 at", "mapping.yaml:4"}},
      {"spatial tile larger than the enclosing tile",
       arch_workload(arch({{"@MAC_SLOT@", "spatial: [{name: X, fanout: 16}]"}})) +
           Files{{"mapping.yaml",
                  mapping({{"@INNER_LOOP@",
                            "!Spatial {rank_variable: m, tile_shape: 6, name: X, component: MAC}"}})}},
       {},
       1,
       "mapping.yaml:5",
       "mapping.tile_shape",
       {"tile_shape 6", "enclosing loop over m (4"}},
      {"tile_shape: 0",
       with_mapping(mapping({{"@T_OUTER@", "0"}})),
       {},
       1,
       "mapping.yaml:4",
       "mapping.nodes[1].tile_shape",
       {"positive integer"}},
      {"tile_shape: negative",
       with_mapping(mapping({{"@T_OUTER@", "-3"}})),
       {},
       1,
       "mapping.yaml:4",
       "mapping.nodes[1].tile_shape",
       {"positive integer"}},
      {"tile_shape: nan",
       with_mapping(mapping({{"@T_OUTER@", "nan"}})),
       {},
       1,
       "mapping.yaml:4",
       "mapping.nodes[1].tile_shape",
       {"positive integer"}},
      {"tile_shape: a word",
       with_mapping(mapping({{"@T_OUTER@", "big"}})),
       {},
       1,
       "mapping.yaml:4",
       "mapping.nodes[1].tile_shape",
       {"positive integer"}},
      {"evaluate refuses a loop larger than its bound",
       with_mapping(mapping({{"@T_OUTER@", "16"}})),
       {},
       1,
       "mapping.yaml:4",
       "mapping.tile_shape",
       {"tile_shape 16"},
       "evaluate"},

      // --- unbounded reads and include places -----------------------------------------------------
      {"validate /dev/zero", {}, {"/dev/zero"}, 1, "/dev/zero", {}, {"larger than the limit"}},
      {"validate /dev/urandom", {}, {"/dev/urandom"}, 1, "/dev/urandom", {}, {"larger than the limit"}},
      {"size: !include /dev/zero",
       arch_workload(arch({{"@GB_SIZE@", "size: !include /dev/zero"}})),
       {},
       1,
       "/dev/zero",
       {},
       {"larger than the limit", "included from", "arch.yaml:14:11"}},
      {"include_text('/dev/urandom')",
       broken("workload: {{ include_text('/dev/urandom') }}\n"),
       {},
       1,
       "/dev/urandom",
       {},
       {"larger than the limit"}},
      {"include_text('/dev/urandom') names the including place",
       broken("workload: {{ include_text('/dev/urandom') }}\n"),
       {},
       1,
       "broken.yaml:1:11",
       {},
       {"included from here"}},
      {"--component-costs /dev/zero",
       arch_workload(),
       {"--component-costs", "/dev/zero"},
       1,
       "/dev/zero",
       {},
       {"component-cost table", "larger than the limit"}},
      {"missing !include names the including place",
       arch_workload() + broken("variables: !include nowhere.yaml\n"),
       {},
       1,
       "nowhere.yaml",
       {},
       {"file not found", "included from", "broken.yaml:1:12"}},
      {"error inside an !include'd file names the including place",
       Files{{"workload.yaml", workload()},
             {"!sub.yaml", arch_body({{"@GB_SIZE@", "size: nan"}})},
             {"broken.yaml", "arch: !include sub.yaml\n"}},
       {},
       1,
       "sub.yaml:13",
       "arch.nodes[1](GlobalBuffer).size",
       {"nan", "included from", "broken.yaml:1:7"}},
      {"!include of a directory",
       arch_workload() + broken("variables: !include /\n"),
       {},
       1,
       "/",
       {},
       {"is a directory", "included from"}},
      {"missing include_text",
       broken("{{ include_text(\"nowhere.yaml\") }}\n"),
       {},
       1,
       "broken.yaml:1",
       {},
       {"nowhere.yaml"}},
      {"missing jinja include()",
       broken("workload: {{ include(\"nowhere.yaml\") }}\n"),
       {},
       1,
       "broken.yaml:1",
       {},
       {"nowhere.yaml"}},
      {"circular include",
       broken("workload: !include broken.yaml\n"),
       {},
       1,
       "broken.yaml",
       {},
       {"include cycle"}},
      {"missing file on the command line",
       {},
       {"@DIR@/does_not_exist.yaml"},
       1,
       "does_not_exist.yaml",
       {},
       {"file not found"}},
      {"cost table: NaN",
       arch_workload(arch({{"@GB_READ@", "{name: read}"}})) +
           Files{{"!costs.json", R"({"GlobalBuffer": {"actions": {"read": {"energy": NaN}}}})"}},
       {"--component-costs", "@DIR@/costs.json"},
       1,
       "costs.json",
       "GlobalBuffer.actions.read.energy",
       {"NaN"}},
      {"cost table: zero throughput",
       arch_workload(arch({{"@GB_READ@", "{name: read}"}})) +
           Files{{"!costs.json", R"({"GlobalBuffer": {"actions": {"read": {"throughput": 0}}}})"}},
       {"--component-costs", "@DIR@/costs.json"},
       1,
       "costs.json",
       "GlobalBuffer.actions.read.throughput",
       {"must be positive"}},

      // --- long expressions: the message shows the spot, not the whole text ------------------------
      {"error inside a 200 KB expression",
       plus_broken("variables:\n  X: " + QByteArray(100000, '(') + "1 +* 2" + QByteArray(100000, ')') + "\n"),
       {},
       1,
       "broken.yaml:2",
       "variables.X",
       {"…", "nested too deeply"}},
      {"error at the end of a long expression",
       plus_broken("variables:\n  X: " + QByteArray("1 + ").repeated(150) + "undefined_name\n"),
       {},
       1,
       "broken.yaml:2",
       "variables.X",
       {"…", "undefined_name"}},
      {"bad expression in variables",
       plus_broken("variables:\n  X: 3 +* 4\n"),
       {},
       1,
       "broken.yaml:2",
       "variables.X",
       {}},

      // --- usage errors (exit 2): the option and the range in words --------------------------------
      {"--threads -1",
       arch_workload(),
       {"--threads", "-1"},
       2,
       "accelforge",
       "--threads",
       {"a whole number from 0 (all cores) to 1024"},
       "map"},
      {"--threads 5000",
       arch_workload(),
       {"--threads", "5000"},
       2,
       "accelforge",
       "--threads",
       {"from 0 (all cores) to 1024"},
       "map"},
      {"--threads nan",
       arch_workload(),
       {"--threads", "nan"},
       2,
       "accelforge",
       "--threads",
       {"got 'nan'"},
       "map"},
      {"--max-fused-loops -1",
       arch_workload(),
       {"--max-fused-loops", "-1"},
       2,
       "accelforge",
       "--max-fused-loops",
       {"0 or more"},
       "map"},
      {"--objective-tolerance nan",
       arch_workload(),
       {"--objective-tolerance", "nan"},
       2,
       "accelforge",
       "--objective-tolerance",
       {"0 or more"},
       "map"},
      {"--tiling-coarseness 0",
       arch_workload(),
       {"--tiling-coarseness", "0"},
       2,
       "accelforge",
       "--tiling-coarseness",
       {"greater than 0"},
       "map"},
      {"--metric bogus (before reading any file)",
       {},
       {"@DIR@/does_not_exist.yaml", "--metric", "bogus"},
       2,
       "accelforge",
       "--metric",
       {"bogus"},
       "map"},
      {"bad --set assignment", arch_workload(), {"--set", "NOEQUALS"}, 1, "--set", {}, {"NAME=VALUE"}},
  };
}

// Runs `accelforge <command> <files...> <extra...>` on a case's files in a fresh temp dir.
ProcessResult run_case(const QTemporaryDir& dir, const Case& c) {
  QStringList args{c.command};
  for (const auto& [name, text] : c.files) {
    const bool passed = !name.startsWith('!');
    const QString path = dir.filePath(passed ? name : name.mid(1));
    if (!writeFile(path, text)) return {};
    if (passed) args << path;
  }
  for (QString a : c.extra) args << a.replace("@DIR@", dir.path());
  return runProcess(AF_CLI_EXE, args, kCaseTimeMs, kMemoryCap);
}

QString describe(const ProcessResult& r) {
  return QString("exit %1 after %2 ms%3\nstdout: %4\nstderr: %5")
      .arg(r.exitCode)
      .arg(r.elapsedMs)
      .arg(r.timedOut ? " (timed out)" : "")
      .arg(r.out.left(2000), r.err.left(2000));
}

}  // namespace

class TestMalformed : public QObject {
  Q_OBJECT
 private slots:
  void malformed_data() {
    QTest::addColumn<int>("index");
    const auto all = cases();
    for (int i = 0; i < all.size(); ++i) QTest::newRow(all[i].name) << i;
  }

  void malformed() {
    QFETCH(int, index);
    const Case c = cases()[index];
    QTemporaryDir dir;
    const ProcessResult r = run_case(dir, c);
    QVERIFY2(!r.timedOut && r.elapsedMs < kCaseTimeMs, qPrintable(describe(r)));
    QVERIFY2(r.exitCode == c.exit_code, qPrintable(describe(r)));
    const QRegularExpression pattern(
        pattern_for(c), QRegularExpression::MultilineOption | QRegularExpression::CaseInsensitiveOption);
    QVERIFY2(pattern.match(r.err + "\n" + r.out).hasMatch(),
             qPrintable("no line matches " + pattern.pattern() + "\n" + describe(r)));
    // Messages quote the failing spot, never a whole hostile text.
    QVERIFY2(r.err.size() < 4000, qPrintable(QString("stderr is %1 characters").arg(r.err.size())));
  }

  // At least 60 cases name a field (the rest are about a file or text as a whole).
  void malformed_count() {
    const auto all = cases();
    const auto with_field =
        std::count_if(all.begin(), all.end(), [](const Case& c) { return !c.field.isEmpty(); });
    QVERIFY2(with_field >= 60,
             qPrintable(QString("%1 of %2 cases name a field").arg(with_field).arg(all.size())));
    qInfo("%lld cases, %lld naming a field", static_cast<long long>(all.size()),
          static_cast<long long>(with_field));
  }

  // Inputs that used to hang or overflow, all valid: each finishes within the bound.
  void extreme_valid_data() {
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<QString>("expected");
    const QString two = kExamples + "two_level_matmul/";
    const QStringList huge{"--set", "M=2097152", "--set", "N=2097152", "--set", "K=2097152"};
    QTest::newRow("validate: matmul of three 2^21 ranks has 2^63 points")
        << (QStringList{"validate", two + "arch.yaml", two + "workload.yaml"} + huge)
        << "ops=9223372036854775808";
    QTest::newRow("map: matmul of three 2^21 ranks")
        << (QStringList{"map", two + "arch.yaml", two + "workload.yaml"} + huge) << "chosen mapping";
    QTest::newRow("map: a prime rank near 2^61") << QStringList{"map",
                                                                two + "arch.yaml",
                                                                two + "workload.yaml",
                                                                "--set",
                                                                "M=2305843009213693951",
                                                                "--set",
                                                                "N=2",
                                                                "--set",
                                                                "K=2"}
                                                 << "chosen mapping";
    QTest::newRow("validate: causal mask, S=4096")
        << QStringList{"validate", two + "arch.yaml", "@CAUSAL@", "--set", "S=4096"} << "ops=537001984";
    QTest::newRow("validate: causal mask, S=2^21")
        << QStringList{"validate", two + "arch.yaml", "@CAUSAL@", "--set", "S=2097152"}
        << "ops=140737555464192";
    QTest::newRow("evaluate: causal mask, S=4096")
        << QStringList{"evaluate", two + "arch.yaml", "@CAUSAL@", "@CAUSAL_MAPPING@", "--set", "S=4096"}
        << "total energy";
  }

  void extreme_valid() {
    QFETCH(QStringList, args);
    QFETCH(QString, expected);
    QTemporaryDir dir;
    QVERIFY(writeFile(dir.filePath("causal.yaml"), causal_workload()));
    QVERIFY(writeFile(dir.filePath("causal_mapping.yaml"), R"(mapping:
  nodes:
  - !Storage {tensors: [Q, K, S], component: DRAM}
  - !Temporal {rank_variable: m, tile_shape: 1}
  - !Storage {tensors: [Q, S], component: Scratchpad}
  - !Temporal {rank_variable: n, tile_shape: 1}
  - !Storage {tensors: [K], component: Scratchpad}
  - !Temporal {rank_variable: e, tile_shape: 1}
  - !Compute {einsum: QK, component: MAC}
)"));
    args.replaceInStrings("@CAUSAL@", dir.filePath("causal.yaml"));
    args.replaceInStrings("@CAUSAL_MAPPING@", dir.filePath("causal_mapping.yaml"));
    const auto r = runProcess(AF_CLI_EXE, args, kCaseTimeMs, kMemoryCap);
    QVERIFY2(!r.timedOut && r.exitCode == 0, qPrintable(describe(r)));
    QVERIFY2(r.out.contains(expected), qPrintable(describe(r)));
  }

  void bare_accelforge_is_a_usage_error() {
    const auto r = runProcess(AF_CLI_EXE, {}, kCaseTimeMs, kMemoryCap);
    QCOMPARE(r.exitCode, 2);
    QVERIFY2(r.err.contains("Usage"), qPrintable(r.err));
  }

  void misspelt_command_is_a_usage_error_with_a_suggestion() {
    const auto r = runProcess(AF_CLI_EXE, {"validat", "x.yaml"}, kCaseTimeMs, kMemoryCap);
    QCOMPARE(r.exitCode, 2);
    QVERIFY2(r.err.contains("unknown command 'validat' (did you mean validate?)"), qPrintable(r.err));
  }

  void no_valid_mapping_counts_are_sane() {
    QTemporaryDir dir;
    // The backing memory holds 8 bits: nothing fits anywhere.
    const Case c{"", arch_workload(arch({{"size: inf", "size: 8"}, {"@GB_SIZE@", "size: 8"}}))};
    QVERIFY(writeFile(dir.filePath("old.json"), "old\n"));
    auto with_json = c;
    with_json.command = "map";
    with_json.extra = {"--json", dir.filePath("old.json")};
    const auto r = run_case(dir, with_json);
    QVERIFY2(r.exitCode == 3, qPrintable(describe(r)));
    const auto m = QRegularExpression(R"(\((\d+) of the (\d+) pmappings searched\))").match(r.err);
    QVERIFY2(m.hasMatch(), qPrintable(r.err));
    QVERIFY2(m.captured(1).toLongLong() <= m.captured(2).toLongLong() && m.captured(2).toLongLong() > 0,
             qPrintable(r.err));
    QFile old(dir.filePath("old.json"));  // a failed run leaves an existing output alone
    QVERIFY(old.open(QIODevice::ReadOnly));
    QCOMPARE(old.readAll(), QByteArray("old\n"));
  }

  void map_writes_both_outputs_and_no_temp_files() {
    QTemporaryDir dir;
    const QString two = kExamples + "two_level_matmul/";
    const auto r = runProcess(AF_CLI_EXE,
                              {"map", two + "arch.yaml", two + "workload.yaml", "--json",
                               dir.filePath("out.json"), "--mapping-out", dir.filePath("out.yaml")},
                              kCaseTimeMs, kMemoryCap);
    QVERIFY2(r.exitCode == 0, qPrintable(describe(r)));
    QCOMPARE(QDir(dir.path()).entryList(QDir::Files), (QStringList{"out.json", "out.yaml"}));
    const auto back = runProcess(
        AF_CLI_EXE, {"evaluate", two + "arch.yaml", two + "workload.yaml", dir.filePath("out.yaml")},
        kCaseTimeMs, kMemoryCap);
    QVERIFY2(back.exitCode == 0, qPrintable(describe(back)));
  }

  // Ctrl-C mid-map: "interrupted", status 130, and neither output file (nor a temp file) left.
  void sigint_during_map_exits_130_without_outputs() {
    QTemporaryDir dir;
    const QString chain = kExamples + "three_level_matmul_chain/";
    QProcess p;
    p.setChildProcessModifier([] {
      const rlimit limit{static_cast<rlim_t>(kMemoryCap), static_cast<rlim_t>(kMemoryCap)};
#ifndef AF_SANITIZED_BUILD  // ASan reserves terabytes of address space for its shadow
      setrlimit(RLIMIT_AS, &limit);
#else
      (void)limit;
#endif
    });
    // Two fused Einsums of rank 720720 with imperfect tiles: minutes of search, so the signal
    // lands mid-run. (One Einsum of that size, two_level_matmul, maps in under a second now,
    // faster than the wait below on an idle machine.)
    p.start(AF_CLI_EXE, {"map", chain + "arch.yaml", chain + "workload.yaml", "--set", "M=720720", "--set",
                         "KN=720720", "--imperfect", "both", "--json", dir.filePath("out.json"),
                         "--mapping-out", dir.filePath("out.yaml")});
    QVERIFY(p.waitForStarted());
    QVERIFY2(!p.waitForFinished(1000), "the map finished before it could be interrupted");
    QElapsedTimer clock;
    clock.start();
    ::kill(static_cast<pid_t>(p.processId()), SIGINT);
    QVERIFY2(p.waitForFinished(5000), "no exit within 5 s of SIGINT");
    qInfo("exit %lld ms after SIGINT (wall clock; the bound is the 5 s wait above)", clock.elapsed());
    QCOMPARE(p.exitStatus(), QProcess::NormalExit);
    QCOMPARE(p.exitCode(), 130);
    QVERIFY(QString::fromUtf8(p.readAllStandardError()).contains("interrupted"));
    QCOMPARE(QDir(dir.path()).entryList(QDir::Files | QDir::Hidden), QStringList{});
  }

  // A FIFO nobody writes to: validate waits like `cat` would, and Ctrl-C still ends it.
  void sigint_during_a_blocked_read_exits_130() {
    QTemporaryDir dir;
    const QString fifo = dir.filePath("pipe.yaml");
    QVERIFY(::mkfifo(fifo.toLocal8Bit().constData(), 0600) == 0);
    QProcess writer;  // holds the FIFO open for writing without writing anything
    writer.start("sh", {"-c", "exec 3>\"$1\"; sleep 30", "sh", fifo});
    QVERIFY(writer.waitForStarted());
    QProcess p;
    p.start(AF_CLI_EXE, {"validate", fifo});
    QVERIFY(p.waitForStarted());
    QVERIFY(!p.waitForFinished(500));
    ::kill(static_cast<pid_t>(p.processId()), SIGINT);
    QVERIFY2(p.waitForFinished(5000), "no exit within 5 s of SIGINT");
    QCOMPARE(p.exitCode(), 130);
    writer.kill();
    writer.waitForFinished();
  }

  void valid_baseline() {
    QTemporaryDir dir;
    const Case c{"", arch_workload()};
    const auto r = run_case(dir, c);
    QVERIFY2(r.exitCode == 0, qPrintable(describe(r)));
    QVERIFY(r.out.contains("Matmul"));
    QVERIFY(r.out.contains("GlobalBuffer"));
    QVERIFY2(!r.out.contains("warning"), qPrintable(r.out));
  }
};

QTEST_GUILESS_MAIN(TestMalformed)
#include "test_malformed.moc"
