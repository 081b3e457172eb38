#include "sweep/sweep_fronts_plot.h"

#include <qcustomplot.h>

#include <QComboBox>
#include <QLabel>
#include <QVBoxLayout>
#include <algorithm>
#include <array>
#include <charconv>
#include <cmath>
#include <limits>

#include "plots/si_axis_ticker.h"

namespace af::ui {

namespace {

constexpr double kFrontHitRadius = 10.0;  // pixels
constexpr int kLegendMax = 12;            // more points: the legend names the first and last only

}  // namespace

QString compactValue(const std::string& value) {
  double v = 0;
  const auto* end = value.data() + value.size();
  const auto [ptr, ec] = std::from_chars(value.data(), end, v);
  if (ec != std::errc() || ptr != end || std::abs(v) < 10000 || v != std::trunc(v) || std::abs(v) > 1e18)
    return QString::fromStdString(value);
  const auto n = static_cast<long long>(v);
  static constexpr const char* kDecimal[] = {"", "k", "M", "G", "T", "P"};
  static constexpr const char* kBinary[] = {"", "Ki", "Mi", "Gi", "Ti", "Pi"};
  long long scale = 1;
  int k = 0;
  while (k < 5 && n % (scale * 1000) == 0) scale *= 1000, ++k;
  if (k > 0) return QString::number(n / scale) + QLatin1String(kDecimal[k]);
  scale = 1;
  while (k < 5 && n % (scale * 1024) == 0) scale *= 1024, ++k;
  if (k > 0) return QString::number(n / scale) + QLatin1String(kBinary[k]);
  return QString::fromStdString(value);
}

QColor sequentialColor(double t) {
  // Viridis at nine stops, interpolated.
  static constexpr std::array<std::array<int, 3>, 9> kStops{{{68, 1, 84},
                                                             {71, 44, 122},
                                                             {59, 81, 139},
                                                             {44, 113, 142},
                                                             {33, 144, 141},
                                                             {39, 173, 129},
                                                             {92, 200, 99},
                                                             {170, 220, 50},
                                                             {253, 231, 37}}};
  t = std::clamp(t, 0.0, 1.0) * (kStops.size() - 1);
  const auto i = std::min(static_cast<std::size_t>(t), kStops.size() - 2);
  const double f = t - static_cast<double>(i);
  auto mix = [&](int c) {
    return static_cast<int>(std::lround(kStops[i][c] + f * (kStops[i + 1][c] - kStops[i][c])));
  };
  return {mix(0), mix(1), mix(2)};
}

SweepFrontsPlot::SweepFrontsPlot(QWidget* parent) : QWidget(parent) {
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(0, 0, 0, 0);
  axesCombo_ = new QComboBox(this);
  axesCombo_->setObjectName("sweepFrontsAxes");
  axesCombo_->addItem(tr("Each point's front: energy against latency"), static_cast<int>(Axes::Fronts));
  axesCombo_->addItem(tr("The points: energy against area"), static_cast<int>(Axes::EnergyArea));
  axesCombo_->addItem(tr("The points: latency against area"), static_cast<int>(Axes::LatencyArea));
  axesCombo_->setToolTip(
      tr("Area against energy or latency: each point's optimum, and the designs no other "
         "point beats on both"));
  connect(axesCombo_, &QComboBox::activated, this,
          [this] { setAxes(static_cast<Axes>(axesCombo_->currentData().toInt())); });
  layout->addWidget(axesCombo_, 0, Qt::AlignLeft);
  plot_ = new QCustomPlot(this);
  plot_->setObjectName("sweepFrontsCustomPlot");
  layout->addWidget(plot_);
  plot_->xAxis->setLabel(tr("latency"));
  plot_->yAxis->setLabel(tr("energy"));
  for (auto* axis : {plot_->xAxis, plot_->yAxis}) axis->setScaleType(QCPAxis::stLogarithmic);
  plot_->xAxis->setTicker(QSharedPointer<SiLogAxisTicker>::create(UnitFamily::Decimal, QStringLiteral("s")));
  plot_->yAxis->setTicker(QSharedPointer<SiLogAxisTicker>::create(UnitFamily::Decimal, QStringLiteral("J")));
  plot_->legend->setVisible(true);
  plot_->legend->setFont(font());
  plot_->legend->setFillOrder(QCPLayoutGrid::foColumnsFirst);
  plot_->legend->setWrap(3);
  plot_->legend->setBorderPen(Qt::NoPen);
  // Under the axes, not over the fronts.
  plot_->plotLayout()->addElement(1, 0, plot_->legend);
  plot_->plotLayout()->setRowStretchFactor(1, 0.001);
  plot_->plotLayout()->insertRow(0);
  title_ = new QCPTextElement(plot_, tr("Each point's Pareto front"), font());
  plot_->plotLayout()->addElement(0, 0, title_);
  empty_ = new QLabel(this);  // in the plot's place while there is nothing to draw
  empty_->setObjectName("sweepFrontsEmpty");
  empty_->setAlignment(Qt::AlignCenter);
  empty_->setWordWrap(true);
  empty_->setEnabled(false);
  empty_->setMargin(12);
  layout->addWidget(empty_);
  connect(plot_, &QCustomPlot::mousePress, this, [this](QMouseEvent* event) {
    const int at = pointAt(event->position());
    if (at >= 0) emit pointClicked(at);
  });
  rebuild();
}

void SweepFrontsPlot::setRun(const SweepRunPtr& run) {
  run_ = run;
  if (!run_ || selected_ >= static_cast<int>(run_->points.size())) selected_ = -1;
  rebuild();
}

void SweepFrontsPlot::resizeEvent(QResizeEvent* event) {
  QWidget::resizeEvent(event);
  if (fronts_ > 0) rebuild();
}

void SweepFrontsPlot::setSelected(int index) {
  selected_ = index;
  rebuild();
}

void SweepFrontsPlot::clear() {
  run_.reset();
  selected_ = -1;
  rebuild();
}

QStringList SweepFrontsPlot::axesNames() {
  return {QStringLiteral("fronts"), QStringLiteral("energy-area"), QStringLiteral("latency-area")};
}

std::optional<SweepFrontsPlot::Axes> SweepFrontsPlot::axesNamed(const QString& name) {
  const auto i = axesNames().indexOf(name);
  if (i < 0) return std::nullopt;
  return static_cast<Axes>(i);
}

void SweepFrontsPlot::setAxes(Axes axes) {
  axes_ = axes;
  axesCombo_->setCurrentIndex(axesCombo_->findData(static_cast<int>(axes)));
  rebuild();
}

void SweepFrontsPlot::drawAgainstArea() {
  const bool energy = axes_ == Axes::EnergyArea;
  const std::vector<sweep::SweepRow> rows = run_ ? run_->rows() : std::vector<sweep::SweepRow>{};
  const sweep::Axis y = energy ? sweep::Axis::Energy : sweep::Axis::Latency;
  across_ = sweep::front_across_points(rows, sweep::Axis::Area, y);
  const std::size_t n = run_ ? std::max(run_->total, run_->points.size()) : 0;
  double xlo = std::numeric_limits<double>::infinity(), xhi = 0;
  double ylo = std::numeric_limits<double>::infinity(), yhi = 0;
  for (std::size_t i = 0; i < rows.size(); ++i) {
    const double area = rows[i].area * 1e6, value = sweep::axis_value(rows[i], y);  // mm²
    if (!rows[i].found || !(area > 0) || !(value > 0)) continue;
    const bool selected = static_cast<int>(i) == selected_;
    const QColor colour = sequentialColor(n > 1 ? static_cast<double>(i) / static_cast<double>(n - 1) : 0.0);
    QCPGraph* g = plot_->addGraph();
    g->addData(area, value);
    g->setLineStyle(QCPGraph::lsNone);
    g->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssDisc, colour, colour, selected ? 12 : 8));
    g->setName(run_->values(i));
    g->setProperty("point", static_cast<int>(i));
    if (run_->points.size() > kLegendMax && i != 0 && i + 1 != run_->points.size() && !selected)
      g->removeFromLegend();
    ++fronts_;
    xlo = std::min(xlo, area), xhi = std::max(xhi, area);
    ylo = std::min(ylo, value), yhi = std::max(yhi, value);
  }
  if (fronts_ == 0) return;
  // The designs no other point beats on both axes, as a staircase.
  QCPGraph* front = plot_->addGraph();
  for (const std::size_t i : across_) front->addData(rows[i].area * 1e6, sweep::axis_value(rows[i], y));
  front->setLineStyle(QCPGraph::lsStepLeft);
  front->setPen(QPen(QColor(0xD5, 0x5E, 0x00), 2));
  front->setName(tr("front across points"));
  front->setProperty("point", -1);
  const auto fit = [](QCPAxis* axis, double lo, double hi) {
    const double pad = hi > lo ? std::pow(hi / lo, 0.08) : 1.3;
    axis->setScaleType(QCPAxis::stLogarithmic);
    axis->setRange(lo / pad, hi * pad);
  };
  fit(plot_->xAxis, xlo, xhi);
  fit(plot_->yAxis, ylo, yhi);
  plot_->xAxis->setTicker(QSharedPointer<QCPAxisTickerLog>::create());
  plot_->xAxis->setLabel(tr("chip area (mm\u00b2)"));
  plot_->yAxis->setTicker(QSharedPointer<SiLogAxisTicker>::create(
      UnitFamily::Decimal, energy ? QStringLiteral("J") : QStringLiteral("s")));
  plot_->yAxis->setLabel(energy ? tr("energy of the optimum") : tr("latency of the optimum"));
}

void SweepFrontsPlot::rebuild() {
  plot_->clearGraphs();
  plot_->clearItems();
  plot_->legend->clearItems();
  fronts_ = 0;
  across_.clear();
  if (axes_ != Axes::Fronts) {
    drawAgainstArea();
    title_->setText(run_ && !run_->sweep.vary.empty()
                        ? tr("Each point's optimum against its area (%1)").arg(run_->names())
                        : tr("Each point's optimum against its area"));
    empty_->setText(tr("No point of this sweep has a mapping and an area yet."));
    empty_->setVisible(fronts_ == 0);
    plot_->setVisible(fronts_ > 0);
    plot_->replot(QCustomPlot::rpQueuedReplot);
    return;
  }
  plot_->xAxis->setLabel(tr("latency"));
  plot_->yAxis->setLabel(tr("energy"));
  double xlo = std::numeric_limits<double>::infinity(), xhi = 0;
  double ylo = std::numeric_limits<double>::infinity(), yhi = 0;
  const std::size_t n = run_ ? std::max(run_->total, run_->points.size()) : 0;
  for (std::size_t i = 0; run_ && i < run_->points.size(); ++i) {
    const auto& row = run_->points[i].row;
    if (!row.found || row.front.empty()) continue;
    auto front = row.front;
    std::sort(front.begin(), front.end(), [](const auto& a, const auto& b) { return a.second < b.second; });
    QVector<double> xs, ys;
    for (const auto& [energy, latency] : front) {
      if (!(energy > 0) || !(latency > 0)) continue;  // a log axis shows neither 0
      xs << latency;
      ys << energy;
      xlo = std::min(xlo, latency), xhi = std::max(xhi, latency);
      ylo = std::min(ylo, energy), yhi = std::max(yhi, energy);
    }
    if (xs.isEmpty()) continue;
    const bool selected = static_cast<int>(i) == selected_;
    const QColor colour = sequentialColor(n > 1 ? static_cast<double>(i) / static_cast<double>(n - 1) : 0.0);
    QCPGraph* g = plot_->addGraph();
    g->setData(xs, ys, true);
    g->setLineStyle(QCPGraph::lsStepRight);
    g->setPen(QPen(colour, selected ? 3.0 : 1.4));
    g->setScatterStyle(
        QCPScatterStyle(QCPScatterStyle::ssCircle, colour, selected ? colour : Qt::white, selected ? 8 : 5));
    g->setName(run_->values(i));
    g->setProperty("point", static_cast<int>(i));
    ++fronts_;
    const bool named =
        run_->points.size() <= kLegendMax || i == 0 || i + 1 == run_->points.size() || selected;
    if (!named) g->removeFromLegend();
    if (selected) {  // its optimum, as the sweep plot reports it
      auto* mark = new QCPItemTracer(plot_);
      mark->setGraph(nullptr);
      mark->position->setCoords(row.latency, row.energy);
      mark->setStyle(QCPItemTracer::tsCircle);
      mark->setSize(14);
      mark->setPen(QPen(QColor(0xD5, 0x5E, 0x00), 2));
    }
  }
  title_->setText(run_ && !run_->sweep.vary.empty() ? tr("Each point's Pareto front (%1)").arg(run_->names())
                                                    : tr("Each point's Pareto front"));
  empty_->setText(run_ && run_->points.empty() ? tr("The sweep's first point is mapping…")
                  : run_                       ? tr("No point of this sweep has a mapping.")
                         : tr("Choose a variable and its values in the Sweep pane, then Sweep: "
                              "every point's front appears here."));
  empty_->setVisible(fronts_ == 0);
  plot_->setVisible(fronts_ > 0);
  if (fronts_ > 0) {
    // Log axes when the values span a decade or more (a narrower log axis labels every
    // sub-tick); SI units either way.
    const auto fit = [](QCPAxis* axis, double lo, double hi, const QString& unit) {
      if (hi >= 10 * lo) {
        axis->setScaleType(QCPAxis::stLogarithmic);
        axis->setTicker(QSharedPointer<SiLogAxisTicker>::create(UnitFamily::Decimal, unit));
        const double pad = std::pow(hi / lo, 0.08);
        axis->setRange(lo / pad, hi * pad);
      } else {
        axis->setScaleType(QCPAxis::stLinear);
        axis->setTicker(QSharedPointer<SiAxisTicker>::create(UnitFamily::Decimal, unit));
        const double pad = hi > lo ? (hi - lo) * 0.08 : hi * 0.1;
        axis->setRange(std::max(0.0, lo - pad), hi + pad);
      }
    };
    fit(plot_->xAxis, xlo, xhi, QStringLiteral("s"));
    fit(plot_->yAxis, ylo, yhi, QStringLiteral("J"));
    // About one label per 90 px: "2 ms" labels a narrow pane without running together.
    plot_->xAxis->ticker()->setTickCount(std::max(2, plot_->width() / 90));
    plot_->yAxis->ticker()->setTickCount(std::max(2, plot_->height() / 60));
  }
  plot_->replot(QCustomPlot::rpQueuedReplot);
}

int SweepFrontsPlot::pointAt(const QPointF& pos) const {
  double best = kFrontHitRadius;
  int at = -1;
  for (int g = 0; g < plot_->graphCount(); ++g) {
    const QCPGraph* graph = plot_->graph(g);
    for (auto it = graph->data()->constBegin(); it != graph->data()->constEnd(); ++it) {
      const QPointF p(plot_->xAxis->coordToPixel(it->key), plot_->yAxis->coordToPixel(it->value));
      const double d = std::hypot(p.x() - pos.x(), p.y() - pos.y());
      if (d < best && graph->property("point").toInt() >= 0) {  // not the front across points
        best = d;
        at = graph->property("point").toInt();
      }
    }
  }
  return at;
}

}  // namespace af::ui
