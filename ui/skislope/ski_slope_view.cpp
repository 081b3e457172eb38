#include "skislope/ski_slope_view.h"

#include <qcustomplot.h>

#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QMenu>
#include <QPushButton>
#include <QVBoxLayout>
#include <algorithm>
#include <cmath>
#include <limits>

#include "models/si_format.h"
#include "plots/figure_export.h"
#include "plots/si_axis_ticker.h"

namespace af::ui {

namespace {

constexpr double kHitRadius = 10.0;       // pixels
const QColor kFused(0x00, 0x72, 0xB2);    // Okabe–Ito blue
const QColor kUnfused(0xD5, 0x5E, 0x00);  // Okabe–Ito vermilion

QString text(const std::string& s) { return QString::fromStdString(s); }

}  // namespace

SkiSlopeView::SkiSlopeView(QWidget* parent) : QWidget(parent) {
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(0, 0, 0, 0);
  auto* bar = new QHBoxLayout;
  bar->setContentsMargins(6, 4, 6, 0);
  auto* memoryLabel = new QLabel(tr("Usage of"), this);
  memory_ = new QComboBox(this);
  memory_->setObjectName("skiSlopeMemory");
  memory_->setToolTip(tr("The memory whose usage (its peak reservation, in bits) is the x axis"));
  memory_->setSizeAdjustPolicy(QComboBox::AdjustToContents);
  memoryLabel->setBuddy(memory_);
  auto* axisLabel = new QLabel(tr("against"), this);
  axis_ = new QComboBox(this);
  axis_->setObjectName("skiSlopeAxis");
  axis_->addItem(tr("energy"));
  axis_->addItem(tr("traffic at its parent"));
  axis_->setToolTip(tr("The whole mapping's energy, or the bits its parent memory reads and writes"));
  axis_->setSizeAdjustPolicy(QComboBox::AdjustToContents);
  axisLabel->setBuddy(axis_);
  map_ = new QPushButton(tr("Map fused and unfused"), this);
  map_->setObjectName("skiSlopeMap");
  map_->setToolTip(
      tr("Maps the spec twice, fused then unfused, with the Mapper pane's settings and "
         "the resource-usage objective added (each memory's usage becomes an objective)"));
  status_ = new QLabel(this);
  status_->setObjectName("skiSlopeStatus");
  bar->addWidget(memoryLabel);
  bar->addWidget(memory_);
  bar->addWidget(axisLabel);
  bar->addWidget(axis_);
  bar->addWidget(map_);
  bar->addWidget(status_, 1);
  layout->addLayout(bar);
  summary_ = new QLabel(this);
  summary_->setObjectName("skiSlopeSummary");
  summary_->setWordWrap(true);
  summary_->setContentsMargins(6, 0, 6, 0);
  layout->addWidget(summary_);
  plot_ = new QCustomPlot(this);
  plot_->setObjectName("skiSlopePlot");
  plot_->setContextMenuPolicy(Qt::CustomContextMenu);
  plot_->legend->setVisible(true);
  plot_->axisRect()->insetLayout()->setInsetAlignment(0, Qt::AlignTop | Qt::AlignRight);
  for (QCPAxis* axis : {plot_->xAxis, plot_->yAxis}) axis->setScaleType(QCPAxis::stLogarithmic);
  plot_->xAxis->setTicker(QSharedPointer<SiLogAxisTicker>::create(UnitFamily::Bits, QString()));
  layout->addWidget(plot_, 1);
  empty_ = new QLabel(this);
  empty_->setObjectName("skiSlopeEmpty");
  empty_->setAlignment(Qt::AlignCenter);
  empty_->setWordWrap(true);
  empty_->setText(
      tr("Press Map fused and unfused, or map with \"and each memory's usage\" ticked under the "
         "Mapper pane's Metric (resource_usage). Each step is the least energy, or the least traffic "
         "at the memory's parent, that a mapping reaches with at most that much of the memory: "
         "read a buffer size off the curve in one run instead of a sweep."));
  layout->addWidget(empty_, 1);
  connect(memory_, &QComboBox::currentIndexChanged, this, [this] { redraw(); });
  connect(axis_, &QComboBox::currentIndexChanged, this, [this] { redraw(); });
  connect(map_, &QPushButton::clicked, this, &SkiSlopeView::mapRequested);
  connect(plot_, &QCustomPlot::mousePress, this, &SkiSlopeView::onClick);
  connect(plot_, &QWidget::customContextMenuRequested, this, &SkiSlopeView::showContextMenu);
  redraw();
}

void SkiSlopeView::setRuns(std::vector<SkiSlopeRunPtr> runs, bool stale) {
  runs_ = std::move(runs);
  stale_ = stale && !runs_.empty();
  fillMemories();
  redraw();
}

void SkiSlopeView::setStatus(const QString& status) {
  status_->setText(status);
  map_->setEnabled(status.isEmpty());
}

void SkiSlopeView::fillMemories() {
  const QString keep = memory();
  const QSignalBlocker block(memory_);
  memory_->clear();
  for (const auto& run : runs_)
    for (const auto& m : io::ski_slope_memories(run->rows))
      if (memory_->findText(text(m)) < 0) memory_->addItem(text(m));
  // The memory chosen before if the runs have it; else the first (AccelForge's notebook
  // reads the global buffer, the first on-chip memory below main memory).
  memory_->setCurrentIndex(std::max(0, memory_->findText(keep)));
}

QStringList SkiSlopeView::memories() const {
  QStringList out;
  for (int i = 0; i < memory_->count(); ++i) out << memory_->itemText(i);
  return out;
}

QString SkiSlopeView::memory() const { return memory_->currentText(); }

void SkiSlopeView::setMemory(const QString& memory) {
  if (const int i = memory_->findText(memory); i >= 0) memory_->setCurrentIndex(i);
}

io::SkiSlopeAxis SkiSlopeView::axis() const {
  return axis_->currentIndex() == 1 ? io::SkiSlopeAxis::ParentTraffic : io::SkiSlopeAxis::Energy;
}

void SkiSlopeView::setAxis(io::SkiSlopeAxis axis) {
  axis_->setCurrentIndex(axis == io::SkiSlopeAxis::ParentTraffic ? 1 : 0);
}

const std::vector<io::SkiSlopeStep>& SkiSlopeView::steps(bool unfused) const {
  return (unfused ? unfused_ : fused_).steps;
}

double SkiSlopeView::value(const io::SkiSlopeStep& step) const {
  return axis() == io::SkiSlopeAxis::ParentTraffic ? step.parent_bits : step.energy;
}

std::optional<QPointF> SkiSlopeView::stepPosition(bool unfused, std::size_t i) const {
  const auto& s = steps(unfused);
  if (i >= s.size() || plot_->isHidden()) return std::nullopt;
  return QPointF(plot_->xAxis->coordToPixel(s[i].usage_bits), plot_->yAxis->coordToPixel(value(s[i])));
}

QString SkiSlopeView::summary() const { return summary_->text(); }
QString SkiSlopeView::emptyText() const { return empty_->isHidden() ? QString() : empty_->text(); }

void SkiSlopeView::redraw() {
  plot_->clearGraphs();
  fused_ = {};
  unfused_ = {};
  const std::string memory = memory_->currentText().toStdString();
  const io::SkiSlopeAxis chosen = axis();
  for (const auto& run : runs_) {
    io::SkiSlope slope = io::ski_slope(run->rows, memory, chosen);
    // Log axes: a step at no usage or no cost cannot be drawn (a front mapping that leaves the
    // memory empty, say); it is left out of the plot and of the clicks alike.
    std::erase_if(slope.steps,
                  [&](const io::SkiSlopeStep& s) { return !(s.usage_bits > 0) || !(value(s) > 0); });
    (run->unfused ? unfused_ : fused_) = std::move(slope);
  }
  const bool empty = fused_.steps.empty() && unfused_.steps.empty();
  empty_->setVisible(empty);
  plot_->setVisible(!empty);
  memory_->setEnabled(!empty);
  axis_->setEnabled(!empty);
  if (empty) {
    summary_->setText(
        runs_.empty() ? QString()
                      : tr("No front mapping uses %1: choose another memory.").arg(memory_->currentText()));
    summary_->setVisible(!runs_.empty());
    return;
  }
  summary_->setVisible(true);
  const QString parent = text(fused_.steps.empty() ? unfused_.parent : fused_.parent);
  const bool traffic = chosen == io::SkiSlopeAxis::ParentTraffic;
  plot_->yAxis->setTicker(QSharedPointer<SiLogAxisTicker>::create(
      traffic ? UnitFamily::Bits : UnitFamily::Decimal, traffic ? QString() : QStringLiteral("J")));
  plot_->xAxis->setLabel(tr("%1 usage (peak reservation)").arg(memory_->currentText()));
  plot_->yAxis->setLabel(
      traffic ? tr("traffic at %1 (bits read and written)").arg(parent.isEmpty() ? tr("its parent") : parent)
              : tr("energy (the whole workload)"));
  double xLo = std::numeric_limits<double>::infinity(), xHi = 0;
  double yLo = std::numeric_limits<double>::infinity(), yHi = 0;
  for (const io::SkiSlope* slope : {&fused_, &unfused_})
    for (const auto& s : slope->steps) {
      xLo = std::min(xLo, s.usage_bits);
      xHi = std::max(xHi, s.usage_bits);
      yLo = std::min(yLo, value(s));
      yHi = std::max(yHi, value(s));
    }
  xLo /= 2;
  xHi *= 2;
  yLo /= 1.5;
  yHi *= 1.5;
  QStringList words;
  for (const bool unfused : {false, true}) {
    const io::SkiSlope& slope = unfused ? unfused_ : fused_;
    if (slope.steps.empty()) continue;
    QColor colour = unfused ? kUnfused : kFused;
    if (stale_) colour.setAlpha(80);  // as the Pareto front's previous run
    const QString name = unfused ? tr("unfused") : tr("fused");
    // The step line: each value holds until the next usage (at least that much memory reaches
    // it), and the last one to the right edge.
    QCPGraph* line = plot_->addGraph();
    line->setName(tr("%1 (%n step(s))", "", static_cast<int>(slope.steps.size())).arg(name));
    line->setLineStyle(QCPGraph::lsStepLeft);
    line->setPen(QPen(colour, 2));
    for (const auto& s : slope.steps) line->addData(s.usage_bits, value(s));
    line->addData(xHi, value(slope.steps.back()));
    QCPGraph* corners = plot_->addGraph();
    corners->setLineStyle(QCPGraph::lsNone);
    corners->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssDisc, colour, colour, 7));
    for (const auto& s : slope.steps) corners->addData(s.usage_bits, value(s));
    plot_->legend->removeItem(plot_->legend->itemCount() - 1);
    const auto unit = [&](double v) { return traffic ? formatBits(v) : formatSi(v, "J"); };
    const auto& first = slope.steps.front();
    const auto& last = slope.steps.back();
    words << tr("%1: %2 with %3 of %4, down to %5 with %6")
                 .arg(name, unit(value(first)), formatBits(first.usage_bits), memory_->currentText(),
                      unit(value(last)), formatBits(last.usage_bits));
  }
  if (!fused_.steps.empty() && !unfused_.steps.empty()) {
    const double f = value(fused_.steps.back()), u = value(unfused_.steps.back());
    if (f > 0 && u > 0)
      words << (f < u ? tr("fusion's least is %1x lower").arg(u / f, 0, 'g', 3)
                      : tr("fusion lowers the least by nothing"));
  }
  summary_->setText(
      (stale_ ? tr("The spec changed since these runs (faded): Map again for its slope. ") : QString()) +
      words.join("; ") + tr(". Click a step to open its mapping."));
  plot_->xAxis->setRange(xLo, xHi);
  plot_->yAxis->setRange(yLo, yHi);
  plot_->replot();
}

void SkiSlopeView::onClick(QMouseEvent* event) {
  std::optional<std::pair<bool, std::size_t>> nearest;
  double best = kHitRadius + 1e-9;
  // Of steps drawn on the same spot, the fused one (drawn first).
  for (const bool unfused : {false, true})
    for (std::size_t i = 0; i < steps(unfused).size(); ++i)
      if (const auto at = stepPosition(unfused, i)) {
        const double d = std::hypot(at->x() - event->position().x(), at->y() - event->position().y());
        if (d < best) {
          best = d;
          nearest = {unfused, i};
        }
      }
  if (nearest)
    emit stepClicked(nearest->first, static_cast<int>(steps(nearest->first)[nearest->second].mapping));
}

void SkiSlopeView::showContextMenu(const QPoint& at) {
  QMenu menu(this);
  addExportActions(
      menu, [this] { return plotFigure(*plot_, tr("Ski slope")); }, this);
  menu.exec(plot_->mapToGlobal(at));
}

}  // namespace af::ui
