#include "interrupt.h"

#include <pthread.h>
#include <unistd.h>

#include <cstdlib>
#include <string_view>

namespace af::cli {
namespace {

void say(std::string_view text) {
  // write(2), not a stream: another thread may be in the middle of printing.
  while (!text.empty()) {
    const ssize_t n = ::write(STDERR_FILENO, text.data(), text.size());
    if (n <= 0) return;
    text.remove_prefix(static_cast<std::size_t>(n));
  }
}

}  // namespace

InterruptWatch::InterruptWatch() {
  sigemptyset(&signals_);
  sigaddset(&signals_, SIGINT);
  sigaddset(&signals_, SIGTERM);
  pthread_sigmask(SIG_BLOCK, &signals_, &previous_mask_);
  watcher_ = std::jthread([this](std::stop_token stop) {
    while (true) {
      int sig = 0;
      if (sigwait(&signals_, &sig) != 0) continue;
      if (stop.stop_requested()) return;          // the destructor's wake-up call
      const std::lock_guard lock(commit_mutex_);  // no temp file exists while we hold it
      say(sig == SIGINT ? "accelforge: interrupted\n" : "accelforge: terminated\n");
      std::_Exit(128 + sig);
    }
  });
}

InterruptWatch::~InterruptWatch() {
  watcher_.request_stop();
  pthread_kill(watcher_.native_handle(), SIGTERM);  // ends its sigwait
  watcher_.join();
  pthread_sigmask(SIG_SETMASK, &previous_mask_, nullptr);
}

}  // namespace af::cli
