#include "views/diagram_view.h"

#include <QContextMenuEvent>
#include <QMenu>
#include <QPainter>
#include <QWheelEvent>
#include <algorithm>
#include <cmath>

#include "plots/figure_export.h"

namespace af::ui {

namespace {
constexpr double kMinZoom = 0.02;
constexpr double kMaxZoom = 8.0;
constexpr double kMargin = 16.0;  // scene units kept around the diagram when fitting
}  // namespace

DiagramView::DiagramView(QGraphicsScene* scene, QWidget* parent) : QGraphicsView(scene, parent) {
  setRenderHints(QPainter::Antialiasing | QPainter::TextAntialiasing | QPainter::SmoothPixmapTransform);
  setDragMode(QGraphicsView::ScrollHandDrag);
  setTransformationAnchor(QGraphicsView::AnchorUnderMouse);
  setResizeAnchor(QGraphicsView::AnchorViewCenter);
  setViewportUpdateMode(QGraphicsView::BoundingRectViewportUpdate);
  setBackgroundBrush(Qt::white);
  // Owners call zoomToFit() after redrawing; refitting on every scene change would undo the
  // scroll that ensureVisible() does for a highlight.
}

void DiagramView::setEmptyText(const QString& text) {
  emptyText_ = text;
  viewport()->update();
}

void DiagramView::zoomToFit() {
  if (!scene()) return;
  const QRectF bounds = scene()->itemsBoundingRect().adjusted(-kMargin, -kMargin, kMargin, kMargin);
  if (scene()->items().isEmpty() || bounds.isEmpty()) {
    resetTransform();
    return;
  }
  setSceneRect(bounds);
  const QRectF view = viewport()->rect();
  const double fit = std::min(view.width() / bounds.width(), view.height() / bounds.height());
  const double scale = std::clamp(fit, std::min(minFitZoom_, 1.0), 1.0);
  setTransform(QTransform::fromScale(scale, scale));
  if (fit >= scale)
    centerOn(bounds.center());
  else  // does not fit: show the start of the flow (top left), vertically centred if it fits
    centerOn(bounds.left() + view.width() / scale / 2, bounds.height() * scale <= view.height()
                                                           ? bounds.center().y()
                                                           : bounds.top() + view.height() / scale / 2);
  autoFit_ = true;
}

void DiagramView::zoomBy(double factor) {
  const double target = std::clamp(zoom() * factor, kMinZoom, kMaxZoom);
  scale(target / zoom(), target / zoom());
  autoFit_ = false;
}

void DiagramView::contentChanged() {
  if (autoFit_ || !scene() || scene()->items().isEmpty()) {
    zoomToFit();
    return;
  }
  setSceneRect(scene()->itemsBoundingRect().adjusted(-kMargin, -kMargin, kMargin, kMargin));
}

void DiagramView::wheelEvent(QWheelEvent* event) {
  const double steps = event->angleDelta().y() / 120.0;
  if (steps == 0.0) return QGraphicsView::wheelEvent(event);
  zoomBy(std::pow(1.15, steps));
  event->accept();
}

void DiagramView::resizeEvent(QResizeEvent* event) {
  QGraphicsView::resizeEvent(event);
  if (autoFit_) zoomToFit();
}

void DiagramView::showEvent(QShowEvent* event) {
  QGraphicsView::showEvent(event);
  if (autoFit_) zoomToFit();  // drawn while hidden, the viewport size was not final
}

void DiagramView::drawForeground(QPainter* painter, const QRectF& rect) {
  QGraphicsView::drawForeground(painter, rect);
  if (!scene() || !scene()->items().isEmpty() || emptyText_.isEmpty()) return;
  // Drawn in viewport coordinates so the message does not scale with the zoom.
  painter->save();
  painter->resetTransform();
  painter->setPen(palette().color(QPalette::PlaceholderText));
  painter->drawText(viewport()->rect().adjusted(24, 24, -24, -24), Qt::AlignCenter | Qt::TextWordWrap,
                    emptyText_);
  painter->restore();
}

void DiagramView::contextMenuEvent(QContextMenuEvent* event) {
  QMenu menu(this);
  menu.addAction(tr("Zoom to fit"), this, &DiagramView::zoomToFit);
  menu.addAction(tr("Zoom in"), this, [this] { zoomBy(1.25); });
  menu.addAction(tr("Zoom out"), this, [this] { zoomBy(0.8); });
  if (scene() && !scene()->items().isEmpty()) {
    menu.addSeparator();
    addExportActions(
        menu, [this] { return sceneFigure(*scene(), exportTitle_); }, this);
  }
  menu.exec(event->globalPos());
}

}  // namespace af::ui
