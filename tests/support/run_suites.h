#pragma once
// Runs several Qt Test classes in one executable without turning a crash into a hang.
//
// Qt 6.4's fatal-signal handler breaks when QTest::qExec runs more than once in a process:
// after the first run, a crash, a failed assertion or an exception escaping a test function
// in a later run (std::terminate -> SIGABRT) re-enters the handler forever, printing
// "Received signal 6" and, when gdb is installed, attaching gdb for a stack trace each
// time. The suite then hangs until CTest's TIMEOUT instead of failing at once. Putting back
// the signal handlers that were in place before the first qExec (the default ones, or a
// sanitizer's) before every run makes such a failure end the process, with one stack trace.
//
//   af::test::SuiteRunner runner;
//   int failed = 0;
//   failed += runner.run<TestA>(argc, argv);
//   failed += runner.run([&] { return runOtherTests(argc, argv); });
#include <QtTest>

#include <array>
#include <csignal>
#include <functional>

namespace af::test {

class SuiteRunner {
 public:
  SuiteRunner() {
    for (std::size_t i = 0; i < kSignals.size(); ++i) sigaction(kSignals[i], nullptr, &saved_[i]);
  }

  // Runs `suite` (a function that calls QTest::qExec once) with the original handlers.
  int run(const std::function<int()>& suite) {
    for (std::size_t i = 0; i < kSignals.size(); ++i) sigaction(kSignals[i], &saved_[i], nullptr);
    return suite();
  }

  template <class Suite>
  int run(int argc, char** argv) {
    return run([&] {
      Suite suite;
      return QTest::qExec(&suite, argc, argv);
    });
  }

 private:
  // The signals Qt Test's FatalSignalHandler takes over on Unix.
  static constexpr std::array<int, 8> kSignals = {SIGABRT, SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGTERM, SIGINT, SIGQUIT};
  std::array<struct sigaction, kSignals.size()> saved_{};
};

}  // namespace af::test
