#include "views/workload_scene.h"

#include <QFont>
#include <QFontMetricsF>
#include <QGraphicsEllipseItem>
#include <QGraphicsPathItem>
#include <QGraphicsSimpleTextItem>
#include <QPainterPath>
#include <QPen>
#include <algorithm>
#include <cmath>
#include <map>
#include <set>

#include "models/si_format.h"
#include "models/tensor_palette.h"
#include "views/diagram_scene.h"
#include "views/layered_layout.h"
#include "views/workload_text.h"
#include "workspace/workspace.h"

namespace af::ui {

namespace {

constexpr double kNodePad = 8;
constexpr double kOvalPad = 18;    // ovals need more room left and right than boxes
constexpr int kBoundsPerLine = 3;  // "m=64 n0=32 n1=32" then wrap

struct Node {
  bool einsum = false;
  QString name;
  std::size_t index = 0;  // into workload.einsums (Einsum nodes)
  QStringList lines;      // text under the name
  QSizeF size;
};

struct NodeFonts {
  QFont title, body;
  NodeFonts() {
    title.setPixelSize(13);
    title.setBold(true);
    body.setPixelSize(11);
  }
};

QColor mix(const QColor& a, const QColor& b, double t) {
  return QColor::fromRgbF(static_cast<float>(a.redF() * (1 - t) + b.redF() * t),
                          static_cast<float>(a.greenF() * (1 - t) + b.greenF() * t),
                          static_cast<float>(a.blueF() * (1 - t) + b.blueF() * t));
}

QStringList boundLines(const spec::Einsum& e) {
  QStringList parts = boundsText(e).split(QLatin1Char(' '), Qt::SkipEmptyParts), lines;
  for (qsizetype i = 0; i < parts.size(); i += kBoundsPerLine)
    lines << parts.mid(i, kBoundsPerLine).join(QLatin1Char(' '));
  return lines;
}

// Reading order seeds the layout: each Einsum's new inputs, the Einsum, its new outputs.
std::vector<Node> collectNodes(const spec::Workload& w, const std::map<std::string, double>& sizes) {
  std::vector<Node> nodes;
  std::set<std::string> seen;
  const auto addTensor = [&](const spec::TensorAccess& a) {
    if (!seen.insert(a.tensor).second) return;
    const auto it = sizes.find(a.tensor);
    nodes.push_back({false,
                     QString::fromStdString(a.tensor),
                     0,
                     {it == sizes.end() ? QString() : formatBits(it->second)},
                     {}});
  };
  for (std::size_t i = 0; i < w.einsums.size(); ++i) {
    const auto& e = w.einsums[i];
    for (const auto& a : e.accesses)
      if (!a.output) addTensor(a);
    nodes.push_back({true, QString::fromStdString(e.name), i, boundLines(e), {}});
    for (const auto& a : e.accesses)
      if (a.output) addTensor(a);
  }
  return nodes;
}

void measure(Node& n, const NodeFonts& f) {
  const QFontMetricsF title(f.title), body(f.body);
  double w = title.horizontalAdvance(n.name);
  for (const auto& l : n.lines) w = std::max(w, body.horizontalAdvance(l));
  const double h = title.height() + body.height() * static_cast<double>(n.lines.size());
  n.size = n.einsum ? QSizeF(w + 2 * kNodePad + 8, h + 2 * kNodePad)
                    : QSizeF(w + 2 * kOvalPad, h + 2 * kNodePad + 2);
}

void addCentredTexts(QGraphicsItem* parent, const Node& n, const QRectF& r, const NodeFonts& f,
                     const QColor& sub) {
  const QFontMetricsF title(f.title), body(f.body);
  double y = r.center().y() - (title.height() + body.height() * static_cast<double>(n.lines.size())) / 2;
  auto* t = new QGraphicsSimpleTextItem(n.name, parent);
  t->setFont(f.title);
  t->setPos(r.center().x() - title.horizontalAdvance(n.name) / 2, y);
  y += title.height();
  for (const auto& l : n.lines) {
    auto* b = new QGraphicsSimpleTextItem(l, parent);
    b->setFont(f.body);
    b->setBrush(sub);
    b->setPos(r.center().x() - body.horizontalAdvance(l) / 2, y);
    y += body.height();
  }
}

QPainterPath edgePath(QPointF from, const std::vector<QPointF>& bends, QPointF to) {
  std::vector<QPointF> points{from};
  points.insert(points.end(), bends.begin(), bends.end());
  points.push_back(to);
  QPainterPath path(from);
  for (std::size_t i = 1; i < points.size(); ++i) {
    const double dx = (points[i].x() - points[i - 1].x()) / 2;
    path.cubicTo(points[i - 1] + QPointF(dx, 0), points[i] - QPointF(dx, 0), points[i]);
  }
  return path;
}

}  // namespace

void drawWorkloadGraph(DiagramScene& scene, const spec::Workload& workload, const TensorPalette& palette) {
  scene.reset();
  if (workload.einsums.empty()) return;
  const NodeFonts fonts;
  const auto sizes = af::tensor_sizes_bits(workload);
  const auto intermediates = workload.intermediate_tensors();

  std::vector<Node> nodes = collectNodes(workload, sizes);
  std::map<QString, std::size_t> tensorNode;
  std::vector<QSizeF> boxSizes;
  for (std::size_t i = 0; i < nodes.size(); ++i) {
    measure(nodes[i], fonts);
    boxSizes.push_back(nodes[i].size);
    if (!nodes[i].einsum) tensorNode[nodes[i].name] = i;
  }
  std::vector<LayoutEdge> edges;
  std::vector<QString> edgeTensor;
  for (std::size_t i = 0; i < nodes.size(); ++i) {
    if (!nodes[i].einsum) continue;
    for (const auto& a : workload.einsums[nodes[i].index].accesses) {
      const std::size_t t = tensorNode.at(QString::fromStdString(a.tensor));
      edges.push_back(a.output ? LayoutEdge{i, t} : LayoutEdge{t, i});
      edgeTensor.push_back(QString::fromStdString(a.tensor));
    }
  }
  const LayeredLayout layout = layeredLayout(boxSizes, edges);
  const auto rectOf = [&](std::size_t i) {
    return QRectF(layout.centers[i] - QPointF(nodes[i].size.width() / 2, nodes[i].size.height() / 2),
                  nodes[i].size);
  };

  for (std::size_t i = 0; i < nodes.size(); ++i) {
    const Node& n = nodes[i];
    const QRectF r = rectOf(i);
    if (n.einsum) {
      QPainterPath p;
      p.addRoundedRect(r, 4, 4);
      auto* box = new QGraphicsPathItem(p);
      box->setBrush(QColor(0xF7, 0xF7, 0xF7));
      box->setPen(QPen(QColor(0x44, 0x44, 0x44), 1.4));
      box->setToolTip(einsumToolTip(workload.einsums[n.index]));
      box->setZValue(2);
      scene.addItem(box);
      scene.tag(box, n.name, kKindEinsum);
      scene.addHighlightable(box, n.name);
      addCentredTexts(box, n, r, fonts, QColor(0x44, 0x44, 0x44));
      continue;
    }
    const QColor color = palette.colorFor(n.name);
    auto* oval = new QGraphicsEllipseItem(r);
    oval->setBrush(mix(color, Qt::white, 0.78));
    // Past eight tensors the palette hands out lighter variants: keep their outline visible.
    QPen pen(color.lightness() > 170 ? color.darker(170) : color.darker(115), 2);
    if (intermediates.contains(n.name.toStdString())) pen.setStyle(Qt::DashLine);
    oval->setPen(pen);
    oval->setToolTip(tensorToolTip(
        workload, n.name, sizes.contains(n.name.toStdString()) ? sizes.at(n.name.toStdString()) : 0.0));
    oval->setZValue(2);
    scene.addItem(oval);
    scene.tag(oval, n.name, kKindTensor);
    scene.addHighlightable(oval, n.name);
    addCentredTexts(oval, n, r, fonts, QColor(0x33, 0x33, 0x33));
  }

  for (std::size_t k = 0; k < edges.size(); ++k) {
    const QRectF from = rectOf(edges[k].from), to = rectOf(edges[k].to);
    const QPointF start(from.right(), from.center().y()), end(to.left() - 1, to.center().y());
    const QColor base = palette.colorFor(edgeTensor[k]);
    const QColor color = base.darker(base.lightness() > 170 ? 170 : 125);
    auto* edge = new QGraphicsPathItem(edgePath(start, layout.bends[k], end));
    edge->setPen(QPen(color, 1.5));
    edge->setZValue(1);
    QPainterPath head;  // the curve arrives horizontally, so the head points right
    head.moveTo(end);
    head.lineTo(end + QPointF(-8, -4));
    head.lineTo(end + QPointF(-8, 4));
    head.closeSubpath();
    auto* tip = new QGraphicsPathItem(head, edge);
    tip->setBrush(color);
    tip->setPen(Qt::NoPen);
    scene.addItem(edge);
    scene.tag(edge, edgeTensor[k], kKindEdge);
    scene.addHighlightable(edge, edgeTensor[k]);
  }
}

}  // namespace af::ui
