#include "views/diagram_scene.h"

#include <QAbstractGraphicsShapeItem>
#include <QGraphicsSceneMouseEvent>
#include <algorithm>

namespace af::ui {

void DiagramScene::tag(QGraphicsItem* item, const QString& name, const char* kind) {
  item->setData(kItemName, name);
  item->setData(kItemKind, QString::fromLatin1(kind));
}

void DiagramScene::addHighlightable(QAbstractGraphicsShapeItem* item, const QString& name) {
  highlightables_.insert(name, Entry{item, item->pen(), item->zValue()});
}

void DiagramScene::highlight(const QString& name) {
  for (auto it = highlightables_.constFind(highlighted_);
       it != highlightables_.cend() && it.key() == highlighted_; ++it) {
    it->item->setPen(it->pen);
    it->item->setZValue(it->z);
  }
  highlighted_ = highlightables_.contains(name) ? name : QString();
  for (auto it = highlightables_.constFind(highlighted_);
       it != highlightables_.cend() && it.key() == highlighted_; ++it) {
    QPen pen = it->pen;
    pen.setColor(accentColor());
    pen.setWidthF(std::max(3.0, it->pen.widthF() * 2));
    pen.setStyle(Qt::SolidLine);
    it->item->setPen(pen);
    it->item->setZValue(it->z + 100);  // above neighbours so the outline is not hidden
  }
}

void DiagramScene::reset() {
  highlightables_.clear();
  highlighted_.clear();
  clear();
}

QGraphicsItem* DiagramScene::findItem(const QString& name, const char* kind) const {
  const QString k = QString::fromLatin1(kind);
  for (QGraphicsItem* item : items())
    if (item->data(kItemName).toString() == name && item->data(kItemKind).toString() == k) return item;
  return nullptr;
}

void DiagramScene::mousePressEvent(QGraphicsSceneMouseEvent* event) {
  QGraphicsScene::mousePressEvent(event);
  if (event->button() != Qt::LeftButton) return;
  // Children (texts) carry no tag: walk up to the first tagged ancestor.
  for (QGraphicsItem* item = itemAt(event->scenePos(), QTransform()); item; item = item->parentItem()) {
    if (const QString name = item->data(kItemName).toString(); !name.isEmpty()) {
      emit itemClicked(name, item->data(kItemKind).toString());
      return;
    }
  }
}

}  // namespace af::ui
