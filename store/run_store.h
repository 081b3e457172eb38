#pragma once
// The run store: every recorded map and sweep in one SQLite database (Qt SQL's QSQLITE),
// shared by the CLI (`--store`, `accelforge history`) and the window's history. WAL mode and
// a busy timeout let several processes write at once: a writer waits for another's
// transaction instead of failing. Each RunStore has its own named connection, so one store
// per thread is safe; the connection is removed when the store goes.
//
// A file that is not a SQLite database, or whose schema is newer than this program's, is
// never overwritten: it is renamed aside (PATH.corrupt-YYYYMMDD-HHMMSS, PATH.newer-...,
// with its -wal and -shm), an empty store takes its place, and notice() says what happened.
// Qt SQL needs a QCoreApplication to load its SQLite plugin (see core_app.h).
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "run_record.h"

namespace af::store {

// An operation's value, or why it failed (the message names the store's path).
template <typename T>
struct Outcome {
  std::optional<T> value;
  std::string error;

  [[nodiscard]] bool ok() const { return value.has_value(); }
  explicit operator bool() const { return ok(); }
  [[nodiscard]] const T& operator*() const { return *value; }
  [[nodiscard]] const T* operator->() const { return &*value; }
};
// For operations without a value.
struct Done {};

// What the history list shows of a run (no file texts, no front).
struct RunSummary {
  std::int64_t id = 0;
  RunKind kind = RunKind::kMap;
  std::string name, created, project;
  std::vector<std::string> files;        // paths, in order
  std::vector<std::string> assignments;  // NAME=VALUE
  std::vector<std::string> varied;       // sweep: the varied variables' names
  std::size_t points = 0;                // sweep: rows; map: mappings on the front
  bool found = false;
  double energy = 0, latency = 0, edp = 0, seconds = 0;
  double area = 0;  // m^2 at the optimum; 0 for runs stored before area was recorded
  // map: stopped with what it had found, and how many warnings it gave (run_capture.h's
  // was_stopped and warnings_of, read in the list's query); false and 0 before they were kept.
  bool stopped = false;
  std::size_t warnings = 0;
  friend bool operator==(const RunSummary&, const RunSummary&) = default;
};

class RunStore {
 public:
  // Opens the store at `path` (empty: default_path()), creating it and its folder when
  // missing, migrating an older schema. Never throws: when it cannot open, ok() is false and
  // error() says why.
  explicit RunStore(const std::string& path = {});
  ~RunStore();
  RunStore(RunStore&& other) noexcept;
  RunStore& operator=(RunStore&& other) noexcept;
  RunStore(const RunStore&) = delete;
  RunStore& operator=(const RunStore&) = delete;

  // AppDataLocation/runs.sqlite (the explorer's data folder when the CLI set its names, see
  // core_app.h); empty when Qt knows no writable data folder.
  [[nodiscard]] static std::string default_path();

  [[nodiscard]] bool ok() const { return !connection_.empty(); }
  [[nodiscard]] const std::string& path() const { return path_; }
  // Why the store did not open ("cannot create the folder ...", "... is read-only").
  [[nodiscard]] const std::string& error() const { return error_; }
  // Set when opening set a file aside: the original path, what was wrong, where it went.
  [[nodiscard]] const std::string& notice() const { return notice_; }

  // Stores the record (its id is ignored; an empty `created` becomes now) in one transaction.
  // The new id.
  [[nodiscard]] Outcome<std::int64_t> add(const RunRecord& record) const;
  // Newest first (ties: the later id first); only `project`'s runs when given.
  [[nodiscard]] Outcome<std::vector<RunSummary>> list(const std::optional<std::string>& project = {}) const;
  // The whole record; an error naming the id when there is no such run.
  [[nodiscard]] Outcome<RunRecord> get(std::int64_t id) const;
  [[nodiscard]] Outcome<Done> rename(std::int64_t id, const std::string& name) const;
  [[nodiscard]] Outcome<Done> remove(std::int64_t id) const;
  // record_to_json(get(id)), indented: `accelforge history export`.
  [[nodiscard]] Outcome<std::string> export_json(std::int64_t id) const;

 private:
  void open();
  void close();

  std::string path_;
  std::string connection_;  // the QSqlDatabase connection's name; empty when not open
  std::string error_;
  std::string notice_;
};

}  // namespace af::store
