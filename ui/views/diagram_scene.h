#pragma once
// The scene both drawn views build on: items carry a name and a kind (see ItemKey) so tests,
// highlights and clicks find them; highlight(name) emphasises every item registered for a name.
#include <QGraphicsScene>
#include <QHash>
#include <QPen>
#include <QString>

class QAbstractGraphicsShapeItem;

namespace af::ui {

// QGraphicsItem::data() keys set on every named item.
enum ItemKey : int { kItemName = 0, kItemKind = 1 };

// Values of kItemKind.
inline constexpr char kKindComponent[] = "component";  // arch: Memory, Toll, Compute box
inline constexpr char kKindFanout[] = "fanout";        // arch: replicated-array header
inline constexpr char kKindArrow[] = "arrow";
inline constexpr char kKindEinsum[] = "einsum";
inline constexpr char kKindTensor[] = "tensor";
inline constexpr char kKindEdge[] = "edge";

class DiagramScene : public QGraphicsScene {
  Q_OBJECT
 public:
  using QGraphicsScene::QGraphicsScene;

  // Tags `item` with name and kind; with `highlightable` it joins highlight(name).
  void tag(QGraphicsItem* item, const QString& name, const char* kind);
  void addHighlightable(QAbstractGraphicsShapeItem* item, const QString& name);
  // Emphasises the items of `name` (thick accent outline); empty or unknown clears.
  void highlight(const QString& name);
  [[nodiscard]] QString highlighted() const { return highlighted_; }
  // Removes all items and forgets highlights.
  void reset();

  // First item tagged (name, kind), or nullptr.
  [[nodiscard]] QGraphicsItem* findItem(const QString& name, const char* kind) const;

  [[nodiscard]] static QColor accentColor() { return {0xD5, 0x5E, 0x00}; }

 signals:
  // A named item was clicked: kind is one of the kKind* values.
  void itemClicked(const QString& name, const QString& kind);

 protected:
  void mousePressEvent(QGraphicsSceneMouseEvent* event) override;

 private:
  struct Entry {
    QAbstractGraphicsShapeItem* item;
    QPen pen;  // as drawn when not highlighted
    qreal z;
  };
  QMultiHash<QString, Entry> highlightables_;
  QString highlighted_;
};

}  // namespace af::ui
