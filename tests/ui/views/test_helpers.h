#pragma once
// Small queries over drawn scenes shared by the view tests.
#include <QGraphicsItem>
#include <QGraphicsScene>
#include <QGraphicsSimpleTextItem>
#include <QStringList>

#include "views/diagram_scene.h"

namespace af::test {

// Texts of the simple-text children (any depth) of `item`.
inline QStringList childTexts(const QGraphicsItem* item) {
  QStringList out;
  for (const QGraphicsItem* child : item->childItems()) {
    if (const auto* t = qgraphicsitem_cast<const QGraphicsSimpleTextItem*>(child)) out << t->text();
    out << childTexts(child);
  }
  return out;
}

// Items tagged with `kind`.
inline QList<QGraphicsItem*> itemsOfKind(const QGraphicsScene& scene, const char* kind) {
  QList<QGraphicsItem*> out;
  for (QGraphicsItem* item : scene.items(Qt::AscendingOrder))
    if (item->data(ui::kItemKind).toString() == QLatin1String(kind)) out << item;
  return out;
}

// First pair of items whose scene rects overlap, as "a / b"; empty when none do.
inline QString firstOverlap(const QList<QGraphicsItem*>& items) {
  for (qsizetype i = 0; i < items.size(); ++i)
    for (qsizetype j = i + 1; j < items.size(); ++j)
      if (items[i]->sceneBoundingRect().adjusted(1, 1, -1, -1).intersects(items[j]->sceneBoundingRect()))
        return items[i]->data(ui::kItemName).toString() + QStringLiteral(" / ") +
               items[j]->data(ui::kItemName).toString();
  return {};
}

}  // namespace af::test
