#pragma once
// What `accelforge-explorer` does with its options once the window exists: open the files or
// project, apply the flags (settings, store, cost table, sweep variables), then either show the
// window, or — with --screenshot — wait for what the picture should show (a load, a mapper run,
// a sweep, a comparison; half way with --mid-run), save it, print its path and exit.
namespace af::ui {

class MainWindow;
struct ExplorerOptions;

// Runs the application's event loop; returns its exit code. Problems opening the files are
// written to standard error, as are screenshot failures (exit 1).
[[nodiscard]] int launch(MainWindow& window, const ExplorerOptions& options);

}  // namespace af::ui
