// The explorer as a user drives it, offscreen: open spec files and read the buffer accesses,
// edit a tile shape in the mapping tree, drag a loop, break the YAML, and check that results
// stay, stale jobs are dropped and the GUI thread never stalls. The small specs are the
// project's own (tests/data/specs); the large transformer that keeps the worker busy is
// AccelForge's (those two tests skip without its reference corpus).
#include <QDockWidget>
#include <QElapsedTimer>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTimer>
#include <QtTest>

#include "controller/project_controller.h"
#include "editors/diagnostics_model.h"
#include "editors/document_set.h"
#include "editors/spec_document.h"
#include "event_loop_watch.h"
#include "main_window.h"
#include "mapping/mapping_sync.h"
#include "mapping/mapping_tree_model.h"
#include "models/accesses_model.h"
#include "plots/accesses_plot.h"
#include "qt_warnings.h"
#include "support/shared_corpus.h"
#include "window_fixture.h"

using namespace af::ui;
using af::ui::test::nextResult;

namespace {

QString reference(const QString& relative) { return af::test::reference_qfile("examples/" + relative); }

// A backing memory, a buffer and a MAC; a chain of N_EINSUMS matmuls; its unfused mapping.
const QString kArch = af::test::data_qfile("specs/buffered_mac.arch.yaml");
const QString kWorkload = af::test::data_qfile("specs/matmul_chain.workload.yaml");
const QString kUnfusedMapping = af::test::data_qfile("specs/matmul_chain_unfused.mapping.yaml");

// Sum of the counts shown in the accesses table for one (component, tensor, action).
double shownCount(const AccessesModel* model, const QString& component, const QString& tensor,
                  const QString& action) {
  double total = 0;
  for (int row = 0; row < model->rowCount(); ++row) {
    const auto cell = [&](int column) { return model->index(row, column).data(AccessesModel::RawValueRole); };
    if (cell(AccessesModel::ComponentColumn).toString() == component &&
        cell(AccessesModel::TensorColumn).toString() == tensor &&
        cell(AccessesModel::ActionColumn).toString() == action)
      total += cell(AccessesModel::CountColumn).toDouble();
  }
  return total;
}

// The unfused mapping of the chain (N_EINSUMS=1) with an extra outer m loop, as plain YAML.
const char* kTiledMapping = R"(mapping:
  nodes:
  - !Storage {tensors: [T0, T1, W0], component: MainMemory}
  - !Temporal {rank_variable: m, tile_shape: 16}
  - !Storage {tensors: [T0, W0, T1], component: GlobalBuffer}
  - !Temporal {rank_variable: m, tile_shape: 1}
  - !Temporal {rank_variable: n0, tile_shape: 1}
  - !Temporal {rank_variable: n1, tile_shape: 1}
  - !Compute {einsum: Matmul0, component: MAC}
)";

// Opens kArch + kWorkload (N_EINSUMS=1, M=64, KN=32) with kTiledMapping written to `dir`.
ProjectResultPtr openTiled(MainWindow& w, const QTemporaryDir& dir) {
  const QString path = dir.filePath("tiled.mapping.yaml");
  QFile mapping(path);
  if (!mapping.open(QIODevice::WriteOnly)) return nullptr;
  mapping.write(kTiledMapping);
  mapping.close();
  w.setAssignments({"N_EINSUMS=1", "M=64", "KN=32"});
  return nextResult(w, [&] { w.openFiles({kArch, kWorkload, path}); });
}

}  // namespace

class TestExplorer : public QObject {
  Q_OBJECT
 private slots:
  void init() { af::ui::test::failOnQtWarnings(); }
  void initTestCase() { test::useTestSettings(); }

  void unfused_mapping_shows_buffer_accesses() {
    MainWindow w;
    w.setAssignments({"N_EINSUMS=1", "M=64", "KN=32"});
    const auto result = nextResult(w, [&] {
      QVERIFY(w.openFiles({kArch, kWorkload, kUnfusedMapping}).isEmpty());
    });
    QVERIFY(result && result->valid() && result->evaluation);
    // Worked example B, read from the table the user sees.
    QCOMPARE(shownCount(w.accessesModel(), "MainMemory", "T0", "read"), 16384.0);
    QCOMPARE(shownCount(w.accessesModel(), "MainMemory", "T1", "write"), 16384.0);
    QCOMPARE(shownCount(w.accessesModel(), "MainMemory", "W0", "read"), 8192.0);
    QVERIFY(!w.accessesPlot()->showsEmptyState());
    QVERIFY(w.mappingModel()->rowCount() > 0);  // the templated mapping reached the tree
  }

  void tile_shape_edit_changes_numbers_and_yaml() {
    QTemporaryDir dir;
    MainWindow w;
    auto result = openTiled(w, dir);
    QVERIFY(result && result->evaluation);
    // W0 does not depend on m: the buffer refetches it once per outer m iteration (64 / 16).
    QCOMPARE(shownCount(w.accessesModel(), "MainMemory", "W0", "read"), 4.0 * 32 * 32 * 8);

    MappingTreeModel* tree = w.mappingModel();
    const QModelIndex outer = tree->indexForPath({1});
    QVERIFY(tree->validTileShapes(outer).contains(32));
    result = nextResult(w, [&] { QCOMPARE(tree->setTileShape(outer, 32), QString()); });
    QVERIFY(result && result->evaluation);
    QCOMPARE(shownCount(w.accessesModel(), "MainMemory", "W0", "read"), 2.0 * 32 * 32 * 8);
    QCOMPARE(shownCount(w.accessesModel(), "MainMemory", "T0", "read"), 64.0 * 32 * 8);  // unchanged
    const QString yaml = w.mappingDocument()->text();
    QVERIFY2(yaml.contains("tile_shape: 32"), qPrintable(yaml));
    QVERIFY(w.mappingDocument()->isModified());
  }

  void dragging_a_loop_reorders_tree_and_yaml() {
    QTemporaryDir dir;
    MainWindow w;
    auto result = openTiled(w, dir);
    QVERIFY(result && result->evaluation);
    MappingTreeModel* tree = w.mappingModel();
    // Drag "for n1" (row 5) onto row 4, above "for n0", the way the view's drop does it.
    QMimeData* data = tree->mimeData({tree->indexForPath({5})});
    QVERIFY(data);
    result = nextResult(w, [&] { QVERIFY(tree->dropMimeData(data, Qt::MoveAction, 4, 0, {})); });
    delete data;
    QVERIFY(result && result->evaluation);
    QVERIFY(tree->indexForPath({4}).data().toString().contains("n1"));
    QVERIFY(tree->indexForPath({5}).data().toString().contains("n0"));
    const QString yaml = w.mappingDocument()->text();
    QVERIFY(yaml.indexOf("rank_variable: n1") < yaml.indexOf("rank_variable: n0"));
  }

  void syntax_error_keeps_last_result() {
    MainWindow w;
    w.setAssignments({"N_EINSUMS=1", "M=64", "KN=32"});
    auto result = nextResult(w, [&] { w.openFiles({kArch, kWorkload, kUnfusedMapping}); });
    QVERIFY(result && result->evaluation);
    SpecDocument* workload = w.documents()->at(1);
    result = nextResult(w, [&] {
      workload->setText(workload->text().replace("bits_per_value: {All: 8}", "bits_per_value: {All: 8"));
      w.revalidate();
    });
    QVERIFY(result && !result->valid());
    QVERIFY(w.diagnosticsModel()->errorCount() > 0);
    const auto rows = w.diagnosticsModel()->diagnostics();
    QVERIFY(rows.front().path.endsWith("matmul_chain.workload.yaml"));
    QVERIFY(rows.front().line > 0);
    // The last good numbers stay on screen, dimmed.
    QCOMPARE(shownCount(w.accessesModel(), "MainMemory", "T0", "read"), 16384.0);
    QVERIFY(w.accessesPlot()->isDimmed());
    QVERIFY(!w.accessesPlot()->showsEmptyState());
  }

  void stale_results_are_dropped() {
    MainWindow w;
    w.setAssignments({"N_EINSUMS=1", "M=64", "KN=32"});
    QVERIFY(nextResult(w, [&] { w.openFiles({kArch, kWorkload, kUnfusedMapping}); }));
    QTest::qWait(1000);  // let anything the opening triggered settle
    QSignalSpy spy(&w, &MainWindow::resultApplied);
    // A burst of edits: every job but the last is superseded and its result never shown.
    for (int i = 0; i < 5; ++i) w.revalidate();
    QVERIFY(spy.wait(30000));
    QTest::qWait(1000);
    QVERIFY2(spy.count() == 1, qPrintable(QString::number(spy.count())));
    QVERIFY(spy.last().at(0).value<ProjectResultPtr>()->valid());
  }

  void cancel_returns_to_idle() {
    AF_REQUIRE_CORPUS();
    MainWindow w;
    w.setAssignments({"BATCH_SIZE=1", "DECODE=False", "N_NEW_TOKENS=256"});
    QSignalSpy busy(w.controller(), &ProjectController::loadingChanged);
    w.openFiles({reference("arches/eyeriss.yaml"), reference("workloads/transformers/gpt/gpt3_175B.yaml")});
    w.revalidate();
    w.controller()->stopLoad();
    QTRY_VERIFY_WITH_TIMEOUT(!busy.isEmpty() && !busy.last().at(0).toBool(), 30000);
  }

  // While a large transformer validates on the worker, the GUI thread keeps ticking.
  void gui_thread_never_stalls() {
    AF_REQUIRE_CORPUS();
    MainWindow w;
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    w.setAssignments({"BATCH_SIZE=1", "DECODE=False", "N_NEW_TOKENS=256"});
    test::EventLoopWatch watch(5);
    QSignalSpy spy(&w, &MainWindow::resultApplied);
    w.openFiles({reference("arches/eyeriss.yaml"), reference("workloads/transformers/gpt/gpt3_175B.yaml")});
    watch.start();
    for (int i = 0; i < 5; ++i) w.revalidate();  // keep the worker busy
    QVERIFY(spy.wait(60000));
    watch.stop();
    // The bound is the GUI thread's own work between ticks (its CPU time); the wall-clock gap
    // also counts the scheduler on a busy machine, so it is printed (event_loop_watch.h).
    qInfo("worst event-loop gap %lld ms (%.1f ms of GUI-thread work), most work in one gap %.1f ms, load %.1f",
          watch.worstGapMs(), watch.worstGapWorkMs(), watch.worstWorkMs(), test::loadAverage());
#ifndef AF_SANITIZED_BUILD  // the sanitizers slow every GUI-thread step several times over
    QVERIFY2(watch.worstWorkMs() < 50, qPrintable(QString("the GUI thread worked %1 ms between ticks")
                                                       .arg(watch.worstWorkMs(), 0, 'f', 1)));
#endif
  }
};

QTEST_MAIN(TestExplorer)
#include "test_explorer.moc"
