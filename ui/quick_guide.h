#pragma once
// Help > Quick Guide: one page on how the explorer is used (a spec is three files, the views,
// editing the mapping, the mapper, restoring work). Not modal: it can stay open beside the window.
#include <QDialog>

class QTextBrowser;

namespace af::ui {

class QuickGuide : public QDialog {
  Q_OBJECT
 public:
  explicit QuickGuide(QWidget* parent = nullptr);

  [[nodiscard]] static QString html();
  [[nodiscard]] QTextBrowser* browser() const { return browser_; }

 private:
  QTextBrowser* browser_;
};

}  // namespace af::ui
