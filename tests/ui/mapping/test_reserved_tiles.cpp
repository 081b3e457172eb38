// The loop nest, the occupancy plot and the model agree on what every buffer holds: for each
// bundled example, loaded the way the window loads it (runLoad), the bits the loop nest shows
// for each buffer and tensor are the evaluation's occupancy and the plot's.
#include <QDir>
#include <QtTest>
#include <map>

#include "controller/load_job.h"
#include "mapping/loop_nest_view.h"
#include "mapping/mapping_tree_model.h"

using namespace af;
using af::ui::MappingTreeModel;

namespace {

ui::ProjectResultPtr loadExample(const QString& dir) {
  ui::LoadRequest request;
  for (const char* f : {"arch.yaml", "workload.yaml", "mapping.yaml"})
    request.inputs.files.push_back(QDir(dir).filePath(f).toStdString());
  return ui::runLoad(request);
}

}  // namespace

class TestReservedTiles : public QObject {
  Q_OBJECT
 private slots:
  void loopNestPlotAndModelAgree_data() {
    QTest::addColumn<QString>("dir");
    const QDir examples(QStringLiteral(AF_SOURCE_DIR "/resources/examples"));
    const auto names = examples.entryList(QDir::Dirs | QDir::NoDotAndDotDot, QDir::Name);
    QVERIFY(names.size() >= 4);
    for (const auto& name : names) QTest::newRow(qPrintable(name)) << examples.filePath(name);
  }

  void loopNestPlotAndModelAgree() {
    QFETCH(QString, dir);
    const auto result = loadExample(dir);
    QVERIFY(result && result->valid());
    QVERIFY2(result->evaluation.has_value(), "the example's mapping evaluates");
    QVERIFY(result->mappingSection() && result->mappingSection()->mapping);
    // The tree and the loop nest as the window sets them up.
    MappingTreeModel model;
    model.setWorkload(result->spec()->workload.workload);
    model.setResolvedSpec(result->workspace->resolved());
    model.setMapping(*result->mappingSection()->mapping);
    ui::LoopNestView view;
    view.setModel(&model);

    const auto& occupancy = result->evaluation->occupancy;
    std::map<std::pair<QString, QString>, double> shown;  // (component, tensor) -> largest on a line
    int spans = 0;
    for (const auto& line : view.lines()) {
      const auto* node = ui::nodeAt(model.mapping(), line.path);
      if (!node || !node->as<spec::StorageNode>()) continue;
      for (const auto& span : line.tensorSpans) {
        QVERIFY2(span.bits >= 0, qPrintable(line.text));
        ++spans;
        auto& slot = shown[{line.component, span.tensor}];
        slot = std::max(slot, span.bits);
        // Per Einsum: the reservation the line shows is the one the model counted.
        bool matched = false;
        for (const auto& placed : model.reservedTiles()) {
          if (placed.holder != ui::toSpecPath(line.path) || placed.tile.tensor != span.tensor.toStdString())
            continue;
          const auto it = occupancy.find({placed.tile.einsum, placed.tile.component, placed.tile.tensor});
          QVERIFY2(it != occupancy.end(), qPrintable(line.text));
          QCOMPARE(placed.tile.bits, it->second);
          matched = matched || placed.tile.bits == span.bits;
        }
        QVERIFY2(matched, qPrintable(line.text));
      }
    }
    QVERIFY(spans > 0);
    // The plot's bars: the largest reservation of each tensor in each buffer.
    QCOMPARE(static_cast<std::size_t>(result->accesses.occupancy.size()), shown.size());
    for (const auto& record : result->accesses.occupancy) {
      const auto it = shown.find({record.component, record.tensor});
      QVERIFY2(it != shown.end(), qPrintable(record.component + " " + record.tensor));
      QCOMPARE(it->second, record.bits);
    }
  }

  void loweredBufferShowsItsTileAndWhy() {
    const auto result = loadExample(QStringLiteral(AF_SOURCE_DIR "/resources/examples/two_level_matmul"));
    QVERIFY(result && result->valid());
    MappingTreeModel model;
    model.setWorkload(result->spec()->workload.workload);
    model.setResolvedSpec(result->workspace->resolved());
    model.setMapping(*result->mappingSection()->mapping);
    ui::LoopNestView view;
    view.setModel(&model);
    // Z streams through the scratchpad one element at a time (8 b), as `evaluate` counts it.
    const int line = view.lineForPath({3});
    QCOMPARE(view.lines()[line].text,
             QStringLiteral("  Scratchpad holds A[m:1, k:16]  Z[m:1, n:1]  # 136 b"));
    const auto& z = view.lines()[line].tensorSpans[1];
    QCOMPARE(z.bits, 8.0);
    const QString tip = view.toolTipAt(line, z.start + 1);
    QVERIFY2(tip.contains("Z is not backed here (DRAM keeps all of it)"), qPrintable(tip));
    QVERIFY2(tip.contains("below for n (n indexes Z)"), qPrintable(tip));
    QVERIFY2(tip.contains("stops above for k: it does not index Z"), qPrintable(tip));
    QVERIFY2(tip.contains(
                 "So it holds one value at a time, not the Z[m:1, n:32] the loops above it leave (256 b)"),
             qPrintable(tip));
    // The tree's row says the same.
    QCOMPARE(model.indexForPath({3}, MappingTreeModel::DetailColumn).data().toString(),
             QStringLiteral("A[m:1, k:16]  Z[m:1, n:1]"));
    QVERIFY(model.indexForPath({3}).data(Qt::ToolTipRole).toString().contains("Z is not backed here"));
  }
};

QTEST_MAIN(TestReservedTiles)
#include "test_reserved_tiles.moc"
