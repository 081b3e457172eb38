// Tile choices that are valid or explain themselves (and offer the inner-loop fix), the combo
// that applies on selection, tree edits spliced into the text as minimal diffs, and errors
// marked on the node at the field's own line. Driven on the two_level_matmul example.
#include <QComboBox>
#include <QSignalSpy>
#include <QtTest>
#include <fstream>
#include <sstream>

#include "mapping/mapping_sync.h"
#include "mapping/mapping_tree_model.h"
#include "mapping/mapping_tree_view.h"
#include "test_mapping_ui.h"
#include "mapping_edit/mapping_section.h"
#include "workspace/workspace.h"

using namespace af;
using af::ui::MappingTreeModel;
using af::ui::NodePath;

namespace {

std::string example(const char* file) {
  return std::string(AF_SOURCE_DIR "/resources/examples/two_level_matmul/") + file;
}

QString readExample(const char* file) {
  std::ifstream in(example(file));
  std::stringstream text;
  text << in.rdbuf();
  return QString::fromStdString(text.str());
}

// The example loaded through the front door, with `mapping` as the unsaved mapping text.
Workspace loadWith(const QString& mapping) {
  SpecInputs in;
  for (const char* f : {"arch.yaml", "workload.yaml", "mapping.yaml"}) in.files.push_back(example(f));
  in.unsaved[in.files[2]] = mapping.toStdString();
  return Workspace::load(in);
}

// A model and a sync showing `text` the way the window does after a load.
struct Editor {
  MappingTreeModel model;
  ui::MappingSync sync{&model};
  QSignalSpy yaml{&sync, &ui::MappingSync::yamlChanged};

  explicit Editor(const QString& text, bool imperfect = false) {
    const Workspace ws = loadWith(text);
    if (!ws.ok()) qFatal("the example does not load");
    model.setWorkload(ws.spec().workload.workload);
    model.setResolvedSpec(ws.resolved());
    spec::MapperSettings settings;
    settings.explore_imperfect_temporal_loops = imperfect;
    model.setTileChoicePolicy(mapping_edit::tile_choice_policy(settings));
    feed(text);
  }
  void feed(const QString& text) {
    sync.setSection(text, mapping_edit::read_mapping_section(text.toStdString(), example("mapping.yaml"), {}));
  }
  QModelIndex at(const NodePath& path, int column = 0) const { return model.indexForPath(path, column); }
  [[nodiscard]] QString lastText() const { return yaml.isEmpty() ? QString() : yaml.last().at(0).toString(); }
};

QString replaced(QString text, const QString& from, const QString& to) {
  const auto at = text.indexOf(from);
  if (at < 0) qFatal("fixture text not found");
  return text.replace(at, from.size(), to);
}

QStringList texts(const QList<mapping_edit::TileChoice>& choices, const MappingTreeModel& model, const QModelIndex& index) {
  QStringList out;
  for (const auto& c : choices) out << model.tileChoiceText(index, c);
  return out;
}

}  // namespace

void TestMappingUi::tileChoiceOffersInnerLoopFix() {
  const QString original = readExample("mapping.yaml");
  Editor e(original);
  const QModelIndex m = e.at({2});  // `for m step 1`, the only loop over m
  QCOMPARE(texts(e.model.tileChoices(m), e.model, m),
           (QStringList{"1", "2 + inner for m step 1", "4 + inner for m step 1", "8 + inner for m step 1",
                        "16 + inner for m step 1", "32 + inner for m step 1"}));
  // Alone, m = 4 would leave m without its tile-1 loop: refused, with the way out named.
  const QString why = e.model.setTileShape(m, 4);
  QVERIFY2(why.contains("no loop of tile 1 over m") && why.contains("4 + inner for m step 1"),
           qPrintable(why));
  QCOMPARE(e.yaml.count(), 0);
  // The offered choice: the tile and the inner loop, as one edit and one text change.
  QCOMPARE(e.model.applyTileChoice(m, 4), QString());
  QCOMPARE(e.yaml.count(), 1);
  QVERIFY(e.sync.lastEditSpliced());
  QCOMPARE(e.lastText(),
           replaced(replaced(original, "- !Temporal {rank_variable: m, tile_shape: 1}",
                             "- !Temporal {rank_variable: m, tile_shape: 4}"),
                    "  - !Compute", "  - !Temporal {rank_variable: m, tile_shape: 1}\n  - !Compute"));
  QCOMPARE(e.model.rowCount(), 8);
  QCOMPARE(e.at({6}).data().toString(), QStringLiteral("for m in 0..4 step 1 (temporal)"));
  // The result is a mapping the model accepts.
  const Workspace ws = loadWith(e.lastText());
  QVERIFY(ws.ok());
  QVERIFY2(ws.evaluate().evaluation.has_value(),
           ws.evaluate().problem ? ws.evaluate().problem->message.c_str() : "");
}

void TestMappingUi::nonDivisorTilesWithImperfectOnAndOff() {
  const QString original = readExample("mapping.yaml");
  {  // Off (the spec's mapper says nothing): divisors only; 3 is explained.
    Editor e(original);
    QVERIFY(!e.model.validTileShapes(e.at({2})).contains(3));
    const QString why = e.model.applyTileChoice(e.at({2}), 3);
    QVERIFY2(why.contains("3 does not divide 32") && why.contains("explore_imperfect_temporal_loops"),
             qPrintable(why));
    QCOMPARE(e.yaml.count(), 0);
  }
  {  // On: 3 is offered (ceil(32/3) = 11 steps) and applies with its inner loop.
    Editor e(original, /*imperfect=*/true);
    QVERIFY(e.model.validTileShapes(e.at({2})).contains(3));
    QVERIFY(texts(e.model.tileChoices(e.at({2})), e.model, e.at({2})).contains("3 + inner for m step 1"));
    QCOMPARE(e.model.applyTileChoice(e.at({2}), 3), QString());
    QVERIFY(e.lastText().contains("- !Temporal {rank_variable: m, tile_shape: 3}\n"));
    QVERIFY(e.lastText().contains("  - !Temporal {rank_variable: m, tile_shape: 1}\n  - !Compute"));
    QCOMPARE(e.at({2}, MappingTreeModel::DetailColumn).data().toString(), QStringLiteral("3  (×10.67)"));
  }
}

void TestMappingUi::comboAppliesOnSelection() {
  const QString original = readExample("mapping.yaml");
  Editor e(original);
  ui::MappingTreeView view;
  view.setMappingModel(&e.model);
  view.resize(600, 300);
  view.show();
  QVERIFY(QTest::qWaitForWindowExposed(&view));
  const QModelIndex n = e.at({4}, MappingTreeModel::DetailColumn);  // `for n`, N = 32
  view.setCurrentIndex(n);
  view.edit(n);
  auto* combo = view.findChild<QComboBox*>();
  QVERIFY(combo);
  QCOMPARE(combo->currentText(), QStringLiteral("1"));
  const int eight = combo->findData(QVariant::fromValue<qlonglong>(8));
  QVERIFY(eight > 0);
  QCOMPARE(combo->itemText(eight), QStringLiteral("8 + inner for n step 1"));
  // Picking an entry (what a click in the popup does) applies it: no Enter, no focus change.
  combo->setCurrentIndex(eight);
  emit combo->activated(eight);
  QCOMPARE(e.at({4}, MappingTreeModel::DetailColumn).data(Qt::EditRole).toLongLong(), 8);
  QCOMPARE(e.model.rowCount(), 8);  // with its inner loop
  QCOMPARE(e.yaml.count(), 1);
  QTRY_VERIFY(view.findChild<QComboBox*>() == nullptr || !view.findChild<QComboBox*>()->isVisible());
  // Arrow keys on a fresh editor apply too.
  const QModelIndex k = e.at({5}, MappingTreeModel::DetailColumn);  // `for k`, K = 16
  view.setCurrentIndex(k);
  view.edit(k);
  QTRY_VERIFY(view.findChild<QComboBox*>() && view.findChild<QComboBox*>()->isVisible());
  combo = view.findChild<QComboBox*>();
  for (auto* c : view.findChildren<QComboBox*>())
    if (c->isVisible()) combo = c;
  QTest::keyClick(combo, Qt::Key_Down);
  QCOMPARE(e.at({5}, MappingTreeModel::DetailColumn).data(Qt::EditRole).toLongLong(), 2);
  QCOMPARE(e.yaml.count(), 2);
}

void TestMappingUi::treeEditsSpliceMinimalText() {
  const QString original = readExample("mapping.yaml");
  Editor e(original);
  const QString n1 = "  - !Temporal {rank_variable: n, tile_shape: 1}\n";
  // An insert adds one line, in the flow style of its neighbours.
  QCOMPARE(e.model.insertNodeAfter(e.at({4}), ui::makeTemporal("n")), QString());
  QVERIFY(e.sync.lastEditSpliced());
  QString expected = replaced(original, n1, n1 + n1);
  QCOMPARE(e.lastText(), expected);
  // The next edit splices into that text before any reload: a tile change rewrites one scalar.
  QCOMPARE(e.model.setTileShape(e.at({4}), 8), QString());
  expected = replaced(expected, "{rank_variable: n, tile_shape: 1}", "{rank_variable: n, tile_shape: 8}");
  QCOMPARE(e.lastText(), expected);
  // A tensor toggle rewrites one list.
  QCOMPARE(e.model.toggleTensor(e.at({3}), "Z"), QString());
  expected = replaced(expected, "- !Storage {tensors: [A, Z], component: Scratchpad}",
                      "- !Storage {tensors: [A], component: Scratchpad}");
  QCOMPARE(e.lastText(), expected);
  // The load comes back with the text it was given: the tree stays, the spans are fresh.
  e.feed(e.lastText());
  // A move moves one line (k above the n loops).
  QCOMPARE(e.model.moveNode({6}, 4), QString());
  const QString k = "  - !Temporal {rank_variable: k, tile_shape: 1}\n";
  const QString n8 = "  - !Temporal {rank_variable: n, tile_shape: 8}\n";
  expected = replaced(expected, n8 + n1 + k, k + n8 + n1);
  QCOMPARE(e.lastText(), expected);
  // A delete deletes one, a component change rewrites one scalar.
  QCOMPARE(e.model.removeNode(e.at({1})), QString());
  expected = replaced(expected, "  - !Storage {tensors: [B], component: Scratchpad}\n", "");
  QCOMPARE(e.lastText(), expected);
  QCOMPARE(e.model.setComponent(e.at({2}), "DRAM"), QString());
  expected = replaced(expected, "[A], component: Scratchpad}", "[A], component: DRAM}");
  QCOMPARE(e.lastText(), expected);
  QCOMPARE(e.lastText().count('\n'), original.count('\n'));  // 11 lines stay 11
  QVERIFY(e.sync.lastEditSpliced());
}

void TestMappingUi::spliceFallsBackWhenTextMovedOn() {
  const QString original = readExample("mapping.yaml");
  Editor e(original);
  // The editor changed since the last load (a comment typed): the spans no longer index it,
  // so the edit rewrites the section into the text as it is now, keeping the typing.
  const QString typed = "# typed since\n" + original;
  e.sync.setDocumentText([&] { return typed; });
  QCOMPARE(e.model.setComponent(e.at({3}), "DRAM"), QString());
  QVERIFY(!e.sync.lastEditSpliced());
  QVERIFY(e.lastText().startsWith("# typed since\n# Weight-stationary"));
  QCOMPARE(e.lastText().count("component: DRAM"), 2);
  // Once it loads again, edits splice again.
  e.sync.setDocumentText([&] { return e.sync.yamlText(); });
  e.feed(e.lastText());
  const QString before = e.lastText();
  QCOMPARE(e.model.setComponent(e.at({3}), "Scratchpad"), QString());
  QVERIFY(e.sync.lastEditSpliced());
  QCOMPARE(e.lastText().count('\n'), before.count('\n'));
}

void TestMappingUi::badComponentMarkedAtItsLine() {
  // Block style so `component:` has a line of its own.
  const QString text =
      replaced(readExample("mapping.yaml"), "  - !Storage {tensors: [B], component: Scratchpad}",
               "  - !Storage\n    tensors: [B]\n    component: Scratchpadx");
  const int componentLine =
      static_cast<int>(text.left(text.indexOf("component: Scratchpadx")).count('\n')) + 1;
  const Workspace ws = loadWith(text);
  QVERIFY(!ws.ok());
  const auto& d = ws.diagnostics().front();
  QCOMPARE(d.where.line, componentLine);
  QVERIFY(QString::fromStdString(d.message).contains("unknown component 'Scratchpadx'"));
  MappingTreeModel model;
  ui::MappingSync sync(&model);
  sync.setSection(text, mapping_edit::read_mapping_section(text.toStdString(), example("mapping.yaml"), {}));
  QVERIFY(sync.lastParseOk());  // the section itself reads: the tree shows it
  sync.markErrors(ws.diagnostics(), QString::fromStdString(example("mapping.yaml")));
  const QString error = model.indexForPath({1}).data(MappingTreeModel::ErrorRole).toString();
  QVERIFY2(error.contains("unknown component 'Scratchpadx'"), qPrintable(error));
  QVERIFY(model.indexForPath({0}).data(MappingTreeModel::ErrorRole).toString().isEmpty());
  QVERIFY(model.indexForPath({2}).data(MappingTreeModel::ErrorRole).toString().isEmpty());

  // A model rejection marks its node the same way: a loop over a variable the Einsum lacks.
  const QString loops =
      replaced(readExample("mapping.yaml"), "  - !Temporal {rank_variable: k, tile_shape: 1}",
               "  - !Temporal\n    tile_shape: 1\n    rank_variable: q");
  const Workspace bad = loadWith(loops);
  QVERIFY(bad.ok());
  const auto out = bad.evaluate();
  QVERIFY(out.problem && out.problem->where);
  QCOMPARE(out.problem->where->line,
           static_cast<int>(loops.left(loops.indexOf("rank_variable: q")).count('\n')) + 1);
  sync.setSection(loops, mapping_edit::read_mapping_section(loops.toStdString(), example("mapping.yaml"), {}));
  sync.markErrors({core::Diagnostic{*out.problem->where, "mapping", out.problem->message}},
                  QString::fromStdString(example("mapping.yaml")));
  QVERIFY(model.indexForPath({5}).data(MappingTreeModel::ErrorRole).toString().contains("rank variable 'q'"));
  QVERIFY(model.indexForPath({1}).data(MappingTreeModel::ErrorRole).toString().isEmpty());
}
