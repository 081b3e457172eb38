#pragma once
// The run store from the command line: `--store[=DB]` on map and sweep, and `accelforge
// history`. Qt SQL needs a QCoreApplication, which the CLI makes only here, when a command
// uses the store.
#include <iosfwd>
#include <optional>
#include <string>

#include "core_app.h"
#include "run_store.h"

namespace af::cli {

// A store with the Qt application it needs (made first, gone last).
class CliStore {
 public:
  // `path` empty: the default store (RunStore::default_path()).
  explicit CliStore(const std::string& path) : store_(path) {}
  [[nodiscard]] const store::RunStore& store() const { return store_; }

 private:
  store::CoreAppScope app_;
  store::RunStore store_;
};

// Opens the store at `path` (empty: the default) into `out`; prints its notice (a file set
// aside) on `err`. False, with the reason on `err` and `out` empty, when it cannot be opened.
[[nodiscard]] bool open_store(const std::string& path, std::optional<CliStore>& out, std::ostream& err);

// Adds the record; says "stored as run N in PATH" on `out`. False, with the reason on `err`.
[[nodiscard]] bool store_run(const CliStore& cli_store, const store::RunRecord& record, std::ostream& out,
                             std::ostream& err);

}  // namespace af::cli
