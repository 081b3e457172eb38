#include "views/workload_view.h"

#include <QVBoxLayout>

#include "plots/figure_export.h"
#include "spec/workload.h"
#include "views/diagram_scene.h"
#include "views/diagram_view.h"
#include "views/workload_scene.h"

namespace af::ui {

WorkloadView::WorkloadView(QWidget* parent)
    : QWidget(parent), scene_(new DiagramScene(this)), view_(new DiagramView(scene_, this)) {
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(0, 0, 0, 0);
  layout->addWidget(view_);
  view_->setEmptyText(tr("No workload yet.\nOpen a workload, or pick an example."));
  view_->setExportTitle(tr("Workload"));
  // The whole graph fits the view (issue 13); the user zooms in with the wheel for detail.
  connect(scene_, &DiagramScene::itemClicked, this, [this](const QString& name, const QString& kind) {
    if (kind == QLatin1String(kKindTensor) || kind == QLatin1String(kKindEdge)) emit tensorClicked(name);
    if (kind == QLatin1String(kKindEinsum)) emit einsumClicked(name);
  });
}

void WorkloadView::setWorkload(const spec::Workload& workload) {
  const QString keep = scene_->highlighted();
  if (!palette_) {
    QStringList tensors;
    for (const auto& t : workload.tensor_names()) tensors << QString::fromStdString(t);
    ownPalette_.assign(tensors);
  }
  drawWorkloadGraph(*scene_, workload, tensorPalette());
  scene_->highlight(keep);
  view_->contentChanged();
}

void WorkloadView::setTensorPalette(const TensorPalette* palette) { palette_ = palette; }

void WorkloadView::clear() {
  scene_->reset();
  view_->zoomToFit();
}

bool WorkloadView::exportTo(const QString& path, QString* error) {
  return exportFigure(sceneFigure(*scene_, view_->exportTitle()), path, error);
}

void WorkloadView::highlightTensor(const QString& name) { highlight(name, kKindTensor); }
void WorkloadView::highlightEinsum(const QString& name) { highlight(name, kKindEinsum); }

void WorkloadView::highlight(const QString& name, const char* kind) {
  QGraphicsItem* item = scene_->findItem(name, kind);
  scene_->highlight(item ? name : QString());
  if (item) view_->ensureVisible(item);
}

void WorkloadView::zoomToFit() { view_->zoomToFit(); }

}  // namespace af::ui
