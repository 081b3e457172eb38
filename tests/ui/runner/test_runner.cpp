// JobRunner: generations, stale results dropped, prompt cancellation, coalesced progress,
// failures, and a GUI thread that keeps turning while the worker works.
#include <QElapsedTimer>
#include <QSignalSpy>
#include <QTimer>
#include <QtTest>
#include <atomic>
#include <stdexcept>
#include <thread>

#include "runner/job_runner.h"

using af::ui::CancelToken;
using af::ui::JobRunner;
using af::ui::ProgressSink;
using namespace std::chrono_literals;

namespace {
// Sleeps up to `total` while polling the token every few milliseconds, as real work should.
bool sleepPolling(const CancelToken& token, std::chrono::milliseconds total) {
  const auto end = std::chrono::steady_clock::now() + total;
  while (std::chrono::steady_clock::now() < end) {
    if (token.isCancelled()) return false;
    std::this_thread::sleep_for(2ms);
  }
  return true;
}
}  // namespace

class TestRunner : public QObject {
  Q_OBJECT
 private slots:
  void finishes_with_result_and_generation() {
    JobRunner runner;
    QSignalSpy started(&runner, &JobRunner::started);
    QSignalSpy finished(&runner, &JobRunner::finished);
    const int gen = runner.submit([](CancelToken) { return QVariant(42); });
    QVERIFY(gen > 0);
    QCOMPARE(runner.currentGeneration(), gen);
    QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 1, 5000);
    QCOMPARE(finished.at(0).at(0).toInt(), gen);
    QCOMPARE(finished.at(0).at(1).value<QVariant>().toInt(), 42);
    QCOMPARE(started.count(), 1);
    QVERIFY(!runner.isBusy());
    QCOMPARE(runner.submit([](CancelToken) { return QVariant(); }), gen + 1);
  }

  void stale_result_is_dropped() {
    JobRunner runner;
    QSignalSpy finished(&runner, &JobRunner::finished);
    QSignalSpy cancelled(&runner, &JobRunner::cancelled);
    // The first job ignores its token and still returns a result: it must never be shown.
    const int first = runner.submit([](CancelToken) {
      std::this_thread::sleep_for(200ms);
      return QVariant(QStringLiteral("old"));
    });
    const int second = runner.submit([](CancelToken) { return QVariant(QStringLiteral("new")); });
    QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 1, 5000);
    QCOMPARE(finished.at(0).at(0).toInt(), second);
    QCOMPARE(finished.at(0).at(1).value<QVariant>().toString(), QStringLiteral("new"));
    QCOMPARE(cancelled.count(), 1);
    QCOMPARE(cancelled.at(0).at(0).toInt(), first);
    QTest::qWait(100);
    QCOMPARE(finished.count(), 1);
  }

  void cancel_takes_effect_within_100ms() {
    JobRunner runner;
    QSignalSpy started(&runner, &JobRunner::started);
    QSignalSpy cancelled(&runner, &JobRunner::cancelled);
    QSignalSpy finished(&runner, &JobRunner::finished);
    const int gen = runner.submit([](CancelToken token) {
      sleepPolling(token, 10s);
      return QVariant(1);
    });
    QTRY_COMPARE_WITH_TIMEOUT(started.count(), 1, 5000);
    QElapsedTimer clock;
    clock.start();
    runner.cancel();
    QTRY_COMPARE_WITH_TIMEOUT(cancelled.count(), 1, 2000);
    const auto elapsed = clock.elapsed();
    QVERIFY2(elapsed < 100, qPrintable(QStringLiteral("cancel took %1 ms").arg(elapsed)));
    QCOMPARE(cancelled.at(0).at(0).toInt(), gen);
    QCOMPARE(finished.count(), 0);
    QVERIFY(!runner.isBusy());
  }

  void throw_if_cancelled_counts_as_cancel() {
    JobRunner runner;
    QSignalSpy cancelled(&runner, &JobRunner::cancelled);
    QSignalSpy failed(&runner, &JobRunner::failed);
    runner.submit([](CancelToken token) {
      for (;;) {
        token.throwIfCancelled();
        std::this_thread::sleep_for(1ms);
      }
      return QVariant();
    });
    QTest::qWait(20);
    runner.cancel();
    QTRY_COMPARE_WITH_TIMEOUT(cancelled.count(), 1, 2000);
    QCOMPARE(failed.count(), 0);
  }

  void progress_is_coalesced() {
    JobRunner runner;
    QSignalSpy progress(&runner, &JobRunner::progress);
    QSignalSpy finished(&runner, &JobRunner::finished);
    constexpr qint64 kSteps = 200000;
    QElapsedTimer clock;
    clock.start();
    runner.submit([](CancelToken token, ProgressSink sink) {
      const auto end = std::chrono::steady_clock::now() + 500ms;
      qint64 i = 0;
      // Hundreds of thousands of reports in half a second...
      while (std::chrono::steady_clock::now() < end && !token.isCancelled()) {
        sink.report(++i % kSteps, kSteps, QStringLiteral("enumerating"));
      }
      sink.report(kSteps, kSteps, QStringLiteral("done"));
      return QVariant(i);
    });
    QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 1, 5000);
    const double seconds = clock.elapsed() / 1000.0;
    // ...become at most ~20 signals a second (+2 for timer phase and the final flush).
    QVERIFY2(progress.count() >= 2, qPrintable(QString::number(progress.count())));
    QVERIFY2(progress.count() <= static_cast<int>(seconds * 20) + 2,
             qPrintable(QStringLiteral("%1 signals in %2 s").arg(progress.count()).arg(seconds)));
    QVERIFY(finished.at(0).at(1).value<QVariant>().toLongLong() > progress.count());
    const auto last = progress.last();
    QCOMPARE(last.at(1).toLongLong(), kSteps);
    QCOMPARE(last.at(2).toLongLong(), kSteps);
    QCOMPARE(last.at(3).toString(), QStringLiteral("done"));
  }

  void exception_reports_failure() {
    JobRunner runner;
    QSignalSpy failed(&runner, &JobRunner::failed);
    QSignalSpy finished(&runner, &JobRunner::finished);
    const int gen =
        runner.submit([](CancelToken) -> QVariant { throw std::runtime_error("no valid mapping"); });
    QTRY_COMPARE_WITH_TIMEOUT(failed.count(), 1, 5000);
    QCOMPARE(failed.at(0).at(0).toInt(), gen);
    QCOMPARE(failed.at(0).at(1).toString(), QStringLiteral("no valid mapping"));
    QCOMPARE(finished.count(), 0);
  }

  void gui_event_loop_keeps_running() {
    JobRunner runner;
    QSignalSpy finished(&runner, &JobRunner::finished);
    QElapsedTimer sinceTick;
    qint64 maxGap = 0;
    QTimer ticker;
    ticker.setInterval(10);
    ticker.setTimerType(Qt::PreciseTimer);
    connect(&ticker, &QTimer::timeout, this, [&] { maxGap = std::max(maxGap, sinceTick.restart()); });
    runner.submit([](CancelToken token, ProgressSink sink) {
      for (int i = 0; i < 100 && !token.isCancelled(); ++i) {
        std::this_thread::sleep_for(10ms);  // a 1 s job
        sink.report(i + 1, 100);
      }
      return QVariant(true);
    });
    sinceTick.start();
    ticker.start();
    QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 1, 5000);
    ticker.stop();
    QVERIFY2(maxGap < 50, qPrintable(QStringLiteral("max gap %1 ms").arg(maxGap)));
  }

  void destructor_cancels_and_waits() {
    auto observed = std::make_shared<std::atomic_bool>(false);
    QElapsedTimer clock;
    {
      JobRunner runner;
      QSignalSpy started(&runner, &JobRunner::started);
      runner.submit([observed](CancelToken token) {
        if (!sleepPolling(token, 10s)) observed->store(true);
        return QVariant();
      });
      QTRY_COMPARE_WITH_TIMEOUT(started.count(), 1, 5000);
      clock.start();
    }
    QVERIFY(clock.elapsed() < 500);
    QVERIFY(observed->load());  // the work saw the cancel before the runner went away
  }

  void superseded_queued_job_never_runs() {
    JobRunner runner;
    QSignalSpy finished(&runner, &JobRunner::finished);
    QSignalSpy cancelled(&runner, &JobRunner::cancelled);
    auto ran = std::make_shared<std::atomic_int>(0);
    runner.submit([](CancelToken token) {
      sleepPolling(token, 10s);
      return QVariant();
    });
    runner.submit([ran](CancelToken) {
      ++*ran;
      return QVariant();
    });
    const int last = runner.submit([](CancelToken) { return QVariant(3); });
    QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 1, 5000);
    QCOMPARE(finished.at(0).at(0).toInt(), last);
    QCOMPARE(cancelled.count(), 2);
    QCOMPARE(ran->load(), 0);
  }
};

QTEST_GUILESS_MAIN(TestRunner)
#include "test_runner.moc"
