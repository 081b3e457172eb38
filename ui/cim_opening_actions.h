#pragma once
// File › Compute-in-Memory: the nodes AccelForge's compute-in-memory loader may put on top of
// an arch (its _load_spec.py's add_dummy_main_memory and macro count; the CLI's
// --cim-main-memory and --cim-macros), so that a CiM arch opened alone maps as its notebooks
// map it. Kept in the project file (`cim:`); each change re-validates.
#include <QObject>

class QAction;
class QMenu;
class QWidget;

namespace af::ui {

class ProjectController;

class CimOpeningActions : public QObject {
  Q_OBJECT
 public:
  CimOpeningActions(ProjectController* controller, QWidget* window);

  [[nodiscard]] QMenu* menu() const { return menu_; }
  [[nodiscard]] QAction* mainMemoryAction() const { return mainMemory_; }
  [[nodiscard]] QAction* macrosAction() const { return macros_; }

  // Each sets the controller's opening and re-validates (nothing when it is already so).
  void setMainMemory(bool on);
  void setMacros(int macros);

 private:
  void askMacros();
  void sync();  // the actions show the controller's opening (a project file may set it)

  ProjectController* controller_;
  QWidget* window_;
  QMenu* menu_;
  QAction* mainMemory_;
  QAction* macros_;
};

}  // namespace af::ui
