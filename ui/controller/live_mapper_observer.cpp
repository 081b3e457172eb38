#include "controller/live_mapper_observer.h"

#include <algorithm>

#include "mapper/front_points.h"

namespace af::ui {

LiveMapperObserver::LiveMapperObserver(std::function<void()> changed) : changed_(std::move(changed)) {
  progress_.stage = QStringLiteral("templates");
}

std::size_t LiveMapperObserver::einsumIndex(const std::string& einsum) {
  const auto it = std::find(einsums_.begin(), einsums_.end(), einsum);
  if (it != einsums_.end()) return static_cast<std::size_t>(it - einsums_.begin());
  einsums_.push_back(einsum);
  progress_.stats.emplace_back().einsum = einsum;
  progress_.einsumTemplatesDone.push_back(0);
  progress_.einsumTemplatesTotal.push_back(0);
  return einsums_.size() - 1;
}

double LiveMapperObserver::seconds() const {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
}

void LiveMapperObserver::updateEstimate() {
  progress_.elapsedSeconds = seconds();
  progress_.remainingSeconds = estimate_.remaining(progress_.elapsedSeconds);
}

void LiveMapperObserver::on_templates_made(const std::string& einsum, std::size_t n_templates) {
  {
    const std::lock_guard lock(mutex_);
    const auto i = einsumIndex(einsum);
    progress_.einsumTemplatesTotal[i] = n_templates;
    progress_.templatesTotal += n_templates;
    estimate_.templatesMade(n_templates, seconds());
    updateEstimate();
  }
  changed_();
}

void LiveMapperObserver::on_unfused_optimum(const std::vector<mapper::FrontPoint>& mappings) {
  (void)mappings;
  {
    const std::lock_guard lock(mutex_);
    // Each Einsum's least and the one-fused-loop optimum, before the fused search.
    progress_.stage = QStringLiteral("ceilings");
  }
  changed_();
}

void LiveMapperObserver::on_template_done(const std::string& einsum, std::size_t done, std::size_t total,
                                          const mapper::EinsumStats& so_far) {
  {
    const std::lock_guard lock(mutex_);
    const auto i = einsumIndex(einsum);
    progress_.stage = QStringLiteral("tile shapes");
    progress_.templatesDone += done - progress_.einsumTemplatesDone[i];
    progress_.einsumTemplatesDone[i] = done;
    progress_.einsumTemplatesTotal[i] = total;
    progress_.stats[i] = so_far;
    estimate_.templateDone(seconds());
    updateEstimate();
  }
  changed_();
}

void LiveMapperObserver::on_template_front(const std::string& einsum,
                                           const std::vector<mapper::FrontPoint>& front) {
  if (front.empty()) return;
  std::vector<std::vector<mapper::FrontPoint>> fronts;
  {
    const std::lock_guard lock(mutex_);
    einsumIndex(einsum);
    auto& mine = front_.einsumFronts[einsum];
    mine.insert(mine.end(), front.begin(), front.end());
    mine = mapper::pareto_points(std::move(mine));
    // Until the join reports, the whole workload's front so far is the Einsums' fronts so far
    // summed: worked out at most every 50 ms, outside the lock the GUI thread reads under.
    const auto now = std::chrono::steady_clock::now();
    if (front_.einsumsJoined == 0 && now - lastSum_ >= std::chrono::milliseconds(50)) {
      lastSum_ = now;
      for (const auto& e : einsums_) {
        const auto it = front_.einsumFronts.find(e);
        fronts.push_back(it == front_.einsumFronts.end() ? std::vector<mapper::FrontPoint>{} : it->second);
      }
    }
  }
  if (!fronts.empty()) {
    auto joined = mapper::sequential_front(fronts);
    const std::lock_guard lock(mutex_);
    if (front_.einsumsJoined == 0) {
      front_.joined = std::move(joined);
      front_.provisional = true;
    }
  }
  changed_();
}

void LiveMapperObserver::on_einsum_front(const std::string& einsum,
                                         const std::vector<mapper::FrontPoint>& front) {
  {
    const std::lock_guard lock(mutex_);
    front_.einsumFronts[einsum] = front;
  }
  changed_();
}

void LiveMapperObserver::on_join_step(const mapper::JoinStepStats& step) {
  {
    const std::lock_guard lock(mutex_);
    if (!progress_.stage.startsWith(QLatin1String("join"))) progress_.stage = QStringLiteral("join");
    progress_.joinSteps.push_back(step);
    estimate_.joinStep();
    updateEstimate();
  }
  changed_();
}

void LiveMapperObserver::on_join_restarted(const std::string& why) {
  (void)why;  // the finished run's rounded_because says it whole
  {
    const std::lock_guard lock(mutex_);
    // The exact join's steps are void: the funnel shows the rounded join's as they come.
    progress_.stage = QStringLiteral("join again, rounded: the exact join outgrew its memory limit");
    progress_.joinSteps.clear();
    estimate_.joinRestarted(seconds());
    updateEstimate();
  }
  changed_();
}

void LiveMapperObserver::on_joined_front(std::size_t einsums_joined,
                                         const std::vector<mapper::FrontPoint>& front) {
  {
    const std::lock_guard lock(mutex_);
    if (!progress_.stage.startsWith(QLatin1String("join"))) progress_.stage = QStringLiteral("join");
    front_.joined = front;
    front_.einsumsJoined = einsums_joined;
    front_.provisional = false;
    updateEstimate();
  }
  changed_();
}

void LiveMapperObserver::finish(const mapper::MapperResult& result) {
  const std::lock_guard lock(mutex_);
  if (result.cancelled) {
    // Stopped: the result's counts are only those of the stages it finished (before the join,
    // none), so the running counts, the join steps so far and the progress stay as they were.
    progress_.stage = QStringLiteral("stopped");
    if (!result.join_steps.empty()) {
      progress_.stats = result.stats;
      progress_.joinSteps = result.join_steps;
    }
    updateEstimate();
    progress_.remainingSeconds = -1;
    return;
  }
  progress_.stage = QStringLiteral("done");
  progress_.stats = result.stats;
  progress_.joinSteps = result.join_steps;
  progress_.templatesDone = progress_.templatesTotal;
  updateEstimate();
  progress_.remainingSeconds = 0;
}

MapperProgressPtr LiveMapperObserver::progress() const {
  const std::lock_guard lock(mutex_);
  return std::make_shared<const MapperProgress>(progress_);
}

FrontSnapshotPtr LiveMapperObserver::front() const {
  const std::lock_guard lock(mutex_);
  return std::make_shared<const FrontSnapshot>(front_);
}

}  // namespace af::ui
