#pragma once
// One kind of long job at a time on Qt Concurrent (docs/ARCHITECTURE.md; Hotspot's job
// tracker pattern): each start() gets a generation id and the engine's std::stop_token;
// starting again asks the older job to stop, and its result is dropped when it arrives.
// stop() asks the running job to stop but still delivers what it returns (a mapper run keeps
// what it found); cancel() drops it; a job may return a null result to say it has nothing to show.
// The work reports progress through the QPromise, which Qt throttles to ~25 signals/s.
#include <QFutureWatcher>
#include <QObject>
#include <QPointer>
#include <QPromise>
#include <QThreadPool>
#include <QtConcurrent>
#include <algorithm>
#include <functional>
#include <memory>
#include <stdexcept>
#include <stop_token>
#include <vector>

namespace af::ui {

template <class Result>
class JobSlot {
 public:
  // Runs on a worker thread: must not touch widgets; polls the token; may throw.
  using Work = std::function<Result(QPromise<Result>& promise, std::stop_token stop)>;
  struct Handlers {
    std::function<void(int generation, Result result)> finished;       // newest generation, non-null
    std::function<void(int generation, const QString& error)> failed;  // the work threw
    std::function<void(int generation)> stopped;                       // superseded or nothing to show
    std::function<void(int generation, int value, const QString& text)> progress;
  };

  JobSlot(QObject* context, QThreadPool* pool, Handlers handlers)
      : context_(context), pool_(pool), handlers_(std::move(handlers)) {}
  JobSlot(const JobSlot&) = delete;
  JobSlot& operator=(const JobSlot&) = delete;
  // Stops the running job and stops watching every job: no handler runs after this.
  ~JobSlot() {
    stop();
    for (const auto& w : watchers_) delete w.data();
  }

  // Supersedes the running job (if any): its result will be dropped. Returns the new generation.
  int start(Work work) {
    stop();
    running_ = {};
    const int generation = ++generation_;
    auto source = std::make_shared<std::stop_source>();
    running_ = {generation, source};
    auto* watcher = new QFutureWatcher<Result>(context_);  // deleted when the job ends
    watchers_.erase(
        std::remove_if(watchers_.begin(), watchers_.end(), [](const auto& w) { return w.isNull(); }),
        watchers_.end());
    watchers_.emplace_back(watcher);
    ++inFlight_;
    QObject::connect(watcher, &QFutureWatcherBase::progressValueChanged, context_,
                     [this, generation, watcher](int value) {
                       if (generation == current() && handlers_.progress)
                         handlers_.progress(generation, value, watcher->progressText());
                     });
    QObject::connect(watcher, &QFutureWatcherBase::finished, context_, [this, generation, watcher] {
      --inFlight_;
      watcher->deleteLater();
      const bool newest = generation == current();
      if (newest) running_ = {};
      QFuture<Result> future = watcher->future();
      try {
        future.waitForFinished();  // rethrows an exception from the work
        if (newest && future.resultCount() > 0 && future.result() && handlers_.finished)
          handlers_.finished(generation, future.result());
        else if (handlers_.stopped)
          handlers_.stopped(generation);
      } catch (const std::exception& e) {
        if (newest && handlers_.failed) handlers_.failed(generation, QString::fromUtf8(e.what()));
      }
    });
    watcher->setFuture(QtConcurrent::run(pool_, [work = std::move(work), source](QPromise<Result>& promise) {
      try {
        promise.addResult(work(promise, source->get_token()));
      } catch (const std::exception& e) {
        // Keep the message: Qt would wrap a foreign exception in QUnhandledException.
        promise.setException(std::make_exception_ptr(std::runtime_error(e.what())));
      }
    }));
    return generation;
  }

  // Asks the running job to stop; what it returns is still delivered.
  void stop() {
    if (running_.source) running_.source->request_stop();
  }

  // Asks the running job to stop and drops what it returns (its inputs are gone, e.g. the
  // project was closed): only `stopped` is called for it.
  void cancel() {
    stop();
    running_ = {};
  }

  [[nodiscard]] bool busy() const { return inFlight_ > 0; }
  // The generation whose result would be delivered, or 0 when none is pending.
  [[nodiscard]] int current() const { return running_.generation; }

 private:
  struct Running {
    int generation = 0;
    std::shared_ptr<std::stop_source> source;
  };
  QPointer<QObject> context_;
  QThreadPool* pool_;
  Handlers handlers_;
  Running running_;
  std::vector<QPointer<QFutureWatcherBase>> watchers_;
  int generation_ = 0;
  int inFlight_ = 0;
};

}  // namespace af::ui
