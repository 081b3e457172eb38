#include "controller/run_estimate.h"

#include <algorithm>

namespace af::ui {

void RunEstimate::templatesMade(std::size_t count, double seconds) {
  ++einsums_;
  templatesTotal_ += count;
  searchStart_ = seconds;  // the search starts once the last Einsum's templates are made
}

void RunEstimate::templateDone(double seconds) { done_.push_back(seconds); }

void RunEstimate::joinStep() { ++joinSteps_; }

void RunEstimate::joinRestarted(double seconds) {
  joinSteps_ = 0;
  joinRestart_ = seconds;
}

double RunEstimate::remaining(double seconds) const {
  if (templatesTotal_ == 0 || done_.empty()) return -1;
  const std::size_t doneCount = std::min(done_.size(), templatesTotal_);
  const double done = static_cast<double>(doneCount) / static_cast<double>(templatesTotal_);
  const std::size_t steps = einsums_ > 1 ? einsums_ - 1 : 0;
  if (done < 1) {
    if (done < kFirstEstimate) return -1;
    const double searched = seconds - searchStart_;
    const double left = static_cast<double>(templatesTotal_ - doneCount);
    const double average = searched / static_cast<double>(doneCount);
    const auto recent =
        std::max<std::size_t>(3, static_cast<std::size_t>(kRecentShare * static_cast<double>(doneCount)));
    const double pace =
        recent < doneCount
            ? std::max(average, (seconds - done_[doneCount - recent]) / static_cast<double>(recent))
            : average;
    const double search = searched + pace * left;
    return search - searched + (steps > 0 ? kJoinShare * search : 0);
  }
  // The join: its steps so far say how long the rest takes; before the first, the share above.
  const double lastTemplate = done_[doneCount - 1];
  const double search = lastTemplate - searchStart_;
  const double joining = seconds - (joinRestart_ >= 0 ? joinRestart_ : lastTemplate);
  if (steps == 0) return 0;
  if (joinSteps_ == 0) return joinRestart_ >= 0 ? -1 : std::max(kJoinShare * search - joining, 0.0);
  const double joined = static_cast<double>(std::min(joinSteps_, steps)) / static_cast<double>(steps);
  return joining * (1 - joined) / joined;
}

}  // namespace af::ui
