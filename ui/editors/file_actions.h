#pragma once
// The File menu's document actions (Open…, Open Recent, Save, Save As…, Close), built over an
// EditorTabs. The window places actions() in its menu and toolbar; every way of opening
// (menu, recent, drop, command line) goes through openPaths().
#include <QList>
#include <QObject>

#include "editors/file_error.h"

class QAction;
class QMenu;

namespace af::ui {

class EditorTabs;

class FileActions : public QObject {
  Q_OBJECT
 public:
  explicit FileActions(EditorTabs* tabs, QObject* parent = nullptr);

  [[nodiscard]] QAction* openAction() const { return open_; }
  [[nodiscard]] QMenu* recentMenu() const { return recent_; }
  [[nodiscard]] QAction* saveAction() const { return save_; }
  [[nodiscard]] QAction* saveAsAction() const { return saveAs_; }
  [[nodiscard]] QAction* closeAction() const { return close_; }
  // In menu order, with separators: Open…, Open Recent ▸, —, Save, Save As…, —, Close.
  [[nodiscard]] QList<QAction*> actions() const;

 public slots:
  // Opens the files into the tabs' DocumentSet; failures are returned and signalled.
  QList<af::ui::FileError> openPaths(const QStringList& paths);

 signals:
  void opened(const QStringList& paths);  // at least one file opened
  void openFailed(const QList<af::ui::FileError>& errors);

 private:
  void rebuildRecentMenu();
  void updateEnabled();
  QAction* separator();

  EditorTabs* tabs_;
  QAction* open_;
  QMenu* recent_;
  QAction* save_;
  QAction* saveAs_;
  QAction* close_;
  QList<QAction*> separators_;
};

}  // namespace af::ui
