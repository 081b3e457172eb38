#pragma once
// The Inspector dock: the editable mapping tree and the loop nest of the project's mapping
// file, or an empty state while there is none. It follows the controller itself: the
// published spec gives the tree its workload, architecture and reserved tiles (kept while the
// files have errors); every load gives it the mapping file's own section (shown even when
// another file is broken) and marks the nodes that errors point at; a closed project empties
// it. Tree edits go back into the mapping document as one undoable edit each.
#include <QStackedWidget>

#include "controller/freshness.h"
#include "controller/project_result.h"

class QLabel;

namespace af::ui {

class LoopNestView;
class MappingSync;
class MappingTreeModel;
class MappingTreeView;
class ProjectController;

class InspectorDock : public QStackedWidget {
  Q_OBJECT
 public:
  explicit InspectorDock(ProjectController* controller, QWidget* parent = nullptr);

  [[nodiscard]] MappingTreeModel* mappingModel() const { return model_; }
  [[nodiscard]] MappingSync* mappingSync() const { return sync_; }
  [[nodiscard]] MappingTreeView* tree() const { return tree_; }
  [[nodiscard]] LoopNestView* loopNest() const { return loopNest_; }

 signals:
  void message(const QString& text);  // for the status bar (a refused tree edit)

 private:
  void showSpec(const ProjectResultPtr& result, Freshness freshness);
  void showSection(const ProjectResultPtr& result);
  void clear();
  void updateState();

  ProjectController* controller_;
  MappingTreeModel* model_;
  MappingSync* sync_;
  QLabel* empty_;
  MappingTreeView* tree_ = nullptr;
  LoopNestView* loopNest_ = nullptr;
};

}  // namespace af::ui
