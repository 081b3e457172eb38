// The YAML editor: highlighting, diagnostics marks, navigation, and the settled() debounce.
#include <QSignalSpy>
#include <QTextBlock>
#include <QTextLayout>
#include <QtTest>

#include "editors/yaml_editor.h"
#include "editors/yaml_highlighter.h"
#include "qt_warnings.h"
#include "test_support.h"

using af::ui::EditorDiagnostic;
using af::ui::YamlEditor;
using af::ui::YamlHighlighter;
using Role = YamlHighlighter::Role;

namespace {
// The format the highlighter gave the character at `column` (0-based) of `line` (0-based).
QTextCharFormat formatAt(const QTextDocument& document, int line, int column) {
  const QTextBlock block = document.findBlockByNumber(line);
  for (const QTextLayout::FormatRange& range : block.layout()->formats())
    if (column >= range.start && column < range.start + range.length) return range.format;
  return {};
}
}  // namespace

class TestYamlEditor : public QObject {
  Q_OBJECT
 private slots:
  void init() { af::ui::test::failOnQtWarnings(); }
  void highlights_key_tag_comment_and_more() {
    QTextDocument document;
    YamlHighlighter highlighter(&document);
    document.setPlainText(
        "- !Memory  # main memory\n"        // 0
        "  name: DRAM\n"                    // 1
        "  size: {{ SIZE * 2 }}\n"          // 2
        "  depth: 1024\n"                   // 3
        "  shared: true\n"                  // 4
        "  label: \"a # not a comment\"\n"  // 5
        "  base: &base x\n"                 // 6
        "{% for i in range(3) %}\n"         // 7
        "{# spans\n"                        // 8
        "   lines #}\n");                   // 9
    highlighter.rehighlight();
    const auto is = [&](int line, int column, Role role) {
      return formatAt(document, line, column).foreground() == highlighter.format(role).foreground();
    };
    QVERIFY(is(0, 2, Role::Tag));
    QVERIFY(is(0, 8, Role::Tag));  // "!Memory" through its last letter
    QVERIFY(is(0, 13, Role::Comment));
    QVERIFY(is(1, 2, Role::Key));
    QVERIFY(is(1, 5, Role::Key));
    QVERIFY(!is(1, 8, Role::Key));  // the plain value "DRAM"
    QVERIFY(is(2, 8, Role::Jinja));
    QVERIFY(is(2, 20, Role::Jinja));
    QVERIFY(is(3, 9, Role::Number));
    QVERIFY(is(4, 10, Role::Boolean));
    QVERIFY(is(5, 12, Role::String));  // the '#' inside quotes stays a string
    QVERIFY(is(6, 8, Role::Anchor));
    QVERIFY(is(7, 5, Role::Jinja));
    QVERIFY(is(9, 3, Role::Jinja));  // a Jinja comment carried over a line break
    QCOMPARE(highlighter.format(Role::Comment).fontItalic(), true);
  }

  void diagnostics_become_extra_selections_and_gutter_marks() {
    YamlEditor editor;
    editor.setPlainText("arch:\n  nodes: 3\n  oops\n");
    editor.setDiagnostics({{2, 3, "unknown field", true}, {3, 0, "odd line", false}});

    QList<QTextEdit::ExtraSelection> marks;
    for (const auto& selection : editor.extraSelections())
      if (selection.format.underlineStyle() == QTextCharFormat::WaveUnderline) marks << selection;
    QCOMPARE(marks.size(), 2);
    QCOMPARE(marks[0].cursor.blockNumber(), 1);
    QCOMPARE(marks[0].cursor.selectionStart() - marks[0].cursor.block().position(), 2);
    QCOMPARE(marks[0].cursor.selectedText(), QString("nodes:"));
    QCOMPARE(marks[1].cursor.blockNumber(), 2);
    QCOMPARE(marks[1].cursor.selectedText(), QString("  oops"));  // column 0: the whole line
    QVERIFY(marks[0].format.underlineColor() != marks[1].format.underlineColor());
    QCOMPARE(editor.diagnosticTextAtLine(2), QString("unknown field"));

    // Marks follow edits above them until the next validation.
    QTextCursor top(editor.document());
    top.insertText("# header\n");
    QCOMPARE(editor.diagnosticTextAtLine(3), QString("unknown field"));
    QCOMPARE(editor.diagnosticTextAtLine(2), QString());

    editor.setDiagnostics({});
    for (const auto& selection : editor.extraSelections())
      QVERIFY(selection.format.underlineStyle() != QTextCharFormat::WaveUnderline);
  }

  void goes_to_line_and_column() {
    YamlEditor editor;
    editor.setPlainText("a: 1\nb: 2\nccc: 3\n");
    editor.goToLine(3, 2);
    QCOMPARE(editor.textCursor().blockNumber(), 2);
    QCOMPARE(editor.textCursor().positionInBlock(), 1);
    editor.goToLine(99);  // past the end: ignored
    QCOMPARE(editor.textCursor().blockNumber(), 2);
  }

  void settles_once_after_a_burst_of_edits() {
    YamlEditor editor;
    editor.show();
    QVERIFY(QTest::qWaitForWindowExposed(&editor));
    QSignalSpy spy(&editor, &YamlEditor::settled);
    QTest::qWait(YamlEditor::kSettleDelayMs + 100);
    spy.clear();
    for (int i = 0; i < 5; ++i) {
      QTest::keyClicks(&editor, "ab");
      QTest::qWait(40);
    }
    QCOMPARE(spy.count(), 0);
    QTRY_COMPARE(spy.count(), 1);
    QTest::qWait(YamlEditor::kSettleDelayMs + 100);
    QCOMPARE(spy.count(), 1);
    QVERIFY(editor.toPlainText().startsWith("ababababab"));
    editor.undo();  // undo comes with QPlainTextEdit
    QVERIFY(editor.toPlainText().size() < 10);
  }
};

int af::ui::test::runYamlEditorTests(int argc, char** argv) {
  TestYamlEditor tests;
  return QTest::qExec(&tests, argc, argv);
}

#include "test_yaml_editor.moc"
