// The Roofline page: the arch's roofs and each Einsum of the opened mapping against them.
#include <QObject>

#include "controller/project_controller.h"
#include "pages/explorer_pages.h"
#include "pages/page_context.h"
#include "pages/page_ids.h"
#include "roofline/roofline_view.h"
#include "views/workload_view.h"

namespace af::ui::pages {

Page roofline() {
  return {
      .id = page_ids::kRoofline,
      .title = QObject::tr("Roofline"),
      .views = {{"roofline", QObject::tr("each Einsum against the arch's compute and bandwidth roofs")}},
      .build =
          [](PageContext& c) {
            auto* view = new RooflineView(c.window());
            // The evaluation the accesses plot shows: fresh, the last good one (dimmed), or none.
            QObject::connect(c.controller(), &ProjectController::evaluationPublished, view,
                             [view](const ProjectResultPtr& result, Freshness freshness) {
                               view->setRoofline(result ? result->roofline : std::nullopt,
                                                 freshness == Freshness::Stale);
                             });
            return view;
          },
      .connect =
          [](PageContext& c, QWidget* page) {
            // A point selected here outlines its Einsum in the workload graph, and a click there
            // selects it here.
            auto* view = static_cast<RooflineView*>(page);
            if (auto* workload = qobject_cast<WorkloadView*>(c.page(page_ids::kWorkload))) {
              QObject::connect(view, &RooflineView::einsumSelected, workload, &WorkloadView::highlightEinsum);
              QObject::connect(workload, &WorkloadView::einsumClicked, view, &RooflineView::selectEinsum);
            }
            QObject::connect(view, &RooflineView::einsumSelected, c.window(),
                             [tell = c.tell, view](const QString& einsum) {
                               if (!einsum.isEmpty()) tell(view->describe(einsum), 8000);
                             });
          },
  };
}

}  // namespace af::ui::pages
