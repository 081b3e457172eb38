#pragma once
// One long job at a time on a worker thread (docs/ARCHITECTURE.md): each submit gets a generation
// id; a newer submit cancels the older job, whose result is then dropped. Every generation ends
// with exactly one of finished / failed / cancelled; progress is coalesced to ~20 signals/s.
#include <QObject>
#include <QThreadPool>
#include <QTimer>
#include <QVariant>
#include <functional>
#include <optional>

#include "runner/cancel_token.h"
#include "runner/progress_sink.h"

namespace af::ui {

class JobRunner : public QObject {
  Q_OBJECT
 public:
  // The work runs on the worker thread: it must not touch widgets, should poll the token (or call
  // throwIfCancelled) at least every ~50 ms, and may throw to report a failure.
  using Work = std::function<QVariant(CancelToken, ProgressSink)>;
  using SimpleWork = std::function<QVariant(CancelToken)>;

  explicit JobRunner(QObject* parent = nullptr);
  ~JobRunner() override;  // cancels and waits for the worker

  int submit(Work work);
  int submit(SimpleWork work);
  // Cancels the current job; `cancelled(gen)` follows when the work returns.
  void cancel();

  // A job (current or a superseded one not yet returned) is still on the worker.
  [[nodiscard]] bool isBusy() const { return inFlight_ > 0; }
  // The generation whose results would be shown, or 0 when none is pending.
  [[nodiscard]] int currentGeneration() const { return current_ ? current_->generation : 0; }
  void setProgressInterval(int ms) { progressTimer_.setInterval(ms); }

 signals:
  void started(int generation);
  void progress(int generation, qint64 done, qint64 total, const QString& stage);
  void finished(int generation, const QVariant& result);
  void failed(int generation, const QString& error);
  void cancelled(int generation);

 private:
  struct Job {
    int generation = 0;
    CancelToken token;
    ProgressSink sink;
  };
  struct Outcome {
    QVariant result;
    QString error;
    bool ok = false;
  };
  void onStarted(int generation);
  void onDone(const Job& job, const Outcome& outcome);
  void flushProgress();

  QThreadPool pool_;
  QTimer progressTimer_;
  std::optional<Job> current_;
  int lastGeneration_ = 0;
  int inFlight_ = 0;
};

}  // namespace af::ui
