// WorkloadView and the layered layout: items, texts, colours, tooltips, layers, overlaps.
#include <QAbstractGraphicsShapeItem>
#include <QFile>
#include <QGraphicsEllipseItem>
#include <QTemporaryDir>
#include <QtTest>

#include "fixtures.h"
#include "models/tensor_palette.h"
#include "test_classes.h"
#include "test_helpers.h"
#include "views/diagram_scene.h"
#include "views/diagram_view.h"
#include "views/layered_layout.h"
#include "views/workload_view.h"

using namespace af;
using namespace af::ui;
using af::test::childTexts;
using af::test::itemsOfKind;

namespace {
QGraphicsItem* item(const WorkloadView& v, const QString& name, const char* kind) {
  return v.scene()->findItem(name, kind);
}
QList<QGraphicsItem*> nodes(const WorkloadView& v) {
  return itemsOfKind(*v.scene(), kKindEinsum) + itemsOfKind(*v.scene(), kKindTensor);
}
}  // namespace

void TestWorkloadView::placeInOrderKeepsGaps() {
  // Wanted positions that collide are spread around their mean, in order.
  const auto y = placeInOrder({0, 0, 0}, {10, 10});
  QCOMPARE(y.size(), std::size_t{3});
  QCOMPARE(y[0], -10.0);
  QCOMPARE(y[1], 0.0);
  QCOMPARE(y[2], 10.0);
  const auto free = placeInOrder({-50, 0, 50}, {10, 10});  // far apart: as wanted
  QCOMPARE(free[0], -50.0);
  QCOMPARE(free[2], 50.0);
}

void TestWorkloadView::layoutLayersFollowDataflow() {
  // a -> E1 -> b -> E2 -> c, and a -> E2 (a long edge gets one bend per skipped layer).
  const std::vector<QSizeF> sizes(5, QSizeF(40, 20));
  const std::vector<LayoutEdge> edges{{0, 1}, {1, 2}, {2, 3}, {3, 4}, {0, 3}};
  const auto l = layeredLayout(sizes, edges);
  QCOMPARE(l.layers, (std::vector<int>{0, 1, 2, 3, 4}));
  QCOMPARE(l.bends[4].size(), std::size_t{2});
  QCOMPARE(l.bends[0].size(), std::size_t{0});
  for (std::size_t i = 1; i < 5; ++i) QVERIFY(l.centers[i].x() > l.centers[i - 1].x());
  QCOMPARE(l.crossings, 0);
  // A source feeding only a late node sits just left of it, not in layer 0.
  const auto late = layeredLayout(std::vector<QSizeF>(4, QSizeF(40, 20)), {{0, 1}, {1, 2}, {3, 2}});
  QCOMPARE(late.layers[3], 1);
}

void TestWorkloadView::matmulChainItems() {
  WorkloadView v;
  v.setWorkload(af::test::matmulChain(2));
  QCOMPARE(itemsOfKind(*v.scene(), kKindEinsum).size(), 2);
  QCOMPARE(itemsOfKind(*v.scene(), kKindTensor).size(), 5);
  QCOMPARE(itemsOfKind(*v.scene(), kKindEdge).size(), 6);
  const QStringList m0 = childTexts(item(v, QStringLiteral("Matmul0"), kKindEinsum));
  QVERIFY(m0.contains(QStringLiteral("Matmul0")));
  QVERIFY2(m0.contains(QStringLiteral("m=64 n0=32 n1=32")), qPrintable(m0.join('|')));
  const QStringList t0 = childTexts(item(v, QStringLiteral("T0"), kKindTensor));
  QVERIFY(t0.contains(QStringLiteral("T0")));
  QVERIFY2(t0.contains(QStringLiteral("2 KiB")), qPrintable(t0.join('|')));  // 64 * 32 * 8 bits
  QVERIFY(qgraphicsitem_cast<QGraphicsEllipseItem*>(item(v, QStringLiteral("T0"), kKindTensor)));
  // Colours follow the palette in first-use order (T0, W0, T1, ...).
  TensorPalette palette;
  palette.assign({"T0", "W0", "T1", "W1", "T2"});
  auto* w0 = dynamic_cast<QAbstractGraphicsShapeItem*>(item(v, QStringLiteral("W0"), kKindTensor));
  QCOMPARE(w0->pen().color(), palette.colorFor(QStringLiteral("W0")).darker(115));
  TensorPalette shown = v.tensorPalette();
  QCOMPARE(shown.colorFor(QStringLiteral("W0")), palette.colorFor(QStringLiteral("W0")));
  // Intermediates are drawn dashed.
  QCOMPARE(dynamic_cast<QAbstractGraphicsShapeItem*>(item(v, QStringLiteral("T1"), kKindTensor))->pen().style(),
           Qt::DashLine);
  QCOMPARE(w0->pen().style(), Qt::SolidLine);
}

void TestWorkloadView::tooltips() {
  WorkloadView v;
  v.setWorkload(af::test::matmulChain(2));
  const QString t1 = item(v, QStringLiteral("T1"), kKindTensor)->toolTip();
  QVERIFY2(t1.contains(QStringLiteral("T1[m, n1]")), qPrintable(t1));
  QVERIFY(t1.contains(QStringLiteral("Bits per value: 8")));
  QVERIFY(t1.contains(QStringLiteral("16,384 bits")));
  QVERIFY(t1.contains(QStringLiteral("intermediate")));
  QVERIFY(t1.contains(QStringLiteral("Produced by: Matmul0")));
  QVERIFY(t1.contains(QStringLiteral("Consumed by: Matmul1")));
  QVERIFY(!item(v, QStringLiteral("T0"), kKindTensor)->toolTip().contains(QStringLiteral("intermediate")));
  const QString e = item(v, QStringLiteral("Matmul1"), kKindEinsum)->toolTip();
  QVERIFY2(e.contains(QStringLiteral("T2[m, n2] = f(T1[m, n1], W1[n1, n2])")), qPrintable(e));
  v.setWorkload(af::test::transformerBlock());
  QVERIFY(item(v, QStringLiteral("WQ"), kKindTensor)->toolTip().contains(QStringLiteral("persistent")));
}

void TestWorkloadView::longChainIsLayeredWithoutOverlap() {
  WorkloadView v;
  v.setWorkload(af::test::matmulChain(20));
  QCOMPARE(itemsOfKind(*v.scene(), kKindEinsum).size(), 20);
  QCOMPARE(itemsOfKind(*v.scene(), kKindTensor).size(), 41);
  for (int i = 0; i < 20; ++i) {
    const QString e = QStringLiteral("Matmul%1").arg(i);
    const QRectF box = item(v, e, kKindEinsum)->sceneBoundingRect();
    for (const QString& in : {QStringLiteral("T%1").arg(i), QStringLiteral("W%1").arg(i)})
      QVERIFY2(item(v, in, kKindTensor)->sceneBoundingRect().right() < box.left(), qPrintable(e + " " + in));
    QVERIFY(item(v, QStringLiteral("T%1").arg(i + 1), kKindTensor)->sceneBoundingRect().left() > box.right());
  }
  QVERIFY2(af::test::firstOverlap(nodes(v)).isEmpty(), qPrintable(af::test::firstOverlap(nodes(v))));
}

void TestWorkloadView::transformerResidualsStayReadable() {
  WorkloadView v;
  v.setWorkload(af::test::transformerBlock());
  QCOMPARE(itemsOfKind(*v.scene(), kKindEinsum).size(), 12);
  QVERIFY2(af::test::firstOverlap(nodes(v)).isEmpty(), qPrintable(af::test::firstOverlap(nodes(v))));
  // Every Einsum is right of all its inputs and left of its output.
  const auto w = af::test::transformerBlock();
  for (const auto& e : w.einsums) {
    const QRectF box = item(v, QString::fromStdString(e.name), kKindEinsum)->sceneBoundingRect();
    for (const auto& a : e.accesses) {
      const QRectF t = item(v, QString::fromStdString(a.tensor), kKindTensor)->sceneBoundingRect();
      QVERIFY2(a.output ? t.left() > box.right() : t.right() < box.left(), qPrintable(QString::fromStdString(e.name + " " + a.tensor)));
    }
  }
  // Texts stay inside their shapes.
  for (QGraphicsItem* n : nodes(v))
    for (QGraphicsItem* child : n->childItems())
      QVERIFY2(n->sceneBoundingRect().contains(child->sceneBoundingRect()), qPrintable(n->data(kItemName).toString()));
}

void TestWorkloadView::highlightTensor() {
  WorkloadView v;
  v.setWorkload(af::test::matmulChain(2));
  auto* t1 = dynamic_cast<QAbstractGraphicsShapeItem*>(item(v, QStringLiteral("T1"), kKindTensor));
  const double normal = t1->pen().widthF();
  v.highlightTensor(QStringLiteral("T1"));
  QCOMPARE(v.scene()->highlighted(), QStringLiteral("T1"));
  QVERIFY(t1->pen().widthF() > normal);
  int thickEdges = 0;
  for (QGraphicsItem* e : itemsOfKind(*v.scene(), kKindEdge))
    if (dynamic_cast<QAbstractGraphicsShapeItem*>(e)->pen().color() == DiagramScene::accentColor()) ++thickEdges;
  QCOMPARE(thickEdges, 2);  // Matmul0 -> T1 -> Matmul1
  v.highlightTensor(QStringLiteral("Matmul0"));  // not a tensor: clears
  QVERIFY(v.scene()->highlighted().isEmpty());
  QCOMPARE(t1->pen().widthF(), normal);
  v.highlightEinsum(QStringLiteral("Matmul0"));
  QCOMPARE(v.scene()->highlighted(), QStringLiteral("Matmul0"));
}

void TestWorkloadView::exportAndEmpty() {
  WorkloadView v;
  QVERIFY(v.scene()->items().isEmpty());
  QVERIFY(v.view()->emptyText().contains(QStringLiteral("workload")));
  v.setWorkload(af::test::transformerBlock());
  QTemporaryDir dir;
  for (const char* name : {"w.png", "w.svg"}) {
    QString error;
    QVERIFY2(v.exportTo(dir.filePath(QString::fromLatin1(name)), &error), qPrintable(error));
    QVERIFY(QFileInfo(dir.filePath(QString::fromLatin1(name))).size() > 1000);
  }
  QFile svg(dir.filePath(QStringLiteral("w.svg")));
  QVERIFY(svg.open(QIODevice::ReadOnly));
  QVERIFY(svg.readAll().contains("QK_softmax"));
  v.clear();
  QVERIFY(v.scene()->items().isEmpty());
}
