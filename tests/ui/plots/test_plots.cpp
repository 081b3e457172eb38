// The accesses model, plot and table offscreen: numbers in the bars, filters, scales, highlight,
// tooltips, exports and the text copies.
#include <qcustomplot.h>

#include <QAbstractItemModelTester>
#include <QCheckBox>
#include <QClipboard>
#include <QComboBox>
#include <QLabel>
#include <QTabBar>
#include <QTemporaryDir>
#include <QtTest>
#include <cmath>
#include <limits>

#include "models/accesses_model.h"
#include "models/accesses_query.h"
#include "models/si_format.h"
#include "plots/accesses_plot.h"
#include "plots/accesses_table_view.h"
#include "plots/figure_export.h"
#include "qt_warnings.h"

using namespace af::ui;

namespace {

AccessesData sample() {
  AccessesData d;
  // A two-Einsum cascade on a three-level memory hierarchy; energies are count * per-action energy.
  const struct {
    const char *einsum, *component, *tensor, *action;
    double count, perAction;
  } rows[] = {
      {"Matmul1", "MainMemory", "I", "read", 1024, 64e-12},
      {"Matmul1", "MainMemory", "W", "read", 4096, 64e-12},
      {"Matmul1", "MainMemory", "T", "write", 512, 64e-12},
      {"Matmul1", "GlobalBuffer", "I", "read", 8192, 2e-12},
      {"Matmul1", "GlobalBuffer", "W", "read", 16384, 2e-12},
      {"Matmul1", "GlobalBuffer", "W", "write", 4096, 2.5e-12},
      {"Matmul1", "GlobalBuffer", "T", "write", 2048, 2.5e-12},
      {"Matmul1", "Register", "W", "read", 65536, 0.1e-12},
      {"Matmul1", "MAC", "", "compute", 65536, 0.5e-12},
      {"Matmul2", "MainMemory", "T", "read", 512, 64e-12},
      {"Matmul2", "MainMemory", "W2", "read", 2048, 64e-12},
      {"Matmul2", "MainMemory", "O", "write", 256, 64e-12},
      {"Matmul2", "GlobalBuffer", "T", "read", 4096, 2e-12},
      {"Matmul2", "GlobalBuffer", "W2", "read", 8192, 2e-12},
      {"Matmul2", "GlobalBuffer", "O", "write", 1024, 2.5e-12},
      {"Matmul2", "Register", "W2", "read", 32768, 0.1e-12},
      {"Matmul2", "MAC", "", "compute", 32768, 0.5e-12},
      {"Matmul1", "Register", "W", "leak", 0, 3e-12},
  };
  for (const auto& r : rows)
    d.actions << AccessRecord{r.einsum, r.component, r.tensor,
                              r.action, r.count,     r.count * r.perAction + (r.count == 0 ? 3e-12 : 0)};
  const double inf = std::numeric_limits<double>::infinity();
  d.occupancy = {{"MainMemory", "I", 8192, inf},
                 {"MainMemory", "W", 32768, inf},
                 {"MainMemory", "T", 4096, inf},
                 {"GlobalBuffer", "I", 4096, 131072},
                 {"GlobalBuffer", "W", 16384, 131072},
                 {"GlobalBuffer", "T", 2048, 131072},
                 {"Register", "W", 8, 64}};
  d.latency = {{"Matmul1", "MainMemory", 2.4e-6},   {"Matmul1", "GlobalBuffer", 1.1e-6},
               {"Matmul1", "MAC", 8.2e-6},          {"Matmul2", "MainMemory", 1.2e-6},
               {"Matmul2", "GlobalBuffer", 0.6e-6}, {"Matmul2", "MAC", 4.1e-6}};
  return d;
}

// The oracle: a plain sum over the records.
double expected(const AccessesData& d, const QString& component, const QString& tensor, const QString& einsum,
                const QString& action, bool energy) {
  double sum = 0;
  for (const auto& r : d.actions)
    if (r.component == component && r.tensor == tensor && (einsum == kTotalEinsum || r.einsum == einsum) &&
        (action.isEmpty() || r.action == action))
      sum += energy ? r.energy : r.count;
  return sum;
}

double barValue(const AccessesPlot& plot, const QString& tensor, const QString& component) {
  const QCPBars* bars = plot.barsFor(tensor);
  if (!bars) return std::numeric_limits<double>::quiet_NaN();
  const int key = static_cast<int>(plot.table().categories.indexOf(component));
  for (auto it = bars->data()->constBegin(); it != bars->data()->constEnd(); ++it)
    if (static_cast<int>(it->key) == key) return it->value;
  return 0.0;  // zeros are not drawn
}

template <typename T>
int itemsOfType(QCustomPlot* plot) {
  int n = 0;
  for (int i = 0; i < plot->itemCount(); ++i) n += qobject_cast<T*>(plot->item(i)) != nullptr;
  return n;
}

}  // namespace

class TestPlots : public QObject {
  Q_OBJECT
 private slots:
  void init() { af::ui::test::failOnQtWarnings(); }
  void si_formatting() {
    QCOMPARE(formatSi(1.5e-9, "J"), QStringLiteral("1.5 nJ"));
    QCOMPARE(formatSi(2e-6, "s"), QStringLiteral("2 \u00b5s"));
    QCOMPARE(formatSi(0.0, "J"), QStringLiteral("0 J"));
    QCOMPARE(formatSi(25000, ""), QStringLiteral("25k"));
    QCOMPARE(formatBits(4 * 8192), QStringLiteral("4 KiB"));
    QCOMPARE(formatBits(512), QStringLiteral("512 b"));
    QCOMPARE(formatBits(8.0 * 1024 * 1024 * 3), QStringLiteral("3 MiB"));
    QCOMPARE(formatCount(1234567), QStringLiteral("1,234,567"));
    QCOMPARE(formatCount(1234.5), QStringLiteral("1,234.5"));
    QCOMPARE(formatSiExact(1.2345678e-9, "J"), QStringLiteral("1.2345678 nJ"));
  }

  void model_passes_tester() {
    AccessesModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.setAccesses(sample());
    model.setEinsumFilter("Matmul1");
    model.setEinsumFilter(kTotalEinsum);
    model.setEinsumFilter({});
    model.setAccesses({});
    model.setAccesses(sample());
  }

  void model_formats_and_filters() {
    AccessesModel model;
    const AccessesData d = sample();
    model.setAccesses(d);
    QCOMPARE(model.rowCount(), d.actions.size());
    QCOMPARE(model.columnCount(), 6);
    QCOMPARE(model.einsums(), QStringList({"Matmul1", "Matmul2"}));

    model.setEinsumFilter("Matmul2");
    QCOMPARE(model.rowCount(), 8);
    for (int row = 0; row < model.rowCount(); ++row)
      QCOMPARE(model.index(row, AccessesModel::EinsumColumn).data().toString(), QStringLiteral("Matmul2"));

    model.setEinsumFilter(kTotalEinsum);
    bool found = false;
    for (int row = 0; row < model.rowCount(); ++row) {
      const auto& r = model.record(row);
      QCOMPARE(r.einsum, QString(kTotalEinsum));
      if (r.component == "Register" && r.tensor.isEmpty()) QFAIL("compute belongs to MAC");
      if (r.component == "MAC") {
        found = true;
        // 65,536 + 32,768 MACs summed over both Einsums, shown exactly with separators.
        QCOMPARE(model.index(row, AccessesModel::CountColumn).data().toString(), QStringLiteral("98,304"));
        QCOMPARE(model.index(row, AccessesModel::CountColumn).data(AccessesModel::RawValueRole).toDouble(),
                 98304.0);
        QCOMPARE(model.index(row, AccessesModel::EnergyColumn).data(AccessesModel::RawValueRole).toDouble(),
                 expected(d, "MAC", "", kTotalEinsum, "compute", true));
        QVERIFY(model.index(row, AccessesModel::EnergyColumn).data().toString().endsWith("nJ"));
      }
    }
    QVERIFY(found);
  }

  void stacked_bars_hold_the_counts() {
    AccessesPlot plot;
    const AccessesData d = sample();
    plot.setData(d);
    QVERIFY(!plot.showsEmptyState());
    // Data moved: compute moves none, so MAC has no column (a note gives its operations).
    QCOMPARE(plot.table().categories, QStringList({"MainMemory", "GlobalBuffer", "Register"}));
    for (const QString component : {"MainMemory", "GlobalBuffer", "Register"})
      for (const QString tensor : {"I", "W", "T", "W2", "O"})
        QCOMPARE(barValue(plot, tensor, component), expected(d, component, tensor, kTotalEinsum, {}, false));
    QVERIFY(plot.barsFor(kComputeSeries) == nullptr);
    bool noted = false;
    for (int i = 0; i < plot.customPlot()->itemCount(); ++i)
      if (auto* t = qobject_cast<QCPItemText*>(plot.customPlot()->item(i)))
        noted = noted || t->text().contains("MAC: 98,304 operations");
    QVERIFY(noted);
    // Stacked: each tensor sits on the previous one.
    QCOMPARE(plot.barsFor("W")->barBelow(), plot.barsFor("I"));
    QVERIFY(plot.barsFor("I")->barsGroup() == nullptr);
    QCOMPARE(plot.customPlot()->yAxis->scaleType(), QCPAxis::stLinear);
  }

  void grouped_bars_sit_side_by_side() {
    AccessesPlot plot;
    plot.setData(sample());
    plot.setArrangement(AccessesPlot::Arrangement::Grouped);
    QVERIFY(plot.barsFor("W")->barBelow() == nullptr);
    QVERIFY(plot.barsFor("W")->barsGroup() != nullptr);
    QCOMPARE(plot.barsFor("W")->barsGroup(), plot.barsFor("I")->barsGroup());
    QCOMPARE(barValue(plot, "W", "GlobalBuffer"), 16384.0 + 4096.0);
  }

  void energy_switch_and_filters_change_values() {
    AccessesPlot plot;
    const AccessesData d = sample();
    plot.setData(d);
    const double count = barValue(plot, "W", "MainMemory");
    plot.setMetric(AccessMetric::Energy);
    const double energy = barValue(plot, "W", "MainMemory");
    QCOMPARE(energy, expected(d, "MainMemory", "W", kTotalEinsum, {}, true));
    QVERIFY(energy != count);
    QCOMPARE(plot.customPlot()->yAxis->scaleType(), QCPAxis::stLinear);  // no silent switch to log
    // Leak has energy but no count: it shows only in the energy view.
    QCOMPARE(barValue(plot, "W", "Register"), expected(d, "Register", "W", kTotalEinsum, {}, true));

    plot.setMetric(AccessMetric::Count);
    plot.setEinsum("Matmul2");
    QCOMPARE(barValue(plot, "T", "MainMemory"), 512.0);  // Matmul2 reads T; Matmul1's write is filtered out
    QVERIFY(plot.barsFor("W") == nullptr);               // W is not used by Matmul2

    plot.setEinsum(kTotalEinsum);
    plot.setAction("write");
    QCOMPARE(barValue(plot, "T", "GlobalBuffer"), 2048.0);
    QCOMPARE(barValue(plot, "W", "GlobalBuffer"), 4096.0);
    QVERIFY(plot.barsFor("I") == nullptr);
  }

  void controls_drive_the_plot() {
    AccessesPlot plot;
    plot.setData(sample());
    auto* einsums = plot.findChild<QComboBox*>("einsumCombo");
    QVERIFY(einsums);
    QCOMPARE(einsums->count(), 3);  // Total, Matmul1, Matmul2
    einsums->setCurrentIndex(1);
    emit einsums->activated(1);
    QCOMPARE(plot.einsum(), QStringLiteral("Matmul1"));
    QCOMPARE(barValue(plot, "W", "MainMemory"), 4096.0);

    auto* log = plot.findChild<QCheckBox*>("logScaleCheck");
    QVERIFY(log && !log->isChecked());
    log->setChecked(true);
    QCOMPARE(plot.customPlot()->yAxis->scaleType(), QCPAxis::stLogarithmic);
    QVERIFY(plot.customPlot()->yAxis->range().lower > 0);
    log->setChecked(false);
    QCOMPARE(plot.customPlot()->yAxis->scaleType(), QCPAxis::stLinear);

    auto* tabs = plot.findChild<QTabBar*>("accessesViewTabs");
    tabs->setCurrentIndex(2);
    QCOMPARE(plot.view(), AccessesPlot::View::Latency);
    QVERIFY(!log->isChecked());  // every measure starts linear
  }

  void log_scale_is_explicit_and_kept_per_measure() {
    AccessesPlot plot;
    plot.setData(sample());
    auto* log = plot.findChild<QCheckBox*>("logScaleCheck");
    auto* arrangement = plot.findChild<QComboBox*>("arrangementCombo");
    QCOMPARE(plot.customPlot()->yAxis->scaleType(), QCPAxis::stLinear);
    plot.setMetric(AccessMetric::Energy);  // used to turn log on by itself
    QCOMPARE(plot.customPlot()->yAxis->scaleType(), QCPAxis::stLinear);
    QVERIFY(!log->isChecked());
    log->setChecked(true);
    QCOMPARE(plot.customPlot()->yAxis->scaleType(), QCPAxis::stLogarithmic);
    QVERIFY(plot.customPlot()->yAxis->label().contains("log"));
    // A log axis never stacks: the tensors sit side by side, and the combo says so.
    QVERIFY(plot.barsFor("W")->barBelow() == nullptr);
    QVERIFY(plot.barsFor("W")->barsGroup() != nullptr);
    QCOMPARE(arrangement->currentData().toInt(), static_cast<int>(AccessesPlot::Arrangement::Grouped));
    QVERIFY(!arrangement->isEnabled());
    QCOMPARE(plot.arrangement(), AccessesPlot::Arrangement::Stacked);  // the user's choice is kept

    plot.setMetric(AccessMetric::Count);  // another measure: its own (linear) choice
    QCOMPARE(plot.customPlot()->yAxis->scaleType(), QCPAxis::stLinear);
    QVERIFY(!log->isChecked());
    QCOMPARE(plot.barsFor("W")->barBelow(), plot.barsFor("I"));
    QVERIFY(arrangement->isEnabled());
    plot.setMetric(AccessMetric::Energy);  // back: the log choice persisted
    QVERIFY(log->isChecked());
    QCOMPARE(plot.customPlot()->yAxis->scaleType(), QCPAxis::stLogarithmic);

    plot.setView(AccessesPlot::View::Occupancy);  // a share of capacity: linear, no toggle
    QVERIFY(!log->isChecked());
    QVERIFY(!log->isEnabled());
    plot.setLogScale(true);
    QVERIFY(!plot.logScale());
    QCOMPARE(plot.customPlot()->xAxis->scaleType(), QCPAxis::stLinear);
  }

  // Bars spanning decades (a transformer's DRAM beside its registers): the plot names the ones
  // a linear axis draws empty and offers the log axis; on it, or when every bar shows, it says
  // nothing.
  void bars_too_small_to_see_are_named_with_the_log_axis_offered() {
    AccessesPlot plot;
    plot.show();
    AccessesData d;
    d.actions << AccessRecord{"E", "DRAM", "A", "read", 1000, 1e-9, 1}
              << AccessRecord{"E", "Buffer", "A", "read", 5e4, 1e-9, 1}
              << AccessRecord{"E", "Register", "A", "read", 1e6, 1e-9, 8}
              << AccessRecord{"E", "Register", "B", "write", 2e6, 1e-9, 8};
    plot.setData(d);
    const HiddenBars hidden = hiddenBars(plot.table());
    QCOMPARE(hidden.categories, (QStringList{"DRAM", "Buffer"}));  // 0.004 % and 0.2 % of 24 Mb
    QCOMPARE(hidden.largest, QStringLiteral("Register"));
    QCOMPARE(hidden.largestTotal, 24e6);
    QVERIFY2(plot.scaleHint().contains("DRAM and Buffer are under 1% of Register"),
             qPrintable(plot.scaleHint()));
    auto* hint = plot.findChild<QLabel*>("scaleHint");
    QVERIFY(hint && hint->isVisible());
    emit hint->linkActivated("log");
    QVERIFY(plot.logScale());
    QVERIFY(plot.scaleHint().isEmpty());
    QVERIFY(plot.customPlot()->yAxis->range().lower < 1000);  // DRAM's bar rises from the floor
    plot.setLogScale(false);
    QVERIFY(!plot.scaleHint().isEmpty());
    // Latency is another measure, and within a decade here: nothing to say.
    plot.setView(AccessesPlot::View::Occupancy);
    QVERIFY(plot.scaleHint().isEmpty());
    // Every bar above 1 % of the largest: nothing to say.
    AccessesData even;
    even.actions << AccessRecord{"E", "DRAM", "A", "read", 100, 1e-9, 1}
                 << AccessRecord{"E", "Register", "A", "read", 5000, 1e-9, 1};
    QVERIFY(hiddenBars(accessBars(even, kTotalEinsum, {}, AccessMetric::Count)).categories.isEmpty());
  }

  void data_moved_is_in_bits() {
    AccessesPlot plot;
    AccessesData d;
    d.actions << AccessRecord{"E", "Buffer", "A", "read", 100, 1e-9, 64}  // 100 reads of 64 bits
              << AccessRecord{"E", "Buffer", "B", "read", 50, 1e-9, 1};
    plot.setData(d);
    QCOMPARE(barValue(plot, "A", "Buffer"), 6400.0);
    QCOMPARE(barValue(plot, "B", "Buffer"), 50.0);
    // The ticks carry the unit (b, KiB, ...), so the title names none that could contradict them.
    QCOMPARE(plot.customPlot()->yAxis->label(), QStringLiteral("data moved"));
    plot.customPlot()->replot();
    const QVector<QString> ticks = plot.customPlot()->yAxis->tickVectorLabels();
    QVERIFY(!ticks.isEmpty());
    for (const QString& tick : ticks)
      QVERIFY2(tick == u"0" || tick.endsWith(QLatin1Char('b')) || tick.endsWith(QLatin1Char('B')),
               qPrintable(tick));
    QVERIFY(plot.title().contains("Data moved"));
  }

  void occupancy_and_latency_views() {
    AccessesPlot plot;
    plot.setData(sample());
    plot.setView(AccessesPlot::View::Occupancy);
    QCOMPARE(plot.table().categories, QStringList({"MainMemory", "GlobalBuffer", "Register"}));
    QCOMPARE(plot.table().value("W", "GlobalBuffer"), 16384.0);  // absolute bits behind the bars
    // Each buffer's bar is its own share of capacity, stacked per tensor.
    QCOMPARE(barValue(plot, "W", "GlobalBuffer"), 100.0 * 16384 / 131072);
    QCOMPARE(barValue(plot, "W", "Register"), 100.0 * 8 / 64);
    QCOMPARE(plot.barsFor("T")->barBelow(), plot.barsFor("W"));
    QCPBars* track = plot.capacityTrack();
    QVERIFY(track);
    QCOMPARE(track->data()->size(), 2);  // GlobalBuffer and Register; MainMemory is unbounded
    QCOMPARE(itemsOfType<QCPItemText>(plot.customPlot()), 1);  // MainMemory: "unbounded: holds …"
    QCOMPARE(plot.customPlot()->xAxis->range().lower, 0.0);
    QVERIFY(plot.customPlot()->xAxis->range().upper >= 100 && plot.customPlot()->xAxis->range().upper < 110);
    QCOMPARE(plot.categoryAxis(), plot.customPlot()->yAxis);

    plot.setView(AccessesPlot::View::Latency);
    QCOMPARE(barValue(plot, "latency", "MAC"), 8.2e-6 + 4.1e-6);
    plot.setEinsum("Matmul2");
    QCOMPARE(barValue(plot, "latency", "MAC"), 4.1e-6);
  }

  void occupancy_shows_every_buffer() {
    // spatial_array_conv's shape: an unbounded DRAM, a 64 KiB buffer used to about 1 %, and a
    // 64-bit PE register. On an axis running to 64 KiB the last two were invisible; on a stacked
    // log axis the register vanished.
    const double inf = std::numeric_limits<double>::infinity();
    AccessesData d;
    d.occupancy = {{"DRAM", "I", 51200, inf},
                   {"DRAM", "Wt", 2304, inf},
                   {"GlobalBuffer", "I", 3200, 524288},
                   {"GlobalBuffer", "Wt", 2304, 524288},
                   {"Register", "O", 8, 64}};
    AccessesPlot plot;
    plot.resize(900, 360);
    plot.show();
    QVERIFY(QTest::qWaitForWindowExposed(&plot));
    plot.setView(AccessesPlot::View::Occupancy);
    plot.setData(d);
    plot.customPlot()->replot();
    QCPAxis* x = plot.customPlot()->xAxis;
    const auto pixels = [x](double percent) { return x->coordToPixel(percent) - x->coordToPixel(0); };
    const double buffer = barValue(plot, "I", "GlobalBuffer") + barValue(plot, "Wt", "GlobalBuffer");
    QVERIFY(std::abs(buffer - 100.0 * 5504 / 524288) < 1e-9);
    QVERIFY2(pixels(buffer) >= 5, qPrintable(QString::number(pixels(buffer))));  // ~1 % is visible
    QVERIFY2(pixels(barValue(plot, "O", "Register")) >= 50, "the PE register is an eighth full");
    // The row labels carry the absolute figures.
    const auto ticker = plot.customPlot()->yAxis->ticker().dynamicCast<QCPAxisTickerText>();
    QVERIFY(ticker);
    const QStringList rows = ticker->ticks().values();
    QVERIFY2(rows.value(1).contains("GlobalBuffer") && rows.value(1).contains("of 64 KiB"),
             qPrintable(rows.join('|')));
    QVERIFY2(rows.value(2).contains("12.5 % of 64 b"), qPrintable(rows.join('|')));
    QVERIFY2(rows.value(0).contains("no limit"), qPrintable(rows.join('|')));

    // Tooltips: the segment's bits and share; the unbounded row lists what it holds.
    const double y = plot.customPlot()->yAxis->coordToPixel(1);
    const QString seg =
        plot.toolTipAt(QPointF(x->coordToPixel(barValue(plot, "I", "GlobalBuffer") / 2), y).toPoint());
    QVERIFY2(seg.contains("GlobalBuffer") && seg.contains("3,200 b") && seg.contains("0.61 %") &&
                 seg.contains("capacity: 524,288 b"),
             qPrintable(seg));
    const QString dram =
        plot.toolTipAt(QPointF(x->coordToPixel(50), plot.customPlot()->yAxis->coordToPixel(0)).toPoint());
    QVERIFY2(dram.contains("DRAM") && dram.contains("51,200 b") && dram.contains("unbounded"),
             qPrintable(dram));
    QVERIFY(plot.title().contains("share of capacity"));
  }

  void empty_state_explains() {
    AccessesPlot plot;
    QVERIFY(plot.showsEmptyState());
    QVERIFY(plot.findChild<QLabel*>("accessesEmptyState")->text().contains("Open an architecture"));
    plot.setData(sample());
    QVERIFY(!plot.showsEmptyState());
    plot.setData({});
    QVERIFY(plot.showsEmptyState());
  }

  // A transformer's 21 tensors wrap the keys into rows above the bars. In a short pane (the
  // Playback page gives the Plots most of the height) they give way to a note so the bars keep
  // their room; a taller pane shows them again, above the bars.
  // The compute note is right-aligned and clipped to the axis rect: on tpu_v4i + GPT-3 it names
  // two compute units and ran off the plot's left edge, losing the first name. It takes the
  // longest wording that fits (rounded counts before it elides), and starts with the first name.
  void compute_note_fits_the_plot() {
    AccessesData d;
    for (const char* component : {"MainMemory", "GlobalBuffer"})
      d.actions << AccessRecord{"E", component, "A", "read", 1000.0, 1e-9};
    d.actions << AccessRecord{"E", "SystolicArrayMultiplyAccumulate", "", "compute", 1.2e12, 1e-12}
              << AccessRecord{"E", "VectorUnitElementwise", "", "compute", 3.4e9, 1e-12};
    AccessesPlot plot;
    plot.setData(d);
    plot.show();
    QVERIFY(QTest::qWaitForWindowExposed(&plot));
    QCustomPlot* p = plot.customPlot();
    const auto note = [&]() -> QCPItemText* {
      for (int i = 0; i < p->itemCount(); ++i)
        if (auto* t = qobject_cast<QCPItemText*>(p->item(i)); t && t->text().contains("Systolic")) return t;
      return nullptr;
    };
    p->setMinimumWidth(0);
    for (const int width : {1400, 800, 640, 300}) {
      p->setMaximumWidth(width);  // the widget's controls keep it wider: the plot alone is narrowed
      plot.resize(1400, 400);
      QTRY_COMPARE(p->width(), width);
      p->replot();
      QCPItemText* t = note();
      QVERIFY(t);
      QVERIFY2(t->text().startsWith("SystolicArray"), qPrintable(t->text()));
      if (width >= 640) QVERIFY2(t->text().contains("VectorUnitElementwise: 3"), qPrintable(t->text()));
      const double left = t->left->pixelPosition().x(), edge = p->axisRect()->rect().left();
      QVERIFY2(left >= edge, qPrintable(QString("at %1 px the note starts at x %2, the plot at x %3: %4")
                                            .arg(width)
                                            .arg(left)
                                            .arg(edge)
                                            .arg(t->text())));
      if (width == 1400) QVERIFY2(t->text().contains("see Energy"), qPrintable(t->text()));
      if (width == 640) QVERIFY2(t->text().contains("3.4G ops"), qPrintable(t->text()));     // rounded
      if (width == 300) QVERIFY2(t->text().endsWith(QChar(0x2026)), qPrintable(t->text()));  // elided
    }
  }

  void keys_give_way_to_bars_in_a_short_pane() {
    AccessesData d;
    for (int t = 0; t < 21; ++t)
      for (const char* component : {"MainMemory", "GlobalBuffer", "Register"})
        d.actions << AccessRecord{"E",    component,        QStringLiteral("Tensor%1").arg(t),
                                  "read", 1000.0 * (t + 1), 1e-9};
    d.actions << AccessRecord{"E", "MAC", "", "compute", 1e6, 1e-12};  // the compute note
    AccessesPlot plot;
    plot.setData(d);
    plot.show();
    QVERIFY(QTest::qWaitForWindowExposed(&plot));
    plot.resize(600, 240);
    QCustomPlot* p = plot.customPlot();
    const auto keysNoteShown = [&] {
      for (int i = 0; i < p->itemCount(); ++i)
        if (auto* t = qobject_cast<QCPItemText*>(p->item(i));
            t && t->visible() && t->text().contains("Keys hidden"))
          return true;
      return false;
    };
    QTRY_VERIFY(!p->legend->visible());
    p->replot();
    QVERIFY(keysNoteShown());
    const int shortBars = p->axisRect()->rect().height();
    QVERIFY2(shortBars >= 40, qPrintable(QString::number(shortBars)));
    // The note has its own line above the tallest bar, not over it, however short the pane
    // (the Playback page's Plots pane leaves the axis about 60 px).
    const auto noteClearsBars = [&] {
      double barsTop = std::numeric_limits<double>::infinity(), noteBottom = 0;
      for (int i = 0; i < p->plottableCount(); ++i)
        if (auto* bars = qobject_cast<QCPBars*>(p->plottable(i)))
          for (int k = 0; k < bars->dataCount(); ++k)
            barsTop = std::min(barsTop, bars->dataPixelPosition(k).y());
      for (int i = 0; i < p->itemCount(); ++i)
        if (auto* t = qobject_cast<QCPItemText*>(p->item(i)); t && t->visible())
          noteBottom = std::max(noteBottom, t->bottom->pixelPosition().y());
      if (noteBottom <= barsTop + 1) return true;
      qInfo("the note reaches y %.0f, the bars start at y %.0f (axis %d px)", noteBottom, barsTop,
            p->axisRect()->rect().height());
      return false;
    };
    QVERIFY(noteClearsBars());
    // The widget's controls keep it taller than that: the plot alone is made short.
    p->setMaximumHeight(100);
    QTRY_VERIFY(p->height() <= 100);
    p->replot();
    QVERIFY2(p->axisRect()->rect().height() < 70,
             qPrintable(QString::number(p->axisRect()->rect().height())));
    QVERIFY(keysNoteShown());
    QVERIFY(noteClearsBars());
    // The keys' note sits on the line below the compute note, not across it.
    QCPItemText *keys = nullptr, *compute = nullptr;
    for (int i = 0; i < p->itemCount(); ++i)
      if (auto* t = qobject_cast<QCPItemText*>(p->item(i)); t && t->visible())
        (t->text().contains("Keys hidden") ? keys : compute) = t;
    QVERIFY(keys && compute && compute->text().contains("operations"));
    QVERIFY2(keys->top->pixelPosition().y() >= compute->bottom->pixelPosition().y() - 1,
             qPrintable(QString("keys' note from y %1, compute note to y %2")
                            .arg(keys->top->pixelPosition().y())
                            .arg(compute->bottom->pixelPosition().y())));
    p->setMaximumHeight(QWIDGETSIZE_MAX);
    QTRY_VERIFY(p->axisRect()->rect().height() == shortBars);
    // A file is not bound to the pane: it is made tall enough for its keys, and the pane stays
    // as it was.
    QTemporaryDir dir;
    const QString svg = dir.filePath("short.svg");
    QVERIFY(plot.exportTo(svg));
    QFile file(svg);
    QVERIFY(file.open(QIODevice::ReadOnly));
    const QByteArray drawn = file.readAll();
    QVERIFY(drawn.contains("Tensor20"));
    QVERIFY(!drawn.contains("Keys hidden"));
    QVERIFY(!p->legend->visible());
    QVERIFY(keysNoteShown());

    plot.resize(600, 500);
    QTRY_VERIFY(p->legend->visible());
    p->replot();
    QVERIFY(!keysNoteShown());
    QVERIFY2(p->legend->rowCount() > 1, "the keys should wrap at this width");
    QVERIFY(p->legend->outerRect().bottom() <= p->axisRect()->outerRect().top() + 1);
    QVERIFY2(p->axisRect()->rect().height() >= 80,
             qPrintable(QString::number(p->axisRect()->rect().height())));
  }

  void tooltip_names_bar_tensor_and_exact_value() {
    AccessesPlot plot;
    plot.resize(900, 500);
    plot.show();
    QVERIFY(QTest::qWaitForWindowExposed(&plot));
    plot.setData(sample());
    plot.customPlot()->replot();
    QCPBars* w = plot.barsFor("W");
    const int key = static_cast<int>(plot.table().categories.indexOf("GlobalBuffer"));
    const QPointF top = w->dataPixelPosition(key);
    const QString tip = plot.toolTipAt((top + QPointF(0, 4)).toPoint());
    QVERIFY2(tip.contains("GlobalBuffer") && tip.contains("W"), qPrintable(tip));
    QVERIFY2(tip.contains("20,480"), qPrintable(tip));  // 16,384 reads + 4,096 writes
    QVERIFY(plot.toolTipAt(QPoint(2, 2)).isEmpty());
  }

  void highlight_and_dimming() {
    AccessesPlot plot;
    plot.setData(sample());
    const int items = plot.customPlot()->itemCount();
    plot.highlight("GlobalBuffer", "W");
    QCOMPARE(plot.customPlot()->itemCount(), items + 1);  // the column band
    QCOMPARE(plot.barsFor("W")->brush().color().alpha(), 255);
    QVERIFY(plot.barsFor("I")->brush().color().alpha() < 255);
    plot.highlight({}, {});
    QCOMPARE(plot.customPlot()->itemCount(), items);
    QCOMPARE(plot.barsFor("I")->brush().color().alpha(), 255);

    plot.setDimmed(true);
    QVERIFY(plot.findChild<QLabel*>("dimmedBanner")->isVisibleTo(&plot));
    QVERIFY(plot.barsFor("W")->brush().color().alpha() < 255);
    plot.setDimmed(false);
    QVERIFY(!plot.findChild<QLabel*>("dimmedBanner")->isVisibleTo(&plot));
  }

  void tensor_colours_are_stable() {
    AccessesPlot plot;
    AccessesData d = sample();
    plot.setData(d);
    const QColor w = plot.barsFor("W")->brush().color();
    std::reverse(d.actions.begin(), d.actions.end());  // a different first-seen order
    plot.setData(d);
    QCOMPARE(plot.barsFor("W")->brush().color(), w);
    QVERIFY(plot.barsFor("I")->brush().color() != w);
  }

  void exports_png_pdf_svg() {
    AccessesPlot plot;
    plot.resize(900, 500);
    plot.setData(sample());
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    for (const QString suffix : {"png", "pdf", "svg"}) {
      const QString path = dir.filePath("accesses." + suffix);
      QString error;
      QVERIFY2(plot.exportTo(path, &error), qPrintable(error));
      QVERIFY2(QFileInfo(path).size() > 1000, qPrintable(path));
    }
    QFile png(dir.filePath("accesses.png"));
    QVERIFY(png.open(QIODevice::ReadOnly));
    QCOMPARE(png.read(4), QByteArray("\x89PNG"));
    QFile pdf(dir.filePath("accesses.pdf"));
    QVERIFY(pdf.open(QIODevice::ReadOnly));
    QCOMPARE(pdf.read(4), QByteArray("%PDF"));
    QFile svg(dir.filePath("accesses.svg"));
    QVERIFY(svg.open(QIODevice::ReadOnly));
    const QByteArray svgText = svg.readAll();
    QVERIFY(svgText.contains("<svg"));
    // The figure carries its title, and the default file name comes from it.
    QCOMPARE(plot.title(), QStringLiteral("Data moved per buffer (all Einsums)"));
    QVERIFY(svgText.contains("<title>Data moved per buffer (all Einsums)</title>"));
    const QImage image(dir.filePath("accesses.png"));
    QCOMPARE(image.text("Title"), plot.title());
    // The title is drawn too, in a band above the plot: dark text pixels in the top rows.
    QVERIFY(image.height() > 2 * plot.customPlot()->height());  // 2x scale, plus the band
    int dark = 0;
    for (int y = 0; y < 50; ++y)
      for (int x = 0; x < 600; ++x) dark += qGray(image.pixel(x, y)) < 100;
    QVERIFY2(dark > 200, qPrintable(QString::number(dark)));
    QCOMPARE(figureFileName(plot.title()), QStringLiteral("data-moved-per-buffer-all-einsums"));
    plot.setView(AccessesPlot::View::Occupancy);
    QVERIFY(plot.title().startsWith("Occupancy per buffer"));
    QString error;
    QVERIFY(!plot.exportTo(dir.filePath("accesses.bmp"), &error));
    QVERIFY(error.contains("bmp"));
  }

  void table_copies_tsv_and_exports_csv() {
    AccessesModel model;
    model.setAccesses(sample());
    AccessesTableView view;
    view.setAccessesModel(&model);
    const QString csv = view.toCsv();
    const QStringList lines = csv.trimmed().split('\n');
    QCOMPARE(lines.size(), sample().actions.size() + 1);
    QCOMPARE(lines.first(), QStringLiteral("Einsum,Component,Tensor,Action,Actions,Energy (J)"));
    QVERIFY2(lines.contains("Matmul1,MainMemory,W,read,4096,2.62144e-07"), qPrintable(csv));

    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    view.selectionModel()->select(
        QItemSelection(view.model()->index(0, 1), view.model()->index(1, AccessesModel::CountColumn)),
        QItemSelectionModel::Select);
    const QString tsv = view.selectionAsTsv();
    QCOMPARE(tsv, QStringLiteral("Component\tTensor\tAction\tActions\nMainMemory\tI\tread\t1024\n"
                                 "MainMemory\tW\tread\t4096\n"));
    view.setFocus();
    QTest::keySequence(&view, QKeySequence::Copy);
    QCOMPARE(QGuiApplication::clipboard()->text(), tsv);

    QTemporaryDir dir;
    const QString path = dir.filePath("accesses.csv");
    QVERIFY(view.exportCsv(path));
    QFile file(path);
    QVERIFY(file.open(QIODevice::ReadOnly));
    QCOMPARE(QString::fromUtf8(file.readAll()), csv);
  }

  // Renders the widget in each view for a human to look at (not compared).
  void screenshots() {
    AccessesPlot plot;
    plot.resize(1000, 420);
    plot.show();
    QVERIFY(QTest::qWaitForWindowExposed(&plot));
    plot.setData(sample());
    const auto save = [&plot](const QString& name) {
      QCoreApplication::processEvents();
      plot.customPlot()->replot();
      QVERIFY(plot.grab().save(QDir::temp().filePath("af-accesses-" + name + ".png")));
    };
    save("count-stacked");
    plot.highlight("GlobalBuffer", "W");
    save("count-highlight");
    plot.highlight({}, {});
    plot.setArrangement(AccessesPlot::Arrangement::Grouped);
    save("count-grouped");
    plot.setMetric(AccessMetric::Energy);
    save("energy-log");
    plot.setView(AccessesPlot::View::Occupancy);
    save("occupancy");
    plot.setView(AccessesPlot::View::Latency);
    save("latency");
    plot.setDimmed(true);
    save("latency-dimmed");
    plot.setData({});
    QVERIFY(!plot.findChild<QLabel*>("dimmedBanner")->isVisibleTo(&plot));  // nothing to call stale
    save("empty");
  }
};

QTEST_MAIN(TestPlots)
#include "test_plots.moc"
