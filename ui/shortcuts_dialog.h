#pragma once
// Help > Keyboard Shortcuts: every menu action that has a key, read from the menus themselves
// (so the page never goes stale), and the keys the editors and the find bar handle on their own.
// Not modal: it can stay open beside the window.
#include <QDialog>
#include <QList>
#include <QPair>

class QMenuBar;
class QTableWidget;

namespace af::ui {

class ShortcutsDialog : public QDialog {
  Q_OBJECT
 public:
  explicit ShortcutsDialog(const QMenuBar* menus, QWidget* parent = nullptr);

  // (what, keys) in menu order, then the editors' own keys; keys in the platform's notation.
  [[nodiscard]] static QList<QPair<QString, QString>> rows(const QMenuBar* menus);
  [[nodiscard]] QTableWidget* table() const { return table_; }

 private:
  QTableWidget* table_;
};

}  // namespace af::ui
