// Sweeps (engine/sweep): `--vary` values, the grid's order, the check's messages, and each
// point's row equal to mapping the spec with those values set.
#include <QFile>
#include <QTemporaryDir>
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

  // Area is a figure of every point: the bundled example priced by component models, its
  // buffer's size swept. The area grows with the buffer; the CSV and JSON carry it; the fronts
  // across points hold the points no other beats on (area, energy).
  void area_per_point_and_fronts() {
    const std::string dir = std::string(AF_SOURCE_DIR) + "/resources/examples/component_models/";
    sweep::Sweep s;
    s.inputs.files = {dir + "arch.yaml", dir + "workload.yaml"};
    s.vary = {sweep::parse_variation("GlobalBufferKiB=1,4,16,64")};
    s.options = [](mapper::MapperOptions& o) {
      o.metrics = mapper::kEnergy;
      o.threads = 2;
    };
    const auto rows = sweep::run(s);
    QCOMPARE(rows.size(), std::size_t{4});
    for (std::size_t i = 0; i < rows.size(); ++i) {
      QVERIFY2(rows[i].found, rows[i].failure.c_str());
      QCOMPARE(rows[i].area,
               Workspace::load({s.inputs.files, {}, {"GlobalBufferKiB=" + rows[i].values[0]}, {}, true})
                   .area()
                   .total);
      QVERIFY(rows[i].leak_power > 0);
      QVERIFY(rows[i].component_area.at("GlobalBuffer") > 0);
      if (i > 0) QVERIFY(rows[i].area > rows[i - 1].area);
    }
    const auto back = sweep::row_from_json(nlohmann::json::parse(sweep::row_to_json(rows[2]).dump()));
    QCOMPARE(back.area, rows[2].area);
    QCOMPARE(back.component_area, rows[2].component_area);
    // A row stored before area was recorded reads with none.
    nlohmann::json old = sweep::row_to_json(rows[2]);
    old.erase("area");
    old.erase("component_area");
    QCOMPARE(sweep::row_from_json(old).area, 0.0);

    const QStringList lines = QString::fromStdString(sweep::csv(s, rows)).trimmed().split('\n');
    QVERIFY2(lines[0].startsWith("GlobalBufferKiB,energy_J,latency_s,edp_Js,area_m2,leak_power_W,"),
             qPrintable(lines[0]));
    QVERIFY(lines[0].contains(",GlobalBuffer_area_m2,"));
    QCOMPARE(lines[1].split(',')[4].toDouble(), rows[0].area);

    // On (area, energy) a point is kept when no point is both smaller and cheaper.
    const auto front = sweep::front_across_points(rows, sweep::Axis::Area, sweep::Axis::Energy);
    QVERIFY(!front.empty());
    QCOMPARE(front.front(), std::size_t{0});  // the smallest chip is always on it
    for (const std::size_t i : front)
      for (const auto& r : rows)
        QVERIFY(!(r.area <= rows[i].area && r.energy <= rows[i].energy &&
                  (r.area < rows[i].area || r.energy < rows[i].energy)));
    const auto j = sweep::json(s, rows);
    QCOMPARE(j.at("fronts").at("energy_area").get<std::vector<std::size_t>>(), front);
    QCOMPARE(j.at("points").at(3).at("area_m2").get<double>(), rows[3].area);
    QCOMPARE(sweep::parse_axis("area"), sweep::Axis::Area);
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, (void)sweep::parse_axis("aera"));
  }

  // An energy written as an expression of the component's own attributes belongs to the spec,
  // and is evaluated again at each point: a buffer 4x larger costs 2x per access here.
  void energy_expressions_follow_each_point() {
    QTemporaryDir dir;
    const QString arch = dir.filePath("arch.yaml");
    QFile f(arch);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(R"({% set BufferBits = BufferBits | default(8192) %}
arch:
  nodes:
  - !Memory {name: DRAM, size: inf, leak_power: 0, area: 0, actions: [{name: read, energy: 100e-12, throughput: inf}, {name: write, energy: 100e-12, throughput: inf}]}
  - !Memory
    name: Buffer
    size: {{BufferBits}}
    leak_power: 1e-9 * size
    area: 1e-12 * size
    actions:
    - {name: read, energy: 1e-12 * (size / 8192) ** 0.5, throughput: inf}
    - {name: write, energy: 1e-12 * (size / 8192) ** 0.5, throughput: inf}
  - !Compute {name: MAC, leak_power: 0, area: 0, actions: [{name: compute, energy: 1e-12, throughput: 1e9}]}
)");
    f.close();
    sweep::Sweep s;
    s.inputs.files = {arch.toStdString(),
                      std::string(AF_SOURCE_DIR) + "/resources/examples/two_level_matmul/workload.yaml"};
    s.vary = {sweep::parse_variation("BufferBits=8192,32768")};
    s.options = [](mapper::MapperOptions& o) { o.threads = 2; };
    std::vector<double> read_energy;
    sweep::PointHooks hooks;
    hooks.mapped = [&](std::size_t, const Workspace& ws, const mapper::MapperResult&) {
      read_energy.push_back(ws.displayed_architecture()->find("Buffer")->find_action("read")->energy);
    };
    const auto rows = sweep::run(s, {}, {}, hooks);
    QCOMPARE(rows.size(), std::size_t{2});
    QVERIFY(rows[0].found && rows[1].found);
    QCOMPARE(read_energy.size(), std::size_t{2});
    QCOMPARE(read_energy[0], 1e-12);
    QCOMPARE(read_energy[1], 2e-12);
    QCOMPARE(rows[1].component_area.at("Buffer"), 4 * rows[0].component_area.at("Buffer"));
  }
};

QTEST_GUILESS_MAIN(TestSweep)
#include "test_sweep.moc"
