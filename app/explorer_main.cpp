// `accelforge-explorer`: the GUI. Parses arguments, opens the window, optionally saves a
// screenshot and exits (used by tests, the README and headless machines).
#include <QApplication>
#include <QCommandLineParser>
#include <QTimer>
#include <cstdio>

#include "main_window.h"
#include "screenshot.h"
#include "core/version.h"

namespace {
constexpr int kUsageError = 2;
}

int main(int argc, char** argv) {
  QApplication app(argc, argv);
  QApplication::setApplicationName("accelforge-explorer");
  QApplication::setOrganizationName("AccelForge Explorer");
  QApplication::setApplicationVersion(
      QString::fromUtf8(af::version().data(), qsizetype(af::version().size())));

  QCommandLineParser parser;
  parser.setApplicationDescription(
      "Explore tensor-algebra accelerators: edit specs and mappings, see buffer accesses.");
  const auto helpOption = parser.addHelpOption();
  const auto versionOption = parser.addVersionOption();
  const QCommandLineOption setOption("set", "Jinja data for the spec files (repeatable).", "NAME=VALUE");
  const QCommandLineOption screenshotOption("screenshot", "Save a 1400x900 screenshot to OUT.png and exit.",
                                            "OUT.png");
  parser.addOption(setOption);
  parser.addOption(screenshotOption);
  const QCommandLineOption viewOption(
      "view", "Show this view first: " + af::ui::MainWindow::viewNames().join(", ") + ".", "NAME");
  parser.addOption(viewOption);
  parser.addPositionalArgument("files", "Spec files merged in order (arch, workload, mapping, ...).",
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

  af::ui::MainWindow window;
  if (parser.isSet(viewOption) && !window.showView(parser.value(viewOption))) {
    std::fprintf(stderr, "accelforge-explorer: unknown view '%s' (one of %s)\n",
                 qPrintable(parser.value(viewOption)),
                 qPrintable(af::ui::MainWindow::viewNames().join(", ")));
    return kUsageError;
  }
  window.setAssignments(parser.values(setOption));
  for (const QString& problem : window.openFiles(parser.positionalArguments()))
    std::fprintf(stderr, "accelforge-explorer: %s\n", qPrintable(problem));
  if (parser.isSet(screenshotOption)) {
    // Wait for the first evaluation (or a timeout) so the picture shows results, not a spinner.
    const QString path = parser.value(screenshotOption);
    int status = 0;
    const auto shoot = [&] {
      const QString error = af::ui::saveScreenshot(window, path);
      if (!error.isEmpty()) {
        std::fprintf(stderr, "accelforge-explorer: %s\n", qPrintable(error));
        status = 1;
      } else {
        std::printf("%s\n", qPrintable(path));
      }
      QApplication::exit(status);
    };
    bool shot = false;
    const auto once = [&] {
      if (!shot) {
        shot = true;
        QTimer::singleShot(50, &window, shoot);
      }
    };
    if (parser.positionalArguments().isEmpty()) once();
    QObject::connect(&window, &af::ui::MainWindow::resultApplied, &window, once);
    QTimer::singleShot(30000, &window, once);
    window.resize(1400, 900);
    window.show();
    return QApplication::exec();
  }
  window.show();
  window.offerAutosaveRestore();
  return QApplication::exec();
}