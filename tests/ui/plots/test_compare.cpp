// Pin and compare: the pinned mapping's figures stay while the current one changes; per buffer
// the view pairs them and states the change.
#include <QPushButton>
#include <QTableWidget>
#include <QtTest>

#include "models/buffer_comparison.h"
#include "models/pin_comparison.h"
#include "models/pinned_mapping.h"
#include "plots/compare_view.h"
#include "qt_warnings.h"

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
  void init() { af::ui::test::failOnQtWarnings(); }
  void buffers_pair_up_with_their_change() {
    const auto rows = compareBuffers(mapping(100, 50), mapping(200, 25));
    QCOMPARE(rows.size(), 3);
    QCOMPARE(rows[0].component, QString("DRAM"));
    QCOMPARE(rows[0].pinnedBits, 400.0);
    QCOMPARE(rows[0].currentBits, 200.0);
    QCOMPARE(changeText(rows[0].pinnedBits, rows[0].currentBits), QStringLiteral("\u221250 %"));
    QCOMPARE(rows[2].pinnedBits, 0.0);  // compute moves no data
    QCOMPARE(changeText(0, 1), QStringLiteral("new"));
  }

  void pinned_stays_while_current_changes() {
    PinnedMapping pin;
    CompareView view(&pin);
    QVERIFY(!view.pinButton()->isEnabled());  // nothing evaluated yet
    pin.setCurrent(mapping(100, 50));
    QVERIFY(view.pinButton()->isEnabled());
    QVERIFY(!view.unpinButton()->isEnabled());
    QVERIFY(view.rows().isEmpty());  // nothing pinned: nothing to compare
    QSignalSpy changed(&pin, &PinnedMapping::pinnedChanged);
    view.pinButton()->click();
    QVERIFY(pin.isPinned());
    QCOMPARE(changed.count(), 1);
    QVERIFY(view.unpinButton()->isEnabled());
    pin.setCurrent(mapping(200, 25));
    QCOMPARE(view.rows().size(), 3);
    QCOMPARE(view.table()->rowCount(), 3);
    QCOMPARE(view.table()->item(1, 0)->text(), QString("Buffer"));
    // The change reads as in the accesses plot's labels (models/pin_comparison.h).
    QCOMPARE(view.table()->item(1, 6)->text(), QString("2\u00d7"));
    QCOMPARE(view.table()->item(0, 6)->text(), QString("\u221250 %"));
    pin.unpin();
    QVERIFY(view.rows().isEmpty());
    QVERIFY(!view.unpinButton()->isEnabled());
  }
};

QTEST_MAIN(TestCompare)
#include "test_compare.moc"
