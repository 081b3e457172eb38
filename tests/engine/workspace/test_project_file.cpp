// The project file (.afproj): what is written reads back the same, paths are stored relative
// to the file and resolved on reading, and a broken file is an error at its line and column
// that names the field.
#include <QtTest>
#include <fstream>
#include <sstream>
#include <string>

#include "core/diagnostic.h"
#include "mapper/options.h"
#include "workspace/project_file.h"

using namespace af;

namespace {

core::Diagnostic error_of(const std::string& text) {
  try {
    (void)parse_project_file(text, "/p/x.afproj");
  } catch (const core::SpecError& e) {
    return e.diagnostics().front();
  }
  return {};
}

}  // namespace

class TestProjectFile : public QObject {
  Q_OBJECT
 private slots:
  void round_trips() {
    ProjectFile p;
    p.files = {"/p/specs/arch.yaml", "/p/specs/workload.yaml", "/elsewhere/mapping.yaml"};
    p.variables = {{"M", "64"}, {"DECODE", "True"}, {"NAME", "a \"quoted\" \\ value\n"}};
    p.component_costs = "/p/costs.json#eyeriss";
    p.priced_by_model = {"GlobalBuffer", "*"};
    p.mapper.metrics = mapper::kEnergy | mapper::kLatency;
    p.mapper.unfused = false;
    p.mapper.max_fused_loops = mapper::kUnlimited;
    p.mapper.imperfect_temporal_loops = true;
    p.mapper.tiling_coarseness = 1.5;
    p.mapper.threads = 2;
    p.mapper.objective_tolerance = 0.01;
    p.cim = {.macros = 4, .dummy_main_memory = true};
    const std::string text = write_project_file(p, "/p/x.afproj");
    QVERIFY2(text.find("cim:\n  main_memory: true\n  macros: 4\n") != std::string::npos, text.c_str());
    // Inside the project's folder, paths are written relative; outside it, as given.
    QVERIFY2(text.find("\"specs/arch.yaml\"") != std::string::npos, text.c_str());
    QVERIFY2(text.find("\"/elsewhere/mapping.yaml\"") != std::string::npos, text.c_str());
    QVERIFY2(text.find("\"costs.json#eyeriss\"") != std::string::npos, text.c_str());
    const ProjectFile back = parse_project_file(text, "/p/x.afproj");
    QVERIFY2(back == p, text.c_str());
    // Written from another folder, the same paths resolve to the same files.
    QVERIFY(parse_project_file(write_project_file(p, "/q/y.afproj"), "/q/y.afproj") == p);
  }

  void reads_what_a_person_writes() {
    const ProjectFile p = parse_project_file(
        "files: [arch.yaml, ../w.yaml]\nvariables: {M: 64, DECODE: True}\nmapper:\n  metric: EDP\n"
        "  max_fused_loops: 1\n",
        "/p/x.afproj");
    QCOMPARE(p.files, (std::vector<std::string>{"/p/arch.yaml", "/w.yaml"}));
    QCOMPARE(p.variables.size(), std::size_t{2});
    QCOMPARE(p.variables[0].second, std::string("64"));
    QCOMPARE(p.variables[1].second, std::string("True"));
    QCOMPARE(*p.mapper.metrics, unsigned{mapper::kEdp});
    QCOMPARE(*p.mapper.max_fused_loops, std::int64_t{1});
    QVERIFY(!p.mapper.unfused);    // not chosen: the spec's value holds
    QVERIFY(!p.cim.adds_nodes());  // no cim: section, nothing added
    const ProjectFile cim =
        parse_project_file("files: [arch.yaml]\ncim: {main_memory: true}\n", "/p/x.afproj");
    QVERIFY(cim.cim.dummy_main_memory);
    QCOMPARE(cim.cim.macros, 1);
  }

  // What is read writes back to the same project: the fuzz target's property, on its seed and
  // on numbers that std::to_string would round.
  void what_is_read_writes_back_the_same() {
    std::ifstream in(std::string(AF_SOURCE_DIR) + "/tests/fuzz/seeds/project.afproj");
    std::stringstream seed;
    seed << in.rdbuf();
    QVERIFY(!seed.str().empty());
    for (const std::string& text :
         {seed.str(),
          std::string(
              "files: [a.yaml]\nmapper: {tiling_coarseness: 1.234567891, objective_tolerance: 1e-9}\n"),
          std::string("files: ['#', ./x/../y.yaml, /a/./b]\ncomponent_costs: '#s'\nvariables: {'a b': '', c: "
                      "\"\\t\"}\n"),
          // A path that resolves to the project's own folder (found by fuzz_project_file: it
          // was written as "." and read back with a trailing slash), and escapes yaml-cpp
          // decodes to lone bytes.
          std::string("files: [..//p, ., ./]\n"), std::string("files: [\"a\\Nb\\_c\"]\n")}) {
      const ProjectFile p = parse_project_file(text, "/p/x.afproj");
      const std::string written = write_project_file(p, "/p/x.afproj");
      QVERIFY2(parse_project_file(written, "/p/x.afproj") == p, written.c_str());
    }
  }

  void errors_are_located() {
    struct Case {
      const char* text;
      int line, column;
      const char* field;
      const char* message;
    };
    const Case cases[] = {
        {"files: [a.yaml]\nvaraibles: {M: 1}\n", 2, 1, "varaibles", "did you mean variables?"},
        {"files: [a.yaml]\nmapper:\n  metric: speed\n", 3, 11, "mapper.metric", "speed"},
        {"files: [a.yaml]\nmapper:\n  treads: 2\n", 3, 3, "mapper.treads", "did you mean threads?"},
        {"files: [a.yaml]\nmapper:\n  threads: 5000\n", 3, 12, "mapper.threads", "0 (all cores) to 1024"},
        {"files: [a.yaml]\nmapper:\n  unfused: maybe\n", 3, 12, "mapper.unfused", ""},
        {"files: [a.yaml]\ncim:\n  macro: 4\n", 3, 3, "cim.macro", "did you mean macros?"},
        {"files: [a.yaml]\ncim:\n  macros: 0\n", 3, 11, "cim.macros", "1 to 1048576"},
        {"files: [a.yaml]\ncim: true\n", 2, 6, "cim", "main_memory"},
        {"files: a.yaml\n", 1, 8, "files", "expected a list"},
        {"variables: {M: 1}\n", 1, 1, "files", "files:"},
        {"files: [a.yaml\n", 2, 0, "", "never closed"},
        {"", 1, 1, "", "empty"},
    };
    for (const Case& c : cases) {
      const core::Diagnostic d = error_of(c.text);
      const std::string got = d.to_string();
      QVERIFY2(!d.message.empty(), c.text);
      QCOMPARE(d.where.file, std::string("/p/x.afproj"));
      QVERIFY2(d.where.line == c.line, got.c_str());
      if (c.column > 0) QVERIFY2(d.where.column == c.column, got.c_str());
      QVERIFY2(d.field == c.field || std::string(c.field).empty(), got.c_str());
      QVERIFY2(got.find(c.message) != std::string::npos, got.c_str());
    }
  }

  void a_missing_file_is_an_error_naming_it() {
    try {
      (void)read_project_file("/nonexistent/folder/p.afproj");
      QFAIL("no error");
    } catch (const core::SpecError& e) {
      QCOMPARE(e.diagnostics().front().where.file, std::string("/nonexistent/folder/p.afproj"));
    }
  }
};

QTEST_GUILESS_MAIN(TestProjectFile)
#include "test_project_file.moc"
