// MappingTreeModel: tester, labels, edits and per-node errors.
#include <QAbstractItemModelTester>
#include <QMimeData>
#include <QSignalSpy>
#include <QtTest>

#include "io/mapping_writer.h"
#include "mapping/mapping_tree_model.h"
#include "mapping_fixtures.h"
#include "model/evaluate.h"
#include "support/load_spec.h"
#include "support/shared_corpus.h"
#include "test_mapping_ui.h"

using namespace af;
using af::ui::MappingTreeModel;
using af::ui::NodePath;

namespace {

void loadThreeLevel(MappingTreeModel& model) {
  model.setWorkload(test::matmulWorkload());
  model.setResolvedSpec(test::matmulSpec());
  model.setMapping(test::readMapping(QString::fromUtf8(test::kThreeLevelYaml)));
}

QString label(const MappingTreeModel& model, const NodePath& path, int column = 0) {
  return model.indexForPath(path, column).data().toString();
}

// Order of the root chain as describe() strings.
QStringList order(const spec::Mapping& mapping) {
  QStringList out;
  for (const auto& n : mapping.nodes) out << QString::fromStdString(spec::describe(n));
  return out;
}

}  // namespace

void TestMappingUi::modelPassesTesterUnderEdits() {
  MappingTreeModel model;
  QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
  loadThreeLevel(model);
  QVERIFY(model.moveNode({5}, 8).isEmpty());
  QVERIFY(model.insertNodeAfter(model.indexForPath({1}), ui::makeTemporal("n0")).isEmpty());
  QVERIFY(model.removeNode(model.indexForPath({2})).isEmpty());
  QVERIFY(model.setTileShape(model.indexForPath({1}, 1), 32).isEmpty());
  QVERIFY(model.toggleTensor(model.indexForPath({0}), "W0").isEmpty());
  QVERIFY(model.setComponent(model.indexForPath({0}), "DRAM").isEmpty());
  model.setNodeError({3}, "broken");
  model.clearNodeErrors();
  model.setMapping(test::readMapping(QString::fromUtf8(test::kSequentialYaml)));
  model.setWorkload(test::twoMatmulWorkload());
  QVERIFY(model.moveNode({1, 1, 2}, 0).isEmpty());
  QVERIFY(model.insertNodeAfter(model.indexForPath({1, 0}), ui::makeStorage("GlobalBuffer", {"T0"})).isEmpty());
  QVERIFY(model.removeNode(model.indexForPath({1, 0, 0})).isEmpty());
  model.setMapping({});
  QCOMPARE(model.rowCount(), 0);
}

void TestMappingUi::labelsAndDetails() {
  MappingTreeModel model;
  loadThreeLevel(model);
  QCOMPARE(model.rowCount(), 9);
  QCOMPARE(label(model, {0}), QStringLiteral("Storage MainMemory [T0, W0, T1]"));
  QCOMPARE(label(model, {1}), QStringLiteral("for m in 0..64 step 16 (temporal)"));
  QCOMPARE(label(model, {1}, 1), QStringLiteral("16  (×4)"));
  QCOMPARE(label(model, {3}), QStringLiteral("spatial X: n1 tile 8 (PEArray)"));
  QCOMPARE(label(model, {5}), QStringLiteral("for m in 0..16 step 1 (temporal)"));
  QCOMPARE(label(model, {8}), QStringLiteral("Compute Matmul0 on MAC"));
  QCOMPARE(label(model, {8}, 1), QStringLiteral("T1[m, n1] += T0[m, n0] * W0[n0, n1]"));
  QCOMPARE(label(model, {2}, 1), QStringLiteral("T0[m:16, n0:32]  W0[n0:32, n1:32]  T1[m:16, n1:32]"));
  QCOMPARE(model.data(model.indexForPath({4}), MappingTreeModel::TensorsRole).toStringList(), QStringList{"W0"});
  QVERIFY(!model.data(model.indexForPath({4}), Qt::DecorationRole).value<QIcon>().isNull());

  MappingTreeModel seq;
  seq.setWorkload(test::twoMatmulWorkload());
  seq.setMapping(test::readMapping(QString::fromUtf8(test::kSequentialYaml)));
  QCOMPARE(label(seq, {1}), QStringLiteral("Sequential"));
  QCOMPARE(label(seq, {1, 1}), QStringLiteral("branch 2"));
  QCOMPARE(seq.rowCount(seq.indexForPath({1, 1})), 4);
  QCOMPARE(label(seq, {1, 1, 2}), QStringLiteral("for n2 in 0..32 step 1 (temporal)"));
}

void TestMappingUi::moveLoopRegeneratesYaml() {
  MappingTreeModel model;
  loadThreeLevel(model);
  QSignalSpy changed(&model, &MappingTreeModel::mappingChanged);
  // Move `for m step 1` (row 5) below `for n0` (destination row 7 counts before removal).
  QCOMPARE(model.moveNode({5}, 7), QString());
  QCOMPARE(changed.count(), 1);
  const QStringList expected{"Storage MainMemory [T0, W0, T1]", "Temporal m tile_shape 16",
                             "Storage GlobalBuffer [T0, W0, T1]", "Spatial PEArray.X n1 tile_shape 8",
                             "Storage Register [W0]", "Temporal n0 tile_shape 1", "Temporal m tile_shape 1",
                             "Temporal n1 tile_shape 1", "Compute Matmul0 on MAC"};
  QCOMPARE(order(model.mapping()), expected);
  QCOMPARE(label(model, {6}), QStringLiteral("for m in 0..16 step 1 (temporal)"));
  // The regenerated YAML reads back to the same tree and writes the same text again.
  const std::string yaml = io::write_mapping_yaml(model.mapping());
  const spec::Mapping reread = test::readMapping(QString::fromStdString(yaml));
  QCOMPARE(order(reread), expected);
  QCOMPARE(io::write_mapping_yaml(reread), yaml);
  // Moving up works too: n1 (row 7) to the top of the loops below Register.
  QCOMPARE(model.moveNode({7}, 5), QString());
  QCOMPARE(label(model, {5}), QStringLiteral("for n1 in 0..8 step 1 (temporal)"));
}

void TestMappingUi::illegalMovesAreRejected() {
  MappingTreeModel model;
  loadThreeLevel(model);
  QSignalSpy rejected(&model, &MappingTreeModel::editRejected);
  QSignalSpy changed(&model, &MappingTreeModel::mappingChanged);
  const auto before = order(model.mapping());
  QVERIFY(model.moveNode({8}, 0).contains("ends its chain"));  // Compute stays last
  QVERIFY(model.moveNode({1}, 9).contains("nothing may follow"));  // below the Compute
  QVERIFY(!model.moveNode({1}, 1).isEmpty());  // no-op
  QVERIFY(!model.moveNode({42}, 0).isEmpty());
  QCOMPARE(rejected.count(), 4);
  QCOMPARE(changed.count(), 0);
  QCOMPARE(order(model.mapping()), before);
  // Across chains: a loop of branch 1 cannot move to the root chain.
  MappingTreeModel seq;
  seq.setMapping(test::readMapping(QString::fromUtf8(test::kSequentialYaml)));
  QMimeData data;
  data.setData(MappingTreeModel::kPathMime, "1.0.1");
  QVERIFY(!seq.canDropMimeData(&data, Qt::MoveAction, 0, 0, {}));
  QVERIFY(!seq.dropMimeData(&data, Qt::MoveAction, 0, 0, {}));
  QVERIFY(!seq.canDropMimeData(&data, Qt::MoveAction, 0, 0, seq.indexForPath({1, 1})));
  // Structure edits on a locked (templated) tree are refused; field edits are not.
  seq.setStructureLocked(true);
  QVERIFY(seq.moveNode({1, 0, 1}, 0).contains("Jinja"));
  QVERIFY(!(seq.flags(seq.indexForPath({1, 0, 1})) & Qt::ItemIsDragEnabled));
}

void TestMappingUi::dragAndDropMovesWithinChain() {
  MappingTreeModel model;
  model.setMapping(test::readMapping(QString::fromUtf8(test::kSequentialYaml)));
  const QModelIndex n0 = model.indexForPath({1, 0, 1});
  QVERIFY(model.flags(n0) & Qt::ItemIsDragEnabled);
  QVERIFY(!(model.flags(model.indexForPath({1, 0, 3})) & Qt::ItemIsDragEnabled));  // Compute
  std::unique_ptr<QMimeData> data(model.mimeData({n0}));
  QCOMPARE(data->data(MappingTreeModel::kPathMime), QByteArray("1.0.1"));
  const QModelIndex branch = model.indexForPath({1, 0});
  QVERIFY(model.canDropMimeData(data.get(), Qt::MoveAction, 0, 0, branch));
  QVERIFY(!model.canDropMimeData(data.get(), Qt::MoveAction, 4, 0, branch));  // after the Compute
  QVERIFY(model.dropMimeData(data.get(), Qt::MoveAction, 0, 0, branch));
  QCOMPARE(label(model, {1, 0, 0}), QStringLiteral("for n0 step 1 (temporal)"));
  // Dropped onto the branch row itself (row -1): to the end of the chain, before the Compute.
  data.reset(model.mimeData({model.indexForPath({1, 0, 0})}));
  QVERIFY(model.dropMimeData(data.get(), Qt::MoveAction, -1, -1, branch));
  QCOMPARE(label(model, {1, 0, 2}), QStringLiteral("for n0 step 1 (temporal)"));
}

void TestMappingUi::insertAndDelete() {
  MappingTreeModel model;
  loadThreeLevel(model);
  QCOMPARE(model.insertNodeAfter(model.indexForPath({0}), ui::makeTemporal("n0")), QString());
  QCOMPARE(model.rowCount(), 10);
  QCOMPARE(label(model, {1}), QStringLiteral("for n0 in 0..32 step 1 (temporal)"));
  QCOMPARE(model.insertNodeAfter(model.indexForPath({1}), ui::makeStorage("GlobalBuffer", {"T0"})), QString());
  QCOMPARE(label(model, {2}), QStringLiteral("Storage GlobalBuffer [T0]"));
  QCOMPARE(model.insertNodeAfter({}, ui::makeSpatial("m", "X", "PEArray")), QString());  // at the top
  QCOMPARE(label(model, {0}), QStringLiteral("spatial X: m tile 1 (PEArray)"));
  QVERIFY(model.insertNodeAfter(model.indexForPath({11}), ui::makeTemporal("m")).contains("nothing may follow"));
  spec::MappingNode compute{spec::ComputeNode{"Matmul0", "MAC"}, {}, std::nullopt};
  QVERIFY(!model.insertNodeAfter(model.indexForPath({0}), compute).isEmpty());
  QCOMPARE(model.removeNode(model.indexForPath({0})), QString());
  QCOMPARE(model.removeNode(model.indexForPath({1})), QString());
  QCOMPARE(model.removeNode(model.indexForPath({1})), QString());
  QCOMPARE(model.rowCount(), 9);
  QVERIFY(model.removeNode(model.indexForPath({8})).contains("structure"));  // the Compute
  QCOMPARE(model.rowCount(), 9);
}

void TestMappingUi::tileShapesOfferDivisors() {
  MappingTreeModel model;
  loadThreeLevel(model);
  const QList<std::int64_t> ofM{1, 2, 4, 8, 16, 32, 64};
  QCOMPARE(model.validTileShapes(model.indexForPath({1})), ofM);          // m bound 64
  QCOMPARE(model.validTileShapes(model.indexForPath({5})), (QList<std::int64_t>{1, 2, 4, 8, 16}));  // inside m 16
  QCOMPARE(model.validTileShapes(model.indexForPath({3})), (QList<std::int64_t>{1, 2, 4, 8, 16, 32}));  // n1
  QVERIFY(model.validTileShapes(model.indexForPath({0})).isEmpty());  // not a loop
  QVERIFY(model.setTileShape(model.indexForPath({1}), 3).contains("choices: 1, 2, 4, 8, 16, 32, 64"));
  QVERIFY(model.setData(model.indexForPath({1}, 1), 32));
  QCOMPARE(model.indexForPath({1}, 1).data(Qt::EditRole).toLongLong(), 32);
  QCOMPARE(label(model, {5}), QStringLiteral("for m in 0..32 step 1 (temporal)"));
  QVERIFY(!model.setData(model.indexForPath({1}, 1), 5));
  QVERIFY(model.flags(model.indexForPath({1}, 1)) & Qt::ItemIsEditable);
  QVERIFY(!(model.flags(model.indexForPath({0}, 1)) & Qt::ItemIsEditable));
  // An inner tile of 4 (with its own inner `for m step 1`) restricts the outer loop to multiples of 4.
  QVERIFY(model.applyTileChoice(model.indexForPath({5}), 4).isEmpty());
  QCOMPARE(label(model, {8}), QStringLiteral("for m in 0..4 step 1 (temporal)"));
  QCOMPARE(model.validTileShapes(model.indexForPath({1})), (QList<std::int64_t>{4, 8, 16, 32, 64}));
}

void TestMappingUi::toggleTensorsAndComponent() {
  MappingTreeModel model;
  loadThreeLevel(model);
  const QModelIndex reg = model.indexForPath({4});
  QCOMPARE(model.tensorChoices(reg), (QStringList{"T0", "W0", "T1"}));
  QCOMPARE(model.toggleTensor(reg, "T1"), QString());
  QCOMPARE(label(model, {4}), QStringLiteral("Storage Register [W0, T1]"));
  QCOMPARE(model.toggleTensor(reg, "W0"), QString());
  QVERIFY(model.toggleTensor(reg, "T1").contains("last tensor"));
  QCOMPARE(label(model, {4}), QStringLiteral("Storage Register [T1]"));
  QVERIFY(model.toggleTensor(model.indexForPath({1}), "T0").contains("only Storage"));
  QCOMPARE(model.componentChoices(ui::NodeKind::Storage), (QStringList{"MainMemory", "GlobalBuffer", "Register"}));
  QCOMPARE(model.setComponent(reg, "GlobalBuffer"), QString());
  QCOMPARE(model.data(reg, MappingTreeModel::ComponentRole).toString(), QStringLiteral("GlobalBuffer"));
  QVERIFY(model.setComponent(model.indexForPath({1}), "X").contains("no component"));
  // With an architecture, only its memories qualify.
  spec::ResolvedArch arch;
  for (const char* name : {"DRAM", "SRAM"}) {
    spec::Component c;
    c.name = name;
    arch.components.push_back(c);
  }
  model.setArchitecture(arch);
  QCOMPARE(model.componentChoices(ui::NodeKind::Storage), (QStringList{"DRAM", "SRAM"}));
  QVERIFY(model.setComponent(reg, "Register").contains("not a suitable"));
}

void TestMappingUi::errorMarkedAtNodeOfLine() {
  MappingTreeModel model;
  loadThreeLevel(model);
  const auto* node = ui::nodeAt(model.mapping(), {5});
  QVERIFY(node->where && node->where->known());
  const int line = node->where->line;
  QCOMPARE(line, 20);  // the `- !Temporal` item (m tile 1)
  const model::InvalidMapping error("rank variable m has no loop with tile_shape 1", "Temporal m tile_shape 1",
                                    core::SourceLocation{"mapping.yaml", line, 5});
  QCOMPARE(model.markInvalidMapping(error), std::optional<NodePath>(NodePath{5}));
  const QModelIndex index = model.indexForPath({5});
  QCOMPARE(index.data(MappingTreeModel::ErrorRole).toString(), QStringLiteral("rank variable m has no loop with tile_shape 1"));
  QCOMPARE(index.data(Qt::ToolTipRole).toString(), QStringLiteral("rank variable m has no loop with tile_shape 1"));
  QVERIFY(index.data(Qt::ForegroundRole).isValid());
  QVERIFY(model.indexForPath({4}).data(MappingTreeModel::ErrorRole).toString().isEmpty());
  // A line inside a node's fields maps to that node; no location falls back to describe().
  QCOMPARE(model.setNodeErrorAtLine(line + 2, "x"), std::optional<NodePath>(NodePath{5}));
  model.clearNodeErrors();
  QVERIFY(index.data(MappingTreeModel::ErrorRole).toString().isEmpty());
  const model::InvalidMapping unlocated("too big", "Storage Register [W0]", std::nullopt);
  QCOMPARE(model.markInvalidMapping(unlocated), std::optional<NodePath>(NodePath{4}));
  // An edit clears stale errors (the window re-evaluates and marks again).
  QVERIFY(model.setTileShape(model.indexForPath({1}), 32).isEmpty());
  QVERIFY(model.indexForPath({4}).data(MappingTreeModel::ErrorRole).toString().isEmpty());
}

void TestMappingUi::errorFromEvaluatedInvalidMapping() {
  // The whole path: the tests' arch + workload (tests/data/specs) + a mapping missing the m
  // loop -> the model throws InvalidMapping whose where() names the mapping line of the node
  // that breaks.
  const QString arch = af::test::data_qfile("specs/buffered_mac.arch.yaml");
  const QString workload = af::test::data_qfile("specs/matmul_chain.workload.yaml");
  QTemporaryDir dir;
  const QString mappingFile = dir.filePath("mapping.yaml");
  {
    QFile f(mappingFile);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(R"(mapping:
  nodes:
  - !Storage {tensors: [T0, W0, T1], component: MainMemory}
  - !Temporal {rank_variable: n0, tile_shape: 1}
  - !Temporal {rank_variable: n1, tile_shape: 1}
  - !Compute {einsum: Matmul0, component: MAC}
)");
  }
  spec::ResolvedSpec resolved;
  try {
    const auto s = af::test::load_spec({arch.toStdString(), workload.toStdString(), mappingFile.toStdString()},
                                       {"N_EINSUMS=1", "M=64", "KN=32"}, {}, /*costs_required=*/false);
    resolved = s.resolved();
  } catch (const std::exception& e) {
    QFAIL(qPrintable(QStringLiteral("engine could not load the test spec: ") + e.what()));
  }
  QVERIFY(resolved.mapping.has_value());
  MappingTreeModel model;
  model.setWorkload(resolved.workload);
  model.setMapping(*resolved.mapping);
  try {
    (void)model::evaluate(resolved, *resolved.mapping);
    QFAIL("the mapping lacks an m loop and should be invalid");
  } catch (const model::InvalidMapping& e) {
    const auto marked = model.markInvalidMapping(e);
    QVERIFY2(marked.has_value(), e.what());
    QVERIFY(!model.indexForPath(*marked).data(MappingTreeModel::ErrorRole).toString().isEmpty());
    qInfo() << "marked" << ui::pathToString(*marked) << model.indexForPath(*marked).data().toString() << "-" << e.what();
  }
}
