#include "sweep/sweep_panel.h"

#include <QComboBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QProgressBar>
#include <QPushButton>
#include <QVBoxLayout>
#include <stdexcept>

namespace af::ui {

namespace {

constexpr const char* kNone = "";

QString rowText(const QString& name, const QString& values) { return name + QLatin1Char('=') + values; }

}  // namespace

SweepPanel::SweepPanel(QWidget* parent) : QWidget(parent) {
  auto* layout = new QVBoxLayout(this);
  auto* intro =
      new QLabel(tr("Map the spec at every value of one or two of its variables. Values: a list (16,32,64), "
                    "a range (1..8, 0..1:0.25) or a geometric range (64Ki..4Mi*2)."),
                 this);
  intro->setWordWrap(true);
  layout->addWidget(intro);
  // One control per row, fields under their labels: the pane shares a 280 px column.
  auto* form = new QFormLayout;
  form->setRowWrapPolicy(QFormLayout::WrapAllRows);
  for (int r = 0; r < 2; ++r) {
    auto& row = rows_[r];
    row.name = new QComboBox(this);
    row.name->setObjectName(QStringLiteral("sweepVariable%1").arg(r + 1));
    row.name->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    row.name->setMinimumContentsLength(10);
    row.name->addItem(r == 0 ? tr("(choose a variable)") : tr("(none)"), QString(kNone));
    row.values = new QLineEdit(this);
    row.values->setObjectName(QStringLiteral("sweepValues%1").arg(r + 1));
    row.values->setPlaceholderText(r == 0 ? tr("e.g. 64Ki..4Mi*2") : tr("e.g. 1,2,4"));
    row.values->setClearButtonEnabled(true);
    form->addRow(r == 0 ? tr("Vary") : tr("and"), row.name);
    form->addRow(tr("values"), row.values);
    connect(row.name, &QComboBox::currentIndexChanged, this, &SweepPanel::updateGrid);
    connect(row.values, &QLineEdit::textChanged, this, &SweepPanel::updateGrid);
    connect(row.values, &QLineEdit::returnPressed, this, [this] {
      if (run_->isEnabled()) emit runRequested();
    });
  }
  layout->addLayout(form);
  grid_ = new QLabel(this);
  grid_->setObjectName("sweepGrid");
  grid_->setWordWrap(true);
  grid_->setTextInteractionFlags(Qt::TextSelectableByMouse);
  layout->addWidget(grid_);
  why_ = new QLabel(this);
  why_->setObjectName("sweepWhy");
  why_->setWordWrap(true);
  layout->addWidget(why_);

  auto* buttons = new QHBoxLayout;
  run_ = new QPushButton(tr("Sweep"), this);
  run_->setObjectName("sweepRun");
  run_->setToolTip(tr("Map at every point, with the Mapper pane's settings"));
  stop_ = new QPushButton(tr("Stop"), this);
  stop_->setObjectName("sweepStop");
  stop_->setToolTip(tr("Stop after keeping the points finished so far"));
  export_ = new QPushButton(tr("CSV…"), this);
  export_->setObjectName("sweepExport");
  export_->setToolTip(tr("Save one row per point, as `accelforge sweep --csv` writes it"));
  buttons->addWidget(run_);
  buttons->addWidget(stop_);
  buttons->addWidget(export_);
  layout->addLayout(buttons);
  connect(run_, &QPushButton::clicked, this, &SweepPanel::runRequested);
  connect(stop_, &QPushButton::clicked, this, &SweepPanel::stopRequested);
  connect(export_, &QPushButton::clicked, this, &SweepPanel::exportRequested);

  overall_ = new QProgressBar(this);
  overall_->setObjectName("sweepOverall");
  overall_->setFormat(tr("%v of %m points"));
  pointLabel_ = new QLabel(this);
  pointLabel_->setObjectName("sweepPointLabel");
  pointLabel_->setWordWrap(true);
  point_ = new QProgressBar(this);
  point_->setObjectName("sweepPoint");
  point_->setRange(0, 1000);
  point_->setFormat(tr("%p%"));
  layout->addWidget(overall_);
  layout->addWidget(pointLabel_);
  layout->addWidget(point_);
  layout->addStretch(1);
  reset();
  updateGrid();
}

void SweepPanel::setVariables(const QStringList& names) {
  for (int r = 0; r < 2; ++r) {
    QComboBox* box = rows_[r].name;
    const QString chosen = box->currentData().toString();
    const QSignalBlocker block(box);
    while (box->count() > 1) box->removeItem(1);
    for (const auto& n : names) box->addItem(n, n);
    const int at = box->findData(chosen);
    box->setCurrentIndex(at < 0 ? 0 : at);
  }
  updateGrid();
}

void SweepPanel::setVariation(int row, const QString& name, const QString& values) {
  if (row < 0 || row > 1) return;
  QComboBox* box = rows_[row].name;
  int at = box->findData(name);
  if (at < 0 && !name.isEmpty()) {  // not read (yet): the check at Sweep says so
    box->addItem(name, name);
    at = box->count() - 1;
  }
  box->setCurrentIndex(at < 0 ? 0 : at);
  rows_[row].values->setText(values);
}

std::vector<sweep::Variation> SweepPanel::variations(QString* error) const {
  std::vector<sweep::Variation> out;
  for (const auto& row : rows_) {
    const QString name = row.name->currentData().toString();
    const QString values = row.values->text().trimmed();
    if (name.isEmpty()) continue;
    if (values.isEmpty()) {
      if (error) *error = tr("%1 has no values").arg(name);
      return {};
    }
    try {
      out.push_back(sweep::parse_variation(rowText(name, values).toStdString()));
    } catch (const std::invalid_argument& e) {
      if (error) *error = QString::fromStdString(e.what());
      return {};
    }
  }
  if (out.empty() && error) *error = tr("choose a variable and its values");
  return out;
}

void SweepPanel::updateGrid() {
  QString error;
  const auto vary = variations(&error);
  QStringList sizes;
  std::size_t n = vary.empty() ? 0 : 1;
  for (const auto& v : vary) {
    sizes << QString::number(v.values.size());
    n *= v.values.size();
  }
  hasRows_ = !vary.empty() && n <= sweep::kMaxPoints;
  if (vary.empty())
    grid_->setText(error);
  else if (n > sweep::kMaxPoints)
    grid_->setText(tr("%1 points: a sweep has at most %2").arg(n).arg(sweep::kMaxPoints));
  else
    grid_->setText(
        sizes.size() == 1
            ? tr("%n point(s)", "", static_cast<int>(n))
            : tr("%1 = %n point(s)", "", static_cast<int>(n)).arg(sizes.join(QStringLiteral(" × "))));
  grid_->setStyleSheet(hasRows_ || error.startsWith(tr("choose")) ? QString()
                                                                  : QStringLiteral("color: #D55E00"));
  run_->setEnabled(ready_ && hasRows_ && !running_);
}

void SweepPanel::setReady(bool ready, const QString& why) {
  ready_ = ready;
  why_->setText(why);
  why_->setVisible(!why.isEmpty());
  updateGrid();
}

void SweepPanel::setRunning(bool running) {
  running_ = running;
  stop_->setEnabled(running);
  for (const auto& row : rows_) {
    row.name->setEnabled(!running);
    row.values->setEnabled(!running);
  }
  if (running) {
    export_->setEnabled(false);
    overall_->setValue(0);
    point_->setValue(0);
  }
  updateGrid();
}

void SweepPanel::setProgress(const SweepProgress& progress) {
  overall_->setRange(0, static_cast<int>(progress.total));
  overall_->setValue(static_cast<int>(progress.done));
  pointLabel_->setText(progress.current.isEmpty() ? QString()
                                                  : tr("Point %1 of %2: %3 (%4)")
                                                        .arg(progress.done + 1)
                                                        .arg(progress.total)
                                                        .arg(progress.current, progress.stage));
  point_->setValue(static_cast<int>(progress.pointFraction * 1000));
}

void SweepPanel::setFinished(const SweepRunPtr& run) {
  setRunning(false);
  export_->setEnabled(run && !run->points.empty());
  if (!run) return;
  overall_->setRange(0, static_cast<int>(std::max<std::size_t>(run->total, 1)));
  overall_->setValue(static_cast<int>(run->points.size()));
  point_->setValue(run->stopped ? 0 : 1000);
  if (!run->problems.empty()) {
    QStringList lines;
    for (const auto& p : run->problems) lines << QString::fromStdString(p);
    pointLabel_->setText(lines.join('\n'));
  } else {
    pointLabel_->setText(
        run->stopped ? tr("Stopped: %1 of %2 points kept").arg(run->points.size()).arg(run->total)
                     : tr("Done: %1 points in %2 s").arg(run->points.size()).arg(run->seconds, 0, 'f', 1));
  }
}

void SweepPanel::reset() {
  running_ = false;
  stop_->setEnabled(false);
  export_->setEnabled(false);
  overall_->setRange(0, 1);
  overall_->setValue(0);
  point_->setValue(0);
  pointLabel_->clear();
  updateGrid();
}

}  // namespace af::ui
