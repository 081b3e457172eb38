#pragma once
// The Project dock: the spec's files in merge order and the Jinja variables they read. It
// follows the controller itself. The variables table shows exactly the values the engine
// renders with (the controller's `--set` values with the typed ones over them), so a value on
// screen is always one in use; a typed value goes to the controller, which re-validates.
#include <QSplitter>

class QListWidget;

namespace af::ui {

class ProjectController;
class VariablesPane;

class ProjectDock : public QSplitter {
  Q_OBJECT
 public:
  explicit ProjectDock(ProjectController* controller, QWidget* parent = nullptr);

  [[nodiscard]] QListWidget* files() const { return files_; }
  [[nodiscard]] VariablesPane* variables() const { return variables_; }

 private:
  void showFiles();
  void showVariables();

  ProjectController* controller_;
  QListWidget* files_;
  VariablesPane* variables_;
  bool showingVariables_ = false;  // values written by showVariables, not typed by the user
};

}  // namespace af::ui
