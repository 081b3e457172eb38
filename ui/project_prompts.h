#pragma once
// The questions the project flows ask (switching projects, reverting an example, restoring
// after a crash). MainWindow fills in message boxes and file dialogs; tests replace each one,
// so no test ever waits on a modal dialog.
#include <QString>
#include <QStringList>
#include <functional>

#include "editors/autosave_store.h"
#include "editors/editor_tabs.h"

namespace af::ui {

enum class RestoreChoice { Restore, Discard, Later };

struct ProjectPrompts {
  // Unsaved edits in these files would be lost by `action` ("Open the example attention block").
  std::function<CloseChoice(const QStringList& files, const QString& action)> askUnsaved;
  // The example's copy was edited (saved or not): overwrite it with the bundled files?
  std::function<bool(const QString& example)> askRevert;
  // A session that ended without a clean close left this project's unsaved edits.
  std::function<RestoreChoice(const AutosaveProject& project)> askRestore;
  // The files of a project to open (a file dialog); empty: cancelled.
  std::function<QStringList()> askOpenPaths;
  // Where to save the project file (a file dialog); empty: cancelled.
  std::function<QString()> askProjectFilePath;
  // Files that could not be opened or written.
  std::function<void(const QString& title, const QStringList& problems)> showProblems;
};

}  // namespace af::ui
