// af::Workspace, the front door the CLI and the window share: load (files, unsaved texts,
// --set data), template variables, evaluate, map, the mapping section and the tree editor's
// queries, on the project's own bundled examples. Plain C++: no event loop, no threads of ours.
#include <QtTest>

#include <fstream>
#include <sstream>

#include "workspace/mapping_queries.h"
#include "workspace/mapping_section.h"
#include "workspace/workspace.h"

using namespace af;

namespace {

std::string example(const std::string& name, const std::string& file) {
  return std::string(AF_SOURCE_DIR) + "/resources/examples/" + name + "/" + file;
}

std::string read(const std::string& path) {
  std::ifstream in(path);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

SpecInputs matmul() {
  SpecInputs in;
  for (const char* f : {"arch.yaml", "workload.yaml", "mapping.yaml"}) in.files.push_back(example("two_level_matmul", f));
  return in;
}

}  // namespace

class TestWorkspace : public QObject {
  Q_OBJECT
 private slots:
  void loads_evaluates_and_lists_variables() {
    const Workspace ws = Workspace::load(matmul());
    QVERIFY2(ws.ok(), ws.diagnostics().empty() ? "" : ws.diagnostics().front().to_string().c_str());
    QCOMPARE(ws.error_count(), std::size_t{0});
    std::vector<std::string> names;
    for (const auto& v : ws.template_variables()) names.push_back(v.name);
    QCOMPARE(names, (std::vector<std::string>{"M", "K", "N"}));
    QCOMPARE(ws.template_variables()[0].default_text.value_or(""), std::string("32"));
    const EvaluationOutcome out = ws.evaluate();
    QVERIFY(out.evaluation.has_value());
    QVERIFY(out.evaluation->total_energy > 0);
    // 32 x 16 x 32 MACs.
    QCOMPARE(out.evaluation->compute_ops.at("Matmul"), 32.0 * 16 * 32);
  }

  void set_data_and_unsaved_texts_win() {
    SpecInputs in = matmul();
    in.assignments = {"M=8"};
    // An unsaved edit of the mapping: the m loop split in two.
    std::string mapping = read(in.files[2]);
    mapping.replace(mapping.find("- !Temporal {rank_variable: m, tile_shape: 1}"), 45,
                    "- !Temporal {rank_variable: m, tile_shape: 4}\n  - !Temporal {rank_variable: m, tile_shape: 1}");
    in.unsaved[in.files[2]] = mapping;
    const Workspace ws = Workspace::load(in);
    QVERIFY(ws.ok());
    QCOMPARE(ws.spec().workload.workload.find_einsum("Matmul")->rank_variable_bounds.at("m"), std::int64_t{8});
    const auto out = ws.evaluate();
    QVERIFY(out.evaluation);
    QCOMPARE(out.evaluation->compute_ops.at("Matmul"), 8.0 * 16 * 32);
  }

  void errors_are_diagnostics_not_exceptions() {
    SpecInputs in = matmul();
    in.unsaved[in.files[0]] = "arch:\n  nodes:\n  - !Memory\n    name: DRAM\n    size: [\n";
    const Workspace ws = Workspace::load(in);
    QVERIFY(!ws.ok());
    QVERIFY(ws.error_count() > 0);
    QCOMPARE(ws.diagnostics().front().where.file, in.files[0]);
    QVERIFY(ws.diagnostics().front().where.line > 0);
    QCOMPARE(ws.template_variables().size(), std::size_t{3});  // still listed
    QVERIFY_THROWS_EXCEPTION(std::logic_error, (void)ws.spec());
  }

  void a_model_rejection_is_a_mapping_problem() {
    SpecInputs in = matmul();
    std::string mapping = read(in.files[2]);
    mapping.replace(mapping.find("rank_variable: n, tile_shape: 1"), 31, "rank_variable: n, tile_shape: 64");
    in.unsaved[in.files[2]] = mapping;
    const Workspace ws = Workspace::load(in);
    if (!ws.ok()) return;  // the loader may already refuse a tile above the bound: also fine
    const auto out = ws.evaluate();
    QVERIFY(!out.evaluation);
    QVERIFY(out.problem.has_value());
    QVERIFY(!out.problem->message.empty());
  }

  void maps_through_the_front_door() {
    SpecInputs in = matmul();
    in.files.pop_back();  // no mapping: the mapper finds one
    in.assignments = {"M=8", "K=8", "N=8"};
    const Workspace ws = Workspace::load(in);
    QVERIFY(ws.ok());
    QCOMPARE(ws.evaluate().missing.empty(), false);
    mapper::MapperOptions options = ws.mapper_options();
    options.metrics = mapper::kEnergy;
    struct Count : mapper::Observer {
      int templates = 0;
      void on_template_done(const std::string&, std::size_t, std::size_t, const mapper::EinsumStats&) override {
        ++templates;
      }
    } observer;
    const auto result = ws.map(options, &observer);
    QVERIFY2(result.found, result.failure.c_str());
    QVERIFY(observer.templates > 0);
    // The chosen mapping evaluates through the same door to the same energy.
    QCOMPARE(ws.evaluate(*result.mapping).total_energy, result.evaluation->total_energy);
    std::stop_source stop;
    stop.request_stop();
    QVERIFY(ws.map(options, nullptr, stop.get_token()).cancelled);
  }

  void mapping_section_reads_and_splices() {
    const std::string file = example("two_level_matmul", "mapping.yaml");
    const std::string text = read(file);
    const MappingSection section = read_mapping_section(text, file, {});
    QVERIFY(section.mapping.has_value());
    QVERIFY(!section.templated);
    QCOMPARE(section.mapping->nodes.size(), std::size_t{7});
    // Written back: the comment lines above the section stay byte for byte.
    const std::string out = replace_mapping_section(text, write_mapping_section(*section.mapping));
    QVERIFY(out.starts_with(text.substr(0, text.find("mapping:"))));
    QCOMPARE(read_mapping_section(out, file, {}).mapping->nodes.size(), std::size_t{7});
    const MappingSection broken = read_mapping_section("mapping:\n  nodes: [\n", file, {});
    QVERIFY(!broken.mapping);
    QVERIFY(!broken.diagnostics.empty());
  }

  void tree_queries_offer_divisors_or_imperfect_candidates() {
    const Workspace ws = Workspace::load(matmul());
    QVERIFY(ws.ok());
    const spec::Mapping& m = *ws.spec().mapping;
    const spec::Workload& w = ws.spec().workload.workload;
    // Node 2 is the temporal m loop (M = 32); nothing inside it loops over m.
    QCOMPARE(valid_tile_shapes(m, w, {2}), (std::vector<std::int64_t>{1, 2, 4, 8, 16, 32}));
    const auto imperfect = valid_tile_shapes(m, w, {2}, TileChoiceOptions{.imperfect = true});
    QVERIFY(std::find(imperfect.begin(), imperfect.end(), 11) != imperfect.end());  // ceil(32/3)
    QCOMPARE(tensors_below(m, w, {1}), (std::vector<std::string>{"A", "B", "Z"}));
    QCOMPARE(shape_at(m, w, {4}).at("m"), std::int64_t{1});
    QVERIFY(valid_tile_shapes(m, w, {0}).empty());  // a storage node has no tile
  }
};

QTEST_APPLESS_MAIN(TestWorkspace)
#include "test_workspace.moc"
