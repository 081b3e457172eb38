#include "plots/area_plot.h"

#include <qcustomplot.h>

#include <QLabel>
#include <QMenu>
#include <QStackedWidget>
#include <QVBoxLayout>
#include <algorithm>

#include "models/si_format.h"
#include "plots/figure_export.h"

namespace af::ui {

namespace {

constexpr double kMm2 = 1e6;  // m² to mm²: SI prefixes do not apply to a squared unit

QString mm2(double m2) { return QStringLiteral("%1 mm\u00b2").arg(formatScaled(m2 * kMm2, 4)); }

}  // namespace

AreaPlot::AreaPlot(QWidget* parent) : QWidget(parent) {
  setObjectName("areaPlot");
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(0, 0, 0, 0);
  heading_ = new QLabel(this);
  heading_->setObjectName("areaHeading");
  heading_->setContentsMargins(6, 2, 6, 0);
  layout->addWidget(heading_);
  pages_ = new QStackedWidget(this);
  empty_ = new QLabel(tr("Open an architecture to see each component's area (its model's, its table's or the "
                         "spec's) and the chip's total."),
                      pages_);
  empty_->setAlignment(Qt::AlignCenter);
  empty_->setWordWrap(true);
  empty_->setEnabled(false);
  plot_ = new QCustomPlot(pages_);
  plot_->setObjectName("areaCustomPlot");
  plot_->setContextMenuPolicy(Qt::CustomContextMenu);
  connect(plot_, &QWidget::customContextMenuRequested, this, [this](const QPoint& at) {
    QMenu menu(this);
    addExportActions(
        menu, [this] { return plotFigure(*plot_, title()); }, this);
    menu.exec(plot_->mapToGlobal(at));
  });
  connect(plot_, &QCustomPlot::mouseMove, this, [this](QMouseEvent* event) {
    // The bar under the mouse: its exact area, leak power and source.
    const int row = static_cast<int>(std::lround(plot_->yAxis->pixelToCoord(event->position().y())));
    const double x = plot_->xAxis->pixelToCoord(event->position().x());
    QString tip;
    if (row >= 0 && row < data_.components.size() && x >= 0 &&
        x <= data_.components[row].area * kMm2 * 1.02) {
      const AreaRecord& r = data_.components[row];
      tip = tr("<b>%1</b><br>area %2 m\u00b2 (%3 of the chip)<br>leak %4<br>from %5")
                .arg(r.component.toHtmlEscaped(), QString::number(r.area, 'g', 10),
                     QStringLiteral("%1 %").arg(data_.total > 0 ? 100 * r.area / data_.total : 0, 0, 'f', 1),
                     formatSiExact(r.leakPower, QStringLiteral("W")), r.source.toHtmlEscaped());
    }
    plot_->setToolTip(tip);
  });
  pages_->addWidget(empty_);
  pages_->addWidget(plot_);
  layout->addWidget(pages_, 1);
  rebuild();
}

void AreaPlot::setData(const AreaData& data) {
  if (data == data_) return;
  data_ = data;
  rebuild();
}

QString AreaPlot::title() const { return tr("Area per component"); }

bool AreaPlot::showsEmptyState() const { return pages_->currentWidget() == empty_; }

double AreaPlot::barValue(const QString& component) const {
  for (const auto& r : data_.components)
    if (r.component == component) return r.area * kMm2;
  return -1;
}

void AreaPlot::rebuild() {
  plot_->clearPlottables();
  plot_->clearItems();
  if (data_.isEmpty()) {
    heading_->clear();
    pages_->setCurrentWidget(empty_);
    return;
  }
  pages_->setCurrentWidget(plot_);
  heading_->setText(tr("Chip area %1, leak power %2 (every instance the fanouts make)")
                        .arg(mm2(data_.total), formatSi(data_.totalLeak, QStringLiteral("W"))));
  // One row per component, the backing store on top; a bar's length is its area, its label the
  // figure and the share of the chip.
  auto* bars = new QCPBars(plot_->yAxis, plot_->xAxis);
  bars->setPen(QPen(QColor(0x00, 0x72, 0xB2)));
  bars->setBrush(QColor(0x00, 0x72, 0xB2, 120));
  bars->setWidth(0.6);
  auto ticker = QSharedPointer<QCPAxisTickerText>::create();
  double largest = 0;
  for (int i = 0; i < data_.components.size(); ++i) {
    const AreaRecord& r = data_.components[i];
    ticker->addTick(i, r.component);
    bars->addData(i, r.area * kMm2);
    largest = std::max(largest, r.area * kMm2);
    auto* label = new QCPItemText(plot_);
    label->position->setCoords(r.area * kMm2, i);
    label->setPositionAlignment(Qt::AlignLeft | Qt::AlignVCenter);
    label->setPadding(QMargins(4, 0, 0, 0));
    label->setText(QStringLiteral("%1 (%2 %)")
                       .arg(mm2(r.area))
                       .arg(data_.total > 0 ? 100 * r.area / data_.total : 0, 0, 'f', 1));
  }
  plot_->yAxis->setTicker(ticker);
  plot_->yAxis->setRange(-0.6, data_.components.size() - 0.4);
  plot_->yAxis->setRangeReversed(true);  // the backing store on top, as the Architecture view draws it
  plot_->yAxis->setSubTicks(false);
  plot_->yAxis->setTickLength(0, 0);
  plot_->xAxis->setLabel(tr("area (mm\u00b2)"));
  plot_->xAxis->setRange(0, largest > 0 ? largest * 1.45 : 1);  // room for the labels
  plot_->replot();
}

}  // namespace af::ui
