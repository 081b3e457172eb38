#include "explore/run_panel.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QProgressBar>
#include <QPushButton>
#include <QSpinBox>
#include <QThread>
#include <QTreeWidget>
#include <QVBoxLayout>

#include "models/si_format.h"

namespace af::ui {

namespace {

QString duration(double seconds) {
  if (seconds < 0) return QObject::tr("estimating…");
  if (seconds < 60) return QObject::tr("%1 s").arg(seconds, 0, 'f', seconds < 10 ? 1 : 0);
  return QObject::tr("%1 min %2 s").arg(static_cast<int>(seconds) / 60).arg(static_cast<int>(seconds) % 60);
}

}  // namespace

RunPanel::RunPanel(MapperSettings* settings, QWidget* parent) : QWidget(parent), settings_(settings) {
  auto* layout = new QVBoxLayout(this);
  auto* form = new QFormLayout;
  form->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
  form->setRowWrapPolicy(QFormLayout::WrapLongRows);  // a narrow column puts fields under labels
  metric_ = new QComboBox(this);
  metric_->setObjectName("runMetric");
  metric_->addItem(tr("EDP (energy × latency)"), static_cast<unsigned>(mapper::kEdp));
  metric_->addItem(tr("Energy"), static_cast<unsigned>(mapper::kEnergy));
  metric_->addItem(tr("Latency"), static_cast<unsigned>(mapper::kLatency));
  metric_->addItem(tr("Energy and latency (a front)"),
                   static_cast<unsigned>(mapper::kEnergy | mapper::kLatency));
  metric_->setToolTip(tr("What the mapper minimizes"));
  metric_->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);  // narrow panes
  metric_->setMinimumContentsLength(10);
  form->addRow(tr("Metric"), metric_);
  resourceUsage_ = new QCheckBox(tr("and each memory's usage"), this);
  resourceUsage_->setObjectName("runResourceUsage");
  resourceUsage_->setToolTip(
      tr("resource_usage: every memory's usage becomes an objective too, so the front keeps, for "
         "each usage, the best mapping that fits in it (the Ski slope page draws it)"));
  form->addRow(QString(), resourceUsage_);

  fused_ = new QCheckBox(tr("Fuse Einsums"), this);
  fused_->setObjectName("runFused");
  fused_->setToolTip(
      tr("Let Einsums share loops so intermediates stay on chip; off: the outermost memory "
         "keeps every tensor shared between Einsums"));
  fused_->setChecked(true);
  maxFused_ = new QSpinBox(this);
  maxFused_->setObjectName("runMaxFusedLoops");
  maxFused_->setRange(-1, 16);  // -1: no limit (the special value shows at the minimum)
  maxFused_->setValue(-1);
  maxFused_->setSpecialValueText(tr("no limit"));
  maxFused_->setToolTip(tr("At most this many fused loops per pmapping"));
  // One control per row: the pane shares the right column with the Inspector and stays narrow.
  form->addRow(tr("Fusion"), fused_);
  form->addRow(tr("Max fused loops"), maxFused_);

  imperfectSpatial_ = new QCheckBox(tr("spatial"), this);
  imperfectSpatial_->setObjectName("runImperfectSpatial");
  imperfectTemporal_ = new QCheckBox(tr("temporal"), this);
  imperfectTemporal_->setObjectName("runImperfectTemporal");
  auto* imperfectRow = new QHBoxLayout;
  imperfectRow->addWidget(imperfectSpatial_);
  imperfectRow->addWidget(imperfectTemporal_);
  imperfectRow->addStretch(1);
  auto* imperfectLabel = new QLabel(tr("Imperfect"), this);
  imperfectLabel->setToolTip(
      tr("Also try tiles that do not divide the rank (slower, can fill arrays better)"));
  form->addRow(imperfectLabel, imperfectRow);

  coarseness_ = new QDoubleSpinBox(this);
  coarseness_->setObjectName("runCoarseness");
  coarseness_->setRange(1, 4);
  coarseness_->setSingleStep(0.1);
  coarseness_->setDecimals(2);
  coarseness_->setSpecialValueText(tr("every tile"));
  coarseness_->setToolTip(
      tr("Candidate tiles grow by at least this factor (1 = every tile; 1.5 is much faster)"));
  form->addRow(tr("Tiling coarseness"), coarseness_);

  threads_ = new QSpinBox(this);
  threads_->setObjectName("runThreads");
  threads_->setRange(0, std::max(1, QThread::idealThreadCount()) * 4);
  threads_->setSpecialValueText(tr("all cores"));
  form->addRow(tr("Threads"), threads_);

  objectiveTolerance_ = new QDoubleSpinBox(this);
  objectiveTolerance_->setObjectName("runObjectiveTolerance");
  objectiveTolerance_->setRange(0, 1);
  objectiveTolerance_->setSingleStep(0.01);
  objectiveTolerance_->setDecimals(3);
  objectiveTolerance_->setSpecialValueText(tr("exact"));
  objectiveTolerance_->setToolTip(
      tr("Objectives within a factor 1 + t count as equal when pruning: faster, at "
         "most (1 + t)× worse"));
  form->addRow(tr("Tolerance"), objectiveTolerance_);
  layout->addLayout(form);

  live_ = new QCheckBox(tr("Map as you edit"), this);
  live_->setObjectName("runMapAsYouEdit");
  live_->setToolTip(
      tr("Every edit that changes what the mapper reads (the arch, the workload, a variable, these settings) "
         "maps again in the background, stopping the run under way; the last front stays, faded, until the "
         "new one arrives"));
  connect(live_, &QCheckBox::toggled, this, [this](bool on) {
    updateEnabled();
    emit mapAsYouEditChanged(on);
  });
  layout->addWidget(live_);
  auto* buttons = new QHBoxLayout;
  run_ = new QPushButton(tr("Run ▶"), this);
  run_->setObjectName("runButton");
  stop_ = new QPushButton(tr("Stop ■"), this);
  stop_->setObjectName("stopButton");
  stop_->setToolTip(tr("Stop within a tenth of a second, keeping what was found so far"));
  buttons->addWidget(run_);
  buttons->addWidget(stop_);
  layout->addLayout(buttons);
  progress_ = new QProgressBar(this);
  progress_->setObjectName("runProgress");
  progress_->setRange(0, 1000);
  progress_->setValue(0);
  layout->addWidget(progress_);
  stage_ = new QLabel(tr("Idle"), this);
  stage_->setObjectName("runStage");
  stage_->setWordWrap(true);
  layout->addWidget(stage_);
  note_ = new QLabel(this);
  note_->setObjectName("runNote");
  note_->setWordWrap(true);
  note_->setEnabled(false);
  layout->addWidget(note_);
  einsums_ = new QTreeWidget(this);
  einsums_->setObjectName("runEinsums");
  einsums_->setHeaderLabels({tr("Einsum"), tr("templates"), tr("evaluated")});
  einsums_->setRootIsDecorated(false);
  einsums_->header()->setSectionResizeMode(QHeaderView::ResizeToContents);
  layout->addWidget(einsums_, 1);

  // A control the user edits is their choice in the settings from then on.
  // The metric and the resource-usage objective are one setting (metrics, a set of flags).
  const auto chooseMetrics = [this] {
    choose({.metrics = metric_->currentData().toUInt() |
                       (resourceUsage_->isChecked() ? mapper::kResourceUsage : 0U)});
  };
  connect(metric_, &QComboBox::activated, this, chooseMetrics);
  connect(resourceUsage_, &QCheckBox::clicked, this, chooseMetrics);
  connect(fused_, &QCheckBox::clicked, this, [this](bool on) { choose({.unfused = !on}); });
  connect(imperfectSpatial_, &QCheckBox::clicked, this,
          [this](bool on) { choose({.imperfect_spatial_loops = on}); });
  connect(imperfectTemporal_, &QCheckBox::clicked, this,
          [this](bool on) { choose({.imperfect_temporal_loops = on}); });
  connect(maxFused_, &QSpinBox::valueChanged, this,
          [this](int v) { choose({.max_fused_loops = v < 0 ? mapper::kUnlimited : std::int64_t{v}}); });
  connect(threads_, &QSpinBox::valueChanged, this, [this](int v) { choose({.threads = v}); });
  connect(coarseness_, &QDoubleSpinBox::valueChanged, this,
          [this](double v) { choose({.tiling_coarseness = v}); });
  connect(objectiveTolerance_, &QDoubleSpinBox::valueChanged, this,
          [this](double v) { choose({.objective_tolerance = v}); });
  connect(run_, &QPushButton::clicked, this, &RunPanel::runRequested);
  connect(stop_, &QPushButton::clicked, this, &RunPanel::stopRequested);
  connect(settings_, &MapperSettings::changed, this, &RunPanel::showSettings);
  showSettings();
}

void RunPanel::choose(const ProjectMapperSettings& change) {
  if (!showing_) settings_->choose(change);
}

void RunPanel::showSettings() {
  const mapper::MapperOptions o = settings_->options();
  showing_ = true;
  if (const int m = metric_->findData(o.metrics & ~mapper::kResourceUsage); m >= 0)
    metric_->setCurrentIndex(m);
  resourceUsage_->setChecked((o.metrics & mapper::kResourceUsage) != 0);
  fused_->setChecked(!o.unfused);
  maxFused_->setValue(o.max_fused_loops <= maxFused_->maximum() ? static_cast<int>(o.max_fused_loops) : -1);
  imperfectSpatial_->setChecked(o.explore_imperfect_spatial_loops);
  imperfectTemporal_->setChecked(o.explore_imperfect_temporal_loops);
  coarseness_->setValue(std::max(1.0, o.tiling_coarseness));
  objectiveTolerance_->setValue(o.objective_tolerance);
  threads_->setValue(o.threads);
  showing_ = false;
  updateEnabled();
}

void RunPanel::setMetric(unsigned metrics) { settings_->choose({.metrics = metrics}); }
bool RunPanel::mapAsYouEdit() const { return live_->isChecked(); }
void RunPanel::setMapAsYouEdit(bool on) { live_->setChecked(on); }
void RunPanel::setUnfused(bool unfused) { settings_->choose({.unfused = unfused}); }
void RunPanel::setThreads(int threads) { settings_->choose({.threads = threads}); }

void RunPanel::setSpecReady(bool ready, const QString& why) {
  ready_ = ready;
  note_->setText(ready ? QString() : why);
  updateEnabled();
}

void RunPanel::setRunning(bool running) {
  running_ = running;
  if (running) {
    progress_->setValue(0);
    stage_->setText(tr("Starting…"));
    einsums_->clear();
  }
  updateEnabled();
}

void RunPanel::updateEnabled() {
  run_->setEnabled(ready_ && !running_);
  stop_->setEnabled(running_);
  // Mapping as you edit, a setting changed mid-run is an edit like any other: it re-maps.
  const bool editable = !running_ || live_->isChecked();
  maxFused_->setEnabled(editable && fused_->isChecked());
  for (QWidget* w :
       std::initializer_list<QWidget*>{metric_, resourceUsage_, fused_, imperfectSpatial_, imperfectTemporal_,
                                       coarseness_, threads_, objectiveTolerance_})
    w->setEnabled(editable);
}

void RunPanel::setProgress(const MapperProgressPtr& p) {
  if (!p) return;
  progress_->setValue(static_cast<int>(p->fraction() * 1000));
  stage_->setText(tr("%1 — %2 of %3 templates, %4 elapsed, %5 left")
                      .arg(p->stage)
                      .arg(p->templatesDone)
                      .arg(p->templatesTotal)
                      .arg(duration(p->elapsedSeconds), duration(p->remainingSeconds)));
  while (einsums_->topLevelItemCount() < static_cast<int>(p->stats.size())) new QTreeWidgetItem(einsums_);
  for (std::size_t i = 0; i < p->stats.size(); ++i) {
    auto* item = einsums_->topLevelItem(static_cast<int>(i));
    item->setText(0, QString::fromStdString(p->stats[i].einsum));
    const auto done = i < p->einsumTemplatesDone.size() ? p->einsumTemplatesDone[i] : 0;
    const auto total = i < p->einsumTemplatesTotal.size() ? p->einsumTemplatesTotal[i] : 0;
    item->setText(1, QStringLiteral("%1 / %2").arg(done).arg(total));
    const auto& stats = p->stats[i];
    const QString evaluated = formatCount(static_cast<double>(stats.pmappings_evaluated));
    if (stats.searched_with.empty()) {
      item->setText(2, evaluated);
      item->setToolTip(2, {});
    } else {  // the engine searched once for both (mapper/search/search_signature.h)
      const QString with = QString::fromStdString(stats.searched_with);
      item->setText(2, tr("= %1").arg(with));
      item->setToolTip(2, tr("Not searched again: %1's search with the tensors renamed is this Einsum's; "
                             "its %2 pmappings evaluated are %1's")
                              .arg(with, evaluated));
    }
  }
}

void RunPanel::setFinished(const MapRunPtr& run) {
  running_ = false;
  updateEnabled();
  if (!run) return;
  const auto& r = run->result;
  progress_->setValue(r.cancelled ? progress_->value() : 1000);
  // A run that stopped itself says why (the join's memory limit), in full in the tooltip.
  stage_->setToolTip(QString::fromStdString(r.stopped_because + r.rounded_because));
  stage_->setText(
      !r.rounded_because.empty()
          ? tr("Done in %1, rounded: the exact join outgrew its memory limit (hover for what that means)")
                .arg(duration(run->seconds))
      : !r.stopped_because.empty()
          ? tr("Stopped itself after %1, at the join's memory limit: showing what was "
               "found so far (hover for "
               "what to change)")
                .arg(duration(run->seconds))
      : r.cancelled ? tr("Stopped after %1: showing what was found so far").arg(duration(run->seconds))
      : r.found     ? tr("Done in %1: %n mapping(s) on the front", "", static_cast<int>(r.front.size()))
                      .arg(duration(run->seconds))
                : tr("Done in %1: no valid mapping (see the keep-rate funnel)").arg(duration(run->seconds)));
  // What the project's map cache saved this run ("reused 11 of 12 Einsum searches, re-joined").
  if (const std::string reuse = r.reuse.summary(); !reuse.empty() && !r.cancelled)
    stage_->setText(stage_->text() + "; " + QString::fromStdString(reuse));
}

void RunPanel::resetProgress() {
  running_ = false;
  progress_->setValue(0);
  stage_->setText(tr("Idle"));
  stage_->setToolTip({});
  einsums_->clear();
  updateEnabled();
}

QString RunPanel::stageText() const { return stage_->text(); }

}  // namespace af::ui
