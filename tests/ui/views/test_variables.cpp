// Jinja variable scanning (the project's test specs, AccelForge's reference files when its
// corpus is there, edge cases), VariablesModel, VariablesPane.
#include <QAbstractItemModelTester>
#include <QFile>
#include <QtTest>

#include "test_classes.h"
#include "views/jinja_scan.h"
#include "views/variables_model.h"
#include "views/variables_pane.h"
#include "support/shared_corpus.h"

using namespace af::ui;

namespace {

using Values = QMap<QString, QString>;

QString readFile(const QString& path) {
  QFile f(path);
  if (!f.open(QIODevice::ReadOnly)) return {};
  return QString::fromUtf8(f.readAll());
}

// The project's test specs (tests/data/specs): N_EINSUMS is the one variable without a default.
const QString kWorkload = af::test::data_qfile("specs/matmul_chain.workload.yaml");
const QString kArch = af::test::data_qfile("specs/buffered_mac.arch.yaml");

QString readReference(const char* relative) { return readFile(af::test::reference_qfile(QString::fromLatin1(relative))); }

const JinjaVariable* find(const std::vector<JinjaVariable>& vs, const char* name) {
  for (const auto& v : vs)
    if (v.name == QLatin1String(name)) return &v;
  return nullptr;
}

QStringList names(const std::vector<JinjaVariable>& vs) {
  QStringList out;
  for (const auto& v : vs) out << v.name;
  return out;
}

}  // namespace

// tests/data/specs/matmul_chain.workload.yaml: set-with-default lines, a loop over range().
void TestVariables::scanProjectWorkload() {
  const QString text = readFile(kWorkload);
  QVERIFY(!text.isEmpty());
  const auto vs = scanJinjaVariables(text, QStringLiteral("matmul_chain.workload.yaml"));
  QCOMPARE(names(vs), (QStringList{"M", "KN", "N_EINSUMS"}));  // not i, range
  QCOMPARE(find(vs, "M")->defaultValue, QStringLiteral("16"));
  QCOMPARE(find(vs, "KN")->defaultValue, QStringLiteral("16"));
  QVERIFY(!find(vs, "N_EINSUMS")->hasDefault);
  QCOMPARE(find(vs, "N_EINSUMS")->sourceFile, QStringLiteral("matmul_chain.workload.yaml"));
  QCOMPARE(find(vs, "M")->line, 7);
  QCOMPARE(find(vs, "N_EINSUMS")->line, 12);

  const auto ms = scanJinjaVariables(readFile(af::test::data_qfile("specs/matmul_chain_unfused.mapping.yaml")));
  QCOMPARE(names(ms), (QStringList{"N_EINSUMS"}));  // not t, w, i
  QVERIFY(!find(ms, "N_EINSUMS")->hasDefault);
}

void TestVariables::scanProjectArch() {
  const auto vs = scanJinjaVariables(readFile(kArch));
  QCOMPARE(names(vs), (QStringList{"MainMemoryEnergy", "GlobalBufferSize", "GlobalBufferThroughput"}));
  QCOMPARE(find(vs, "MainMemoryEnergy")->defaultValue, QStringLiteral("1"));
  QCOMPARE(find(vs, "GlobalBufferSize")->defaultValue, QStringLiteral("\"inf\""));
  QCOMPARE(find(vs, "GlobalBufferThroughput")->defaultValue, QStringLiteral("\"inf\""));
}

void TestVariables::scanMatmulsReference() {
  AF_REQUIRE_CORPUS();
  const QString text = readReference("examples/workloads/basic/matmuls.yaml");
  QVERIFY(!text.isEmpty());
  const auto vs = scanJinjaVariables(text, QStringLiteral("matmuls.yaml"));
  QCOMPARE(names(vs), (QStringList{"M", "KN", "N_EINSUMS"}));  // not i, range
  QVERIFY(find(vs, "M")->hasDefault);
  QCOMPARE(find(vs, "M")->defaultValue, QStringLiteral("128"));
  QCOMPARE(find(vs, "KN")->defaultValue, QStringLiteral("128"));
  QVERIFY(!find(vs, "N_EINSUMS")->hasDefault);
  QCOMPARE(find(vs, "N_EINSUMS")->sourceFile, QStringLiteral("matmuls.yaml"));
  QCOMPARE(find(vs, "M")->line, 5);
  QCOMPARE(find(vs, "N_EINSUMS")->line, 8);
}

void TestVariables::scanSimpleArchReference() {
  AF_REQUIRE_CORPUS();
  const auto vs = scanJinjaVariables(readReference("examples/arches/simple.yaml"));
  QCOMPARE(names(vs), (QStringList{"MainMemoryEnergy", "GlobalBufferThroughput", "GlobalBufferSize"}));
  QCOMPARE(find(vs, "MainMemoryEnergy")->defaultValue, QStringLiteral("1"));
  QCOMPARE(find(vs, "GlobalBufferThroughput")->defaultValue, QStringLiteral("\"inf\""));
  QCOMPARE(find(vs, "GlobalBufferSize")->defaultValue, QStringLiteral("\"inf\""));
}

void TestVariables::scanScopesFiltersAndStrings() {
  const QString text = QStringLiteral(
      "{# {{ Commented }} #}\n"
      "{%- for a, b in pairs if a > LIMIT -%}{{ a.x | round(2) }}{{ b[KEY] }}{{ loop.index }}{% endfor %}\n"
      "{{ a }}\n"                                           // a is out of scope again
      "{% if OPTIONAL is defined and MODE == 'fast {{x}}' %}{% endif %}\n"
      "{% set total = BASE * 2 %}{{ total }}\n"
      "{% set ns = namespace(count=0) %}{% set ns.count = ns.count + STEP %}\n"
      "{% macro cell(w, h=HEIGHT) %}{{ w * h }}{% endmacro %}{{ cell(WIDTH) }}\n"
      "{% raw %}{{ RawText }}{% endraw %}\n"
      "{{ SIZE | default(2 ** 10, true) }}{{ 1e5 + Z }}\n"
      "{% for k in KEYS %}{% filter upper %}{{ k }}{% endfilter %}{% block body %}{{ k }}{% endblock %}"
      "{% endfor %}{{ k }}\n");
  const auto vs = scanJinjaVariables(text);
  QCOMPARE(names(vs).join(' '), QStringLiteral("pairs LIMIT KEY a OPTIONAL MODE BASE STEP HEIGHT WIDTH SIZE Z KEYS k"));
  QCOMPARE(find(vs, "SIZE")->defaultValue, QStringLiteral("2 ** 10"));
  QVERIFY(!find(vs, "Z")->hasDefault);
  QVERIFY(scanJinjaVariables(QStringLiteral("plain: yaml\nno: templates")).empty());
}

void TestVariables::mergeAcrossFiles() {
  const auto a = scanJinjaVariables(QStringLiteral("{{ M }} {{ N }}"), QStringLiteral("a.yaml"));
  const auto b = scanJinjaVariables(QStringLiteral("{% set N = N | default(4) %}{{ P }}{{ M }}"),
                                    QStringLiteral("b.yaml"));
  const auto merged = mergeJinjaVariables({a, b});
  QCOMPARE(names(merged), (QStringList{"M", "N", "P"}));
  QCOMPARE(find(merged, "M")->sourceFile, QStringLiteral("a.yaml, b.yaml"));
  QCOMPARE(find(merged, "N")->defaultValue, QStringLiteral("4"));  // only b gives one
  QCOMPARE(find(merged, "P")->sourceFile, QStringLiteral("b.yaml"));
}

void TestVariables::modelEditsAndSignals() {
  VariablesModel model;
  model.setSources({{QStringLiteral("matmul_chain.workload.yaml"), readFile(kWorkload)},
                    {QStringLiteral("buffered_mac.arch.yaml"), readFile(kArch)}});
  QCOMPARE(model.rowCount(), 6);
  QCOMPARE(model.columnCount(), int{VariablesModel::ColumnCount});
  QCOMPARE(model.missingRequired(), QStringList{"N_EINSUMS"});
  const QModelIndex mValue = model.index(0, VariablesModel::ValueColumn);
  QCOMPARE(model.data(model.index(0, VariablesModel::NameColumn)).toString(), QStringLiteral("M"));
  QCOMPARE(model.data(mValue).toString(), QStringLiteral("16"));  // the default, shown greyed
  QVERIFY(model.data(mValue, Qt::EditRole).toString().isEmpty());
  QVERIFY(model.flags(mValue) & Qt::ItemIsEditable);
  QVERIFY(!(model.flags(model.index(0, VariablesModel::NameColumn)) & Qt::ItemIsEditable));
  QVERIFY(!model.setData(model.index(0, VariablesModel::NameColumn), QStringLiteral("X")));

  QSignalSpy edited(&model, &VariablesModel::variablesEdited);
  QSignalSpy changed(&model, &QAbstractItemModel::dataChanged);
  QVERIFY(model.setData(mValue, QStringLiteral(" 64 ")));
  QCOMPARE(edited.size(), 1);
  QCOMPARE(changed.size(), 1);
  const auto values = edited.first().first().value<Values>();
  QCOMPARE(values.value(QStringLiteral("M")), QStringLiteral("64"));
  QCOMPARE(model.data(mValue).toString(), QStringLiteral("64"));
  QVERIFY(model.data(mValue, Qt::ToolTipRole).toString().contains(QStringLiteral("integer")));
  model.setValue(QStringLiteral("N_EINSUMS"), QStringLiteral("2"));
  QVERIFY(model.missingRequired().isEmpty());
  QCOMPARE(model.assignments(), (QStringList{"M=64", "N_EINSUMS=2"}));
  QVERIFY(!model.setValue(QStringLiteral("M"), QStringLiteral("64")));  // unchanged: no signal
  QCOMPARE(edited.size(), 2);

  // A re-scan keeps typed values by name.
  model.setSources({{QStringLiteral("matmul_chain.workload.yaml"), readFile(kWorkload)}});
  QCOMPARE(model.rowCount(), 3);
  QCOMPARE(model.values().value(QStringLiteral("M")), QStringLiteral("64"));
  model.clearValues();
  QVERIFY(model.values().isEmpty());
  QVERIFY(edited.last().first().value<Values>().isEmpty());

  QCOMPARE(yamlScalarKind(QStringLiteral("True")), QStringLiteral("boolean"));
  QCOMPARE(yamlScalarKind(QStringLiteral("1e-3")), QStringLiteral("float"));
  QCOMPARE(yamlScalarKind(QStringLiteral("\"text\"")), QStringLiteral("string"));
  QCOMPARE(yamlScalarKind(QStringLiteral("inf")), QStringLiteral("string"));
}

void TestVariables::modelPassesTester() {
  VariablesModel model;
  QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
  model.setSources({{QStringLiteral("buffered_mac.arch.yaml"), readFile(kArch)}});
  model.setData(model.index(1, VariablesModel::ValueColumn), QStringLiteral("1e9"));
  model.setVariables({});
  model.setSources({{QStringLiteral("matmul_chain.workload.yaml"), readFile(kWorkload)}});
  model.clearValues();
}

void TestVariables::paneStatus() {
  VariablesPane pane;
  QVERIFY(pane.statusText().contains(QStringLiteral("no Jinja variables")));
  pane.model()->setSources({{QStringLiteral("matmul_chain.workload.yaml"), readFile(kWorkload)}});
  QVERIFY2(pane.statusText().contains(QStringLiteral("N_EINSUMS")), qPrintable(pane.statusText()));
  pane.model()->setValue(QStringLiteral("N_EINSUMS"), QStringLiteral("3"));
  QVERIFY(!pane.statusText().contains(QStringLiteral("N_EINSUMS")));
}
