// A mapper run's statistics read back from their JSON (io::mapper_stats_from_json,
// mapper_join_from_json) equal the run's own, field by field: a stored run's funnel re-opens
// as it was drawn.
#include <QTemporaryDir>
#include <QtTest>

#include "io/mapper_stats.h"
#include "workspace/workspace.h"

using namespace af;

namespace {

const std::string kExamples = std::string(AF_SOURCE_DIR) + "/resources/examples/";

mapper::MapperResult map_example(const std::string& name, bool unfused, std::vector<std::string> extra = {}) {
  std::vector<std::string> files = {kExamples + name + "/arch.yaml", kExamples + name + "/workload.yaml"};
  files.insert(files.end(), extra.begin(), extra.end());
  const Workspace ws = Workspace::load({files, {}, {}, {}, true});
  if (!ws.ok()) return {};
  mapper::MapperOptions o = ws.mapper_options();
  o.unfused = unfused;
  o.threads = 2;
  return ws.map(o);
}

// Every field, with its name in the message when one differs.
void compare(const mapper::EinsumStats& a, const mapper::EinsumStats& b) {
  QCOMPARE(a.einsum, b.einsum);
  QCOMPARE(a.searched_with, b.searched_with);
  QCOMPARE(a.templates, b.templates);
  QCOMPARE(a.templates_fused, b.templates_fused);
  QCOMPARE(a.templates_duplicate, b.templates_duplicate);
  QCOMPARE(a.pmappings_total, b.pmappings_total);
  QCOMPARE(a.pmappings_full_space, b.pmappings_full_space);
  QCOMPARE(a.pmappings_evaluated, b.pmappings_evaluated);
  QCOMPARE(a.pmappings_valid, b.pmappings_valid);
  QCOMPARE(a.pmappings_dominated, b.pmappings_dominated);
  QCOMPARE(a.pmappings_pareto, b.pmappings_pareto);
  QVERIFY(a.removed == b.removed);
  QCOMPARE(a.smallest_over_limit.size(), b.smallest_over_limit.size());
  for (const auto& [cause, f] : a.smallest_over_limit) {
    QVERIFY2(b.smallest_over_limit.contains(cause), cause.c_str());
    QCOMPARE(b.smallest_over_limit.at(cause).used, f.used);
    QCOMPARE(b.smallest_over_limit.at(cause).limit, f.limit);
  }
  QCOMPARE(a.groups, b.groups);
  QCOMPARE(a.pmappings_grouped, b.pmappings_grouped);
}

void compare(const mapper::JoinStepStats& a, const mapper::JoinStepStats& b) {
  QCOMPARE(a.einsum, b.einsum);
  QCOMPARE(a.left_groups, b.left_groups);
  QCOMPARE(a.right_groups, b.right_groups);
  QCOMPARE(a.left_rows, b.left_rows);
  QCOMPARE(a.right_rows, b.right_rows);
  QCOMPARE(a.group_pairs, b.group_pairs);
  QCOMPARE(a.group_pairs_lookahead, b.group_pairs_lookahead);
  QCOMPARE(a.rows_lookahead, b.rows_lookahead);
  QCOMPARE(a.rows_unmatched, b.rows_unmatched);
  QCOMPARE(a.rows_paired, b.rows_paired);
  QVERIFY(a.removed == b.removed);
  QCOMPARE(a.groups_out, b.groups_out);
  QCOMPARE(a.rows_out, b.rows_out);
}

// Through text, as the store keeps it.
void round_trip(const mapper::MapperResult& r) {
  const auto stats = io::mapper_stats_from_json(nlohmann::json::parse(io::mapper_stats_json(r).dump()));
  const auto join = io::mapper_join_from_json(nlohmann::json::parse(io::mapper_join_json(r).dump()));
  QCOMPARE(stats.size(), r.stats.size());
  for (std::size_t i = 0; i < stats.size(); ++i) {
    compare(r.stats[i], stats[i]);
    if (QTest::currentTestFailed()) return;
  }
  QCOMPARE(join.size(), r.join_steps.size());
  for (std::size_t i = 0; i < join.size(); ++i) {
    compare(r.join_steps[i], join[i]);
    if (QTest::currentTestFailed()) return;
  }
}

}  // namespace

class TestMapperStatsRead : public QObject {
  Q_OBJECT

 private slots:
  // Two chained matmuls, fused: both Einsums' funnels and the join's step.
  void fused_chain_round_trips() {
    const auto r = map_example("three_level_matmul_chain", false);
    QVERIFY(r.found);
    QCOMPARE(r.join_steps.size(), std::size_t{1});
    round_trip(r);
  }

  void unfused_chain_round_trips() {
    const auto r = map_example("three_level_matmul_chain", true);
    QVERIFY(r.found);
    round_trip(r);
  }

  // Nothing fits: the capacity shortfalls that say why come back too.
  void failed_run_round_trips_its_shortfalls() {
    QTemporaryDir dir;
    const std::string arch = dir.filePath("arch.yaml").toStdString();
    QFile f(QString::fromStdString(arch));
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(R"(arch:
  nodes:
  - !Memory
    name: DRAM
    size: inf
    leak_power: 0
    area: 0
    actions:
    - {name: read, energy: 1, throughput: inf}
    - {name: write, energy: 1, throughput: inf}
  - !Memory
    name: Scratchpad
    size: 8
    leak_power: 0
    area: 0
    tensors: {keep: All}
    actions:
    - {name: read, energy: 1, throughput: inf}
    - {name: write, energy: 1, throughput: inf}
  - !Compute
    name: MAC
    leak_power: 0
    area: 0
    actions:
    - {name: compute, energy: 1, throughput: 1}
)");
    f.close();
    const Workspace ws =
        Workspace::load({{arch, kExamples + "two_level_matmul/workload.yaml"}, {}, {}, {}, true});
    QVERIFY(ws.ok());
    const auto r = ws.map(ws.mapper_options());
    QVERIFY(!r.found);
    QVERIFY(!r.stats.empty() && !r.stats.front().smallest_over_limit.empty());
    round_trip(r);
  }

  void a_missing_key_throws() {
    QVERIFY_THROWS_EXCEPTION(nlohmann::json::exception,
                             (void)io::mapper_stats_from_json(nlohmann::json::parse(R"([{"einsum": "E"}])")));
  }
};

QTEST_GUILESS_MAIN(TestMapperStatsRead)
#include "test_mapper_stats_read.moc"
