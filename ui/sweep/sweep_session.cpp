#include "sweep/sweep_session.h"

#include <QFileDialog>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QSaveFile>
#include <QSplitter>
#include <QVBoxLayout>
#include <chrono>
#include <limits>

#include "controller/live_mapper_observer.h"
#include "controller/mapper_settings.h"
#include "controller/project_controller.h"
#include "models/si_format.h"
#include "plots/accesses_plot.h"
#include "sweep/sweep_fronts_plot.h"
#include "sweep/sweep_panel.h"
#include "sweep/sweep_plot.h"

namespace af::ui {

// What the worker shares with the GUI thread while a sweep runs: the points so far and the
// running point's mapper progress. The GUI thread reads it on each throttled progress signal.
struct SweepSession::Live {
  std::mutex mutex;
  SweepRunPtr run;                               // a snapshot: replaced, never changed, when a point finishes
  std::unique_ptr<LiveMapperObserver> observer;  // of the running point
  QString current;                               // the running point's values
};

namespace {

QString pointLabel(const sweep::Sweep& sweep, const std::vector<std::string>& values) {
  QStringList parts;
  for (std::size_t v = 0; v < values.size() && v < sweep.vary.size(); ++v)
    parts << QString::fromStdString(sweep.vary[v].name + "=" + values[v]);
  return parts.join(QStringLiteral(", "));
}

}  // namespace

SweepSession::SweepSession(ProjectController* controller, QWidget* widgetParent)
    : QObject(controller),
      controller_(controller),
      panel_(new SweepPanel(widgetParent)),
      view_(new QSplitter(Qt::Horizontal, widgetParent)),
      fronts_(new SweepFrontsPlot(view_)),
      plot_(new SweepPlot(view_)),
      pointTitle_(nullptr),
      open_(nullptr),
      accesses_(nullptr),
      job_(this, &pool_,
           {.finished = [this](int, const SweepRunPtr& run) { onFinished(run); },
            .failed =
                [this](int, const QString& error) {
                  panel_->setFinished(shown_);
                  emit message(tr("The sweep failed: %1").arg(error));
                  emit finished(shown_);
                },
            .stopped = [this](int) { panel_->setRunning(job_.busy()); },
            .progress = [this](int, int, const QString&) { onProgress(); }}) {
  pool_.setMaxThreadCount(1);  // one sweep at a time; each point's mapper parallelizes inside
  panel_->setObjectName("sweepPanel");
  view_->setObjectName("sweepView");
  fronts_->setObjectName("sweepFronts");
  plot_->setObjectName("sweepPlot");

  auto* right = new QSplitter(Qt::Vertical, view_);
  right->addWidget(plot_);
  auto* pointPage = new QWidget(right);
  auto* pointLayout = new QVBoxLayout(pointPage);
  pointLayout->setContentsMargins(0, 0, 0, 0);
  auto* bar = new QHBoxLayout;
  bar->setContentsMargins(4, 2, 4, 0);
  pointTitle_ = new QLabel(tr("Click a point of the sweep to see its optimum's accesses."), pointPage);
  pointTitle_->setObjectName("sweepPointTitle");
  pointTitle_->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
  pointTitle_->setTextInteractionFlags(Qt::TextSelectableByMouse);
  open_ = new QPushButton(tr("Open in the editors"), pointPage);
  open_->setObjectName("sweepOpenPoint");
  open_->setToolTip(
      tr("Set the variables to this point's values and make its optimum the project's mapping"));
  open_->setEnabled(false);
  bar->addWidget(pointTitle_, 1);
  bar->addWidget(open_);
  pointLayout->addLayout(bar);
  accesses_ = new AccessesPlot(pointPage);
  accesses_->setObjectName("sweepAccesses");
  accesses_->setTensorPalette(controller_->palette());
  pointLayout->addWidget(accesses_, 1);
  right->addWidget(pointPage);
  view_->addWidget(fronts_);
  view_->addWidget(right);
  view_->setChildrenCollapsible(false);
  view_->setStretchFactor(0, 1);
  view_->setStretchFactor(1, 1);
  view_->setSizes({1000, 1000});  // halves, whatever the plots' size hints
  right->setSizes({1000, 1000});

  panel_->setReady(false, tr("Open a valid spec with an architecture to sweep it."));
  connect(panel_, &SweepPanel::runRequested, this, &SweepSession::run);
  connect(panel_, &SweepPanel::stopRequested, this, &SweepSession::stop);
  connect(panel_, &SweepPanel::exportRequested, this, [this] {
    const QString path = QFileDialog::getSaveFileName(view_, tr("Export the sweep"),
                                                      QStringLiteral("sweep.csv"), tr("CSV (*.csv)"));
    QString error;
    if (!path.isEmpty())
      emit message(exportCsv(path, &error) ? tr("Exported the sweep to %1").arg(path) : error);
  });
  connect(open_, &QPushButton::clicked, this, [this] { openPoint(selected_); });
  connect(accesses_, &AccessesPlot::pinRequested, this, [this] { pinPoint(selected_); });
  connect(accesses_, &AccessesPlot::unpinRequested, this, [this] { pinPoint(-1); });
  connect(fronts_, &SweepFrontsPlot::pointClicked, this, &SweepSession::select);
  connect(plot_, &SweepPlot::pointClicked, this, &SweepSession::select);
  connect(controller_, &ProjectController::stopRequested, this, &SweepSession::stop);
  connect(controller_, &ProjectController::variablesChanged, this, [this] {
    QStringList names;
    for (const auto& v : controller_->templateVariables()) names << QString::fromStdString(v.name);
    panel_->setVariables(names);
  });
  connect(controller_, &ProjectController::specLoaded, this, [this](const ProjectResultPtr& result) {
    // A spec that needs a value for the variable swept (GPT-3's N_NEW_TOKENS has none) does
    // not load until the sweep gives it one: it may still be swept, each point says why not.
    if (!result->workspace || result->workspace->inputs().files.empty())
      panel_->setReady(false, tr("Open a spec to sweep it."));
    else if (result->valid() && !result->spec()->has_arch())
      panel_->setReady(false, tr("Add an architecture to sweep this workload."));
    else if (!result->valid())
      panel_->setReady(true, tr("The spec has errors (see Diagnostics): a point maps only if its values fix "
                                "them, e.g. a variable without a value."));
    else
      panel_->setReady(true);
  });
  connect(controller_, &ProjectController::resultsCleared, this, [this] {
    job_.cancel();
    clear();
    panel_->reset();
  });
}

SweepSession::~SweepSession() { job_.cancel(); }

bool SweepSession::run() {
  // The newest load's inputs (unsaved texts included): its errors may be what the sweep's
  // values fix, so a point that does not load says so in its row.
  const auto& last = controller_->lastResult();
  if (!last || !last->workspace || last->workspace->inputs().files.empty() ||
      (last->valid() && !last->spec()->has_arch())) {
    emit message(tr("The spec is not ready to sweep: open an architecture and a workload."));
    return false;
  }
  QString error;
  const auto vary = panel_->variations(&error);
  if (vary.empty()) {
    emit message(tr("Sweep: %1").arg(error));
    return false;
  }
  sweep::Sweep s;
  s.inputs = last->workspace->inputs();
  // A varied variable takes the sweep's values, not the one typed or given at launch.
  std::erase_if(s.inputs.assignments, [&](const std::string& a) {
    const std::string name = a.substr(0, a.find('='));
    return std::any_of(vary.begin(), vary.end(), [&](const auto& v) { return v.name == name; });
  });
  s.vary = vary;
  s.options = [settings = controller_->mapperSettings()->userSettings()](mapper::MapperOptions& o) {
    apply_mapper_settings(settings, o);
  };

  auto live = std::make_shared<Live>();
  live_ = live;
  job_.start([live, s](QPromise<SweepRunPtr>& promise, std::stop_token stop) -> SweepRunPtr {
    const auto start = std::chrono::steady_clock::now();
    auto out = std::make_shared<SweepRun>();
    out->sweep = s;
    out->problems = sweep::check(s);
    if (!out->problems.empty()) return out;
    const auto grid = sweep::points(s.vary);
    out->total = grid.size();
    int events = 0;
    promise.setProgressRange(0, std::numeric_limits<int>::max());
    // Qt coalesces progress signals (at most ~25 per second); the value only has to change.
    const auto notify = [&promise, &events] { promise.setProgressValue(++events); };
    {
      const std::lock_guard lock(live->mutex);
      live->run = std::make_shared<SweepRun>(*out);
    }
    notify();
    AccessesData pending;  // the point's optimum, from `mapped` until its row arrives
    sweep::PointHooks hooks;
    hooks.observer = [&](std::size_t i) -> mapper::Observer* {
      const std::lock_guard lock(live->mutex);
      live->observer = std::make_unique<LiveMapperObserver>(notify);
      live->current = pointLabel(s, grid.at(i));
      return live->observer.get();
    };
    hooks.mapped = [&](std::size_t, const Workspace& ws, const mapper::MapperResult& r) {
      pending = r.found && r.evaluation ? accessesFrom(*r.evaluation, ws.spec()) : AccessesData{};
    };
    (void)sweep::run(
        s, stop,
        [&](const sweep::SweepRow& row, std::size_t, std::size_t) {
          out->points.push_back({row, row.found ? std::move(pending) : AccessesData{}});
          pending = {};
          const std::lock_guard lock(live->mutex);
          live->run = std::make_shared<SweepRun>(*out);
          live->current.clear();
          notify();
        },
        hooks);
    {
      const std::lock_guard lock(live->mutex);
      live->observer.reset();  // its notify refers to this frame
    }
    out->stopped = out->points.size() < out->total;
    out->seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    return out;
  });
  clear();
  panel_->setRunning(true);
  emit started();
  QStringList names;
  for (const auto& v : vary) names << QString::fromStdString(v.name);
  emit message(tr("Sweeping %1…").arg(names.join(QStringLiteral(" × "))));
  return true;
}

void SweepSession::stop() { job_.stop(); }

void SweepSession::onProgress() {
  if (!live_) return;
  SweepRunPtr run;
  SweepProgress progress;
  {
    const std::lock_guard lock(live_->mutex);
    run = live_->run;
    progress.current = live_->current;
    if (live_->observer && !live_->current.isEmpty()) {
      const auto p = live_->observer->progress();
      progress.pointFraction = p->fraction();
      progress.stage = p->stage;
    }
  }
  if (!run) return;
  progress.done = run->points.size();
  progress.total = run->total;
  panel_->setProgress(progress);
  if (!shown_ || shown_->points.size() != run->points.size() || shown_->total != run->total) {
    show(run);
    emit pointsChanged(run);
  }
}

void SweepSession::onFinished(const SweepRunPtr& run) {
  live_.reset();
  show(run);
  panel_->setFinished(run);
  if (!run->problems.empty()) {
    QStringList lines;
    for (const auto& p : run->problems) lines << QString::fromStdString(p);
    emit message(tr("The sweep did not start: %1").arg(lines.join(QStringLiteral("; "))));
  } else {
    const auto found =
        std::count_if(run->points.begin(), run->points.end(), [](const auto& p) { return p.row.found; });
    emit message(run->stopped
                     ? tr("Sweep stopped: %1 of %2 points kept").arg(run->points.size()).arg(run->total)
                     : tr("Sweep done: %1 points, %2 with a mapping, in %3 s")
                           .arg(run->points.size())
                           .arg(found)
                           .arg(run->seconds, 0, 'f', 1));
  }
  emit finished(run);
}

void SweepSession::show(const SweepRunPtr& run) {
  shown_ = run;
  fronts_->setRun(run);
  plot_->setRun(run);
  // The first point with a mapping is selected until the user picks one.
  if (selected_ < 0 || !run || selected_ >= static_cast<int>(run->points.size())) {
    int first = -1;
    for (std::size_t i = 0; run && i < run->points.size() && first < 0; ++i)
      if (run->points[i].row.found) first = static_cast<int>(i);
    select(first);
  } else {
    select(selected_);
  }
}

void SweepSession::select(int index) {
  if (!shown_ || index < 0 || index >= static_cast<int>(shown_->points.size())) index = -1;
  selected_ = index;
  fronts_->setSelected(index);
  plot_->setSelected(index);
  if (index < 0) {
    accesses_->setData({});
    pointTitle_->setText(shown_ ? tr("No point with a mapping yet.")
                                : tr("Click a point of the sweep to see its optimum's accesses."));
    open_->setEnabled(false);
  } else {
    const auto& p = shown_->points[static_cast<std::size_t>(index)];
    accesses_->setData(p.accesses);
    pointTitle_->setText(p.row.found ? tr("%1: optimum %2, %3, EDP %4")
                                           .arg(shown_->label(static_cast<std::size_t>(index)),
                                                formatSi(p.row.energy, QStringLiteral("J")),
                                                formatSi(p.row.latency, QStringLiteral("s")),
                                                formatSi(p.row.edp, QStringLiteral("Js")))
                                     : tr("%1: %2").arg(shown_->label(static_cast<std::size_t>(index)),
                                                        QString::fromStdString(p.row.failure)));
    if (pinned_ >= 0 && pinned_ != index && pinned_ < static_cast<int>(shown_->points.size()))
      pointTitle_->setText(
          pointTitle_->text() +
          tr(" — against %1 (pinned)").arg(shown_->label(static_cast<std::size_t>(pinned_))));
    pointTitle_->setToolTip(pointTitle_->text());
    open_->setEnabled(p.row.found && !p.row.mapping_yaml.empty());
  }
  emit selectedChanged(index);
}

void SweepSession::pinPoint(int index) {
  if (!shown_ || index < 0 || index >= static_cast<int>(shown_->points.size()) ||
      shown_->points[static_cast<std::size_t>(index)].accesses.actions.isEmpty())
    index = -1;
  pinned_ = index;
  accesses_->setPinned(
      index < 0 ? std::nullopt
                : std::optional<AccessesData>(shown_->points[static_cast<std::size_t>(index)].accesses));
  select(selected_);  // the title names the pinned point
}

bool SweepSession::openPoint(int index) {
  if (!shown_ || index < 0 || index >= static_cast<int>(shown_->points.size())) return false;
  const auto& p = shown_->points[static_cast<std::size_t>(index)];
  if (!p.row.found || p.row.mapping_yaml.empty()) return false;
  QMap<QString, QString> values;
  for (std::size_t v = 0; v < p.row.values.size() && v < shown_->sweep.vary.size(); ++v)
    values[QString::fromStdString(shown_->sweep.vary[v].name)] = QString::fromStdString(p.row.values[v]);
  controller_->setVariableValues(values);
  controller_->replaceMapping(QString::fromStdString(p.row.mapping_yaml));
  emit message(tr("Opened the optimum at %1").arg(shown_->label(static_cast<std::size_t>(index))));
  return true;
}

void SweepSession::showStored(const SweepRunPtr& run) {
  if (!run) return;
  job_.cancel();
  live_.reset();
  clear();
  for (std::size_t v = 0; v < 2; ++v) {
    if (v < run->sweep.vary.size()) {
      QStringList values;
      for (const auto& x : run->sweep.vary[v].values) values << QString::fromStdString(x);
      panel_->setVariation(static_cast<int>(v), QString::fromStdString(run->sweep.vary[v].name),
                           values.join(','));
    } else {
      panel_->setVariation(static_cast<int>(v), {}, {});
    }
  }
  show(run);
  panel_->setFinished(run);
}

bool SweepSession::exportCsv(const QString& path, QString* error) const {
  if (!shown_ || shown_->points.empty()) {
    if (error) *error = tr("no sweep points to export");
    return false;
  }
  const std::string text = sweep::csv(shown_->sweep, shown_->rows());
  QSaveFile file(path);
  if (file.open(QIODevice::WriteOnly) &&
      file.write(text.data(), static_cast<qint64>(text.size())) == static_cast<qint64>(text.size()) &&
      file.commit())
    return true;
  if (error) *error = tr("cannot write %1: %2").arg(path, file.errorString());
  return false;
}

void SweepSession::clear() {
  shown_.reset();
  selected_ = -1;
  pinned_ = -1;
  accesses_->setPinned(std::nullopt);
  fronts_->clear();
  plot_->clear();
  accesses_->setData({});
  pointTitle_->setText(tr("Click a point of the sweep to see its optimum's accesses."));
  open_->setEnabled(false);
}

}  // namespace af::ui
