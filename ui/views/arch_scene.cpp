#include "views/arch_scene.h"

#include <QBrush>
#include <QFont>
#include <QFontMetricsF>
#include <QGraphicsPathItem>
#include <QGraphicsSimpleTextItem>
#include <QPainterPath>
#include <QPen>
#include <algorithm>

#include "models/si_format.h"
#include "views/arch_text.h"
#include "views/diagram_scene.h"
#include "views/level_colors.h"

namespace af::ui {

namespace {

constexpr double kPad = 10;        // inside a box
constexpr double kArrowGap = 30;   // between a box and the next row
constexpr double kInset = 22;      // each frame around the column
constexpr double kMinWidth = 300;  // boxes
constexpr double kColumnGap = 14;  // between action columns
constexpr double kCell = 6, kCellGap = 2;
constexpr int kMaxCells = 16;  // grid hint: cells per side before it is cut off
constexpr double kRadius = 6;

struct Fonts {
  QFont title, body, small;
  Fonts() {
    title.setPixelSize(14);
    title.setBold(true);
    body.setPixelSize(12);
    small.setPixelSize(11);
  }
};

double textWidth(const QFont& f, const QString& s) { return QFontMetricsF(f).horizontalAdvance(s); }
double lineHeight(const QFont& f) { return QFontMetricsF(f).height(); }

// Empty texts are skipped (nullptr): an empty item would still sit in the scene as a point.
QGraphicsSimpleTextItem* addText(QGraphicsItem* parent, const QString& text, const QFont& font,
                                 const QColor& color, QPointF at, bool alignRight = false) {
  if (text.isEmpty()) return nullptr;
  auto* item = new QGraphicsSimpleTextItem(text, parent);
  item->setFont(font);
  item->setBrush(color);
  item->setPos(alignRight ? at - QPointF(item->boundingRect().width(), 0) : at);
  return item;
}

QPainterPath rounded(const QRectF& r, double radius = kRadius) {
  QPainterPath p;
  p.addRoundedRect(r, radius, radius);
  return p;
}

// Column widths shared by every box so numbers line up from level to level.
struct Columns {
  double name = 0, energy = 0, perBit = 0, throughput = 0;
  [[nodiscard]] double total() const { return name + energy + perBit + throughput + 3 * kColumnGap; }
};

LevelColors colorsFor(const spec::Component& c, int level) {
  if (c.kind == spec::ComponentKind::Compute) return computeColors();
  if (c.kind == spec::ComponentKind::Toll) return tollColors();
  return memoryLevelColors(level);
}

QString headlineValue(const spec::Component& c) {
  return c.kind == spec::ComponentKind::Memory ? capacityText(c.size) : QString();
}

class Painter {
 public:
  Painter(DiagramScene& scene, const spec::ResolvedArch& arch, const ArchDiagram& d,
          const std::map<std::string, spec::PricedComponent>& pricing)
      : scene_(scene), arch_(arch), d_(d), pricing_(pricing) {
    measure();
  }

  void draw() {
    double y = 0;
    double prevBoxBottom = -1;  // < 0 until the first box
    bool boxAbove = false;      // the row just drawn was a box (else a header or label)
    for (const auto& row : d_.rows) {
      const auto& c = arch_.components[row.component];
      switch (row.type) {
        case ArchRow::Type::FanoutHeader:
          if (boxAbove) y += kArrowGap * 0.6;
          y = drawHeader(c, row, y);
          break;
        case ArchRow::Type::ContainerLabel: {
          auto* label = addText(nullptr, QString::fromStdString(c.name), fonts_.small, Qt::darkGray,
                                {-width_ / 2, y + (boxAbove ? 8 : 0)});
          if (!label) break;
          scene_.addItem(label);
          scene_.tag(label, QString::fromStdString(c.name), kKindComponent);
          y = label->sceneBoundingRect().bottom() + 4;
          break;
        }
        case ArchRow::Type::Box:
          if (prevBoxBottom >= 0) {
            y += boxAbove ? kArrowGap : 8;
            drawArrow(prevBoxBottom, y);
          }
          y = drawBox(c, row, y);
          prevBoxBottom = y;
          break;
      }
      boxAbove = row.type == ArchRow::Type::Box;
    }
    finishFrames(y);
  }

 private:
  void measure() {
    for (const auto& row : d_.rows) {
      const auto& c = arch_.components[row.component];
      const QString name = QString::fromStdString(c.name);
      if (row.type == ArchRow::Type::FanoutHeader) {
        double text = textWidth(fonts_.title, name);
        for (const auto& l : fanoutLines(c)) text = std::max(text, textWidth(fonts_.body, l));
        // Header text sits left of the centre arrow, the grid right of it.
        width_ = std::max(width_, 2 * (text + 24 - kInset));
        width_ = std::max(width_, 2 * (gridSize(c).width() + 24 - kInset));
        continue;
      }
      if (row.type != ArchRow::Type::Box) continue;
      width_ = std::max(
          width_, textWidth(fonts_.title, name) + textWidth(fonts_.title, headlineValue(c)) + 3 * kPad + 24);
      // The class and cost lines whole: "SmartBufferSRAM · SmartBufferSRAM model  × 14".
      width_ = std::max(
          width_, textWidth(fonts_.small, classLine(c)) +
                      textWidth(fonts_.small, QStringLiteral("\u00d7 %1").arg(formatCount(row.instances))) +
                      3 * kPad + 24);
      width_ = std::max(width_, textWidth(fonts_.body, costLine(c)) + 2 * kPad);
      for (const auto& a : c.actions) {
        const auto cells = actionCells(c, a);
        cols_.name = std::max(cols_.name, textWidth(fonts_.body, cells.name));
        cols_.energy = std::max(cols_.energy, textWidth(fonts_.body, cells.energy));
        cols_.perBit = std::max(cols_.perBit, textWidth(fonts_.body, cells.perBit));
        cols_.throughput = std::max(cols_.throughput, textWidth(fonts_.body, cells.throughput));
      }
    }
    width_ = std::max(width_, cols_.total() + 2 * kPad);
  }

  [[nodiscard]] static QSizeF gridSize(const spec::Component& c) {
    const auto [cols, rows] = gridCells(c);
    return {cols * (kCell + kCellGap) - kCellGap, rows * (kCell + kCellGap) - kCellGap};
  }
  // First dim across, the others down (capped, so 256 × 256 stays a hint).
  [[nodiscard]] static std::pair<int, int> gridCells(const spec::Component& c) {
    double across = 1, down = 1;
    for (std::size_t i = 0; i < c.spatial.size(); ++i) (i == 0 ? across : down) *= c.spatial[i].fanout;
    const auto cap = [](double v) { return static_cast<int>(std::clamp(v, 1.0, double{kMaxCells})); };
    return {cap(across), cap(down)};
  }

  double drawBox(const spec::Component& c, const ArchRow& row, double top) {
    const bool toll = c.kind == spec::ComponentKind::Toll;
    const double w =
        toll ? std::max(width_ * 0.62, cols_.name + cols_.energy + kColumnGap + 2 * kPad) : width_;
    const LevelColors colors = colorsFor(c, row.memoryLevel);
    const QString name = QString::fromStdString(c.name);
    const double lineBody = lineHeight(fonts_.body) + 2;
    const QString classText = classLine(c);
    const QString costs = costLine(c);
    const bool subline = !classText.isEmpty() || row.instances > 1;
    const bool leak = !costs.isEmpty();
    const double height = kPad + lineHeight(fonts_.title) + (subline ? lineHeight(fonts_.small) : 0) +
                          (c.actions.empty() ? 0 : 6 + lineBody * static_cast<double>(c.actions.size())) +
                          (leak ? lineBody : 0) + kPad;
    const QRectF rect(-w / 2, top, w, height);

    auto* box = new QGraphicsPathItem(rounded(rect));
    box->setBrush(colors.fill);
    QPen pen(colors.border, 1.5);
    if (toll) pen.setStyle(Qt::DashLine);
    box->setPen(pen);
    box->setZValue(1);
    box->setToolTip(componentToolTip(c, row.instances, priced(c)));
    scene_.addItem(box);
    scene_.tag(box, name, kKindComponent);
    scene_.addHighlightable(box, name);

    const double left = rect.left() + kPad, right = rect.right() - kPad;
    double y = top + kPad;
    addText(box, name, fonts_.title, colors.title, {left, y});
    if (const QString value = headlineValue(c); !value.isEmpty())
      addText(box, value, fonts_.title, colors.title, {right, y}, true);
    y += lineHeight(fonts_.title);
    if (subline) {
      const bool stale = priced(c) && !priced(c)->stale.empty();
      addText(box, classText, fonts_.small, stale ? QColor(0xD5, 0x5E, 0x00) : QColor(Qt::darkGray),
              {left, y});
      if (row.instances > 1)
        addText(box, QStringLiteral("\u00d7 %1").arg(formatCount(row.instances)), fonts_.small, Qt::darkGray,
                {right, y}, true);
      y += lineHeight(fonts_.small);
    }
    if (!c.actions.empty()) y += 6;
    for (const auto& a : c.actions) {
      const auto cells = actionCells(c, a);
      double x = left;
      addText(box, cells.name, fonts_.body, Qt::black, {x, y});
      x += cols_.name + kColumnGap + cols_.energy;
      addText(box, cells.energy, fonts_.body, Qt::black, {x, y}, true);
      if (!toll) {
        x += kColumnGap + cols_.perBit;
        addText(box, cells.perBit, fonts_.body, Qt::darkGray, {x, y}, true);
        addText(box, cells.throughput, fonts_.body, Qt::darkGray, {right, y}, true);
      }
      y += lineBody;
    }
    if (leak) addText(box, costs, fonts_.body, Qt::darkGray, {left, y});
    return rect.bottom();
  }

  // The frame item is created here (header texts and grid as its children) and sized in
  // finishFrames once the bottom of the column is known.
  double drawHeader(const spec::Component& c, const ArchRow& row, double top) {
    auto* frame = new QGraphicsPathItem;
    scene_.addItem(frame);
    frames_.push_back({frame, &c, row, top});
    const double half = width_ / 2 + kInset * (d_.maxDepth() - row.depth);
    const double left = -half + 12;
    double y = top + 8;
    addText(frame, QString::fromStdString(c.name), fonts_.title, Qt::black, {left, y});
    y += lineHeight(fonts_.title);
    for (const auto& line : fanoutLines(c)) {
      addText(frame, line, fonts_.body, QColor(0x33, 0x33, 0x33), {left, y});
      y += lineHeight(fonts_.body);
    }
    if (c.spatial.size() > 1 || row.instances > 1) {
      const QString total = row.instances > 1
                                ? QObject::tr("= %1 (%2 in all)")
                                      .arg(formatCount(c.fanout()), formatCount(c.fanout() * row.instances))
                                : QObject::tr("= %1 instances").arg(formatCount(c.fanout()));
      addText(frame, total, fonts_.small, Qt::darkGray, {left, y});
      y += lineHeight(fonts_.small);
    }
    // Grid hint: one small square per instance, right-aligned in the header band.
    const QSizeF grid = gridSize(c);
    const double gridLeft = half - 12 - grid.width();
    QPainterPath cells;
    const auto [across, down] = gridCells(c);
    for (int r = 0; r < down; ++r)
      for (int k = 0; k < across; ++k)
        cells.addRect(gridLeft + k * (kCell + kCellGap), top + 12 + r * (kCell + kCellGap), kCell, kCell);
    auto* gridItem = new QGraphicsPathItem(cells, frame);
    gridItem->setBrush(QColor(0x9A, 0xB0, 0xC8));
    gridItem->setPen(Qt::NoPen);
    return std::max(y, top + 12 + grid.height()) + 10;
  }

  void finishFrames(double bottom) {
    const int n = d_.maxDepth();
    for (const auto& f : frames_) {
      const double margin = kInset * (n - f.row.depth);
      const QRectF rect(-width_ / 2 - margin, f.top, width_ + 2 * margin, bottom + margin - f.top);
      f.item->setPath(rounded(rect, 8));
      f.item->setBrush(QColor(0xFB, 0xFB, 0xFD));
      f.item->setPen(QPen(QColor(0x8C, 0x96, 0xA8), 1.2));
      f.item->setZValue(-10 + f.row.depth);
      f.item->setToolTip(fanoutToolTip(*f.component, f.row.instances));
      const QString name = QString::fromStdString(f.component->name);
      scene_.tag(f.item, name, kKindFanout);
      if (f.component->kind == spec::ComponentKind::Container) scene_.addHighlightable(f.item, name);
      // Two offset cards behind the frame read as "many of these".
      for (const double offset : {8.0, 4.0}) {
        auto* card = new QGraphicsPathItem(rounded(rect.translated(offset, offset), 8), f.item);
        card->setFlag(QGraphicsItem::ItemStacksBehindParent);
        card->setBrush(QColor(0xF1, 0xF3, 0xF7));
        card->setPen(QPen(QColor(0xB4, 0xBC, 0xC8), 1));
      }
    }
  }

  void drawArrow(double from, double to) {
    constexpr double head = 6;
    QPainterPath path;
    path.moveTo(0, from + 1);
    path.lineTo(0, to - 1);
    QPainterPath heads;
    heads.moveTo(-head / 1.6, from + 1 + head);
    heads.lineTo(0, from + 1);
    heads.lineTo(head / 1.6, from + 1 + head);
    heads.closeSubpath();
    heads.moveTo(-head / 1.6, to - 1 - head);
    heads.lineTo(0, to - 1);
    heads.lineTo(head / 1.6, to - 1 - head);
    heads.closeSubpath();
    auto* line = new QGraphicsPathItem(path);
    line->setPen(QPen(QColor(0x55, 0x55, 0x55), 1.6));
    line->setZValue(2);
    auto* tips = new QGraphicsPathItem(heads, line);
    tips->setBrush(QColor(0x55, 0x55, 0x55));
    tips->setPen(Qt::NoPen);
    scene_.addItem(line);
    scene_.tag(line, QString(), kKindArrow);
  }

  DiagramScene& scene_;
  const spec::ResolvedArch& arch_;
  const ArchDiagram& d_;
  const std::map<std::string, spec::PricedComponent>& pricing_;

  [[nodiscard]] const spec::PricedComponent* priced(const spec::Component& c) const {
    const auto it = pricing_.find(c.name);
    return it == pricing_.end() ? nullptr : &it->second;
  }
  // The box's last line: leak power and area per instance, what it is known of them.
  [[nodiscard]] QString costLine(const spec::Component& c) const {
    QStringList parts;
    if (c.leak_power != 0) parts << QObject::tr("leak %1").arg(formatSi(c.leak_power, QStringLiteral("W")));
    if (c.area != 0 || priced(c)) parts << QObject::tr("area %1").arg(areaText(c.area));
    return parts.join(QStringLiteral("  \u00b7  "));
  }
  // Under the name: the class, and where the costs came from.
  [[nodiscard]] QString classLine(const spec::Component& c) const {
    QString line = QString::fromStdString(c.component_class);
    if (const spec::PricedComponent* p = priced(c)) {
      const QString source = pricingSummary(*p);
      if (source != QString::fromStdString(c.component_class) && source != QObject::tr("spec"))
        line += (line.isEmpty() ? QString() : QStringLiteral(" \u00b7 ")) + source;
    }
    return line;
  }
  Fonts fonts_;
  Columns cols_;
  double width_ = kMinWidth;
  struct Frame {
    QGraphicsPathItem* item;
    const spec::Component* component;
    ArchRow row;
    double top;
  };
  std::vector<Frame> frames_;
};

}  // namespace

void drawArchDiagram(DiagramScene& scene, const spec::ResolvedArch& arch, const ArchDiagram& diagram,
                     const std::map<std::string, spec::PricedComponent>& pricing) {
  scene.reset();
  Painter(scene, arch, diagram, pricing).draw();
}

}  // namespace af::ui
