#pragma once
// The mapper's Observer for the window: collects progress and fronts on the worker threads
// under a lock, and tells the job that something changed (the job turns that into a
// throttled progress signal; the GUI thread then takes a snapshot).
#include <chrono>
#include <functional>
#include <mutex>

#include "controller/mapper_run.h"
#include "controller/run_estimate.h"

namespace af::ui {

class LiveMapperObserver : public mapper::Observer {
 public:
  // `changed` runs on the worker thread after each event; keep it cheap.
  explicit LiveMapperObserver(std::function<void()> changed);

  void on_templates_made(const std::string& einsum, std::size_t n_templates) override;
  void on_unfused_optimum(const std::vector<mapper::FrontPoint>& mappings) override;
  void on_template_done(const std::string& einsum, std::size_t done, std::size_t total,
                        const mapper::EinsumStats& so_far) override;
  void on_template_front(const std::string& einsum, const std::vector<mapper::FrontPoint>& front) override;
  void on_einsum_front(const std::string& einsum, const std::vector<mapper::FrontPoint>& front) override;
  void on_join_step(const mapper::JoinStepStats& step) override;
  void on_join_restarted(const std::string& why) override;
  void on_joined_front(std::size_t einsums_joined, const std::vector<mapper::FrontPoint>& front) override;
  void finish(const mapper::MapperResult& result);

  // Copies of the latest state (thread-safe).
  [[nodiscard]] MapperProgressPtr progress() const;
  [[nodiscard]] FrontSnapshotPtr front() const;

 private:
  std::size_t einsumIndex(const std::string& einsum);
  void updateEstimate();
  [[nodiscard]] double seconds() const;  // since the run started

  std::function<void()> changed_;
  mutable std::mutex mutex_;
  std::chrono::steady_clock::time_point start_ = std::chrono::steady_clock::now();
  RunEstimate estimate_;
  std::chrono::steady_clock::time_point lastSum_{};  // of the provisional workload front
  std::vector<std::string> einsums_;
  MapperProgress progress_;
  FrontSnapshot front_;
};

}  // namespace af::ui
