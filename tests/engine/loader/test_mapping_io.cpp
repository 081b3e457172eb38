// Mapping YAML: read -> write -> read gives the same tree; malformed nodes are reported.
#include <QtTest>

#include "io/mapping_writer.h"
#include "loader/mapping_reader.h"
#include "core/diagnostic.h"
#include "text/yaml/yaml_parse.h"

using namespace af::spec;
using namespace af::core;
using namespace af::loader;
using namespace af::text::yaml;

namespace {

const char* kMapping = R"(mapping:
  nodes:
  - !Storage {tensors: [T0, W0, T1], component: MainMemory}
  - !Spatial {rank_variable: m, tile_shape: 16, name: X, component: GlobalBufferArray}
  - !Sequential
    nodes:
    - !Nested
      nodes:
      - !Storage {tensors: [T0], component: GlobalBuffer, persistent: true}
      - !Temporal {rank_variable: n0, tile_shape: 4, initial_tile_shape: 2}
      - !Toll {tensors: [W0], component: Link}
      - !Compute {einsum: Matmul0, component: MAC}
    - !Nested
      nodes:
      - !Reservation {purposes: [T1], resource: GlobalBuffer}
      - !TextBox {text: "a note"}
      - !Compute {einsum: Matmul1, component: MAC}
)";

Mapping read(const std::string& text) { return read_mapping(*parse_yaml(text, "m.yaml").find("mapping")); }

}  // namespace

class TestMappingIo : public QObject {
  Q_OBJECT
 private slots:
  void reads_every_node_kind() {
    const Mapping m = read(kMapping);
    QCOMPARE(m.nodes.size(), std::size_t{3});
    const auto* storage = m.nodes[0].as<StorageNode>();
    QVERIFY(storage);
    QCOMPARE(storage->tensors.size(), std::size_t{3});
    QCOMPARE(m.nodes[0].where->line, 3);
    const auto* spatial = m.nodes[1].as<SpatialNode>();
    QVERIFY(spatial);
    QCOMPARE(spatial->tile_shape, std::int64_t{16});
    QCOMPARE(spatial->name, std::string("X"));
    const auto* seq = m.nodes[2].as<BranchNode>();
    QVERIFY(seq && seq->kind == BranchKind::Sequential);
    QCOMPARE(seq->branches.size(), std::size_t{2});
    const auto* first = seq->branches[0].as<NestedNode>();
    QVERIFY(first && first->nodes.size() == 4);
    QVERIFY(first->nodes[0].as<StorageNode>()->persistent);
    QCOMPARE(first->nodes[1].as<TemporalNode>()->initial_tile_shape.value_or(0), std::int64_t{2});
    QVERIFY(first->nodes[2].as<TollNode>());
  }

  void round_trip_is_identity() {
    const Mapping m = read(kMapping);
    const std::string written = af::io::write_mapping_yaml(m);
    const Mapping again = read(written);
    QCOMPARE(af::io::write_mapping_yaml(again), written);
    QVERIFY(same_tree(af::io::mapping_to_yaml(m), af::io::mapping_to_yaml(again)));
  }

  void malformed_nodes_are_all_reported() {
    const char* text = R"(mapping:
  nodes:
  - !Temporal {rank_variable: m, tile_shape: 0}
  - !Storage {tensors: [A]}
  - !Frobnicate {}
  - plain
)";
    try {
      (void)read(text);
      QFAIL("expected a SpecError");
    } catch (const SpecError& e) {
      QCOMPARE(e.diagnostics().size(), std::size_t{4});
      QCOMPARE(e.diagnostics()[0].where.line, 3);
      QVERIFY(e.diagnostics()[0].message.find("positive integer") != std::string::npos);
      QVERIFY(e.diagnostics()[1].message.find("component") != std::string::npos);
      QCOMPARE(e.diagnostics()[2].where.line, 5);
    }
  }
};

QTEST_GUILESS_MAIN(TestMappingIo)
#include "test_mapping_io.moc"
