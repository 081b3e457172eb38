#include "editors/yaml_editor.h"

#include <QFontDatabase>
#include <QHelpEvent>
#include <QMimeData>
#include <QPainter>
#include <QPlainTextDocumentLayout>
#include <QTextBlock>
#include <QTimer>
#include <QToolTip>

#include "editors/dropped_files.h"
#include "editors/line_number_gutter.h"
#include "editors/yaml_highlighter.h"

namespace af::ui {

namespace {
// Okabe–Ito vermillion for errors, orange for warnings (ui/README: Conventions).
QColor severityColour(bool isError) { return isError ? QColor(0xd5, 0x5e, 0x00) : QColor(0xe6, 0x9f, 0x00); }

}  // namespace

YamlEditor::YamlEditor(QWidget* parent)
    : QPlainTextEdit(parent),
      gutter_(new LineNumberGutter(this)),
      highlighter_(new YamlHighlighter(document())),
      settleTimer_(new QTimer(this)) {
  setLineWrapMode(NoWrap);
  QFont font = QFontDatabase::systemFont(QFontDatabase::FixedFont);
  setFont(font);
  setTabStopDistance(fontMetrics().horizontalAdvance(QLatin1Char(' ')) * 2);

  settleTimer_->setSingleShot(true);
  settleTimer_->setInterval(kSettleDelayMs);
  connect(settleTimer_, &QTimer::timeout, this, &YamlEditor::settled);
  connect(this, &QPlainTextEdit::textChanged, settleTimer_, qOverload<>(&QTimer::start));

  connect(this, &QPlainTextEdit::blockCountChanged, this, &YamlEditor::updateGutterGeometry);
  connect(this, &QPlainTextEdit::updateRequest, this, [this](const QRect& rect, int dy) {
    if (dy != 0)
      gutter_->scroll(0, dy);
    else
      gutter_->update(0, rect.y(), gutter_->width(), rect.height());
  });
  connect(this, &QPlainTextEdit::cursorPositionChanged, this, &YamlEditor::updateExtraSelections);
  updateGutterGeometry();
  updateExtraSelections();
}

void YamlEditor::showDocument(QTextDocument* document) {
  // QPlainTextEdit needs the plain layout; a SpecDocument has none until shown.
  if (!qobject_cast<QPlainTextDocumentLayout*>(document->documentLayout()))
    document->setDocumentLayout(new QPlainTextDocumentLayout(document));
  document->setDefaultFont(font());
  highlighter_->setDocument(document);  // before setDocument, which may delete the old document
  setDocument(document);
  // Showing a text is not typing it: setDocument emits textChanged, which must not settle (the
  // window would evaluate the spec once more per file opened).
  settleTimer_->stop();
  setDiagnostics({});
  updateGutterGeometry();
}

void YamlEditor::setDiagnostics(const QList<EditorDiagnostic>& diagnostics) {
  diagnostics_ = diagnostics;
  marks_.clear();
  for (const EditorDiagnostic& diagnostic : diagnostics) marks_.append({cursorFor(diagnostic), diagnostic});
  updateExtraSelections();
  gutter_->update();
}

QTextCursor YamlEditor::cursorFor(const EditorDiagnostic& diagnostic) const {
  const QTextBlock block = document()->findBlockByNumber(std::max(diagnostic.line, 1) - 1);
  QTextCursor cursor(block.isValid() ? block : document()->lastBlock());
  const QString text = cursor.block().text();
  const int length = static_cast<int>(text.size());
  int start = std::clamp(diagnostic.column - 1, 0, length);
  int end = start;
  if (diagnostic.column > 0) {
    // Underline the token at the column; if there is none, the rest of the line.
    while (end < length && !text[end].isSpace()) ++end;
    if (end == start) end = length;
  } else {
    start = 0;
    end = length;
  }
  if (start == end && start > 0) --start;  // keep a visible mark at the end of a line
  cursor.setPosition(cursor.block().position() + start);
  cursor.setPosition(cursor.block().position() + end, QTextCursor::KeepAnchor);
  return cursor;
}

void YamlEditor::updateExtraSelections() {
  QList<QTextEdit::ExtraSelection> selections;
  QTextEdit::ExtraSelection line;
  line.format.setBackground(palette().color(QPalette::AlternateBase));
  line.format.setProperty(QTextFormat::FullWidthSelection, true);
  line.cursor = textCursor();
  line.cursor.clearSelection();
  selections << line;
  for (const Mark& mark : marks_) {
    QTextEdit::ExtraSelection selection;
    selection.cursor = mark.cursor;
    selection.format.setUnderlineStyle(QTextCharFormat::WaveUnderline);
    selection.format.setUnderlineColor(severityColour(mark.diagnostic.isError));
    selection.format.setToolTip(mark.diagnostic.message);
    selections << selection;
  }
  setExtraSelections(selections);
}

void YamlEditor::goToLine(int line, int column) {
  const QTextBlock block = document()->findBlockByNumber(std::max(line, 1) - 1);
  if (!block.isValid()) return;
  QTextCursor cursor(block);
  cursor.setPosition(block.position() + std::clamp(column - 1, 0, block.length() - 1));
  setTextCursor(cursor);
  centerCursor();
  setFocus();
}

int YamlEditor::gutterWidth() const {
  const int digits = static_cast<int>(QString::number(std::max(1, blockCount())).size());
  const int marker = fontMetrics().height() / 2 + 6;  // room for the diagnostic dot
  return 8 + marker + fontMetrics().horizontalAdvance(QLatin1Char('9')) * std::max(digits, 2);
}

void YamlEditor::updateGutterGeometry() {
  setViewportMargins(gutterWidth(), 0, 0, 0);
  const QRect r = contentsRect();
  gutter_->setGeometry(r.left(), r.top(), gutterWidth(), r.height());
}

void YamlEditor::resizeEvent(QResizeEvent* event) {
  QPlainTextEdit::resizeEvent(event);
  updateGutterGeometry();
}

int YamlEditor::lineAtGutterY(int y) const {
  for (QTextBlock block = firstVisibleBlock(); block.isValid(); block = block.next()) {
    const QRectF box = blockBoundingGeometry(block).translated(contentOffset());
    if (box.top() > y) break;
    if (y < box.bottom()) return block.blockNumber() + 1;
  }
  return 0;
}

QString YamlEditor::diagnosticTextAtLine(int line) const {
  QStringList messages;
  for (const Mark& mark : marks_)
    if (mark.cursor.block().blockNumber() + 1 == line) messages << mark.diagnostic.message;
  return messages.join('\n');
}

void YamlEditor::paintGutter(QPaintEvent* event) {
  QPainter painter(gutter_);
  painter.fillRect(event->rect(), palette().color(QPalette::Window));
  painter.setRenderHint(QPainter::Antialiasing);
  // Worst severity per visible line (errors over warnings).
  QHash<int, bool> worst;
  for (const Mark& mark : marks_) {
    const int n = mark.cursor.block().blockNumber();
    worst[n] = worst.value(n, false) || mark.diagnostic.isError;
  }
  const int current = textCursor().blockNumber();
  const int h = fontMetrics().height();
  for (QTextBlock block = firstVisibleBlock(); block.isValid(); block = block.next()) {
    const QRectF box = blockBoundingGeometry(block).translated(contentOffset());
    if (box.top() > event->rect().bottom()) break;
    if (!block.isVisible() || box.bottom() < event->rect().top()) continue;
    const int n = block.blockNumber();
    if (const auto it = worst.constFind(n); it != worst.constEnd()) {
      painter.setPen(Qt::NoPen);
      painter.setBrush(severityColour(*it));
      painter.drawEllipse(QRectF(4, box.top() + h / 4.0, h / 2.0, h / 2.0));
    }
    painter.setPen(palette().color(n == current ? QPalette::WindowText : QPalette::PlaceholderText));
    painter.drawText(QRectF(0, box.top(), gutter_->width() - 4, h), Qt::AlignRight, QString::number(n + 1));
  }
}

bool YamlEditor::viewportEvent(QEvent* event) {
  if (event->type() == QEvent::ToolTip) {
    // Hovering an underlined place shows its message.
    auto* help = static_cast<QHelpEvent*>(event);
    const int position = cursorForPosition(help->pos()).position();
    QStringList messages;
    for (const Mark& mark : marks_)
      if (position >= mark.cursor.selectionStart() && position <= mark.cursor.selectionEnd())
        messages << mark.diagnostic.message;
    if (messages.isEmpty())
      QToolTip::hideText();
    else
      QToolTip::showText(help->globalPos(), messages.join('\n'), viewport());
    return true;
  }
  return QPlainTextEdit::viewportEvent(event);
}

bool YamlEditor::canInsertFromMimeData(const QMimeData* source) const {
  return !droppedLocalFiles(source).isEmpty() || QPlainTextEdit::canInsertFromMimeData(source);
}

void YamlEditor::insertFromMimeData(const QMimeData* source) {
  if (const QStringList files = droppedLocalFiles(source); !files.isEmpty())
    emit filesDropped(files);
  else
    QPlainTextEdit::insertFromMimeData(source);
}

}  // namespace af::ui
