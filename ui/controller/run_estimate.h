#pragma once
// The time a mapper run has left, over all its stages: the templates (moments), the tile-shape
// search (most of a run: templates run round robin over the Einsums, so the share done is a
// fair sample of the rest) and the join (one step per Einsum after the first). Fed the mapper's
// events with the seconds since the run started; plain C++, so that a recorded run's timings
// test it (tests/ui/controller/test_run_estimate.cpp).
#include <cstddef>
#include <vector>

namespace af::ui {

class RunEstimate {
 public:
  // Until the join starts, it is taken to last this share of the tile-shape search: on GPT-3
  // 6.7B with fusion it took 0.1% to 3% of it on tpu_v4i and 32% on simba (tests/data/progress/).
  static constexpr double kJoinShare = 0.1;
  // The share of templates searched before an estimate is given: earlier ones swing widely.
  static constexpr double kFirstEstimate = 0.02;
  // The search's pace is the slower of the whole search so far and its most recent templates
  // (this share of those done): on simba an Einsum's later templates cost seconds where its
  // first took milliseconds, and the average alone promised a third of the real time.
  static constexpr double kRecentShare = 0.3;

  void templatesMade(std::size_t count, double seconds);  // one Einsum's templates
  void templateDone(double seconds);
  void joinStep();
  // The join starts again (rounded, over its memory limit): its pace is measured afresh.
  void joinRestarted(double seconds);

  // Seconds left at `seconds` after the start; < 0 while unknown.
  [[nodiscard]] double remaining(double seconds) const;

 private:
  std::size_t einsums_ = 0, templatesTotal_ = 0, joinSteps_ = 0;
  double searchStart_ = 0;
  double joinRestart_ = -1;   // when the join started again; < 0: it did not
  std::vector<double> done_;  // when each template was searched
};

}  // namespace af::ui
