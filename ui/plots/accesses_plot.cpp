#include "plots/accesses_plot.h"

#include <qcustomplot.h>

#include <QCheckBox>
#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QMenu>
#include <QStackedWidget>
#include <QTabBar>
#include <QToolButton>
#include <QToolTip>
#include <QVBoxLayout>
#include <algorithm>
#include <cmath>

#include "plots/figure_export.h"

namespace af::ui {

namespace {

constexpr double kStackedWidth = 0.6;
constexpr double kGroupWidth = 0.8;
// With a pin, stacked: a narrow pinned bar and the current stack share the category's width.
constexpr double kPinnedStackedWidth = 0.28;
constexpr double kPinnedStackWidth = 0.5;
const QColor kLatencyColor(0x55, 0x55, 0x55);  // not a tensor colour: latency is per component
// The pinned bar is hatched: grey alone would read as compute (TensorPalette::computeColor).
const QColor kPinnedColor(0x55, 0x55, 0x55);
const QColor kLessColor(0x1B, 0x7F, 0x3B);  // green: less than the pinned mapping
const QColor kMoreColor(0xC6, 0x28, 0x28);  // red: more
const QColor kSameColor(0x66, 0x66, 0x66);

QColor changeColor(ChangeKind kind) {
  switch (kind) {
    case ChangeKind::Less:
    case ChangeKind::Gone:
      return kLessColor;
    case ChangeKind::More:
    case ChangeKind::New:
      return kMoreColor;
    case ChangeKind::None:
    case ChangeKind::Same:
      break;
  }
  return kSameColor;
}

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
      return formatCount(value) + QStringLiteral(" b");  // shown beside formatBits(value, 4)
    case UnitFamily::Decimal:
      return formatSi(value, unit, 4);  // the table's raw values and the CSV export keep every digit
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
  // Bars spanning decades: the small ones would draw empty on a linear axis, so the plot says
  // which and offers the log axis in one click (the choice stays the user's).
  scaleHint_ = new QLabel(this);
  scaleHint_->setObjectName("scaleHint");
  scaleHint_->setWordWrap(true);
  scaleHint_->setTextFormat(Qt::RichText);
  scaleHint_->setStyleSheet("QLabel { background: #E8F1F8; color: #123; padding: 2px 6px; }");
  scaleHint_->hide();
  connect(scaleHint_, &QLabel::linkActivated, this, [this] { setLogScale(true); });
  layout->addWidget(scaleHint_);

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
  einsumCombo_->setMaximumWidth(160);  // a transformer's long Einsum names must not push the views off
  actionCombo_ = combo("actionCombo", tr("Which actions to count"));
  metricCombo_ = combo("metricCombo", tr("Data each buffer moves (bits, with byte prefixes) or the energy of "
                                         "its actions (joules)"));
  metricCombo_->addItem(tr("Data moved"), static_cast<int>(AccessMetric::Count));
  metricCombo_->addItem(tr("Energy"), static_cast<int>(AccessMetric::Energy));
  arrangementCombo_ = combo("arrangementCombo", tr("Tensors stacked in one bar or side by side"));
  arrangementCombo_->setProperty("defaultToolTip", arrangementCombo_->toolTip());
  arrangementCombo_->addItem(tr("Stacked"), static_cast<int>(Arrangement::Stacked));
  arrangementCombo_->addItem(tr("Grouped"), static_cast<int>(Arrangement::Grouped));
  logCheck_ = new QCheckBox(tr("Log"), bar);
  logCheck_->setToolTip(tr("Log scale"));
  logCheck_->setObjectName("logScaleCheck");
  row->addWidget(logCheck_);
  pinButton_ = new QToolButton(bar);
  pinButton_->setObjectName("plotPinButton");
  pinButton_->setText(tr("Pin"));
  pinButton_->setToolTip(tr("Pin this mapping: open another and each buffer shows both, with the change"));
  row->addWidget(pinButton_);
  unpinButton_ = new QToolButton(bar);
  unpinButton_->setObjectName("plotUnpinButton");
  unpinButton_->setText(tr("Unpin"));
  unpinButton_->setToolTip(tr("Drop the pinned mapping"));
  row->addWidget(unpinButton_);

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
  connect(pinButton_, &QToolButton::clicked, this, &AccessesPlot::pinRequested);
  connect(unpinButton_, &QToolButton::clicked, this, &AccessesPlot::unpinRequested);
}

void AccessesPlot::setupPlot() {
  plot_->setMouseTracking(true);  // hover tooltips without a pressed button
  plot_->installEventFilter(this);
  // The compute note's wording is chosen on the axis rect's laid-out width, just before drawing.
  connect(plot_, &QCustomPlot::afterLayout, this, &AccessesPlot::fitComputeNote);
  plot_->setContextMenuPolicy(Qt::CustomContextMenu);
  connect(plot_, &QWidget::customContextMenuRequested, this, &AccessesPlot::showContextMenu);
  connect(plot_, &QCustomPlot::mouseMove, this, &AccessesPlot::onMouseMove);

  // Legend as a compact row above the axis rect so it never hides bars; the empty element to
  // its right takes the spare width (otherwise the legend spreads its entries across the plot).
  plot_->legend->setVisible(true);
  plot_->axisRect()->insetLayout()->take(plot_->legend);
  plot_->plotLayout()->insertRow(0);
  legendRow_ = new QCPLayoutGrid;  // owned by the plot layout once added
  plot_->plotLayout()->addElement(0, 0, legendRow_);
  plot_->plotLayout()->setRowStretchFactor(0, 0.001);
  legendRow_->addElement(0, 0, plot_->legend);
  legendRow_->addElement(0, 1, new QCPLayoutElement(plot_));
  legendRow_->setColumnStretchFactor(0, 0.001);
  legendRow_->setColumnStretchFactor(1, 1);
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

void AccessesPlot::setPinned(const std::optional<AccessesData>& pinned) {
  if (pinned == pinned_) return;
  pinned_ = pinned;
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
  const QString what = view_ == View::Occupancy          ? tr("Occupancy per buffer (share of capacity)")
                       : view_ == View::Latency          ? tr("Latency per component")
                       : metric_ == AccessMetric::Energy ? tr("Energy per component")
                                                         : tr("Data moved per buffer");
  const QString versus = pinned_ ? tr(", pinned vs current") : QString();
  if (view_ == View::Occupancy) return what + versus;  // the largest tile over all Einsums
  const QString scope = einsum_ == QLatin1String(kTotalEinsum) ? tr("all Einsums") : einsum_;
  return QStringLiteral("%1 (%2)%3").arg(what, scope, versus);
}

bool AccessesPlot::exportTo(const QString& path, QString* error) {
  return exportFigure(figure(), path, error);
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
  if (view_ == View::Occupancy || log == logScale()) return;
  logScale_[logKey()] = log;
  rebuild();
}

bool AccessesPlot::stacked() const {
  return view_ == View::Occupancy ||
         (view_ == View::Accesses && arrangement_ == Arrangement::Stacked && !logScale());
}

void AccessesPlot::setTensorPalette(const TensorPalette* palette) {
  palette_ = palette;
  applyHighlight();
}

QCPAxis* AccessesPlot::categoryAxis() const { return view_ == View::Occupancy ? plot_->yAxis : plot_->xAxis; }
QCPAxis* AccessesPlot::valueAxis() const { return view_ == View::Occupancy ? plot_->xAxis : plot_->yAxis; }

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
      return metric_ == AccessMetric::Count ? UnitFamily::Bits : UnitFamily::Decimal;
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
  // The combo shows what is drawn: a log axis groups the tensors, and says so.
  const Arrangement shown = stacked() ? Arrangement::Stacked : Arrangement::Grouped;
  arrangementCombo_->setCurrentIndex(arrangementCombo_->findData(static_cast<int>(shown)));
  arrangementCombo_->setToolTip(logScale()
                                    ? tr("On a log axis the tensors sit side by side: stacked segments "
                                         "would misstate their shares")
                                    : arrangementCombo_->property("defaultToolTip").toString());
  logCheck_->setChecked(logScale());
  logCheck_->setToolTip(view_ == View::Occupancy
                            ? tr("Occupancy is each buffer's share of its own capacity (0-100 %): linear")
                            : tr("Logarithmic value axis for this measure (remembered per measure)"));

  const bool accesses = view_ == View::Accesses;
  einsumCombo_->setVisible(view_ != View::Occupancy);
  actionCombo_->setVisible(accesses);
  metricCombo_->setVisible(accesses);
  arrangementCombo_->setVisible(accesses);
  for (QWidget* w : std::initializer_list<QWidget*>{viewTabs_, einsumCombo_, actionCombo_, metricCombo_,
                                                    arrangementCombo_, logCheck_})
    w->setEnabled(!data_.isEmpty());
  arrangementCombo_->setEnabled(!data_.isEmpty() && !logScale());
  logCheck_->setEnabled(!data_.isEmpty() && view_ != View::Occupancy);
  pinButton_->setEnabled(pinnable_ && !data_.actions.isEmpty());
  pinButton_->setVisible(pinnable_);
  unpinButton_->setEnabled(pinnable_ && pinned_.has_value());
  // Its width goes to the controls until a pin exists.
  unpinButton_->setVisible(pinnable_ && pinned_.has_value());
}

void AccessesPlot::setPinnable(bool pinnable) {
  pinnable_ = pinnable;
  syncControls();
}

bool AccessesPlot::showsEmptyState() const { return pages_->currentWidget() == emptyLabel_; }

QString AccessesPlot::scaleHint() const { return scaleHint_->isHidden() ? QString() : scaleHint_->text(); }

void AccessesPlot::updateScaleHint() {
  const HiddenBars hidden =
      view_ == View::Occupancy || logScale() || showsEmptyState() ? HiddenBars{} : hiddenBars(table_);
  scaleHint_->setVisible(!hidden.categories.isEmpty());
  if (hidden.categories.isEmpty()) return;
  const QString names = hidden.categories.size() == 1
                            ? hidden.categories.front()
                            : hidden.categories.mid(0, hidden.categories.size() - 1).join(", ") +
                                  tr(" and ") + hidden.categories.back();
  scaleHint_->setText(tr("%1 %2 under 1% of %3's %4 and draw as empty bars. "
                         "<a href=\"log\">Use a log axis</a> to see every buffer.")
                          .arg(names, hidden.categories.size() == 1 ? tr("is") : tr("are"), hidden.largest,
                               formatInFamily(hidden.largestTotal, valueFamily(), valueUnit())));
}

void AccessesPlot::rebuild() {
  syncControls();
  banner_->setVisible(dimmed_ && !data_.isEmpty());
  plot_->clearPlottables();
  plot_->clearItems();
  capacity_.clear();
  changes_.clear();
  changeLabels_.clear();
  if (!palette_) {  // standalone: colours from the tensors of this data, in a fixed way
    QStringList tensors;
    for (const auto& r : data_.actions)
      if (!r.tensor.isEmpty() && !tensors.contains(r.tensor)) tensors << r.tensor;
    for (const auto& r : data_.occupancy)
      if (!tensors.contains(r.tensor)) tensors << r.tensor;
    tensors.sort();  // the records' order must not decide who wins a clash
    if (tensors != ownPalette_.tensors()) ownPalette_.assign(tensors);
  }
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
  if (pinned_ && view_ != View::Occupancy) {
    // The pinned mapping with the same filter; its buffers the current one lacks get a column.
    const BarTable pinned = view_ == View::Latency ? latencyBars(*pinned_, einsum_)
                                                   : accessBars(*pinned_, einsum_, action_, metric_);
    table_ = withCategories(std::move(table_), pinned.categories);
    changes_ = compareCategories(pinned, table_);
  }
  // Nothing left for this filter but the pinned mapping had some: draw its bars ("gone").
  const bool pinnedShows = !data_.isEmpty() && std::any_of(changes_.begin(), changes_.end(),
                                                           [](const auto& c) { return c.pinned != 0; });

  if (table_.isEmpty() && !pinnedShows) {
    const QString perView[] = {tr("No accesses for this Einsum and action."),
                               tr("This result has no occupancy data."),
                               tr("This result has no latency data.")};
    emptyLabel_->setText(data_.isEmpty() ? tr("Open an architecture, a workload and a mapping to see the "
                                              "accesses, occupancy and latency of each buffer.")
                                         : perView[static_cast<int>(view_)]);
    pages_->setCurrentWidget(emptyLabel_);
    updateScaleHint();
    plot_->replot();
    return;
  }
  pages_->setCurrentWidget(plot_);
  updateScaleHint();

  // Categories on one axis, values on the other; occupancy lies on its side (one row per buffer).
  QCPAxis* cats = categoryAxis();
  QCPAxis* values = this->valueAxis();
  cats->setScaleType(QCPAxis::stLinear);
  cats->grid()->setVisible(false);
  cats->setTickLength(0, 0);
  cats->setSubTicks(false);
  cats->setRangeReversed(view_ == View::Occupancy);  // first buffer on top
  values->grid()->setVisible(true);
  values->grid()->setSubGridVisible(false);
  values->grid()->setPen(QPen(QColor(0xDD, 0xDD, 0xDD), 1, Qt::SolidLine));
  values->setTickLength(0, 5);
  values->setSubTicks(true);
  values->setRangeReversed(false);
  cats->setLabel(QString());

  if (view_ == View::Occupancy) {
    drawOccupancy();
  } else {
    auto categories = QSharedPointer<QCPAxisTickerText>::create();
    for (int i = 0; i < table_.categories.size(); ++i) categories->addTick(i, table_.categories[i]);
    cats->setTicker(categories);
    cats->setRange(-0.6, static_cast<double>(table_.categories.size()) - 0.4);

    const bool log = logScale();
    values->setScaleType(log ? QCPAxis::stLogarithmic : QCPAxis::stLinear);
    if (log)
      values->setTicker(QSharedPointer<SiLogAxisTicker>::create(valueFamily(), valueUnit()));
    else
      values->setTicker(QSharedPointer<SiAxisTicker>::create(valueFamily(), valueUnit()));

    QString label;
    if (view_ == View::Latency)
      label = tr("latency");
    else if (metric_ == AccessMetric::Energy)
      label = action_.isEmpty() ? tr("energy") : tr("energy of %1").arg(action_);
    else
      label =
          action_.isEmpty() ? tr("data moved") : tr("data moved by %1").arg(action_);  // ticks carry the unit
    values->setLabel(log ? tr("%1, log scale").arg(label) : label);

    drawBars(stacked());
    // Latency has one series; beside a pinned bar its key says which mapping it is.
    if (view_ == View::Latency && pinned_)
      if (auto* latency = barsFor(QStringLiteral("latency"))) latency->setName(tr("current"));
    fitValueAxis(stacked());
    if (!changes_.isEmpty()) drawChangeLabels(stacked());
    if (view_ == View::Accesses && metric_ == AccessMetric::Count) drawComputeNote();
  }
  legendWanted_ = view_ != View::Latency || !pinnedBars_.isNull();
  updateLabelRotation();
  updateLegendWrap();
  if (view_ != View::Occupancy) fitValueAxis(stacked());  // the keys' note, if they gave way, needs room
  applyHighlight();
}

void AccessesPlot::updateLegendWrap() {
  // As many keys per row as fit the width: a transformer has a dozen tensors or more, and one
  // squeezed row would clip their names into each other.
  int widest = 0;
  for (int i = 0; i < plot_->legend->itemCount(); ++i)
    if (const auto* item = plot_->legend->item(i))
      widest = std::max(widest, item->minimumOuterSizeHint().width());
  const int room = std::max(1, plot_->width() - 20);
  const int columns = std::max(1, room / std::max(1, widest + plot_->legend->columnSpacing()));
  if (plot_->legend->wrap() != columns) {
    plot_->legend->setWrap(columns);
    plot_->legend->setFillOrder(QCPLayoutGrid::foColumnsFirst, true);  // re-lays the keys
  }
  showKeys(!plot_->isVisible() || plot_->height() >= heightForKeys());  // unshown: no size yet
}

int AccessesPlot::heightForKeys() const {
  // The keys' rows take their height from the bars: in a pane made short by a page that wants
  // the height (Playback), three rows of a transformer's 21 tensors left the bars a few
  // pixels. Where the keys would leave the bars less than this, they give way to a note (a
  // bar's tooltip names its tensor); a taller pane brings them back.
  static constexpr int kBarsRoom = 170;  // axis rect (about 90), ticks, labels, margins
  const QCPLegend& legend = *plot_->legend;
  if (legend.itemCount() == 0) return 0;
  int tallest = 0;
  for (int i = 0; i < legend.itemCount(); ++i)
    if (const auto* item = legend.item(i)) tallest = std::max(tallest, item->minimumOuterSizeHint().height());
  const int columns = std::max(1, legend.wrap());
  const int rows = (legend.itemCount() + columns - 1) / columns;
  return rows * (tallest + legend.rowSpacing()) + legend.margins().top() + legend.margins().bottom() +
         kBarsRoom;
}

void AccessesPlot::showKeys(bool fit) {
  // A hidden legend still holds its row's height: it leaves the layout instead.
  const bool show = legendWanted_ && fit;
  const bool placed = legendRow_->hasElement(0, 0) && legendRow_->element(0, 0) == plot_->legend;
  if (show && !placed) legendRow_->addElement(0, 0, plot_->legend);
  if (!show && placed) legendRow_->take(plot_->legend);
  plot_->legend->setVisible(show);
  if (legendWanted_ && !fit && keysNote_.isNull()) {
    keysNote_ = new QCPItemText(plot_);
    keysNote_->position->setType(QCPItemPosition::ptAxisRectRatio);
    keysNote_->position->setCoords(0.005, 0.01);
    keysNote_->setPositionAlignment(Qt::AlignLeft | Qt::AlignTop);
    keysNote_->setText(tr("Keys hidden: pane too short"));  // short: the compute note shares the line
    keysNote_->setColor(QColor(0x55, 0x55, 0x55));
    keysNote_->setClipToAxisRect(true);
  }
  if (keysNote_.isNull()) return;
  keysNote_->setVisible(legendWanted_ && !fit);
  // Beside the compute note it goes on the line below: a transformer's compute note names
  // several units and runs across the plot, and the two were drawn into each other.
  auto* position = keysNote_->position;
  if (!computeNote_.isNull()) {
    position->setTypeY(QCPItemPosition::ptAbsolute);
    position->setParentAnchorY(computeNote_->bottom);
    position->setCoords(0.005, 0);
  } else {
    position->setParentAnchorY(nullptr);
    position->setTypeY(QCPItemPosition::ptAxisRectRatio);
    position->setCoords(0.005, 0.01);
  }
}

Figure AccessesPlot::figure() {
  if (!legendWanted_) return plotFigure(*plot_, title());
  // A file is not bound to the pane: it is made tall enough for the keys, and has them.
  Figure f = plotFigure(*plot_, title(), heightForKeys());
  f.paint = [this, paint = std::move(f.paint)](QPaintDevice& device, QSizeF size) {
    const bool shown = plot_->legend->visible();
    showKeys(true);
    paint(device, size);
    showKeys(shown);
    plot_->replot(QCustomPlot::rpQueuedReplot);  // the layout is the file's until laid out again
  };
  return f;
}

void AccessesPlot::drawBars(bool stacked) {
  // A pin is one more member of the group: on the left, narrow beside a stack, or as wide as
  // each grouped bar.
  const bool pin = !changes_.isEmpty();
  const auto members = static_cast<double>(table_.series.size() + (pin ? 1 : 0));
  const double width = stacked ? (pin ? kPinnedStackWidth : kStackedWidth) : kGroupWidth / members;
  if (pin) drawPinned(stacked ? kPinnedStackedWidth : width);
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
      if (pin) bars->setBarsGroup(group_);  // each bar of the stack: the group offsets them all
    } else {
      bars->setBarsGroup(group_);
    }
  }
}

void AccessesPlot::drawPinned(double width) {
  pinnedBars_ = new QCPBars(plot_->xAxis, plot_->yAxis);  // owned by plot_
  pinnedBars_->setName(tr("pinned"));
  pinnedBars_->setWidthType(QCPBars::wtPlotCoords);
  pinnedBars_->setWidth(width);
  for (int c = 0; c < changes_.size(); ++c)
    if (const double v = changes_[c].pinned; v != 0) pinnedBars_->addData(c, v);
  pinnedBars_->setBarsGroup(group_);  // first in the group: left of the current bars
}

void AccessesPlot::drawChangeLabels(bool stacked) {
  QFont font = plot_->xAxis->tickLabelFont();
  font.setBold(true);
  for (int c = 0; c < changes_.size(); ++c) {
    const CategoryChange& change = changes_[c];
    const QString text = changeText(change.pinned, change.current);
    double current = 0;  // the top of the current bars: a stack's height or the tallest bar
    for (const auto& row : table_.values) current = stacked ? current + row[c] : std::max(current, row[c]);
    const double top = std::max(change.pinned, current);
    if (text.isEmpty() || top <= 0) {
      changeLabels_ << nullptr;
      continue;
    }
    auto* label = new QCPItemText(plot_);  // owned by plot_
    label->position->setType(QCPItemPosition::ptPlotCoords);
    label->position->setCoords(c, top);
    label->setPositionAlignment(Qt::AlignHCenter | Qt::AlignBottom);
    label->setPadding(QMargins(2, 0, 2, 3));
    label->setText(text);
    label->setFont(font);
    label->setColor(changeColor(changeKind(change.pinned, change.current)));
    label->setClipToAxisRect(true);
    changeLabels_ << label;
  }
}

QCPItemText* AccessesPlot::changeLabel(const QString& category) const {
  const auto c = table_.categories.indexOf(category);
  return c >= 0 && c < changeLabels_.size() ? changeLabels_[c].data() : nullptr;
}

void AccessesPlot::drawOccupancy() {
  const auto n = table_.categories.size();
  double most = 100;  // percent; an over-full buffer widens the axis
  QList<double> used(n, 0.0);
  for (qsizetype c = 0; c < n; ++c) {
    for (const auto& row : table_.values) used[c] += row[c];
    if (const double cap = capacity_[c]; std::isfinite(cap) && cap > 0)
      most = std::max(most, 100 * used[c] / cap);
  }

  // Each buffer's row says what the bar means in absolute terms.
  auto rows = QSharedPointer<QCPAxisTickerText>::create();
  for (qsizetype c = 0; c < n; ++c) {
    const double cap = capacity_[c];
    QString detail;
    if (std::isinf(cap))
      detail = tr("%1 held, no limit").arg(formatBits(used[c]));
    else if (cap > 0)
      detail = tr("%1 % of %2").arg(QString::number(100 * used[c] / cap, 'g', 3), formatBits(cap));
    if (pinned_) {
      const QString pinned = pinnedOccupancyText(table_.categories[c]);
      detail += ' ' + (pinned.isEmpty() ? tr("(pinned: not used)") : tr("(pinned %1)").arg(pinned));
    }
    rows->addTick(static_cast<double>(c), table_.categories[c] + '\n' + detail);
  }
  plot_->yAxis->setTicker(rows);
  plot_->yAxis->setRange(-0.6, static_cast<double>(n) - 0.4);

  auto percent = QSharedPointer<QCPAxisTickerText>::create();
  for (double t = 0; t <= most + 1e-9; t += most > 200 ? 50 : 25)
    percent->addTick(t, QStringLiteral("%1 %").arg(t));
  plot_->xAxis->setScaleType(QCPAxis::stLinear);
  plot_->xAxis->setTicker(percent);
  plot_->xAxis->setSubTicks(false);
  plot_->xAxis->setRange(0, most * 1.02);
  plot_->xAxis->setLabel(tr("occupancy as a share of each buffer's own capacity"));

  // The grey track is the whole buffer (100 %); tensors fill it from the left.
  track_ = new QCPBars(plot_->yAxis, plot_->xAxis);  // owned by plot_
  track_->setName(tr("capacity (100 %)"));
  track_->setWidthType(QCPBars::wtPlotCoords);
  track_->setWidth(kStackedWidth);
  track_->setBrush(QColor(0xEE, 0xEE, 0xEE));
  track_->setPen(QPen(QColor(0xAA, 0xAA, 0xAA), 1));
  QCPBars* below = nullptr;
  for (int s = 0; s < table_.series.size(); ++s) {
    auto* bars = new QCPBars(plot_->yAxis, plot_->xAxis);
    bars->setName(table_.series[s]);
    bars->setWidthType(QCPBars::wtPlotCoords);
    bars->setWidth(kStackedWidth);
    for (qsizetype c = 0; c < n; ++c)
      if (const double cap = capacity_[c], v = table_.values[s][c]; v != 0 && std::isfinite(cap) && cap > 0)
        bars->addData(static_cast<double>(c), 100 * v / cap);
    if (below) bars->moveAbove(below);
    below = bars;
  }
  for (qsizetype c = 0; c < n; ++c) {
    if (const double cap = capacity_[c]; std::isfinite(cap) && cap > 0) {
      track_->addData(static_cast<double>(c), 100);
      continue;
    }
    // Unbounded (or unknown) capacity: there is no share to draw; say so in the row.
    auto* text = new QCPItemText(plot_);
    text->position->setAxes(plot_->xAxis, plot_->yAxis);
    text->position->setTypeX(QCPItemPosition::ptAxisRectRatio);
    text->position->setTypeY(QCPItemPosition::ptPlotCoords);
    text->position->setCoords(0.01, static_cast<double>(c));
    text->setPositionAlignment(Qt::AlignLeft | Qt::AlignVCenter);
    text->setText(std::isinf(capacity_[c])
                      ? tr("no capacity, so no share to draw (hover for each tensor's bits)")
                      : tr("capacity unknown (hover for each tensor's bits)"));
    text->setColor(QColor(0x55, 0x55, 0x55));
    text->setClipToAxisRect(true);
  }
}

void AccessesPlot::drawComputeNote() {
  const auto ops = computeOps(data_, einsum_, action_);
  computeOps_.clear();
  if (ops.isEmpty()) return;
  for (const auto& [component, count] : ops) computeOps_.append({component, count});
  auto* text = new QCPItemText(plot_);
  computeNote_ = text;
  text->position->setType(QCPItemPosition::ptAxisRectRatio);
  text->position->setCoords(0.995, 0.01);
  text->setPositionAlignment(Qt::AlignRight | Qt::AlignTop);
  text->setColor(QColor(0x55, 0x55, 0x55));
  text->setClipToAxisRect(true);
  fitComputeNote();
}

void AccessesPlot::fitComputeNote() {
  if (computeNote_.isNull() || computeOps_.isEmpty()) return;
  // Right-aligned and clipped to the axis rect, a note wider than the plot loses its start (the
  // units' names: a transformer on tpu_v4i names two). So the longest wording that fits: the
  // full one, then without the pointer to Energy, then rounded counts ("1.2T ops"), then elided.
  const auto joined = [&](bool exact) {
    QStringList parts;
    for (const auto& [component, count] : computeOps_)
      parts << (exact ? tr("%1: %2 operations").arg(component, formatCount(count))
                      : tr("%1: %2 ops").arg(component, formatSi(count, {}).remove(' ')));
    return parts.join(QStringLiteral(", "));
  };
  const QString operations = joined(true);
  const QString forms[] = {tr("%1 (compute moves no data; see Energy)").arg(operations), operations,
                           joined(false)};
  const QFontMetrics metrics(computeNote_->font());
  const int laidOut = plot_->axisRect()->rect().width();
  if (!plot_->isVisible() && laidOut <= 0) {  // not laid out yet: the layout will fit it
    computeNote_->setText(forms[0]);
    return;
  }
  const int room = std::max(80, (laidOut > 0 ? laidOut : plot_->width() - 90) - 12);  // the text's padding
  for (const QString& form : forms) {
    if (metrics.horizontalAdvance(form) <= room) {
      computeNote_->setText(form);
      return;
    }
  }
  computeNote_->setText(metrics.elidedText(forms[2], Qt::ElideRight, room));
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
  for (const auto& change : changes_) {
    top = std::max(top, change.pinned);
    if (change.pinned > 0) minPositive = std::min(minPositive, change.pinned);
  }
  if (top <= 0) top = 1;
  // The share of the axis height above the tallest bar for the lines drawn there: with a pin,
  // a change label and the compute note; else the compute note or the hidden keys' note. In
  // pixels of the axis rect (estimated: the layout is only final after a replot, and a resize
  // fits again): in a short pane (Playback) a fixed share left the notes over the bars.
  // The keys' note goes below the compute note when both show (showKeys).
  const int notes = (computeNote_.isNull() ? 0 : 1) + (!keysNote_.isNull() && keysNote_->visible() ? 1 : 0);
  const int lines = !changes_.isEmpty() ? 2 + (notes == 2 ? 1 : 0) : notes;
  double share = 0;
  if (lines > 0) {
    const QFontMetrics metrics(plot_->xAxis->tickLabelFont());
    const double axisPixels = std::max(60, plot_->height() - 70);
    share = std::clamp(lines * (metrics.height() + 6) / axisPixels, lines == 2 ? 0.15 : 0.1, 0.6);
  }
  if (logScale()) {
    // Start at a whole decade (or power of two for bits) so the smallest bar is visible.
    const double base = valueFamily() == UnitFamily::Bits ? 2.0 : 10.0;
    const double smallest = std::isfinite(minPositive) ? minPositive : top;
    const double lower = std::pow(base, std::floor(std::log(smallest) / std::log(base)));
    // On a log axis the room is a share of the decades shown, not of the top value.
    const double upper =
        share > 0 ? std::max({top * std::pow(top / lower, share / (1 - share)), top * 1.6, lower * base})
                  : std::max(top * 1.6, lower * base);
    plot_->yAxis->setRange(lower, upper);
  } else {
    plot_->yAxis->setRange(0, share > 0 ? top / (1 - share) : top * 1.12);  // room for the compute note
  }
}

void AccessesPlot::updateLabelRotation() {
  if (view_ == View::Occupancy) {
    plot_->xAxis->setTickLabelRotation(0);
    return;
  }
  const QFontMetrics metrics(plot_->xAxis->tickLabelFont());
  int widest = 0;
  for (const auto& c : table_.categories) widest = std::max(widest, metrics.horizontalAdvance(c));
  // Estimate the axis rect width from the widget: the layout is only final after a replot.
  const double slot = std::max(1, plot_->width() - 90) / std::max<double>(1, table_.categories.size());
  plot_->xAxis->setTickLabelRotation(widest + 12 > slot ? -30 : 0);
}

void AccessesPlot::resizeEvent(QResizeEvent* event) {
  QWidget::resizeEvent(event);
  followSize();
}

bool AccessesPlot::eventFilter(QObject* watched, QEvent* event) {
  // The plot's own size arrives after this widget's (the layout sets it), and is only real once
  // shown: the keys' room and the labels are decided on it.
  if (watched == plot_ && (event->type() == QEvent::Resize || event->type() == QEvent::Show)) followSize();
  return QWidget::eventFilter(watched, event);
}

void AccessesPlot::followSize() {
  if (!showsEmptyState()) {
    updateLabelRotation();
    updateLegendWrap();
    if (view_ != View::Occupancy) fitValueAxis(stacked());  // the notes' room is in pixels
    plot_->replot(QCustomPlot::rpQueuedReplot);
  }
}

QColor AccessesPlot::seriesColor(const QString& series) {
  if (view_ == View::Latency) return kLatencyColor;
  return tensorPalette().colorFor(series == QLatin1String(kComputeSeries) ? QString() : series);
}

void AccessesPlot::applyHighlight() {
  if (band_) plot_->removeItem(band_);
  const auto column = table_.categories.indexOf(highlightComponent_);
  if (column >= 0 && !highlightComponent_.isEmpty()) {
    band_ = new QCPItemRect(plot_);
    band_->setLayer("grid");  // behind the bars
    const bool rows = view_ == View::Occupancy;
    for (auto* corner : {band_->topLeft, band_->bottomRight}) {
      corner->setTypeX(rows ? QCPItemPosition::ptAxisRectRatio : QCPItemPosition::ptPlotCoords);
      corner->setTypeY(rows ? QCPItemPosition::ptPlotCoords : QCPItemPosition::ptAxisRectRatio);
    }
    if (rows) {
      band_->topLeft->setCoords(0, column - 0.5);
      band_->bottomRight->setCoords(1, column + 0.5);
    } else {
      band_->topLeft->setCoords(column - 0.5, 0);
      band_->bottomRight->setCoords(column + 0.5, 1);
    }
    band_->setPen(Qt::NoPen);
    band_->setBrush(QColor(0, 0, 0, 24));
  }
  for (int i = 0; i < plot_->plottableCount(); ++i) {
    auto* bars = qobject_cast<QCPBars*>(plot_->plottable(i));
    if (!bars || bars == track_) continue;
    if (bars == pinnedBars_) {
      // Hatched on white, dark outline: apart from every tensor colour and from compute's grey.
      const bool faded = !highlightTensor_.isEmpty();
      QColor color = kPinnedColor;
      color.setAlpha((faded ? 110 : 255) * (dimmed_ ? 2 : 5) / 5);
      QBrush hatch(color, Qt::BDiagPattern);
      bars->setBrush(hatch);
      bars->setPen(QPen(color, 1));
      continue;
    }
    QColor color = seriesColor(bars->name());
    const bool emphasised = !highlightTensor_.isEmpty() && bars->name() == highlightTensor_;
    const bool faded = !highlightTensor_.isEmpty() && !emphasised;
    int alpha = faded ? 70 : 255;
    if (dimmed_) alpha = alpha * 2 / 5;
    color.setAlpha(alpha);
    bars->setBrush(color);
    // White edges separate stacked segments (not in occupancy, where a segment may be a few pixels
    // wide and the edge would eat it); the highlighted tensor gets a dark outline.
    const QPen edge =
        view_ == View::Occupancy ? QPen(Qt::NoPen) : QPen(QColor(255, 255, 255, dimmed_ ? 120 : 255), 1);
    bars->setPen(emphasised ? QPen(QColor(0x22, 0x22, 0x22), 2) : edge);
  }
  // The change labels fade with the bars when the results are stale.
  for (const auto& label : changeLabels_) {
    if (!label) continue;
    QColor color = label->color();
    color.setAlpha(dimmed_ ? 100 : 255);
    label->setColor(color);
  }
  plot_->replot();
}

QCPBars* AccessesPlot::barsFor(const QString& series) const {
  for (int i = 0; i < plot_->plottableCount(); ++i)
    if (auto* bars = qobject_cast<QCPBars*>(plot_->plottable(i));
        bars && bars != track_ && bars != pinnedBars_ && bars->name() == series)
      return bars;
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

QString AccessesPlot::occupancyToolTip(int category, const QString& series) const {
  const QString component = table_.categories.value(category);
  const double cap = capacity_.value(category);
  const bool bounded = std::isfinite(cap) && cap > 0;
  const auto share = [&](double bits) {
    return QString::number(100.0 * bits / cap, 'g', 3) + QStringLiteral(" %");
  };
  const auto amount = [](double bits) {
    return QStringLiteral("%1 (%2)").arg(exactValue(bits, UnitFamily::Bits, {}), formatBits(bits, 4));
  };
  double used = 0;
  for (const auto& s : table_.series) used += table_.value(s, component);
  QStringList lines;
  if (!series.isEmpty()) {
    const double value = table_.value(series, component);
    lines << tr("%1 \u2014 %2").arg(component, series);
    lines << (bounded ? tr("holds %1 = %2 of capacity").arg(amount(value), share(value))
                      : tr("holds %1").arg(amount(value)));
  } else {
    lines << component;
    for (const auto& s : table_.series)
      if (const double v = table_.value(s, component); v != 0)
        lines << (bounded ? tr("%1: %2 = %3").arg(s, amount(v), share(v)) : tr("%1: %2").arg(s, amount(v)));
  }
  lines << (bounded           ? tr("capacity: %1").arg(amount(cap))
            : std::isinf(cap) ? tr("capacity: \u221e (unbounded)")
                              : tr("capacity: unknown"));
  if (bounded) lines << tr("buffer used: %1 of its capacity").arg(share(used));
  if (pinned_) {
    const QString pinned = pinnedOccupancyText(component);
    lines << (pinned.isEmpty() ? tr("pinned mapping: does not use this buffer")
                               : tr("pinned mapping: %1").arg(pinned));
  }
  lines << tr("largest tile of each tensor over all Einsums");
  return lines.join('\n');
}

QString AccessesPlot::pinnedOccupancyText(const QString& component) const {
  const BarTable pinned = occupancyBars(*pinned_);
  if (!pinned.categories.contains(component)) return {};
  const double bits = categoryTotal(pinned, component);
  const double cap = capacities(*pinned_, {component}).value(0);
  if (std::isfinite(cap) && cap > 0)
    return QStringLiteral("%1 %").arg(QString::number(100 * bits / cap, 'g', 3));
  return tr("%1 held").arg(formatBits(bits));
}

QString AccessesPlot::toolTipAt(const QPoint& plotPos) const {
  const Hit hit = hitAt(plotPos);
  if (view_ == View::Occupancy && !showsEmptyState()) {
    // Any point of a buffer's row explains it, also unbounded rows that have no bar.
    const int row =
        hit.bars ? hit.category : static_cast<int>(std::lround(plot_->yAxis->pixelToCoord(plotPos.y())));
    if (row < 0 || row >= table_.categories.size() || !plot_->axisRect()->rect().contains(plotPos)) return {};
    return occupancyToolTip(row, hit.bars && hit.bars != track_ ? hit.bars->name() : QString());
  }
  const QString scope = tr("Einsum: %1").arg(einsum_);
  if (!hit.bars || hit.category < 0 || hit.category >= table_.categories.size()) {
    // With a pin, anywhere in a category's column compares it (also where no bar is left).
    if (changes_.isEmpty() || showsEmptyState() || !plot_->axisRect()->rect().contains(plotPos)) return {};
    const auto column = std::lround(plot_->xAxis->pixelToCoord(plotPos.x()));
    if (column < 0 || column >= changes_.size()) return {};
    const int c = static_cast<int>(column);
    return (QStringList{table_.categories[c]} + comparisonLines(c) + QStringList{scope}).join('\n');
  }
  const QString component = table_.categories[hit.category];
  if (hit.bars == pinnedBars_)
    return (QStringList{tr("%1 \u2014 pinned mapping").arg(component)} + comparisonLines(hit.category) +
            QStringList{scope})
        .join('\n');
  const QString series = hit.bars->name();
  const double value = table_.value(series, component);
  QStringList lines;
  if (view_ == View::Accesses) {
    lines << tr("%1 \u2014 %2").arg(component, series);
    const QString what = action_.isEmpty() ? tr("all actions") : action_;
    lines << (metric_ == AccessMetric::Count ? tr("data moved (%1): %2") : tr("energy (%1): %2"))
                 .arg(what, valueText(value));
    double total = 0;
    for (const auto& s : table_.series) total += table_.value(s, component);
    // With a pin, "current" below is that total.
    if (table_.series.size() > 1 && changes_.isEmpty())
      lines << tr("component total: %1").arg(valueText(total));
  } else {
    lines << component << tr("latency: %1").arg(valueText(value));
  }
  if (!changes_.isEmpty()) lines << comparisonLines(hit.category);
  lines << scope;
  return lines.join('\n');
}

QString AccessesPlot::valueText(double value) const {
  const UnitFamily family = valueFamily();
  const QString exact = exactValue(value, family, valueUnit());
  return family == UnitFamily::Bits ? QStringLiteral("%1 (%2)").arg(exact, formatBits(value, 4)) : exact;
}

QStringList AccessesPlot::comparisonLines(int category) const {
  const CategoryChange& c = changes_.at(category);
  const QString change = changeText(c.pinned, c.current);
  return {tr("pinned: %1").arg(valueText(c.pinned)), tr("current: %1").arg(valueText(c.current)),
          tr("change: %1").arg(change.isEmpty() ? tr("none") : change)};
}

void AccessesPlot::onMouseMove(QMouseEvent* event) {
  const Hit hit = hitAt(event->pos());
  const QString component = hit.bars ? table_.categories.value(hit.category) : QString();
  const QString tensor = hit.bars && hit.bars != track_ && hit.bars != pinnedBars_ && view_ != View::Latency
                             ? hit.bars->name()
                             : QString();
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
  addExportActions(
      *menu, [this] { return figure(); }, this);
  menu->popup(plot_->mapToGlobal(pos));
}

}  // namespace af::ui
