#include "command_line.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <stdexcept>

#include "mapper/options.h"
#include "pages/page_table.h"
#include "sweep/sweep_fronts_plot.h"

namespace af::ui {

namespace {

constexpr int kUsageError = 2;

ParsedCommandLine usage(const QString& what) { return {std::nullopt, kUsageError, {}, what + '\n'}; }

}  // namespace

ParsedCommandLine parseExplorerArguments(const QStringList& arguments, const PageTable& pages) {
  QCommandLineParser parser;
  parser.setApplicationDescription(
      "Explore tensor-algebra accelerators: edit specs and mappings, see buffer accesses.");
  const auto helpOption = parser.addHelpOption();
  const auto versionOption = parser.addVersionOption();
  const QCommandLineOption setOption("set", "Jinja data for the spec files (repeatable).", "NAME=VALUE");
  const QCommandLineOption screenshotOption(
      "screenshot", "Save a screenshot (1400x900 unless --size) to OUT.png and exit.", "OUT.png");
  const QCommandLineOption sizeOption("size", "The window size for --screenshot (default 1400x900).", "WxH");
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
  const QCommandLineOption sweepPlotOption(
      "sweep-plot",
      "What the Sweep results' plot compares: fronts (each point's front), energy-area or "
      "latency-area (each point's optimum against the chip's area, the best designs joined).",
      SweepFrontsPlot::axesNames().join('|'));
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
  const QCommandLineOption costsOption(
      "component-costs",
      "A component-cost table for components that name a component_class (as accelforge's "
      "--component-costs): FILE, or FILE#SECTION when it has several (File > Component Costs...).",
      "FILE[#SECTION]");
  const QCommandLineOption cimMainMemoryOption(
      "cim-main-memory",
      "Put a free, unbounded 'MainMemory' holding all but the weights on top, as AccelForge's "
      "compute-in-memory loader does (as accelforge map --cim-main-memory; kept in the project file).");
  const QCommandLineOption cimMacrosOption(
      "cim-macros",
      "Put N copies of the arch under a power-gateable 'MacroAuto' container on top, as AccelForge's "
      "compute-in-memory loader does (as accelforge map --cim-macros).",
      "N");
  const QCommandLineOption viewOption(
      "view", "Show this view first (the views are listed below; repeatable: a page and a dock's view).",
      "NAME");
  parser.addOptions({setOption, screenshotOption, mapOption, metricOption, unfusedOption, threadsOption,
                     midRunOption, varyOption, sweepPlotOption, storeOption, compareOption, playAtOption,
                     costsOption, cimMainMemoryOption, cimMacrosOption, sizeOption, viewOption});
  parser.addPositionalArgument("files",
                               "Spec files merged in order (arch, workload, mapping, ...), or one "
                               "project file (.afproj: files, variables, cost table, mapper settings).",
                               "[FILE...]");

  // The views as the page table lists them, one per line with what each shows.
  const QString help = parser.helpText() + "\nViews (--view NAME):\n" + pages.viewHelp();
  if (!parser.parse(arguments)) return {std::nullopt, kUsageError, {}, parser.errorText() + "\n\n" + help};
  if (parser.isSet(helpOption)) return {std::nullopt, 0, help, {}};
  if (parser.isSet(versionOption))
    return {std::nullopt,
            0,
            QCoreApplication::applicationName() + ' ' + QCoreApplication::applicationVersion() + '\n',
            {}};

  ExplorerOptions o;
  o.files = parser.positionalArguments();
  o.assignments = parser.values(setOption);
  o.componentCosts = parser.value(costsOption);
  o.cimMainMemory = parser.isSet(cimMainMemoryOption);
  if (parser.isSet(cimMacrosOption)) {
    bool ok = false;
    o.cimMacros = parser.value(cimMacrosOption).toInt(&ok);
    if (!ok || o.cimMacros < 1 || o.cimMacros > (1 << 20))
      return usage(QStringLiteral("--cim-macros takes a whole number from 1 to 1048576"));
  }
  o.views = parser.values(viewOption);
  for (const QString& view : o.views)
    if (!pages.pageOf(view))
      return usage(QStringLiteral("unknown view '%1' (one of %2)").arg(view, pages.viewNames().join(", ")));
  o.map = parser.isSet(mapOption);
  if (parser.isSet(metricOption)) {
    try {
      // The CLI's grammar: a list ("energy,latency") asks for the front of both.
      o.metrics = mapper::parse_metrics(parser.value(metricOption).toStdString());
    } catch (const std::invalid_argument& e) {
      return usage(QStringLiteral("--metric: %1").arg(QString::fromUtf8(e.what())));
    }
  }
  o.unfused = parser.isSet(unfusedOption);
  if (parser.isSet(threadsOption)) {
    bool ok = false;
    const int threads = parser.value(threadsOption).toInt(&ok);
    if (!ok || threads < 0 || threads > 1024)
      return usage(QStringLiteral("--threads takes a whole number from 0 (all cores) to 1024"));
    o.threads = threads;
  }
  o.vary = parser.values(varyOption);
  if (o.vary.size() > 2) return usage(QStringLiteral("a sweep varies one or two variables"));
  o.sweepPlot = parser.value(sweepPlotOption);
  if (!o.sweepPlot.isEmpty() && !SweepFrontsPlot::axesNamed(o.sweepPlot)) {
    const QStringList names = SweepFrontsPlot::axesNames();
    return usage(QStringLiteral("--sweep-plot is %1 or %2, not '%3'")
                     .arg(names.first(names.size() - 1).join(", "), names.back(), o.sweepPlot));
  }
  o.store = parser.value(storeOption);
  if (parser.isSet(compareOption)) {
    const QStringList ids = parser.value(compareOption).split(',');
    bool a = false, b = false;
    if (ids.size() == 2) o.compare = std::pair{ids[0].toLongLong(&a), ids[1].toLongLong(&b)};
    if (!a || !b) return usage(QStringLiteral("--compare wants two run ids, e.g. 3,5"));
  }
  if (parser.isSet(playAtOption)) {
    bool ok = false;
    const double at = parser.value(playAtOption).toDouble(&ok);
    if (!ok || at < 0 || at > 1)
      return usage(QStringLiteral("--play-at wants a fraction from 0 to 1, e.g. 0.5"));
    o.playAt = at;
  }
  o.screenshot = parser.value(screenshotOption);
  if (parser.isSet(sizeOption)) {
    const QStringList parts = parser.value(sizeOption).split('x');
    bool w = false, h = false;
    o.size = parts.size() == 2 ? QSize(parts[0].toInt(&w), parts[1].toInt(&h)) : QSize();
    if (!w || !h || o.size.width() < 200 || o.size.height() < 200)
      return usage(QStringLiteral("--size wants WIDTHxHEIGHT, e.g. 1000x700"));
  }
  o.midRun = parser.isSet(midRunOption);
  return {std::move(o), 0, {}, {}};
}

}  // namespace af::ui
