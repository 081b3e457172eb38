#include "explore/funnel_plot.h"

#include <qcustomplot.h>

#include <QFontMetrics>
#include <QHeaderView>
#include <QLabel>
#include <QMenu>
#include <QSplitter>
#include <QTreeWidget>
#include <QVBoxLayout>
#include <algorithm>
#include <cmath>

#include "models/si_format.h"
#include "plots/figure_export.h"
#include "plots/si_axis_ticker.h"

namespace af::ui {

namespace {

constexpr double kLogFloor = 0.5;  // the bottom of the count axis (below one pmapping)

struct StageDef {
  const char* key;
  const char* label;
  QColor color;
};
// Okabe–Ito, light to dark along the funnel.
const StageDef kStages[] = {{"total", QT_TR_NOOP("in the search space"), QColor(0x56, 0xB4, 0xE9)},
                            {"valid", QT_TR_NOOP("valid"), QColor(0x00, 0x9E, 0x73)},
                            {"evaluated", QT_TR_NOOP("evaluated"), QColor(0xE6, 0x9F, 0x00)},
                            {"pareto", QT_TR_NOOP("Pareto-optimal"), QColor(0xD5, 0x5E, 0x00)}};

double stageValue(const mapper::EinsumStats& s, int stage) {
  switch (stage) {
    case 0:
      return s.pmappings_total;
    case 1:
      return static_cast<double>(s.pmappings_valid);
    case 2:
      return static_cast<double>(s.pmappings_evaluated);
    default:
      return static_cast<double>(s.pmappings_pareto);
  }
}

// A join step on the same four bars: its candidates are the row pairs of the group pairs, the
// merged rows are what it "evaluated", the valid ones fit the memories, the kept ones its front.
double stageValue(const mapper::JoinStepStats& s, int stage) {
  switch (stage) {
    case 0:
      return s.candidates();
    case 1:
      return static_cast<double>(s.rows_valid());
    case 2:
      return static_cast<double>(s.rows_paired);
    default:
      return static_cast<double>(s.rows_out);
  }
}

QString joinLabel(const std::string& einsum) {
  return QObject::tr("join %1").arg(QString::fromStdString(einsum));
}

// "capacity GlobalBuffer" -> ("capacity", "GlobalBuffer"); "fanout PE.X" -> ("fanout", "PE.X").
// Causes without a place ("lookahead groups", "loops differ") stay whole.
std::pair<QString, QString> splitCause(const std::string& cause) {
  const QString c = QString::fromStdString(cause);
  const auto space = c.indexOf(QLatin1Char(' '));
  static const QStringList placed{QStringLiteral("capacity"), QStringLiteral("fanout"),
                                  QStringLiteral("min_usage"), QStringLiteral("loop_bounds")};
  if (space < 0 || !placed.contains(c.left(space))) return {c, QString()};
  return {c.left(space), c.mid(space + 1)};
}

QString advice(const QString& kind, const QString& where) {
  if (kind == QLatin1String("capacity"))
    return QObject::tr(
               "%1 is too small for the smallest tiles of the tensors it must keep. Try a larger %1 "
               "size, let it keep fewer tensors (its tensors: keep / may_keep), or allow imperfect "
               "tiles (they can be smaller).")
        .arg(where);
  if (kind == QLatin1String("fanout"))
    return QObject::tr(
               "the spatial loops need more instances than %1 has. Try a larger fanout, or fewer "
               "rank variables allowed on it (loop_bounds).")
        .arg(where);
  if (kind == QLatin1String("min_usage"))
    return QObject::tr(
               "no tile shape uses enough of %1 to meet its min_usage. Try a lower min_usage, rank "
               "sizes the array divides, or imperfect spatial tiles.")
        .arg(where);
  if (kind == QLatin1String("loops differ"))
    return QObject::tr(
        "the Einsums' pmappings never iterate the loops they share alike. Try mapping unfused, or "
        "more fused loops (max_fused_loops).");
  if (kind == QLatin1String("loop_bounds"))
    return QObject::tr("the loop_bounds constraint %1 leaves no tile shape. Relax it.").arg(where);
  return QObject::tr("relax the constraint it names.");
}

// The figure that decided it: the limit, and the least the search found it would take.
QString decidingFigure(const QString& kind, const QString& where, const QString& einsum,
                       const mapper::EinsumStats::Shortfall& f) {
  if (kind == QLatin1String("capacity"))
    return QObject::tr("%1 holds %2; the smallest tiles of Einsum %3 need %4 there.")
        .arg(where.toHtmlEscaped(), formatBits(f.limit), einsum.toHtmlEscaped(), formatBits(f.used));
  return QObject::tr("%1 has %2 instances; the spatial loops of Einsum %3 need at least %4.")
      .arg(where.toHtmlEscaped(), formatCount(f.limit), einsum.toHtmlEscaped(), formatCount(f.used));
}

}  // namespace

QString explainNoMapping(const mapper::MapperResult& result) {
  if (result.found || result.cancelled) return {};
  for (const auto& s : result.stats) {
    if (s.pmappings_pareto > 0) continue;
    const QString einsum = QString::fromStdString(s.einsum);
    if (s.templates == 0)
      return QObject::tr("<b>Einsum %1 has no pmapping template.</b> %2")
          .arg(einsum, QString::fromStdString(result.failure).toHtmlEscaped());
    const std::string worst = s.worst_cause();
    if (worst.empty()) break;
    const auto [kind, where] = splitCause(worst);
    const double removed = static_cast<double>(s.removed.at(worst));
    const auto over = s.smallest_over_limit.find(worst);
    const QString figure = over == s.smallest_over_limit.end()
                               ? QString()
                               : decidingFigure(kind, where, einsum, over->second) + "<br>";
    return QObject::tr(
               "<b>No valid mapping: %1 removed every pmapping of Einsum %2</b> (%3 of %4).<br>%5"
               "What to try: %6")
        .arg(QString::fromStdString(worst).toHtmlEscaped(), einsum, formatCount(removed),
             formatCount(s.pmappings_total), figure, advice(kind, where).toHtmlEscaped());
  }
  // Every Einsum has pmappings: the fused join removed the rest.
  for (const auto& step : result.join_steps) {
    if (step.rows_out > 0) continue;
    const std::string worst = step.worst_cause();
    if (worst.empty()) break;
    const std::uint64_t most = step.removed_by(worst);
    const auto [kind, where] = splitCause(worst);
    const QString what = kind == QLatin1String("capacity")
                             ? QObject::tr(
                                   "%1 is too small for the tiles the fused Einsums keep there together. "
                                   "Try mapping unfused, fewer fused loops, or a larger %1.")
                                   .arg(where)
                             : advice(kind, where);
    return QObject::tr(
               "<b>No valid mapping: the fused join up to Einsum %1 removed every mapping</b> (%2 "
               "removed %3 of %4 row pairs).<br>What to try: %5")
        .arg(QString::fromStdString(step.einsum).toHtmlEscaped(),
             QString::fromStdString(worst).toHtmlEscaped(), formatCount(static_cast<double>(most)),
             formatCount(step.candidates()), what.toHtmlEscaped());
  }
  return QObject::tr("<b>No valid mapping.</b> %1")
      .arg(QString::fromStdString(result.failure).toHtmlEscaped());
}

FunnelPlot::FunnelPlot(QWidget* parent) : QWidget(parent) {
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(0, 0, 0, 0);
  explanation_ = new QLabel(this);
  explanation_->setObjectName("funnelExplanation");
  explanation_->setWordWrap(true);
  explanation_->setTextFormat(Qt::RichText);
  explanation_->setStyleSheet(
      QStringLiteral("QLabel { background: #FFF3E0; border: 1px solid #E69F00; padding: 6px; }"));
  explanation_->hide();
  layout->addWidget(explanation_);

  // Plot above the causes: the Mapper results tab is narrower than it is tall.
  auto* split = new QSplitter(Qt::Vertical, this);
  plot_ = new QCustomPlot(split);
  plot_->setObjectName("funnelCustomPlot");
  plot_->setContextMenuPolicy(Qt::CustomContextMenu);
  plot_->setMinimumHeight(220);  // the bars before the table: the table scrolls, the bars cannot
  causes_ = new QTreeWidget(split);
  causes_->setObjectName("funnelCauses");
  causes_->setHeaderLabels({tr("Einsum / cause"), tr("where"), tr("removed"), tr("keep rate")});
  causes_->setRootIsDecorated(true);
  causes_->header()->setSectionResizeMode(QHeaderView::ResizeToContents);
  split->setStretchFactor(0, 3);
  split->setStretchFactor(1, 2);
  layout->addWidget(split, 1);
  empty_ = new QLabel(tr("Run the mapper to see, per Einsum, how many pmappings each check keeps."), plot_);
  empty_->setAlignment(Qt::AlignCenter);
  empty_->setWordWrap(true);
  empty_->setEnabled(false);

  plot_->yAxis->setScaleType(QCPAxis::stLogarithmic);
  plot_->yAxis->setTicker(QSharedPointer<SiLogAxisTicker>::create(UnitFamily::Count, QString()));
  plot_->yAxis->setLabel(tr("pmappings"));
  plot_->xAxis->setTickLength(0, 0);
  plot_->xAxis->setSubTicks(false);
  plot_->xAxis->grid()->setVisible(false);
  auto* group = new QCPBarsGroup(plot_);
  group->setSpacingType(QCPBarsGroup::stAbsolute);
  group->setSpacing(1);
  for (const auto& stage : kStages) {
    auto* bars = new QCPBars(plot_->xAxis, plot_->yAxis);
    bars->setName(tr(stage.label));
    bars->setBrush(stage.color);
    bars->setPen(Qt::NoPen);
    bars->setWidth(0.2);
    bars->setBarsGroup(group);
    bars->setBaseValue(kLogFloor);
    bars_.push_back(bars);
  }
  // The legend in a row above the bars, so it never covers them.
  plot_->plotLayout()->insertRow(0);
  plot_->plotLayout()->addElement(0, 0, plot_->legend);
  plot_->legend->setWrap(2);                                     // two by two until it is wide
  plot_->legend->setFillOrder(QCPLegend::foColumnsFirst, true);  // re-lays the items added above
  plot_->plotLayout()->setRowStretchFactor(0, 0.001);
  plot_->legend->setVisible(true);
  connect(plot_, &QWidget::customContextMenuRequested, this, &FunnelPlot::showContextMenu);
  rebuild({}, {});
}

void FunnelPlot::setFusedJoin(bool fused) { fusedJoin_ = fused; }

void FunnelPlot::setProgress(const MapperProgressPtr& progress) {
  explanation_->hide();
  if (!progress) return rebuild({}, {});
  rebuild(progress->stats, fusedJoin_ ? progress->joinSteps : std::vector<mapper::JoinStepStats>{});
}

void FunnelPlot::setRun(const MapRunPtr& run) {
  if (!run) return clear();
  fusedJoin_ = !run->options.unfused;
  rebuild(run->result.stats, fusedJoin_ ? run->result.join_steps : std::vector<mapper::JoinStepStats>{});
  const QString why = explainNoMapping(run->result);
  explanation_->setText(why);
  explanation_->setVisible(!why.isEmpty());
}

void FunnelPlot::clear() {
  explanation_->hide();
  rebuild({}, {});
}

void FunnelPlot::rebuild(const std::vector<mapper::EinsumStats>& stats,
                         const std::vector<mapper::JoinStepStats>& joins) {
  // Einsums at 0..n-1; the join's steps after a gap, behind a dashed line.
  categories_.clear();
  QList<double> keys;
  for (std::size_t i = 0; i < stats.size(); ++i) {
    categories_ << QString::fromStdString(stats[i].einsum);
    keys << static_cast<double>(i);
  }
  const double joinStart = static_cast<double>(stats.size()) + 0.5;
  for (std::size_t k = 0; k < joins.size(); ++k) {
    categories_ << joinLabel(joins[k].einsum);
    keys << joinStart + static_cast<double>(k);
  }
  keys_ = keys;
  double top = 1;
  for (int stage = 0; stage < 4; ++stage) {
    QVector<double> values;
    for (const auto& e : stats) values << stageValue(e, stage);
    for (const auto& j : joins) values << stageValue(j, stage);
    for (double& v : values) {
      top = std::max(top, v);
      // A log axis has no 0: bars stand on the floor, and QCPBars draws from its base up by
      // the value (base + value), so the value is the height above the floor; an empty stage
      // has none (it was drawn up to 1, as if one pmapping were left).
      v = std::max(v, kLogFloor) - kLogFloor;
    }
    bars_[static_cast<std::size_t>(stage)]->setData(QVector<double>(keys.begin(), keys.end()), values, true);
  }
  const double last = keys.isEmpty() ? 0.0 : keys.back();
  plot_->xAxis->setRange(-0.6, last + 0.6);
  plot_->yAxis->setRange(kLogFloor, top * 4);
  drawJoinDivider(joins.empty() ? -1 : joinStart - 0.75);
  fitLabels();

  causes_->clear();
  for (const auto& s : stats) {
    auto* einsum = new QTreeWidgetItem(
        causes_, {QString::fromStdString(s.einsum),
                  {},
                  formatCount(s.pmappings_total - static_cast<double>(s.pmappings_pareto)),
                  {}});
    for (const auto& stage : s.funnel())
      addCause(einsum, stage, static_cast<double>(s.removed.at(stage.cause)));
    einsum->setExpanded(true);
  }
  for (const auto& j : joins) {
    auto* step = new QTreeWidgetItem(
        causes_,
        {joinLabel(j.einsum), {}, formatCount(j.candidates() - static_cast<double>(j.rows_out)), {}});
    step->setToolTip(0, tr("The fused join of the Einsums up to %1: row pairs of compatible groups, "
                           "merged, checked against the memories and Pareto-pruned.")
                            .arg(QString::fromStdString(j.einsum)));
    for (const auto& stage : j.funnel())
      addCause(step, stage, static_cast<double>(j.removed_by(stage.cause)));
    step->setExpanded(true);
  }
  const bool empty = stats.empty() && joins.empty();
  empty_->setVisible(empty);
  empty_->setGeometry(plot_->rect());
  plot_->legend->setVisible(!empty);
  plot_->replot(QCustomPlot::rpQueuedReplot);
}

void FunnelPlot::fitLabels() {
  const QFontMetrics metrics(plot_->xAxis->tickLabelFont());
  int widest = 0;
  for (const QString& c : categories_) widest = std::max(widest, metrics.horizontalAdvance(c));
  const double span = keys_.isEmpty() ? 1.0 : keys_.back() + 1.2;  // the x range's width
  // Before the first layout the axis rect has no size yet: the widget's width is near it.
  const int width = plot_->axisRect()->width() > 0 ? plot_->axisRect()->width() : plot_->width() - 60;
  const double room = width / span;
  const bool upright = widest + 8 > room;
  // Upright labels take height from the bars: at most 8 characters ("join QK_softmax" is
  // "join QK_…"; the causes list beside has the whole name).
  QSharedPointer<QCPAxisTickerText> ticker(new QCPAxisTickerText);
  for (qsizetype i = 0; i < categories_.size(); ++i) {
    const QString& label = categories_[i];
    ticker->addTick(keys_[i], upright && label.size() > 8 ? label.left(7) + QChar(0x2026) : label);
  }
  plot_->xAxis->setTicker(ticker);
  plot_->xAxis->setTickLabelRotation(upright ? 90.0 : 0.0);
  plot_->replot(QCustomPlot::rpQueuedReplot);
}

void FunnelPlot::resizeEvent(QResizeEvent* event) {
  QWidget::resizeEvent(event);
  // The four keys in one row once they fit (a row of the bars' height saved), else two by two.
  if (const int wrap = plot_->width() >= 520 ? 4 : 2; plot_->legend->wrap() != wrap) {
    plot_->legend->setWrap(wrap);
    plot_->legend->setFillOrder(QCPLegend::foColumnsFirst, true);
  }
  fitLabels();
}

QString keepRateText(double rate) {
  const double percent = rate * 100;
  if (percent <= 0) return QStringLiteral("0%");
  if (percent < 1e-4) return QStringLiteral("< 0.0001%");
  if (percent >= 10) return QString::number(percent, 'f', 0) + QLatin1Char('%');
  if (percent >= 1) return QString::number(percent, 'f', 1) + QLatin1Char('%');
  // Two significant digits below 1%: 0.34%, 0.012%.
  const int decimals = 1 - static_cast<int>(std::floor(std::log10(percent)));
  return QString::number(percent, 'f', decimals) + QLatin1Char('%');
}

void FunnelPlot::addCause(QTreeWidgetItem* parent, const mapper::EinsumStats::Stage& stage, double removed) {
  const auto [kind, where] = splitCause(stage.cause);
  new QTreeWidgetItem(parent, {kind, where, formatCount(removed), keepRateText(stage.kept_rate)});
}

void FunnelPlot::drawJoinDivider(double x) {
  if (divider_) plot_->removeItem(divider_);  // deletes it; the QPointer clears
  if (dividerLabel_) plot_->removeItem(dividerLabel_);
  if (x < 0) return;
  divider_ = new QCPItemStraightLine(plot_);  // owned by plot_
  divider_->point1->setCoords(x, 1);
  divider_->point2->setCoords(x, 10);
  divider_->setPen(QPen(QColor(0x88, 0x88, 0x88), 1, Qt::DashLine));
  dividerLabel_ = new QCPItemText(plot_);
  dividerLabel_->position->setTypeX(QCPItemPosition::ptPlotCoords);
  dividerLabel_->position->setTypeY(QCPItemPosition::ptAxisRectRatio);
  dividerLabel_->position->setCoords(x, 0);
  dividerLabel_->setPositionAlignment(Qt::AlignLeft | Qt::AlignTop);
  dividerLabel_->setPadding(QMargins(4, 2, 2, 2));
  dividerLabel_->setColor(QColor(0x55, 0x55, 0x55));
  dividerLabel_->setText(tr("fused join"));
}

double FunnelPlot::barValue(const QString& category, const QString& stage) const {
  const auto e = categories_.indexOf(category);
  if (e < 0) return -1;
  for (int i = 0; i < 4; ++i)
    if (stage == QLatin1String(kStages[i].key)) {
      const auto data = bars_[static_cast<std::size_t>(i)]->data();
      const auto it = data->findBegin(keys_[e], false);
      return it == data->constEnd() ? -1 : kLogFloor + it->value;  // the top of the drawn bar
    }
  return -1;
}

bool FunnelPlot::explanationVisible() const { return !explanation_->isHidden(); }
QString FunnelPlot::explanation() const { return explanation_->text(); }
bool FunnelPlot::showsEmptyState() const { return !empty_->isHidden(); }

bool FunnelPlot::exportTo(const QString& path, QString* error) {
  return exportFigure(plotFigure(*plot_, title()), path, error);
}

void FunnelPlot::showContextMenu(const QPoint& pos) {
  QMenu menu(this);
  addExportActions(
      menu, [this] { return plotFigure(*plot_, title()); }, this);
  menu.exec(plot_->mapToGlobal(pos));
}

}  // namespace af::ui
