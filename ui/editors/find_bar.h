#pragma once
// Find in the current editor: a one-line bar under the editor tabs (Ctrl+F shows it, Enter and
// F3 find the next match, Shift+Enter and Shift+F3 the previous one, wrapping around; Escape
// hides it and returns to the text). The field turns red when nothing matches.
#include <QPointer>
#include <QTextDocument>
#include <QWidget>

class QCheckBox;
class QLabel;
class QLineEdit;
class QPlainTextEdit;

namespace af::ui {

class FindBar : public QWidget {
  Q_OBJECT
 public:
  explicit FindBar(QWidget* parent = nullptr);

  // The editor searched; null: nothing to search.
  void setEditor(QPlainTextEdit* editor);
  [[nodiscard]] QLineEdit* field() const { return field_; }
  [[nodiscard]] bool lastFound() const { return found_; }

 public slots:
  // Shows the bar with the editor's selection (if any) as the text, and focuses it.
  void activate();
  bool findNext();
  bool findPrevious();

 protected:
  // Escape in the field closes the bar, before any window shortcut on Escape sees it.
  bool eventFilter(QObject* watched, QEvent* event) override;

 private:
  bool find(QTextDocument::FindFlags flags);
  void showFound(bool found);
  void dismiss();

  QPointer<QPlainTextEdit> editor_;
  QLineEdit* field_;
  QCheckBox* matchCase_;
  QLabel* status_;
  bool found_ = true;
};

}  // namespace af::ui
