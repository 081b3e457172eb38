#include "explore/funnel_plot.h"

#include <qcustomplot.h>

#include <QHeaderView>
#include <QLabel>
#include <QMenu>
#include <QSplitter>
#include <QTreeWidget>
#include <QVBoxLayout>

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

// "capacity GlobalBuffer" -> ("capacity", "GlobalBuffer"); "fanout PE.X" -> ("fanout", "PE.X").
std::pair<QString, QString> splitCause(const std::string& cause) {
  const QString c = QString::fromStdString(cause);
  const auto space = c.indexOf(QLatin1Char(' '));
  return space < 0 ? std::pair{c, QString()} : std::pair{c.left(space), c.mid(space + 1)};
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
  if (kind == QLatin1String("loop_bounds"))
    return QObject::tr("the loop_bounds constraint %1 leaves no tile shape. Relax it.").arg(where);
  return QObject::tr("relax the constraint it names.");
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
    return QObject::tr(
               "<b>No valid mapping: %1 removed every pmapping of Einsum %2</b> (%3 of %4).<br>"
               "What to try: %5")
        .arg(QString::fromStdString(worst).toHtmlEscaped(), einsum, formatCount(removed),
             formatCount(s.pmappings_total), advice(kind, where).toHtmlEscaped());
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
  plot_->legend->setWrap(2);  // two by two: the tab is narrow
  plot_->legend->setFillOrder(QCPLegend::foColumnsFirst, true);  // re-lays the items added above
  plot_->plotLayout()->setRowStretchFactor(0, 0.001);
  plot_->legend->setVisible(true);
  connect(plot_, &QWidget::customContextMenuRequested, this, &FunnelPlot::showContextMenu);
  rebuild({});
}

void FunnelPlot::setProgress(const MapperProgressPtr& progress) {
  explanation_->hide();
  rebuild(progress ? progress->stats : std::vector<mapper::EinsumStats>{});
}

void FunnelPlot::setRun(const MapRunPtr& run) {
  if (!run) return clear();
  rebuild(run->result.stats);
  const QString why = explainNoMapping(run->result);
  explanation_->setText(why);
  explanation_->setVisible(!why.isEmpty());
}

void FunnelPlot::clear() {
  explanation_->hide();
  rebuild({});
}

void FunnelPlot::rebuild(const std::vector<mapper::EinsumStats>& stats) {
  einsums_.clear();
  QSharedPointer<QCPAxisTickerText> ticker(new QCPAxisTickerText);
  for (std::size_t i = 0; i < stats.size(); ++i) {
    einsums_ << QString::fromStdString(stats[i].einsum);
    ticker->addTick(static_cast<double>(i), einsums_.back());
  }
  plot_->xAxis->setTicker(ticker);
  double top = 1;
  for (int stage = 0; stage < 4; ++stage) {
    QVector<double> keys, values;
    for (std::size_t i = 0; i < stats.size(); ++i) {
      const double v = stageValue(stats[i], stage);
      keys << static_cast<double>(i);
      values << std::max(v, kLogFloor);  // a log axis has no 0: empty stages sit on the floor
      top = std::max(top, v);
    }
    bars_[static_cast<std::size_t>(stage)]->setData(keys, values, true);
  }
  plot_->xAxis->setRange(-0.6, static_cast<double>(std::max<std::size_t>(stats.size(), 1)) - 0.4);
  plot_->yAxis->setRange(kLogFloor, top * 4);

  causes_->clear();
  for (const auto& s : stats) {
    auto* einsum = new QTreeWidgetItem(
        causes_, {QString::fromStdString(s.einsum),
                  {},
                  formatCount(s.pmappings_total - static_cast<double>(s.pmappings_pareto)),
                  {}});
    for (const auto& stage : s.funnel()) {
      const auto [kind, where] = splitCause(stage.cause);
      new QTreeWidgetItem(einsum, {kind, where, formatCount(static_cast<double>(s.removed.at(stage.cause))),
                                   QString::number(stage.kept_rate, 'g', 3)});
    }
    einsum->setExpanded(true);
  }
  empty_->setVisible(stats.empty());
  empty_->setGeometry(plot_->rect());
  plot_->legend->setVisible(!stats.empty());
  plot_->replot(QCustomPlot::rpQueuedReplot);
}

double FunnelPlot::barValue(const QString& einsum, const QString& stage) const {
  const auto e = einsums_.indexOf(einsum);
  if (e < 0) return -1;
  for (int i = 0; i < 4; ++i)
    if (stage == QLatin1String(kStages[i].key)) {
      const auto data = bars_[static_cast<std::size_t>(i)]->data();
      const auto it = data->findBegin(static_cast<double>(e), false);
      return it == data->constEnd() ? -1 : it->value;
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
