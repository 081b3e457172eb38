#pragma once
// The drawn architecture and workload follow the controller's published spec: a fresh spec
// redraws them, a stale one (the files have errors) keeps the last drawing, a cleared one
// empties them. The views themselves know nothing of the controller (af_ui_views sits below
// it); these connect them, for the window and for any view made later.
namespace af::ui {

class ArchitectureView;
class ProjectController;
class WorkloadView;

void followSpec(const ProjectController* controller, ArchitectureView* view);
void followSpec(const ProjectController* controller, WorkloadView* view);

}  // namespace af::ui
