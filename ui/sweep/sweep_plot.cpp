#include "sweep/sweep_plot.h"

#include <qcustomplot.h>

#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QVBoxLayout>
#include <algorithm>
#include <cmath>
#include <limits>

#include "plots/si_axis_ticker.h"
#include "sweep/sweep_fronts_plot.h"

namespace af::ui {

namespace {

const QColor kLine(0x00, 0x72, 0xB2);      // Okabe–Ito blue
const QColor kSelected(0xD5, 0x5E, 0x00);  // vermilion
const QColor kNoMapping(0xC8, 0xC8, 0xC8);
constexpr double kPointHitRadius = 12.0;  // pixels

struct MeasureInfo {
  const char* name;
  const char* unit;
};
constexpr MeasureInfo kMeasures[] = {{"energy", "J"}, {"latency", "s"}, {"EDP", "Js"}};

double measureOf(const sweep::SweepRow& row, int m) {
  return m == 0 ? row.energy : m == 1 ? row.latency : row.edp;
}

// Log when the values span more than a decade and are all positive.
bool wantsLog(double lo, double hi) { return lo > 0 && hi / lo >= 10; }

void setMeasureAxis(QCPAxis* axis, const MeasureInfo& m, double lo, double hi) {
  const QString unit = QString::fromLatin1(m.unit);
  axis->setLabel(QString::fromLatin1(m.name));
  if (wantsLog(lo, hi)) {
    axis->setScaleType(QCPAxis::stLogarithmic);
    axis->setTicker(QSharedPointer<SiLogAxisTicker>::create(UnitFamily::Decimal, unit));
    const double pad = std::pow(hi / lo, 0.1);
    axis->setRange(lo / pad, hi * pad);
  } else {
    axis->setScaleType(QCPAxis::stLinear);
    axis->setTicker(QSharedPointer<SiAxisTicker>::create(UnitFamily::Decimal, unit));
    const double pad = hi > lo ? (hi - lo) * 0.15 : std::max(std::abs(hi) * 0.1, 1e-30);
    axis->setRange(lo - pad, hi + pad);
  }
}

QSharedPointer<QCPAxisTickerText> textTicker(const std::vector<std::string>& values) {
  auto ticker = QSharedPointer<QCPAxisTickerText>::create();
  for (std::size_t i = 0; i < values.size(); ++i)
    ticker->addTick(static_cast<double>(i), compactValue(values[i]));
  return ticker;
}

}  // namespace

SweepPlot::SweepPlot(QWidget* parent) : QWidget(parent) {
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(0, 0, 0, 0);
  auto* bar = new QHBoxLayout;
  bar->setContentsMargins(4, 2, 4, 0);
  measure_ = new QComboBox(this);
  measure_->setObjectName("sweepMeasure");
  measure_->addItems({tr("energy"), tr("latency"), tr("EDP")});
  measure_->setToolTip(tr("The measure the heat map colours (two variables)"));
  bar->addWidget(new QLabel(tr("Optimum per point"), this));
  bar->addStretch(1);
  bar->addWidget(measure_);
  layout->addLayout(bar);
  plot_ = new QCustomPlot(this);
  plot_->setObjectName("sweepCustomPlot");
  layout->addWidget(plot_, 1);
  empty_ = new QLabel(this);
  empty_->setObjectName("sweepPlotEmpty");
  empty_->setAlignment(Qt::AlignCenter);
  empty_->setWordWrap(true);
  empty_->setEnabled(false);
  empty_->setMargin(12);
  layout->addWidget(empty_, 1);
  connect(measure_, &QComboBox::currentIndexChanged, this, &SweepPlot::rebuild);
  connect(plot_, &QCustomPlot::mousePress, this, [this](QMouseEvent* event) {
    const int at = pointAt(event->position());
    if (at >= 0) emit pointClicked(at);
  });
  rebuild();
}

void SweepPlot::setRun(const SweepRunPtr& run) {
  run_ = run;
  if (!run_ || selected_ >= static_cast<int>(run_->points.size())) selected_ = -1;
  rebuild();
}

void SweepPlot::setSelected(int index) {
  selected_ = index;
  rebuild();
}

void SweepPlot::setMeasure(Measure measure) { measure_->setCurrentIndex(static_cast<int>(measure)); }

void SweepPlot::clear() {
  run_.reset();
  selected_ = -1;
  rebuild();
}

void SweepPlot::resizeEvent(QResizeEvent* event) {
  QWidget::resizeEvent(event);
  if (heatMap()) rebuild();
}

bool SweepPlot::heatMap() const { return run_ && run_->sweep.vary.size() == 2; }

void SweepPlot::rebuild() {
  plot_->clearItems();
  plot_->clearPlottables();
  plot_->plotLayout()->clear();  // deletes the axis rects and the colour scale
  plotted_ = 0;
  xs_.clear();
  measure_->setVisible(heatMap());
  if (run_ && !run_->sweep.vary.empty()) {
    if (heatMap())
      buildHeatMap();
    else
      buildLine();
  }
  empty_->setText(
      run_ ? tr("No point of this sweep has a mapping yet.")
           : tr("The optimum's energy, latency and EDP at each point appear here as the sweep runs "
                "(a heat map for two variables). Click a point to see its front and accesses."));
  empty_->setVisible(plotted_ == 0);
  plot_->setVisible(plotted_ > 0);
  plot_->replot(QCustomPlot::rpQueuedReplot);
}

void SweepPlot::buildLine() {
  // The values evenly spaced in grid order: a geometric range reads as a log axis, a list of
  // names as categories.
  const auto& var = run_->sweep.vary.front();
  for (std::size_t i = 0; i < var.values.size(); ++i) xs_.push_back(static_cast<double>(i));
  auto* group = new QCPMarginGroup(plot_);
  for (int m = 0; m < 3; ++m) {
    auto* rect = new QCPAxisRect(plot_);
    plot_->plotLayout()->addElement(m, 0, rect);
    rect->setMarginGroup(QCP::msLeft | QCP::msRight, group);
    rect->setMinimumSize(120, 60);
    QCPAxis* x = rect->axis(QCPAxis::atBottom);
    QCPAxis* y = rect->axis(QCPAxis::atLeft);
    QVector<double> keys, values;
    double lo = std::numeric_limits<double>::infinity(), hi = -lo;
    for (std::size_t i = 0; i < run_->points.size() && i < xs_.size(); ++i) {
      const auto& row = run_->points[i].row;
      if (!row.found) continue;  // a gap
      const double v = measureOf(row, m);
      keys << xs_[i];
      values << v;
      lo = std::min(lo, v), hi = std::max(hi, v);
    }
    if (keys.isEmpty()) continue;
    setMeasureAxis(y, kMeasures[m], lo, hi);
    y->ticker()->setTickCount(2);  // three short panels: a few labels that do not overlap
    x->setTicker(textTicker(var.values));
    x->setRange(-0.5, static_cast<double>(var.values.size()) - 0.5);
    x->setTickLabels(m == 2);
    if (m == 2) x->setLabel(QString::fromStdString(var.name));
    QCPGraph* g = plot_->addGraph(x, y);
    g->setData(keys, values, true);
    g->setPen(QPen(kLine, 1.6));
    g->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssCircle, kLine, Qt::white, 6));
    plotted_ += static_cast<int>(keys.size());
    if (selected_ >= 0 && selected_ < static_cast<int>(run_->points.size()) &&
        run_->points[static_cast<std::size_t>(selected_)].row.found) {
      QCPGraph* mark = plot_->addGraph(x, y);
      mark->setLineStyle(QCPGraph::lsNone);
      mark->setScatterStyle(
          QCPScatterStyle(QCPScatterStyle::ssCircle, QPen(kSelected, 2.5), Qt::NoBrush, 13));
      mark->addData(xs_[static_cast<std::size_t>(selected_)],
                    measureOf(run_->points[static_cast<std::size_t>(selected_)].row, m));
    }
  }
}

void SweepPlot::buildHeatMap() {
  const auto& a = run_->sweep.vary[0];
  const auto& b = run_->sweep.vary[1];
  const int na = static_cast<int>(a.values.size()), nb = static_cast<int>(b.values.size());
  const int m = measure_->currentIndex();
  auto* rect = new QCPAxisRect(plot_);
  plot_->plotLayout()->addElement(0, 0, rect);
  QCPAxis* x = rect->axis(QCPAxis::atBottom);
  QCPAxis* y = rect->axis(QCPAxis::atLeft);
  x->setTicker(textTicker(a.values));
  y->setTicker(textTicker(b.values));
  x->setLabel(QString::fromStdString(a.name));
  y->setLabel(QString::fromStdString(b.name));
  x->setRange(-0.5, na - 0.5);
  y->setRange(-0.5, nb - 0.5);
  x->grid()->setVisible(false);
  y->grid()->setVisible(false);
  auto* map = new QCPColorMap(x, y);
  map->data()->setSize(na, nb);
  map->data()->setRange(QCPRange(0, na - 1), QCPRange(0, nb - 1));
  map->data()->fill(std::numeric_limits<double>::quiet_NaN());
  double lo = std::numeric_limits<double>::infinity(), hi = -lo;
  for (std::size_t i = 0; i < run_->points.size(); ++i) {
    const auto& row = run_->points[i].row;
    if (!row.found) continue;
    const double v = measureOf(row, m);
    map->data()->setCell(static_cast<int>(i) / nb, static_cast<int>(i) % nb, v);
    lo = std::min(lo, v), hi = std::max(hi, v);
    ++plotted_;
  }
  if (plotted_ == 0) return;
  QCPColorGradient gradient;  // the fronts' sequential palette
  gradient.clearColorStops();
  gradient.setColorInterpolation(QCPColorGradient::ciRGB);
  for (int k = 0; k <= 8; ++k) gradient.setColorStopAt(k / 8.0, sequentialColor(k / 8.0));
  gradient.setNanHandling(QCPColorGradient::nhNanColor);
  gradient.setNanColor(kNoMapping);
  auto* scale = new QCPColorScale(plot_);
  plot_->plotLayout()->addElement(0, 1, scale);
  scale->setType(QCPAxis::atRight);
  map->setColorScale(scale);
  scale->setGradient(gradient);  // after: the map takes the scale's gradient
  const bool logScale = wantsLog(lo, hi);
  scale->setDataScaleType(logScale ? QCPAxis::stLogarithmic : QCPAxis::stLinear);
  const QString unit = QString::fromLatin1(kMeasures[m].unit);
  if (logScale)
    scale->axis()->setTicker(QSharedPointer<SiLogAxisTicker>::create(UnitFamily::Decimal, unit));
  else
    scale->axis()->setTicker(QSharedPointer<SiAxisTicker>::create(UnitFamily::Decimal, unit));
  scale->setLabel(tr("optimum's %1").arg(QString::fromLatin1(kMeasures[m].name)));
  map->setDataRange(lo < hi ? QCPRange(lo, hi) : QCPRange(lo * 0.9, hi * 1.1 + 1e-30));
  auto* group = new QCPMarginGroup(plot_);
  rect->setMarginGroup(QCP::msBottom | QCP::msTop, group);
  scale->setMarginGroup(QCP::msBottom | QCP::msTop, group);
  // Each cell says its value when it is wide enough (about the plot's width less the scale);
  // text dark on the light end of the palette.
  const QFontMetrics metrics(font());
  const double cellWidth = 0.8 * plot_->width() / na - 6;
  for (std::size_t i = 0; i < run_->points.size(); ++i) {
    const auto& row = run_->points[i].row;
    auto* text = new QCPItemText(plot_);
    text->setClipAxisRect(rect);
    text->position->setAxes(x, y);
    text->position->setCoords(static_cast<double>(static_cast<int>(i) / nb),
                              static_cast<double>(static_cast<int>(i) % nb));
    if (!row.found) {
      text->setText(metrics.horizontalAdvance(tr("no mapping")) <= cellWidth ? tr("no mapping") : QString());
      text->setColor(Qt::black);
      continue;
    }
    const double v = measureOf(row, m);
    text->setText(formatInFamily(v, UnitFamily::Decimal, unit));
    if (metrics.horizontalAdvance(text->text()) > cellWidth) text->setText({});
    const double t = logScale ? std::log(v / lo) / std::log(hi / lo) : (hi > lo ? (v - lo) / (hi - lo) : 0);
    text->setColor(t > 0.6 ? Qt::black : Qt::white);
  }
  if (selected_ >= 0 && selected_ < static_cast<int>(run_->points.size())) {
    auto* ring = new QCPItemRect(plot_);
    ring->setClipAxisRect(rect);
    const double cx = selected_ / nb, cy = selected_ % nb;
    ring->topLeft->setAxes(x, y);
    ring->bottomRight->setAxes(x, y);
    ring->topLeft->setCoords(cx - 0.48, cy + 0.48);
    ring->bottomRight->setCoords(cx + 0.48, cy - 0.48);
    ring->setPen(QPen(kSelected, 3));
  }
}

int SweepPlot::pointAt(const QPointF& pos) const {
  if (!run_ || plotted_ == 0) return -1;
  if (heatMap()) {
    const auto rects = plot_->axisRects();
    if (rects.isEmpty() || !rects.front()->rect().contains(pos.toPoint())) return -1;
    const int nb = static_cast<int>(run_->sweep.vary[1].values.size());
    const int i =
        static_cast<int>(std::lround(rects.front()->axis(QCPAxis::atBottom)->pixelToCoord(pos.x())));
    const int j = static_cast<int>(std::lround(rects.front()->axis(QCPAxis::atLeft)->pixelToCoord(pos.y())));
    const int at = i * nb + j;
    return i >= 0 && j >= 0 && j < nb && at < static_cast<int>(run_->points.size()) ? at : -1;
  }
  double best = kPointHitRadius;
  int at = -1;
  for (int g = 0; g < plot_->graphCount(); ++g) {
    const QCPGraph* graph = plot_->graph(g);
    for (auto it = graph->data()->constBegin(); it != graph->data()->constEnd(); ++it) {
      const QPointF p(graph->keyAxis()->coordToPixel(it->key), graph->valueAxis()->coordToPixel(it->value));
      const double d = std::hypot(p.x() - pos.x(), p.y() - pos.y());
      if (d >= best) continue;
      const auto x = std::find(xs_.begin(), xs_.end(), it->key);
      if (x == xs_.end()) continue;
      best = d;
      at = static_cast<int>(x - xs_.begin());
    }
  }
  return at < static_cast<int>(run_->points.size()) ? at : -1;
}

}  // namespace af::ui
