#include "plots/accesses_plot.h"

#include <qcustomplot.h>

#include <QCheckBox>
#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QMenu>
#include <QStackedWidget>
#include <QTabBar>
#include <QToolTip>
#include <QVBoxLayout>
#include <algorithm>
#include <cmath>

#include "plots/figure_export.h"

namespace af::ui {

namespace {

constexpr double kStackedWidth = 0.6;
constexpr double kGroupWidth = 0.8;
const QColor kLatencyColor(0x55, 0x55, 0x55);  // not a tensor colour: latency is per component

// Replaces a combo's items, keeping the current data value when it still exists.
void refill(QComboBox& combo, const QList<std::pair<QString, QString>>& items, const QString& current) {
  combo.clear();
  for (const auto& [text, value] : items) combo.addItem(text, value);
  combo.setCurrentIndex(std::max(0, combo.findData(current)));
}

QString exactValue(double value, UnitFamily family, const QString& unit) {
  switch (family) {
    case UnitFamily::Count:
      return formatCount(value);
    case UnitFamily::Bits:
      return formatCount(value) + QStringLiteral(" b");
    case UnitFamily::Decimal:
      return formatSiExact(value, unit);
  }
  return {};
}

}  // namespace

AccessesPlot::AccessesPlot(QWidget* parent) : QWidget(parent) {
  setObjectName("accessesPlot");
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(0, 0, 0, 0);
  layout->setSpacing(2);

  auto* controls = new QWidget(this);
  buildControls(controls);
  layout->addWidget(controls);

  banner_ = new QLabel(tr("Showing results of the last valid spec"), this);
  banner_->setObjectName("dimmedBanner");
  banner_->setAlignment(Qt::AlignCenter);
  banner_->setStyleSheet("QLabel { background: #FFF4CC; color: #5A4A00; padding: 2px; }");
  banner_->hide();
  layout->addWidget(banner_);

  pages_ = new QStackedWidget(this);
  emptyLabel_ = new QLabel(pages_);
  emptyLabel_->setObjectName("accessesEmptyState");
  emptyLabel_->setAlignment(Qt::AlignCenter);
  emptyLabel_->setWordWrap(true);
  emptyLabel_->setEnabled(false);
  pages_->addWidget(emptyLabel_);
  plot_ = new QCustomPlot(pages_);
  plot_->setObjectName("accessesCustomPlot");
  pages_->addWidget(plot_);
  layout->addWidget(pages_, 1);

  setupPlot();
  rebuild();
}

void AccessesPlot::buildControls(QWidget* bar) {
  auto* row = new QHBoxLayout(bar);
  row->setContentsMargins(4, 2, 4, 0);
  viewTabs_ = new QTabBar(bar);
  viewTabs_->setObjectName("accessesViewTabs");
  viewTabs_->setDrawBase(false);
  viewTabs_->setExpanding(false);
  viewTabs_->addTab(tr("Accesses"));
  viewTabs_->addTab(tr("Occupancy"));
  viewTabs_->addTab(tr("Latency"));
  row->addWidget(viewTabs_);
  row->addStretch(1);

  const auto combo = [bar, row](const char* name, const QString& toolTip) {
    auto* box = new QComboBox(bar);
    box->setObjectName(name);
    box->setToolTip(toolTip);
    box->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    row->addWidget(box);
    return box;
  };
  einsumCombo_ = combo("einsumCombo", tr("Einsum (Total = summed over all Einsums)"));
  actionCombo_ = combo("actionCombo", tr("Which actions to count"));
  metricCombo_ = combo("metricCombo", tr("Count of actions or their energy"));
  metricCombo_->addItem(tr("Count"), static_cast<int>(AccessMetric::Count));
  metricCombo_->addItem(tr("Energy"), static_cast<int>(AccessMetric::Energy));
  arrangementCombo_ = combo("arrangementCombo", tr("Tensors stacked in one bar or side by side"));
  arrangementCombo_->addItem(tr("Stacked"), static_cast<int>(Arrangement::Stacked));
  arrangementCombo_->addItem(tr("Grouped"), static_cast<int>(Arrangement::Grouped));
  logCheck_ = new QCheckBox(tr("Log scale"), bar);
  logCheck_->setObjectName("logScaleCheck");
  row->addWidget(logCheck_);

  connect(viewTabs_, &QTabBar::currentChanged, this, [this](int i) { setView(static_cast<View>(i)); });
  connect(einsumCombo_, &QComboBox::activated, this,
          [this](int i) { setEinsum(einsumCombo_->itemData(i).toString()); });
  connect(actionCombo_, &QComboBox::activated, this,
          [this](int i) { setAction(actionCombo_->itemData(i).toString()); });
  connect(metricCombo_, &QComboBox::activated, this,
          [this](int i) { setMetric(static_cast<AccessMetric>(metricCombo_->itemData(i).toInt())); });
  connect(arrangementCombo_, &QComboBox::activated, this, [this](int i) {
    setArrangement(static_cast<Arrangement>(arrangementCombo_->itemData(i).toInt()));
  });
  connect(logCheck_, &QCheckBox::toggled, this, &AccessesPlot::setLogScale);
}

void AccessesPlot::setupPlot() {
  plot_->setMouseTracking(true);  // hover tooltips without a pressed button
  plot_->setContextMenuPolicy(Qt::CustomContextMenu);
  connect(plot_, &QWidget::customContextMenuRequested, this, &AccessesPlot::showContextMenu);
  connect(plot_, &QCustomPlot::mouseMove, this, &AccessesPlot::onMouseMove);

  // Legend as a compact row above the axis rect so it never hides bars; the empty element to
  // its right takes the spare width (otherwise the legend spreads its entries across the plot).
  plot_->legend->setVisible(true);
  plot_->axisRect()->insetLayout()->take(plot_->legend);
  plot_->plotLayout()->insertRow(0);
  auto* legendRow = new QCPLayoutGrid;  // owned by the plot layout once added
  plot_->plotLayout()->addElement(0, 0, legendRow);
  plot_->plotLayout()->setRowStretchFactor(0, 0.001);
  legendRow->addElement(0, 0, plot_->legend);
  legendRow->addElement(0, 1, new QCPLayoutElement(plot_));
  legendRow->setColumnStretchFactor(0, 0.001);
  legendRow->setColumnStretchFactor(1, 1);
  plot_->legend->setFillOrder(QCPLayoutGrid::foColumnsFirst);
  plot_->legend->setBorderPen(Qt::NoPen);
  plot_->legend->setBrush(Qt::NoBrush);
  plot_->legend->setMargins(QMargins(4, 2, 4, 0));
  plot_->legend->setColumnSpacing(12);

  plot_->xAxis->grid()->setVisible(false);
  plot_->xAxis->setTickLength(0, 0);
  plot_->xAxis->setSubTicks(false);
  plot_->yAxis->grid()->setSubGridVisible(false);
  plot_->yAxis->grid()->setPen(QPen(QColor(0xDD, 0xDD, 0xDD), 1, Qt::SolidLine));

  group_ = new QCPBarsGroup(plot_);
  group_->setSpacingType(QCPBarsGroup::stAbsolute);
  group_->setSpacing(1);
}

void AccessesPlot::setData(const AccessesData& data) {
  if (data == data_) return;  // a re-evaluation that changed nothing: no replot, no repaint
  data_ = data;
  rebuild();
}

void AccessesPlot::setDimmed(bool dimmed) {
  dimmed_ = dimmed;
  banner_->setVisible(dimmed_ && !data_.isEmpty());
  applyHighlight();
}

void AccessesPlot::highlight(const QString& component, const QString& tensor) {
  if (component == highlightComponent_ && tensor == highlightTensor_) return;
  highlightComponent_ = component;
  highlightTensor_ = tensor;
  applyHighlight();
}

QString AccessesPlot::title() const {
  const QString what = view_ == View::Occupancy ? tr("Occupancy per buffer")
                       : view_ == View::Latency ? tr("Latency per component")
                       : metric_ == AccessMetric::Energy ? tr("Energy per buffer")
                                                         : tr("Accesses per buffer");
  const QString scope = einsum_ == QLatin1String(kTotalEinsum) ? tr("all Einsums") : einsum_;
  return QStringLiteral("%1 (%2)").arg(what, scope);
}

bool AccessesPlot::exportTo(const QString& path, QString* error) {
  return exportFigure(plotFigure(*plot_, title()), path, error);
}

void AccessesPlot::setView(View view) {
  if (view == view_) return;
  view_ = view;
  rebuild();
}

void AccessesPlot::setMetric(AccessMetric metric) {
  if (metric == metric_) return;
  metric_ = metric;
  rebuild();
}

void AccessesPlot::setAction(const QString& action) {
  if (action == action_) return;
  action_ = action;
  rebuild();
}

void AccessesPlot::setEinsum(const QString& einsum) {
  if (einsum == einsum_) return;
  einsum_ = einsum;
  rebuild();
}

void AccessesPlot::setArrangement(Arrangement arrangement) {
  if (arrangement == arrangement_) return;
  arrangement_ = arrangement;
  rebuild();
}

void AccessesPlot::setLogScale(bool log) {
  if (log == logScale()) return;
  logScale_[logKey()] = log;
  rebuild();
}

void AccessesPlot::setTensorPalette(const TensorPalette& palette) {
  palette_ = palette;
  applyHighlight();
}

std::size_t AccessesPlot::logKey() const {
  switch (view_) {
    case View::Accesses:
      return metric_ == AccessMetric::Count ? 0 : 1;
    case View::Occupancy:
      return 2;
    case View::Latency:
      return 3;
  }
  return 0;
}

UnitFamily AccessesPlot::valueFamily() const {
  switch (view_) {
    case View::Accesses:
      return metric_ == AccessMetric::Count ? UnitFamily::Count : UnitFamily::Decimal;
    case View::Occupancy:
      return UnitFamily::Bits;
    case View::Latency:
      return UnitFamily::Decimal;
  }
  return UnitFamily::Count;
}

QString AccessesPlot::valueUnit() const {
  if (view_ == View::Latency) return data_.latencyUnit;
  if (view_ == View::Accesses && metric_ == AccessMetric::Energy) return data_.energyUnit;
  return {};
}

void AccessesPlot::syncControls() {
  const QSignalBlocker blockers[] = {QSignalBlocker(viewTabs_),         QSignalBlocker(einsumCombo_),
                                     QSignalBlocker(actionCombo_),      QSignalBlocker(metricCombo_),
                                     QSignalBlocker(arrangementCombo_), QSignalBlocker(logCheck_)};
  viewTabs_->setCurrentIndex(static_cast<int>(view_));

  QList<std::pair<QString, QString>> einsums{{tr("Total"), QString(kTotalEinsum)}};
  for (const auto& e : einsumsOf(data_)) einsums.append({e, e});
  refill(*einsumCombo_, einsums, einsum_);
  einsum_ = einsumCombo_->currentData().toString();  // falls back to Total when an Einsum vanished

  QList<std::pair<QString, QString>> actions{{tr("All actions"), QString()}};
  for (const auto& a : actionsOf(data_)) actions.append({a, a});
  refill(*actionCombo_, actions, action_);
  action_ = actionCombo_->currentData().toString();

  metricCombo_->setCurrentIndex(metricCombo_->findData(static_cast<int>(metric_)));
  arrangementCombo_->setCurrentIndex(arrangementCombo_->findData(static_cast<int>(arrangement_)));
  logCheck_->setChecked(logScale());

  const bool accesses = view_ == View::Accesses;
  einsumCombo_->setVisible(view_ != View::Occupancy);
  actionCombo_->setVisible(accesses);
  metricCombo_->setVisible(accesses);
  arrangementCombo_->setVisible(accesses);
  for (QWidget* w : std::initializer_list<QWidget*>{viewTabs_, einsumCombo_, actionCombo_, metricCombo_,
                                                    arrangementCombo_, logCheck_})
    w->setEnabled(!data_.isEmpty());
}

bool AccessesPlot::showsEmptyState() const { return pages_->currentWidget() == emptyLabel_; }

void AccessesPlot::rebuild() {
  syncControls();
  banner_->setVisible(dimmed_ && !data_.isEmpty());
  plot_->clearPlottables();
  plot_->clearItems();
  capacity_.clear();
  switch (view_) {
    case View::Accesses:
      table_ = accessBars(data_, einsum_, action_, metric_);
      break;
    case View::Occupancy:
      table_ = occupancyBars(data_);
      capacity_ = capacities(data_, table_.categories);
      break;
    case View::Latency:
      table_ = latencyBars(data_, einsum_);
      break;
  }

  if (table_.isEmpty()) {
    const QString perView[] = {tr("No accesses for this Einsum and action."),
                               tr("This result has no occupancy data."),
                               tr("This result has no latency data.")};
    emptyLabel_->setText(data_.isEmpty() ? tr("Open an architecture, a workload and a mapping to see the "
                                              "accesses, occupancy and latency of each buffer.")
                                         : perView[static_cast<int>(view_)]);
    pages_->setCurrentWidget(emptyLabel_);
    plot_->replot();
    return;
  }
  pages_->setCurrentWidget(plot_);

  auto categories = QSharedPointer<QCPAxisTickerText>::create();
  for (int i = 0; i < table_.categories.size(); ++i) categories->addTick(i, table_.categories[i]);
  plot_->xAxis->setTicker(categories);
  plot_->xAxis->setRange(-0.6, static_cast<double>(table_.categories.size()) - 0.4);

  const bool log = logScale();
  plot_->yAxis->setScaleType(log ? QCPAxis::stLogarithmic : QCPAxis::stLinear);
  if (log)
    plot_->yAxis->setTicker(QSharedPointer<SiLogAxisTicker>::create(valueFamily(), valueUnit()));
  else
    plot_->yAxis->setTicker(QSharedPointer<SiAxisTicker>::create(valueFamily(), valueUnit()));

  const QString quantity = action_.isEmpty() ? tr("accesses") : action_;
  const QString labels[] = {metric_ == AccessMetric::Count ? quantity : tr("energy"), tr("occupancy"),
                            tr("latency")};
  plot_->yAxis->setLabel(labels[static_cast<int>(view_)]);

  const bool stacked = view_ != View::Accesses || arrangement_ == Arrangement::Stacked;
  drawBars(stacked);
  if (view_ == View::Occupancy) drawCapacities();
  fitValueAxis(stacked);
  plot_->legend->setVisible(view_ != View::Latency);
  updateLabelRotation();
  applyHighlight();
}

void AccessesPlot::drawBars(bool stacked) {
  const double width = stacked ? kStackedWidth : kGroupWidth / static_cast<double>(table_.series.size());
  QCPBars* below = nullptr;
  for (int s = 0; s < table_.series.size(); ++s) {
    auto* bars = new QCPBars(plot_->xAxis, plot_->yAxis);  // owned by plot_
    bars->setName(table_.series[s]);
    bars->setWidthType(QCPBars::wtPlotCoords);
    bars->setWidth(width);
    // Zeros are left out: a zero-height bar would still draw its outline.
    for (int c = 0; c < table_.categories.size(); ++c)
      if (const double v = table_.values[s][c]; v != 0) bars->addData(c, v);
    if (stacked) {
      if (below) bars->moveAbove(below);
      below = bars;
    } else {
      bars->setBarsGroup(group_);
    }
  }
}

void AccessesPlot::drawCapacities() {
  bool anyFinite = false;
  const QPen pen(QColor(0x22, 0x22, 0x22), 2, Qt::DashLine);
  for (int i = 0; i < capacity_.size(); ++i) {
    const double cap = capacity_[i];
    if (std::isinf(cap)) {
      auto* text = new QCPItemText(plot_);
      text->position->setTypeX(QCPItemPosition::ptPlotCoords);
      text->position->setTypeY(QCPItemPosition::ptAxisRectRatio);
      text->position->setCoords(i, 0.0);
      text->setPositionAlignment(Qt::AlignTop | Qt::AlignHCenter);
      text->setText(QStringLiteral("\u221e"));
      text->setFont(QFont(font().family(), font().pointSize() + 4, QFont::Bold));
      text->setColor(pen.color());
      text->setClipToAxisRect(true);
      continue;
    }
    if (cap <= 0) continue;
    anyFinite = true;
    auto* line = new QCPItemLine(plot_);
    line->start->setCoords(i - 0.38, cap);
    line->end->setCoords(i + 0.38, cap);
    line->setPen(pen);
  }
  if (anyFinite) {
    // An empty graph only to explain the dashed marker in the legend.
    auto* legendEntry = new QCPGraph(plot_->xAxis, plot_->yAxis);
    legendEntry->setName(tr("capacity"));
    legendEntry->setPen(pen);
  }
}

void AccessesPlot::fitValueAxis(bool stacked) {
  double top = 0;
  double minPositive = std::numeric_limits<double>::infinity();
  for (int c = 0; c < table_.categories.size(); ++c) {
    double sum = 0;
    for (const auto& row : table_.values) {
      const double v = row[c];
      sum = stacked ? sum + v : std::max(sum, v);
      if (v > 0) minPositive = std::min(minPositive, v);
    }
    top = std::max(top, sum);
  }
  for (const double cap : capacity_)
    if (std::isfinite(cap) && cap > 0) {
      top = std::max(top, cap);
      minPositive = std::min(minPositive, cap);
    }
  if (top <= 0) top = 1;
  if (logScale()) {
    // Start at a whole decade (or power of two for bits) so the smallest bar is visible.
    const double base = valueFamily() == UnitFamily::Bits ? 2.0 : 10.0;
    const double smallest = std::isfinite(minPositive) ? minPositive : top;
    const double lower = std::pow(base, std::floor(std::log(smallest) / std::log(base)));
    const double upper = std::max(top * 1.6, lower * base);
    plot_->yAxis->setRange(lower, upper);
  } else {
    plot_->yAxis->setRange(0, top * 1.08);
  }
}

void AccessesPlot::updateLabelRotation() {
  const QFontMetrics metrics(plot_->xAxis->tickLabelFont());
  int widest = 0;
  for (const auto& c : table_.categories) widest = std::max(widest, metrics.horizontalAdvance(c));
  // Estimate the axis rect width from the widget: the layout is only final after a replot.
  const double slot = std::max(1, plot_->width() - 90) / std::max<double>(1, table_.categories.size());
  plot_->xAxis->setTickLabelRotation(widest + 12 > slot ? -30 : 0);
}

void AccessesPlot::resizeEvent(QResizeEvent* event) {
  QWidget::resizeEvent(event);
  if (!table_.isEmpty()) {
    updateLabelRotation();
    plot_->replot(QCustomPlot::rpQueuedReplot);
  }
}

QColor AccessesPlot::seriesColor(const QString& series) {
  if (view_ == View::Latency) return kLatencyColor;
  return palette_.colorFor(series == QLatin1String(kComputeSeries) ? QString() : series);
}

void AccessesPlot::applyHighlight() {
  if (band_) plot_->removeItem(band_);
  const auto column = table_.categories.indexOf(highlightComponent_);
  if (column >= 0 && !highlightComponent_.isEmpty()) {
    band_ = new QCPItemRect(plot_);
    band_->setLayer("grid");  // behind the bars
    for (auto* corner : {band_->topLeft, band_->bottomRight}) {
      corner->setTypeX(QCPItemPosition::ptPlotCoords);
      corner->setTypeY(QCPItemPosition::ptAxisRectRatio);
    }
    band_->topLeft->setCoords(column - 0.5, 0);
    band_->bottomRight->setCoords(column + 0.5, 1);
    band_->setPen(Qt::NoPen);
    band_->setBrush(QColor(0, 0, 0, 24));
  }
  for (int i = 0; i < plot_->plottableCount(); ++i) {
    auto* bars = qobject_cast<QCPBars*>(plot_->plottable(i));
    if (!bars) continue;
    QColor color = seriesColor(bars->name());
    const bool emphasised = !highlightTensor_.isEmpty() && bars->name() == highlightTensor_;
    const bool faded = !highlightTensor_.isEmpty() && !emphasised;
    int alpha = faded ? 70 : 255;
    if (dimmed_) alpha = alpha * 2 / 5;
    color.setAlpha(alpha);
    bars->setBrush(color);
    // White edges separate stacked segments; the highlighted tensor gets a dark outline.
    bars->setPen(emphasised ? QPen(QColor(0x22, 0x22, 0x22), 2)
                            : QPen(QColor(255, 255, 255, dimmed_ ? 120 : 255), 1));
  }
  plot_->replot();
}

QCPBars* AccessesPlot::barsFor(const QString& series) const {
  for (int i = 0; i < plot_->plottableCount(); ++i)
    if (auto* bars = qobject_cast<QCPBars*>(plot_->plottable(i)); bars && bars->name() == series) return bars;
  return nullptr;
}

AccessesPlot::Hit AccessesPlot::hitAt(const QPoint& plotPos) const {
  if (showsEmptyState()) return {};
  // Topmost first: later plottables are drawn above earlier ones.
  for (int i = plot_->plottableCount() - 1; i >= 0; --i) {
    auto* bars = qobject_cast<QCPBars*>(plot_->plottable(i));
    if (!bars) continue;
    QVariant details;
    if (bars->selectTest(plotPos, false, &details) < 0) continue;
    const auto selection = details.value<QCPDataSelection>();
    if (selection.isEmpty()) continue;
    const auto it = bars->data()->at(selection.dataRange().begin());
    if (it->value == 0) continue;
    return {bars, static_cast<int>(std::lround(it->key))};
  }
  return {};
}

QString AccessesPlot::toolTipAt(const QPoint& plotPos) const {
  const Hit hit = hitAt(plotPos);
  if (!hit.bars || hit.category < 0 || hit.category >= table_.categories.size()) return {};
  const QString component = table_.categories[hit.category];
  const QString series = hit.bars->name();
  const double value = table_.value(series, component);
  const UnitFamily family = valueFamily();
  const QString unit = valueUnit();
  QStringList lines;
  switch (view_) {
    case View::Accesses: {
      lines << tr("%1 \u2014 %2").arg(component, series);
      const QString what = action_.isEmpty() ? tr("all actions") : action_;
      lines << (metric_ == AccessMetric::Count ? tr("%1: %2") : tr("energy (%1): %2"))
                   .arg(what, exactValue(value, family, unit));
      double total = 0;
      for (const auto& s : table_.series) total += table_.value(s, component);
      if (table_.series.size() > 1) lines << tr("component total: %1").arg(exactValue(total, family, unit));
      lines << tr("Einsum: %1").arg(einsum_);
      break;
    }
    case View::Occupancy: {
      lines << tr("%1 \u2014 %2").arg(component, series);
      lines << tr("occupancy: %1 (%2)").arg(exactValue(value, family, unit), formatBits(value, 4));
      const double cap = capacity_.value(hit.category);
      lines << (std::isinf(cap)
                    ? tr("capacity: \u221e (unbounded)")
                    : tr("capacity: %1 (%2)").arg(exactValue(cap, family, unit), formatBits(cap, 4)));
      if (std::isfinite(cap) && cap > 0) {
        double used = 0;
        for (const auto& s : table_.series) used += table_.value(s, component);
        lines << tr("buffer used: %1 %").arg(QString::number(100.0 * used / cap, 'f', 1));
      }
      break;
    }
    case View::Latency:
      lines << component << tr("latency: %1").arg(exactValue(value, family, unit))
            << tr("Einsum: %1").arg(einsum_);
      break;
  }
  return lines.join('\n');
}

void AccessesPlot::onMouseMove(QMouseEvent* event) {
  const Hit hit = hitAt(event->pos());
  const QString component = hit.bars ? table_.categories.value(hit.category) : QString();
  const QString tensor = hit.bars && view_ != View::Latency ? hit.bars->name() : QString();
  if (const QString text = toolTipAt(event->pos()); text.isEmpty())
    QToolTip::hideText();
  else
    QToolTip::showText(event->globalPosition().toPoint(), text, plot_);
  if (component != hoverComponent_ || tensor != hoverTensor_) {
    hoverComponent_ = component;
    hoverTensor_ = tensor;
    emit hovered(component, tensor);
  }
}

void AccessesPlot::showContextMenu(const QPoint& pos) {
  auto* menu = new QMenu(this);
  menu->setAttribute(Qt::WA_DeleteOnClose);
  addExportActions(*menu, [this] { return plotFigure(*plot_, title()); }, this);
  menu->popup(plot_->mapToGlobal(pos));
}

}  // namespace af::ui
