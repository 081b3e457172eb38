#include "editors/line_number_gutter.h"

#include <QHelpEvent>
#include <QMouseEvent>
#include <QToolTip>

#include "editors/yaml_editor.h"

namespace af::ui {

LineNumberGutter::LineNumberGutter(YamlEditor* editor) : QWidget(editor), editor_(editor) {
  setObjectName("lineNumberGutter");
  setMouseTracking(true);
}

QSize LineNumberGutter::sizeHint() const { return {editor_->gutterWidth(), 0}; }

void LineNumberGutter::paintEvent(QPaintEvent* event) { editor_->paintGutter(event); }

bool LineNumberGutter::event(QEvent* event) {
  if (event->type() == QEvent::ToolTip) {
    auto* help = static_cast<QHelpEvent*>(event);
    const QString text = editor_->diagnosticTextAtLine(editor_->lineAtGutterY(help->pos().y()));
    if (text.isEmpty())
      QToolTip::hideText();
    else
      QToolTip::showText(help->globalPos(), text, this);
    return true;
  }
  return QWidget::event(event);
}

void LineNumberGutter::mousePressEvent(QMouseEvent* event) {
  // Clicking a line number puts the caret on that line.
  if (const int line = editor_->lineAtGutterY(event->position().toPoint().y()); line > 0)
    editor_->goToLine(line);
}

}  // namespace af::ui
