#pragma once
// A plain-text editor for YAML+Jinja spec files: line-number gutter with diagnostic markers,
// current-line highlight, syntax colours, wavy underlines for diagnostics, and settled() once
// the user pauses typing (the window re-validates then).
#include <QPlainTextEdit>

#include "editors/editor_diagnostic.h"

class QTimer;

namespace af::ui {

class LineNumberGutter;
class YamlHighlighter;

class YamlEditor : public QPlainTextEdit {
  Q_OBJECT
 public:
  static constexpr int kSettleDelayMs = 300;

  explicit YamlEditor(QWidget* parent = nullptr);

  // Shows `document` (owned elsewhere, e.g. by a SpecDocument) and highlights it.
  void showDocument(QTextDocument* document);

  // Marks each diagnostic with a wavy underline and a gutter marker; replaces earlier ones.
  // Marks follow later edits until the next call.
  void setDiagnostics(const QList<EditorDiagnostic>& diagnostics);
  [[nodiscard]] const QList<EditorDiagnostic>& diagnostics() const { return diagnostics_; }
  [[nodiscard]] YamlHighlighter* highlighter() const { return highlighter_; }
  [[nodiscard]] LineNumberGutter* gutter() const { return gutter_; }

  // Moves the caret to a 1-based line and column and makes it visible.
  void goToLine(int line, int column = 1);

  // Used by the gutter.
  [[nodiscard]] int gutterWidth() const;
  [[nodiscard]] int lineAtGutterY(int y) const;  // 1-based; 0 below the text
  [[nodiscard]] QString diagnosticTextAtLine(int line) const;
  void paintGutter(QPaintEvent* event);

 signals:
  // Emitted once, kSettleDelayMs after the last edit of a burst.
  void settled();
  // Local files dropped on the editor (they are opened, not pasted as text).
  void filesDropped(const QStringList& paths);

 protected:
  void resizeEvent(QResizeEvent* event) override;
  bool viewportEvent(QEvent* event) override;
  bool canInsertFromMimeData(const QMimeData* source) const override;
  void insertFromMimeData(const QMimeData* source) override;

 private:
  struct Mark {
    QTextCursor cursor;  // moves with edits
    EditorDiagnostic diagnostic;
  };
  void updateGutterGeometry();
  void updateExtraSelections();
  [[nodiscard]] QTextCursor cursorFor(const EditorDiagnostic& diagnostic) const;

  LineNumberGutter* gutter_;
  YamlHighlighter* highlighter_;
  QTimer* settleTimer_;
  QList<EditorDiagnostic> diagnostics_;
  QList<Mark> marks_;
};

}  // namespace af::ui
