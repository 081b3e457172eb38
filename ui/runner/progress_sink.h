#pragma once
// Progress from a worker thread: report() only stores the latest value (cheap enough to call in a
// hot loop); the runner reads it on a GUI-thread timer, which is what coalesces the updates.
#include <QString>
#include <memory>
#include <mutex>
#include <optional>

namespace af::ui {

class ProgressSink {
 public:
  struct Snapshot {
    qint64 done = 0;
    qint64 total = 0;
    QString stage;
  };

  ProgressSink() : state_(std::make_shared<State>()) {}

  // Thread-safe; copies share one state.
  void report(qint64 done, qint64 total, const QString& stage = {}) const {
    const std::lock_guard lock(state_->mutex);
    state_->latest.done = done;
    state_->latest.total = total;
    if (!stage.isEmpty()) state_->latest.stage = stage;
    state_->dirty = true;
  }

  // The latest report if there was one since the last call.
  [[nodiscard]] std::optional<Snapshot> takeIfChanged() const {
    const std::lock_guard lock(state_->mutex);
    if (!state_->dirty) return std::nullopt;
    state_->dirty = false;
    return state_->latest;
  }

 private:
  struct State {
    std::mutex mutex;
    Snapshot latest;
    bool dirty = false;
  };
  std::shared_ptr<State> state_;
};

}  // namespace af::ui
