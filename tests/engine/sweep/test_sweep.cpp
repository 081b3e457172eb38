// Sweeps (engine/sweep): `--vary` values, the grid's order, the check's messages, and each
// point's row equal to mapping the spec with those values set.
#include <QtTest>

#include "io/mapping_writer.h"
#include "mapper/mapper.h"
#include "sweep/sweep.h"
#include "workspace/workspace.h"

using namespace af;

namespace {

const std::string kExample = std::string(AF_SOURCE_DIR) + "/resources/examples/bandwidth_tradeoff/";

sweep::Sweep bandwidth_sweep(std::vector<std::string> varies) {
  sweep::Sweep s;
  s.inputs.files = {kExample + "arch.yaml", kExample + "workload.yaml"};
  for (const auto& v : varies) s.vary.push_back(sweep::parse_variation(v));
  s.options = [](mapper::MapperOptions& o) {
    o.metrics = mapper::kEdp;
    o.threads = 2;
  };
  return s;
}

QString error_of(const std::string& text) {
  try {
    (void)sweep::parse_variation(text);
  } catch (const std::invalid_argument& e) {
    return QString::fromStdString(e.what());
  }
  return {};
}

}  // namespace

class TestSweep : public QObject {
  Q_OBJECT

 private slots:
  void values_data() {
    QTest::addColumn<QString>("text");
    QTest::addColumn<QStringList>("values");
    QTest::newRow("list") << "B=16, 32 ,x" << QStringList{"16", "32", "x"};
    QTest::newRow("range") << "B=3..6" << QStringList{"3", "4", "5", "6"};
    QTest::newRow("step") << "B=0..1:0.25" << QStringList{"0", "0.25", "0.5", "0.75", "1"};
    QTest::newRow("geometric, binary units")
        << "GLB=64Ki..1Mi*2" << QStringList{"65536", "131072", "262144", "524288", "1048576"};
    QTest::newRow("geometric, decimal units")
        << "BW=1G..10G*3" << QStringList{"1000000000", "3000000000", "9000000000"};
  }
  void values() {
    QFETCH(QString, text);
    QFETCH(QStringList, values);
    const auto v = sweep::parse_variation(text.toStdString());
    QStringList got;
    for (const auto& s : v.values) got << QString::fromStdString(s);
    QCOMPARE(got, values);
    QCOMPARE(QString::fromStdString(v.name), text.section('=', 0, 0).trimmed());
  }

  void bad_values_say_what_is_wrong_data() {
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("says");
    QTest::newRow("no =") << "B"
                          << "NAME=VALUES";
    QTest::newRow("no name") << "=1,2"
                             << "no variable name";
    QTest::newRow("no values") << "B="
                               << "B has no values";
    QTest::newRow("empty in list") << "B=1,,2"
                                   << "empty value";
    QTest::newRow("not a number") << "B=1..x"
                                  << "'x' is not a number";
    QTest::newRow("factor") << "B=1..8*1"
                            << "greater than 1";
    QTest::newRow("step") << "B=1..8:0"
                          << "greater than 0";
    QTest::newRow("reversed") << "B=8..1"
                              << "no values";
    QTest::newRow("huge") << "B=1..1e9"
                          << "more than";
  }
  void bad_values_say_what_is_wrong() {
    QFETCH(QString, text);
    QFETCH(QString, says);
    const QString e = error_of(text.toStdString());
    QVERIFY2(e.contains(says), qPrintable(e));
  }

  void grid_runs_the_last_variable_fastest() {
    const auto p = sweep::points({{"A", {"1", "2"}}, {"B", {"x", "y", "z"}}});
    QCOMPARE(p.size(), std::size_t{6});
    QCOMPARE(p[0], (std::vector<std::string>{"1", "x"}));
    QCOMPARE(p[2], (std::vector<std::string>{"1", "z"}));
    QCOMPARE(p[3], (std::vector<std::string>{"2", "x"}));
  }

  void check_names_the_spec_variables() {
    const auto problems = sweep::check(bandwidth_sweep({"LocalBandwith=1e9,2e9"}));
    QCOMPARE(problems.size(), std::size_t{1});
    QVERIFY2(QString::fromStdString(problems.front()).contains("did you mean LocalBandwidth"),
             problems.front().c_str());
    QVERIFY(!sweep::check(bandwidth_sweep({"A=1", "B=2", "C=3"})).empty());
    QVERIFY(!sweep::check(bandwidth_sweep({"LocalBandwidth=1", "LocalBandwidth=2"})).empty());
    QVERIFY(sweep::check(bandwidth_sweep({"LocalBandwidth=1e9,2e9"})).empty());
    auto both = bandwidth_sweep({"LocalBandwidth=1e9,2e9"});
    both.inputs.assignments.push_back("LocalBandwidth=4e9");
    QVERIFY(!sweep::check(both).empty());
  }

  // Each row is what mapping the spec with that value set gives; the values move the optimum.
  void rows_equal_mapping_each_point() {
    const auto s = bandwidth_sweep({"LocalBandwidth=1e9,8e9,64e9"});
    std::size_t calls = 0;
    const auto rows = sweep::run(s, {}, [&](const sweep::SweepRow&, std::size_t done, std::size_t total) {
      ++calls;
      QCOMPARE(done, calls);
      QCOMPARE(total, std::size_t{3});
    });
    QCOMPARE(rows.size(), std::size_t{3});
    std::set<double> edps;
    for (const auto& row : rows) {
      QVERIFY2(row.found, row.failure.c_str());
      SpecInputs in = s.inputs;
      in.assignments.push_back("LocalBandwidth=" + row.values.front());
      const Workspace ws = Workspace::load(in);
      QVERIFY(ws.ok());
      mapper::MapperOptions o = ws.mapper_options();
      s.options(o);
      const auto r = ws.map(o);
      QVERIFY(r.found);
      QCOMPARE(row.energy, r.evaluation->total_energy);
      QCOMPARE(row.latency, r.evaluation->total_latency);
      QCOMPARE(row.edp, row.energy * row.latency);
      QCOMPARE(row.front.size(), r.front.size());
      QVERIFY(!row.front.empty());
      // A row survives the trip between processes (MPI ranks) exactly.
      const auto back = sweep::row_from_json(nlohmann::json::parse(sweep::row_to_json(row).dump()));
      QCOMPARE(back.values, row.values);
      QCOMPARE(back.energy, row.energy);
      QCOMPARE(back.latency, row.latency);
      QCOMPARE(back.component_energy, row.component_energy);
      QCOMPARE(back.front, row.front);
      QCOMPARE(back.mapping_yaml, row.mapping_yaml);
      // The row's mapping is the optimum's: the same tree the mapper chose.
      QCOMPARE(row.mapping_yaml, io::write_mapping_yaml(*r.mapping));
      double sum = 0;
      for (const auto& [c, e] : row.component_energy) sum += e;
      QVERIFY(std::abs(sum - row.energy) <= 1e-9 * row.energy);
      edps.insert(row.edp);
    }
    QVERIFY(edps.size() >= 2);  // the bandwidth moves the optimum

    const std::string csv = sweep::csv(s, rows);
    const QStringList lines = QString::fromStdString(csv).trimmed().split('\n');
    QCOMPARE(lines.size(), 4);
    QVERIFY2(lines[0].startsWith("LocalBandwidth,energy_J,latency_s,edp_Js,"), qPrintable(lines[0]));
    QVERIFY(lines[0].endsWith(",seconds,status"));
    QVERIFY(lines[1].startsWith("1e9,") && lines[1].endsWith(",ok"));
    const auto j = sweep::json(s, rows);
    QCOMPARE(j["points"].size(), std::size_t{3});
    QCOMPARE(j["points"][2]["values"]["LocalBandwidth"].get<std::string>(), std::string("64e9"));
  }

  // The hooks see every point that maps, in order, on the thread that runs it: the observer
  // its mapper reports to, then its spec and result.
  void hooks_follow_each_point() {
    struct Counting : mapper::Observer {
      std::size_t templates = 0;
      void on_templates_made(const std::string&, std::size_t n) override { templates += n; }
    };
    const auto s = bandwidth_sweep({"LocalBandwidth=1e9,8e9"});
    std::vector<Counting> observers(2);
    std::vector<std::size_t> asked, mapped;
    std::vector<double> energies;
    sweep::PointHooks hooks;
    hooks.observer = [&](std::size_t i) {
      asked.push_back(i);
      return &observers.at(i);
    };
    hooks.mapped = [&](std::size_t i, const Workspace& ws, const mapper::MapperResult& r) {
      QVERIFY(ws.ok());
      mapped.push_back(i);
      energies.push_back(r.evaluation->total_energy);
    };
    const auto rows = sweep::run(s, {}, {}, hooks);
    QCOMPARE(asked, (std::vector<std::size_t>{0, 1}));
    QCOMPARE(mapped, (std::vector<std::size_t>{0, 1}));
    QVERIFY(observers[0].templates > 0 && observers[1].templates > 0);
    QCOMPARE(energies[1], rows[1].energy);
  }

  // A point whose spec is invalid keeps its row, with the error; the others still run.
  void an_invalid_point_keeps_its_row() {
    const auto s = bandwidth_sweep({"LocalBandwidth=8e9,oops"});
    const auto rows = sweep::run(s);
    QCOMPARE(rows.size(), std::size_t{2});
    QVERIFY(rows[0].found);
    QVERIFY(!rows[1].found);
    QVERIFY2(!rows[1].failure.empty(), "no reason");
    const QString csv = QString::fromStdString(sweep::csv(s, rows));
    QVERIFY2(csv.split('\n')[2].startsWith("oops,,,"), qPrintable(csv));
  }

  void stop_keeps_the_points_done() {
    const auto s = bandwidth_sweep({"LocalBandwidth=1e9,2e9,4e9,8e9"});
    std::stop_source stop;
    const auto rows =
        sweep::run(s, stop.get_token(), [&](const sweep::SweepRow&, std::size_t done, std::size_t) {
          if (done == 2) stop.request_stop();
        });
    QCOMPARE(rows.size(), std::size_t{2});
  }
};

QTEST_GUILESS_MAIN(TestSweep)
#include "test_sweep.moc"
