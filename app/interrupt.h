#pragma once
// SIGINT and SIGTERM for the `accelforge` process. The signals are blocked in every thread and
// taken by one watcher thread, which waits for any output commit in progress (see
// cli_output.h), says "interrupted" and ends the process with 128 + the signal (130 for
// Ctrl-C). Loading, evaluating and mapping need no cancellation points this way, and an
// interrupted run never leaves a partial output file.
#include <csignal>
#include <mutex>
#include <thread>

namespace af::cli {

class InterruptWatch {
 public:
  // Blocks the signals in this thread (threads started later inherit that) and starts the
  // watcher. Construct it before any other thread starts.
  InterruptWatch();
  // Stops the watcher (with a signal sent to it alone) and restores the signal mask.
  ~InterruptWatch();
  InterruptWatch(const InterruptWatch&) = delete;
  InterruptWatch& operator=(const InterruptWatch&) = delete;

  // Held while output files are being committed; the watcher takes it before exiting.
  [[nodiscard]] std::mutex& commit_mutex() { return commit_mutex_; }

 private:
  sigset_t signals_{};
  sigset_t previous_mask_{};
  std::mutex commit_mutex_;
  std::jthread watcher_;
};

}  // namespace af::cli
