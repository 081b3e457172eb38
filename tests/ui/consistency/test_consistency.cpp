// Issue 13 offscreen: a tensor's colour is a function of its name and the workload (same in every
// run and every view), tensor chips stay in their column, the workload graph fits its view unless
// the user zoomed, and energies say what they are per.
#include <qcustomplot.h>

#include <QAbstractGraphicsShapeItem>
#include <QImage>
#include <QPainter>
#include <QStandardItemModel>
#include <QtTest>

#include "fixtures.h"
#include "mapping/mapping_item_delegate.h"
#include "mapping/mapping_tree_model.h"
#include "models/tensor_chips.h"
#include "models/tensor_palette.h"
#include "plots/accesses_plot.h"
#include "views/arch_text.h"
#include "views/diagram_scene.h"
#include "views/diagram_view.h"
#include "views/workload_view.h"

using namespace af;
using namespace af::ui;

namespace {

AccessesData occupancyOf(const QStringList& tensors) {
  AccessesData d;
  for (const auto& t : tensors) d.occupancy << OccupancyRecord{"Buffer", t, 64, 1024};
  return d;
}

QColor barColour(const AccessesPlot& plot, const QString& tensor) {
  const QCPBars* bars = plot.barsFor(tensor);
  return bars ? bars->brush().color() : QColor();
}

}  // namespace

class TestConsistency : public QObject {
  Q_OBJECT
 private slots:
  // Any Qt warning fails (the offscreen platform's own note about size hints aside).
  void init() {
    QTest::failOnWarning(QRegularExpression(QStringLiteral("^(?!This plugin does not support).*")));
  }

  void colour_is_a_function_of_the_name() {
    // The same workload gives the same colours whatever was shown before (the old palette kept
    // every tensor it had ever seen, so opening a second example shifted the first one's colours).
    TensorPalette fresh, used;
    used.assign({"A", "B", "Z", "Q", "K"});
    (void)used.colorFor(QStringLiteral("X"));
    used.assign({"I", "Wt", "O"});
    fresh.assign({"I", "Wt", "O"});
    for (const QString t : {"I", "Wt", "O"}) QCOMPARE(used.colorFor(t), fresh.colorFor(t));
    // Fixed values: a seeded hash or a first-use order would change them from run to run.
    QCOMPARE(TensorPalette::nameHash(QStringLiteral("Wt")), 1257759494u);
    QCOMPARE(fresh.colorFor(QStringLiteral("I")), QColor(0x00, 0x72, 0xB2));
    QCOMPARE(fresh.colorFor(QStringLiteral("Wt")), QColor(0x00, 0x9E, 0x73));
    QCOMPARE(fresh.colorFor(QStringLiteral("O")), QColor(0xE6, 0x9F, 0x00));
    // The order the tensors are listed in does not matter when their slots do not clash.
    TensorPalette reordered;
    reordered.assign({"O", "I", "Wt"});
    for (const QString t : {"I", "Wt", "O"}) QCOMPARE(reordered.colorFor(t), fresh.colorFor(t));
  }

  void colours_are_distinct_and_never_black() {
    const QStringList attention{"I",          "WQ", "WK", "WV", "Q",   "K",   "V",  "QK",
                                "QK_softmax", "AV", "WZ", "Z",  "FFA", "FFB", "Out"};
    TensorPalette p;
    p.assign(attention);
    QSet<QRgb> seen;
    for (const auto& t : attention) {
      const QColor c = p.colorFor(t);
      QVERIFY2(c.lightness() > 20, qPrintable(t));  // AV was black in plots, grey in the graph
      QVERIFY2(!seen.contains(c.rgb()), qPrintable(t));
      seen.insert(c.rgb());
    }
  }

  void every_view_uses_the_one_palette() {
    TensorPalette palette;
    palette.assign({"T0", "W0", "T1", "W1", "T2"});
    WorkloadView graph;
    graph.setTensorPalette(&palette);
    graph.setWorkload(test::matmulChain(2));
    AccessesPlot plot;
    plot.setTensorPalette(&palette);
    plot.setView(AccessesPlot::View::Occupancy);
    plot.setData(occupancyOf({"W1", "T2", "T0"}));  // another first-seen order than the workload's
    for (const QString t : {"W1", "T2", "T0"}) {
      QCOMPARE(barColour(plot, t), palette.colorFor(t));
      auto* oval = dynamic_cast<QAbstractGraphicsShapeItem*>(graph.scene()->findItem(t, kKindTensor));
      QVERIFY(oval);
      // The oval's outline is the tensor colour, darkened a little to read on its light fill.
      const QColor c = palette.colorFor(t);
      QVERIFY2(oval->pen().color() == c.darker(115) || oval->pen().color() == c.darker(170), qPrintable(t));
    }
    // The plot follows the window's palette when it changes (it used to keep its own copy).
    palette.assign({"Z", "W1", "T2", "T0"});
    plot.setTensorPalette(&palette);
    for (const QString t : {"W1", "T2", "T0"}) QCOMPARE(barColour(plot, t), palette.colorFor(t));
  }

  void chips_stay_in_their_column() {
    const QFont font;
    const QFontMetrics fm(font);
    const QStringList tensors{"I", "Wt", "O"};
    // Room for "I", "+2" and a part of "Wt": the old loop drew "Wt" across the column edge.
    const int left = 10;
    const int right =
        left + fm.horizontalAdvance("I") + fm.horizontalAdvance("+2") + 4 * kChipPad + kChipGap + 2;
    const auto chips = layoutChips(fm, tensors, left, right, 10);
    QVERIFY(!chips.isEmpty());
    for (const auto& c : chips) QVERIFY2(c.rect.right() <= right, qPrintable(c.text));
    QCOMPARE(chips.last().text.front(), QChar('+'));  // what does not fit is counted, not cut
    const auto all = layoutChips(fm, tensors, left, left + chipsWidth(fm, tensors), 10);
    QCOMPARE(all.size(), 3);

    // The delegate paints nothing right of its cell.
    QStandardItemModel model(1, 2);
    const QModelIndex index = model.index(0, MappingTreeModel::NodeColumn);
    model.setData(index, QStringLiteral("Storage GlobalBuffer I, Wt, O"), Qt::DisplayRole);
    model.setData(index, QStringLiteral("Storage GlobalBuffer"), MappingTreeModel::BaseLabelRole);
    model.setData(index, tensors, MappingTreeModel::TensorsRole);
    MappingItemDelegate delegate;
    TensorPalette palette;
    palette.assign(tensors);
    delegate.setTensorPalette(&palette);
    const int cell = fm.horizontalAdvance("Storage GlobalBuffer") + 40;
    QImage image(cell + 200, fm.height() + 8, QImage::Format_ARGB32);
    image.fill(Qt::white);
    {
      QPainter painter(&image);
      QStyleOptionViewItem option;
      option.rect = QRect(0, 0, cell, image.height());
      option.font = font;
      option.fontMetrics = fm;
      delegate.paint(&painter, option, index);
    }
    for (int x = cell; x < image.width(); ++x)
      for (int y = 0; y < image.height(); ++y)
        QVERIFY2(image.pixel(x, y) == qRgb(255, 255, 255),
                 qPrintable(QStringLiteral("painted at x=%1").arg(x)));
  }

  void workload_graph_fits_the_view() {
    WorkloadView v;
    v.resize(640, 360);
    v.show();
    QVERIFY(QTest::qWaitForWindowExposed(&v));
    v.setWorkload(test::transformerBlock());
    DiagramView* view = v.view();
    const QRect port = view->viewport()->rect();
    const auto allVisible = [&] {
      for (QGraphicsItem* item : v.scene()->items())
        if (!port.contains(view->mapFromScene(item->sceneBoundingRect()).boundingRect())) return false;
      return true;
    };
    QVERIFY(allVisible());  // it used to stop at 80 % and cut the transformer off
    v.resize(900, 500);
    QTest::qWait(20);
    QVERIFY(view->autoFit());
    QVERIFY(port.width() < view->viewport()->width());
    // A zoom the user chose survives a re-evaluation and a resize.
    view->zoomBy(2.0);
    const double zoomed = view->zoom();
    v.setWorkload(test::transformerBlock());
    v.resize(800, 450);
    QTest::qWait(20);
    QCOMPARE(view->zoom(), zoomed);
    view->zoomToFit();
    QVERIFY(view->autoFit());
  }

  void energies_say_what_they_are_per() {
    spec::Component memory;
    memory.name = "GlobalBuffer";
    memory.kind = spec::ComponentKind::Memory;
    spec::Action read;
    read.name = "read";
    read.energy = 2e-12;
    QCOMPARE(actionCells(memory, read).energy, QStringLiteral("2 pJ/bit"));  // one bit per action
    read.bits_per_action = 64;
    read.energy = 512e-12;
    QCOMPARE(actionCells(memory, read).energy, QStringLiteral("512 pJ/access"));
    QCOMPARE(actionCells(memory, read).perBit, QStringLiteral("8 pJ/bit"));
    spec::Component mac;
    mac.name = "MAC";
    mac.kind = spec::ComponentKind::Compute;
    spec::Action compute;
    compute.name = "compute";
    compute.energy = 0.4e-12;
    QCOMPARE(actionCells(mac, compute).energy, QStringLiteral("400 fJ/op"));
  }
};

QTEST_MAIN(TestConsistency)
#include "test_consistency.moc"
