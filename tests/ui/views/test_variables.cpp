// Jinja variable scanning (real reference files and edge cases), VariablesModel, VariablesPane.
#include <QAbstractItemModelTester>
#include <QFile>
#include <QtTest>

#include "test_classes.h"
#include "views/variables_model.h"
#include "views/variables_pane.h"
#include "workspace/workspace.h"

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

// The variables of (file, text) pairs as the front door finds them (the texts as unsaved
// buffers, in order): what the controller hands the pane.
std::vector<af::SpecVariable> scan(const std::vector<std::pair<std::string, std::string>>& files) {
  af::SpecInputs in;
  for (const auto& [name, text] : files) {
    in.files.push_back(name);
    in.unsaved[name] = text;
  }
  return af::Workspace::load(std::move(in)).template_variables();
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

// A variable no open file reads (Add…, or --set at launch) gets a row of its own, kept through
// re-scans, gone when its value is cleared or the values are reset.
void TestVariables::addedVariables() {
  VariablesModel model;
  QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
  model.setTemplateVariables(scan({{"matmuls.yaml", kWorkload}}));
  QCOMPARE(model.rowCount(), 3);
  QVERIFY(model.addVariable(QStringLiteral("1X"), QStringLiteral("3"))
              .contains(QStringLiteral("not a variable name")));
  QVERIFY(!model.addVariable(QStringLiteral("DECODE"), QString()).isEmpty());
  QVERIFY(!model.addVariable(QStringLiteral("M"), QStringLiteral("big")).isEmpty());  // M takes a number
  QCOMPARE(model.rowCount(), 3);

  QSignalSpy edited(&model, &VariablesModel::variablesEdited);
  QCOMPARE(model.addVariable(QStringLiteral("DECODE"), QStringLiteral("True")), QString());
  QCOMPARE(model.rowCount(), 4);
  QCOMPARE(edited.size(), 1);
  QCOMPARE(model.values().value(QStringLiteral("DECODE")), QStringLiteral("True"));
  const int row = model.rowCount() - 1;
  QCOMPARE(model.data(model.index(row, VariablesModel::NameColumn)).toString(), QStringLiteral("DECODE"));
  QCOMPARE(model.data(model.index(row, VariablesModel::ValueColumn)).toString(), QStringLiteral("True"));
  QVERIFY(model.data(model.index(row, VariablesModel::SourceColumn))
              .toString()
              .startsWith(QStringLiteral("added")));
  QVERIFY(model.missingRequired().contains(QStringLiteral("N_EINSUMS")));

  model.setValue(QStringLiteral("BATCH_SIZE"), QStringLiteral("8"));  // as a --set value is shown
  QCOMPARE(model.rowCount(), 5);
  model.setTemplateVariables(scan({{"matmuls.yaml", kWorkload}}));  // a re-scan keeps both
  QCOMPARE(model.rowCount(), 5);
  model.setValue(QStringLiteral("DECODE"), QString());
  QCOMPARE(model.rowCount(), 4);
  model.clearValues();
  QCOMPARE(model.rowCount(), 3);
  QVERIFY(model.values().isEmpty());
}

void TestVariables::paneStatus() {
  VariablesPane pane;
  QVERIFY(pane.statusText().contains(QStringLiteral("no Jinja variables")));
  pane.model()->setTemplateVariables(scan({{"matmuls.yaml", kWorkload}}));
  QVERIFY2(pane.statusText().contains(QStringLiteral("N_EINSUMS")), qPrintable(pane.statusText()));
  pane.model()->setValue(QStringLiteral("N_EINSUMS"), QStringLiteral("3"));
  QVERIFY(!pane.statusText().contains(QStringLiteral("N_EINSUMS")));
}

void TestVariables::numbersWhereTheFileComputes() {
  VariablesPane pane;
  VariablesModel* model = pane.model();
  model->setTemplateVariables(scan({{"matmuls.yaml", kWorkload}, {"simple.yaml", kArch}}));
  QSignalSpy rejected(model, &VariablesModel::valueRejected);
  QSignalSpy edited(model, &VariablesModel::variablesEdited);
  const QModelIndex m = model->index(0, VariablesModel::ValueColumn);  // M, default 128
  QVERIFY(!model->setData(m, QStringLiteral("abc")));
  QCOMPARE(rejected.size(), 1);
  QCOMPARE(edited.size(), 0);
  QVERIFY(model->values().isEmpty());
  QVERIFY2(pane.statusText().contains(QStringLiteral("M takes a number (its default is 128)")),
           qPrintable(pane.statusText()));
  QVERIFY(model->setData(m, QStringLiteral("1e3")));  // a float is a number
  QVERIFY(model->setData(m, QString()));              // clearing falls back to the default
  // No default, or a text default: anything goes (the file may want text).
  QVERIFY(model->checkValue(QStringLiteral("N_EINSUMS"), QStringLiteral("two")).isEmpty());
  QVERIFY(model->checkValue(QStringLiteral("GlobalBufferSize"), QStringLiteral("inf")).isEmpty());
  QCOMPARE(rejected.size(), 1);
}
