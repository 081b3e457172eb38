#include "launch.h"

#include <QApplication>
#include <QTimer>
#include <cstdio>
#include <functional>

#include "command_line.h"
#include "controller/mapper_settings.h"
#include "controller/project_controller.h"
#include "explore/explore_session.h"
#include "explore/pareto_plot.h"
#include "history/compare_runs_view.h"
#include "history/history_dock.h"
#include "history/history_session.h"
#include "main_window.h"
#include "playback/playback_view.h"
#include "screenshot.h"
#include "sweep/sweep_fronts_plot.h"
#include "sweep/sweep_panel.h"
#include "sweep/sweep_session.h"

namespace af::ui {

namespace {

void problem(const QString& text) { std::fprintf(stderr, "accelforge-explorer: %s\n", qPrintable(text)); }

// Opens the files (or the one project file) and applies the flags that set up the project.
void openAndConfigure(MainWindow& window, const ExplorerOptions& o) {
  ProjectController* controller = window.controller();
  window.setAssignments(o.assignments);
  if (o.files.size() == 1 && o.files.front().endsWith(QStringLiteral(".afproj"))) {
    // Read on a worker; the flags below override what it keeps once it has opened.
    QObject::connect(controller, &ProjectController::projectFileOpened, &window,
                     [](const QString&, const QString& error, const QList<FileError>& fileErrors) {
                       if (!error.isEmpty()) problem(error);
                       for (const auto& e : fileErrors) problem(e.message);
                     });
    controller->openProjectFile(o.files.front());
  } else {
    for (const QString& p : window.openFiles(o.files)) problem(p);
  }
  if (!o.componentCosts.isEmpty()) controller->setComponentCosts(o.componentCosts);
  if (o.cimMainMemory || o.cimMacros > 1)
    controller->setCimOpening({.macros = o.cimMacros, .dummy_main_memory = o.cimMainMemory});
  ProjectMapperSettings chosen;
  chosen.metrics = o.metrics;
  if (o.unfused) chosen.unfused = true;
  chosen.threads = o.threads;
  controller->mapperSettings()->choose(chosen);
  if (!o.store.isEmpty()) window.history()->setStorePath(o.store);
  if (o.playAt)  // once the spec (and its mapping) is on screen
    QObject::connect(&window, &MainWindow::resultApplied, &window,
                     [&window, at = *o.playAt] { window.playbackView()->setFraction(at); });
  for (qsizetype i = 0; i < o.vary.size(); ++i)
    window.sweeps()->panel()->setVariation(static_cast<int>(i), o.vary[i].section('=', 0, 0).trimmed(),
                                           o.vary[i].section('=', 1));
  if (const auto axes = SweepFrontsPlot::axesNamed(o.sweepPlot))
    window.sweeps()->frontsPlot()->setAxes(*axes);
}

// --screenshot: waits for what the picture should show, saves it and ends the event loop.
int screenshot(MainWindow& window, const ExplorerOptions& o) {
  int status = 0;
  bool shot = false, started = false, opened = false;  // outlive the connections: exec() below
  const auto save = [&](QWidget& what) {
    const QString error = saveScreenshot(what, o.screenshot, o.size.width(), o.size.height());
    if (!error.isEmpty()) {
      problem(error);
      status = 1;
    } else {
      std::printf("%s\n", qPrintable(o.screenshot));
      std::fflush(stdout);
    }
    QApplication::exit(status);
  };
  // The pages still computing what they show (a front's evaluation after a run) are waited
  // for, up to a minute.
  std::function<void(int)> whenSettled = [&](int polls) {
    if (window.settling() && polls < 600)
      QTimer::singleShot(100, &window, [&, polls] { whenSettled(polls + 1); });
    else
      save(window);
  };
  const auto once = [&] {
    if (shot) return;
    shot = true;
    QTimer::singleShot(50, &window, [&] { whenSettled(0); });
  };
  if (o.compare) {
    // The Compare window, once both runs are read (a store error ends it unsaved).
    QObject::connect(window.history(), &HistorySession::compared, &window, [&] {
      shot = true;
      QTimer::singleShot(50, &window, [&] { save(*window.historyDock()->compareView()->window()); });
    });
    QObject::connect(window.history(), &HistorySession::message, &window, [&](const QString& text) {
      if (shot) return;
      problem(text);
      shot = true;
      QApplication::exit(status = 1);
    });
    window.history()->compare(o.compare->first, o.compare->second);
  } else if (o.files.isEmpty()) {
    once();
  } else if (!o.vary.isEmpty()) {
    // Sweep once the spec loads; shoot when it ends (or half way), the sweep's page in front.
    QObject::connect(&window, &MainWindow::resultApplied, &window, [&] {
      if (started) return;
      started = true;
      if (!window.sweeps()->run()) once();
    });
    if (o.midRun)
      QObject::connect(window.sweeps(), &SweepSession::pointsChanged, &window, [&](const SweepRunPtr& run) {
        if (2 * run->points.size() >= run->total && !run->points.empty()) {
          window.showView("sweep");
          once();
        }
      });
    QObject::connect(window.sweeps(), &SweepSession::finished, &window, [&] {
      window.showView("sweep");
      once();
    });
  } else if (o.map) {
    // Run once the spec loads; when the run ends open the optimum, and shoot once its accesses
    // are on screen (or at once when nothing was found).
    QObject::connect(&window, &MainWindow::resultApplied, &window, [&] {
      if (opened) {
        for (const QString& view : o.views) window.showView(view);  // the views asked for, over the run's own
        once();
      }
      if (started) return;
      started = true;
      if (!window.explore()->run()) once();
    });
    if (o.midRun)
      QObject::connect(
          window.controller(), &ProjectController::mapperProgress, &window,
          [&](const MapperProgressPtr& progress) {
            // Half way, once the live front has reached the plot (fronts are
            // throttled to ~20 a second, behind the progress).
            if (progress->fraction() < 0.5 || shot || window.explore()->paretoPlot()->pointCount() == 0)
              return;
            window.showView("pareto");
            once();
          });
    QObject::connect(window.controller(), &ProjectController::mapped, &window, [&](const MapRunPtr& run) {
      window.showView("pareto");
      opened = run && run->result.found && window.explore()->openMapping(0);
      if (!opened) once();
    });
  } else {
    QObject::connect(&window, &MainWindow::resultApplied, &window, once);
    QTimer::singleShot(30000, &window, once);
  }
  window.resize(o.size);
  window.show();
  return QApplication::exec();
}

}  // namespace

int launch(MainWindow& window, const ExplorerOptions& o) {
  for (const QString& view : o.views) window.showView(view);
  openAndConfigure(window, o);
  if (!o.screenshot.isEmpty()) return screenshot(window, o);
  if (o.compare) window.history()->compare(o.compare->first, o.compare->second);
  bool started = false;  // outlives the connection: exec() below
  if (!o.vary.isEmpty() || o.map)
    QObject::connect(&window, &MainWindow::resultApplied, &window, [&] {
      if (!started) started = o.vary.isEmpty() ? window.explore()->run() : window.sweeps()->run();
    });
  window.show();
  window.offerAutosaveRestore();
  return QApplication::exec();
}

}  // namespace af::ui
