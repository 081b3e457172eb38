// ArchitectureView: boxes, fanout frames, order, tooltips, highlight, compute combo, export.
#include <QAbstractGraphicsShapeItem>
#include <QComboBox>
#include <QFile>
#include <QTemporaryDir>
#include <QWheelEvent>
#include <QtTest>
#include <algorithm>

#include "fixtures.h"
#include "test_classes.h"
#include "test_helpers.h"
#include "views/architecture_view.h"
#include "views/diagram_scene.h"
#include "views/diagram_view.h"

using namespace af;
using namespace af::ui;
using af::test::childTexts;
using af::test::itemsOfKind;

namespace {
QGraphicsItem* box(const ArchitectureView& v, const char* name) {
  return v.scene()->findItem(QString::fromLatin1(name), kKindComponent);
}
}  // namespace

void TestArchitectureView::emptyState() {
  ArchitectureView v;
  QVERIFY(v.scene()->items().isEmpty());
  QVERIFY(v.view()->emptyText().contains(QStringLiteral("Open an architecture")));
  v.setArch(af::test::threeLevelArch());
  QVERIFY(!v.scene()->items().isEmpty());
  v.clear();
  QVERIFY(v.scene()->items().isEmpty());
}

void TestArchitectureView::boxesShowSizesAndEnergies() {
  ArchitectureView v;
  v.setArch(af::test::threeLevelArch());
  for (const char* name : {"DRAM", "GlobalBuffer", "Register", "MAC"}) QVERIFY2(box(v, name), name);
  QVERIFY(!box(v, "PE"));  // a container is a frame, not a box
  const QStringList dram = childTexts(box(v, "DRAM"));
  QVERIFY(dram.contains(QStringLiteral("\u221e")));
  QVERIFY(dram.contains(QStringLiteral("512 pJ/access")));
  QVERIFY(dram.contains(QStringLiteral("8 pJ/bit")));  // 512 pJ over 64 bits
  const QStringList glb = childTexts(box(v, "GlobalBuffer"));
  QVERIFY2(glb.contains(QStringLiteral("128 KiB")), qPrintable(glb.join('|')));
  QVERIFY(glb.contains(QStringLiteral("SmartBufferSRAM")));
  QVERIFY(glb.contains(QStringLiteral("2.5 pJ/access")));
  QVERIFY(glb.contains(QStringLiteral("3 pJ/access")));
  QVERIFY(glb.contains(QStringLiteral("6.4 G/s")));
  const QStringList reg = childTexts(box(v, "Register"));
  QVERIFY(reg.contains(QStringLiteral("256 b")));
  QVERIFY(reg.contains(QStringLiteral("\u00d7 16")));  // replicated 16 times
  QVERIFY(childTexts(box(v, "MAC")).contains(QStringLiteral("500 fJ/op")));
  QCOMPARE(itemsOfKind(*v.scene(), kKindArrow).size(), 3);
}

void TestArchitectureView::fanoutFrameAndGrid() {
  ArchitectureView v;
  v.setArch(af::test::threeLevelArch());
  QGraphicsItem* frame = v.scene()->findItem(QStringLiteral("PE"), kKindFanout);
  QVERIFY(frame);
  const QStringList texts = childTexts(frame);
  QVERIFY(texts.contains(QStringLiteral("PE")));
  QVERIFY(texts.contains(QStringLiteral("X \u00d7 4")));
  QVERIFY(texts.contains(QStringLiteral("Y \u00d7 4")));
  QVERIFY(texts.contains(QStringLiteral("= 16 instances")));
  // The frame encloses everything below the fanout.
  QVERIFY(frame->sceneBoundingRect().contains(box(v, "Register")->sceneBoundingRect()));
  QVERIFY(frame->sceneBoundingRect().contains(box(v, "MAC")->sceneBoundingRect()));
  QVERIFY(!frame->sceneBoundingRect().intersects(box(v, "GlobalBuffer")->sceneBoundingRect()));

  // Nested fanouts: a second array inside the first gets its own, inner frame.
  auto arch = af::test::threeLevelArch();
  arch.components[3].spatial.push_back({"R", 2, std::nullopt, {}, 1, false});
  v.setArch(arch);
  QGraphicsItem* outer = v.scene()->findItem(QStringLiteral("PE"), kKindFanout);
  QGraphicsItem* inner = v.scene()->findItem(QStringLiteral("Register"), kKindFanout);
  QVERIFY(outer && inner);
  QVERIFY(outer->sceneBoundingRect().contains(inner->sceneBoundingRect()));
  QVERIFY(childTexts(inner).contains(QStringLiteral("= 2 (32 in all)")));
  QVERIFY(childTexts(box(v, "MAC")).contains(QStringLiteral("\u00d7 32")));
}

void TestArchitectureView::levelsTopToBottomWithoutOverlap() {
  ArchitectureView v;
  v.setArch(af::test::eyerissArch());
  const QStringList order{"MainMemory", "GlobalBuffer", "InputScratchpad", "WeightScratchpad", "OutputScratchpad",
                          "MAC"};
  for (qsizetype i = 1; i < order.size(); ++i)
    QVERIFY2(box(v, qPrintable(order[i - 1]))->sceneBoundingRect().bottom() <
                 box(v, qPrintable(order[i]))->sceneBoundingRect().top(),
             qPrintable(order[i]));
  const auto boxes = itemsOfKind(*v.scene(), kKindComponent);
  QCOMPARE(boxes.size(), 6);
  QVERIFY2(af::test::firstOverlap(boxes).isEmpty(), qPrintable(af::test::firstOverlap(boxes)));
  // Memory boxes share one column: same width and centre.
  const QRectF a = box(v, "GlobalBuffer")->sceneBoundingRect(), b = box(v, "InputScratchpad")->sceneBoundingRect();
  QCOMPARE(a.width(), b.width());
  QCOMPARE(a.center().x(), b.center().x());
  // Texts stay inside their boxes.
  for (QGraphicsItem* item : boxes)
    for (QGraphicsItem* child : item->childItems())
      QVERIFY2(item->sceneBoundingRect().contains(child->sceneBoundingRect()),
               qPrintable(item->data(kItemName).toString()));
}

void TestArchitectureView::tooltipsHaveExactNumbers() {
  ArchitectureView v;
  v.setArch(af::test::threeLevelArch());
  const QString glb = box(v, "GlobalBuffer")->toolTip();
  QVERIFY2(glb.contains(QStringLiteral("1,048,576 bits")), qPrintable(glb));
  QVERIFY(glb.contains(QStringLiteral("2.5 pJ")));
  QVERIFY(glb.contains(QStringLiteral("6.4 G/s")));
  QVERIFY(glb.contains(QStringLiteral("SmartBufferSRAM")));
  QVERIFY(box(v, "Register")->toolTip().contains(QStringLiteral("Instances")));
  const QString pe = v.scene()->findItem(QStringLiteral("PE"), kKindFanout)->toolTip();
  QVERIFY(pe.contains(QStringLiteral("fanout 4")));
  QVERIFY(pe.contains(QStringLiteral("16")));
}

void TestArchitectureView::highlight() {
  ArchitectureView v;
  v.setArch(af::test::threeLevelArch());
  auto* glb = dynamic_cast<QAbstractGraphicsShapeItem*>(box(v, "GlobalBuffer"));
  QVERIFY(glb);
  const double normal = glb->pen().widthF();
  v.highlight(QStringLiteral("GlobalBuffer"));
  QCOMPARE(v.scene()->highlighted(), QStringLiteral("GlobalBuffer"));
  QVERIFY(glb->pen().widthF() > normal);
  QCOMPARE(glb->pen().color(), DiagramScene::accentColor());
  v.highlight(QStringLiteral("PE"));  // a container highlights its frame
  QVERIFY(glb->pen().widthF() == normal);
  QCOMPARE(v.scene()->highlighted(), QStringLiteral("PE"));
  v.highlight(QStringLiteral("NoSuchThing"));
  QVERIFY(v.scene()->highlighted().isEmpty());
  // A highlight survives a redraw with the same component.
  v.highlight(QStringLiteral("MAC"));
  v.setArch(af::test::threeLevelArch());
  QCOMPARE(v.scene()->highlighted(), QStringLiteral("MAC"));
}

void TestArchitectureView::computeCombo() {
  ArchitectureView v;
  v.setArch(af::test::threeLevelArch());
  auto* combo = v.findChild<QComboBox*>();
  QVERIFY(combo);
  QVERIFY(combo->parentWidget()->isHidden());  // one compute: no combo
  QSignalSpy changed(&v, &ArchitectureView::computeChanged);
  v.setArch(af::test::forkedArch(), QStringLiteral("Vector"));
  QVERIFY(!combo->parentWidget()->isHidden());
  QCOMPARE(v.computeNames(), (QStringList{"MAC", "Vector"}));
  QCOMPARE(v.computeName(), QStringLiteral("Vector"));
  QVERIFY(box(v, "VectorRF"));
  QVERIFY(!box(v, "MAC"));
  combo->setCurrentIndex(0);
  QCOMPARE(changed.size(), 1);
  QVERIFY(box(v, "MAC"));
  QVERIFY(!box(v, "VectorRF"));
  QVERIFY(v.scene()->findItem(QStringLiteral("Lanes"), kKindFanout));
}

void TestArchitectureView::memoryWithFanout() {
  // Like examples/arches/fanout_variations/at_glb.yaml: the buffer itself is replicated.
  auto arch = af::test::threeLevelArch();
  arch.components[1].spatial.push_back({"X", 4, std::nullopt, {}, 1, false});
  ArchitectureView v;
  v.setArch(arch);
  QGraphicsItem* frame = v.scene()->findItem(QStringLiteral("GlobalBuffer"), kKindFanout);
  QVERIFY(frame);
  QVERIFY(frame->sceneBoundingRect().contains(box(v, "GlobalBuffer")->sceneBoundingRect()));
  QVERIFY(!frame->sceneBoundingRect().intersects(box(v, "DRAM")->sceneBoundingRect()));
  QVERIFY(childTexts(box(v, "Register")).contains(QStringLiteral("\u00d7 64")));
  v.highlight(QStringLiteral("GlobalBuffer"));  // the box, not the frame
  QCOMPARE(dynamic_cast<QAbstractGraphicsShapeItem*>(box(v, "GlobalBuffer"))->pen().color(),
           DiagramScene::accentColor());
}

void TestArchitectureView::tollIsNarrowAndClickable() {
  auto arch = af::test::threeLevelArch();
  spec::Component noc;
  noc.name = "NoC";
  noc.kind = spec::ComponentKind::Toll;
  noc.component_class = "Mesh";
  noc.actions = {{"hop", 0.8e-12, spec::kInf, 16.0, {}}};
  arch.components.insert(arch.components.begin() + 2, noc);
  arch.paths.clear();
  arch.derive_linear_paths();
  ArchitectureView v;
  v.resize(500, 700);
  v.show();
  v.setArch(arch);
  QVERIFY(box(v, "NoC"));
  QVERIFY(box(v, "NoC")->sceneBoundingRect().width() < box(v, "GlobalBuffer")->sceneBoundingRect().width());
  QVERIFY(childTexts(box(v, "NoC")).contains(QStringLiteral("800 fJ/access")));
  QVERIFY(box(v, "NoC")->toolTip().contains(QStringLiteral("Toll")));
  QCOMPARE(itemsOfKind(*v.scene(), kKindArrow).size(), 4);
  if (qEnvironmentVariableIsSet("AF_VIEWS_SCREENSHOT_DIR"))
    v.exportTo(qEnvironmentVariable("AF_VIEWS_SCREENSHOT_DIR") + QStringLiteral("/toll_scene.png"));
  // Clicking a box reports its name.
  QSignalSpy clicked(&v, &ArchitectureView::componentClicked);
  const QPoint at = v.view()->mapFromScene(box(v, "GlobalBuffer")->sceneBoundingRect().center());
  QTest::mouseClick(v.view()->viewport(), Qt::LeftButton, {}, at);
  QCOMPARE(clicked.size(), 1);
  QCOMPARE(clicked.first().first().toString(), QStringLiteral("GlobalBuffer"));
}

void TestArchitectureView::wheelZoomAndFit() {
  ArchitectureView v;
  v.resize(400, 300);
  v.show();
  v.setArch(af::test::eyerissArch());
  DiagramView* view = v.view();
  QVERIFY(view->autoFit());
  const double fitted = view->zoom();
  QVERIFY(fitted < 1.0);  // the eyeriss column is taller than 300 px
  QVERIFY(view->mapFromScene(view->sceneRect()).boundingRect().height() <= view->viewport()->height() + 1);
  QWheelEvent wheel(QPointF(100, 100), view->viewport()->mapToGlobal(QPointF(100, 100)), {}, QPoint(0, 120),
                    Qt::NoButton, Qt::NoModifier, Qt::NoScrollPhase, false);
  QCoreApplication::sendEvent(view->viewport(), &wheel);
  QVERIFY(view->zoom() > fitted);
  QVERIFY(!view->autoFit());
  v.zoomToFit();
  QCOMPARE(view->zoom(), fitted);
  QVERIFY(view->autoFit());
  // The empty state paints its hint.
  v.clear();
  const QImage empty = view->viewport()->grab().toImage();
  bool ink = false;
  for (int y = 0; y < empty.height() && !ink; y += 2)
    for (int x = 0; x < empty.width() && !ink; x += 2) ink = qGray(empty.pixel(x, y)) < 160;
  QVERIFY(ink);
}

void TestArchitectureView::exportFormats() {
  ArchitectureView v;
  QTemporaryDir dir;
  QString error;
  QVERIFY(!v.exportTo(dir.filePath(QStringLiteral("empty.png")), &error));
  v.setArch(af::test::eyerissArch());
  for (const char* name : {"arch.png", "arch.svg", "arch.pdf"}) {
    const QString path = dir.filePath(QString::fromLatin1(name));
    QVERIFY2(v.exportTo(path, &error), qPrintable(error));
    QVERIFY(QFileInfo(path).size() > 1000);
  }
  QFile svg(dir.filePath(QStringLiteral("arch.svg")));
  QVERIFY(svg.open(QIODevice::ReadOnly));
  QVERIFY(svg.readAll().contains("GlobalBuffer"));
  QVERIFY(QImage(dir.filePath(QStringLiteral("arch.png"))).width() > 400);
  QVERIFY(!v.exportTo(dir.filePath(QStringLiteral("arch.bmpx")), &error));
  QVERIFY(error.contains(QStringLiteral("bmpx")));
}
