// `accelforge-explorer`: the GUI. Parses arguments, opens the window, optionally saves a
// screenshot and exits (used by tests, the README and headless machines).
#include <QApplication>
#include <QCommandLineParser>
#include <QSize>
#include <QTimer>
#include <cstdio>
#include <cstring>
#include <optional>
#include <stdexcept>

#include "controller/project_controller.h"
#include "core/version.h"
#include "explore/explore_session.h"
#include "explore/pareto_plot.h"
#include "explore/run_panel.h"
#include "history/compare_runs_view.h"
#include "history/history_dock.h"
#include "history/history_session.h"
#include "main_window.h"
#include "playback/playback_view.h"
#include "screenshot.h"
#include "sweep/sweep_panel.h"
#include "sweep/sweep_session.h"
#include "workspace/workspace.h"

namespace {
constexpr int kUsageError = 2;
constexpr int kNoDisplay = 1;

// True when Qt would find no display to connect to (over SSH, in CI): no X or Wayland server
// named, and no platform chosen by the user. QApplication aborts then, so main chooses the
// offscreen platform itself, which is enough for --help, --version, usage errors and
// --screenshot.
bool noDisplay(int argc, char** argv) {
  for (int i = 1; i < argc; ++i)
    if (std::strcmp(argv[i], "-platform") == 0) return false;
  return qEnvironmentVariableIsEmpty("DISPLAY") && qEnvironmentVariableIsEmpty("WAYLAND_DISPLAY") &&
         qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM");
}
}  // namespace

int main(int argc, char** argv) {
  const bool headless = noDisplay(argc, argv);
  if (headless) qputenv("QT_QPA_PLATFORM", "offscreen");
  QApplication app(argc, argv);
  QApplication::setApplicationName("accelforge-explorer");
  QApplication::setOrganizationName("AccelForge Explorer");
  QApplication::setApplicationVersion(
      QString::fromUtf8(af::core::version().data(), qsizetype(af::core::version().size())));

  QCommandLineParser parser;
  parser.setApplicationDescription(
      "Explore tensor-algebra accelerators: edit specs and mappings, see buffer accesses.");
  const auto helpOption = parser.addHelpOption();
  const auto versionOption = parser.addVersionOption();
  const QCommandLineOption setOption("set", "Jinja data for the spec files (repeatable).", "NAME=VALUE");
  const QCommandLineOption screenshotOption(
      "screenshot", "Save a screenshot (1400x900 unless --size) to OUT.png and exit.", "OUT.png");
  const QCommandLineOption sizeOption("size", "The window size for --screenshot (default 1400x900).", "WxH");
  parser.addOption(setOption);
  parser.addOption(screenshotOption);
  const QCommandLineOption mapOption("map",
                                     "Run the mapper once the spec loads (with --screenshot: save the "
                                     "window when the run ends, showing the front, the funnel and the "
                                     "optimum's accesses, then exit).");
  const QCommandLineOption metricOption(
      "metric", "What --map minimizes: energy, latency, edp, or a list such as energy,latency.", "M");
  const QCommandLineOption unfusedOption("unfused", "Map each Einsum on its own (--map).");
  const QCommandLineOption threadsOption("threads", "Worker threads for --map (0 = all cores).", "N");
  const QCommandLineOption midRunOption("mid-run",
                                        "With --map and --screenshot: save the window half way "
                                        "through the run (the live front and funnel), then stop it.");
  const QCommandLineOption varyOption(
      "vary",
      "Sweep this variable once the spec loads (repeatable, at most twice; values as "
      "accelforge sweep --vary reads them: 1,2,4 or 1..8 or 64Ki..4Mi*2). With --screenshot: save "
      "the window when the sweep ends (--mid-run: once half of its points are done).",
      "NAME=VALUES");
  parser.addOptions({mapOption, metricOption, unfusedOption, threadsOption, midRunOption, varyOption});
  const QCommandLineOption storeOption(
      "store", "The run store the window records its runs in and lists (default: the user's data folder).",
      "DB");
  const QCommandLineOption compareOption(
      "compare",
      "Open the Compare window of two stored runs (ids as accelforge history list shows them); with "
      "--screenshot, save that window.",
      "ID,ID");
  const QCommandLineOption playAtOption(
      "play-at", "Put the Playback view's cursor at this fraction of the play (0 to 1), e.g. 0.5: half way.",
      "F");
  parser.addOptions({storeOption, compareOption, playAtOption});
  const QCommandLineOption costsOption(
      "component-costs",
      "A component-cost table for components that name a component_class (as accelforge's "
      "--component-costs): FILE, or FILE#SECTION when it has several (File > Component Costs...).",
      "FILE[#SECTION]");
  parser.addOption(costsOption);
  parser.addOption(sizeOption);
  const QCommandLineOption viewOption(
      "view", "Show this view first: " + af::ui::MainWindow::viewNames().join(", ") + ".", "NAME");
  parser.addOption(viewOption);
  parser.addPositionalArgument("files",
                               "Spec files merged in order (arch, workload, mapping, ...), or one "
                               "project file (.afproj: files, variables, cost table, mapper settings).",
                               "[FILE...]");

  if (!parser.parse(QApplication::arguments())) {
    std::fprintf(stderr, "accelforge-explorer: %s\n\n%s", qPrintable(parser.errorText()),
                 qPrintable(parser.helpText()));
    return kUsageError;
  }
  if (parser.isSet(helpOption)) {
    std::printf("%s", qPrintable(parser.helpText()));
    return 0;
  }
  if (parser.isSet(versionOption)) {
    std::printf("%s %s\n", qPrintable(QApplication::applicationName()),
                qPrintable(QApplication::applicationVersion()));
    return 0;
  }

  std::optional<unsigned> metrics;
  if (parser.isSet(metricOption)) {
    try {
      // The CLI's grammar: a list ("energy,latency") asks for the front of both.
      metrics = af::mapper::parse_metrics(parser.value(metricOption).toStdString());
    } catch (const std::invalid_argument& e) {
      std::fprintf(stderr, "accelforge-explorer: --metric: %s\n", e.what());
      return kUsageError;
    }
  }
  bool threadsOk = true;
  const int threads = parser.isSet(threadsOption) ? parser.value(threadsOption).toInt(&threadsOk) : 0;
  if (!threadsOk || threads < 0 || threads > 1024) {
    std::fprintf(stderr, "accelforge-explorer: --threads takes a whole number from 0 (all cores) to 1024\n");
    return kUsageError;
  }

  if (headless && !parser.isSet(screenshotOption)) {
    std::fprintf(stderr,
                 "accelforge-explorer: no display to open the window on (DISPLAY and WAYLAND_DISPLAY are "
                 "not set); run it in a desktop session, or save a picture with --screenshot OUT.png\n");
    return kNoDisplay;
  }

  af::ui::MainWindow window;
  if (parser.isSet(viewOption) && !window.showView(parser.value(viewOption))) {
    std::fprintf(stderr, "accelforge-explorer: unknown view '%s' (one of %s)\n",
                 qPrintable(parser.value(viewOption)),
                 qPrintable(af::ui::MainWindow::viewNames().join(", ")));
    return kUsageError;
  }
  window.setAssignments(parser.values(setOption));
  // A project file (.afproj) opens as File › Open would; the flags below override what it keeps.
  const QStringList positional = parser.positionalArguments();
  QStringList problems;
  if (positional.size() == 1 && positional.front().endsWith(QStringLiteral(".afproj"))) {
    QList<af::ui::FileError> fileErrors;
    if (const QString error = window.controller()->openProjectFile(positional.front(), &fileErrors);
        !error.isEmpty())
      problems << error;
    for (const auto& e : fileErrors) problems << e.message;
  } else {
    problems = window.openFiles(positional);
  }
  for (const QString& problem : problems)
    std::fprintf(stderr, "accelforge-explorer: %s\n", qPrintable(problem));
  if (parser.isSet(costsOption)) window.controller()->setComponentCosts(parser.value(costsOption));
  af::ui::RunPanel* panel = window.explore()->runPanel();
  if (metrics) panel->setMetric(*metrics);
  if (parser.isSet(unfusedOption)) panel->setUnfused(true);
  if (parser.isSet(threadsOption)) panel->setThreads(threads);
  if (parser.isSet(storeOption)) window.history()->setStorePath(parser.value(storeOption));
  if (parser.isSet(playAtOption)) {
    bool ok = false;
    const double at = parser.value(playAtOption).toDouble(&ok);
    if (!ok || at < 0 || at > 1) {
      std::fprintf(stderr, "accelforge-explorer: --play-at wants a fraction from 0 to 1, e.g. 0.5\n");
      return kUsageError;
    }
    // Once the spec (and its mapping) is on screen.
    QObject::connect(&window, &af::ui::MainWindow::resultApplied, &window,
                     [&window, at] { window.playbackView()->setFraction(at); });
  }
  std::optional<std::pair<qint64, qint64>> compare;
  if (parser.isSet(compareOption)) {
    const QStringList ids = parser.value(compareOption).split(',');
    bool a = false, b = false;
    if (ids.size() == 2) compare = std::pair{ids[0].toLongLong(&a), ids[1].toLongLong(&b)};
    if (!a || !b) {
      std::fprintf(stderr, "accelforge-explorer: --compare wants two run ids, e.g. 3,5\n");
      return kUsageError;
    }
  }
  const QStringList varies = parser.values(varyOption);
  if (varies.size() > 2) {
    std::fprintf(stderr, "accelforge-explorer: a sweep varies one or two variables\n");
    return kUsageError;
  }
  for (qsizetype i = 0; i < varies.size(); ++i)
    window.sweeps()->panel()->setVariation(static_cast<int>(i), varies[i].section('=', 0, 0).trimmed(),
                                           varies[i].section('=', 1));
  if (parser.isSet(screenshotOption)) {
    // Wait for the first evaluation (or a timeout) so the picture shows results, not a spinner.
    const QString path = parser.value(screenshotOption);
    QSize size(1400, 900);
    if (parser.isSet(sizeOption)) {
      const QStringList parts = parser.value(sizeOption).split('x');
      bool w = false, h = false;
      size = parts.size() == 2 ? QSize(parts[0].toInt(&w), parts[1].toInt(&h)) : QSize();
      if (!w || !h || size.width() < 200 || size.height() < 200) {
        std::fprintf(stderr, "accelforge-explorer: --size wants WIDTHxHEIGHT, e.g. 1000x700\n");
        return kUsageError;
      }
    }
    int status = 0;
    const auto shoot = [&] {
      const QString error = af::ui::saveScreenshot(window, path, size.width(), size.height());
      if (!error.isEmpty()) {
        std::fprintf(stderr, "accelforge-explorer: %s\n", qPrintable(error));
        status = 1;
      } else {
        std::printf("%s\n", qPrintable(path));
      }
      QApplication::exit(status);
    };
    bool shot = false, started = false, opened = false;  // outlive the connections: main's scope
    const auto once = [&] {
      if (!shot) {
        shot = true;
        QTimer::singleShot(50, &window, shoot);
      }
    };
    if (compare) {
      // The Compare window, once both runs are read (a store error ends it unsaved).
      QObject::connect(window.history(), &af::ui::HistorySession::compared, &window, [&] {
        QTimer::singleShot(50, &window, [&] {
          QWidget* dialog = window.historyDock()->compareView()->window();
          const QString error = af::ui::saveScreenshot(*dialog, path, size.width(), size.height());
          if (!error.isEmpty())
            std::fprintf(stderr, "accelforge-explorer: %s\n", qPrintable(error));
          else
            std::printf("%s\n", qPrintable(path));
          QApplication::exit(error.isEmpty() ? 0 : 1);
        });
      });
      QObject::connect(window.history(), &af::ui::HistorySession::message, &window, [&](const QString& text) {
        if (shot) return;
        std::fprintf(stderr, "accelforge-explorer: %s\n", qPrintable(text));
        shot = true;
        QApplication::exit(1);
      });
      window.history()->compare(compare->first, compare->second);
    } else if (parser.positionalArguments().isEmpty()) {
      once();
    }
    if (compare) {
      // handled above
    } else if (!varies.isEmpty()) {
      // Sweep once the spec loads; shoot when it ends (or half way), the sweep's page in front.
      QObject::connect(&window, &af::ui::MainWindow::resultApplied, &window, [&] {
        if (started) return;
        started = true;
        if (!window.sweeps()->run()) once();
      });
      if (parser.isSet(midRunOption))
        QObject::connect(window.sweeps(), &af::ui::SweepSession::pointsChanged, &window,
                         [&](const af::ui::SweepRunPtr& run) {
                           if (2 * run->points.size() >= run->total && !run->points.empty()) {
                             window.showView("sweep");
                             once();
                           }
                         });
      QObject::connect(window.sweeps(), &af::ui::SweepSession::finished, &window, [&] {
        window.showView("sweep");
        once();
      });
    } else if (parser.isSet(mapOption)) {
      // Run once the spec loads; when the run ends open the optimum, and shoot once its
      // accesses are on screen (or at once when nothing was found).
      QObject::connect(&window, &af::ui::MainWindow::resultApplied, &window, [&] {
        if (opened) once();
        if (started) return;
        started = true;
        if (!window.explore()->run()) once();
      });
      if (parser.isSet(midRunOption))
        QObject::connect(
            window.controller(), &af::ui::ProjectController::mapperProgress, &window,
            [&](const af::ui::MapperProgressPtr& progress) {
              // Half way, once the live front has reached the plot (fronts
              // are throttled to ~20 a second, behind the progress).
              if (progress->fraction() < 0.5 || shot || window.explore()->paretoPlot()->pointCount() == 0)
                return;
              window.showView("pareto");
              once();
            });
      QObject::connect(window.controller(), &af::ui::ProjectController::mapped, &window,
                       [&](const af::ui::MapRunPtr& run) {
                         window.showView("pareto");
                         opened = run && run->result.found && window.explore()->openMapping(0);
                         if (!opened) once();
                       });
    } else {
      QObject::connect(&window, &af::ui::MainWindow::resultApplied, &window, once);
      QTimer::singleShot(30000, &window, once);
    }
    window.resize(size);
    window.show();
    return QApplication::exec();
  }
  if (compare) window.history()->compare(compare->first, compare->second);
  bool mapStarted = false;
  if (!varies.isEmpty())
    QObject::connect(&window, &af::ui::MainWindow::resultApplied, &window, [&] {
      if (!mapStarted) mapStarted = window.sweeps()->run();
    });
  else if (parser.isSet(mapOption))
    QObject::connect(&window, &af::ui::MainWindow::resultApplied, &window, [&] {
      if (!mapStarted) mapStarted = window.explore()->run();
    });
  window.show();
  window.offerAutosaveRestore();
  return QApplication::exec();
}