#pragma once
// `accelforge sweep`: the mapper at every point of a grid of one or two spec variables.
#include <iosfwd>
#include <mutex>
#include <string>
#include <vector>

#include "map_command.h"

namespace CLI {
class App;
}

namespace af::cli {

struct SweepArgs {
  MapArgs map;                    // files, --set, mapper settings, cost table
  std::vector<std::string> vary;  // NAME=VALUES
  std::string csv, json;          // OUT|-
};

CLI::App* add_sweep_subcommand(CLI::App& app, SweepArgs& args);

// Prints a line per point and writes the CSV and JSON. Exit codes of cli_main.h: 0 ok (even
// when some point has no mapping: its row says why), 1 invalid input, 2 usage error, 3 no
// point has a mapping. Never throws.
int run_sweep_command(const SweepArgs& args, std::ostream& out, std::ostream& err,
                      std::mutex* commit_lock = nullptr);

}  // namespace af::cli
