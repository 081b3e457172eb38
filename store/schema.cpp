#include "schema.h"

#include <QSqlQuery>
#include <QVariant>
#include <array>
#include <vector>

#include "transaction.h"

namespace af::store::schema {

namespace {

// migrations[i] takes a database from version i to i + 1. Append only: a released step is
// never edited, since stores out there have already run it.
const std::array<std::vector<const char*>, kVersion>& migrations() {
  static const std::array<std::vector<const char*>, kVersion> steps{{
      // 1: a run's inputs and results; JSON columns hold what has no fixed shape.
      {R"(CREATE TABLE runs (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            kind TEXT NOT NULL,
            created TEXT NOT NULL,
            spec_hash TEXT NOT NULL,
            assignments TEXT NOT NULL,
            component_costs TEXT NOT NULL,
            options TEXT NOT NULL,
            seconds REAL NOT NULL,
            found INTEGER NOT NULL,
            failure TEXT NOT NULL,
            energy REAL NOT NULL,
            latency REAL NOT NULL,
            edp REAL NOT NULL,
            points INTEGER NOT NULL,
            front TEXT NOT NULL,
            stats TEXT NOT NULL,
            mapping_yaml TEXT NOT NULL,
            vary TEXT NOT NULL))",
       R"(CREATE TABLE run_files (
            run_id INTEGER NOT NULL REFERENCES runs(id),
            position INTEGER NOT NULL,
            path TEXT NOT NULL,
            text TEXT NOT NULL,
            PRIMARY KEY (run_id, position)))"},
      // 2: a label the user gives a run, the project it belongs to, and the History dock's
      // query (a project's runs, newest first) served by an index.
      {"ALTER TABLE runs ADD COLUMN name TEXT NOT NULL DEFAULT ''",
       "ALTER TABLE runs ADD COLUMN project TEXT NOT NULL DEFAULT ''",
       "CREATE INDEX runs_by_project ON runs (project, created)"},
      // 3: area became a figure of every run (a design's cost besides energy and latency), and
      // the components priced by their model instead of the table are an input of the run.
      {"ALTER TABLE runs ADD COLUMN area REAL NOT NULL DEFAULT 0",
       "ALTER TABLE runs ADD COLUMN leak_power REAL NOT NULL DEFAULT 0",
       "ALTER TABLE runs ADD COLUMN priced_by_model TEXT NOT NULL DEFAULT '[]'"},
  }};
  return steps;
}

}  // namespace

int version(const QSqlDatabase& db) {
  QSqlQuery q(db);
  if (!q.exec(QStringLiteral("PRAGMA user_version")) || !q.next()) return -1;
  return q.value(0).toInt();
}

std::string migrate(const QSqlDatabase& db, int target) {
  if (target > kVersion) target = kVersion;
  // Up to date (the usual case): no write lock, so a read-only store still reads.
  if (const int at = version(db); at >= target) return {};
  for (;;) {
    Transaction tx(db);
    if (!tx.error().empty()) return "cannot start a migration: " + tx.error();
    const int at = version(db);  // again inside the lock: another process may have migrated
    if (at < 0) return "cannot read the schema version";
    if (at >= target) return {};
    for (const char* sql : migrations()[static_cast<std::size_t>(at)])
      if (auto e = exec(db, QString::fromUtf8(sql)); !e.empty())
        return "migration to version " + std::to_string(at + 1) + " failed: " + e;
    if (auto e = exec(db, QStringLiteral("PRAGMA user_version = %1").arg(at + 1)); !e.empty())
      return "migration to version " + std::to_string(at + 1) + " failed: " + e;
    if (auto e = tx.commit(); !e.empty())
      return "migration to version " + std::to_string(at + 1) + " failed: " + e;
  }
}

}  // namespace af::store::schema
