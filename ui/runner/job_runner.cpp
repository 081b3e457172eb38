#include "runner/job_runner.h"

#include <exception>

namespace af::ui {

JobRunner::JobRunner(QObject* parent) : QObject(parent) {
  // One worker: a superseded job that does not poll its token delays the next one rather than
  // competing with it for the cores.
  pool_.setMaxThreadCount(1);
  progressTimer_.setInterval(50);  // at most ~20 progress signals per second
  connect(&progressTimer_, &QTimer::timeout, this, &JobRunner::flushProgress);
}

JobRunner::~JobRunner() {
  if (current_) current_->token.cancel();
  pool_.waitForDone();  // queued results addressed to `this` are discarded with it
}

int JobRunner::submit(SimpleWork work) {
  return submit(Work([work = std::move(work)](CancelToken token, ProgressSink) { return work(token); }));
}

int JobRunner::submit(Work work) {
  if (current_) current_->token.cancel();  // its result will be dropped
  const Job job{++lastGeneration_, CancelToken{}, ProgressSink{}};
  current_ = job;
  ++inFlight_;
  pool_.start([this, job, work = std::move(work)] {
    Outcome outcome;
    if (!job.token.isCancelled()) {  // superseded while queued: skip the work entirely
      QMetaObject::invokeMethod(
          this, [this, g = job.generation] { onStarted(g); }, Qt::QueuedConnection);
      try {
        outcome.result = work(job.token, job.sink);
        outcome.ok = true;
      } catch (const JobCancelled&) {
        job.token.cancel();
      } catch (const std::exception& e) {
        outcome.error = QString::fromUtf8(e.what());
      } catch (...) {
        outcome.error = tr("unknown error");
      }
    }
    QMetaObject::invokeMethod(
        this, [this, job, outcome] { onDone(job, outcome); }, Qt::QueuedConnection);
  });
  progressTimer_.start();
  return job.generation;
}

void JobRunner::cancel() {
  if (current_) current_->token.cancel();
}

void JobRunner::onStarted(int generation) {
  if (current_ && current_->generation == generation && !current_->token.isCancelled())
    emit started(generation);
}

void JobRunner::flushProgress() {
  if (!current_ || current_->token.isCancelled()) return;
  if (const auto snapshot = current_->sink.takeIfChanged())
    emit progress(current_->generation, snapshot->done, snapshot->total, snapshot->stage);
}

void JobRunner::onDone(const Job& job, const Outcome& outcome) {
  --inFlight_;
  if (current_ && current_->generation == job.generation) {
    flushProgress();  // the last report before the result
    current_.reset();
    progressTimer_.stop();
  }
  // A superseded job always had its token cancelled, so only the current job's result is emitted.
  if (job.token.isCancelled())
    emit cancelled(job.generation);
  else if (outcome.ok)
    emit finished(job.generation, outcome.result);
  else
    emit failed(job.generation, outcome.error);
}

}  // namespace af::ui
