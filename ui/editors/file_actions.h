#pragma once
// The File menu's document actions (Add Files…, Save, Save As…, Close), built over an
// EditorTabs. The window places actions() in its menu and toolbar; every way of adding a file
// to the project (this menu, a drop) goes through openPaths(). Replacing the project (Open…,
// Open Recent, Close All) is the window's: it asks about unsaved edits first.
#include <QList>
#include <QObject>
#include <functional>

#include "editors/file_error.h"

class QAction;

namespace af::ui {

class EditorTabs;

class FileActions : public QObject {
  Q_OBJECT
 public:
  explicit FileActions(EditorTabs* tabs, QObject* parent = nullptr);

  [[nodiscard]] QAction* addFilesAction() const { return addFiles_; }
  [[nodiscard]] QAction* saveAction() const { return save_; }
  [[nodiscard]] QAction* saveAsAction() const { return saveAs_; }
  [[nodiscard]] QAction* closeAction() const { return close_; }
  // In menu order, with separators: Add Files…, —, Save, Save As…, —, Close.
  [[nodiscard]] QList<QAction*> actions() const;
  // The file dialog of Add Files… (tests replace it); empty: cancelled.
  void setAskPaths(std::function<QStringList()> askPaths);

 public slots:
  // Adds the files to the tabs' DocumentSet; failures are returned and signalled.
  QList<af::ui::FileError> openPaths(const QStringList& paths);

 signals:
  void opened(const QStringList& paths);  // at least one file opened
  void openFailed(const QList<af::ui::FileError>& errors);

 private:
  void updateEnabled();
  QAction* separator();

  EditorTabs* tabs_;
  QAction* addFiles_;
  QAction* save_;
  QAction* saveAs_;
  QAction* close_;
  QList<QAction*> separators_;
  std::function<QStringList()> askPaths_;
};

}  // namespace af::ui
