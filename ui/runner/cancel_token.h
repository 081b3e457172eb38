#pragma once
// A shared cancellation flag: the GUI sets it, the worker polls it (cheap, lock-free).
#include <atomic>
#include <exception>
#include <memory>

namespace af::ui {

// Thrown by CancelToken::throwIfCancelled() to unwind deep work; the runner treats it as a cancel.
struct JobCancelled : std::exception {
  [[nodiscard]] const char* what() const noexcept override { return "job cancelled"; }
};

class CancelToken {
 public:
  CancelToken() : flag_(std::make_shared<std::atomic_bool>(false)) {}

  [[nodiscard]] bool isCancelled() const { return flag_->load(std::memory_order_relaxed); }
  void cancel() const { flag_->store(true, std::memory_order_relaxed); }
  void throwIfCancelled() const {
    if (isCancelled()) throw JobCancelled{};
  }

 private:
  std::shared_ptr<std::atomic_bool> flag_;  // copies share the flag
};

}  // namespace af::ui
