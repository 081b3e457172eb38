#include "roofline/roofline_view.h"

#include <qcustomplot.h>

#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QMenu>
#include <QVBoxLayout>
#include <algorithm>
#include <cmath>
#include <limits>
#include <map>
#include <numeric>

#include "models/si_format.h"
#include "plots/figure_export.h"
#include "plots/si_axis_ticker.h"

namespace af::ui {

namespace {

constexpr double kHitRadius = 12.0;            // pixels
const QColor kComputeBound(0x00, 0x72, 0xB2);  // Okabe–Ito blue
// The chosen level first (vermilion), then the other levels that bound some Einsum.
const QColor kMemoryBound[] = {QColor(0xD5, 0x5E, 0x00), QColor(0xE6, 0x9F, 0x00), QColor(0xCC, 0x79, 0xA7),
                               QColor(0x00, 0x9E, 0x73), QColor(0x56, 0xB4, 0xE9)};
const QColor kRoof(0x33, 0x33, 0x33);
const QColor kOtherRoof(0x99, 0x99, 0x99);

QString text(const std::string& s) { return QString::fromStdString(s); }

// Where a point is drawn: its intensity, or (nothing crosses the level) the right edge.
double drawnIntensity(const model::RooflineEinsum& e, const std::string& level, double right) {
  const double x = e.intensity(level);
  return std::isfinite(x) ? x : right;
}

}  // namespace

RooflineView::RooflineView(QWidget* parent) : QWidget(parent) {
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(0, 0, 0, 0);
  auto* bar = new QHBoxLayout;
  bar->setContentsMargins(6, 4, 6, 0);
  auto* levelLabel = new QLabel(tr("Intensity across"), this);
  level_ = new QComboBox(this);
  level_->setObjectName("rooflineLevel");
  level_->setToolTip(tr("The memory level whose traffic sets each Einsum's operational intensity"));
  level_->setSizeAdjustPolicy(QComboBox::AdjustToContents);
  levelLabel->setBuddy(level_);
  summary_ = new QLabel(this);
  summary_->setObjectName("rooflineSummary");
  summary_->setWordWrap(true);
  bar->addWidget(levelLabel);
  bar->addWidget(level_);
  bar->addWidget(summary_, 1);
  layout->addLayout(bar);
  plot_ = new QCustomPlot(this);
  plot_->setObjectName("rooflinePlot");
  plot_->setContextMenuPolicy(Qt::CustomContextMenu);
  plot_->legend->setVisible(true);
  plot_->axisRect()->insetLayout()->setInsetAlignment(0, Qt::AlignTop | Qt::AlignLeft);
  for (QCPAxis* axis : {plot_->xAxis, plot_->yAxis}) axis->setScaleType(QCPAxis::stLogarithmic);
  plot_->xAxis->setTicker(QSharedPointer<SiLogAxisTicker>::create(UnitFamily::Count, QString()));
  plot_->yAxis->setTicker(QSharedPointer<SiLogAxisTicker>::create(UnitFamily::Count, QString()));
  plot_->xAxis->setLabel(tr("operational intensity (operations per bit moved)"));
  plot_->yAxis->setLabel(tr("attained throughput (operations per second)"));
  layout->addWidget(plot_, 1);
  empty_ = new QLabel(this);
  empty_->setObjectName("rooflineEmpty");
  empty_->setAlignment(Qt::AlignCenter);
  empty_->setWordWrap(true);
  empty_->setText(
      tr("Open an architecture, a workload and a mapping (or map, and click a point of the "
         "front): each Einsum of the mapping shows here against the architecture's roofs."));
  layout->addWidget(empty_, 1);
  connect(level_, &QComboBox::currentIndexChanged, this, [this] { redraw(); });
  connect(plot_, &QCustomPlot::mousePress, this, &RooflineView::onClick);
  connect(plot_, &QWidget::customContextMenuRequested, this, &RooflineView::showContextMenu);
  setRoofline(std::nullopt);
}

void RooflineView::setRoofline(std::optional<model::Roofline> roofline, bool stale) {
  const QString keep = level();
  roofline_ = std::move(roofline);
  stale_ = stale;
  const QSignalBlocker block(level_);
  level_->clear();
  if (roofline_)
    for (const auto& m : roofline_->memories) level_->addItem(text(m.component));
  // The level chosen before, if the new arch has it; else the outermost (off-chip) one.
  level_->setCurrentIndex(std::max(0, level_->findText(keep)));
  redraw();
}

void RooflineView::setLevel(const QString& level) {
  if (const int i = level_->findText(level); i >= 0) level_->setCurrentIndex(i);
}

QString RooflineView::level() const { return level_->currentText(); }

QStringList RooflineView::levels() const {
  QStringList out;
  for (int i = 0; i < level_->count(); ++i) out << level_->itemText(i);
  return out;
}

QString RooflineView::summary() const { return summary_->text(); }
QString RooflineView::emptyText() const { return empty_->isHidden() ? QString() : empty_->text(); }

QStringList RooflineView::memoryBound() const {
  QStringList out;
  if (roofline_)
    for (const auto& e : roofline_->einsums)
      if (!e.compute_bound() && e.attained() > 0) out << text(e.einsum);
  return out;
}

QString RooflineView::describe(const QString& einsum) const {
  if (!roofline_) return {};
  const std::string level = level_->currentText().toStdString();
  for (const auto& e : roofline_->einsums) {
    if (text(e.einsum) != einsum) continue;
    const model::ComputeRoof* compute = roofline_->compute(e.compute);
    const QString bound = e.compute_bound() ? tr("compute-bound") : tr("bound by %1").arg(text(e.bound_by));
    const double x = e.intensity(level);
    return tr("%1: %2; %3 across %4; %5 of %6 peak")
        .arg(einsum, bound,
             std::isfinite(x) ? tr("%1 operations per bit").arg(x, 0, 'g', 3) : tr("no traffic"), text(level),
             formatSi(e.attained(), "op/s"),
             compute ? formatSi(compute->ops_per_second, "op/s") : tr("an unknown"));
  }
  return {};
}

void RooflineView::selectEinsum(const QString& einsum) {
  if (selected_ == einsum) return;
  selected_ = einsum;
  redraw();
  emit einsumSelected(einsum);
}

std::optional<QPointF> RooflineView::pointValue(const QString& einsum) const {
  for (int g = 0; g < plot_->graphCount(); ++g) {
    const QCPGraph* graph = plot_->graph(g);
    if (!graph->property("points").toBool()) continue;
    const QStringList names = graph->property("einsums").toStringList();
    const auto data = graph->data();
    for (int i = 0; i < data->size() && i < names.size(); ++i)
      if (names[i] == einsum) return QPointF(data->at(i)->key, data->at(i)->value);
  }
  return std::nullopt;
}

std::optional<QPointF> RooflineView::pointPosition(const QString& einsum) const {
  const auto v = pointValue(einsum);
  if (!v) return std::nullopt;
  return QPointF(plot_->xAxis->coordToPixel(v->x()), plot_->yAxis->coordToPixel(v->y()));
}

void RooflineView::redraw() {
  plot_->clearGraphs();
  plot_->clearItems();
  ring_ = nullptr;
  points_ = 0;
  const bool empty = !roofline_ || roofline_->einsums.empty() || roofline_->computes.empty();
  empty_->setVisible(empty);
  plot_->setVisible(!empty);
  level_->setEnabled(!empty && level_->count() > 0);
  if (empty) {
    summary_->clear();
    return;
  }
  const model::Roofline& r = *roofline_;
  const std::string level = level_->currentText().toStdString();
  const model::MemoryRoof* memory = r.memory(level);

  // The axes' span: every point, and where each roof bends (the ridge point).
  double xLo = std::numeric_limits<double>::infinity(), xHi = 0;
  double yLo = std::numeric_limits<double>::infinity(), yHi = 0;
  for (const auto& e : r.einsums) {
    if (e.attained() <= 0) continue;
    if (const double x = e.intensity(level); std::isfinite(x)) {
      xLo = std::min(xLo, x);
      xHi = std::max(xHi, x);
    }
    yLo = std::min(yLo, e.attained());
    yHi = std::max(yHi, e.attained());
  }
  for (const auto& c : r.computes) {
    if (!std::isfinite(c.ops_per_second)) continue;
    yHi = std::max(yHi, c.ops_per_second);
    if (memory && std::isfinite(memory->bits_per_second) && memory->bits_per_second > 0) {
      const double ridge = c.ops_per_second / memory->bits_per_second;
      xLo = std::min(xLo, ridge);
      xHi = std::max(xHi, ridge);
    }
  }
  if (!(xHi > 0)) xLo = 0.01, xHi = 100;
  if (!(yHi > 0)) yLo = 1, yHi = 1e9;
  xLo /= 4;
  xHi *= 4;
  yLo =
      std::min(yLo, memory && std::isfinite(memory->bits_per_second) ? memory->bits_per_second * xLo : yLo) /
      2;
  yHi *= 2;

  const auto line = [&](const QString& name, const QVector<double>& xs, const QVector<double>& ys, QPen pen) {
    QCPGraph* g = plot_->addGraph();
    g->setName(name);
    g->setData(xs, ys, true);
    g->setPen(pen);
    return g;
  };
  // The other levels' roofs, faint and dashed, under the peak: where each would bind.
  const double peakMax =
      std::accumulate(r.computes.begin(), r.computes.end(), 0.0, [](double m, const auto& c) {
        return std::isfinite(c.ops_per_second) ? std::max(m, c.ops_per_second) : m;
      });
  for (const auto& m : r.memories) {
    if (m.component == level || !std::isfinite(m.bits_per_second) || m.bits_per_second <= 0) continue;
    const double bend = peakMax > 0 ? std::min(xHi, peakMax / m.bits_per_second) : xHi;
    if (bend <= xLo) continue;
    QCPGraph* g = line(QString(), {xLo, bend}, {m.bits_per_second * xLo, m.bits_per_second * bend},
                       QPen(kOtherRoof, 1, Qt::DashLine));
    plot_->legend->removeItem(plot_->legend->itemCount() - 1);
    g->setProperty("roof", true);
    auto* label = new QCPItemText(plot_);  // at its lower end, above it (the points' labels are below theirs)
    label->position->setCoords(xLo, m.bits_per_second * xLo);
    label->setPositionAlignment(Qt::AlignLeft | Qt::AlignBottom);
    label->setPadding(QMargins(4, 0, 0, 4));
    label->setText(tr("%1 %2").arg(text(m.component), formatSi(m.bits_per_second, "b/s")));
    label->setColor(kOtherRoof);
  }
  // Each compute unit's roof with the chosen level's bandwidth: the slope, then the peak.
  for (const auto& c : r.computes) {
    if (!std::isfinite(c.ops_per_second)) continue;
    QVector<double> xs{xLo}, ys{r.ceiling(c.component, level, xLo)};
    if (memory && std::isfinite(memory->bits_per_second) && memory->bits_per_second > 0) {
      const double ridge = c.ops_per_second / memory->bits_per_second;
      if (ridge > xLo && ridge < xHi) {
        xs << ridge;
        ys << c.ops_per_second;
      }
    }
    xs << xHi;
    ys << r.ceiling(c.component, level, xHi);
    line(tr("roof: %1 (%2) with %3").arg(text(c.component), formatSi(c.ops_per_second, "op/s"), text(level)),
         xs, ys, QPen(kRoof, 2))
        ->setProperty("roof", true);
  }
  // The Einsums, one scatter per bounding component, each point named.
  std::vector<std::string> bounds;
  for (const auto& e : r.einsums)
    if (e.attained() > 0 && std::find(bounds.begin(), bounds.end(), e.bound_by) == bounds.end())
      bounds.push_back(e.bound_by);
  std::stable_sort(bounds.begin(), bounds.end(), [&](const std::string& a, const std::string& b) {
    return (r.compute(a) != nullptr) > (r.compute(b) != nullptr) || (a == level && b != level);
  });
  int memoryColour = 0;
  QStringList boundNames;
  // Points that fall together (a twentieth of a decade apart on both axes) share one label.
  struct Label {
    double x, y;
    QStringList names;
    QColor colour;
  };
  std::map<std::pair<long, long>, Label> labels;
  for (const std::string& bound : bounds) {
    const bool compute = r.compute(bound) != nullptr;
    const QColor colour =
        compute ? kComputeBound : kMemoryBound[bound == level ? 0 : std::min<int>(++memoryColour, 4)];
    QCPGraph* g = plot_->addGraph();
    g->setName(compute ? tr("compute-bound (%1)").arg(text(bound)) : tr("bound by %1").arg(text(bound)));
    g->setLineStyle(QCPGraph::lsNone);
    g->setScatterStyle(QCPScatterStyle(compute ? QCPScatterStyle::ssDisc : QCPScatterStyle::ssSquare,
                                       stale_ ? colour.lighter(160) : colour,
                                       stale_ ? colour.lighter(160) : colour, 9));
    g->setProperty("points", true);
    QStringList names;
    for (const auto& e : r.einsums) {
      if (e.attained() <= 0 || e.bound_by != bound) continue;
      const double x = drawnIntensity(e, level, xHi / 1.6);
      g->addData(x, e.attained());
      names << text(e.einsum);
      Label& label = labels[{std::lround(std::log10(x) * 20), std::lround(std::log10(e.attained()) * 20)}];
      if (label.names.isEmpty()) label = {x, e.attained(), {}, colour.darker(130)};
      label.names << (std::isfinite(e.intensity(level))
                          ? text(e.einsum)
                          : tr("%1 (nothing crosses %2)").arg(text(e.einsum), text(level)));
      ++points_;
      if (text(e.einsum) == selected_) {
        ring_ = new QCPItemTracer(plot_);
        ring_->setGraph(g);
        ring_->setGraphKey(x);
        ring_->setStyle(QCPItemTracer::tsCircle);
        ring_->setSize(20);
        ring_->setPen(QPen(Qt::black, 2));
      }
    }
    g->setProperty("einsums", names);
    if (!compute) boundNames << names;
  }
  // Below and to the right of its points: above a roof is where nothing can be, and the legend sits there.
  // In the right third, the label reads leftwards so that it stays inside the plot.
  const double rightThird = xLo * std::pow(xHi / xLo, 2.0 / 3);
  for (const auto& [key, l] : labels) {
    auto* label = new QCPItemText(plot_);
    const bool right = l.x > rightThird;
    label->position->setCoords(l.x, l.y);
    label->setPositionAlignment((right ? Qt::AlignRight : Qt::AlignLeft) | Qt::AlignTop);
    label->setPadding(right ? QMargins(0, 6, 7, 0) : QMargins(7, 3, 0, 0));
    label->setText(l.names.join(", "));
    label->setColor(l.colour);
  }
  plot_->xAxis->setRange(xLo, xHi);
  plot_->yAxis->setRange(yLo, yHi);
  plot_->replot();

  // In words: which Einsums the memories bound, and where the chosen level's roof bends.
  QString words = boundNames.isEmpty() ? tr("Every Einsum is compute-bound.")
                                       : tr("Memory-bound: %1 (%2 of %3 Einsums).")
                                             .arg(boundNames.join(", "))
                                             .arg(boundNames.size())
                                             .arg(points_);
  const auto main = std::max_element(r.computes.begin(), r.computes.end(), [](const auto& a, const auto& b) {
    return !std::isfinite(a.ops_per_second) ||
           (std::isfinite(b.ops_per_second) && a.ops_per_second < b.ops_per_second);
  });
  if (memory && std::isfinite(memory->bits_per_second) && main != r.computes.end() &&
      std::isfinite(main->ops_per_second))
    words += tr(" %1 meets %2's peak at %3 operations per bit.")
                 .arg(text(level), text(main->component))
                 .arg(main->ops_per_second / memory->bits_per_second, 0, 'g', 3);
  else if (memory)
    words += tr(" %1 sets no bandwidth limit.").arg(text(level));
  if (stale_) words += tr(" (The spec has errors: the last good mapping's figures.)");
  summary_->setText(words);
}

void RooflineView::onClick(QMouseEvent* event) {
  if (!roofline_) return;
  QString nearest;
  double best = kHitRadius;
  for (const auto& e : roofline_->einsums)
    if (const auto at = pointPosition(text(e.einsum))) {
      const double d = std::hypot(at->x() - event->position().x(), at->y() - event->position().y());
      if (d <= best) {
        best = d;
        nearest = text(e.einsum);
      }
    }
  if (!nearest.isEmpty()) selectEinsum(nearest);
}

void RooflineView::showContextMenu(const QPoint& at) {
  QMenu menu(this);
  addExportActions(
      menu, [this] { return plotFigure(*plot_, tr("Roofline")); }, this);
  menu.exec(plot_->mapToGlobal(at));
}

}  // namespace af::ui
