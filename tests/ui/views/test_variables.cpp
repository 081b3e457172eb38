// Jinja variable scanning (real reference files and edge cases), VariablesModel, VariablesPane.
#include <QAbstractItemModelTester>
#include <QFile>
#include <QtTest>

#include "test_classes.h"
#include "text/jinja/template_variables.h"
#include "views/variables_model.h"
#include "views/variables_pane.h"

using namespace af::ui;

namespace {

using Values = QMap<QString, QString>;

// A workload template in the style of AccelForge's examples (the project's own text).
const char* kWorkload = R"({% set M = M | default(128) %}
{% set KN = KN | default(128) %}
workload:
  rank_sizes: {M: {{ M }}, K: {{ KN }}}
  einsums:
  {% for i in range(N_EINSUMS) %}
  - name: Matmul{{ i }}
  {% endfor %}
)";

const char* kArch = R"(arch:
  nodes:
  - !Memory
    name: MainMemory
    actions: [{name: read, energy: {{ MainMemoryEnergy | default(1) }}}]
  - !Memory
    name: GlobalBuffer
    size: {{ GlobalBufferSize | default("inf") }}
    actions: [{name: read, throughput: {{ GlobalBufferThroughput | default("inf") }}}]
)";

// The engine's scan of (file, text) pairs, merged in order: what the controller hands the pane.
std::vector<af::spec::TemplateVariable> scan(const std::vector<std::pair<std::string, std::string>>& files) {
  std::vector<std::vector<af::spec::TemplateVariable>> perFile;
  for (const auto& [name, text] : files) perFile.push_back(af::spec::template_variables(text, name));
  return af::spec::merge_template_variables(perFile);
}

}  // namespace

void TestVariables::modelEditsAndSignals() {
  VariablesModel model;
  model.setTemplateVariables(scan({{"matmuls.yaml", kWorkload}, {"simple.yaml", kArch}}));
  QCOMPARE(model.rowCount(), 6);
  QCOMPARE(model.columnCount(), int{VariablesModel::ColumnCount});
  QCOMPARE(model.missingRequired(), QStringList{"N_EINSUMS"});
  const QModelIndex mValue = model.index(0, VariablesModel::ValueColumn);
  QCOMPARE(model.data(model.index(0, VariablesModel::NameColumn)).toString(), QStringLiteral("M"));
  QCOMPARE(model.data(mValue).toString(), QStringLiteral("128"));  // the default, shown greyed
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
  model.setTemplateVariables(scan({{"matmuls.yaml", kWorkload}}));
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
  model.setTemplateVariables(scan({{"simple.yaml", kArch}}));
  model.setData(model.index(1, VariablesModel::ValueColumn), QStringLiteral("1e9"));
  model.setVariables({});
  model.setTemplateVariables(scan({{"matmuls.yaml", kWorkload}}));
  model.clearValues();
}

void TestVariables::paneStatus() {
  VariablesPane pane;
  QVERIFY(pane.statusText().contains(QStringLiteral("no Jinja variables")));
  pane.model()->setTemplateVariables(scan({{"matmuls.yaml", kWorkload}}));
  QVERIFY2(pane.statusText().contains(QStringLiteral("N_EINSUMS")), qPrintable(pane.statusText()));
  pane.model()->setValue(QStringLiteral("N_EINSUMS"), QStringLiteral("3"));
  QVERIFY(!pane.statusText().contains(QStringLiteral("N_EINSUMS")));
}
