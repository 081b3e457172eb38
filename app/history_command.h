#pragma once
// `accelforge history list|show|export`: the runs recorded with `--store`, from the run store.
#include <iosfwd>
#include <mutex>
#include <optional>
#include <string>

namespace CLI {
class App;
}

namespace af::cli {

struct HistoryArgs {
  std::string store;                   // --store DB; empty: the default store
  std::optional<std::string> project;  // list --project P
  long long id = 0;                    // show / export ID
  std::string json = "-";              // export --json OUT|-
};

// The `history` command with its three subcommands; fills `args` when parsed.
CLI::App* add_history_subcommand(CLI::App& app, HistoryArgs& args);

// Runs the subcommand `history` was given. Exit codes of cli_main.h: 0 ok, 1 the store does
// not open or has no such run. Never throws.
int run_history_command(const CLI::App& history, const HistoryArgs& args, std::ostream& out,
                        std::ostream& err, std::mutex* commit_lock = nullptr);

}  // namespace af::cli
