#include "docks/spec_views.h"

#include "controller/project_controller.h"
#include "views/architecture_view.h"
#include "views/workload_view.h"

namespace af::ui {

void followSpec(const ProjectController* controller, ArchitectureView* view) {
  QObject::connect(controller, &ProjectController::specPublished, view,
                   [view](const ProjectResultPtr& result, Freshness freshness) {
                     if (freshness == Freshness::Stale) return;  // the last valid drawing stays
                     const spec::ResolvedArch* arch =
                         result ? result->workspace->displayed_architecture() : nullptr;
                     if (arch)
                       view->setArch(*arch, result->workspace->priced_components());
                     else
                       view->clear();
                   });
}

void followSpec(const ProjectController* controller, WorkloadView* view) {
  view->setTensorPalette(controller->palette());
  QObject::connect(controller, &ProjectController::specPublished, view,
                   [view](const ProjectResultPtr& result, Freshness freshness) {
                     if (freshness == Freshness::Stale) return;
                     if (result)
                       view->setWorkload(result->spec()->workload.workload);
                     else
                       view->clear();
                   });
}

}  // namespace af::ui
