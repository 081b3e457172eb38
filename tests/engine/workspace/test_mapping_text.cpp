// Tree edits spliced into mapping text (mapping_edit/mapping_text.h): where the load job locates
// each node, and that an edit changes only the edited node's text, in flow and block style.
#include <QtTest>

#include "mapping_edit/mapping_section.h"
#include "mapping_edit/mapping_text.h"

using namespace af;

namespace {

// The two_level_matmul example's mapping, flow style, with comments.
const std::string kFlow = R"(# Weight-stationary mapping.
mapping:
  nodes:
  - !Storage {tensors: [A, B, Z], component: DRAM}
  - !Storage {tensors: [B], component: Scratchpad}  # B stays
  - !Temporal {rank_variable: m, tile_shape: 1}
  - !Storage {tensors: [A, Z], component: Scratchpad}
  - !Temporal {rank_variable: n, tile_shape: 1}
  # the reduction
  - !Temporal {rank_variable: k, tile_shape: 1}
  - !Compute {einsum: Matmul, component: MAC}
)";

const std::string kBlock = R"(mapping:
  nodes:
  - !Storage
    tensors:
    - A
    - B
    component: DRAM
  - !Temporal
    rank_variable: m
    tile_shape: 1   # one row
  - !Compute
    einsum: Matmul
    component: MAC
)";

const std::string kSequential = R"(mapping:
  nodes:
  - !Storage {tensors: [T0, T1, T2], component: DRAM}
  - !Sequential
    nodes:
    - !Nested
      nodes:
      - !Temporal {rank_variable: m, tile_shape: 1}
      - !Compute {einsum: Matmul0, component: MAC}
    - !Nested
      nodes:
      - !Temporal {rank_variable: m, tile_shape: 1}
      - !Compute {einsum: Matmul1, component: MAC}
)";

mapping_edit::MappingSpans spansOf(const std::string& text) {
  const mapping_edit::MappingSection section = mapping_edit::read_mapping_section(text, "mapping.yaml", {});
  if (!section.spans) qFatal("no spans for the test text");
  return *section.spans;
}

// `text` with lines replaced: each pair is a line number (0-based, in `text`) and the text
// that stands there instead (several lines where it holds '\n').
std::string withLines(const std::string& text, std::initializer_list<std::pair<int, std::string>> replaced) {
  auto lines = QString::fromStdString(text).split('\n');
  for (const auto& [n, line] : replaced) lines[n] = QString::fromStdString(line);
  return lines.join('\n').toStdString();
}

std::string withLine(const std::string& text, int n, const std::string& line) {
  return withLines(text, {{n, line}});
}

spec::MappingNode temporal(const std::string& rv, std::int64_t tile) {
  return {spec::TemporalNode{rv, tile, std::nullopt}, {}, std::nullopt, {}};
}

// What the text reads back as, per node, to check spans stay true after several edits.
std::string reread(const std::string& text) {
  const auto section = mapping_edit::read_mapping_section(text, "mapping.yaml", {});
  if (!section.mapping) return "unreadable";
  std::string out;
  spec::for_each_node(*section.mapping, [&](const spec::MappingNode& n, const spec::NodePath&) {
    out += spec::describe(n) + "; ";
  });
  return out;
}

}  // namespace

class TestMappingText : public QObject {
  Q_OBJECT
 private slots:
  void locatesEveryNode() {
    const mapping_edit::MappingSpans spans = spansOf(kFlow);
    QCOMPARE(spans.text, kFlow);
    QCOMPARE(spans.nodes.size(), std::size_t{7});
    const auto& tile = *spans.nodes[2].field("tile_shape");
    QCOMPARE(kFlow.substr(tile.begin, tile.end - tile.begin), std::string("1"));
    const auto& tensors = *spans.nodes[3].field("tensors");
    QCOMPARE(kFlow.substr(tensors.begin, tensors.end - tensors.begin), std::string("[A, Z]"));
    // A node's lines stop before the comment that introduces the next one.
    const auto& n = spans.nodes[4].lines;
    QCOMPARE(kFlow.substr(n.begin, n.end - n.begin),
             std::string("  - !Temporal {rank_variable: n, tile_shape: 1}\n"));
    QVERIFY(spans.nodes[0].flow);
    const mapping_edit::MappingSpans block = spansOf(kBlock);
    QVERIFY(!block.nodes[1].flow);
    const auto& b = *block.nodes[0].field("tensors");
    QCOMPARE(kBlock.substr(b.begin, b.end - b.begin), std::string("- A\n    - B"));
    QCOMPARE(spansOf(kSequential).nodes[1].children[1].children.size(), std::size_t{2});
    // Nodes listed in flow style cannot be placed line by line: no spans, edits rewrite.
    QVERIFY(!mapping_edit::read_mapping_section("mapping:\n  nodes: [!Compute {einsum: E, component: MAC}]\n",
                                  "mapping.yaml", {})
                 .spans);
  }

  void tileChangeRewritesOneScalar() {
    mapping_edit::MappingSpans spans = spansOf(kFlow);
    QVERIFY(mapping_edit::splice(spans, {mapping_edit::SetScalar{{2}, "tile_shape", "4"}}));
    QCOMPARE(spans.text, withLine(kFlow, 5, "  - !Temporal {rank_variable: m, tile_shape: 4}"));
    // The spans moved with the text: a second edit on the same line lands right.
    QVERIFY(mapping_edit::splice(spans, {mapping_edit::SetScalar{{2}, "rank_variable", "n"}, mapping_edit::SetScalar{{2}, "tile_shape", "16"}}));
    QCOMPARE(spans.text, withLine(kFlow, 5, "  - !Temporal {rank_variable: n, tile_shape: 16}"));
    mapping_edit::MappingSpans block = spansOf(kBlock);
    QVERIFY(mapping_edit::splice(block, {mapping_edit::SetScalar{{1}, "tile_shape", "8"}}));
    QCOMPARE(block.text, withLine(kBlock, 9, "    tile_shape: 8   # one row"));
  }

  void tensorToggleRewritesOneList() {
    mapping_edit::MappingSpans spans = spansOf(kFlow);
    QVERIFY(mapping_edit::splice(spans, {mapping_edit::SetList{{3}, "tensors", {"A"}}}));
    QCOMPARE(spans.text, withLine(kFlow, 6, "  - !Storage {tensors: [A], component: Scratchpad}"));
    QVERIFY(mapping_edit::splice(spans, {mapping_edit::SetScalar{{3}, "component", "DRAM"}}));
    QCOMPARE(spans.text, withLine(kFlow, 6, "  - !Storage {tensors: [A], component: DRAM}"));
    // A block list stays a block list.
    mapping_edit::MappingSpans block = spansOf(kBlock);
    QVERIFY(mapping_edit::splice(block, {mapping_edit::SetList{{0}, "tensors", {"A", "B", "Z"}}}));
    QCOMPARE(block.text, withLine(kBlock, 5, "    - B\n    - Z"));
    QCOMPARE(reread(block.text),
             std::string("Storage DRAM [A, B, Z]; Temporal m tile_shape 1; Compute Matmul on MAC; "));
  }

  void moveInsertDeleteMoveLines() {
    mapping_edit::MappingSpans spans = spansOf(kFlow);
    // k above n: the node's line moves; the comment stays with the node it introduced.
    QVERIFY(mapping_edit::splice(spans, {mapping_edit::MoveNode{{5}, 4}}));
    const std::string moved = withLines(kFlow, {{7, "  - !Temporal {rank_variable: k, tile_shape: 1}"},
                                                {8, "  - !Temporal {rank_variable: n, tile_shape: 1}"},
                                                {9, "  # the reduction"}});
    QCOMPARE(spans.text, moved);
    QVERIFY(mapping_edit::splice(spans, {mapping_edit::InsertNode{{}, 3, temporal("m", 1)}}));
    QCOMPARE(spans.text, withLine(moved, 5,
                                  "  - !Temporal {rank_variable: m, tile_shape: 1}\n"
                                  "  - !Temporal {rank_variable: m, tile_shape: 1}"));
    // The inserted node is located too: its tile can be edited next.
    QVERIFY(mapping_edit::splice(spans, {mapping_edit::SetScalar{{3}, "tile_shape", "2"}, mapping_edit::RemoveNode{{2}}}));
    QCOMPARE(spans.text, withLine(moved, 5, "  - !Temporal {rank_variable: m, tile_shape: 2}"));
    // Down to the end of the chain (before the Compute), then to the top.
    QVERIFY(mapping_edit::splice(spans, {mapping_edit::MoveNode{{1}, 6}, mapping_edit::MoveNode{{5}, 0}}));
    QCOMPARE(reread(spans.text),
             std::string("Storage Scratchpad [B]; Storage DRAM [A, B, Z]; Temporal m tile_shape 2; "
                         "Storage Scratchpad [A, Z]; Temporal k tile_shape 1; Temporal n tile_shape 1; "
                         "Compute Matmul on MAC; "));
    QVERIFY(spans.text.find("[B], component: Scratchpad}  # B stays\n") != std::string::npos);
  }

  void blockStyleInsertsBlock() {
    mapping_edit::MappingSpans spans = spansOf(kBlock);
    QVERIFY(mapping_edit::splice(spans, {mapping_edit::InsertNode{{}, 2, temporal("k", 1)}}));
    // A block node before the Compute (line 10).
    QCOMPARE(spans.text, withLine(kBlock, 10,
                                  "  - !Temporal\n"
                                  "    rank_variable: k\n"
                                  "    tile_shape: 1\n"
                                  "  - !Compute"));
  }

  void nestedChainsKeepTheirIndent() {
    mapping_edit::MappingSpans spans = spansOf(kSequential);
    QVERIFY(
        mapping_edit::splice(spans, {mapping_edit::InsertNode{{1, 1}, 1, temporal("n2", 1)}, mapping_edit::SetScalar{{1, 0, 0}, "tile_shape", "4"}}));
    QCOMPARE(spans.text, withLines(kSequential, {{7, "      - !Temporal {rank_variable: m, tile_shape: 4}"},
                                                 {11,
                                                  "      - !Temporal {rank_variable: m, tile_shape: 1}\n"
                                                  "      - !Temporal {rank_variable: n2, tile_shape: 1}"}}));
  }

  void impossibleEditsChangeNothing() {
    mapping_edit::MappingSpans spans = spansOf(kFlow);
    const mapping_edit::MappingSpans before = spans;
    // No `persistent:` written: nothing to rewrite in place; the whole batch is refused.
    QVERIFY(!mapping_edit::splice(spans, {mapping_edit::SetScalar{{2}, "tile_shape", "4"}, mapping_edit::SetScalar{{0}, "persistent", "true"}}));
    QCOMPARE(spans.text, before.text);
    QVERIFY(!mapping_edit::splice(spans, {mapping_edit::RemoveNode{{42}}}));
    // Names that need quotes in flow style get them.
    QVERIFY(mapping_edit::splice(spans, {mapping_edit::SetScalar{{0}, "component", "Main, Memory"}}));
    QCOMPARE(spans.text,
             withLine(kFlow, 3, "  - !Storage {tensors: [A, B, Z], component: \"Main, Memory\"}"));
  }
};

QTEST_GUILESS_MAIN(TestMappingText)
#include "test_mapping_text.moc"
