// The Ski slope page: the front of a resource-usage run as least energy (or parent traffic)
// against one memory's usage, fused and unfused overlaid.
#include <QObject>

#include "controller/project_controller.h"
#include "pages/explorer_pages.h"
#include "pages/page_context.h"
#include "pages/page_ids.h"
#include "skislope/ski_slope_runs.h"
#include "skislope/ski_slope_view.h"

namespace af::ui::pages {

Page skiSlope() {
  return {
      .id = page_ids::kSkiSlope,
      .title = QObject::tr("Ski slope"),
      .views = {{"skislope",
                 QObject::tr(
                     "least energy or parent traffic against a memory's usage (resource_usage runs)")}},
      .build =
          [](PageContext& c) {
            auto* view = new SkiSlopeView(c.window());
            // The runs belong to the page: they follow the controller's runs while it exists.
            auto* runs = new SkiSlopeRuns(c.controller(), view);
            runs->setObjectName("skiSlopeRuns");
            QObject::connect(runs, &SkiSlopeRuns::changed, view,
                             [view, runs] { view->setRuns(runs->runs(), runs->stale()); });
            QObject::connect(runs, &SkiSlopeRuns::statusChanged, view, &SkiSlopeView::setStatus);
            QObject::connect(view, &SkiSlopeView::mapRequested, runs, &SkiSlopeRuns::mapFusedAndUnfused);
            QObject::connect(view, &SkiSlopeView::stepClicked, runs, [runs](bool unfused, int row) {
              runs->openMapping(unfused, static_cast<std::size_t>(row));
            });
            return view;
          },
      .connect =
          [](PageContext& c, QWidget* page) {
            auto* runs = page->findChild<SkiSlopeRuns*>("skiSlopeRuns");
            QObject::connect(runs, &SkiSlopeRuns::message, c.window(),
                             [tell = c.tell](const QString& text) { tell(text, 8000); });
          },
      .settling =
          [](QWidget* page) {
            const auto* runs = page->findChild<SkiSlopeRuns*>("skiSlopeRuns");
            return runs && runs->busy();
          },
  };
}

}  // namespace af::ui::pages
