// Pin and compare through the window, on the bundled two-level matmul: pin from the accesses
// plot, edit the mapping, and the plot, the table and the Compare tab all show the pinned
// mapping beside the new one; unpinning in the Compare tab clears the overlay everywhere, and
// another project drops the pin.
#include <qcustomplot.h>

#include <QDir>
#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QToolButton>
#include <QtTest>
#include <functional>

#include "controller/project_controller.h"
#include "editors/spec_document.h"
#include "main_window.h"
#include "models/accesses_model.h"
#include "models/pin_comparison.h"
#include "models/pinned_mapping.h"
#include "plots/accesses_plot.h"
#include "plots/compare_view.h"
#include "project_actions.h"
#include "qt_warnings.h"

using namespace af::ui;

namespace {

// Runs `trigger` and waits for the window to apply the load it causes.
ProjectResultPtr nextResult(MainWindow& w, const std::function<void()>& trigger) {
  QSignalSpy applied(&w, &MainWindow::resultApplied);
  trigger();
  if (!applied.wait(30000)) return nullptr;
  return applied.takeLast().at(0).value<ProjectResultPtr>();
}

}  // namespace

class TestPinWindow : public QObject {
  Q_OBJECT
 private slots:
  void initTestCase() {
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName("AccelForgeExplorerTests");
    QCoreApplication::setApplicationName("test_pin_window");
    QSettings().clear();
  }
  void init() { af::ui::test::failOnQtWarnings(); }

  void pin_edit_compare_unpin() {
    QTemporaryDir examples;
    QVERIFY(examples.isValid());
    MainWindow w;
    w.controller()->setExamplesDirectory(examples.path());
    ProjectPrompts prompts;
    prompts.askUnsaved = [](const QStringList&, const QString&) { return CloseChoice::Discard; };
    w.setPrompts(prompts);
    w.resize(1400, 900);
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    auto result = nextResult(w, [&] { QVERIFY(w.projectActions()->openExample("two_level_matmul")); });
    QVERIFY(result && result->evaluation);
    QVERIFY(w.showView("accesses"));

    // Pin from the accesses plot's own control bar.
    AccessesPlot* plot = w.accessesPlot();
    AccessesModel* table = w.accessesModel();
    const AccessesData pinned = plot->data();
    const int plainRows = table->rowCount();
    auto* pinButton = plot->findChild<QToolButton*>("plotPinButton");
    QVERIFY(pinButton && pinButton->isEnabled());
    pinButton->click();
    QVERIFY(w.pinnedMapping()->isPinned());
    QCOMPARE(*plot->pinned(), pinned);
    QVERIFY(table->hasPin());
    QVERIFY(w.compareView()->unpinButton()->isEnabled());
    for (const QString& c : plot->table().categories)
      QCOMPARE(plot->changeLabel(c)->text(), QStringLiteral("same"));

    // Edit the mapping: B leaves the scratchpad level above the m loop, so DRAM reads it per m.
    SpecDocument* mapping = w.mappingDocument();
    QVERIFY(mapping);
    QString text = mapping->text();
    QVERIFY(text.contains("  - !Storage {tensors: [B], component: Scratchpad}\n"));
    text.replace("  - !Storage {tensors: [B], component: Scratchpad}\n", QString());
    text.replace("{tensors: [A, Z], component: Scratchpad}", "{tensors: [A, B, Z], component: Scratchpad}");
    result = nextResult(w, [&] {
      mapping->setText(text);
      w.revalidate();
    });
    QVERIFY(result && result->evaluation);
    const AccessesData current = plot->data();
    QVERIFY(current != pinned);
    QCOMPARE(*plot->pinned(), pinned);  // the pin stays while the mapping changes

    QCoreApplication::processEvents();
    plot->customPlot()->replot();
    QVERIFY(plot->grab().save(QDir::temp().filePath("af-pinned-window.png")));  // for a human to look at

    // The plot: A's totals beside B's bars, DRAM grown.
    const BarTable a = accessBars(pinned, plot->einsum(), plot->action(), plot->metric());
    for (const QString& c : plot->table().categories) {
      QCOMPARE(plot->changes()[plot->table().categories.indexOf(c)].pinned, categoryTotal(a, c));
      QVERIFY(plot->changeLabel(c) != nullptr);
    }
    const int dram = static_cast<int>(plot->table().categories.indexOf("DRAM"));
    QVERIFY(dram >= 0);
    QCOMPARE(changeKind(plot->changes()[dram].pinned, plot->changes()[dram].current), ChangeKind::More);
    QVERIFY(plot->pinnedBars() != nullptr && plot->pinnedBars()->dataCount() > 0);

    // The table: the pinned columns, some energy changed.
    QCOMPARE(table->columnCount(), static_cast<int>(AccessesModel::PinnedColumnCount));
    QVERIFY(table->rowCount() >= plainRows);
    bool changed = false;
    for (int row = 0; row < table->rowCount(); ++row)
      changed =
          changed ||
          table->index(row, AccessesModel::DeltaEnergyColumn).data(AccessesModel::RawValueRole).toDouble() !=
              0;
    QVERIFY(changed);
    QVERIFY(!w.compareView()->rows().isEmpty());

    // Unpin in the Compare tab: the overlay goes from the plot and the table.
    w.compareView()->unpinButton()->click();
    QVERIFY(!plot->pinned());
    QVERIFY(plot->pinnedBars() == nullptr);
    QVERIFY(plot->changes().isEmpty());
    QCOMPARE(table->columnCount(), static_cast<int>(AccessesModel::ColumnCount));
    QVERIFY(!plot->findChild<QToolButton*>("plotUnpinButton")->isEnabled());

    // Pin again; another project drops it.
    w.compareView()->pinButton()->click();
    QVERIFY(plot->pinned().has_value() && table->hasPin());
    result = nextResult(w, [&] { QVERIFY(w.projectActions()->openExample("spatial_array_conv")); });
    QVERIFY(result && result->evaluation);
    QVERIFY(!w.pinnedMapping()->isPinned());
    QVERIFY(!plot->pinned());
    QVERIFY(!table->hasPin());
    QVERIFY(w.compareView()->rows().isEmpty());
  }
};

QTEST_MAIN(TestPinWindow)
#include "test_pin_window.moc"
