// The diagnostics table and the editor tabs: model contract, jump on activation, tab titles,
// close prompts, dropped files, and the File actions.
#include <QAbstractItemModelTester>
#include <QAction>
#include <QLabel>
#include <QMenu>
#include <QMimeData>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QtTest>

#include "editors/diagnostics_model.h"
#include "editors/diagnostics_view.h"
#include "editors/document_set.h"
#include "editors/editor_tabs.h"
#include "editors/file_actions.h"
#include "editors/recent_files.h"
#include "editors/spec_document.h"
#include "editors/yaml_editor.h"
#include "qt_warnings.h"
#include "test_support.h"

using namespace af::ui;
using af::ui::test::readFile;
using af::ui::test::writeFile;

class TestDiagnosticsAndTabs : public QObject {
  Q_OBJECT
  QTemporaryDir dir_;
  QString spec(const QString& name, const QByteArray& text = "a: 1\nb: 2\nc: 3\n") {
    return writeFile(dir_.filePath(name), text);
  }
  QList<DiagnosticRow> rows() {
    return {{spec("arch.yaml"), 2, 4, "arch.nodes[0].size", "expected a number", true},
            {spec("workload.yaml"), 3, 1, "", "unused rank variable", false}};
  }

 private slots:
  void init() {
    af::ui::test::failOnQtWarnings();
    RecentFiles().clear();
  }

  void model_passes_the_item_model_tester() {
    DiagnosticsModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.setDiagnostics(rows());
    QCOMPARE(model.rowCount(), 2);
    QCOMPARE(model.columnCount(), int(DiagnosticsModel::ColumnCount));
    QCOMPARE(model.index(0, DiagnosticsModel::PositionColumn).data().toString(), QString("2:4"));
    QCOMPARE(model.index(0, DiagnosticsModel::FileColumn).data().toString(), QString("arch.yaml"));
    QCOMPARE(model.index(1, DiagnosticsModel::SeverityColumn).data().toString(), QString("warning"));
    QVERIFY(!model.index(0, DiagnosticsModel::SeverityColumn).data(Qt::DecorationRole).isNull());
    QCOMPARE(model.errorCount(), 1);
    QCOMPARE(model.warningCount(), 1);
    const QList<EditorDiagnostic> forArch = model.forFile(spec("arch.yaml"));
    QCOMPARE(forArch.size(), 1);
    QCOMPARE(forArch[0].line, 2);
    model.clear();
    QCOMPARE(model.rowCount(), 0);
  }

  void activation_emits_jump_to() {
    DiagnosticsModel model;
    model.setDiagnostics(rows());
    DiagnosticsView view;
    view.setModel(&model);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    QSignalSpy jump(&view, &DiagnosticsView::jumpTo);
    view.setCurrentIndex(model.index(1, DiagnosticsModel::MessageColumn));
    QTest::keyClick(&view, Qt::Key_Return);  // Enter activates, like a double-click
    QCOMPARE(jump.count(), 1);
    QCOMPARE(jump[0][0].toString(), spec("workload.yaml"));
    QCOMPARE(jump[0][1].toInt(), 3);
    QCOMPARE(jump[0][2].toInt(), 1);
  }

  void tabs_follow_documents_and_mark_modified() {
    DocumentSet documents;
    EditorTabs tabs(&documents);
    const auto* empty = tabs.findChild<QLabel*>("editorEmptyState");
    QVERIFY(empty && empty->isVisibleTo(&tabs));
    QVERIFY(documents.openFiles({spec("arch.yaml"), spec("workload.yaml")}).isEmpty());
    QCOMPARE(tabs.count(), 2);
    QVERIFY(!empty->isVisibleTo(&tabs));
    QCOMPARE(tabs.tabText(0), QString("arch.yaml"));
    SpecDocument* arch = documents.at(0);
    QCOMPARE(tabs.documentAt(0), arch);
    arch->setText("a: 9\n");
    QCOMPARE(tabs.tabText(0), QString("arch.yaml*"));
    QVERIFY(!documents.save(arch));
    QCOMPARE(tabs.tabText(0), QString("arch.yaml"));

    tabs.tabBar()->moveTab(1, 0);  // dragging a tab changes the merge order
    QCOMPARE(documents.at(0)->displayName(), QString("workload.yaml"));
    documents.move(0, 1);
    QCOMPARE(tabs.documentAt(0), arch);
  }

  void closing_a_modified_tab_asks() {
    DocumentSet documents;
    EditorTabs tabs(&documents);
    CloseChoice answer = CloseChoice::Cancel;
    int asked = 0;
    tabs.setPrompts({[&](const SpecDocument&) { return ++asked, answer; },
                     [&](const SpecDocument&) { return dir_.filePath("saved-untitled.yaml"); },
                     {}});
    const QString path = spec("close.yaml");
    QVERIFY(documents.openFiles({path}).isEmpty());
    documents.at(0)->setText("edited: 1\n");

    QVERIFY(!tabs.requestClose(0));
    QCOMPARE(asked, 1);
    QCOMPARE(tabs.count(), 1);
    answer = CloseChoice::Save;
    QVERIFY(tabs.requestClose(0));
    QCOMPARE(readFile(path), QByteArray("edited: 1\n"));
    QCOMPARE(tabs.count(), 0);

    documents.newUntitled()->setText("x: 1\n");
    answer = CloseChoice::Discard;
    QVERIFY(tabs.requestCloseAll());
    QCOMPARE(asked, 3);
    QCOMPARE(documents.count(), 0);
    QVERIFY(!QFileInfo::exists(dir_.filePath("saved-untitled.yaml")));
  }

  void dropped_files_are_signalled() {
    DocumentSet documents;
    EditorTabs tabs(&documents);
    QSignalSpy dropped(&tabs, &EditorTabs::filesDropped);
    QMimeData mime;
    mime.setUrls({QUrl::fromLocalFile(spec("arch.yaml"))});
    QDragEnterEvent enter(QPoint(5, 5), Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
    QApplication::sendEvent(&tabs, &enter);
    QVERIFY(enter.isAccepted());
    QDropEvent drop(QPointF(5, 5), Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
    QApplication::sendEvent(&tabs, &drop);
    QCOMPARE(dropped.count(), 1);
    QCOMPARE(dropped[0][0].toStringList(), QStringList{spec("arch.yaml")});
  }

  void editors_go_before_their_documents() {
    // The window may destroy the document set first; editors must not outlive their text.
    auto documents = std::make_unique<DocumentSet>();
    EditorTabs tabs(documents.get());
    QVERIFY(documents->openFiles({spec("arch.yaml")}).isEmpty());
    QPointer<YamlEditor> editor = tabs.currentEditor();
    QVERIFY(editor);
    documents.reset();
    QVERIFY(editor.isNull());
    QCOMPARE(tabs.count(), 0);
  }

  void jump_and_diagnostics_reach_the_editor() {
    DocumentSet documents;
    EditorTabs tabs(&documents);
    QVERIFY(tabs.jumpTo(spec("workload.yaml"), 3, 2));  // opens it when needed
    QCOMPARE(tabs.count(), 1);
    QCOMPARE(tabs.currentEditor()->textCursor().blockNumber(), 2);
    QCOMPARE(tabs.currentEditor()->textCursor().positionInBlock(), 1);
    QVERIFY(!tabs.jumpTo(dir_.filePath("missing.yaml"), 1, 1));

    DiagnosticsModel model;
    model.setDiagnostics(rows());
    tabs.applyDiagnostics(&model);
    QCOMPARE(tabs.currentEditor()->diagnostics().size(), 1);
    QCOMPARE(tabs.currentEditor()->diagnostics()[0].message, QString("unused rank variable"));
  }

  void file_actions_open_and_remember() {
    DocumentSet documents;
    EditorTabs tabs(&documents);
    FileActions actions(&tabs);
    QCOMPARE(actions.actions().size(), 6);
    QVERIFY(!actions.saveAction()->isEnabled());
    QSignalSpy failed(&actions, &FileActions::openFailed);
    QSignalSpy opened(&actions, &FileActions::opened);
    actions.openPaths({spec("arch.yaml"), dir_.filePath("missing.yaml")});
    QCOMPARE(failed.count(), 1);
    QCOMPARE(opened.count(), 1);
    QVERIFY(actions.saveAction()->isEnabled());
    // The project opened is remembered as one entry of the recent list.
    QCOMPARE(documents.recentFiles()->projects().value(0),
             QStringList{QFileInfo(spec("arch.yaml")).absoluteFilePath()});

    documents.at(0)->setText("saved: 1\n");
    actions.saveAction()->trigger();
    QCOMPARE(readFile(spec("arch.yaml", "saved: 1\n")), QByteArray("saved: 1\n"));
    QVERIFY(!documents.at(0)->isModified());
  }
};

int af::ui::test::runDiagnosticsAndTabsTests(int argc, char** argv) {
  TestDiagnosticsAndTabs tests;
  return QTest::qExec(&tests, argc, argv);
}

#include "test_diagnostics_tabs.moc"
