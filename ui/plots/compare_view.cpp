#include "plots/compare_view.h"

#include <qcustomplot.h>

#include <QComboBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QSplitter>
#include <QTableWidget>
#include <QVBoxLayout>
#include <cmath>

#include "models/pin_comparison.h"
#include "models/pinned_mapping.h"
#include "models/si_format.h"
#include "plots/si_axis_ticker.h"

namespace af::ui {

CompareView::CompareView(PinnedMapping* pin, QWidget* parent) : QWidget(parent), pin_(pin) {
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(0, 0, 0, 0);
  auto* bar = new QHBoxLayout;
  pinButton_ = new QPushButton(tr("Pin this mapping"), this);
  pinButton_->setObjectName("comparePin");
  pinButton_->setToolTip(
      tr("Keep the mapping on screen as the reference; open another to compare per buffer"));
  unpinButton_ = new QPushButton(tr("Unpin"), this);
  unpinButton_->setObjectName("compareUnpin");
  measure_ = new QComboBox(this);
  measure_->setObjectName("compareMeasure");
  measure_->addItem(tr("Energy (J)"));
  measure_->addItem(tr("Data moved"));
  hint_ = new QLabel(this);
  hint_->setWordWrap(true);
  bar->addWidget(pinButton_);
  bar->addWidget(unpinButton_);
  bar->addWidget(measure_);
  bar->addWidget(hint_, 1);
  layout->addLayout(bar);

  auto* split = new QSplitter(Qt::Horizontal, this);
  plot_ = new QCustomPlot(split);
  plot_->setObjectName("compareCustomPlot");
  table_ = new QTableWidget(split);
  table_->setObjectName("compareTable");
  table_->setColumnCount(7);
  table_->setHorizontalHeaderLabels({tr("Buffer"), tr("Energy, pinned"), tr("Energy, current"),
                                     tr("Energy change"), tr("Data moved, pinned"), tr("Data moved, current"),
                                     tr("Data change")});
  table_->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
  table_->verticalHeader()->hide();
  table_->setEditTriggers(QAbstractItemView::NoEditTriggers);
  split->setStretchFactor(0, 3);
  split->setStretchFactor(1, 2);
  layout->addWidget(split, 1);

  auto* group = new QCPBarsGroup(plot_);
  pinnedBars_ = new QCPBars(plot_->xAxis, plot_->yAxis);
  pinnedBars_->setName(tr("pinned"));
  pinnedBars_->setBrush(QColor(0x99, 0x99, 0x99));
  currentBars_ = new QCPBars(plot_->xAxis, plot_->yAxis);
  currentBars_->setName(tr("current"));
  currentBars_->setBrush(QColor(0x00, 0x72, 0xB2));
  for (QCPBars* b : {pinnedBars_, currentBars_}) {
    b->setPen(Qt::NoPen);
    b->setWidth(0.35);
    b->setBarsGroup(group);
  }
  plot_->legend->setVisible(true);
  plot_->axisRect()->insetLayout()->setInsetAlignment(0, Qt::AlignTop | Qt::AlignRight);
  plot_->xAxis->setTickLength(0, 0);
  plot_->xAxis->setSubTicks(false);
  plot_->xAxis->grid()->setVisible(false);

  connect(pinButton_, &QPushButton::clicked, pin_, &PinnedMapping::pin);
  connect(unpinButton_, &QPushButton::clicked, pin_, &PinnedMapping::unpin);
  connect(pin_, &PinnedMapping::pinnedChanged, this, &CompareView::rebuild);
  connect(pin_, &PinnedMapping::currentChanged, this, &CompareView::rebuild);
  connect(measure_, &QComboBox::currentIndexChanged, this, [this] { rebuild(); });
  rebuild();
}

void CompareView::setMeasure(Measure measure) {
  measure_->setCurrentIndex(measure == Measure::Energy ? 0 : 1);
}

void CompareView::setPinnable(bool pinnable) {
  pinnable_ = pinnable;
  rebuild();
}

void CompareView::rebuild() {
  pinButton_->setVisible(pinnable_);
  unpinButton_->setVisible(pinnable_);
  pinButton_->setEnabled(pinnable_ && pin_->canPin());
  unpinButton_->setEnabled(pinnable_ && pin_->isPinned());
  hint_->setText(!pin_->isPinned()
                     ? tr("Pin a mapping, then open another (edit it, or click a point of the Pareto front).")
                     : tr("Grey: the pinned mapping; blue: the one on screen now."));
  rows_ = pin_->isPinned() ? compareBuffers(*pin_->pinned(), pin_->current()) : QList<BufferComparison>{};

  const bool energy = measure_->currentIndex() == 0;
  QSharedPointer<QCPAxisTickerText> names(new QCPAxisTickerText);
  QVector<double> keys, pinnedValues, currentValues;
  double top = 0;
  for (int i = 0; i < rows_.size(); ++i) {
    const BufferComparison& r = rows_[i];
    names->addTick(i, r.component);
    keys << i;
    pinnedValues << (energy ? r.pinnedEnergy : r.pinnedBits);
    currentValues << (energy ? r.currentEnergy : r.currentBits);
    top = std::max({top, pinnedValues.last(), currentValues.last()});
  }
  plot_->xAxis->setTicker(names);
  plot_->xAxis->setRange(-0.6, std::max<double>(rows_.size(), 1) - 0.4);
  plot_->yAxis->setTicker(QSharedPointer<SiAxisTicker>::create(
      energy ? UnitFamily::Decimal : UnitFamily::Bits, energy ? QStringLiteral("J") : QString()));
  plot_->yAxis->setLabel(energy ? tr("energy") : tr("data moved"));
  plot_->yAxis->setRange(0, top > 0 ? top * 1.1 : 1);
  pinnedBars_->setData(keys, pinnedValues, true);
  currentBars_->setData(keys, currentValues, true);
  plot_->replot(QCustomPlot::rpQueuedReplot);

  table_->setRowCount(static_cast<int>(rows_.size()));
  for (int i = 0; i < rows_.size(); ++i) {
    const BufferComparison& r = rows_[i];
    const QStringList cells{r.component,
                            formatSi(r.pinnedEnergy, "J"),
                            formatSi(r.currentEnergy, "J"),
                            changeText(r.pinnedEnergy, r.currentEnergy),
                            formatBits(r.pinnedBits),
                            formatBits(r.currentBits),
                            changeText(r.pinnedBits, r.currentBits)};
    for (int c = 0; c < cells.size(); ++c) table_->setItem(i, c, new QTableWidgetItem(cells[c]));
  }
}

}  // namespace af::ui
