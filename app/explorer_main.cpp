// `accelforge-explorer`: the GUI. Parses the arguments (ui/command_line.h) and hands the window
// to ui::launch, which opens the files and shows the window or saves a screenshot.
#include <QApplication>
#include <cstdio>

#include "command_line.h"
#include "core/version.h"
#include "headless.h"
#include "launch.h"
#include "main_window.h"

int main(int argc, char** argv) {
  constexpr int kNoDisplay = 1;
  // QApplication aborts without a display: the offscreen platform is enough for --help,
  // --version, usage errors and --screenshot.
  const bool headless = af::ui::noDisplay(argc, argv);
  if (headless) af::ui::prepareHeadless();
  QApplication app(argc, argv);
  if (headless) af::ui::filterPlatformNotes();
  QApplication::setApplicationName("accelforge-explorer");
  QApplication::setOrganizationName("AccelForge Explorer");
  QApplication::setApplicationVersion(
      QString::fromUtf8(af::core::version().data(), qsizetype(af::core::version().size())));

  const af::ui::PageTable pages = af::ui::defaultPages();
  const auto parsed = af::ui::parseExplorerArguments(QApplication::arguments(), pages);
  std::fprintf(stdout, "%s", qPrintable(parsed.out));
  if (!parsed.err.isEmpty()) std::fprintf(stderr, "accelforge-explorer: %s", qPrintable(parsed.err));
  if (!parsed.options) return parsed.exitCode;
  if (headless && parsed.options->screenshot.isEmpty()) {
    std::fprintf(stderr,
                 "accelforge-explorer: no display to open the window on (DISPLAY and WAYLAND_DISPLAY are "
                 "not set); run it in a desktop session, or save a picture with --screenshot OUT.png\n");
    return kNoDisplay;
  }
  af::ui::MainWindow window(pages);
  return af::ui::launch(window, *parsed.options);
}
