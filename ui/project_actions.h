#pragma once
// The project flows of the File and Examples menus. Open…, Open Recent and an example replace
// the project; Close All empties it; Revert puts the bundled files back over an example's copy;
// after a crash the whole file set of the lost session comes back. Each asks before unsaved
// edits would be lost (save, discard or cancel), through ProjectPrompts that tests replace.
#include <QList>
#include <QObject>
#include <functional>

#include "editors/file_error.h"
#include "project_prompts.h"
#include "workspace/project_file.h"

class QAction;
class QActionGroup;
class QMenu;
class QWidget;

namespace af::ui {

class EditorTabs;
class ProjectController;

class ProjectActions : public QObject {
  Q_OBJECT
 public:
  ProjectActions(ProjectController* controller, EditorTabs* tabs, QWidget* window);

  // Members left empty keep the default dialogs.
  void setPrompts(ProjectPrompts prompts);

  [[nodiscard]] QAction* openAction() const { return open_; }
  [[nodiscard]] QAction* closeAllAction() const { return closeAll_; }
  [[nodiscard]] QAction* saveProjectAction() const { return saveProject_; }
  [[nodiscard]] QAction* revertExampleAction() const { return revert_; }
  [[nodiscard]] QMenu* recentMenu() const { return recent_; }
  [[nodiscard]] QMenu* examplesMenu() const { return examples_; }

  // Each returns false when the user cancelled: the project is then unchanged.
  // One `.afproj` path opens that project file; anything else, the spec files themselves.
  bool openProject(const QStringList& paths);
  // Asks where, then writes the project file. False when cancelled or not written.
  bool saveProjectAs();
  bool openExample(const QString& name);
  bool revertExample();
  bool closeAll();
  // Asks about unsaved edits before `action` drops them; saves them if asked. True: go on.
  bool confirmDiscard(const QString& action);
  // Offers each project a crashed session left (newest first); restores at most one, the others
  // wait for the next start unless discarded.
  void offerRestore();

 signals:
  void projectReplaced();
  void message(const QString& text);  // for the status bar

 private:
  void rebuildRecentMenu();
  void updateExamples();
  void report(const QString& title, const QList<FileError>& errors);

  ProjectController* controller_;
  EditorTabs* tabs_;
  QWidget* window_;
  ProjectPrompts prompts_;
  QAction* open_;
  QAction* closeAll_;
  QAction* saveProject_;
  QAction* revert_;
  QMenu* recent_;
  QMenu* examples_;
  QActionGroup* exampleGroup_;
};

// "two_level_matmul (arch.yaml, workload.yaml, mapping.yaml)": the folder that tells the
// project apart from `others`, and its files.
[[nodiscard]] QString recentProjectLabel(const QStringList& project, const QList<QStringList>& others);

// What the crash-restore question says about the project: "Project in /path/two_level_matmul:
// arch.yaml, workload.yaml, mapping.yaml".
[[nodiscard]] QString restoredProjectText(const AutosaveProject& project);

}  // namespace af::ui
