// Pin and compare: the pinned mapping's figures stay while the current one changes; per buffer
// the view pairs them and states the change.
#include <QPushButton>
#include <QTableWidget>
#include <QtTest>

#include "models/buffer_comparison.h"
#include "plots/compare_view.h"

using namespace af::ui;

namespace {

AccessesData mapping(double bufferReads, double dramReads) {
  AccessesData d;
  d.actions.append({"E", "DRAM", "A", "read", dramReads, dramReads * 1e-12, 8});
  d.actions.append({"E", "Buffer", "A", "read", bufferReads, bufferReads * 1e-13, 8});
  d.actions.append({"E", "MAC", "", "compute", 100, 1e-11, 1});
  return d;
}

}  // namespace

class TestCompare : public QObject {
  Q_OBJECT
 private slots:
  void buffers_pair_up_with_their_change() {
    const auto rows = compareBuffers(mapping(100, 50), mapping(200, 25));
    QCOMPARE(rows.size(), 3);
    QCOMPARE(rows[0].component, QString("DRAM"));
    QCOMPARE(rows[0].pinnedBits, 400.0);
    QCOMPARE(rows[0].currentBits, 200.0);
    QCOMPARE(BufferComparison::change(rows[0].pinnedBits, rows[0].currentBits), -0.5);
    QCOMPARE(rows[2].pinnedBits, 0.0);  // compute moves no data
    QVERIFY(std::isinf(BufferComparison::change(0, 1)));
  }

  void pinned_stays_while_current_changes() {
    CompareView view;
    QVERIFY(!view.pinButton()->isEnabled());  // nothing evaluated yet
    view.setCurrent(mapping(100, 50));
    QVERIFY(view.pinButton()->isEnabled());
    QVERIFY(view.rows().isEmpty());  // nothing pinned: nothing to compare
    view.pin();
    QVERIFY(view.isPinned());
    view.setCurrent(mapping(200, 25));
    QCOMPARE(view.rows().size(), 3);
    QCOMPARE(view.table()->rowCount(), 3);
    QCOMPARE(view.table()->item(1, 0)->text(), QString("Buffer"));
    QCOMPARE(view.table()->item(1, 6)->text(), QString("+100 %"));
    QCOMPARE(view.table()->item(0, 6)->text(), QString("-50 %"));
    view.unpin();
    QVERIFY(view.rows().isEmpty());
  }
};

QTEST_MAIN(TestCompare)
#include "test_compare.moc"
