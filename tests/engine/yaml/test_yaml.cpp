// Tests of the YAML layer: positions, tags, quoting, scalars, merge keys, includes,
// multi-file loading, malformed input, emitter round trips on the project's own specs, and
// AccelForge's reference corpus when it is there.
#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QtTest>

#include <filesystem>
#include <fstream>
#include <functional>
#include <string>

#include "core/diagnostic.h"
#include "text/yaml/core_schema.h"
#include "text/yaml/include_store.h"
#include "text/yaml/spec_loader.h"
#include "text/yaml/yaml_merge.h"
#include "text/yaml/yaml_node.h"
#include "text/yaml/yaml_parse.h"
#include "support/shared_corpus.h"

using af::text::yaml::YamlNode;
namespace fs = std::filesystem;

namespace {

const std::string examples = af::test::examples_dir().string();  // AccelForge's, may be absent

YamlNode parse(const std::string& text) { return af::text::yaml::parse_yaml(text, "t.yaml"); }

YamlNode parse_merged(const std::string& text) {
  YamlNode tree = parse(text);
  af::text::yaml::apply_merge_keys(tree);
  return tree;
}

// The first diagnostic of the SpecError thrown by `f`, or a failed test.
af::core::Diagnostic error_of(const std::function<void()>& f) {
  try {
    f();
  } catch (const af::core::SpecError& e) {
    return e.diagnostics().front();
  }
  return af::core::Diagnostic{{}, {}, "<no error thrown>"};
}

bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

std::string read_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

void write_file(const std::string& path, const std::string& text) {
  std::ofstream(path, std::ios::binary) << text;
}

bool has_jinja(const std::string& text) { return contains(text, "{%") || contains(text, "{{"); }

std::string keys_of(const YamlNode& map) {
  std::string out;
  for (const auto& k : map.keys()) out += (out.empty() ? "" : ",") + k;
  return out;
}

std::string ints_of(const YamlNode& list) {
  std::string out;
  for (const auto& item : list.items()) out += (out.empty() ? "" : ",") + item.text();
  return out;
}

// The YAML files directly in `dir` (sorted), optionally only those without Jinja.
std::vector<std::string> yaml_files(const std::string& dir, bool without_jinja) {
  std::vector<std::string> out;
  for (const auto& e : fs::directory_iterator(dir))
    if (e.path().extension() == ".yaml" && (!without_jinja || !has_jinja(read_file(e.path().string()))))
      out.push_back(e.path().string());
  std::sort(out.begin(), out.end());
  return out;
}

// Each file parses to an `arch:` whose nodes are tagged, and the emitter writes it back as
// the same tree.
void arches_parse_and_round_trip(const std::vector<std::string>& files) {
  for (const auto& path : files) {
    const YamlNode tree = af::text::yaml::load_yaml_file(path, af::text::yaml::render_identity);
    QVERIFY2(tree.is_map() && tree.contains("arch"), path.c_str());
    const YamlNode& nodes = tree.at("arch").at("nodes");
    QVERIFY2(nodes.is_sequence() && nodes.size() > 0, path.c_str());
    QVERIFY2(!nodes.items().front().tag().empty(), path.c_str());
    const std::string written = tree.to_yaml_string();
    QVERIFY2(af::text::yaml::same_tree(tree, af::text::yaml::parse_yaml(written, "written.yaml")), path.c_str());
  }
}

}  // namespace

#define EXPECT_ERROR(expr, part)                                                         \
  do {                                                                                   \
    const af::core::Diagnostic d_ = error_of([&] { (void)(expr); });                     \
    QVERIFY2(contains(d_.to_string(), part), d_.to_string().c_str());                    \
  } while (0)

class TestYaml : public QObject {
  Q_OBJECT
 private slots:
  // ------------------------------------------------------------------ positions
  void positions_of_keys_and_values() {
    const YamlNode t = parse("a: 1\nb:\n  c: [x, 'y']\n  d:\n    - !Memory {size: 8}\n");
    QVERIFY(t.is_map());
    const auto& a = *t.find_entry("a");
    QCOMPARE(a.key_location.line, 1);
    QCOMPARE(a.key_location.column, 1);
    QCOMPARE(a.value.location().line, 1);
    QCOMPARE(a.value.location().column, 4);
    QCOMPARE(a.value.location().file, std::string("t.yaml"));
    const YamlNode& b = t.at("b");
    QCOMPARE(b.find_entry("c")->key_location.line, 3);
    QCOMPARE(b.find_entry("c")->key_location.column, 3);
    const YamlNode& c = b.at("c");
    QCOMPARE(c.location().column, 6);
    QCOMPARE(c.items()[1].location().line, 3);
    QCOMPARE(c.items()[1].location().column, 10);
    const YamlNode& mem = b.at("d").items()[0];
    QCOMPARE(mem.location().line, 5);
    QCOMPARE(mem.location().column, 7);
    QCOMPARE(mem.find_entry("size")->key_location.column, 16);
    QCOMPARE(mem.at("size").location().column, 22);
  }

  // ------------------------------------------------------------------ tags and quoting
  void tags_are_kept() {
    const YamlNode t = parse(
        "nodes:\n- !Storage {tensors: [A], component: MainMemory}\n- !Temporal\n  rank_variable: m\n"
        "- !Compute\nx: !include_loaded a.b\ny: !!str 5\nz: !Toll\n");
    const auto& nodes = t.at("nodes").items();
    QCOMPARE(nodes[0].tag(), std::string("!Storage"));
    QCOMPARE(nodes[1].tag(), std::string("!Temporal"));
    QCOMPARE(nodes[1].at("rank_variable").text(), std::string("m"));
    QCOMPARE(nodes[2].tag(), std::string("!Compute"));
    QVERIFY(nodes[2].is_null());
    QCOMPARE(t.at("x").tag(), std::string("!include_loaded"));
    QCOMPARE(t.at("x").text(), std::string("a.b"));
    QCOMPARE(t.at("y").tag(), std::string("tag:yaml.org,2002:str"));
    QVERIFY(std::holds_alternative<std::string>(t.at("y").value()));
    QVERIFY(t.at("z").is_null());
    QCOMPARE(t.at("z").tag(), std::string("!Toll"));
    QVERIFY(t.at("nodes").tag().empty());
  }

  void quoted_flags() {
    const YamlNode t = parse("a: \"1024*8\"\nb: 1024*8\nc: '5'\nd: !Tag \"q\"\ne: !Tag p\nf: \"\"\n");
    QVERIFY(t.at("a").quoted());
    QVERIFY(!t.at("b").quoted());
    QVERIFY(t.at("c").quoted());
    QVERIFY(std::holds_alternative<std::string>(t.at("c").value()));
    QVERIFY(t.at("d").quoted());
    QCOMPARE(t.at("d").tag(), std::string("!Tag"));
    QVERIFY(!t.at("e").quoted());
    QVERIFY(t.at("f").is_scalar());
    QVERIFY(t.at("f").quoted());
    QCOMPARE(t.at("f").text(), std::string());
  }

  // yaml-cpp decodes \N and \_ to lone bytes; every scalar is UTF-8 (found by fuzzing).
  void escapes_decode_to_utf8() {
    const YamlNode t = parse("a: \"x\\Ny\"\nb: \"\\_\"\nc: \"\\x85\\u00e9\"\nd: \"\u00e9\"\n");
    QCOMPARE(t.at("a").text(), std::string("x\xC2\x85y"));
    QCOMPARE(t.at("b").text(), std::string("\xC2\xA0"));
    QCOMPARE(t.at("c").text(), std::string("\xC2\x85\xC3\xA9"));
    QCOMPARE(t.at("d").text(), std::string("\xC3\xA9"));
  }

  // ------------------------------------------------------------------ core schema
  void core_schema_scalars() {
    const YamlNode t = parse(
        "t1: true\nt2: True\nt3: TRUE\nf1: false\ni: 42\nn: -7\nh: 0x10\no: 0o17\nz: 012\n"
        "e: 1e-9\ng: 64.0\nd: .5\ninf: inf\ndinf: .inf\nninf: -.inf\nnan: .nan\ns: 1_000\nq: \"1e15\"\n"
        "nul: null\ntil: ~\nemp:\nyes: yes\nbig: 99999999999999999999\n");
    QCOMPARE(t.at("t1").as_bool(), true);
    QCOMPARE(t.at("t2").as_bool(), true);
    QCOMPARE(t.at("t3").as_bool(), true);
    QCOMPARE(t.at("f1").as_bool(), false);
    QCOMPARE(t.at("i").as_int(), std::int64_t{42});
    QCOMPARE(t.at("n").as_int(), std::int64_t{-7});
    QCOMPARE(t.at("h").as_int(), std::int64_t{16});
    QCOMPARE(t.at("o").as_int(), std::int64_t{15});
    QCOMPARE(t.at("z").as_int(), std::int64_t{12});
    QCOMPARE(t.at("e").as_double(), 1e-9);
    QVERIFY(std::holds_alternative<double>(t.at("g").value()));
    QCOMPARE(t.at("d").as_double(), 0.5);
    QCOMPARE(std::get<std::string>(t.at("inf").value()), std::string("inf"));
    QVERIFY(std::isinf(t.at("dinf").as_double()) && t.at("dinf").as_double() > 0);
    QVERIFY(std::isinf(t.at("ninf").as_double()) && t.at("ninf").as_double() < 0);
    QVERIFY(std::isnan(t.at("nan").as_double()));
    QVERIFY(std::holds_alternative<std::string>(t.at("s").value()));
    QVERIFY(std::holds_alternative<std::string>(t.at("q").value()));
    QVERIFY(t.at("nul").is_null());
    QVERIFY(t.at("til").is_null());
    QVERIFY(t.at("emp").is_null());
    QVERIFY(std::holds_alternative<std::monostate>(t.at("nul").value()));
    QVERIFY(std::holds_alternative<std::string>(t.at("yes").value()));  // YAML 1.2: not a bool
    QVERIFY(std::holds_alternative<double>(t.at("big").value()));
    EXPECT_ERROR(t.at("big").as_int("big"), "out of range");
    QCOMPARE(t.at("i").as_double(), 42.0);
  }

  void typed_accessor_errors() {
    const YamlNode t = parse("arch:\n  size: abc\n  list: [1]\n  MainMemory: 1\n");
    const auto d = error_of([&] { (void)t.at("arch").at("size").as_int("arch.size"); });
    QCOMPARE(d.where.line, 2);
    QCOMPARE(d.where.column, 9);
    QCOMPARE(d.field, std::string("arch.size"));
    QVERIFY(contains(d.message, "expected an integer, got 'abc'"));
    EXPECT_ERROR(t.at("arch").at("list").as_string(), "expected a string, got a list");
    EXPECT_ERROR(t.at("arch").at("list").as_double(), "expected a single value, got a list");
    EXPECT_ERROR(t.at("arch").at("MainMemroy"), "did you mean MainMemory?");
    EXPECT_ERROR(t.at("arch").at("size").as_bool(), "expected true or false");
    EXPECT_ERROR(t.at("arch").expect(YamlNode::Kind::Sequence, "arch"), "expected a list, got a mapping");
  }

  // ------------------------------------------------------------------ merge keys
  void shallow_merge_own_keys_win() {
    const YamlNode t = parse_merged("base: &b {x: 1, y: 2}\nm:\n  <<: *b\n  y: 3\n  z: 4\n");
    const YamlNode& m = t.at("m");
    QCOMPARE(keys_of(m), std::string("y,z,x"));
    QCOMPARE(m.at("x").text(), std::string("1"));
    QCOMPARE(m.at("y").text(), std::string("3"));
  }

  void shallow_merge_list_earlier_wins_and_is_shallow() {
    const YamlNode t = parse_merged(
        "a: &a {k: a, d: {p: 1}}\nb: &b {k: b, j: b, d: {q: 2}}\nm:\n  <<: [*a, *b]\n  d: {r: 3}\n");
    const YamlNode& m = t.at("m");
    QCOMPARE(m.at("k").text(), std::string("a"));
    QCOMPARE(m.at("j").text(), std::string("b"));
    QCOMPARE(keys_of(m.at("d")), std::string("r"));  // shallow: own d kept whole
  }

  void recursive_merge() {
    const YamlNode t = parse_merged(
        "m:\n  a: 1\n  d: {p: 1, l: [1]}\n  l: [a]\n  <<<: {a: 2, b: 3, d: {p: 2, q: 3, l: [2]}, l: [b]}\n");
    const YamlNode& m = t.at("m");
    QCOMPARE(keys_of(m), std::string("a,d,l,b"));
    QCOMPARE(m.at("a").text(), std::string("1"));
    QCOMPARE(m.at("b").text(), std::string("3"));
    QCOMPARE(keys_of(m.at("d")), std::string("p,l,q"));
    QCOMPARE(m.at("d").at("p").text(), std::string("1"));
    QCOMPARE(ints_of(m.at("d").at("l")), std::string("1,2"));
    QCOMPARE(ints_of(m.at("l")), std::string("a,b"));
  }

  void recursive_merge_key_order_quirk() {
    // <<< before an own list: the concatenation is overwritten by the own list again.
    QCOMPARE(ints_of(parse_merged("{<<<: {l: [1]}, l: [0]}").at("l")), std::string("0"));
    QCOMPARE(ints_of(parse_merged("{l: [0], <<<: {l: [1]}}").at("l")), std::string("0,1"));
    // Lists inside own maps are changed in place and survive either order.
    QCOMPARE(ints_of(parse_merged("{<<<: {d: {l: [1]}}, d: {l: [0]}}").at("d").at("l")), std::string("0,1"));
    QCOMPARE(ints_of(parse_merged("{d: {l: [0]}, <<<: {d: {l: [1]}}}").at("d").at("l")), std::string("0,1"));
  }

  void recursive_merge_list_of_maps_folds_left_to_right() {
    const YamlNode t = parse_merged(
        "x: &x {s: first, l: [1], d: {a: 1}}\ny: &y {s: second, l: [2], d: {a: 2, b: 2}, t: y}\n"
        "m:\n  <<<: [*x, *y]\n");
    const YamlNode& m = t.at("m");
    QCOMPARE(m.at("s").text(), std::string("first"));
    QCOMPARE(ints_of(m.at("l")), std::string("1,2"));
    QCOMPARE(keys_of(m.at("d")), std::string("a,b"));
    QCOMPARE(m.at("d").at("a").text(), std::string("1"));
    QCOMPARE(m.at("t").text(), std::string("y"));
    QVERIFY(!m.contains("<<<"));
  }

  void nomerge_blocks_recursive_merge() {
    YamlNode t = parse("m:\n  l: !nomerge [0]\n  d: !nomerge {a: 1}\n  <<<: {l: [1], d: {b: 2}, e: 3}\n");
    af::text::yaml::resolve_structural_tags(t, "t.yaml", af::text::yaml::render_identity, af::text::yaml::IncludeStore{});
    af::text::yaml::apply_merge_keys(t);
    const YamlNode& m = t.at("m");
    QCOMPARE(ints_of(m.at("l")), std::string("0"));
    QCOMPARE(keys_of(m.at("d")), std::string("a"));
    QVERIFY(m.at("l").no_merge());
    QVERIFY(m.at("l").tag().empty());
    QCOMPARE(m.at("e").text(), std::string("3"));
    YamlNode bad = parse("a: !nomerge 5\n");
    EXPECT_ERROR(af::text::yaml::resolve_structural_tags(bad, "t.yaml", af::text::yaml::render_identity,
                                                   af::text::yaml::IncludeStore{}),
                 "!nomerge must be applied to a list or a mapping");
  }

  void nested_merges_innermost_first() {
    const YamlNode t = parse_merged("a: {<<<: [{x: {<<: {p: 1}, q: 2}}, {x: {r: 3}}]}\n");
    QCOMPARE(keys_of(t.at("a").at("x")), std::string("q,p,r"));
  }

  void merge_errors() {
    EXPECT_ERROR(parse_merged("m: {<<<: 5}\n"), "expected a mapping or a list of mappings under '<<<'");
    EXPECT_ERROR(parse_merged("m: {<<: [1, 2]}\n"), "expected a mapping or a list of mappings under '<<'");
  }

  void include_anchors_merge() {
    const std::string include = read_file(af::test::data_file("yaml/anchors_include.yaml"));
    QVERIFY(!include.empty());
    const YamlNode t =
        parse_merged(include + "\nx:\n  <<: [*narrow_weights, *single_value]\n  energy_scale: 2\n");
    const YamlNode& x = t.at("x");
    QCOMPARE(keys_of(x), std::string("energy_scale,bits_per_value,actions_scale,values_per_action"));
    QCOMPARE(x.at("energy_scale").text(), std::string("2"));
    QCOMPARE(x.at("bits_per_value").at("weight").as_int(), std::int64_t{4});
    QCOMPARE(x.at("actions_scale").text(), std::string("1"));  // the earlier map wins
    QCOMPARE(x.at("values_per_action").at("All").as_int(), std::int64_t{1});
  }

  void cim_include_anchors_merge() {
    AF_REQUIRE_CORPUS();
    const std::string include = read_file(examples + "/arches/compute_in_memory/_include.yaml");
    QVERIFY(!include.empty());
    const YamlNode t = parse_merged(include + "\nx:\n  <<: [*both_sliced, *one_action_per_value]\n  actions_scale: 2\n");
    const YamlNode& x = t.at("x");
    QCOMPARE(x.at("actions_scale").text(), std::string("2"));
    QVERIFY(x.at("bits_per_value").contains("weight"));
    QCOMPARE(x.at("values_per_action").at("All").as_int(), std::int64_t{1});
  }

  // ------------------------------------------------------------------ includes
  void include_names() {
    QCOMPARE(af::text::yaml::include_name("/a/b/gpt3_6.7B.yaml", 0), std::string("gpt3_67B_0"));
    QCOMPARE(af::text::yaml::include_name("simple.yaml", 3), std::string("simple_3"));
    QCOMPARE(af::text::yaml::include_name("my-file.jinja2", 1), std::string("myfile_1"));
  }

  void include_loaded_indexing() {
    af::text::yaml::IncludeStore store;
    const YamlNode model = parse("workload:\n  einsums: [{name: E0}, {name: E1}]\n  rank_sizes: {M: 4}\n");
    QCOMPARE(af::text::yaml::store_include(store, "dir/gpt3_6.7B.yaml", model, ""), std::string("!include_loaded gpt3_67B_0"));
    QCOMPARE(af::text::yaml::store_include(store, "dir/gpt3_6.7B.yaml", model, ".workload"),
             std::string("!include_loaded gpt3_67B_1.workload"));
    YamlNode t = parse(
        "a: !include_loaded gpt3_67B_0.workload.rank_sizes\nb: !include_loaded gpt3_67B_1.workload.einsums.1.name\n"
        "c: {<<<: [!include_loaded gpt3_67B_0.workload.rank_sizes, {N: 2}]}\nd: \"!include_loaded nope\"\n");
    af::text::yaml::resolve_structural_tags(t, "t.yaml", af::text::yaml::render_identity, store);
    af::text::yaml::apply_merge_keys(t);
    QCOMPARE(t.at("a").at("M").as_int(), std::int64_t{4});
    QCOMPARE(t.at("b").text(), std::string("E1"));
    QCOMPARE(keys_of(t.at("c")), std::string("M,N"));
    QCOMPARE(t.at("d").text(), std::string("!include_loaded nope"));  // quoted: just text
    QVERIFY(t.at("a").tag().empty());

    auto resolve = [&](const std::string& text) {
      YamlNode x = parse(text);
      af::text::yaml::resolve_structural_tags(x, "t.yaml", af::text::yaml::render_identity, store);
    };
    EXPECT_ERROR(resolve("a: !include_loaded gpt3_67B_0.workload.rank_size\n"), "did you mean rank_sizes?");
    EXPECT_ERROR(resolve("a: !include_loaded gpt3_67B_1.workload.einsums.7\n"), "index 7 is out of range");
    EXPECT_ERROR(resolve("a: !include_loaded gpt3_67B_1.workload.einsums.x\n"), "'x' is not a list index");
    EXPECT_ERROR(resolve("a: !include_loaded gpt3_67B_9\n"), "no included tree named 'gpt3_67B_9'");
    EXPECT_ERROR(resolve("a: !include_loaded gpt3_67B_1.workload.einsums.0.name.x\n"), "cannot look up 'x'");
  }

  void include_all_indexes_each_element() {
    af::text::yaml::IncludeStore store;
    const std::string ref = af::text::yaml::store_include_all(
        store, "f.yaml", {parse("w: {e: 1}\n"), parse("w: {e: 2}\n")}, "w.e");
    QCOMPARE(ref, std::string("!include_loaded f_0.w.e"));
    YamlNode t = parse("x: " + ref + "\n");
    af::text::yaml::resolve_structural_tags(t, "t.yaml", af::text::yaml::render_identity, store);
    QCOMPARE(ints_of(t.at("x")), std::string("1,2"));
    // One match: stored as the tree itself, not a one-element list.
    const std::string one = af::text::yaml::store_include_all(store, "f.yaml", {parse("w: 5\n")}, "w");
    YamlNode u = parse("x: " + one + "\n");
    af::text::yaml::resolve_structural_tags(u, "t.yaml", af::text::yaml::render_identity, store);
    QCOMPARE(u.at("x").text(), std::string("5"));
  }

  void include_tags_and_cycles() {
    QTemporaryDir dir;
    const std::string d = dir.path().toStdString();
    fs::create_directories(d + "/parts");
    write_file(d + "/main.yaml", "arch: !include parts/arch.yaml\nall: !includedir parts\n");
    write_file(d + "/parts/arch.yaml", "nodes: [!Memory {name: M}]\n");
    write_file(d + "/parts/b.yaml", "b: 1\n");
    const YamlNode t = af::text::yaml::load_yaml_file(d + "/main.yaml", af::text::yaml::render_identity);
    QCOMPARE(t.at("arch").at("nodes").items()[0].tag(), std::string("!Memory"));
    QVERIFY(contains(t.at("arch").location().file, "arch.yaml"));
    QCOMPARE(t.at("all").size(), std::size_t{2});
    QCOMPARE(t.at("all").items()[1].at("b").as_int(), std::int64_t{1});

    write_file(d + "/a.yaml", "x: !include b.yaml\n");
    write_file(d + "/b.yaml", "y: !include a.yaml\n");
    const auto e = error_of([&] { (void)af::text::yaml::load_yaml_file(d + "/a.yaml", af::text::yaml::render_identity); });
    QVERIFY2(contains(e.message, "include cycle") && contains(e.message, "a.yaml -> ") &&
                 contains(e.message, "b.yaml -> "),
             e.message.c_str());
    write_file(d + "/self.yaml", "x: !include self.yaml\n");
    EXPECT_ERROR(af::text::yaml::load_yaml_file(d + "/self.yaml", af::text::yaml::render_identity), "include cycle");
    EXPECT_ERROR(af::text::yaml::load_yaml_file(d + "/missing.yaml", af::text::yaml::render_identity), "file not found");
  }

  // Errors in an included file, found while loading or later, name the `!include` too.
  void include_places_follow_included_nodes() {
    QTemporaryDir dir;
    const std::string d = dir.path().toStdString();
    write_file(d + "/main.yaml", "top:\n  arch: !include sub.yaml\n  gone: !include missing.yaml\n");
    write_file(d + "/sub.yaml", "nodes: [1, 2]\n");
    const auto e = error_of([&] { (void)af::text::yaml::load_yaml_file(d + "/main.yaml", af::text::yaml::render_identity); });
    QVERIFY2(contains(e.to_string(), "missing.yaml: error: file not found (included from ") &&
                 contains(e.to_string(), "main.yaml:3:9)"),
             e.to_string().c_str());
    write_file(d + "/main.yaml", "top:\n  arch: !include sub.yaml\n");
    const YamlNode t = af::text::yaml::load_yaml_file(d + "/main.yaml", af::text::yaml::render_identity);
    const af::core::SourceLocation& where = t.at("top").at("arch").at("nodes").items()[1].location();
    QVERIFY(contains(where.file, "sub.yaml"));
    QVERIFY(where.included_at != nullptr);
    QCOMPARE(where.included_at->line, 2);
    QVERIFY2(contains(where.include_chain(), "main.yaml:2:9"), where.include_chain().c_str());
  }

  // One load shares a budget: a file included many times cannot add up past it.
  void includes_share_one_budget() {
    QTemporaryDir dir;
    const std::string d = dir.path().toStdString();
    write_file(d + "/part.yaml", "[1, 2, 3, 4, 5, 6, 7, 8, 9]\n");
    std::string main = "all:\n";
    for (int i = 0; i < 20; ++i) main += "  k" + std::to_string(i) + ": !include part.yaml\n";
    write_file(d + "/main.yaml", main);
    af::text::yaml::ParseLimits limits;
    limits.max_total_nodes = 100;  // 20 includes of 10 nodes, plus main's own
    EXPECT_ERROR(af::text::yaml::load_spec_files({d + "/main.yaml"}, af::text::yaml::render_identity, limits), "together");
    limits = {};
    limits.max_total_bytes = 200;  // 20 reads of 28 bytes
    EXPECT_ERROR(af::text::yaml::load_spec_files({d + "/main.yaml"}, af::text::yaml::render_identity, limits), "together");
    QVERIFY(af::text::yaml::load_spec_files({d + "/main.yaml"}, af::text::yaml::render_identity).root.is_map());
  }

  // A stand-in for the Jinja renderer: `{{include(NAME)}}` loads NAME and stores its tree.
  void render_callback_with_include() {
    QTemporaryDir dir;
    const std::string d = dir.path().toStdString();
    write_file(d + "/_gpt3_6.7B.yaml", "workload:\n  rank_sizes: {M: 8}\n");
    write_file(d + "/top.yaml", "workload: {{include(_gpt3_6.7B.yaml)}}.workload\n");
    std::function<std::string(std::string_view, const std::string&, af::text::yaml::IncludeStore&)> render;
    render = [&](std::string_view text, const std::string& path, af::text::yaml::IncludeStore& store) {
      std::string out(text);
      const std::string open = "{{include(";
      for (auto at = out.find(open); at != std::string::npos; at = out.find(open)) {
        const auto close = out.find(")}}", at);
        const std::string child = out.substr(at + open.size(), close - at - open.size());
        const std::string child_path = (fs::path(path).parent_path() / child).string();
        YamlNode tree = af::text::yaml::load_yaml_file(child_path, render, &store);
        out.replace(at, close + 3 - at, af::text::yaml::store_include(store, path, std::move(tree), ""));
      }
      return out;
    };
    const YamlNode t = af::text::yaml::load_yaml_file(d + "/top.yaml", render);
    QCOMPARE(t.at("workload").at("rank_sizes").at("M").as_int(), std::int64_t{8});
  }

  // ------------------------------------------------------------------ several files
  void multi_file_first_key_wins() {
    QTemporaryDir dir;
    const std::string d = dir.path().toStdString();
    write_file(d + "/arch.yaml", "arch: {nodes: []}\nvariables: {a: 1}\n");
    write_file(d + "/work.yaml", "workload: {einsums: []}\nvariables: {a: 2}\n");
    write_file(d + "/notes.txt", "mapping: {nodes: []}\n");
    const auto loaded = af::text::yaml::load_spec_files({d + "/arch.yaml", d + "/work.yaml", d + "/arch.yaml", d + "/*.txt"},
                                                  af::text::yaml::render_identity);
    QCOMPARE(keys_of(loaded.root), std::string("arch,variables,workload,mapping"));
    QCOMPARE(loaded.root.at("variables").at("a").as_int(), std::int64_t{1});
    QCOMPARE(loaded.files.size(), std::size_t{3});
    QCOMPARE(loaded.warnings.size(), std::size_t{2});
    QVERIFY(contains(loaded.warnings[0].message, "does not end in .yaml"));
    const auto& dup = loaded.warnings[1];
    QCOMPARE(dup.severity, af::core::Severity::Warning);
    QVERIFY(contains(dup.where.file, "work.yaml"));
    QCOMPARE(dup.where.line, 2);
    QVERIFY(contains(dup.message, "already given at"));
  }

  void multi_file_errors() {
    QTemporaryDir dir;
    const std::string d = dir.path().toStdString();
    write_file(d + "/empty.yaml", "");
    write_file(d + "/comments.yaml", "# nothing here\n");
    write_file(d + "/list.yaml", "- a\n- b\n");
    write_file(d + "/scalar.yaml", "hello\n");
    const auto load = [&](const std::string& f) { (void)af::text::yaml::load_spec_files({d + "/" + f}, af::text::yaml::render_identity); };
    EXPECT_ERROR(load("empty.yaml"), "file is empty");
    EXPECT_ERROR(load("comments.yaml"), "file is empty");
    EXPECT_ERROR(load("list.yaml"), "must be a mapping, got a list");
    EXPECT_ERROR(load("scalar.yaml"), "must be a mapping, got 'hello'");
    EXPECT_ERROR(load("nope.yaml"), "file not found");
    EXPECT_ERROR(load("*.nothing"), "no file matches");
    const auto e = error_of([&] { load("list.yaml"); });
    QVERIFY(contains(e.where.file, "list.yaml"));
    QCOMPARE(e.where.line, 1);
  }

  // ------------------------------------------------------------------ malformed input
  void malformed_input_errors() {
    const auto at = [](const std::string& text) { return error_of([&] { (void)parse(text); }); };
    auto d = at("a:\n  b: 1\n c: 2\n");  // bad indentation
    QVERIFY2(d.where.line >= 2 && contains(d.where.file, "t.yaml"), d.to_string().c_str());
    d = at("a: [1, 2\nb: 3\n");
    QVERIFY2(contains(d.message, "']'") || contains(d.message, "not closed"), d.to_string().c_str());
    d = at("a: {x: 1\n");
    QVERIFY2(contains(d.message, "'}'") || contains(d.message, "not closed"), d.to_string().c_str());
    d = at("a:\n\tb: 1\n");
    QVERIFY2(contains(d.message, "tab"), d.to_string().c_str());
    d = at("a: 1\nb: 2\na: 3\n");
    QVERIFY2(contains(d.message, "duplicate key 'a'"), d.to_string().c_str());
    QCOMPARE(d.where.line, 3);
    d = at("a: \"unclosed\nb: 1\n");
    QVERIFY2(contains(d.message, "quote") || contains(d.message, "YAML"), d.to_string().c_str());
    d = at("a: \"unclosed\nb: 1\n");  // yaml-cpp alone accepts this when the text ends in a newline
    QVERIFY2(contains(d.message, "never closed"), d.to_string().c_str());
    d = at("a: 'x\n");
    QVERIFY2(contains(d.message, "never closed"), d.to_string().c_str());
    d = at("- a\nb: 1\n");
    QVERIFY2(contains(d.message, "unexpected text after the end of the document"), d.to_string().c_str());
    QCOMPARE(d.where.line, 2);
    d = at("a: *nope\n");
    QVERIFY2(contains(d.message, "anchor"), d.to_string().c_str());
    d = at("a: b: c\n");
    QVERIFY2(contains(d.message, "':'"), d.to_string().c_str());
    d = at("a: 1\n---\nb: 2\n");
    QVERIFY2(contains(d.message, "more than one YAML document"), d.to_string().c_str());
    d = at("? [a]\n: 1\n");
    QVERIFY2(contains(d.message, "mapping keys must be plain text"), d.to_string().c_str());
    d = at("a: &x [1, *x]\n");
    QVERIFY2(contains(d.message, "still being defined"), d.to_string().c_str());
  }

  void deep_nesting_is_an_error_not_a_crash() {
    const auto d = error_of([] { (void)parse(std::string(10000, '[') + std::string(10000, ']')); });
    QVERIFY2(contains(d.message, "nesting is too deep"), d.to_string().c_str());
    std::string block;
    for (int i = 0; i < 400; ++i) block += std::string(static_cast<std::size_t>(i), ' ') + "k:\n";
    const auto b = error_of([&] { (void)parse(block); });
    QVERIFY2(contains(b.message, "too deep"), b.to_string().c_str());
    const auto c = error_of([] { (void)parse(std::string(20000, '{') ); });
    QVERIFY2(!c.message.empty(), "unclosed deep braces must be an error");
    std::string dashes;
    for (int i = 0; i < 3000; ++i) dashes += "- ";
    const auto s = error_of([&] { (void)parse(dashes + "x\n"); });
    QVERIFY2(contains(s.message, "too deep"), s.to_string().c_str());
    // 150 levels are fine.
    QVERIFY(parse(std::string(150, '[') + std::string(150, ']')).is_sequence());
  }

  void alias_bombs_are_limited() {
    std::string text = "a0: &a0 [x, x, x, x, x, x, x, x, x, x]\n";
    // Appends, not `"a" + std::to_string(i)`: GCC 12 warns falsely (-Wrestrict) on the latter.
    for (int i = 1; i < 9; ++i) {
      const std::string self = std::to_string(i), below = std::to_string(i - 1);
      text.append("a").append(self).append(": &a").append(self).append(" [");
      for (int k = 0; k < 10; ++k) text.append(k ? ", *a" : "*a").append(below);
      text.append("]\n");
    }
    EXPECT_ERROR(parse(text), "too large");
  }

  void binary_and_empty_input() {
    EXPECT_ERROR(parse(std::string("a: 1\n\x01\x02\x00garbage", 16)), "binary data");
    EXPECT_ERROR(parse("a: \xff\xfe\n"), "not valid UTF-8");
    QVERIFY(parse("").is_null());
    QVERIFY(parse("# only a comment\n").is_null());
    QVERIFY(parse("\xEF\xBB\xBF" "a: 1\n").is_map());  // UTF-8 byte order mark
    af::text::yaml::ParseLimits small;
    small.max_bytes = 10;
    EXPECT_ERROR(af::text::yaml::parse_yaml("a: 123456789\n", "t.yaml", small), "too large");
  }

  // ------------------------------------------------------------------ emitter round trips
  void round_trip_inline_mapping() {
    const std::string text =
        "mapping:\n  nodes: [!Storage {tensors: [A], component: MainMemory}, !Temporal {rank_variable: m, "
        "tile_shape: 1}, !Spatial {rank_variable: n, tile_shape: 2, name: X}, !Sequential {nodes: [!Nested "
        "{nodes: [!Compute {einsum: E, component: MAC}]}]}, !Toll, !Reservation {}]\n"
        "special: ['a: b', 'x #y', '- z', '', \" lead\", 'null', '123', \"multi\\nline\", 'tab\\there', "
        "\"quote\\\"d\", '!notag', -1, -x, a-b, 'trailing:', '---', ~, [], {}]\n"
        "'odd key: x': 1\n\"\": empty key\nnomerge: !nomerge [1]\nplain: 1e-9\n";
    YamlNode first = parse(text);
    af::text::yaml::resolve_structural_tags(first, "t.yaml", af::text::yaml::render_identity, af::text::yaml::IncludeStore{});
    const std::string written = first.to_yaml_string();
    YamlNode second = af::text::yaml::parse_yaml(written, "written.yaml");
    af::text::yaml::resolve_structural_tags(second, "t.yaml", af::text::yaml::render_identity, af::text::yaml::IncludeStore{});
    QVERIFY2(af::text::yaml::same_tree(first, second), written.c_str());
    QVERIFY(contains(written, "- !Storage\n"));
    QVERIFY(contains(written, "!nomerge"));
  }

  void round_trip_scalars_and_top_level_forms() {
    for (const std::string text : {"5\n", "\"5\"\n", "!Tag x\n", "!Mapping\na: 1\n", "- 1\n- [2]\n", "[]\n", "null\n",
                                   "!Tag\n", "a:\n  - - 1\n    - 2\n  - !T\n    - 3\n"}) {
      const YamlNode first = parse(text);
      const std::string written = first.to_yaml_string();
      QVERIFY2(af::text::yaml::same_tree(first, parse(written)), (text + " => " + written).c_str());
    }
  }

  // The project's own mappings: plain YAML ones and Jinja ones whose {%%} lines hold all
  // the Jinja.
  void round_trip_project_mappings() {
    std::vector<std::string> files = yaml_files(af::test::data_file("specs"), false);
    for (const auto& e : fs::directory_iterator(AF_SOURCE_DIR "/resources/examples"))
      if (e.is_directory() && fs::exists(e.path() / "mapping.yaml")) files.push_back((e.path() / "mapping.yaml").string());
    int checked = 0;
    for (const auto& path : files) {
      if (!contains(path, "mapping.yaml")) continue;
      std::string text;
      std::istringstream in(read_file(path));
      for (std::string line; std::getline(in, line);)
        if (!contains(line, "{%")) text += line + "\n";
      if (contains(text, "{{")) continue;
      const YamlNode first = af::text::yaml::parse_yaml(text, path);
      QVERIFY2(first.is_map() && first.contains("mapping"), path.c_str());
      const std::string written = first.to_yaml_string();
      QVERIFY2(af::text::yaml::same_tree(first, af::text::yaml::parse_yaml(written, "written.yaml")), path.c_str());
      ++checked;
    }
    QVERIFY(checked >= 4);
  }

  void round_trip_reference_mappings() {
    AF_REQUIRE_CORPUS();
    int checked = 0;
    for (const auto& path : yaml_files(examples + "/mappings", false)) {
      // Jinja-free part: drop the `{% %}` lines, keep files whose rest has no `{{ }}`.
      std::string text;
      std::istringstream in(read_file(path));
      for (std::string line; std::getline(in, line);)
        if (!contains(line, "{%")) text += line + "\n";
      if (contains(text, "{{")) continue;
      YamlNode first;
      try {
        first = af::text::yaml::parse_yaml(text, path);
      } catch (const af::core::SpecError&) {
        continue;  // stripping the Jinja lines broke this one
      }
      const std::string written = first.to_yaml_string();
      QVERIFY2(af::text::yaml::same_tree(first, af::text::yaml::parse_yaml(written, "written.yaml")), path.c_str());
      ++checked;
    }
    QVERIFY(checked >= 5);
  }

  // The project's Jinja-free arches (resources/examples, tests/data/specs).
  void project_arches_parse_and_round_trip() {
    std::vector<std::string> files;
    for (const auto& f : yaml_files(af::test::data_file("specs"), true))
      if (contains(f, ".arch.yaml")) files.push_back(f);
    for (const auto& e : fs::directory_iterator(AF_SOURCE_DIR "/resources/examples"))
      if (const auto arch = e.path() / "arch.yaml";
          e.is_directory() && fs::exists(arch) && !contains(read_file(arch.string()), "{%"))
        files.push_back(arch.string());
    QVERIFY(files.size() >= 6);
    arches_parse_and_round_trip(files);
  }

  void reference_arches_parse_and_round_trip() {
    AF_REQUIRE_CORPUS();
    std::vector<std::string> files = yaml_files(examples + "/arches", true);
    for (const auto& f : yaml_files(examples + "/arches/fanout_variations", true)) files.push_back(f);
    QVERIFY(files.size() >= 9);
    arches_parse_and_round_trip(files);
  }
};

QTEST_GUILESS_MAIN(TestYaml)
#include "test_yaml.moc"
