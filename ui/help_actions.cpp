#include "help_actions.h"

#include <QAction>
#include <QApplication>
#include <QDesktopServices>
#include <QDir>
#include <QMainWindow>
#include <QMenu>
#include <QMenuBar>
#include <QMessageBox>
#include <QUrl>

#include "quick_guide.h"
#include "shortcuts_dialog.h"

namespace af::ui {

namespace {

template <typename Dialog>
Dialog* raise(Dialog* dialog) {
  dialog->show();
  dialog->raise();
  dialog->activateWindow();
  return dialog;
}

}  // namespace

HelpActions::HelpActions(QMainWindow* window, std::function<QString()> examplesFolder)
    : QObject(window),
      window_(window),
      examplesFolder_(std::move(examplesFolder)),
      menu_(new QMenu(tr("&Help"), window)) {
  menu_->setObjectName("helpMenu");
  setOpenUrl({});
  auto* guide = menu_->addAction(tr("&Quick Guide"), this, &HelpActions::showQuickGuide);
  guide->setObjectName("quickGuideAction");
  guide->setShortcut(QKeySequence::HelpContents);
  auto* keys = menu_->addAction(tr("&Keyboard Shortcuts"), this, &HelpActions::showShortcuts);
  keys->setObjectName("shortcutsAction");
  keys->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_Slash));
  auto* folder = menu_->addAction(tr("Open the &Examples Folder"), this, &HelpActions::openExamplesFolder);
  folder->setObjectName("examplesFolderAction");
  folder->setStatusTip(tr("Show the folder your copies of the bundled examples are kept in"));
  menu_->addSeparator();
  menu_->addAction(tr("&About"), this, [this] {
    QMessageBox::about(window_, tr("About AccelForge Explorer"),
                       tr("AccelForge Explorer %1\nExplore tensor-algebra accelerators: edit specs and "
                          "mappings, see every buffer's accesses.")
                           .arg(QApplication::applicationVersion()));
  });
}

void HelpActions::setOpenUrl(std::function<bool(const QUrl&)> openUrl) {
  openUrl_ = openUrl ? std::move(openUrl) : [](const QUrl& url) { return QDesktopServices::openUrl(url); };
}

QuickGuide* HelpActions::showQuickGuide() {
  if (!guide_) guide_ = new QuickGuide(window_);
  return raise(guide_.data());
}

ShortcutsDialog* HelpActions::showShortcuts() {
  // Built on demand, so it lists the menus as they are.
  if (!shortcuts_) shortcuts_ = new ShortcutsDialog(window_->menuBar(), window_);
  return raise(shortcuts_.data());
}

bool HelpActions::openExamplesFolder() {
  const QString folder = examplesFolder_();
  QDir().mkpath(folder);
  return openUrl_(QUrl::fromLocalFile(folder));
}

}  // namespace af::ui
