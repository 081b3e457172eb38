#pragma once
// The Help menu: Quick Guide, Keyboard Shortcuts (read from the window's menus), Open the
// Examples Folder (where the bundled examples are copied for editing) and About.
#include <QObject>
#include <QPointer>
#include <functional>

class QAction;
class QMainWindow;
class QMenu;
class QUrl;

namespace af::ui {

class QuickGuide;
class ShortcutsDialog;

class HelpActions : public QObject {
  Q_OBJECT
 public:
  // `examplesFolder` names the folder examples are copied to (it is created when opened).
  HelpActions(QMainWindow* window, std::function<QString()> examplesFolder);

  [[nodiscard]] QMenu* menu() const { return menu_; }
  // Opens a folder or link; QDesktopServices unless tests replace it.
  void setOpenUrl(std::function<bool(const QUrl&)> openUrl);

  QuickGuide* showQuickGuide();
  ShortcutsDialog* showShortcuts();
  bool openExamplesFolder();

 private:
  QMainWindow* window_;
  std::function<QString()> examplesFolder_;
  std::function<bool(const QUrl&)> openUrl_;
  QMenu* menu_;
  QPointer<QuickGuide> guide_;
  QPointer<ShortcutsDialog> shortcuts_;
};

}  // namespace af::ui
