#include "editors/find_bar.h"

#include <QApplication>
#include <QCheckBox>
#include <QHBoxLayout>
#include <QKeyEvent>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QToolButton>

namespace af::ui {

FindBar::FindBar(QWidget* parent)
    : QWidget(parent),
      field_(new QLineEdit(this)),
      matchCase_(new QCheckBox(tr("Match case"), this)),
      status_(new QLabel(this)) {
  setObjectName("findBar");
  field_->setObjectName("findField");
  field_->setPlaceholderText(tr("Find in the current file"));
  field_->setClearButtonEnabled(true);
  auto* previous = new QToolButton(this);
  previous->setText(tr("Previous"));
  previous->setToolTip(tr("Previous match (Shift+Enter, Shift+F3)"));
  auto* next = new QToolButton(this);
  next->setText(tr("Next"));
  next->setToolTip(tr("Next match (Enter, F3)"));
  auto* close = new QToolButton(this);
  close->setText(QStringLiteral("✕"));
  close->setToolTip(tr("Close (Escape)"));
  close->setAutoRaise(true);

  auto* layout = new QHBoxLayout(this);
  layout->setContentsMargins(4, 2, 4, 2);
  layout->addWidget(new QLabel(tr("Find:"), this));
  layout->addWidget(field_, 1);
  layout->addWidget(previous);
  layout->addWidget(next);
  layout->addWidget(matchCase_);
  layout->addWidget(status_);
  layout->addWidget(close);

  connect(field_, &QLineEdit::returnPressed, this, [this] {
    if (QApplication::keyboardModifiers() & Qt::ShiftModifier)
      findPrevious();
    else
      findNext();
  });
  // Typing searches from where the match started, so the match grows in place.
  connect(field_, &QLineEdit::textEdited, this, [this] {
    if (editor_) {
      QTextCursor cursor = editor_->textCursor();
      cursor.setPosition(cursor.selectionStart());
      editor_->setTextCursor(cursor);
    }
    if (field_->text().isEmpty())
      showFound(true);
    else
      findNext();
  });
  connect(previous, &QToolButton::clicked, this, &FindBar::findPrevious);
  connect(next, &QToolButton::clicked, this, &FindBar::findNext);
  connect(close, &QToolButton::clicked, this, &FindBar::dismiss);
  field_->installEventFilter(this);
  hide();
}

void FindBar::setEditor(QPlainTextEdit* editor) { editor_ = editor; }

void FindBar::activate() {
  if (editor_ && editor_->textCursor().hasSelection()) {
    const QString selected = editor_->textCursor().selectedText();
    if (!selected.contains(QChar::ParagraphSeparator)) field_->setText(selected);
  }
  show();
  field_->setFocus();
  field_->selectAll();
}

bool FindBar::findNext() { return find({}); }

bool FindBar::findPrevious() { return find(QTextDocument::FindBackward); }

bool FindBar::find(QTextDocument::FindFlags flags) {
  if (!editor_ || field_->text().isEmpty()) return false;
  if (matchCase_->isChecked()) flags |= QTextDocument::FindCaseSensitively;
  bool found = editor_->find(field_->text(), flags);
  if (!found) {
    // Wrap around: start again from the other end.
    const QTextCursor before = editor_->textCursor();
    QTextCursor cursor = before;
    cursor.movePosition(flags & QTextDocument::FindBackward ? QTextCursor::End : QTextCursor::Start);
    editor_->setTextCursor(cursor);
    found = editor_->find(field_->text(), flags);
    if (!found) editor_->setTextCursor(before);
  }
  showFound(found);
  return found;
}

void FindBar::showFound(bool found) {
  found_ = found;
  field_->setStyleSheet(found ? QString() : QStringLiteral("QLineEdit { background: #fde7e2; }"));
  status_->setText(found ? QString() : tr("No match"));
}

void FindBar::dismiss() {
  hide();
  if (editor_) editor_->setFocus();
}

bool FindBar::eventFilter(QObject* watched, QEvent* event) {
  if (watched == field_ && (event->type() == QEvent::ShortcutOverride || event->type() == QEvent::KeyPress) &&
      static_cast<QKeyEvent*>(event)->key() == Qt::Key_Escape) {
    event->accept();
    if (event->type() == QEvent::KeyPress) dismiss();
    return event->type() == QEvent::KeyPress;
  }
  return QWidget::eventFilter(watched, event);
}

}  // namespace af::ui
