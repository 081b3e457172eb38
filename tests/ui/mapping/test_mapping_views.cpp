// LoopNestView, MappingTreeView (menus, screenshot) and MappingSync.
#include <QHBoxLayout>
#include <QItemSelectionModel>
#include <QMenu>
#include <QSignalSpy>
#include <QTextBlock>
#include <QtTest>

#include "mapping/loop_nest_view.h"
#include "mapping/mapping_context_menu.h"
#include "mapping/mapping_sync.h"
#include "mapping/mapping_tree_model.h"
#include "mapping/mapping_tree_view.h"
#include "mapping_fixtures.h"
#include "qt_warnings.h"
#include "test_mapping_ui.h"
#include "mapping_edit/mapping_section.h"

using namespace af;
using af::ui::MappingTreeModel;
using af::ui::NodePath;

namespace {

QString readGolden(const QString& name) {
  QFile f(QStringLiteral(AF_SOURCE_DIR "/tests/ui/mapping/golden/") + name);
  if (!f.open(QIODevice::ReadOnly)) return {};
  return QString::fromUtf8(f.readAll()).trimmed();
}

QStringList actionTexts(const QMenu* menu) {
  QStringList out;
  for (const auto* a : menu->actions())
    if (!a->isSeparator()) out << a->text();
  return out;
}

QMenu* submenu(const QMenu* menu, const QString& title) {
  for (auto* a : menu->actions())
    if (a->text() == title) return a->menu();
  return nullptr;
}

}  // namespace

void TestMappingUi::loopNestMatchesGolden() {
  MappingTreeModel model;
  model.setWorkload(test::matmulWorkload());
  model.setResolvedSpec(test::matmulSpec());
  model.setMapping(test::readMapping(QString::fromUtf8(test::kThreeLevelYaml)));
  ui::LoopNestView view;
  view.setModel(&model);
  const QString golden = readGolden("matmul_3level.txt");
  QVERIFY(!golden.isEmpty());
  if (view.toPlainText() != golden) qWarning().noquote() << "actual loop nest:\n" << view.toPlainText();
  QCOMPARE(view.toPlainText(), golden);
  // Edits show up: a tile change rewrites the ranges below it.
  QVERIFY(model.setTileShape(model.indexForPath({1}), 32).isEmpty());
  QVERIFY(view.toPlainText().contains("for m in [0, 64) step 32:"));
  QVERIFY(view.toPlainText().contains("GlobalBuffer holds T0[m:32, n0:32]"));
}

void TestMappingUi::loopNestShowsBranches() {
  MappingTreeModel model;
  model.setWorkload(test::twoMatmulWorkload());
  model.setMapping(test::readMapping(QString::fromUtf8(test::kSequentialYaml)));
  const auto lines = ui::buildLoopNest(model.mapping(), model.workload());
  const QString text = ui::loopNestText(lines);
  QVERIFY2(text.contains("sequential:\n  branch 1:\n    for m in [0, 64) step 1:"), qPrintable(text));
  QVERIFY(text.contains("  branch 2:\n    for m in [0, 64) step 1:\n      for n1 in [0, 32) step 1:"));
  QVERIFY(text.contains("T2[m, n2] += T1[m, n1] * W1[n1, n2]  # Matmul1 on MAC"));
  QCOMPARE(lines[2].path, (NodePath{1, 0}));
  // Loops explain reuse: n1 does not index T0.
  const int n1 = static_cast<int>(std::distance(lines.begin(), std::find_if(lines.begin(), lines.end(), [](const auto& l) {
                                                  return l.path == NodePath{1, 0, 2};
                                                })));
  QVERIFY2(lines[n1].toolTip.contains("reuses T0"), qPrintable(lines[n1].toolTip));
}

void TestMappingUi::hoverEmitsNodeAndBuffer() {
  MappingTreeModel model;
  model.setWorkload(test::matmulWorkload());
  model.setMapping(test::readMapping(QString::fromUtf8(test::kThreeLevelYaml)));
  ui::LoopNestView view;
  view.setModel(&model);
  QItemSelectionModel selection(&model);
  view.setTreeSelectionModel(&selection);
  QSignalSpy nodes(&view, &ui::LoopNestView::hoveredNode);
  QSignalSpy buffers(&view, &ui::LoopNestView::hoveredBuffer);
  const int line = view.lineForPath({4});  // Register holds W0[...]
  QVERIFY(line >= 0);
  const auto& spans = view.lines()[line].tensorSpans;
  QCOMPARE(spans.size(), 1);
  view.hoverAt(line, spans[0].start + 1);
  QCOMPARE(nodes.count(), 1);
  QCOMPARE(nodes.last().at(0).value<NodePath>(), (NodePath{4}));
  QCOMPARE(buffers.last().at(0).toString(), QStringLiteral("Register"));
  QCOMPARE(buffers.last().at(1).toString(), QStringLiteral("W0"));
  QCOMPARE(model.pathForIndex(selection.currentIndex()), (NodePath{4}));
  view.hoverAt(line, 0);  // same line, off the tensor: whole buffer
  QCOMPARE(nodes.count(), 1);
  QCOMPARE(buffers.last().at(1).toString(), QString());
  view.hoverAt(view.lineForPath({1}));  // a loop: no buffer
  QCOMPARE(nodes.last().at(0).value<NodePath>(), (NodePath{1}));
  QCOMPARE(buffers.last().at(0).toString(), QString());
  // Real mouse movement over the viewport goes through the same path.
  view.resize(600, 300);
  view.show();
  QVERIFY(QTest::qWaitForWindowExposed(&view));
  const QRect rect = view.cursorRect(QTextCursor(view.document()->findBlockByNumber(view.lineForPath({8}))));
  QTest::mouseMove(view.viewport(), rect.center() + QPoint(4, 0));
  QTRY_COMPARE(nodes.last().at(0).value<NodePath>(), (NodePath{8}));
  QCOMPARE(buffers.last().at(0).toString(), QStringLiteral("MAC"));
}

namespace {
// What the load job hands the sync: the section read on the worker from exactly this text.
void feed(ui::MappingSync& sync, const QString& text) {
  sync.setSection(text, af::mapping_edit::read_mapping_section(text.toStdString(), "mapping.yaml", {}));
}
}  // namespace

void TestMappingUi::syncKeepsLastGoodTreeWithoutLoops() {
  MappingTreeModel model;
  model.setWorkload(test::matmulWorkload());
  ui::MappingSync sync(&model);
  QSignalSpy yaml(&sync, &ui::MappingSync::yamlChanged);
  QSignalSpy diagnostics(&sync, &ui::MappingSync::diagnosticsChanged);
  QSignalSpy resets(&model, &QAbstractItemModel::modelReset);
  feed(sync, QString::fromUtf8(test::kThreeLevelYaml));
  QCOMPARE(model.rowCount(), 9);
  QVERIFY(diagnostics.last().at(0).toStringList().isEmpty());
  // Broken text: the tree stays, the reason is reported with a line.
  feed(sync, "mapping:\n  nodes:\n  - !Temporal {rank_variable: m}\n  - [unclosed\n");
  QVERIFY(!sync.lastParseOk());
  QCOMPARE(model.rowCount(), 9);
  QVERIFY(!diagnostics.last().at(0).toStringList().isEmpty());
  QVERIFY(diagnostics.last().at(0).toStringList().first().contains("mapping.yaml:"));
  feed(sync, "arch: {}\n");
  QVERIFY(diagnostics.last().at(0).toStringList().first().contains("no top-level 'mapping:' key"));
  QCOMPARE(model.rowCount(), 9);
  feed(sync, QString::fromUtf8(test::kThreeLevelYaml));
  QVERIFY(sync.lastParseOk());
  const int resetsBefore = static_cast<int>(resets.count());
  // A tree edit regenerates the text once; echoing it back (the editor) changes nothing.
  QVERIFY(model.moveNode({5}, 7).isEmpty());
  QCOMPARE(yaml.count(), 1);
  const QString text = yaml.last().at(0).toString();
  QVERIFY(text.startsWith("mapping:"));
  QVERIFY(text.indexOf("rank_variable: n0") < text.lastIndexOf("rank_variable: m"));
  feed(sync, text);
  QCOMPARE(yaml.count(), 1);
  QCOMPARE(resets.count(), resetsBefore);
  // Node lines follow the regenerated text, so errors by line still land on the right node.
  const auto* moved = ui::nodeAt(model.mapping(), {6});
  QVERIFY(moved->where && moved->where->known());
  QCOMPARE(text.split('\n').at(moved->where->line - 1).trimmed().left(11), QStringLiteral("- !Temporal"));
}

void TestMappingUi::syncSplicesOtherSections() {
  MappingTreeModel model;
  model.setWorkload(test::matmulWorkload());
  ui::MappingSync sync(&model);
  QSignalSpy yaml(&sync, &ui::MappingSync::yamlChanged);
  const QString text = "# my mapping\nvariables:\n  x: 1\n" + QString::fromUtf8(test::kThreeLevelYaml) +
                       "arch:\n  nodes: []\n";
  feed(sync, text);
  QCOMPARE(model.rowCount(), 9);
  QVERIFY(model.setTileShape(model.indexForPath({1}), 8).isEmpty());
  QCOMPARE(yaml.count(), 1);
  const QString out = yaml.last().at(0).toString();
  QVERIFY2(out.startsWith("# my mapping\nvariables:\n  x: 1\nmapping:\n"), qPrintable(out));
  QVERIFY(out.endsWith("arch:\n  nodes: []\n"));
  QVERIFY(out.contains("tile_shape: 8"));
}

void TestMappingUi::syncTemplatedNeedsConfirmation() {
  MappingTreeModel model;
  model.setWorkload(test::matmulWorkload());
  ui::MappingSync sync(&model);
  QSignalSpy yaml(&sync, &ui::MappingSync::yamlChanged);
  QSignalSpy confirm(&sync, &ui::MappingSync::confirmationNeeded);
  const QString templated = R"(mapping:
  nodes:
  {% for t in ['T0', 'W0', 'T1'] %}
  - !Storage {tensors: [{{t}}], component: MainMemory}
  {% endfor %}
  - !Temporal {rank_variable: m, tile_shape: 1}
  - !Temporal {rank_variable: n0, tile_shape: 1}
  - !Temporal {rank_variable: n1, tile_shape: 1}
  - !Compute {einsum: Matmul0, component: MAC}
)";
  feed(sync, templated);
  QVERIFY2(sync.lastParseOk(), "the template renders with no variables");
  QVERIFY(sync.templated());
  QCOMPARE(model.rowCount(), 7);
  QVERIFY(model.structureLocked());
  QVERIFY(!model.moveNode({3}, 5).isEmpty());
  // A field edit would drop the Jinja: it waits for the user.
  QVERIFY(model.toggleTensor(model.indexForPath({0}), "W0").isEmpty());
  QCOMPARE(confirm.count(), 1);
  QCOMPARE(yaml.count(), 0);
  QVERIFY(sync.hasPendingEdit());
  sync.discardPendingEdit();
  QCOMPARE(model.indexForPath({0}).data().toString(), QStringLiteral("Storage MainMemory [T0]"));
  QVERIFY(model.toggleTensor(model.indexForPath({0}), "W0").isEmpty());
  sync.confirmRegenerate();
  QCOMPARE(yaml.count(), 1);
  QVERIFY(!yaml.last().at(0).toString().contains("{%"));
  QVERIFY(!sync.templated());
  QVERIFY(!model.structureLocked());
  QCOMPARE(model.indexForPath({0}).data().toString(), QStringLiteral("Storage MainMemory [T0, W0]"));
}

void TestMappingUi::contextMenuListsChoices() {
  MappingTreeModel model;
  model.setWorkload(test::matmulWorkload());
  model.setMapping(test::readMapping(QString::fromUtf8(test::kThreeLevelYaml)));
  QMenu loopMenu;
  ui::populateMappingMenu(loopMenu, model, model.indexForPath({1}));
  QMenu* tiles = submenu(&loopMenu, "Tile shape");
  QVERIFY(tiles);
  QCOMPARE(actionTexts(tiles), (QStringList{"1", "2", "4", "8", "16", "32", "64"}));
  QVERIFY(tiles->actions().at(4)->isChecked());
  tiles->actions().at(5)->trigger();
  QCOMPARE(model.indexForPath({1}, 1).data(Qt::EditRole).toLongLong(), 32);
  QMenu* insert = submenu(&loopMenu, "Insert after");
  QCOMPARE(actionTexts(submenu(insert, "Temporal loop")), (QStringList{"m", "n0", "n1"}));
  submenu(insert, "Temporal loop")->actions().at(1)->trigger();
  QCOMPARE(model.indexForPath({2}).data().toString(), QStringLiteral("for n0 in 0..32 step 1 (temporal)"));

  QMenu storageMenu;
  ui::populateMappingMenu(storageMenu, model, model.indexForPath({5}));  // Register [W0]
  QMenu* tensors = submenu(&storageMenu, "Tensors");
  QCOMPARE(actionTexts(tensors), (QStringList{"T0", "W0", "T1"}));
  QVERIFY(tensors->actions().at(1)->isChecked());
  tensors->actions().at(0)->trigger();
  QCOMPARE(model.indexForPath({5}).data().toString(), QStringLiteral("Storage Register [W0, T0]"));

  QMenu computeMenu;
  ui::populateMappingMenu(computeMenu, model, model.indexForPath({9}));
  const auto actions = computeMenu.actions();
  const auto del = std::find_if(actions.begin(), actions.end(), [](auto* a) { return a->text() == "Delete"; });
  QVERIFY(del != actions.end() && !(*del)->isEnabled());
  QVERIFY(!submenu(&computeMenu, "Insert after")->isEnabled());
}

void TestMappingUi::screenshotTreeAndLoopNest() {
  MappingTreeModel model;
  model.setWorkload(test::matmulWorkload());
  model.setMapping(test::readMapping(QString::fromUtf8(test::kThreeLevelYaml)));
  model.setNodeError({6}, "n0: no loop with tile_shape 1 (example error)");
  QWidget window;
  auto* layout = new QHBoxLayout(&window);
  auto* tree = new ui::MappingTreeView(&window);
  auto* nest = new ui::LoopNestView(&window);
  layout->addWidget(tree, 1);
  layout->addWidget(nest, 1);
  tree->setMappingModel(&model);
  nest->setModel(&model);
  nest->setTreeSelectionModel(tree->selectionModel());
  tree->setCurrentIndex(model.indexForPath({2}));
  window.resize(1200, 340);
  window.show();
  QVERIFY(QTest::qWaitForWindowExposed(&window));
  tree->resizeColumnToContents(0);
  const QString path = QDir::temp().filePath("af-mapping-ui.png");
  QVERIFY(window.grab().save(path));
  qInfo() << "screenshot:" << path;
}

void TestMappingUi::init() { af::ui::test::failOnQtWarnings(); }

QTEST_MAIN(TestMappingUi)
