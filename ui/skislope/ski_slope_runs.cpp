#include "skislope/ski_slope_runs.h"

#include <algorithm>

#include "controller/load_job.h"
#include "controller/mapper_settings.h"
#include "controller/project_controller.h"
#include "mapper/mapper.h"
#include "mapping_edit/mapping_section.h"
#include "spec/metrics.h"

namespace af::ui {

JobSlot<SkiSlopeRunPtr>::Handlers SkiSlopeRuns::handlers() {
  return {.finished = [this](int, SkiSlopeRunPtr run) { onRows(run); },
          .failed = [this](int, const QString& error) { emit message(error); },
          .stopped = [this](int) { emit statusChanged(busy() ? tr("Mapping…") : QString()); },
          .progress = {}};
}

SkiSlopeRuns::SkiSlopeRuns(ProjectController* controller, QObject* parent)
    : QObject(parent),
      controller_(controller),
      fusedRows_(this, &pool_, handlers()),
      unfusedRows_(this, &pool_, handlers()) {
  pool_.setMaxThreadCount(1);
  connect(controller_, &ProjectController::mapped, this, &SkiSlopeRuns::onMapped);
  connect(controller_, &ProjectController::resultsCleared, this, &SkiSlopeRuns::clear);
  connect(controller_, &ProjectController::specLoaded, this, &SkiSlopeRuns::onLoaded);
  // The page may be built after the load (when first shown).
  if (const auto& last = controller_->lastResult()) loaded_ = last->mapperInputs;
}

bool SkiSlopeRuns::stale() const {
  const auto all = runs();
  return std::any_of(all.begin(), all.end(),
                     [&](const SkiSlopeRunPtr& run) { return run->mapperInputs != loaded_; });
}

void SkiSlopeRuns::onLoaded(const ProjectResultPtr& result) {
  loaded_ = result ? result->mapperInputs : std::string();
  if (stale() == stale_) return;
  stale_ = !stale_;
  emit changed();
}

std::vector<SkiSlopeRunPtr> SkiSlopeRuns::runs() const {
  std::vector<SkiSlopeRunPtr> out;
  for (const auto& run : {fused_, unfused_})
    if (run) out.push_back(run);
  return out;
}

void SkiSlopeRuns::mapFusedAndUnfused() {
  mapper::MapperOptions options = controller_->mapperSettings()->options();
  options.metrics |= spec::kResourceUsage;
  queue_.clear();
  for (const bool unfused : {false, true}) {
    options.unfused = unfused;
    queue_.push_back(options);
  }
  startNext();
}

void SkiSlopeRuns::startNext() {
  if (queue_.empty()) return;
  const mapper::MapperOptions options = queue_.front();
  queue_.erase(queue_.begin());
  waiting_ = true;
  emit statusChanged(options.unfused ? tr("Mapping unfused with resource usage…")
                                     : tr("Mapping fused with resource usage…"));
  controller_->startMapper(options);
  // The controller refuses a spec that is not valid: it has said why, and nothing runs.
  if (!controller_->mapping()) {
    waiting_ = false;
    queue_.clear();
    emit statusChanged({});
  }
}

void SkiSlopeRuns::onMapped(const MapRunPtr& run) {
  const bool chained = std::exchange(waiting_, false);
  if (!run || run->result.cancelled || !run->result.found) {
    if (chained) queue_.clear();
  } else if ((run->result.metrics & spec::kResourceUsage) != 0) {
    const bool unfused = run->options.unfused;
    emit statusChanged(
        tr("Evaluating the %1 front's %n mapping(s)…", "", static_cast<int>(run->result.front.size()))
            .arg(unfused ? tr("unfused") : tr("fused")));
    // One full evaluation per front mapping (the figures a step shows): on a worker.
    (unfused ? unfusedRows_ : fusedRows_)
        .start([run, unfused](QPromise<SkiSlopeRunPtr>&, std::stop_token stop) {
          auto out = std::make_shared<SkiSlopeRun>();
          out->unfused = unfused;
          out->run = run;
          out->mapperInputs = mapperInputsOf(*run->workspace);
          out->rows = io::pareto_rows(run->workspace->spec(), run->result, stop);
          return stop.stop_requested() ? nullptr : SkiSlopeRunPtr(out);
        });
  }
  if (chained) startNext();
  if (!busy()) emit statusChanged({});
}

void SkiSlopeRuns::onRows(const SkiSlopeRunPtr& run) {
  SkiSlopeRunPtr& mine = run->unfused ? unfused_ : fused_;
  SkiSlopeRunPtr& other = run->unfused ? fused_ : unfused_;
  mine = run;
  if (other && other->mapperInputs != run->mapperInputs) other.reset();  // another spec's slope would mislead
  stale_ = stale();
  emit statusChanged(busy() ? tr("Mapping…") : QString());
  emit changed();
}

void SkiSlopeRuns::clear() {
  fusedRows_.cancel();
  unfusedRows_.cancel();
  queue_.clear();
  waiting_ = false;
  fused_.reset();
  unfused_.reset();
  stale_ = false;
  emit statusChanged({});
  emit changed();
}

bool SkiSlopeRuns::openMapping(bool unfused, std::size_t row) {
  const SkiSlopeRunPtr& run = unfused ? unfused_ : fused_;
  if (!run || row >= run->run->result.front.size()) return false;
  controller_->replaceMapping(
      QString::fromStdString(mapping_edit::write_mapping_section(mapper::mapping_of(run->run->result, row))));
  emit message(tr("Opened mapping %1 of the %2 front").arg(row).arg(unfused ? tr("unfused") : tr("fused")));
  return true;
}

}  // namespace af::ui
