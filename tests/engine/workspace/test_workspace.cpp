// af::Workspace, the front door the CLI and the window share: load (files, unsaved texts,
// --set data), template variables, evaluate, map, the mapping section and the tree editor's
// queries, on the project's own bundled examples. Plain C++: no event loop, no threads of ours.
#include <QtTest>
#include <algorithm>
#include <fstream>
#include <sstream>

#include "mapping_edit/mapping_queries.h"
#include "mapping_edit/mapping_section.h"
#include "support/shared_corpus.h"
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

void replaceFirst(std::string& text, const std::string& from, const std::string& to) {
  text.replace(text.find(from), from.size(), to);
}

SpecInputs matmul() {
  SpecInputs in;
  for (const char* f : {"arch.yaml", "workload.yaml", "mapping.yaml"})
    in.files.push_back(example("two_level_matmul", f));
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
    mapping.replace(
        mapping.find("- !Temporal {rank_variable: m, tile_shape: 1}"), 45,
        "- !Temporal {rank_variable: m, tile_shape: 4}\n  - !Temporal {rank_variable: m, tile_shape: 1}");
    in.unsaved[in.files[2]] = mapping;
    const Workspace ws = Workspace::load(in);
    QVERIFY(ws.ok());
    QCOMPARE(ws.spec().workload.workload.find_einsum("Matmul")->rank_variable_bounds.at("m"),
             std::int64_t{8});
    const auto out = ws.evaluate();
    QVERIFY(out.evaluation);
    QCOMPARE(out.evaluation->compute_ops.at("Matmul"), 8.0 * 16 * 32);
  }

  // A variable read only by an included file is listed under that file, with its default,
  // also when it is the one that stops the load; a name the including file sets is not.
  void lists_the_variables_of_included_files() {
    QTemporaryDir dir;
    const auto write = [&](const char* name, const char* text) {
      std::ofstream(dir.filePath(name).toStdString()) << text;
      return dir.filePath(name).toStdString();
    };
    write("child.yaml",
          "workload:\n  rank_sizes: {M: {{ DEPTH | default(8) }}, N: {{ WIDTH }}, K: {{ HEIGHT }}}\n");
    SpecInputs in;
    in.files = {write(
        "parent.yaml",
        "{{ add_to_path(\".\") }}\n{% set WIDTH = 4 %}\n{% set PART = include(\"child.yaml\", \"\") %}\n"
        "workload: {{ PART }}.workload\n")};
    const Workspace ws = Workspace::load(in);
    QVERIFY(!ws.ok());  // HEIGHT is undefined
    std::map<std::string, SpecVariable> vars;
    for (const auto& v : ws.template_variables()) vars.emplace(v.name, v);
    QVERIFY2(vars.contains("DEPTH") && vars.contains("HEIGHT"), "the included file's variables are missing");
    QVERIFY(!vars.contains("WIDTH"));
    QCOMPARE(vars.at("DEPTH").default_text.value_or(""), std::string("8"));
    QVERIFY(!vars.at("HEIGHT").default_text);
    QVERIFY(vars.at("HEIGHT").files.front().ends_with("child.yaml"));

    in.assignments = {"HEIGHT=2"};
    const Workspace set = Workspace::load(in);
    for (const auto& d : set.diagnostics())
      QVERIFY2(d.message.find("HEIGHT") == std::string::npos, d.to_string().c_str());
    QVERIFY(std::any_of(set.template_variables().begin(), set.template_variables().end(),
                        [](const auto& v) { return v.name == "HEIGHT"; }));
  }

  // AccelForge's GPT-3 workload reads DECODE, BATCH_SIZE and N_NEW_TOKENS in the files it
  // includes; each is listed so that the window can set it.
  void lists_what_gpt3_reads_through_includes() {
    AF_REQUIRE_CORPUS();
    SpecInputs in;
    in.files = {test::reference_file("examples/arches/tpu_v4i.yaml"),
                test::reference_file("examples/workloads/transformers/gpt/gpt3_6.7B.yaml")};
    const Workspace ws = Workspace::load(in);
    std::vector<std::string> names;
    for (const auto& v : ws.template_variables()) names.push_back(v.name);
    for (const char* wanted : {"DECODE", "BATCH_SIZE", "N_NEW_TOKENS", "MAX_N_TOKENS"})
      QVERIFY2(std::find(names.begin(), names.end(), wanted) != names.end(), wanted);
    for (const char* set_by_a_file : {"N_HEADS", "N_HIDDEN_DIMS"})
      QVERIFY2(std::find(names.begin(), names.end(), set_by_a_file) == names.end(), set_by_a_file);

    // N_CACHED_TOKENS is read only when DECODE: not needed for a prefill, needed for a decode,
    // undecided while DECODE has no value.
    const auto cached = [](const Workspace& w) {
      for (const auto& v : w.template_variables())
        if (v.name == "N_CACHED_TOKENS") return v;
      return SpecVariable{};
    };
    QCOMPARE(cached(ws).needed_when, std::vector<std::string>{"DECODE"});
    QVERIFY(!cached(ws).needed_now.has_value());
    in.assignments = {"BATCH_SIZE=1", "DECODE=False", "N_NEW_TOKENS=256"};
    QCOMPARE(cached(Workspace::load(in)).needed_now, std::optional<bool>(false));
    in.assignments = {"BATCH_SIZE=1", "DECODE=True", "N_NEW_TOKENS=1"};
    QCOMPARE(cached(Workspace::load(in)).needed_now, std::optional<bool>(true));
  }

  // Without the corpus: a variable read only in one branch is needed only when its condition
  // holds with the values given (or the files' defaults).
  void a_variable_read_under_a_condition_is_needed_only_then() {
    SpecInputs in;
    in.files = {"conditional.yaml"};
    in.unsaved["conditional.yaml"] =
        "{% set MODE = MODE | default(\"fast\") %}\n"
        "{% if DEEP %}depth: {{ LEVELS * 2 }}{% endif %}\n"
        "{% if MODE == \"slow\" %}delay: {{ DELAY }}{% endif %}\n";
    const auto variable = [](const Workspace& w, const std::string& name) {
      for (const auto& v : w.template_variables())
        if (v.name == name) return v;
      return SpecVariable{};
    };
    const Workspace none = Workspace::load(in);
    QCOMPARE(variable(none, "LEVELS").needed_when, std::vector<std::string>{"DEEP"});
    QVERIFY(variable(none, "LEVELS").numeric);
    QVERIFY(!variable(none, "LEVELS").needed_now);                             // DEEP has no value
    QCOMPARE(variable(none, "DELAY").needed_now, std::optional<bool>(false));  // MODE's default
    QCOMPARE(variable(none, "DEEP").needed_now, std::optional<bool>(true));
    in.assignments = {"DEEP=True", "MODE=slow"};
    const Workspace set = Workspace::load(in);
    QCOMPARE(variable(set, "LEVELS").needed_now, std::optional<bool>(true));
    QCOMPARE(variable(set, "DELAY").needed_now, std::optional<bool>(true));
    in.assignments = {"DEEP=False"};
    QCOMPARE(variable(Workspace::load(in), "LEVELS").needed_now, std::optional<bool>(false));
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

  // The workspace says which file holds `mapping:` and reads its section on its own, also when
  // another file breaks the load (the tree editor keeps showing the mapping).
  void names_the_mapping_file_and_reads_its_section_when_the_load_fails() {
    SpecInputs in = matmul();
    // The same section whether it comes from the load's own tree or from the file read alone.
    const auto same_as_read_alone = [](const mapping_edit::MappingSection& s, const std::string& file) {
      const auto alone = mapping_edit::read_mapping_section(read(file), file, {});
      QVERIFY(s.mapping && alone.mapping && s.spans && alone.spans);
      QCOMPARE(s.mapping->nodes.size(), alone.mapping->nodes.size());
      QCOMPARE(s.spans->nodes.size(), alone.spans->nodes.size());
      for (std::size_t i = 0; i < s.spans->nodes.size(); ++i) {
        QCOMPARE(s.spans->nodes[i].lines.begin, alone.spans->nodes[i].lines.begin);
        QCOMPARE(s.spans->nodes[i].lines.end, alone.spans->nodes[i].lines.end);
      }
      QCOMPARE(s.rendered, alone.rendered);
    };
    {
      const Workspace ws = Workspace::load(in);
      QCOMPARE(ws.mapping_file(), in.files[2]);
      QVERIFY(ws.mapping_section() && ws.mapping_section()->mapping);
      QCOMPARE(ws.mapping_section()->mapping->nodes.size(), ws.spec().mapping->nodes.size());
      same_as_read_alone(*ws.mapping_section(), in.files[2]);
    }
    {  // the files parse together but the typed spec does not build: the section still reads
      SpecInputs bad_field = in;
      bad_field.unsaved[in.files[0]] = read(in.files[0]) + "\nunknown_top_level_key: 1\n";
      const Workspace ws = Workspace::load(bad_field);
      QVERIFY(!ws.ok());
      QVERIFY(ws.mapping_section() && ws.mapping_section()->mapping);
      same_as_read_alone(*ws.mapping_section(), in.files[2]);
    }
    in.unsaved[in.files[0]] = "arch:\n  nodes:\n  - !Memory\n    name: DRAM\n    size: [\n";
    in.assignments = {"M=8"};
    const Workspace broken = Workspace::load(in);
    QVERIFY(!broken.ok());
    QCOMPARE(broken.mapping_file(), in.files[2]);
    QVERIFY(broken.mapping_section() && broken.mapping_section()->mapping);
    QVERIFY(broken.mapping_section()->spans.has_value());  // plain YAML: edits can splice
    // No file with a mapping: nothing to read.
    in.files.pop_back();
    in.unsaved.clear();
    const Workspace none = Workspace::load(in);
    QVERIFY(none.mapping_file().empty());
    QVERIFY(!none.mapping_section());
  }

  // A keep rule that names a level above (`~DRAM.tensors`, as tpu_v4i's GlobalBuffer writes it)
  // is evaluated per storage choice by the mapper: no warning at load, and it maps. A name that
  // is neither a level above nor a tensor still warns.
  void keep_rules_naming_a_level_above_load_quietly() {
    SpecInputs in = matmul();
    in.files.pop_back();  // no mapping: map it
    std::string arch = read(in.files[0]);
    QVERIFY(arch.find("name: Scratchpad\n") != std::string::npos);
    replaceFirst(arch, "name: Scratchpad\n",
                 "name: Scratchpad\n    tensors: {keep: ~DRAM.tensors, may_keep: All}\n");
    in.unsaved[in.files[0]] = arch;
    const Workspace ws = Workspace::load(in);
    QVERIFY2(ws.ok(), ws.diagnostics().empty() ? "" : ws.diagnostics().front().to_string().c_str());
    QVERIFY2(ws.diagnostics().empty(),
             ws.diagnostics().empty() ? "" : ws.diagnostics().front().to_string().c_str());
    QVERIFY(ws.map(ws.mapper_options()).found);

    replaceFirst(arch, "~DRAM.tensors", "~DRMA.tensors");
    in.unsaved[in.files[0]] = arch;
    const Workspace typo = Workspace::load(in);
    QVERIFY(!typo.diagnostics().empty());
    const std::string warning = typo.diagnostics().front().to_string();
    QVERIFY2(warning.find("DRMA") != std::string::npos, warning.c_str());
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
      void on_template_done(const std::string&, std::size_t, std::size_t,
                            const mapper::EinsumStats&) override {
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
    const mapping_edit::MappingSection section = mapping_edit::read_mapping_section(text, file, {});
    QVERIFY(section.mapping.has_value());
    QVERIFY(!section.templated);
    QCOMPARE(section.mapping->nodes.size(), std::size_t{7});
    // Written back: the comment lines above the section stay byte for byte.
    const std::string out =
        mapping_edit::replace_mapping_section(text, mapping_edit::write_mapping_section(*section.mapping));
    QVERIFY(out.starts_with(text.substr(0, text.find("mapping:"))));
    QCOMPARE(mapping_edit::read_mapping_section(out, file, {}).mapping->nodes.size(), std::size_t{7});
    // The mapper's mapping replaces the section and the comment block that described the old
    // one; a blank line ends that block, and text further up stays.
    const std::string commented =
        "arch: {}\n# about the arch\n\n# Unfused, output stationary\n# m outer\nmapping:\n  "
        "nodes: []\nworkload: {}\n";
    QCOMPARE(mapping_edit::replace_mapping_section(commented, "mapping:\n  nodes: [x]\n", true),
             std::string("arch: {}\n# about the arch\n\nmapping:\n  nodes: [x]\nworkload: {}\n"));
    QCOMPARE(mapping_edit::replace_mapping_section("# only\nmapping: {}\n", "mapping: {a: 1}\n", true),
             std::string("mapping: {a: 1}\n"));
    QCOMPARE(mapping_edit::replace_mapping_section("# kept\nmapping: {}\n", "mapping: {a: 1}\n"),
             std::string("# kept\nmapping: {a: 1}\n"));
    QCOMPARE(mapping_edit::mapping_section_text(commented), std::string("mapping:\n  nodes: []\n"));
    QCOMPARE(mapping_edit::mapping_section_text("arch: {}\n"), std::string());
    const mapping_edit::MappingSection broken =
        mapping_edit::read_mapping_section("mapping:\n  nodes: [\n", file, {});
    QVERIFY(!broken.mapping);
    QVERIFY(!broken.diagnostics.empty());
  }

  void tree_queries_offer_divisors_or_imperfect_candidates() {
    const Workspace ws = Workspace::load(matmul());
    QVERIFY(ws.ok());
    const spec::Mapping& m = *ws.spec().mapping;
    const spec::Workload& w = ws.spec().workload.workload;
    // Node 2 is the temporal m loop (M = 32); nothing inside it loops over m.
    QCOMPARE(mapping_edit::valid_tile_shapes(m, w, {2}), (std::vector<std::int64_t>{1, 2, 4, 8, 16, 32}));
    const auto imperfect =
        mapping_edit::valid_tile_shapes(m, w, {2}, mapping_edit::TileChoiceOptions{.imperfect = true});
    QVERIFY(std::find(imperfect.begin(), imperfect.end(), 11) != imperfect.end());  // ceil(32/3)
    QCOMPARE(mapping_edit::tensors_below(m, w, {1}), (std::vector<std::string>{"A", "B", "Z"}));
    QCOMPARE(mapping_edit::shape_at(m, w, {4}).at("m"), std::int64_t{1});
    QVERIFY(mapping_edit::valid_tile_shapes(m, w, {0}).empty());  // a storage node has no tile
  }

  void tile_choices_explain_and_offer_the_inner_loop() {
    const Workspace ws = Workspace::load(matmul());
    QVERIFY(ws.ok());
    const spec::Mapping& m = *ws.spec().mapping;
    const spec::Workload& w = ws.spec().workload.workload;
    // The m loop is the only one over m: a tile above 1 needs an inner `for m` of tile 1,
    // inserted at the end of the chain (just above the Compute, row 6).
    const auto choices = mapping_edit::tile_choices(m, w, {2});
    QCOMPARE(choices.size(), std::size_t{6});
    QVERIFY(!choices[0].inner_loop);
    QVERIFY(choices[2].inner_loop.has_value());
    QCOMPARE(choices[2].tile, std::int64_t{4});
    QCOMPARE(choices[2].inner_loop->chain, spec::NodePath{});
    QCOMPARE(choices[2].inner_loop->row, 6);
    QVERIFY(mapping_edit::explain_tile_shape(m, w, {2}, 4).empty());
    // Non-divisors: explained with the setting that would allow them, or allowed.
    const std::string why = mapping_edit::explain_tile_shape(m, w, {2}, 3);
    QVERIFY2(why.find("does not divide 32") != std::string::npos, why.c_str());
    QVERIFY(why.find("explore_imperfect_temporal_loops") != std::string::npos);
    QVERIFY(mapping_edit::explain_tile_shape(m, w, {2}, 3, mapping_edit::TileChoiceOptions{.imperfect = true})
                .empty());
    QVERIFY(mapping_edit::explain_tile_shape(m, w, {2}, 64).find("only 32 of m") != std::string::npos);
    // The spec's mapper section decides: off unless it says so.
    QVERIFY(!mapping_edit::tile_choice_policy(ws.spec().mapper).temporal.imperfect);
    spec::MapperSettings on;
    on.explore_imperfect_temporal_loops = true;
    QVERIFY(mapping_edit::tile_choice_policy(on).temporal.imperfect &&
            !mapping_edit::tile_choice_policy(on).spatial.imperfect);
  }

  void reserved_tiles_are_what_the_model_counts() {
    const Workspace ws = Workspace::load(matmul());
    QVERIFY(ws.ok());
    const spec::Mapping& m = *ws.spec().mapping;
    const auto tiles = mapping_edit::reserved_tiles(*ws.resolved(), m);
    const auto find = [&](const spec::NodePath& holder,
                          const std::string& tensor) -> const mapping_edit::PlacedTile* {
      for (const auto& t : tiles)
        if (t.holder == holder && t.tile.tensor == tensor) return &t;
      return nullptr;
    };
    // Z in the scratchpad below `for m`: not backed there, lowered through n (which indexes
    // Z) and sized above k (which does not): one 8-bit value, not the 32 of Z[m:1, n:32].
    const auto* z = find({3}, "Z");
    QVERIFY(z);
    QCOMPARE(z->tile.extents, (std::vector<std::int64_t>{1, 1}));
    QCOMPARE(z->tile.bits, 8.0);
    QCOMPARE(z->tile.holder_extents, (std::vector<std::int64_t>{1, 32}));
    QCOMPARE(z->tile.sized_by, model::SizedBy::IrrelevantLoop);
    QCOMPARE(z->sized_at, (spec::NodePath{5}));
    QCOMPARE(z->lowered_through, (std::vector<spec::NodePath>{{4}}));
    // A, listed before Z in the same node, closes at Z: the whole A[m:1, k:16].
    const auto* a = find({3}, "A");
    QVERIFY(a);
    QCOMPARE(a->tile.extents, (std::vector<std::int64_t>{1, 16}));
    QCOMPARE(a->tile.sized_by, model::SizedBy::Holder);
    QCOMPARE(find({0}, "B")->tile.sized_by, model::SizedBy::Backing);         // DRAM backs B
    QCOMPARE(find({1}, "B")->tile.sized_by, model::SizedBy::IrrelevantLoop);  // reused across m
    // Every buffer's bits are the model's occupancy.
    const auto ev = ws.evaluate(m);
    for (const auto& t : tiles) {
      if (t.tile.component == "MAC") continue;
      const auto it = ev.occupancy.find({t.tile.einsum, t.tile.component, t.tile.tensor});
      QVERIFY2(it != ev.occupancy.end(), t.tile.tensor.c_str());
      QCOMPARE(t.tile.bits, it->second);
    }
    // An unfinished mapping (no tile-1 m loop) still places its buffers.
    spec::Mapping unfinished = m;
    std::get<spec::TemporalNode>(unfinished.nodes[2].node).tile_shape = 4;
    const auto partial = mapping_edit::reserved_tiles(*ws.resolved(), unfinished);
    QCOMPARE(partial.size(), tiles.size());
    // ... while the model says why it refuses it, and what to insert.
    SpecInputs in = matmul();
    std::string text = read(in.files[2]);
    replaceFirst(text, "{rank_variable: m, tile_shape: 1}", "{rank_variable: m, tile_shape: 4}");
    in.unsaved[in.files[2]] = text;
    const auto refused = Workspace::load(in).evaluate();
    QVERIFY(refused.problem);
    QVERIFY2(refused.problem->message.find("one operation at a time") != std::string::npos &&
                 refused.problem->message.find("`- !Temporal {rank_variable: m, tile_shape: 1}`") !=
                     std::string::npos,
             refused.problem->message.c_str());
  }

  void mapping_errors_name_the_fields_line() {
    SpecInputs in = matmul();
    std::string mapping = read(in.files[2]);
    // Block style, so the field has a line of its own.
    replaceFirst(mapping, "  - !Storage {tensors: [B], component: Scratchpad}",
                 "  - !Storage\n    tensors: [B]\n    component: Scratchpadx");
    in.unsaved[in.files[2]] = mapping;
    const Workspace ws = Workspace::load(in);
    QVERIFY(!ws.ok());
    const auto& d = ws.diagnostics().front();
    QVERIFY2(d.message.find("unknown component 'Scratchpadx'") != std::string::npos, d.message.c_str());
    QCOMPARE(d.where.file, in.files[2]);
    const int line = static_cast<int>(std::count(
                         mapping.begin(), mapping.begin() + mapping.find("component: Scratchpadx"), '\n')) +
                     1;
    QCOMPARE(d.where.line, line);
    QCOMPARE(d.where.column, 16);  // the value after `component: `
    // A model rejection points at its field too: a loop over a rank variable the Einsum lacks.
    SpecInputs rv = matmul();
    std::string loops = read(rv.files[2]);
    replaceFirst(loops, "  - !Temporal {rank_variable: k, tile_shape: 1}",
                 "  - !Temporal\n    rank_variable: q\n    tile_shape: 1");
    rv.unsaved[rv.files[2]] = loops;
    const Workspace bad = Workspace::load(rv);
    QVERIFY(bad.ok());
    const auto out = bad.evaluate();
    QVERIFY(out.problem && out.problem->where);
    const int rvLine =
        static_cast<int>(std::count(loops.begin(), loops.begin() + loops.find("rank_variable: q"), '\n')) + 1;
    QCOMPARE(out.problem->where->line, rvLine);
  }

  void one_bad_variable_is_one_error() {
    // N=abc makes `rank_sizes: {…, N: abc}`: one error at N, and no "has no bound" for m, k
    // and n, whose ranks are written (one of them badly).
    SpecInputs in = matmul();
    in.assignments = {"N=abc"};
    const Workspace ws = Workspace::load(in);
    QVERIFY(!ws.ok());
    std::vector<core::Diagnostic> errors;
    for (const auto& d : ws.diagnostics())
      if (d.severity == core::Severity::Error) errors.push_back(d);
    std::string all;
    for (const auto& d : errors) all += d.to_string() + "\n";
    QVERIFY2(errors.size() == 1, all.c_str());
    QVERIFY2(errors.front().field.find("rank_sizes") != std::string::npos, all.c_str());
    QVERIFY(all.find("has no bound") == std::string::npos);
    // A rank that is not written at all still gets its "no bound" error.
    SpecInputs missing = matmul();
    std::string workload = read(missing.files[1]);
    replaceFirst(workload, "K: {{K}}, ", "");
    missing.unsaved[missing.files[1]] = workload;
    const Workspace none = Workspace::load(missing);
    QVERIFY(!none.ok());
    QVERIFY(none.diagnostics().front().message.find("rank variable 'k' of Einsum 'Matmul' has no bound") !=
            std::string::npos);
  }
};

QTEST_APPLESS_MAIN(TestWorkspace)
#include "test_workspace.moc"
