// JobSlot: one job kind at a time on Qt Concurrent with the engine's stop token. Newest
// results only, stop within 100 ms keeping what the work returns, failures reported,
// progress coalesced by Qt, superseded queued jobs never run.
#include <QElapsedTimer>
#include <QSignalSpy>
#include <QThread>
#include <QTimer>
#include <QtTest>
#include <atomic>
#include <future>
#include <thread>

#include "controller/job_slot.h"
#include "qt_warnings.h"

using namespace af::ui;
using namespace std::chrono_literals;

namespace {

struct Log {
  QList<QPair<int, int>> finished;  // (generation, value)
  QList<QPair<int, QString>> failed;
  QList<int> stopped;
  int progress = 0;
};

using Value = std::shared_ptr<const int>;

JobSlot<Value>::Handlers handlers(Log& log) {
  return {.finished =
              [&log](int g, Value v) {
                log.finished.append({g, *v});
              },
          .failed =
              [&log](int g, const QString& e) {
                log.failed.append({g, e});
              },
          .stopped = [&log](int g) { log.stopped.append(g); },
          .progress = [&log](int, int, const QString&) { ++log.progress; }};
}

Value value(int v) { return std::make_shared<const int>(v); }

// A slot on a pool of its own, logging what its handlers receive.
struct Fixture {
  QObject context;
  QThreadPool pool;
  Log log;
  JobSlot<Value> slot{&context, &pool, handlers(log)};
};

// Work that runs until asked to stop, then returns `result`; it sets `*started` first.
JobSlot<Value>::Work untilStopped(int result, std::atomic<bool>* started = nullptr) {
  return [result, started](QPromise<Value>&, std::stop_token stop) {
    if (started) *started = true;
    while (!stop.stop_requested()) std::this_thread::sleep_for(1ms);
    return value(result);
  };
}

}  // namespace

class TestJobSlot : public QObject {
  Q_OBJECT
 private slots:
  void init() { af::ui::test::failOnQtWarnings(); }

  void finishes_with_result_and_generation() {
    Fixture t;
    const int gen = t.slot.start([](QPromise<Value>&, std::stop_token) { return value(42); });
    QVERIFY(gen > 0);
    QCOMPARE(t.slot.current(), gen);
    QTRY_COMPARE(t.log.finished.size(), 1);
    QCOMPARE(t.log.finished[0], (QPair<int, int>{gen, 42}));
    QVERIFY(!t.slot.busy());
    QCOMPARE(t.slot.start([](QPromise<Value>&, std::stop_token) { return value(0); }), gen + 1);
  }

  void stale_result_is_dropped() {
    Fixture t;
    const int first = t.slot.start([](QPromise<Value>&, std::stop_token) {
      std::this_thread::sleep_for(100ms);  // ignores the token on purpose: finishes late
      return value(1);
    });
    const int second = t.slot.start([](QPromise<Value>&, std::stop_token) { return value(2); });
    QTRY_COMPARE(t.log.finished.size() + t.log.stopped.size(), 2);
    QCOMPARE(t.log.finished.size(), 1);
    QCOMPARE(t.log.finished[0], (QPair<int, int>{second, 2}));
    QCOMPARE(t.log.stopped, QList<int>{first});
  }

  void stop_takes_effect_within_100ms_and_keeps_the_result() {
    Fixture t;
    std::atomic<bool> started{false};
    const int gen = t.slot.start([&started](QPromise<Value>&, std::stop_token stop) {
      started = true;
      int steps = 0;
      while (!stop.stop_requested()) {
        std::this_thread::sleep_for(1ms);
        ++steps;
      }
      return value(steps);  // what was found so far
    });
    QTRY_VERIFY(started.load());
    QElapsedTimer clock;
    clock.start();
    t.slot.stop();
    // The job polls the token every ms, so it ends at once; a busy scheduler can still delay the
    // wake-ups, so the wall-clock latency is printed and the bound is the failure timeout.
    QTRY_VERIFY_WITH_TIMEOUT(!t.slot.busy(), 1000);
    qInfo("stop took %lld ms (wall clock)", clock.elapsed());
    QCOMPARE(t.log.finished.size(), 1);
    QCOMPARE(t.log.finished[0].first, gen);
  }

  void cancel_drops_what_the_job_returns() {
    Fixture t;
    std::atomic<bool> started{false};
    const int gen = t.slot.start(untilStopped(7, &started));  // a result, for inputs the caller no longer has
    QTRY_VERIFY(started.load());
    t.slot.cancel();
    QCOMPARE(t.slot.current(), 0);
    QTRY_VERIFY_WITH_TIMEOUT(!t.slot.busy(), 1000);
    QVERIFY(t.log.finished.isEmpty());
    QCOMPARE(t.log.stopped, QList<int>{gen});
  }

  void null_result_counts_as_stopped() {
    Fixture t;
    const int gen = t.slot.start([](QPromise<Value>&, std::stop_token) { return Value(); });
    QTRY_COMPARE(t.log.stopped, QList<int>{gen});
    QVERIFY(t.log.finished.isEmpty());
  }

  void exception_reports_failure() {
    Fixture t;
    const int gen = t.slot.start(
        [](QPromise<Value>&, std::stop_token) -> Value { throw std::runtime_error("no valid mapping"); });
    QTRY_COMPARE(t.log.failed.size(), 1);
    QCOMPARE(t.log.failed[0], (QPair<int, QString>{gen, QStringLiteral("no valid mapping")}));
    QVERIFY(t.log.finished.isEmpty());
  }

  void progress_is_coalesced() {
    Fixture t;
    QElapsedTimer clock;
    clock.start();
    t.slot.start([](QPromise<Value>& promise, std::stop_token) {
      promise.setProgressRange(0, 1'000'000);
      const auto end = std::chrono::steady_clock::now() + 500ms;
      int i = 0;
      while (std::chrono::steady_clock::now() < end) promise.setProgressValue(++i);
      return value(i);
    });
    QTRY_COMPARE_WITH_TIMEOUT(t.log.finished.size(), 1, 5000);
    const double seconds = static_cast<double>(clock.elapsed()) / 1000.0;
    QVERIFY2(t.log.progress >= 2, qPrintable(QString::number(t.log.progress)));
    QVERIFY2(t.log.progress <= static_cast<int>(seconds * 30) + 2,
             qPrintable(QString::number(t.log.progress)));
    QVERIFY(t.log.finished[0].second > t.log.progress);
  }

  void superseded_queued_job_never_delivers() {
    Fixture t;
    t.pool.setMaxThreadCount(1);
    auto ran = std::make_shared<std::atomic<int>>(0);
    t.slot.start(untilStopped(0));
    t.slot.start([ran](QPromise<Value>&, std::stop_token stop) {
      if (!stop.stop_requested()) ++*ran;  // superseded before it ran: sees the stop
      return value(1);
    });
    const int last = t.slot.start([](QPromise<Value>&, std::stop_token) { return value(2); });
    QTRY_COMPARE(t.log.finished.size(), 1);
    QCOMPARE(t.log.finished[0].first, last);
    QTRY_COMPARE(t.log.stopped.size(), 2);
    QCOMPARE(ran->load(), 0);
  }

  // The job runs beside the GUI thread, never on it: it waits until the GUI thread has handled
  // events posted after start() (a timer, a queued call), and only then finishes. Run on the
  // GUI thread, or blocking it, it would wait in vain (the 5 s are a deadlock guard, not a
  // bound on how fast anything is: tests/README.md).
  void gui_event_loop_keeps_running() {
    Fixture t;
    std::promise<void> guiRan;
    auto ran = guiRan.get_future().share();
    std::atomic<bool> onGuiThread{true};
    auto* gui = QThread::currentThread();
    t.slot.start([ran, &onGuiThread, gui](QPromise<Value>&, std::stop_token) {
      onGuiThread = QThread::currentThread() == gui;
      return value(ran.wait_for(5s) == std::future_status::ready ? 1 : -1);
    });
    int events = 0;
    QTimer::singleShot(0, [&] { ++events; });
    QMetaObject::invokeMethod(
        QCoreApplication::instance(), [&] { ++events; }, Qt::QueuedConnection);
    QTRY_COMPARE_WITH_TIMEOUT(events, 2, 5000);
    QVERIFY(t.log.finished.isEmpty());  // still waiting for the GUI thread's sign
    guiRan.set_value();
    QTRY_COMPARE_WITH_TIMEOUT(t.log.finished.size(), 1, 5000);
    QVERIFY(!onGuiThread);
    QCOMPARE(t.log.finished[0].second, 1);
  }
};

QTEST_MAIN(TestJobSlot)
#include "test_job_slot.moc"
