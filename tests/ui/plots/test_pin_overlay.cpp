// Pin and compare inside the accesses plot and table: with mapping A pinned and B on screen the
// plot draws A's total per component beside B's bars with the change above, and the table gains
// A's columns over the union of both mappings' rows; unpinning restores the plain plot and table.
#include <qcustomplot.h>

#include <QAbstractItemModelTester>
#include <QHeaderView>
#include <QToolButton>
#include <QtTest>

#include "models/accesses_model.h"
#include "models/accesses_query.h"
#include "models/pin_comparison.h"
#include "models/pinned_mapping.h"
#include "plots/accesses_plot.h"
#include "plots/accesses_table_view.h"
#include "qt_warnings.h"

using namespace af::ui;

namespace {

AccessRecord access(const char* component, const char* tensor, const char* action, double count) {
  // One bit per action (count = bits) and 1 pJ per action: the numbers stay readable.
  return {"E1", component, tensor, action, count, count * 1e-12, 1};
}

// The pinned mapping: DRAM 100 b, Buffer 1000 b, a buffer B no longer uses, 1000 MACs.
AccessesData pinnedA() {
  AccessesData d;
  d.actions = {access("DRAM", "A", "read", 100), access("Buffer", "A", "read", 400),
               access("Buffer", "B", "read", 600), access("Old", "B", "read", 50),
               access("MAC", "", "compute", 1000)};
  d.occupancy = {{"Buffer", "A", 1024, 8192}, {"Buffer", "B", 0, 8192}};
  d.latency = {{"E1", "DRAM", 4e-6}, {"E1", "MAC", 1e-6}};
  return d;
}

// The current mapping: DRAM 38 % less, Buffer 2.1x, a new Reg, the same MACs.
AccessesData currentB() {
  AccessesData d;
  d.actions = {access("DRAM", "A", "read", 62), access("Buffer", "A", "read", 1500),
               access("Buffer", "B", "write", 600), access("Reg", "B", "read", 300),
               access("MAC", "", "compute", 1000)};
  d.occupancy = {{"Buffer", "A", 2048, 8192}, {"Buffer", "B", 2048, 8192}};
  d.latency = {{"E1", "DRAM", 2e-6}, {"E1", "MAC", 1e-6}};
  return d;
}

// The pinned bar's value at a category (0 where none is drawn).
double pinnedValue(const AccessesPlot& plot, const QString& category) {
  const QCPBars* bars = plot.pinnedBars();
  const auto key = plot.table().categories.indexOf(category);
  for (auto it = bars->data()->constBegin(); it != bars->data()->constEnd(); ++it)
    if (static_cast<int>(it->key) == key) return it->value;
  return 0.0;
}

QString labelText(const AccessesPlot& plot, const QString& category) {
  const QCPItemText* label = plot.changeLabel(category);
  return label ? label->text() : QString();
}

// Left and right pixel edges of a bar at a category (the bars group's offset included).
std::pair<double, double> barSpan(const QCPBars* bars, int key) {
  const QCPAxis* x = bars->keyAxis();
  for (int i = 0; i < bars->dataCount(); ++i) {
    if (static_cast<int>(bars->data()->at(i)->key) != key) continue;
    const double centre = bars->dataPixelPosition(i).x();
    const double half = (x->coordToPixel(bars->width()) - x->coordToPixel(0)) / 2;
    return {centre - half, centre + half};
  }
  return {0, 0};
}

int textItems(QCustomPlot* plot) {
  int n = 0;
  for (int i = 0; i < plot->itemCount(); ++i) n += qobject_cast<QCPItemText*>(plot->item(i)) != nullptr;
  return n;
}

// What a plot shows, for "unpinning restores exactly the plain plot".
QStringList plotState(const AccessesPlot& plot) {
  QStringList out{plot.table().categories.join(','), plot.table().series.join(',')};
  QCustomPlot* p = plot.customPlot();
  out << QString::number(p->plottableCount()) << QString::number(textItems(p))
      << QString::number(p->legend->itemCount()) << QString::number(p->yAxis->range().upper, 'g', 17)
      << QString::number(p->yAxis->range().lower, 'g', 17) << plot.title();
  for (int i = 0; i < p->plottableCount(); ++i) {
    const auto* bars = qobject_cast<QCPBars*>(p->plottable(i));
    out << QStringLiteral("%1 w=%2 group=%3 below=%4")
               .arg(bars->name())
               .arg(bars->width())
               .arg(bars->barsGroup() != nullptr)
               .arg(bars->barBelow() ? bars->barBelow()->name() : QString());
  }
  return out;
}

}  // namespace

class TestPinOverlay : public QObject {
  Q_OBJECT
 private slots:
  void init() { af::ui::test::failOnQtWarnings(); }

  void change_text_says_less_more_new_gone() {
    QCOMPARE(changeText(100, 62), QStringLiteral("\u221238 %"));
    QCOMPARE(changeText(100, 104.2), QStringLiteral("+4.2 %"));
    QCOMPARE(changeText(100, 190), QStringLiteral("+90 %"));
    QCOMPARE(changeText(1000, 2100), QStringLiteral("2.1\u00d7"));
    QCOMPARE(changeText(1, 2), QStringLiteral("2\u00d7"));
    QCOMPARE(changeText(1, 12345), QStringLiteral("12,345\u00d7"));
    QCOMPARE(changeText(0, 5), QStringLiteral("new"));
    QCOMPARE(changeText(5, 0), QStringLiteral("gone"));
    QCOMPARE(changeText(3, 3), QStringLiteral("same"));
    QCOMPARE(changeText(0, 0), QString());
    // Never "0 %" for a change nor "-100 %" for a buffer still in use.
    QCOMPARE(changeText(100, 100.001), QStringLiteral("+0.001 %"));
    QCOMPARE(changeText(1000, 0.5), QStringLiteral("\u221299.95 %"));
    QCOMPARE(changeKind(100, 62), ChangeKind::Less);
    QCOMPARE(changeKind(100, 210), ChangeKind::More);
    QCOMPARE(changeKind(0, 1), ChangeKind::New);
    QCOMPARE(changeKind(1, 0), ChangeKind::Gone);
  }

  void categories_are_the_union_current_first() {
    const BarTable a = accessBars(pinnedA(), kTotalEinsum, {}, AccessMetric::Count);
    const BarTable b = accessBars(currentB(), kTotalEinsum, {}, AccessMetric::Count);
    const auto changes = compareCategories(a, b);
    QCOMPARE(changes.size(), 4);
    QCOMPARE(changes[0].category, QStringLiteral("DRAM"));
    QCOMPARE(changes[3].category, QStringLiteral("Old"));  // only the pinned mapping has it
    QCOMPARE(changes[3].current, 0.0);
    QCOMPARE(changes[1].pinned, 1000.0);
    QCOMPARE(changes[1].current, 2100.0);
    const BarTable padded = withCategories(b, a.categories);
    QCOMPARE(padded.categories, QStringList({"DRAM", "Buffer", "Reg", "Old"}));
    QCOMPARE(categoryTotals(padded), QList<double>({62, 2100, 300, 0}));
  }

  void plot_draws_pinned_totals_and_changes() {
    AccessesPlot plot;
    plot.resize(900, 500);
    plot.show();
    QVERIFY(QTest::qWaitForWindowExposed(&plot));
    plot.setData(currentB());
    QVERIFY(plot.pinnedBars() == nullptr);
    plot.setPinned(pinnedA());
    QVERIFY(plot.pinnedBars() != nullptr);
    QCOMPARE(plot.table().categories, QStringList({"DRAM", "Buffer", "Reg", "Old"}));
    // The pinned bars are A's sums with the same filter, per component.
    const auto check = [&plot] {
      const BarTable a = accessBars(pinnedA(), plot.einsum(), plot.action(), plot.metric());
      for (const QString& c : plot.table().categories) QCOMPARE(pinnedValue(plot, c), categoryTotal(a, c));
    };
    check();
    QCOMPARE(pinnedValue(plot, "Buffer"), 1000.0);
    QCOMPARE(labelText(plot, "DRAM"), QStringLiteral("\u221238 %"));
    QCOMPARE(labelText(plot, "Buffer"), QStringLiteral("2.1\u00d7"));
    QCOMPARE(labelText(plot, "Reg"), QStringLiteral("new"));
    QCOMPARE(labelText(plot, "Old"), QStringLiteral("gone"));
    QVERIFY(plot.changeLabel("DRAM")->color().green() > plot.changeLabel("DRAM")->color().red());  // less
    QVERIFY(plot.changeLabel("Buffer")->color().red() > plot.changeLabel("Buffer")->color().green());
    QVERIFY(plot.customPlot()->legend->itemWithPlottable(plot.pinnedBars()) != nullptr);
    QCOMPARE(plot.pinnedBars()->brush().style(), Qt::BDiagPattern);  // not a tensor's solid fill
    // Labels sit inside the axis range.
    QVERIFY(plot.customPlot()->yAxis->range().upper > 2100 * 1.1);

    plot.setMetric(AccessMetric::Energy);
    check();
    QCOMPARE(labelText(plot, "MAC"), QStringLiteral("same"));
    plot.setAction("read");
    check();
    QCOMPARE(labelText(plot, "Buffer"), QStringLiteral("+50 %"));  // reads only: 1500 vs 1000
    // Stale results fade their change labels with the bars, and a fresh one restores them.
    QCOMPARE(plot.changeLabel("Buffer")->color().alpha(), 255);
    plot.setDimmed(true);
    QVERIFY(plot.changeLabel("Buffer")->color().alpha() < 255);
    plot.setDimmed(false);
    QCOMPARE(plot.changeLabel("Buffer")->color().alpha(), 255);
  }

  void pinned_bar_never_overlaps_the_current_bars() {
    AccessesPlot plot;
    plot.resize(900, 500);
    plot.show();
    QVERIFY(QTest::qWaitForWindowExposed(&plot));
    plot.setData(currentB());
    plot.setPinned(pinnedA());
    const int buffer = static_cast<int>(plot.table().categories.indexOf("Buffer"));
    for (const auto arrangement : {AccessesPlot::Arrangement::Stacked, AccessesPlot::Arrangement::Grouped}) {
      plot.setArrangement(arrangement);
      plot.customPlot()->replot();
      const auto pinned = barSpan(plot.pinnedBars(), buffer);
      QVERIFY(pinned.second > pinned.first);
      for (const QString tensor : {"A", "B"}) {
        const auto current = barSpan(plot.barsFor(tensor), buffer);
        QVERIFY2(pinned.second <= current.first + 0.5,
                 qPrintable(QStringLiteral("%1: pinned ends at %2, current starts at %3")
                                .arg(tensor)
                                .arg(pinned.second)
                                .arg(current.first)));
      }
      if (arrangement == AccessesPlot::Arrangement::Stacked) {
        QCOMPARE(plot.barsFor("B")->barBelow(), plot.barsFor("A"));        // still one stack
        QVERIFY(plot.pinnedBars()->width() < plot.barsFor("A")->width());  // the narrower bar
      }
    }
    // Log scale: grouped, every bar and label above the lower end.
    plot.setLogScale(true);
    QVERIFY(plot.pinnedBars() != nullptr);
    QCOMPARE(plot.customPlot()->yAxis->scaleType(), QCPAxis::stLogarithmic);
    QVERIFY(plot.customPlot()->yAxis->range().lower <= 50);  // Old's pinned 50 b shows
    QVERIFY(plot.customPlot()->yAxis->range().upper > 2100);
    QCOMPARE(labelText(plot, "Old"), QStringLiteral("gone"));
  }

  void latency_and_occupancy_compare_too() {
    AccessesPlot plot;
    plot.setData(currentB());
    plot.setPinned(pinnedA());
    plot.setView(AccessesPlot::View::Latency);
    QCOMPARE(pinnedValue(plot, "DRAM"), 4e-6);
    QCOMPARE(labelText(plot, "DRAM"), QStringLiteral("\u221250 %"));
    QCOMPARE(labelText(plot, "MAC"), QStringLiteral("same"));
    QVERIFY(plot.customPlot()->legend->visible());  // pinned vs latency needs the key
    QVERIFY(plot.barsFor("current") != nullptr);    // the key names both mappings

    plot.setView(AccessesPlot::View::Occupancy);
    QVERIFY(plot.pinnedBars() == nullptr);
    const auto ticker = plot.customPlot()->yAxis->ticker().dynamicCast<QCPAxisTickerText>();
    QVERIFY(ticker);
    QCOMPARE(ticker->ticks().value(0), QStringLiteral("Buffer\n50 % of 1 KiB (pinned 12.5 %)"));
  }

  void tooltip_compares_the_category() {
    AccessesPlot plot;
    plot.resize(900, 500);
    plot.show();
    QVERIFY(QTest::qWaitForWindowExposed(&plot));
    plot.setData(currentB());
    plot.setPinned(pinnedA());
    plot.customPlot()->replot();
    const QCPBars* pinned = plot.pinnedBars();
    const int dram = static_cast<int>(plot.table().categories.indexOf("DRAM"));
    int index = -1;
    for (int i = 0; i < pinned->dataCount(); ++i)
      if (static_cast<int>(pinned->data()->at(i)->key) == dram) index = i;
    QVERIFY(index >= 0);
    const QPointF top = pinned->dataPixelPosition(index);
    const QString tip = plot.toolTipAt((top + QPointF(0, 4)).toPoint());
    QVERIFY2(tip.contains("DRAM") && tip.contains("pinned mapping"), qPrintable(tip));
    QVERIFY2(tip.contains("pinned: 100 b") && tip.contains("current: 62 b"), qPrintable(tip));
    QVERIFY2(tip.contains("change: \u221238 %"), qPrintable(tip));
  }

  void unpin_restores_the_plain_plot() {
    AccessesPlot fresh;
    fresh.setData(currentB());
    AccessesPlot plot;
    plot.setData(currentB());
    QSignalSpy pin(&plot, &AccessesPlot::pinRequested);
    auto* pinButton = plot.findChild<QToolButton*>("plotPinButton");
    auto* unpinButton = plot.findChild<QToolButton*>("plotUnpinButton");
    QVERIFY(pinButton && pinButton->isEnabled());
    QVERIFY(!unpinButton->isEnabled());
    pinButton->click();
    QCOMPARE(pin.count(), 1);  // the window owns the pin; the plot asks
    plot.setPinned(pinnedA());
    QVERIFY(unpinButton->isEnabled());
    for (const auto metric : {AccessMetric::Count, AccessMetric::Energy}) {
      plot.setMetric(metric);
      fresh.setMetric(metric);
      QVERIFY(plotState(plot) != plotState(fresh));
      plot.setPinned(std::nullopt);
      QCOMPARE(plotState(plot), plotState(fresh));
      QVERIFY(plot.changes().isEmpty() && plot.changeLabel("DRAM") == nullptr);
      plot.setPinned(pinnedA());
    }
    plot.setPinned(std::nullopt);
    QVERIFY(!unpinButton->isEnabled());
  }

  void table_shows_the_union_with_deltas() {
    AccessesModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.setAccesses(currentB());
    AccessesTableView plain;
    plain.setAccessesModel(&model);
    const QString plainCsv = plain.toCsv();
    QCOMPARE(model.columnCount(), static_cast<int>(AccessesModel::ColumnCount));

    model.setPinned(pinnedA());
    QCOMPARE(model.columnCount(), static_cast<int>(AccessesModel::PinnedColumnCount));
    QCOMPARE(model.rowCount(), 7);  // 5 keys of B, 2 only A has (Buffer B read, Old B read)
    QCOMPARE(model.headerData(AccessesModel::PinnedCountColumn, Qt::Horizontal).toString(),
             QStringLiteral("Pinned actions"));
    QCOMPARE(model.headerData(AccessesModel::DeltaEnergyColumn, Qt::Horizontal).toString(),
             QStringLiteral("\u0394 energy (J)"));
    const auto find = [&model](const QString& component, const QString& tensor, const QString& action) {
      for (int row = 0; row < model.rowCount(); ++row)
        if (const AccessRecord& r = model.record(row);
            r.component == component && r.tensor == tensor && r.action == action)
          return row;
      return -1;
    };
    const auto cell = [&model](int row, int column, int role = Qt::DisplayRole) {
      return model.index(row, column).data(role);
    };
    const int dram = find("DRAM", "A", "read");
    QCOMPARE(cell(dram, AccessesModel::PinnedCountColumn, AccessesModel::RawValueRole).toDouble(), 100.0);
    QCOMPARE(cell(dram, AccessesModel::DeltaEnergyColumn, AccessesModel::RawValueRole).toDouble(),
             62e-12 - 100e-12);
    QVERIFY2(cell(dram, AccessesModel::DeltaEnergyColumn).toString().endsWith("(\u221238 %)"),
             qPrintable(cell(dram, AccessesModel::DeltaEnergyColumn).toString()));
    const int gone = find("Old", "B", "read");
    QVERIFY(gone >= 0);
    QCOMPARE(cell(gone, AccessesModel::CountColumn).toString(), QStringLiteral("\u2014"));
    QVERIFY(!cell(gone, AccessesModel::CountColumn, AccessesModel::RawValueRole).isValid());
    QCOMPARE(cell(gone, AccessesModel::DeltaEnergyColumn, AccessesModel::RawValueRole).toDouble(), -50e-12);
    QVERIFY(cell(gone, AccessesModel::DeltaEnergyColumn).toString().endsWith("(gone)"));
    const int fresh = find("Reg", "B", "read");
    QCOMPARE(cell(fresh, AccessesModel::PinnedEnergyColumn).toString(), QStringLiteral("\u2014"));
    QVERIFY(cell(fresh, AccessesModel::DeltaEnergyColumn).toString().endsWith("(new)"));
    QCOMPARE(cell(find("MAC", "", "compute"), AccessesModel::DeltaEnergyColumn, AccessesModel::RawValueRole)
                 .toDouble(),
             0.0);

    // Sorting by the change: the largest saving first, the largest growth last.
    AccessesTableView view;
    view.setAccessesModel(&model);
    view.sortByColumn(AccessesModel::DeltaEnergyColumn, Qt::AscendingOrder);
    const QAbstractItemModel* shown = view.model();
    QCOMPARE(shown->index(0, AccessesModel::ComponentColumn).data().toString(), QStringLiteral("Buffer"));
    QCOMPARE(shown->index(0, AccessesModel::ActionColumn).data().toString(), QStringLiteral("read"));
    QCOMPARE(shown->index(0, AccessesModel::TensorColumn).data().toString(), QStringLiteral("B"));
    QCOMPARE(shown->index(6, AccessesModel::DeltaEnergyColumn).data(AccessesModel::RawValueRole).toDouble(),
             1500e-12 - 400e-12);
    // A row the current mapping lacks sorts after every number.
    view.sortByColumn(AccessesModel::CountColumn, Qt::AscendingOrder);
    QCOMPARE(shown->index(6, AccessesModel::CountColumn).data().toString(), QStringLiteral("\u2014"));

    // Unpin: the plain table again, and no sort by a column that is gone.
    view.sortByColumn(AccessesModel::DeltaEnergyColumn, Qt::AscendingOrder);
    model.setPinned(std::nullopt);
    QCOMPARE(model.columnCount(), static_cast<int>(AccessesModel::ColumnCount));
    QCOMPARE(model.rowCount(), currentB().actions.size());
    QCOMPARE(view.horizontalHeader()->sortIndicatorSection(), -1);
    QCOMPARE(view.toCsv(), plainCsv);
  }

  // Renders the overlay in each view for a human to look at (not compared).
  void screenshots() {
    AccessesPlot plot;
    plot.resize(1000, 420);
    plot.show();
    QVERIFY(QTest::qWaitForWindowExposed(&plot));
    plot.setData(currentB());
    plot.setPinned(pinnedA());
    const auto save = [&plot](const QString& name) {
      QCoreApplication::processEvents();
      plot.customPlot()->replot();
      QVERIFY(plot.grab().save(QDir::temp().filePath("af-pinned-" + name + ".png")));
    };
    save("count-stacked");
    plot.setArrangement(AccessesPlot::Arrangement::Grouped);
    save("count-grouped");
    plot.setLogScale(true);
    save("count-log");
    plot.setMetric(AccessMetric::Energy);
    plot.setArrangement(AccessesPlot::Arrangement::Stacked);
    save("energy-stacked");
    plot.setView(AccessesPlot::View::Latency);
    save("latency");
    plot.setView(AccessesPlot::View::Occupancy);
    save("occupancy");
  }

  void one_pin_for_every_view() {
    PinnedMapping pin;
    QSignalSpy changed(&pin, &PinnedMapping::pinnedChanged);
    pin.pin();
    QCOMPARE(changed.count(), 0);  // nothing evaluated: nothing to pin
    pin.setCurrent(pinnedA());
    pin.pin();
    pin.pin();  // the same mapping again: no change
    QCOMPARE(changed.count(), 1);
    pin.setCurrent(currentB());
    QCOMPARE(*pin.pinned(), pinnedA());
    pin.pin();  // re-pinning replaces the reference
    QCOMPARE(*pin.pinned(), currentB());
    pin.unpin();
    QVERIFY(!pin.isPinned());
    QCOMPARE(changed.count(), 3);
  }
};

QTEST_MAIN(TestPinOverlay)
#include "test_pin_overlay.moc"
