#pragma once
// Fills the Diagnostics dock and the editors' error marks from the controller: every load's
// errors and warnings, plus the files that did not open; a closed project empties both.
// (DiagnosticsModel and the editors sit below the controller, in af_ui_editors.)
#include <QObject>

namespace af::ui {

class DiagnosticsModel;
class EditorTabs;
class ProjectController;
struct ProjectResult;

class DiagnosticsFeed : public QObject {
  Q_OBJECT
 public:
  DiagnosticsFeed(const ProjectController* controller, DiagnosticsModel* model, EditorTabs* editors);

 private:
  void show(const ProjectResult* result);

  const ProjectController* controller_;
  DiagnosticsModel* model_;
  EditorTabs* editors_;
};

}  // namespace af::ui
