#pragma once
// The run store's tables, versioned by SQLite's `PRAGMA user_version`: each migration takes
// the database from one version to the next in one transaction, so an old store is brought
// up to date when it is opened, and a store from a newer program is recognised (its version
// is above kVersion) instead of being misread.
#include <QSqlDatabase>
#include <string>

namespace af::store::schema {

// The version this program writes. Version 1: `runs` and `run_files`. Version 2: each run's
// `name` and `project`, and an index listing a project's runs by date. Version 3: the chip's
// `area` and `leak_power` at the optimum, and the components priced by their model instead of
// the cost table (`priced_by_model`); older runs read 0, 0 and none.
inline constexpr int kVersion = 3;

// The database's user_version; -1 when it cannot be read (not a database, locked, ...).
[[nodiscard]] int version(const QSqlDatabase& db);

// Applies the migrations from the database's version up to `target` (at most kVersion; a
// store already there is not written to), each in its own write transaction, which re-reads the version
// first: two processes opening one new store at once each apply a step at most once. Returns the error, or
// empty on success.
[[nodiscard]] std::string migrate(const QSqlDatabase& db, int target = kVersion);

}  // namespace af::store::schema
