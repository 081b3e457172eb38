// A Jinja variable edited the way a user does it, in the window on the two_level_matmul
// example: typed into the Variables table and committed with Enter. The table refuses text
// where the file computes with a number, a bad value from the command line is one error (not
// a cascade), and no edit logs a Qt warning (the editor closes cleanly).
#include <QLineEdit>
#include <QSignalSpy>
#include <QTableView>
#include <QtTest>

#include "editors/diagnostics_model.h"
#include "main_window.h"
#include "views/variables_model.h"
#include "views/variables_pane.h"
#include "window_fixture.h"

using namespace af::ui;

namespace {

int rowOf(const VariablesModel* model, const QString& name) {
  for (int row = 0; row < model->rowCount(); ++row)
    if (model->index(row, VariablesModel::NameColumn).data().toString() == name) return row;
  return -1;
}

// Types `text` into the value cell of `name` and presses Enter, as a user does.
void typeValue(QTableView* table, const QString& name, const QString& text) {
  const auto* model = qobject_cast<const VariablesModel*>(table->model());
  const QModelIndex cell = model->index(rowOf(model, name), VariablesModel::ValueColumn);
  table->setCurrentIndex(cell);
  table->edit(cell);
  QLineEdit* editor = nullptr;
  QTRY_VERIFY((editor = table->findChild<QLineEdit*>()) != nullptr && editor->isVisible());
  editor->selectAll();
  QTest::keyClicks(editor, text);
  QTest::keyClick(editor, Qt::Key_Return);
}

}  // namespace

class TestVariableEdits : public QObject {
  Q_OBJECT
 private slots:
  void initTestCase() { test::useTestSettings(); }

  // Any Qt warning fails, but the offscreen platform's note about size hints.
  void init() {
    QTest::failOnWarning(QRegularExpression("^(?!This plugin does not support propagateSizeHints)"));
  }

  void typedValuesApplyWithoutWarnings() {
    test::WindowFixture t;
    MainWindow& w = t.w;
    QVERIFY(t.show());
    QVERIFY(t.openExample("two_level_matmul"));
    auto* pane = w.findChild<VariablesPane*>("variablesPane");
    QVERIFY(pane);
    QTRY_VERIFY(rowOf(pane->model(), "N") >= 0);

    // A number applies (and re-evaluates); the editor closes without a warning.
    QSignalSpy applied(&w, &MainWindow::resultApplied);
    typeValue(pane->table(), "N", "64");
    QTRY_COMPARE(pane->model()->values().value("N"), QStringLiteral("64"));
    QTRY_VERIFY_WITH_TIMEOUT(!applied.isEmpty(), 30000);
    QCOMPARE(w.diagnosticsModel()->errorCount(), 0);
    QTest::qWait(200);  // a late closeEditor would warn here

    // Typed straight onto the selected cell (no double-click), committed by Tab or by a
    // click elsewhere: the editor closes once, without a warning either way.
    QTableView* table = pane->table();
    const auto* model = pane->model();
    applied.clear();
    table->setFocus();
    table->setCurrentIndex(model->index(rowOf(model, "N"), VariablesModel::ValueColumn));
    QTest::keyClick(table->viewport(), Qt::Key_1);  // opens the editor with "1"
    QTRY_VERIFY(table->findChild<QLineEdit*>() && table->findChild<QLineEdit*>()->isVisible());
    QTest::keyClick(table->findChild<QLineEdit*>(), Qt::Key_6);
    QTest::keyClick(table->findChild<QLineEdit*>(), Qt::Key_Tab);
    QTRY_COMPARE(pane->model()->values().value("N"), QStringLiteral("16"));
    QTRY_VERIFY_WITH_TIMEOUT(!applied.isEmpty(), 30000);
    table->setCurrentIndex(model->index(rowOf(model, "M"), VariablesModel::ValueColumn));
    table->edit(table->currentIndex());
    QTRY_VERIFY(table->findChild<QLineEdit*>() && table->findChild<QLineEdit*>()->isVisible());
    QTest::keyClicks(table->findChild<QLineEdit*>(), "8");
    pane->setFocus();  // focus leaves the editor
    table->clearFocus();
    QTRY_COMPARE(pane->model()->values().value("M"), QStringLiteral("8"));
    QTest::qWait(300);

    // Text where the file computes with a number is refused, with the reason shown.
    typeValue(pane->table(), "N", "abc");
    QTRY_VERIFY(pane->statusText().contains("N takes a number"));
    QCOMPARE(pane->model()->values().value("N"), QStringLiteral("16"));

    // Double-clicked with the mouse, typed, Enter.
    applied.clear();
    const QModelIndex k = model->index(rowOf(model, "K"), VariablesModel::ValueColumn);
    const QPoint centre = table->visualRect(k).center();
    QTest::mouseClick(table->viewport(), Qt::LeftButton, {}, centre);
    QTest::mouseDClick(table->viewport(), Qt::LeftButton, {}, centre);
    QTRY_VERIFY(table->findChild<QLineEdit*>() && table->findChild<QLineEdit*>()->isVisible());
    QTest::keyClicks(table->findChild<QLineEdit*>(), "32");
    QTest::keyClick(table->findChild<QLineEdit*>(), Qt::Key_Return);
    QTRY_COMPARE(pane->model()->values().value("K"), QStringLiteral("32"));
    QTRY_VERIFY_WITH_TIMEOUT(!applied.isEmpty(), 30000);
    QTest::qWait(300);
    QTest::qWait(200);
  }

  void badCommandLineValueIsOneError() {
    test::WindowFixture t;
    t.w.setAssignments({"N=abc"});
    QVERIFY(t.openExample("two_level_matmul"));
    QTRY_VERIFY_WITH_TIMEOUT(t.w.diagnosticsModel()->errorCount() > 0, 30000);
    QStringList shown;
    for (const auto& row : t.w.diagnosticsModel()->diagnostics()) shown << row.message;
    QVERIFY2(t.w.diagnosticsModel()->errorCount() == 1, qPrintable(shown.join('\n')));
    QVERIFY(!shown.join('\n').contains("has no bound"));
  }
};

QTEST_MAIN(TestVariableEdits)
#include "test_variable_edits.moc"
