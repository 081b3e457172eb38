#pragma once
// How long the GUI thread's event loop goes without running a short timer, and how much of that
// gap the GUI thread itself spent working (its CPU time). The work is the window's to answer
// for and is what tests bound; the rest of a gap is the scheduler's, which on a busy machine (a CI
// build beside the tests, or any load at all on two cores) can hold a thread back tens of ms, so
// tests print the wall-clock gaps as figures and never assert them.
#include <QElapsedTimer>
#include <QTimer>
#include <algorithm>
#include <cstdio>
#include <ctime>

namespace af::ui::test {

// CPU time of the calling thread, in ms.
inline double threadCpuMs() {
  timespec t{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
  return static_cast<double>(t.tv_sec) * 1e3 + static_cast<double>(t.tv_nsec) / 1e6;
}

// CPU time of the whole process (every thread), in ms: the work done, whatever the scheduler did.
inline double processCpuMs() {
  timespec t{};
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
  return static_cast<double>(t.tv_sec) * 1e3 + static_cast<double>(t.tv_nsec) / 1e6;
}

// The 1-minute load average (-1 if unknown), printed beside wall-clock figures.
inline double loadAverage() {
  double load = -1;
  if (std::FILE* f = std::fopen("/proc/loadavg", "r")) {
    if (std::fscanf(f, "%lf", &load) != 1) load = -1;
    std::fclose(f);
  }
  return load;
}

class EventLoopWatch {
 public:
  explicit EventLoopWatch(int intervalMs) {
    ticker_.setInterval(intervalMs);
    QObject::connect(&ticker_, &QTimer::timeout, [this] { tick(); });
  }
  void start() {
    clock_.start();
    last_ = 0;
    lastCpu_ = threadCpuMs();
    ticker_.start();
  }
  void stop() {
    tick();
    ticker_.stop();
  }
  [[nodiscard]] qint64 elapsedMs() const { return clock_.elapsed(); }
  [[nodiscard]] qint64 worstGapMs() const { return worstGap_; }
  [[nodiscard]] double worstGapWorkMs() const { return worstGapWork_; }  // work in that gap
  [[nodiscard]] double worstWorkMs() const { return worstWork_; }        // most work in any gap

 private:
  void tick() {
    const qint64 now = clock_.elapsed();
    const double cpu = threadCpuMs();
    if (now - last_ > worstGap_) {
      worstGap_ = now - last_;
      worstGapWork_ = cpu - lastCpu_;
    }
    worstWork_ = std::max(worstWork_, cpu - lastCpu_);
    last_ = now;
    lastCpu_ = cpu;
  }

  QTimer ticker_;
  QElapsedTimer clock_;
  qint64 last_ = 0, worstGap_ = 0;
  double lastCpu_ = 0, worstGapWork_ = 0, worstWork_ = 0;
};

}  // namespace af::ui::test
