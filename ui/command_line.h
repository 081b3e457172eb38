#pragma once
// `accelforge-explorer`'s command line: the options, their help (the `--view` list read from the
// page table), and the parse into plain values. app/explorer_main.cpp only dispatches.
#include <QSize>
#include <QString>
#include <QStringList>
#include <optional>
#include <utility>

namespace af::ui {

class PageTable;

struct ExplorerOptions {
  QStringList files;  // spec files in merge order, or one .afproj
  QStringList assignments;
  QString componentCosts;      // FILE[#SECTION]; empty: none
  bool cimMainMemory = false;  // --cim-main-memory
  int cimMacros = 1;           // --cim-macros N
  QStringList views;  // shown first, in order (a centre page and a dock's view); none: the first page
  bool map = false;
  std::optional<unsigned> metrics;
  bool unfused = false;
  std::optional<int> threads;
  QStringList vary;   // NAME=VALUES, at most two
  QString sweepPlot;  // --sweep-plot: fronts, energy-area or latency-area; empty: as the window has it
  QString store;      // empty: the default run store
  std::optional<std::pair<qint64, qint64>> compare;
  std::optional<double> playAt;
  QString screenshot;  // empty: open the window
  QSize size{1400, 900};
  bool midRun = false;
};

struct ParsedCommandLine {
  std::optional<ExplorerOptions> options;  // set when the window is to open
  int exitCode = 0;                        // otherwise: 0 (help, version) or 2 (usage error)
  QString out;                             // for standard output (help, version)
  QString err;                             // for standard error (what was wrong, then the help)
};

// `arguments` as QCoreApplication::arguments() gives them (the program first).
[[nodiscard]] ParsedCommandLine parseExplorerArguments(const QStringList& arguments, const PageTable& pages);

}  // namespace af::ui
