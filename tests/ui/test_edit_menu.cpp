// Issue 13 item 11, the habits of a desktop editor: an Edit menu whose Undo and Redo act on the
// focused editor or, from the mapping tree, on the mapping file; Find; Select All; a Help menu
// with more than About; and a modified mark that goes when the text is back to the saved one.
#include <QAction>
#include <QDir>
#include <QLineEdit>
#include <QMenu>
#include <QMenuBar>
#include <QSettings>
#include <QTableWidget>
#include <QUrl>
#include <QtTest>

#include "controller/project_controller.h"
#include "edit_actions.h"
#include "editors/document_set.h"
#include "editors/editor_tabs.h"
#include "editors/find_bar.h"
#include "editors/spec_document.h"
#include "editors/yaml_editor.h"
#include "help_actions.h"
#include "main_window.h"
#include "mapping/mapping_tree_model.h"
#include "mapping/mapping_tree_view.h"
#include "project_actions.h"
#include "qt_warnings.h"
#include "quick_guide.h"
#include "shortcuts_dialog.h"
#include "window_fixture.h"

using namespace af::ui;

namespace {

QStringList menuTexts(const QMenu* menu) {
  QStringList texts;
  for (const QAction* a : menu->actions())
    if (!a->isSeparator()) texts << a->text().remove('&');
  return texts;
}

// The window, shown (the tests that need it active wait for that themselves).
struct Window : test::WindowFixture {
  Window() {
    w.resize(1400, 900);
    w.show();
  }
  bool openMatmul() { return openExample("two_level_matmul") != nullptr; }
  [[nodiscard]] SpecDocument* document(int i) const { return w.documents()->at(i); }
  [[nodiscard]] YamlEditor* editor(int i) const { return w.editorTabs()->editorFor(document(i)); }
  [[nodiscard]] QAction* action(const char* name) const { return w.findChild<QAction*>(name); }
};

}  // namespace

class TestEditMenu : public QObject {
  Q_OBJECT
 private slots:
  void initTestCase() {
    QCoreApplication::setApplicationName("test_edit_menu");
    test::useTestSettings();
  }
  void init() {
    af::ui::test::failOnQtWarnings();
    QSettings().clear();
  }

  void menus_are_there() {
    Window t;
    auto* edit = t.w.findChild<QMenu*>("editMenu");
    QVERIFY(edit);
    QCOMPARE(menuTexts(edit),
             (QStringList{"Undo", "Redo", "Select All", "Find…", "Find Next", "Find Previous"}));
    QCOMPARE(t.action("undoAction")->shortcut(), QKeySequence(QKeySequence::Undo));
    QCOMPARE(t.action("findAction")->shortcut(), QKeySequence(QKeySequence::Find));
    auto* help = t.w.findChild<QMenu*>("helpMenu");
    QVERIFY(help);
    const QStringList helpTexts = menuTexts(help);
    QVERIFY2(helpTexts.size() >= 3, qPrintable(helpTexts.join(", ")));
    QVERIFY(helpTexts.contains("Quick Guide"));
    QVERIFY(helpTexts.contains("Keyboard Shortcuts"));
    QVERIFY(helpTexts.contains("Open the Examples Folder"));
    QVERIFY(helpTexts.contains("About"));
    // Nothing open: nothing to undo or find.
    QVERIFY(!t.action("undoAction")->isEnabled());
    QVERIFY(!t.action("findAction")->isEnabled());
  }

  void shortcuts_page_lists_the_menus_keys() {
    Window t;
    ShortcutsDialog* dialog = t.w.helpActions()->showShortcuts();
    QVERIFY(dialog && dialog->isVisible());
    bool undo = false, find = false, open = false;
    for (const auto& [what, keys] : ShortcutsDialog::rows(t.w.menuBar())) {
      undo |= what == "Edit › Undo" &&
              keys == QKeySequence(QKeySequence::Undo).toString(QKeySequence::NativeText);
      find |= what == "Edit › Find" && !keys.isEmpty();
      open |= what == "File › Open" && !keys.isEmpty();
    }
    QVERIFY(undo && find && open);
    QVERIFY(dialog->table()->rowCount() > 10);
    dialog->close();
  }

  void quick_guide_opens() {
    Window t;
    QWidget* guide = t.w.helpActions()->showQuickGuide();
    QVERIFY(guide && guide->isVisible());
    // It says how to run the mapper and where its results are.
    QVERIFY(QuickGuide::html().contains(QStringLiteral("Run › Map</b> (F6)")));
    QVERIFY(QuickGuide::html().contains(QStringLiteral("Mapper results")));
    // And the features added since: re-mapping on edits, the ski slope, the CiM lesson and options.
    for (const char* named : {"Map as you edit", "Ski slope", "compute-in-memory array", "--cim-main-memory",
                              "Compute-in-Memory Opening"})
      QVERIFY2(QuickGuide::html().contains(QString::fromUtf8(named)), named);
    guide->close();
    QUrl opened;
    t.w.helpActions()->setOpenUrl([&opened](const QUrl& url) {
      opened = url;
      return true;
    });
    t.action("examplesFolderAction")->trigger();
    QCOMPARE(opened, QUrl::fromLocalFile(t.examples.path()));
    QVERIFY(QFileInfo(t.examples.path()).isDir());
  }

  // Undo from the tree undoes the tree's edit of the mapping file, whichever tab is current.
  void undo_in_the_tree_undoes_the_tree_edit() {
    Window t;
    QVERIFY(QTest::qWaitForWindowActive(&t.w));
    QVERIFY(t.openMatmul());
    SpecDocument* mapping = t.w.mappingDocument();
    const QString original = mapping->text();
    MappingTreeModel* model = t.w.mappingModel();
    const QModelIndex m = model->indexForPath({2});
    const QList<std::int64_t> shapes = model->validTileShapes(m);
    QVERIFY(shapes.size() > 1);
    // Some tiles need an inner loop first (the model explains and refuses them): take one
    // that applies as it is.
    bool applied = false;
    for (auto it = shapes.crbegin(); it != shapes.crend() && !applied; ++it)
      applied = model->applyTileChoice(m, *it).isEmpty() && mapping->text() != original;
    QVERIFY(applied);

    t.w.editorTabs()->setCurrentIndex(0);  // the arch is in front
    t.w.mappingTree()->setFocus();
    QTRY_VERIFY(t.w.mappingTree()->hasFocus());
    QCOMPARE(t.w.editActions()->undoTarget(), mapping);
    t.w.editActions()->updateEnabled();
    QVERIFY(t.action("undoAction")->isEnabled());
    t.action("undoAction")->trigger();
    QCOMPARE(mapping->text(), original);
    QVERIFY(!t.document(0)->isModified());  // the arch was not touched
    QVERIFY(t.action("redoAction")->isEnabled());
    t.action("redoAction")->trigger();
    QVERIFY(mapping->text() != original);
  }

  // Undo in an editor acts on that editor's file.
  void undo_follows_the_focused_editor() {
    Window t;
    QVERIFY(QTest::qWaitForWindowActive(&t.w));
    QVERIFY(t.openMatmul());
    t.w.editorTabs()->setCurrentIndex(1);
    YamlEditor* editor = t.editor(1);
    editor->setFocus();
    QTRY_VERIFY(editor->hasFocus());
    const QString original = t.document(1)->text();
    QTest::keyClicks(editor, "x");
    QVERIFY(t.document(1)->isModified());
    QCOMPARE(t.w.editActions()->undoTarget(), t.document(1));
    t.action("undoAction")->trigger();
    QCOMPARE(t.document(1)->text(), original);
    QVERIFY(!t.document(1)->isModified());
  }

  void select_all_and_find() {
    Window t;
    QVERIFY(QTest::qWaitForWindowActive(&t.w));
    QVERIFY(t.openMatmul());
    t.w.editorTabs()->setCurrentIndex(2);
    YamlEditor* editor = t.editor(2);
    editor->setFocus();
    QTRY_VERIFY(editor->hasFocus());
    t.action("selectAllAction")->trigger();
    QCOMPARE(editor->textCursor().selectedText().size(), t.document(2)->text().size());

    t.action("findAction")->trigger();
    FindBar* bar = t.w.findBar();
    QVERIFY(bar->isVisible());
    QTRY_VERIFY(bar->field()->hasFocus());
    QTest::keyClicks(bar->field(), "tile_shape");
    QCOMPARE(editor->textCursor().selectedText(), QString("tile_shape"));
    const int first = editor->textCursor().selectionStart();
    t.action("findNextAction")->trigger();
    QVERIFY(editor->textCursor().selectionStart() > first);
    t.action("findPreviousAction")->trigger();
    QCOMPARE(editor->textCursor().selectionStart(), first);
    QTest::keyClicks(bar->field(), "_nowhere");
    QVERIFY(!bar->lastFound());
    QTest::keyClick(bar->field(), Qt::Key_Escape);
    QVERIFY(!bar->isVisible());
    QTRY_VERIFY(editor->hasFocus());
  }

  // Typing a space and deleting it leaves the file unmodified, tab mark included.
  void modified_mark_goes_when_the_text_is_back() {
    Window t;
    QVERIFY(QTest::qWaitForWindowActive(&t.w));
    QVERIFY(t.openMatmul());
    t.w.editorTabs()->setCurrentIndex(0);
    YamlEditor* editor = t.editor(0);
    editor->setFocus();
    QTRY_VERIFY(editor->hasFocus());
    QTest::keyClick(editor, Qt::Key_Space);
    QVERIFY(t.document(0)->isModified());
    QVERIFY(t.w.editorTabs()->tabText(0).endsWith('*'));
    QTest::keyClick(editor, Qt::Key_Backspace);
    QVERIFY(!t.document(0)->isModified());
    QVERIFY(!t.w.editorTabs()->tabText(0).endsWith('*'));
    // Saved later, the new text is the one to come back to.
    QTest::keyClicks(editor, "#");
    QVERIFY(t.w.editorTabs()->save(t.document(0)));
    QTest::keyClick(editor, Qt::Key_Backspace);
    QVERIFY(t.document(0)->isModified());
    QTest::keyClicks(editor, "#");
    QVERIFY(!t.document(0)->isModified());
  }
};

QTEST_MAIN(TestEditMenu)
#include "test_edit_menu.moc"
