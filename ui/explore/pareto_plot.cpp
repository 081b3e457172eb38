#include "explore/pareto_plot.h"

#include <qcustomplot.h>

#include <QComboBox>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QMenu>
#include <QScopedValueRollback>
#include <QSplitter>
#include <QTableWidget>
#include <QToolButton>
#include <QToolTip>
#include <QVBoxLayout>
#include <algorithm>
#include <cmath>

#include "models/si_format.h"
#include "plots/figure_export.h"
#include "plots/si_axis_ticker.h"
#include "spec/metrics.h"

namespace af::ui {

namespace {

const QColor kFront(0x00, 0x72, 0xB2);     // Okabe–Ito blue
const QColor kOptimum(0xD5, 0x5E, 0x00);   // vermilion
const QColor kPrevious(0xB0, 0xB0, 0xB0);  // faded grey
constexpr double kHitRadius = 9.0;         // pixels

// A log axis cannot show 0 (snowcat reports latency 0): fall back to linear then.
void setAxis(QCPAxis* axis, bool log, const QString& unit, const QString& label) {
  axis->setLabel(label);
  axis->setScaleType(log ? QCPAxis::stLogarithmic : QCPAxis::stLinear);
  if (log)
    axis->setTicker(QSharedPointer<SiLogAxisTicker>::create(UnitFamily::Decimal, unit));
  else
    axis->setTicker(QSharedPointer<SiAxisTicker>::create(UnitFamily::Decimal, unit));
}

void fitAxis(QCPAxis* axis, double lo, double hi) {
  if (!(lo <= hi)) return;
  if (axis->scaleType() == QCPAxis::stLogarithmic) {
    const double pad = std::pow(hi / lo, 0.08);  // 8% of the span on each side, in log space
    axis->setRange(lo / pad, hi * pad);
  } else {
    const double span = hi - lo;
    const double pad = span > 0 ? span * 0.08 : (hi != 0 ? std::abs(hi) * 0.1 : 1.0);
    axis->setRange(lo - pad, hi + pad);
  }
}

}  // namespace

QString mappingSummary(const mapper::MapperResult& result, std::size_t frontIndex) {
  if (frontIndex >= result.front.size()) return {};
  QStringList parts;
  const auto& joined = result.front[frontIndex];
  for (std::size_t e = 0; e < joined.pmappings.size() && e < result.templates.size(); ++e) {
    const auto& row = joined.pmappings[e];
    const auto& templates = result.templates[e];
    if (row.template_index < templates.size())
      parts << QString::fromStdString(templates[row.template_index].describe());
  }
  return parts.join(QStringLiteral("; "));
}

ParetoPlot::ParetoPlot(QWidget* parent) : QWidget(parent) {
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(0, 0, 0, 0);
  layout->setSpacing(2);
  auto* bar = new QHBoxLayout;
  bar->setContentsMargins(4, 2, 4, 0);
  combo_ = new QComboBox(this);
  combo_->setObjectName("frontCombo");
  combo_->setToolTip(tr("The joined front of the whole workload, or one Einsum's pmapping front"));
  // A transformer's Einsum names ("Einsum QK_softmax (pmappings)") must not set the front's
  // minimum width: the combo shows what fits, its list shows them whole.
  combo_->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
  combo_->setMinimumContentsLength(14);
  status_ = new QLabel(this);
  status_->setObjectName("frontStatus");
  status_->setTextInteractionFlags(Qt::TextSelectableByMouse);
  // The line may be cut short in a narrow pane (the tooltip keeps it whole): its length must
  // not set the front's minimum width, or the funnel beside it gets squeezed.
  status_->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
  tableButton_ = new QToolButton(this);
  tableButton_->setObjectName("frontTableButton");
  tableButton_->setText(tr("Table"));
  tableButton_->setCheckable(true);
  tableButton_->setToolTip(tr("List the points: energy, latency, EDP and what each mapping does"));
  bar->addWidget(combo_);
  bar->addWidget(status_, 1);
  bar->addWidget(tableButton_);
  layout->addLayout(bar);

  plot_ = new QCustomPlot(this);
  plot_->setObjectName("paretoCustomPlot");
  plot_->setMouseTracking(true);
  plot_->setContextMenuPolicy(Qt::CustomContextMenu);
  table_ = new QTableWidget(0, 5, this);
  table_->setObjectName("frontTable");
  table_->setHorizontalHeaderLabels({tr("#"), tr("energy"), tr("latency"), tr("EDP"), tr("mapping")});
  table_->verticalHeader()->hide();
  table_->horizontalHeader()->setStretchLastSection(true);
  table_->setSelectionBehavior(QAbstractItemView::SelectRows);
  table_->setSelectionMode(QAbstractItemView::SingleSelection);
  table_->setEditTriggers(QAbstractItemView::NoEditTriggers);
  table_->setToolTip(tr("Double-click a row of a finished run to open its mapping"));
  table_->hide();
  auto* split = new QSplitter(Qt::Vertical, this);
  split->addWidget(plot_);
  split->addWidget(table_);
  split->setStretchFactor(0, 3);
  split->setStretchFactor(1, 1);
  layout->addWidget(split, 1);
  connect(tableButton_, &QToolButton::toggled, this, &ParetoPlot::setTableVisible);
  connect(table_, &QTableWidget::itemSelectionChanged, this, [this] {
    const auto rows = table_->selectionModel()->selectedRows();
    if (!rows.isEmpty()) selectPoint(rows.front().row());
  });
  connect(table_, &QTableWidget::cellDoubleClicked, this, [this](int row, int) {
    if (row >= 0 && row < pointCount() && points_[static_cast<std::size_t>(row)].index >= 0)
      emit mappingClicked(points_[static_cast<std::size_t>(row)].index);
  });
  empty_ = new QLabel(plot_);  // its text says why it is empty (rebuild)
  empty_->setObjectName("paretoEmpty");
  empty_->setAlignment(Qt::AlignCenter);
  empty_->setWordWrap(true);
  empty_->setEnabled(false);
  empty_->setAutoFillBackground(true);  // covers the empty axes: the text never crosses a tick

  previousGraph_ = plot_->addGraph();
  previousGraph_->setName(tr("previous run"));
  previousGraph_->setPen(QPen(kPrevious, 1.2, Qt::DashLine));
  previousGraph_->setLineStyle(QCPGraph::lsStepRight);
  previousGraph_->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssCircle, kPrevious, kPrevious, 5));
  frontGraph_ = plot_->addGraph();
  frontGraph_->setName(tr("Pareto front"));
  frontGraph_->setPen(QPen(kFront, 1.8));
  frontGraph_->setLineStyle(QCPGraph::lsStepRight);
  frontGraph_->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssCircle, kFront, Qt::white, 7));
  optimumGraph_ = plot_->addGraph();
  optimumGraph_->setName(tr("optimum"));
  optimumGraph_->setLineStyle(QCPGraph::lsNone);
  optimumGraph_->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssStar, QPen(kOptimum, 2), kOptimum, 16));
  selectedGraph_ = plot_->addGraph();
  selectedGraph_->setName(tr("selected"));
  selectedGraph_->setLineStyle(QCPGraph::lsNone);
  selectedGraph_->setScatterStyle(
      QCPScatterStyle(QCPScatterStyle::ssCircle, QPen(Qt::black, 2), Qt::NoBrush, 14));
  selectedGraph_->removeFromLegend();
  // Wheel zooms and drag pans; the live updates then keep that view until a double-click.
  plot_->setInteractions(QCP::iRangeDrag | QCP::iRangeZoom);
  connect(plot_, &QCustomPlot::mouseDoubleClick, this, &ParetoPlot::fitToPoints);
  plot_->setToolTip({});
  plot_->legend->setVisible(true);
  plot_->axisRect()->insetLayout()->setInsetAlignment(0, Qt::AlignTop | Qt::AlignRight);
  plot_->legend->setBrush(QColor(255, 255, 255, 220));
  setAxis(plot_->xAxis, true, QStringLiteral("s"), tr("latency"));
  setAxis(plot_->yAxis, true, QStringLiteral("J"), tr("energy"));

  connect(combo_, &QComboBox::activated, this, [this](int i) { showFront(combo_->itemData(i).toString()); });
  connect(plot_, &QCustomPlot::mouseMove, this, &ParetoPlot::onMouseMove);
  connect(plot_, &QCustomPlot::mousePress, this, &ParetoPlot::onMousePress);
  connect(plot_, &QWidget::customContextMenuRequested, this, &ParetoPlot::showContextMenu);
  rebuild();
  // After the first fit: from here a range change outside rebuild() is the user's wheel or drag.
  for (QCPAxis* axis : {plot_->xAxis, plot_->yAxis})
    connect(axis, qOverload<const QCPRange&>(&QCPAxis::rangeChanged), this, [this] {
      if (!fitting_) userZoomed_ = true;
    });
}

void ParetoPlot::beginRun() {
  userZoomed_ = false;
  selected_.reset();
  previous_ = points_;
  for (auto& p : previous_) p.index = -1;  // the old run's mappings are gone
  front_.reset();
  run_.reset();
  rebuild();
}

void ParetoPlot::setFront(const FrontSnapshotPtr& front) {
  front_ = front;
  updateCombo();
  rebuild();
}

void ParetoPlot::setRun(const MapRunPtr& run) {
  run_ = run;
  rebuild();
}

void ParetoPlot::clear() {
  userZoomed_ = false;
  selected_.reset();
  front_.reset();
  run_.reset();
  previous_.clear();
  updateCombo();
  rebuild();
}

void ParetoPlot::showFront(const QString& einsum) {
  shown_ = einsum;
  const int i = combo_->findData(einsum);
  if (i >= 0) combo_->setCurrentIndex(i);
  rebuild();
}

void ParetoPlot::updateCombo() {
  QStringList names;
  if (front_)
    for (const auto& [einsum, points] : front_->einsumFronts) names << QString::fromStdString(einsum);
  QStringList have;
  for (int i = 1; i < combo_->count(); ++i) have << combo_->itemData(i).toString();
  if (combo_->count() > 0 && have == names) return;
  combo_->clear();
  combo_->addItem(tr("Whole workload (joined)"), QString());
  for (const QString& n : names) combo_->addItem(tr("Einsum %1 (pmappings)").arg(n), n);
  const int i = combo_->findData(shown_);
  combo_->setCurrentIndex(i >= 0 ? i : 0);
  if (i < 0) shown_.clear();
}

std::vector<ParetoPlot::Point> ParetoPlot::shownPoints() const {
  std::vector<Point> out;
  if (shown_.isEmpty() && run_ && !run_->result.front.empty()) {
    for (std::size_t i = 0; i < run_->result.front.size(); ++i) {
      const auto& m = run_->result.front[i];
      out.push_back({m.energy(), m.latency, static_cast<int>(i), mappingSummary(run_->result, i)});
    }
    return out;
  }
  if (!front_) return out;
  const std::vector<mapper::FrontPoint>* points = nullptr;
  if (shown_.isEmpty())
    points = &front_->joined;
  else if (const auto it = front_->einsumFronts.find(shown_.toStdString()); it != front_->einsumFronts.end())
    points = &it->second;
  if (points)
    for (std::size_t i = 0; i < points->size(); ++i)
      out.push_back({(*points)[i].energy,
                     (*points)[i].latency,
                     shown_.isEmpty() && front_->stored ? static_cast<int>(i) : -1,
                     {}});
  return out;
}

void ParetoPlot::rebuild() {
  const QScopedValueRollback fitting(fitting_, true);  // range changes here are not the user's
  points_ = shownPoints();
  const auto byLatency = [](const Point& a, const Point& b) { return a.latency < b.latency; };
  std::sort(points_.begin(), points_.end(), byLatency);
  std::sort(previous_.begin(), previous_.end(), byLatency);

  // Log axes when the values span a decade or more and none is 0 or below (a spec whose latency
  // is 0, e.g. energy-only arches): a front within a few percent drawn on log axes with a
  // log margin is one blob.
  bool logX = true, logY = true;
  double xlo = INFINITY, xhi = -INFINITY, ylo = INFINITY, yhi = -INFINITY;
  for (const auto* set : {&points_, &previous_})
    for (const auto& p : *set) {
      logX = logX && p.latency > 0;
      logY = logY && p.energy > 0;
      xlo = std::min(xlo, p.latency), xhi = std::max(xhi, p.latency);
      ylo = std::min(ylo, p.energy), yhi = std::max(yhi, p.energy);
    }
  logX = logX && xhi >= 10 * xlo;
  logY = logY && yhi >= 10 * ylo;
  setAxis(plot_->xAxis, logX, QStringLiteral("s"), tr("latency"));
  setAxis(plot_->yAxis, logY, QStringLiteral("J"), tr("energy"));
  fitTickCounts();

  const auto fill = [](QCPGraph* g, const std::vector<Point>& pts) {
    QVector<double> x, y;
    for (const auto& p : pts) x << p.latency, y << p.energy;
    g->setData(x, y, true);
  };
  fill(frontGraph_, points_);
  fill(previousGraph_, previous_);
  std::vector<Point> optimum;
  if (const auto o = optimumIndex()) optimum.push_back(points_[static_cast<std::size_t>(*o)]);
  fill(optimumGraph_, optimum);
  previousGraph_->addToLegend();
  if (previous_.empty()) previousGraph_->removeFromLegend();
  if (optimum.empty())
    optimumGraph_->removeFromLegend();
  else
    optimumGraph_->addToLegend();
  if (selected_ && *selected_ >= static_cast<int>(points_.size())) selected_.reset();
  fill(selectedGraph_,
       selected_ ? std::vector<Point>{points_[static_cast<std::size_t>(*selected_)]} : std::vector<Point>{});
  if (!userZoomed_) {
    fitAxis(plot_->xAxis, xlo, xhi);
    fitAxis(plot_->yAxis, ylo, yhi);
  }
  fillTable();

  const bool empty = points_.empty() && previous_.empty();
  if (empty)
    empty_->setText(run_ && !run_->result.found && !run_->result.cancelled
                        ? tr("No valid mapping: the keep-rate funnel says which check removed every "
                             "pmapping, and what to try.")
                        : tr("Run the mapper (Run ▶ in the Mapper panel) to see the Pareto front of energy "
                             "against latency grow while it searches."));
  empty_->setVisible(empty);
  empty_->setGeometry(plot_->rect());
  plot_->legend->setVisible(!empty && legendFits());
  QString status;
  if (run_ && shown_.isEmpty() && run_->result.cancelled && !run_->result.found) {
    // Stopped before the join finished: what the search found so far stays on screen.
    const QString what = front_ && !front_->provisional
                             ? tr("%n Einsum(s) joined", "", static_cast<int>(front_->einsumsJoined))
                             : tr("each Einsum's best pmappings summed");
    status = tr("Stopped after %1: %n point(s) found so far (%2; no whole mapping joined yet)", "",
                static_cast<int>(points_.size()))
                 .arg(formatSi(run_->seconds, QStringLiteral("s")), what);
  } else if (run_ && shown_.isEmpty() && run_->result.cancelled) {
    // Stopped, and what the search had found joined into whole mappings: they open on a click.
    status =
        tr("Stopped after %1: %n mapping(s) joined from the pmappings found so far (click one to open it)",
           "", static_cast<int>(run_->result.front.size()))
            .arg(formatSi(run_->seconds, QStringLiteral("s")));
  } else if (run_ && shown_.isEmpty()) {
    const auto& r = run_->result;
    status = r.found ? tr("%n mapping(s) on the front, found in %1", "", static_cast<int>(r.front.size()))
                           .arg(formatSi(run_->seconds, QStringLiteral("s")))
                     : tr("No valid mapping (see the keep-rate funnel)");
  } else if (front_) {
    status =
        shown_.isEmpty()
            ? (front_->provisional
                   ? tr("%n mapping(s) on the front so far (each Einsum's best pmappings so far, summed)", "",
                        static_cast<int>(points_.size()))
                   : tr("%n mapping(s) joined so far (%1 Einsum(s))", "", static_cast<int>(points_.size()))
                         .arg(front_->einsumsJoined))
            : tr("%n pmapping(s) on this Einsum's front", "", static_cast<int>(points_.size()));
  }
  status_->setText(status);
  status_->setToolTip(status);
  plot_->replot(QCustomPlot::rpQueuedReplot);
}

QString ParetoPlot::statusText() const { return status_->text(); }

std::optional<int> ParetoPlot::optimumIndex() const {
  if (points_.empty()) return std::nullopt;
  // The finished run's front[0] is the optimum under its metric; live fronts mark the
  // best energy × latency, the metric a front of two objectives is usually judged by.
  for (std::size_t i = 0; i < points_.size(); ++i)
    if (points_[i].index == 0) return static_cast<int>(i);
  std::size_t best = 0;
  for (std::size_t i = 1; i < points_.size(); ++i)
    if (points_[i].energy * points_[i].latency < points_[best].energy * points_[best].latency) best = i;
  return static_cast<int>(best);
}

void ParetoPlot::resizeEvent(QResizeEvent* event) {
  QWidget::resizeEvent(event);
  empty_->setGeometry(plot_->rect());
  fitTickCounts();
  plot_->legend->setVisible(!empty_->isVisible() && legendFits());
  plot_->replot(QCustomPlot::rpQueuedReplot);
}

bool ParetoPlot::legendFits() const {
  // In a small plot the key would cover the points it names; the line and the star read
  // without it (and the tooltips name each point).
  return plot_->width() >= 380 && plot_->height() >= 260;
}

void ParetoPlot::fitTickCounts() {
  // About one tick label per 110 px of width ("7.75 µs" is ~50 px wide) and per 45 px of
  // height, so labels never run into each other in a narrow pane.
  const int width = std::max(0, plot_->width() - 90);
  const int height = std::max(0, plot_->height() - 60);
  plot_->xAxis->ticker()->setTickCount(std::clamp(width / 110, 2, 6));
  plot_->yAxis->ticker()->setTickCount(std::clamp(height / 45, 2, 6));
}

int ParetoPlot::pointCount() const { return static_cast<int>(points_.size()); }
int ParetoPlot::previousPointCount() const { return static_cast<int>(previous_.size()); }
bool ParetoPlot::showsEmptyState() const { return empty_->isVisible(); }

QPoint ParetoPlot::pixelOf(int index) const {
  const auto& p = points_.at(static_cast<std::size_t>(index));
  return QPoint(static_cast<int>(plot_->xAxis->coordToPixel(p.latency)),
                static_cast<int>(plot_->yAxis->coordToPixel(p.energy)));
}

int ParetoPlot::hitAt(const QPoint& pos) const {
  int best = -1;
  double bestDistance = kHitRadius;
  for (std::size_t i = 0; i < points_.size(); ++i) {
    const QPointF at(plot_->xAxis->coordToPixel(points_[i].latency),
                     plot_->yAxis->coordToPixel(points_[i].energy));
    const double d = std::hypot(at.x() - pos.x(), at.y() - pos.y());
    if (d <= bestDistance) {
      bestDistance = d;
      best = static_cast<int>(i);
    }
  }
  return best;
}

QString ParetoPlot::toolTipAt(const QPoint& pos) const {
  const int i = hitAt(pos);
  if (i < 0) return {};
  const Point& p = points_[static_cast<std::size_t>(i)];
  QString text =
      tr("energy %1\nlatency %2\nEDP %3")
          .arg(formatSi(p.energy, QStringLiteral("J"), 4), formatSi(p.latency, QStringLiteral("s"), 4),
               formatSi(p.energy * p.latency, QStringLiteral("J·s"), 4));
  if (!p.summary.isEmpty()) text += QLatin1Char('\n') + p.summary;
  if (p.index >= 0)
    text += tr("\nClick to open this mapping");
  else if (shown_.isEmpty())
    text += tr("\n(the mappings can be opened when the run ends)");
  return text;
}

void ParetoPlot::onMouseMove(QMouseEvent* event) {
  const QString tip = toolTipAt(event->pos());
  if (tip.isEmpty())
    QToolTip::hideText();
  else
    QToolTip::showText(event->globalPosition().toPoint(), tip, plot_);
  plot_->setCursor(hitAt(event->pos()) >= 0 &&
                           points_[static_cast<std::size_t>(hitAt(event->pos()))].index >= 0
                       ? Qt::PointingHandCursor
                       : Qt::ArrowCursor);
}

void ParetoPlot::onMousePress(QMouseEvent* event) {
  if (event->button() != Qt::LeftButton) return;
  const int i = hitAt(event->pos());
  if (i < 0) return;
  selectPoint(i);
  if (points_[static_cast<std::size_t>(i)].index >= 0)
    emit mappingClicked(points_[static_cast<std::size_t>(i)].index);
}

void ParetoPlot::selectPoint(int index) {
  if (index < 0 || index >= pointCount() || selected_ == index) return;
  selected_ = index;
  const Point& p = points_[static_cast<std::size_t>(index)];
  selectedGraph_->setData(QVector<double>{p.latency}, QVector<double>{p.energy}, true);
  if (table_->rowCount() > index) {
    const QSignalBlocker block(table_);
    table_->selectRow(index);
  }
  plot_->replot(QCustomPlot::rpQueuedReplot);
}

void ParetoPlot::fitToPoints() {
  userZoomed_ = false;
  rebuild();
}

void ParetoPlot::setTableVisible(bool visible) {
  table_->setVisible(visible);
  if (tableButton_->isChecked() != visible) tableButton_->setChecked(visible);
  if (visible) fillTable();
}

void ParetoPlot::fillTable() {
  if (table_->isHidden()) return;  // filled when shown
  const QSignalBlocker block(table_);
  table_->setRowCount(static_cast<int>(points_.size()));
  for (std::size_t i = 0; i < points_.size(); ++i) {
    const Point& p = points_[i];
    const int row = static_cast<int>(i);
    const QStringList cells = {p.index >= 0 ? QString::number(p.index + 1) : QStringLiteral("–"),
                               formatSi(p.energy, QStringLiteral("J"), 4),
                               formatSi(p.latency, QStringLiteral("s"), 4),
                               formatSi(p.energy * p.latency, QStringLiteral("J·s"), 4),
                               p.summary.isEmpty() ? tr("(opens when the run ends)") : p.summary};
    for (int c = 0; c < cells.size(); ++c) {
      auto* item = new QTableWidgetItem(cells[c]);
      if (c < 4) item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
      item->setToolTip(cells[c]);
      table_->setItem(row, c, item);
    }
  }
  if (selected_) table_->selectRow(*selected_);
}

QString ParetoPlot::title() const {
  QString title = shown_.isEmpty() ? tr("Pareto front: energy against latency")
                                   : tr("Pareto front of Einsum %1").arg(shown_);
  if (!run_) return title;
  // An exported figure says what it is of: the spec's files and the run's metric.
  QStringList files;
  for (const auto& f : run_->workspace->inputs().files)
    files << QFileInfo(QString::fromStdString(f)).fileName();
  return tr("%1 (%2; metric %3)")
      .arg(title, files.join(QStringLiteral(", ")),
           QString::fromStdString(spec::metrics_name(run_->options.metrics)));
}

bool ParetoPlot::exportTo(const QString& path, QString* error) {
  return exportFigure(plotFigure(*plot_, title()), path, error);
}

void ParetoPlot::showContextMenu(const QPoint& pos) {
  QMenu menu(this);
  addExportActions(
      menu, [this] { return plotFigure(*plot_, title()); }, this);
  if (!contextActions_.isEmpty()) {
    menu.addSeparator();
    menu.addActions(contextActions_);
  }
  menu.exec(plot_->mapToGlobal(pos));
}

}  // namespace af::ui
