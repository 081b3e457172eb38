// The run store (store/): each kind of run stored and read back equal, the history list with
// rename and remove, two processes writing at once, a corrupt file and a newer schema set
// aside with a notice, a version-1 store migrated, an unwritable place reported.
#include <QDir>
#include <QFile>
#include <QProcess>
#include <QRandomGenerator>
#include <QSqlDatabase>
#include <QSqlQuery>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QtTest>
#include <set>

#include "run_capture.h"
#include "run_store.h"
#include "schema.h"

using namespace af;
using store::RunRecord;
using store::RunStore;

namespace {

const std::string kExamples = std::string(AF_SOURCE_DIR) + "/resources/examples/";

std::vector<std::string> example_files(const std::string& name) {
  return {kExamples + name + "/arch.yaml", kExamples + name + "/workload.yaml"};
}

// A map run of a bundled example, captured as the CLI captures it.
RunRecord map_record(const std::string& example, bool unfused, unsigned metrics = mapper::kEnergy) {
  const Workspace ws = Workspace::load({example_files(example), {}, {"M=32"}, {}, true});
  if (!ws.ok()) return {};
  mapper::MapperOptions o = ws.mapper_options();
  o.unfused = unfused;
  o.metrics = metrics;
  o.threads = 2;
  return store::capture_map(ws, o, ws.map(o), 0.25, "/projects/chain.afproj");
}

// A matmul whose scratchpad must keep every tensor but holds 8 bits: no mapping.
RunRecord failed_record(const QTemporaryDir& dir) {
  const QString arch = dir.filePath("tiny.arch.yaml");
  QFile f(arch);
  if (!f.open(QIODevice::WriteOnly)) return {};
  f.write(R"(arch:
  nodes:
  - !Memory {name: DRAM, size: inf, leak_power: 0, area: 0, actions: [{name: read, energy: 1, throughput: inf}, {name: write, energy: 1, throughput: inf}]}
  - !Memory
    name: Scratchpad
    size: 8
    leak_power: 0
    area: 0
    tensors: {keep: All}
    actions: [{name: read, energy: 1, throughput: inf}, {name: write, energy: 1, throughput: inf}]
  - !Compute {name: MAC, leak_power: 0, area: 0, actions: [{name: compute, energy: 1, throughput: inf}]}
)");
  f.close();
  const Workspace ws =
      Workspace::load({{arch.toStdString(), kExamples + "two_level_matmul/workload.yaml"}, {}, {}, {}, true});
  if (!ws.ok()) return {};
  const mapper::MapperOptions o = ws.mapper_options();
  return store::capture_map(ws, o, ws.map(o), 0.01);
}

sweep::Sweep bandwidth_sweep() {
  sweep::Sweep s;
  s.inputs.files = example_files("bandwidth_tradeoff");
  s.vary = {sweep::parse_variation("LocalBandwidth=1e9,8e9")};
  s.options = [](mapper::MapperOptions& o) {
    o.metrics = mapper::kEdp;
    o.threads = 2;
  };
  return s;
}

RunRecord sweep_record() {
  const auto s = bandwidth_sweep();
  return store::capture_sweep(s, sweep::run(s), 1.5);
}

QByteArray read_all(const QString& path) {
  QFile f(path);
  return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

bool write_all(const QString& path, const QByteArray& bytes) {
  QFile f(path);
  return f.open(QIODevice::WriteOnly) && f.write(bytes) == bytes.size();
}

// The files beside `path` whose names start with its name and `infix` (the set-aside copies).
QStringList aside_files(const QString& path, const QString& infix) {
  const QFileInfo info(path);
  return QDir(info.absolutePath()).entryList({info.fileName() + infix + "*"}, QDir::Files);
}

RunRecord small_record(const std::string& name, const std::string& project = {}) {
  RunRecord r;
  r.name = name;
  r.project = project;
  r.files = {{"a.yaml", "a: 1\n"}};
  return r;
}

}  // namespace

class TestRunStore : public QObject {
  Q_OBJECT

 private slots:
  void initTestCase() { QStandardPaths::setTestModeEnabled(true); }

  void round_trip_data() {
    QTest::addColumn<int>("which");
    QTest::newRow("map fused") << 0;
    QTest::newRow("map unfused, a front of several") << 1;
    QTest::newRow("sweep") << 2;
    QTest::newRow("map without a mapping") << 3;
    QTest::newRow("map priced by component models") << 4;
  }
  // Stored and read back: the same record, and the same again through its exported JSON.
  void round_trip() {
    QFETCH(int, which);
    QTemporaryDir dir;
    RunRecord r;
    switch (which) {
      case 0:
        r = map_record("three_level_matmul_chain", false);
        QVERIFY(r.found);
        QVERIFY(!r.stats.at("join").empty());  // fused: the join's step is there
        QVERIFY(!r.mapping_yaml.empty());
        break;
      case 1:
        r = map_record("bandwidth_tradeoff", true, mapper::kEnergy | mapper::kLatency);
        QVERIFY(r.found);
        QVERIFY2(r.front.size() > 1, r.front.dump().c_str());
        QCOMPARE(r.options.at("unfused").get<bool>(), true);
        break;
      case 2:
        r = sweep_record();
        QCOMPARE(r.kind, store::RunKind::kSweep);
        QCOMPARE(r.front.size(), std::size_t{2});
        QVERIFY(r.stats.is_null());
        QCOMPARE(r.vary.at(0).at("name").get<std::string>(), std::string("LocalBandwidth"));
        QCOMPARE(r.options.at("metric").get<std::string>(), std::string("edp"));
        break;
      case 4: {
        // Area is a figure of the run; the components set to be priced by their model an input.
        SpecInputs in{example_files("component_models"), {}, {}, {}, true};
        in.priced_by_model = {"GlobalBuffer"};
        const Workspace ws = Workspace::load(in);
        QVERIFY(ws.ok());
        mapper::MapperOptions o = ws.mapper_options();
        o.threads = 2;
        r = store::capture_map(ws, o, ws.map(o), 0.1);
        QVERIFY(r.found);
        QCOMPARE(r.area, ws.area().total);
        QVERIFY(r.area > 0 && r.leak_power > 0);
        QCOMPARE(r.priced_by_model, std::vector<std::string>{"GlobalBuffer"});
        QCOMPARE(store::inputs_of(r).priced_by_model, in.priced_by_model);
        break;
      }
      default:
        r = failed_record(dir);
        QVERIFY(!r.stats.is_null());
        QVERIFY(!r.found);
        QVERIFY(!r.failure.empty());
        QVERIFY(r.front.empty());
        break;
    }
    QVERIFY(!r.files.empty() && !r.files.front().text.empty());
    QCOMPARE(r.files.size(), std::size_t{2});
    QVERIFY(!r.spec_hash.empty());
    const RunStore s(dir.filePath("runs.sqlite").toStdString());
    QVERIFY2(s.ok(), s.error().c_str());
    QVERIFY(s.notice().empty());
    const auto id = s.add(r);
    QVERIFY2(id.ok(), id.error.c_str());
    r.id = *id;
    const auto back = s.get(*id);
    QVERIFY2(back.ok(), back.error.c_str());
    QVERIFY2(*back == r,
             (store::record_to_json(*back).dump() + "\n!=\n" + store::record_to_json(r).dump()).c_str());
    const auto text = s.export_json(*id);
    QVERIFY(text.ok());
    QVERIFY(store::record_from_json(nlohmann::json::parse(*text)) == r);
  }

  // What a run warned of (a rounded join, a stop by the join's memory limit) is kept with it;
  // a record from before they were kept reads as a run that neither stopped nor warned.
  void stops_and_warnings_are_kept() {
    QTemporaryDir dir;
    const RunStore s(dir.filePath("runs.sqlite").toStdString());
    const Workspace ws = Workspace::load({example_files("two_level_matmul"), {}, {"M=32"}, {}, true});
    QVERIFY(ws.ok());
    const mapper::MapperOptions o = ws.mapper_options();
    mapper::MapperResult result = ws.map(o);
    QVERIFY(result.found);
    const RunRecord plain = store::capture_map(ws, o, result, 0.1);
    QVERIFY(!store::was_stopped(plain));
    QVERIFY(store::warnings_of(plain).empty());
    result.cancelled = true;
    result.rounded_because = "the join outgrew its memory limit; rounded";
    result.stopped_because = "the join outgrew its memory limit; stopped";
    const auto id = s.add(store::capture_map(ws, o, result, 0.1));
    QVERIFY2(id.ok(), id.error.c_str());
    const auto back = s.get(*id);
    QVERIFY(back.ok());
    QVERIFY(store::was_stopped(*back));
    QCOMPARE(store::warnings_of(*back),
             (std::vector<std::string>{result.rounded_because, result.stopped_because}));
    RunRecord old = *back;
    old.stats.erase("run");
    QVERIFY(!store::was_stopped(old) && store::warnings_of(old).empty());
    const auto old_id = s.add(old);
    old.stats = nullptr;  // a sweep's
    QVERIFY(!store::was_stopped(old) && store::warnings_of(old).empty());
    const auto null_id = s.add(old);
    QVERIFY(old_id.ok() && null_id.ok());
    // The list says it too, for the History dock's rows.
    const auto listed = s.list();
    QVERIFY(listed.ok());
    QCOMPARE(listed->size(), std::size_t{3});
    for (const auto& summary : *listed.value) {
      const bool warned = summary.id == *id;
      QCOMPARE(summary.stopped, warned);
      QCOMPARE(summary.warnings, warned ? std::size_t{2} : std::size_t{0});
    }
  }

  // A file's bytes come back exactly, whatever they are.
  void file_texts_are_kept_byte_for_byte() {
    QTemporaryDir dir;
    const RunStore s(dir.filePath("runs.sqlite").toStdString());
    RunRecord r = small_record("bytes");
    r.files = {{"latin1.yaml", std::string("caf\xe9: 1\n\0end", 13)}, {"empty.yaml", ""}};
    const auto id = s.add(r);
    QVERIFY2(id.ok(), id.error.c_str());
    QVERIFY(s.get(*id)->files == r.files);
  }

  void list_rename_remove() {
    QTemporaryDir dir;
    const RunStore s(dir.filePath("runs.sqlite").toStdString());
    QVERIFY(s.ok());
    RunRecord older = small_record("", "/p/a.afproj");
    older.created = "2026-01-01T00:00:00Z";
    older.assignments = {"M=64"};
    RunRecord newer = small_record("", "/p/b.afproj");
    newer.created = "2026-02-01T00:00:00Z";
    newer.kind = store::RunKind::kSweep;
    newer.vary = nlohmann::json::array({{{"name", "GLB"}, {"values", {"1", "2", "3"}}}});
    newer.front = nlohmann::json::array({{}, {}, {}});
    newer.found = true;
    newer.energy = 2;
    const auto a = s.add(older), b = s.add(newer), c = s.add(small_record("", "/p/a.afproj"));
    QVERIFY(a.ok() && b.ok() && c.ok());

    const auto all = s.list();
    QVERIFY2(all.ok(), all.error.c_str());
    QCOMPARE(all->size(), std::size_t{3});
    QCOMPARE(all->at(0).id, *c);  // created now: the newest
    QCOMPARE(all->at(1).id, *b);
    QCOMPARE(all->at(2).id, *a);
    QCOMPARE(all->at(1).kind, store::RunKind::kSweep);
    QCOMPARE(all->at(1).varied, std::vector<std::string>{"GLB"});
    QCOMPARE(all->at(1).points, std::size_t{3});
    QCOMPARE(all->at(1).energy, 2.0);
    QCOMPARE(all->at(2).assignments, std::vector<std::string>{"M=64"});
    QCOMPARE(all->at(2).files, std::vector<std::string>{"a.yaml"});

    const auto of_a = s.list(std::string("/p/a.afproj"));
    QVERIFY(of_a.ok());
    QCOMPARE(of_a->size(), std::size_t{2});
    QCOMPARE(of_a->at(0).id, *c);
    QCOMPARE(of_a->at(1).id, *a);
    QVERIFY(s.list(std::string("/p/none.afproj"))->empty());

    QVERIFY(s.rename(*a, "baseline").ok());
    QCOMPARE(s.get(*a)->name, std::string("baseline"));
    QCOMPARE(s.list()->at(2).name, std::string("baseline"));

    QVERIFY(s.remove(*b).ok());
    QCOMPARE(s.list()->size(), std::size_t{2});
    const auto gone = s.get(*b);
    QVERIFY(!gone.ok());
    QVERIFY2(QString::fromStdString(gone.error).contains(QString("no run %1").arg(*b)), gone.error.c_str());
    QVERIFY2(gone.error.find(s.path()) != std::string::npos, gone.error.c_str());
    QVERIFY(!s.remove(*b).ok());
    QVERIFY(!s.rename(*b, "x").ok());
    QVERIFY(!s.export_json(*b).ok());
  }

  // Two processes add runs at once to one new store: every run is there, none twice.
  void two_processes_lose_nothing() {
    QTemporaryDir dir;
    const QString path = dir.filePath("shared.sqlite");
    constexpr int kEach = 150;
    QProcess one, two;
    one.start(AF_STORE_WRITER, {path, QString::number(kEach), "one"});
    two.start(AF_STORE_WRITER, {path, QString::number(kEach), "two"});
    QVERIFY(one.waitForFinished(60000) && two.waitForFinished(60000));
    QVERIFY2(one.exitCode() == 0, one.readAllStandardError().constData());
    QVERIFY2(two.exitCode() == 0, two.readAllStandardError().constData());
    const RunStore s(path.toStdString());
    const auto runs = s.list();
    QVERIFY2(runs.ok(), runs.error.c_str());
    QCOMPARE(runs->size(), std::size_t{2 * kEach});
    std::set<std::string> names;
    for (const auto& r : *runs) names.insert(r.name);
    QCOMPARE(names.size(), std::size_t{2 * kEach});
    QVERIFY(names.contains("one-0") && names.contains("two-149"));
  }

  void corrupt_file_is_set_aside_data() {
    QTest::addColumn<QByteArray>("bytes");
    QByteArray noise(8192, '\0');
    for (auto& c : noise) c = static_cast<char>(QRandomGenerator::global()->bounded(256));
    QTest::newRow("random bytes") << noise;
    QTest::newRow("a SQLite header, then noise") << QByteArray("SQLite format 3", 16) + noise;
  }
  // A file that is not a database is renamed aside, never overwritten; the notice names the
  // file, what is wrong and where it went; a new store works in its place.
  void corrupt_file_is_set_aside() {
    QFETCH(QByteArray, bytes);
    QTemporaryDir dir;
    const QString path = dir.filePath("runs.sqlite");
    QVERIFY(write_all(path, bytes));
    const RunStore s(path.toStdString());
    QVERIFY2(s.ok(), s.error().c_str());
    const QString notice = QString::fromStdString(s.notice());
    const QStringList aside = aside_files(path, ".corrupt-");
    QCOMPARE(aside.size(), 1);
    QVERIFY2(notice.contains(path) && notice.contains("not") && notice.contains(dir.filePath(aside.front())),
             qPrintable(notice));
    QCOMPARE(read_all(dir.filePath(aside.front())), bytes);
    QVERIFY(s.add(small_record("after")).ok());
    QCOMPARE(s.list()->size(), std::size_t{1});
  }

  // A store written by a newer program (user_version 999) is not misread: set aside.
  void newer_schema_is_set_aside() {
    QTemporaryDir dir;
    const QString path = dir.filePath("runs.sqlite");
    {
      QSqlDatabase db = QSqlDatabase::addDatabase("QSQLITE", "newer");
      db.setDatabaseName(path);
      QVERIFY(db.open());
      QSqlQuery q(db);
      QVERIFY(q.exec("CREATE TABLE future (x)"));
      QVERIFY(q.exec("PRAGMA user_version = 999"));
      q.finish();
      db.close();
    }
    QSqlDatabase::removeDatabase("newer");
    const RunStore s(path.toStdString());
    QVERIFY2(s.ok(), s.error().c_str());
    const QString notice = QString::fromStdString(s.notice());
    const QStringList aside = aside_files(path, ".newer-");
    QCOMPARE(aside.size(), 1);
    QVERIFY2(notice.contains(path) && notice.contains("999") && notice.contains(dir.filePath(aside.front())),
             qPrintable(notice));
    QVERIFY(s.add(small_record("after")).ok());
    {
      QSqlDatabase db = QSqlDatabase::addDatabase("QSQLITE", "aside");
      db.setDatabaseName(dir.filePath(aside.front()));
      QVERIFY(db.open());
      QCOMPARE(store::schema::version(db), 999);  // kept as it was
      db.close();
    }
    QSqlDatabase::removeDatabase("aside");
  }

  // A run written by a version-1 program reads after the migration to the current schema.
  void version_1_store_is_migrated() {
    QTemporaryDir dir;
    const QString path = dir.filePath("runs.sqlite");
    {
      QSqlDatabase db = QSqlDatabase::addDatabase("QSQLITE", "v1");
      db.setDatabaseName(path);
      QVERIFY(db.open());
      QCOMPARE(store::schema::migrate(db, 1), std::string());
      QCOMPARE(store::schema::version(db), 1);
      QSqlQuery q(db);
      QVERIFY(q.exec(R"(INSERT INTO runs (kind, created, spec_hash, assignments, component_costs, options,
          seconds, found, failure, energy, latency, edp, points, front, stats, mapping_yaml, vary)
          VALUES ('map', '2026-01-02T03:04:05Z', 'abc', '["M=8"]', '', '{"metric":"energy"}', 1.5, 1, '',
          2.0, 3.0, 6.0, 0, '[]', 'null', 'mapping: {}', 'null'))"));
      QVERIFY(q.exec("INSERT INTO run_files (run_id, position, path, text) VALUES (1, 0, 'a.yaml', 'a: 1')"));
      q.finish();
      db.close();
    }
    QSqlDatabase::removeDatabase("v1");
    const RunStore s(path.toStdString());
    QVERIFY2(s.ok(), s.error().c_str());
    QVERIFY(s.notice().empty());
    const auto r = s.get(1);
    QVERIFY2(r.ok(), r.error.c_str());
    QCOMPARE(r->created, std::string("2026-01-02T03:04:05Z"));
    QCOMPARE(r->assignments, std::vector<std::string>{"M=8"});
    QCOMPARE(r->energy * r->latency, r->edp);
    QCOMPARE(r->name, std::string());
    QCOMPARE(r->project, std::string());
    QCOMPARE(r->files.size(), std::size_t{1});
    QCOMPARE(r->area, 0.0);  // recorded before area was
    QVERIFY(r->priced_by_model.empty());
    QVERIFY(s.rename(1, "from v1").ok());
    QCOMPARE(s.list()->front().name, std::string("from v1"));
  }

  // A version-2 store (before area): its runs read with area 0, and a new run keeps its area
  // beside them.
  void version_2_store_is_migrated() {
    QTemporaryDir dir;
    const QString path = dir.filePath("runs.sqlite");
    {
      QSqlDatabase db = QSqlDatabase::addDatabase("QSQLITE", "v2");
      db.setDatabaseName(path);
      QVERIFY(db.open());
      QCOMPARE(store::schema::migrate(db, 2), std::string());
      QCOMPARE(store::schema::version(db), 2);
      QSqlQuery q(db);
      QVERIFY(
          q.exec(R"(INSERT INTO runs (kind, name, project, created, spec_hash, assignments, component_costs,
          options, seconds, found, failure, energy, latency, edp, points, front, stats, mapping_yaml, vary)
          VALUES ('map', 'old', '', '2026-01-02T03:04:05Z', 'abc', '[]', '', '{}', 1.5, 1, '', 2.0, 3.0, 6.0, 0,
          '[]', 'null', 'mapping: {}', 'null'))"));
      q.finish();
      db.close();
    }
    QSqlDatabase::removeDatabase("v2");
    const RunStore s(path.toStdString());
    QVERIFY2(s.ok(), s.error().c_str());
    const auto old = s.get(1);
    QVERIFY2(old.ok(), old.error.c_str());
    QCOMPARE(old->area, 0.0);
    QCOMPARE(old->energy, 2.0);
    RunRecord fresh = small_record("new");
    fresh.area = 1.5e-6;
    fresh.leak_power = 2e-3;
    fresh.priced_by_model = {"*"};
    const auto id = s.add(fresh);
    QVERIFY(id.ok());
    QCOMPARE(s.get(*id)->area, 1.5e-6);
    QCOMPARE(s.get(*id)->priced_by_model, std::vector<std::string>{"*"});
    QCOMPARE(s.list()->front().area, 1.5e-6);
  }

  // A place where no file can be made: an error value naming it, and every operation says so.
  void unwritable_place_is_an_error() {
    QTemporaryDir dir;
    const QString file = dir.filePath("a-file");
    QVERIFY(write_all(file, "x"));
    const std::string path = (file + "/runs.sqlite").toStdString();  // below a plain file
    const RunStore s(path);
    QVERIFY(!s.ok());
    QVERIFY2(QString::fromStdString(s.error()).contains(file), s.error().c_str());
    QCOMPARE(s.add(small_record("x")).error, s.error());
    QVERIFY(!s.list().ok());
    const RunStore folder(dir.path().toStdString());  // a folder is no database
    QVERIFY(!folder.ok());
    QVERIFY2(QString::fromStdString(folder.error()).contains(dir.path()), folder.error().c_str());
  }

  // With no path: AppDataLocation/runs.sqlite (Qt's test-mode folder here), created.
  void default_path_is_the_data_folder() {
    const std::string expected =
        (QStandardPaths::writableLocation(QStandardPaths::AppDataLocation) + "/runs.sqlite").toStdString();
    QCOMPARE(RunStore::default_path(), expected);
    {
      const RunStore s;
      QVERIFY2(s.ok(), s.error().c_str());
      QCOMPARE(s.path(), expected);
      QVERIFY(QFile::exists(QString::fromStdString(expected)));
    }
    for (const char* suffix : {"", "-wal", "-shm"}) QFile::remove(QString::fromStdString(expected) + suffix);
  }

  // Each store its own connection, removed with it; a moved store keeps working.
  void connections_come_and_go() {
    QTemporaryDir dir;
    const auto before = QSqlDatabase::connectionNames().size();
    {
      RunStore a(dir.filePath("runs.sqlite").toStdString());
      const RunStore b(dir.filePath("runs.sqlite").toStdString());
      QCOMPARE(QSqlDatabase::connectionNames().size(), before + 2);
      const RunStore moved(std::move(a));
      QVERIFY(moved.ok());
      QVERIFY(moved.add(small_record("m")).ok());
      QCOMPARE(b.list()->size(), std::size_t{1});
      QCOMPARE(QSqlDatabase::connectionNames().size(), before + 2);
    }
    QCOMPARE(QSqlDatabase::connectionNames().size(), before);
  }

  // The file is in WAL mode (readers never block the writer) at the current schema version.
  void store_is_wal_at_the_current_version() {
    QTemporaryDir dir;
    const QString path = dir.filePath("runs.sqlite");
    { const RunStore s(path.toStdString()); }
    {
      QSqlDatabase db = QSqlDatabase::addDatabase("QSQLITE", "inspect");
      db.setDatabaseName(path);
      QVERIFY(db.open());
      QSqlQuery q(db);
      QVERIFY(q.exec("PRAGMA journal_mode") && q.next());
      QCOMPARE(q.value(0).toString(), QString("wal"));
      q.finish();
      QCOMPARE(store::schema::version(db), store::schema::kVersion);
      db.close();
    }
    QSqlDatabase::removeDatabase("inspect");
  }
};

QTEST_GUILESS_MAIN(TestRunStore)
#include "test_run_store.moc"
