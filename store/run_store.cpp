#include "run_store.h"

#include <fmt/format.h>

#include <QDateTime>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QSqlError>
#include <QSqlQuery>
#include <QStandardPaths>
#include <QUuid>
#include <QVariant>
#include <map>

#include "schema.h"
#include "transaction.h"

namespace af::store {

namespace {

constexpr int kBusyTimeoutMs = 5000;  // a writer waits this long for another's transaction
// SQLite's primary result codes that mean "this file is not a usable database".
constexpr int kSqliteCorrupt = 11;
constexpr int kSqliteNotADatabase = 26;

QString qs(const std::string& s) { return QString::fromStdString(s); }
std::string ss(const QVariant& v) { return v.toString().toStdString(); }

// Why `file` cannot be a SQLite database by its header; empty when it may be (or is absent or
// empty, which SQLite starts as a new database).
std::string header_problem(const QString& file) {
  QFile f(file);
  if (!f.exists() || f.size() == 0) return {};
  if (!f.open(QIODevice::ReadOnly)) return {};         // let SQLite report what it cannot read
  static constexpr char kMagic[] = "SQLite format 3";  // with its NUL: 16 bytes
  const QByteArray head = f.read(sizeof kMagic);
  if (head == QByteArray(kMagic, sizeof kMagic)) return {};
  return "is not a SQLite database";
}

// The SQLite primary result code of a failed query (the driver's native code), or 0.
int sqlite_code(const QSqlQuery& q) {
  bool ok = false;
  const int code = q.lastError().nativeErrorCode().toInt(&ok);
  return ok ? code & 0xff : 0;
}

// A free name for `file` set aside: FILE.WHY-YYYYMMDD-HHMMSS, with -N when taken.
QString aside_name(const QString& file, const char* why) {
  const QString base = QStringLiteral("%1.%2-%3")
                           .arg(file, QLatin1String(why),
                                QDateTime::currentDateTime().toString(QStringLiteral("yyyyMMdd-HHmmss")));
  QString name = base;
  for (int n = 2; QFileInfo::exists(name) || QFileInfo::exists(name + "-wal"); ++n)
    name = base + QStringLiteral("-%1").arg(n);
  return name;
}

std::string json_text(const nlohmann::json& j) {
  // Never throws on a stray byte in a message: such bytes become U+FFFD.
  return j.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}

}  // namespace

std::string RunStore::default_path() {
  const QString folder = QStandardPaths::writableLocation(QStandardPaths::AppDataLocation);
  return folder.isEmpty() ? std::string() : (folder + QStringLiteral("/runs.sqlite")).toStdString();
}

RunStore::RunStore(const std::string& path) : path_(path.empty() ? default_path() : path) { open(); }

RunStore::~RunStore() { close(); }

RunStore::RunStore(RunStore&& other) noexcept
    : path_(std::move(other.path_)),
      connection_(std::exchange(other.connection_, {})),
      error_(std::move(other.error_)),
      notice_(std::move(other.notice_)) {}

RunStore& RunStore::operator=(RunStore&& other) noexcept {
  if (this != &other) {
    close();
    path_ = std::move(other.path_);
    connection_ = std::exchange(other.connection_, {});
    error_ = std::move(other.error_);
    notice_ = std::move(other.notice_);
  }
  return *this;
}

void RunStore::close() {
  if (connection_.empty()) return;
  const QString name = qs(connection_);
  {
    QSqlDatabase db = QSqlDatabase::database(name, /*open=*/false);
    db.close();
  }  // no handle may outlive removeDatabase
  QSqlDatabase::removeDatabase(name);
  connection_.clear();
}

void RunStore::open() {
  if (path_.empty()) {
    error_ = "the run store has no place: Qt knows no writable data folder (AppDataLocation); give a path";
    return;
  }
  const QString file = qs(path_);
  const QFileInfo info(file);
  if (info.isDir()) {
    error_ = fmt::format("the run store {} is a folder, not a database file", path_);
    return;
  }
  if (!QDir().mkpath(info.absolutePath())) {
    error_ = fmt::format("cannot create the folder {} for the run store", info.absolutePath().toStdString());
    return;
  }
  // A file is set aside at most once per kind of problem; the fresh store then opens cleanly.
  const auto set_aside = [&](const char* why, const std::string& what) {
    close();
    const QString aside = aside_name(file, why);
    if (!QFile::rename(file, aside)) {
      error_ = fmt::format("the run store {} {}, and it could not be moved aside to {}", path_, what,
                           aside.toStdString());
      return false;
    }
    for (const char* suffix : {"-wal", "-shm"})
      if (QFileInfo::exists(file + suffix)) QFile::rename(file + suffix, aside + suffix);
    notice_ += fmt::format("{}the run store {} {}; it was moved to {} and a new, empty store was started",
                           notice_.empty() ? "" : "\n", path_, what, aside.toStdString());
    return true;
  };
  if (const auto problem = header_problem(file); !problem.empty() && !set_aside("corrupt", problem)) return;

  const auto connect = [&] {
    const QString name = QStringLiteral("af_store_") + QUuid::createUuid().toString(QUuid::WithoutBraces);
    bool opened = false;
    {
      QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), name);
      if (!db.isValid()) {
        error_ = "Qt's SQLite driver (QSQLITE) is not available: install libqt6sql6-sqlite";
      } else {
        db.setDatabaseName(file);
        db.setConnectOptions(QStringLiteral("QSQLITE_BUSY_TIMEOUT=%1").arg(kBusyTimeoutMs));
        opened = db.open();
        const QSqlError e = db.lastError();
        if (!opened)
          error_ =
              fmt::format("cannot open the run store {}: {}", path_,
                          (e.databaseText().isEmpty() ? e.driverText() : e.databaseText()).toStdString());
      }
    }
    if (opened)
      connection_ = name.toStdString();
    else
      QSqlDatabase::removeDatabase(name);
    return opened;
  };
  if (!connect()) return;

  // SQLite reads the header lazily: the first query says whether the file is a database.
  // (The query is gone before a set_aside closes the connection.)
  const auto probe = [&](int& code) {
    QSqlQuery q(QSqlDatabase::database(qs(connection_), false));
    if (q.exec(QStringLiteral("SELECT count(*) FROM sqlite_master")) && q.next()) return std::string();
    code = sqlite_code(q);
    return error_text(q);
  };
  int code = 0;
  if (auto why = probe(code); !why.empty()) {
    if (code != kSqliteCorrupt && code != kSqliteNotADatabase) {
      error_ = fmt::format("cannot read the run store {}: {}", path_, why);
      close();
      return;
    }
    if (!set_aside("corrupt", "is not a readable SQLite database (" + why + ")") || !connect()) return;
    if (why = probe(code); !why.empty()) {
      error_ = fmt::format("cannot read the new run store {}: {}", path_, why);
      close();
      return;
    }
  }
  if (const int v = schema::version(QSqlDatabase::database(qs(connection_), false)); v > schema::kVersion) {
    if (!set_aside("newer", fmt::format("has schema version {}, newer than this program's {} (a newer "
                                        "AccelForge Explorer wrote it)",
                                        v, schema::kVersion)) ||
        !connect())
      return;
  }
  const QSqlDatabase db = QSqlDatabase::database(qs(connection_), false);
  // WAL: readers never block the writer and a crash mid-write loses nothing committed. On a
  // read-only store this changes nothing, and writes fail later with their own message.
  (void)exec(db, QStringLiteral("PRAGMA journal_mode=WAL"));
  (void)exec(db, QStringLiteral("PRAGMA busy_timeout=%1").arg(kBusyTimeoutMs));
  if (const auto e = schema::migrate(db); !e.empty()) {
    error_ = fmt::format("cannot set up the run store {}: {}", path_, e);
    close();
  }
}

Outcome<std::int64_t> RunStore::add(const RunRecord& r) const {
  if (!ok()) return {{}, error_};
  const QSqlDatabase db = QSqlDatabase::database(qs(connection_), false);
  const auto failed = [&](const std::string& what) {
    return Outcome<std::int64_t>{{}, fmt::format("cannot add the run to the store {}: {}", path_, what)};
  };
  Transaction tx(db);
  if (!tx.error().empty()) return failed(tx.error());
  QSqlQuery q(db);
  q.prepare(QStringLiteral(
      "INSERT INTO runs (kind, name, created, project, spec_hash, assignments, component_costs, options, "
      "seconds, found, failure, energy, latency, edp, points, front, stats, mapping_yaml, vary, area, "
      "leak_power, priced_by_model) "
      "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"));
  q.addBindValue(
      QString::fromUtf8(kind_name(r.kind).data(), static_cast<qsizetype>(kind_name(r.kind).size())));
  q.addBindValue(qs(r.name));
  q.addBindValue(qs(r.created.empty() ? utc_now() : r.created));
  q.addBindValue(qs(r.project));
  q.addBindValue(qs(r.spec_hash));
  q.addBindValue(qs(json_text(r.assignments)));
  q.addBindValue(qs(r.component_costs));
  q.addBindValue(qs(json_text(r.options)));
  q.addBindValue(r.seconds);
  q.addBindValue(r.found ? 1 : 0);
  q.addBindValue(qs(r.failure));
  q.addBindValue(r.energy);
  q.addBindValue(r.latency);
  q.addBindValue(r.edp);
  q.addBindValue(static_cast<qlonglong>(r.front.is_array() ? r.front.size() : 0));
  q.addBindValue(qs(json_text(r.front)));
  q.addBindValue(qs(json_text(r.stats)));
  q.addBindValue(qs(r.mapping_yaml));
  q.addBindValue(qs(json_text(r.vary)));
  q.addBindValue(r.area);
  q.addBindValue(r.leak_power);
  q.addBindValue(qs(json_text(r.priced_by_model)));
  if (!q.exec()) return failed(error_text(q));
  const std::int64_t id = q.lastInsertId().toLongLong();
  QSqlQuery f(db);
  f.prepare(QStringLiteral("INSERT INTO run_files (run_id, position, path, text) VALUES (?, ?, ?, ?)"));
  for (std::size_t i = 0; i < r.files.size(); ++i) {
    f.addBindValue(static_cast<qlonglong>(id));
    f.addBindValue(static_cast<qlonglong>(i));
    f.addBindValue(qs(r.files[i].path));
    // A blob: the file's bytes come back exactly, whatever their encoding.
    f.addBindValue(QByteArray::fromStdString(r.files[i].text));
    if (!f.exec()) return failed(error_text(f));
  }
  if (const auto e = tx.commit(); !e.empty()) return failed(e);
  return {id, {}};
}

Outcome<std::vector<RunSummary>> RunStore::list(const std::optional<std::string>& project) const {
  using Result = Outcome<std::vector<RunSummary>>;
  if (!ok()) return {{}, error_};
  const QSqlDatabase db = QSqlDatabase::database(qs(connection_), false);
  const auto failed = [&](const std::string& what) {
    return Result{{}, fmt::format("cannot list the runs of the store {}: {}", path_, what)};
  };
  Transaction tx(db, Transaction::Mode::kRead);  // runs and their files from one snapshot
  if (!tx.error().empty()) return failed(tx.error());
  const QString where = project ? QStringLiteral(" WHERE project = ?") : QString();
  QSqlQuery q(db);
  q.prepare(
      QStringLiteral("SELECT id, kind, name, created, project, assignments, vary, points, found, energy, "
                     "latency, edp, seconds, area, json_extract(stats, '$.run.stopped'), "
                     "json_array_length(stats, '$.run.warnings') FROM runs") +
      where + QStringLiteral(" ORDER BY created DESC, id DESC"));
  if (project) q.addBindValue(qs(*project));
  if (!q.exec()) return failed(error_text(q));
  std::vector<RunSummary> runs;
  std::map<std::int64_t, std::size_t> index;
  try {
    while (q.next()) {
      RunSummary s;
      s.id = q.value(0).toLongLong();
      s.kind = kind_from_name(ss(q.value(1))).value_or(RunKind::kMap);
      s.name = ss(q.value(2));
      s.created = ss(q.value(3));
      s.project = ss(q.value(4));
      nlohmann::json::parse(ss(q.value(5))).get_to(s.assignments);
      if (const auto vary = nlohmann::json::parse(ss(q.value(6))); vary.is_array())
        for (const auto& v : vary) s.varied.push_back(v.at("name").get<std::string>());
      s.points = static_cast<std::size_t>(q.value(7).toLongLong());
      s.found = q.value(8).toInt() != 0;
      s.energy = q.value(9).toDouble();
      s.latency = q.value(10).toDouble();
      s.edp = q.value(11).toDouble();
      s.seconds = q.value(12).toDouble();
      s.area = q.value(13).toDouble();
      s.stopped = q.value(14).toInt() != 0;  // NULL (no such key): 0
      s.warnings = static_cast<std::size_t>(q.value(15).toLongLong());
      index[s.id] = runs.size();
      runs.push_back(std::move(s));
    }
  } catch (const nlohmann::json::exception& e) {
    return failed(std::string("a run's columns do not read: ") + e.what());
  }
  QSqlQuery f(db);
  if (!f.exec(QStringLiteral("SELECT run_id, path FROM run_files ORDER BY run_id, position")))
    return failed(error_text(f));
  while (f.next())
    if (const auto it = index.find(f.value(0).toLongLong()); it != index.end())
      runs[it->second].files.push_back(ss(f.value(1)));
  return {std::move(runs), {}};
}

Outcome<RunRecord> RunStore::get(std::int64_t id) const {
  if (!ok()) return {{}, error_};
  const QSqlDatabase db = QSqlDatabase::database(qs(connection_), false);
  const auto failed = [&](const std::string& what) {
    return Outcome<RunRecord>{{}, fmt::format("cannot read run {} of the store {}: {}", id, path_, what)};
  };
  Transaction tx(db, Transaction::Mode::kRead);
  if (!tx.error().empty()) return failed(tx.error());
  QSqlQuery q(db);
  q.prepare(QStringLiteral(
      "SELECT kind, name, created, project, spec_hash, assignments, component_costs, options, seconds, "
      "found, "
      "failure, energy, latency, edp, front, stats, mapping_yaml, vary, area, leak_power, priced_by_model "
      "FROM runs WHERE id = ?"));
  q.addBindValue(static_cast<qlonglong>(id));
  if (!q.exec()) return failed(error_text(q));
  if (!q.next()) return {{}, fmt::format("no run {} in the store {}", id, path_)};
  RunRecord r;
  r.id = id;
  try {
    const std::string kind = ss(q.value(0));
    const auto k = kind_from_name(kind);
    if (!k) return failed("unknown kind '" + kind + "'");
    r.kind = *k;
    r.name = ss(q.value(1));
    r.created = ss(q.value(2));
    r.project = ss(q.value(3));
    r.spec_hash = ss(q.value(4));
    nlohmann::json::parse(ss(q.value(5))).get_to(r.assignments);
    r.component_costs = ss(q.value(6));
    r.options = nlohmann::json::parse(ss(q.value(7)));
    r.seconds = q.value(8).toDouble();
    r.found = q.value(9).toInt() != 0;
    r.failure = ss(q.value(10));
    r.energy = q.value(11).toDouble();
    r.latency = q.value(12).toDouble();
    r.edp = q.value(13).toDouble();
    r.front = nlohmann::json::parse(ss(q.value(14)));
    r.stats = nlohmann::json::parse(ss(q.value(15)));
    r.mapping_yaml = ss(q.value(16));
    r.vary = nlohmann::json::parse(ss(q.value(17)));
    r.area = q.value(18).toDouble();
    r.leak_power = q.value(19).toDouble();
    nlohmann::json::parse(ss(q.value(20))).get_to(r.priced_by_model);
  } catch (const nlohmann::json::exception& e) {
    return failed(std::string("its columns do not read: ") + e.what());
  }
  QSqlQuery f(db);
  f.prepare(QStringLiteral("SELECT path, text FROM run_files WHERE run_id = ? ORDER BY position"));
  f.addBindValue(static_cast<qlonglong>(id));
  if (!f.exec()) return failed(error_text(f));
  while (f.next()) r.files.push_back({ss(f.value(0)), f.value(1).toByteArray().toStdString()});
  return {std::move(r), {}};
}

Outcome<Done> RunStore::rename(std::int64_t id, const std::string& name) const {
  if (!ok()) return {{}, error_};
  const QSqlDatabase db = QSqlDatabase::database(qs(connection_), false);
  const auto failed = [&](const std::string& what) {
    return Outcome<Done>{{}, fmt::format("cannot rename run {} of the store {}: {}", id, path_, what)};
  };
  Transaction tx(db);
  if (!tx.error().empty()) return failed(tx.error());
  QSqlQuery q(db);
  q.prepare(QStringLiteral("UPDATE runs SET name = ? WHERE id = ?"));
  q.addBindValue(qs(name));
  q.addBindValue(static_cast<qlonglong>(id));
  if (!q.exec()) return failed(error_text(q));
  if (q.numRowsAffected() == 0) return {{}, fmt::format("no run {} in the store {}", id, path_)};
  if (const auto e = tx.commit(); !e.empty()) return failed(e);
  return {Done{}, {}};
}

Outcome<Done> RunStore::remove(std::int64_t id) const {
  if (!ok()) return {{}, error_};
  const QSqlDatabase db = QSqlDatabase::database(qs(connection_), false);
  const auto failed = [&](const std::string& what) {
    return Outcome<Done>{{}, fmt::format("cannot remove run {} of the store {}: {}", id, path_, what)};
  };
  Transaction tx(db);
  if (!tx.error().empty()) return failed(tx.error());
  QSqlQuery q(db);
  q.prepare(QStringLiteral("DELETE FROM runs WHERE id = ?"));
  q.addBindValue(static_cast<qlonglong>(id));
  if (!q.exec()) return failed(error_text(q));
  if (q.numRowsAffected() == 0) return {{}, fmt::format("no run {} in the store {}", id, path_)};
  QSqlQuery f(db);
  f.prepare(QStringLiteral("DELETE FROM run_files WHERE run_id = ?"));
  f.addBindValue(static_cast<qlonglong>(id));
  if (!f.exec()) return failed(error_text(f));
  if (const auto e = tx.commit(); !e.empty()) return failed(e);
  return {Done{}, {}};
}

Outcome<std::string> RunStore::export_json(std::int64_t id) const {
  auto r = get(id);
  if (!r) return {{}, std::move(r.error)};
  return {record_to_json(*r).dump(2, ' ', false, nlohmann::json::error_handler_t::replace) + "\n", {}};
}

}  // namespace af::store
