// Tests of the Jinja renderer: what engine/text/README.md's 'Jinja' note describes, Jinja2's
// whitespace and scoping rules, AccelForge's include globals, limits, the project's own
// templates, and the real reference templates when AccelForge's corpus is there.
#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QTemporaryDir>
#include <QtTest>
#include <string>

#include "support/shared_corpus.h"
#include "text/expr/evaluator.h"
#include "text/expr/expression_error.h"
#include "text/jinja/renderer.h"
#include "text/jinja/template_variables.h"

using namespace af::core;
using namespace af::text::expr;
using namespace af::text::jinja;

namespace {

// Records include() requests; optionally renders each included file like the YAML loader
// would (so nested includes and include_text inside them run too).
class StubHost : public TemplateHost {
 public:
  explicit StubHost(bool render_children = false) : render_children_(render_children) {}
  void include(const IncludeRequest& request) override {
    requests.push_back(request);
    if (render_children_)
      for (const auto& p : request.paths)
        rendered.push_back(render_file(p, request.child_data, this, request.child_options));
  }
  std::vector<IncludeRequest> requests;
  std::vector<std::string> rendered;

 private:
  bool render_children_;
};

Value data(std::initializer_list<std::pair<const char*, Value>> entries) {
  Dict d;
  for (const auto& [k, v] : entries) d.set(k, v);
  return Value(std::move(d));
}

std::string render(const std::string& text, const Value& d = Value(), TemplateHost* host = nullptr,
                   const std::string& file = "t.yaml") {
  return render_template(text, file, d, host);
}

// The first diagnostic of the error a template raises.
Diagnostic error_of(const std::string& text, const Value& d = Value(), TemplateHost* host = nullptr,
                    const std::string& file = "t.yaml") {
  try {
    (void)render(text, d, host, file);
  } catch (const SpecError& e) {
    return e.diagnostics().front();
  }
  return Diagnostic{{}, "", "no error"};
}

void write(const QString& path, const std::string& text) {
  QDir().mkpath(QFileInfo(path).absolutePath());
  QFile f(path);
  QVERIFY(f.open(QIODevice::WriteOnly));
  f.write(text.data(), static_cast<qint64>(text.size()));
}

std::string reference(const std::string& relative) {
  return af::test::reference_file("examples/" + relative);
}

}  // namespace

class TestJinja : public QObject {
  Q_OBJECT
 private slots:
  void outputs_and_python_formatting() {
    QCOMPARE(render("a: {{M}}\nb: {{ M * 2 }}", data({{"M", Int{64}}})), std::string("a: 64\nb: 128"));
    QCOMPARE(render("{{ 1.0 }} {{ 1e-9 }} {{ 10/4 }} {{ [1,'a',none] }} {{ {'a':1} }} {{ (1,) }} {{ true }}"),
             std::string("1.0 1e-09 2.5 [1, 'a', None] {'a': 1} (1,) True"));
    QCOMPARE(render("T{{i+1}}", data({{"i", Int{0}}})), std::string("T1"));
    QCOMPARE(render("{{ 'x' ~ 1 ~ none }}"), std::string("x1None"));
    QCOMPARE(render("{{ 2**3**2 }} {{ -2**2 }} {{ -2|abs }} {{ 1 + 2 is defined }}"),
             std::string("64 4 2 2"));
    QCOMPARE(render("{{ 7 // 2 }} {{ -7 % 3 }} {{ 3.5|round }} {{ 2.5|round }}"), std::string("3 2 4.0 2.0"));
    QCOMPARE(render("{{ d.a }} {{ d['a'] }} {{ 'a' if false }}|", data({{"d", data({{"a", Int{3}}})}})),
             std::string("3 3 |"));
  }

  void whitespace_like_jinja2() {
    QCOMPARE(render("a\n{{ 1 }}\n"), std::string("a\n1"));                   // one trailing newline dropped
    QCOMPARE(render("a\n\n"), std::string("a\n"));                           // only one
    QCOMPARE(render("x\r\ny\r\n"), std::string("x\ny"));                     // newlines normalized
    QCOMPARE(render("{% if 1 %}\nx\n{% endif %}\n"), std::string("\nx\n"));  // no trim_blocks
    QCOMPARE(render("{%- if 1 %} x {% endif -%} y"), std::string(" x y"));
    QCOMPARE(render("a  {{- 1 -}}  b"), std::string("a1b"));
    QCOMPARE(render("a {#- c -#} b"), std::string("ab"));
  }

  void set_if_for() {
    QCOMPARE(render("{% set X = 3 %}{% set Y = X * 2 if X > 1 else 0 %}{{Y}}"), std::string("6"));
    QCOMPARE(render("{% set a, b = 1, 2 %}{{a}}{{b}}"), std::string("12"));
    QCOMPARE(render("{% if n == 1 %}one{% elif n == 2 %}two{% else %}many{% endif %}", data({{"n", Int{2}}})),
             std::string("two"));
    QCOMPARE(render("{% if n > 5 %}big{% else %}small{% endif %}", data({{"n", Int{9}}})),
             std::string("big"));
    QCOMPARE(render("{% for i in range(3) %}{{i}},{% endfor %}"), std::string("0,1,2,"));
    QCOMPARE(render("{% for i in range(2, 5) %}{{i}}{% endfor %}"), std::string("234"));
    QCOMPARE(render("{% for k, v in D.items() %}{{k}}={{v}};{% endfor %}",
                    data({{"D", data({{"a", Int{1}}, {"b", Int{2}}})}})),
             std::string("a=1;b=2;"));
    QCOMPARE(render("{% for x in 'ab' %}{{loop.index}}{{x}}{{ '.' if loop.last }}{% endfor %}"),
             std::string("1a2b."));
    QCOMPARE(render("{% for x in [] %}x{% else %}empty{% endfor %}"), std::string("empty"));
    QCOMPARE(render("{% for x in range(6) if x is even %}{{x}}{% endfor %}"), std::string("024"));
    // Jinja2 scoping: a set inside a loop lives for one iteration; `if` opens no scope.
    QCOMPARE(render("{% set x = 0 %}{% for i in range(3) %}{% set x = x + 1 %}{{x}}{% endfor %}{{x}}"),
             std::string("1110"));
    QCOMPARE(render("{% if True %}{% set y = 5 %}{% endif %}{{y}}"), std::string("5"));
    QCOMPARE(render("{% set body %}[{{ 1 + 1 }}]{% endset %}{{ body }}{{ body }}"), std::string("[2][2]"));
    QCOMPARE(render("{% for i in range(2) %}{% for j in range(2) %}{{i}}{{j}} {% endfor %}{% endfor %}"),
             std::string("00 01 10 11 "));
  }

  void raw_and_comments() {
    QCOMPARE(render("{% raw %}{{GLU}} {% if %}{% endraw %}!"), std::string("{{GLU}} {% if %}!"));
    QCOMPARE(render("a{# {{ nothing }} #}b"), std::string("ab"));
    QCOMPARE(render("# {% if INCLUDE_CHIP | default(False) %}chip{% endif %}"), std::string("# "));
  }

  void filters_and_tests() {
    const Value d = data({{"N", Int{5}}, {"L", Value::list({Value(Int{3}), Value(Int{1}), Value(Int{2})})}});
    QCOMPARE(render("{% set X = X | default(7) %}{{X}}", d), std::string("7"));
    QCOMPARE(render("{% set N = N | default(7) %}{{N}}", d), std::string("5"));
    QCOMPARE(render("{{ A | default(dict()) }} {{ B | default('inf') }} {{ C|default }}", d),
             std::string("{} inf "));
    QCOMPARE(render("{{ none | default(1) }} {{ '' | default(1, true) }}", d), std::string("None 1"));
    QCOMPARE(render("{{ [N, 2 * 3] | min }} {{ L | max }} {{ L | length }} {{ L|count }}", d),
             std::string("5 3 3 3"));
    QCOMPARE(render("{{ '12' | int + 1 }} {{ 'x' | int }} {{ 3.7 | int }} {{ 12 | string ~ 'b' }}", d),
             std::string("13 0 3 12b"));
    QCOMPARE(render("{{ L | join(', ') }} {{ 'Ab' | lower }}{{ 'Ab' | upper }} {{ L | sort | first }}", d),
             std::string("3, 1, 2 abAB 1"));
    QCOMPARE(render("{{ X is defined }} {{ N is defined }} {{ X is not defined }} {{ none is none }}", d),
             std::string("False True True True"));
    QCOMPARE(render("{% if MAX is defined %}m{% else %}no{% endif %}", d), std::string("no"));
    QCOMPARE(render("{{ 6 is divisibleby 3 }} {{ 'a' in ['a'] }} {{ N not in L }}", d),
             std::string("True True True"));
    QCOMPARE(error_of("{{ L | nope }}", d).message, std::string("no filter named 'nope'"));
    QCOMPARE(error_of("{{ L | lenght }}", d).message,
             std::string("no filter named 'lenght' (did you mean length?)"));
  }

  void assert_tag() {
    const Value d = data({{"T", std::string("moe")}});
    QCOMPARE(render("{% assert T in ['moe', 'dense'], \"T must be 'moe' or 'dense'.\" %}ok", d),
             std::string("ok"));
    const auto e = error_of("x\n  {% assert T == 'dense', \"T must be dense.\" %}", d);
    QCOMPARE(e.message, std::string("T must be dense."));
    QCOMPARE(e.where.to_string(), std::string("t.yaml:2:3"));
    QCOMPARE(error_of("\n\n{% assert false %}").message, std::string("assertion failed on line 3"));
  }

  void strict_undefined_with_locations() {
    const Value d = data({{"GlobalBuffer", Int{1}}});
    const auto e = error_of("a: 1\nb: {{ GlobalBufer }}", d);
    QCOMPARE(e.message, std::string("'GlobalBufer' is undefined (did you mean GlobalBuffer?)"));
    QCOMPARE(e.where.to_string(), std::string("t.yaml:2:7"));
    QCOMPARE(error_of("{{ d.x }}", data({{"d", data({})}})).message,
             std::string("dict object has no attribute 'x'"));
    // ceil is not a Jinja global (the bug of grouped_query_chunked.yaml).
    QCOMPARE(error_of("{% set N = ceil(2.5) %}").message, std::string("'ceil' is undefined"));
    const auto p = error_of("x\n{{ 1 + }}");
    QCOMPARE(p.where.line, 2);
    QVERIFY(p.message.find("invalid syntax") != std::string::npos);
    QCOMPARE(error_of("{% if x %}").message.substr(0, 25), std::string("unexpected end of templat"));
    QCOMPARE(error_of("{% endfor %}").message,
             std::string("unexpected 'endfor' (no open block it could close)"));
    QCOMPARE(error_of("{% macro m() %}{% endmacro %}").message,
             std::string("the Jinja tag 'macro' is not supported in spec files"));
    QCOMPARE(error_of("{{ 1 ").message,
             std::string("unexpected end of template: '{{' is not closed by '}}'"));
    QCOMPARE(error_of("{{ 1 / 0 }}").where.to_string(), std::string("t.yaml:1:6"));  // at the operator
  }

  void limits() {
    std::string deep;
    for (int i = 0; i < 200; ++i) deep += "{% if 1 %}";
    QVERIFY(error_of(deep).message.find("nested too deeply") != std::string::npos);
    EvalBudget budget(1'000'000);
    RenderOptions limited;
    limited.budget = &budget;
    try {
      (void)render_template(
          "{% for i in range(100000) %}{% for j in range(100000) %}{% endfor %}{% endfor %}", "t", Value(),
          nullptr, limited);
      QFAIL("no budget error");
    } catch (const SpecError& e) {
      QVERIFY(std::string(e.what()).find("budget") != std::string::npos);
    }
    RenderOptions small;
    small.max_output = 1000;
    QVERIFY_THROWS_EXCEPTION(SpecError, (void)render_template("{% for i in range(1000) %}xx{% endfor %}", "t",
                                                              Value(), nullptr, small));
  }

  void include_globals() {
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const std::string root = dir.path().toStdString();
    write(dir.filePath("main.yaml"), "");
    write(dir.filePath("part.yaml"), "x: {{ N }} {{ K | default('-') }} {{ _hidden is defined }}\n");
    write(dir.filePath("sub/only_in_sub.yaml"), "s: 1\n");
    write(dir.filePath("sub/part.yaml"), "dup\n");
    write(dir.filePath("many/a.yaml"), "a\n");
    write(dir.filePath("many/b.yaml"), "b\n");
    const std::string main = root + "/main.yaml";
    StubHost host;
    const Value d = data({{"DATA", Int{1}}, {"_PRIVATE", Int{2}}});

    // include(): generated name, indices, child data (data + context vars without '_' + kwargs).
    const std::string out = render_template(
        "{% set N = 96 %}{% set _DECODE = 1 %}{% set M = include('part.yaml', '.workload', K=5) %}{{M}}\n"
        "{{ include('part.yaml') }}",
        main, d, &host);
    QCOMPARE(out, std::string("!include_loaded main_0.workload\n!include_loaded main_1"));
    QCOMPARE(host.requests.size(), std::size_t{2});
    const auto& r = host.requests[0];
    QCOMPARE(r.paths, std::vector<std::string>{root + "/part.yaml"});
    QCOMPARE(r.name, std::string("main_0"));
    QCOMPARE(r.indices, std::string("workload"));
    QCOMPARE(r.child_data.repr(), std::string("{'DATA': 1, '_PRIVATE': 2, 'N': 96, 'K': 5}"));
    QCOMPARE(r.child_options.depth, 1);
    QCOMPARE(r.where.to_string(), main + ":1:38");  // the tag holding the call
    QCOMPARE(host.requests[1].child_data.repr(),
             std::string("{'DATA': 1, '_PRIVATE': 2, 'M': '!include_loaded main_0.workload', 'N': 96}"));
    // inherit_parse_data=False passes only the parent's data and kwargs.
    (void)render_template("{% set N = 1 %}{{ include('part.yaml', inherit_parse_data=False, Z=1) }}", main, d,
                          &host);
    QCOMPARE(host.requests.back().child_data.repr(), std::string("{'DATA': 1, '_PRIVATE': 2, 'Z': 1}"));
    // Name sanitizing: gpt3_6.7B.yaml -> gpt3_67B_0.
    write(dir.filePath("gpt3_6.7B.yaml"), "");
    QCOMPARE(render_template("{{ include('part.yaml') }}", root + "/gpt3_6.7B.yaml", Value(), &host),
             std::string("!include_loaded gpt3_67B_0"));

    // include_text renders with the child data and pastes the text.
    QCOMPARE(render_template("{% set N = 3 %}{% set _hidden = 1 %}{{ include_text('part.yaml') }}|", main,
                             Value(), &host),
             std::string("x: 3 - False|"));
    QCOMPARE(render_template("{{ include_text('many/*.yaml') }}", main, Value(), &host), std::string("a\nb"));

    // Paths: add_to_path, the exactly-one rule, include_all, find_path(s), path_exists, cwd.
    QVERIFY(error_of("{{ include('only_in_sub.yaml') }}", Value(), &host, main)
                .message.find("could not find file") != std::string::npos);
    QCOMPARE(
        render_template("{{ add_to_path('sub') }}{{ include('only_in_sub.yaml') }}", main, Value(), &host),
        std::string("!include_loaded main_0"));
    QVERIFY(error_of("{{ add_to_path('sub') }}{{ include('part.yaml') }}", Value(), &host, main)
                .message.find("more than one file found") != std::string::npos);
    QVERIFY(error_of("{{ include('many/*.yaml') }}", Value(), &host, main).message.find("include_all") !=
            std::string::npos);
    QCOMPARE(render_template("{{ include_all('many/*.yaml', 'x') }}", main, Value(), &host),
             std::string("!include_loaded main_0.x"));
    QCOMPARE(host.requests.back().paths,
             (std::vector<std::string>{root + "/many/a.yaml", root + "/many/b.yaml"}));
    QVERIFY(host.requests.back().all);
    // `.` added as a search dir finds the same real file: de-duplicated, still exactly one.
    QCOMPARE(render_template("{{ add_to_path('.') }}{{ include('part.yaml') }}", main, Value(), &host),
             std::string("!include_loaded main_0"));
    QCOMPARE(render_template("{{ find_path('sub/part.yaml') }}", main, Value(), &host),
             root + "/sub/part.yaml");
    QCOMPARE(
        render_template("{{ add_to_path('sub') }}{{ find_path('only_in_sub.yaml') }}", main, Value(), &host),
        root + "/sub/only_in_sub.yaml");
    QCOMPARE(render_template("{{ find_paths('many/*.yaml') | length }}", main, Value(), &host),
             std::string("2"));
    QCOMPARE(render_template("{{ path_exists('part.yaml') }} {{ path_exists('nope.yaml') }}", main, Value(),
                             &host),
             std::string("True False"));
    QCOMPARE(render_template("{{ cwd() }}", main, Value(), &host), root);
    // Without a host, include() reports that it needs the YAML loader; include_text still works.
    QVERIFY(error_of("{{ include('part.yaml') }}", Value(), nullptr, main).message.find("YAML loader") !=
            std::string::npos);
  }

  void include_cycles_and_nested_errors() {
    QTemporaryDir dir;
    write(dir.filePath("a.yaml"), "{{ include_text('b.yaml') }}");
    write(dir.filePath("b.yaml"), "{{ include_text('a.yaml') }}");
    write(dir.filePath("bad.yaml"), "ok\n{{ missing }}");
    write(dir.filePath("c.yaml"), "{{ include_text('bad.yaml') }}");
    StubHost host;
    try {
      (void)render_file(dir.filePath("a.yaml").toStdString(), Value(), &host);
      QFAIL("no error for an include cycle");
    } catch (const SpecError& e) {
      QVERIFY2(std::string(e.what()).find("include cycle") != std::string::npos, e.what());
    }
    try {
      (void)render_file(dir.filePath("c.yaml").toStdString(), Value(), &host);
      QFAIL("no error");
    } catch (const SpecError& e) {
      QCOMPARE(e.diagnostics().size(), std::size_t{2});
      QCOMPARE(e.diagnostics()[0].where.line, 2);
      QVERIFY(e.diagnostics()[0].where.file.ends_with("bad.yaml"));
      QCOMPARE(e.diagnostics()[1].message, std::string("in the file included from here"));
    }
  }

  // The Jinja data a file reads, found on the parsed template (what the variables pane lists).
  void template_variables_scopes_defaults_and_places() {
    const std::string text =
        "{# {{ Commented }} #}\n"
        "{%- for a, b in pairs if a > LIMIT -%}{{ a.x | round(2) }}{{ b[KEY] }}{{ loop.index }}{% endfor %}\n"
        "{{ a }}\n"  // a is out of scope again
        "{% if OPTIONAL is defined and MODE == 'fast {{x}}' %}{% set inner = 1 %}{% endif %}{{ inner }}\n"
        "{% set total = BASE * 2 %}{{ total }}\n"
        "{% raw %}{{ RawText }}{% endraw %}\n"
        "{{ SIZE | default(2 ** 10, true) }}{{ 1e5 + Z }}{{ [v for v in VALUES if v > CUT] }}\n"
        "{% set M = M | default(\"inf\") %}{{ range(N) | list }}{{ include_text('x') if False }}\n";
    const auto vs = template_variables(text, "t.yaml");
    std::vector<std::string> names;
    for (const auto& v : vs) names.push_back(v.name);
    QCOMPARE(names, (std::vector<std::string>{"pairs", "LIMIT", "KEY", "a", "OPTIONAL", "MODE", "BASE",
                                              "SIZE", "Z", "VALUES", "CUT", "M", "N"}));
    const auto find = [&](const std::string& n) {
      return *std::find_if(vs.begin(), vs.end(), [&](auto& v) { return v.name == n; });
    };
    QCOMPARE(find("SIZE").default_text.value_or("?"), std::string("2 ** 10"));
    QCOMPARE(find("M").default_text.value_or("?"), std::string("\"inf\""));
    QVERIFY(!find("Z").default_text);
    QCOMPARE(find("pairs").line, 2);
    QCOMPARE(find("Z").line, 7);
    QCOMPARE(find("pairs").files, (std::vector<std::string>{"t.yaml"}));
    QVERIFY(template_variables("plain: yaml\nno: templates", "p.yaml").empty());
    // A template that does not parse is the renderer's error, with its place.
    QVERIFY_THROWS_EXCEPTION(SpecError, (void)template_variables("{% for x in %}", "bad.yaml"));
  }

  void template_variables_merge_across_files() {
    const auto a = template_variables("{{ M }} {{ N }}", "a.yaml");
    const auto b = template_variables("{% set N = N | default(4) %}{{ P }}{{ M }}", "b.yaml");
    const auto merged = merge_template_variables({a, b});
    QCOMPARE(merged.size(), std::size_t{3});
    QCOMPARE(merged[0].name, std::string("M"));
    QCOMPARE(merged[0].files, (std::vector<std::string>{"a.yaml", "b.yaml"}));
    QCOMPARE(merged[1].default_text.value_or("?"), std::string("4"));  // only b gives one
    QCOMPARE(merged[2].files, (std::vector<std::string>{"b.yaml"}));
  }

  // A variable read only under a condition says which: in an if's branch, in its else, in a
  // conditional expression (as GPT-3's N_CACHED_TOKENS is read only when DECODE); names set
  // from another are spelled as that one; a single plain read makes it always needed.
  void template_variables_say_when_they_are_needed() {
    const auto vs = template_variables(
        "{% set _D = DECODE %}\n"
        "{% if DECODE %}{{ CACHED + 1 }}{% elif B > 2 %}{{ ONLY_ELIF }}{% else %}{{ OTHER }}{% endif %}\n"
        "{% set N = CACHED if DECODE else NEW %}\n"
        "{% if not _D %}{{ PREFILL }}{% endif %}\n"
        "{% if DECODE %}{{ BOTH }}{% endif %}{{ BOTH }}\n"
        "{% if f(x) %}{{ COMPLEX }}{% endif %}",
        "t.yaml");
    const auto find = [&](const std::string& name) {
      const auto it = std::find_if(vs.begin(), vs.end(), [&](const auto& v) { return v.name == name; });
      return it == vs.end() ? TemplateVariable{} : *it;
    };
    QCOMPARE(find("DECODE").needed_when, std::vector<std::string>{});
    QCOMPARE(find("CACHED").needed_when, std::vector<std::string>{"DECODE"});
    QVERIFY(find("CACHED").numeric);
    QCOMPARE(find("CACHED").use, std::string("{% if DECODE %}{{ CACHED + 1 }}{% elif B > 2 %}{{ ONLY_ELIF }}"
                                             "{% else %}{{ OTHER }}{% endif %}"));
    QCOMPARE(find("B").needed_when, std::vector<std::string>{"not DECODE"});
    QVERIFY(find("B").numeric);
    QCOMPARE(find("ONLY_ELIF").needed_when, std::vector<std::string>{"not DECODE and B > 2"});
    QCOMPARE(find("OTHER").needed_when, std::vector<std::string>{"not DECODE and not (B > 2)"});
    QVERIFY(!find("OTHER").numeric);
    QCOMPARE(find("NEW").needed_when, std::vector<std::string>{"not DECODE"});
    QCOMPARE(find("PREFILL").needed_when, std::vector<std::string>{"not DECODE"});
    QCOMPARE(find("BOTH").needed_when, std::vector<std::string>{});
    QCOMPARE(find("COMPLEX").needed_when, std::vector<std::string>{});  // a condition it cannot spell
    // Across files: needed always if any file needs it always; else under either's conditions.
    const auto merged = merge_template_variables(
        {template_variables("{% if A %}{{ X }}{% endif %}", "a.yaml"),
         template_variables("{% if B %}{{ X }}{% endif %}{% if A %}{{ Y }}{% endif %}", "b.yaml"),
         template_variables("{{ Y }}", "c.yaml")});
    QCOMPARE(merged[1].name, std::string("X"));
    QCOMPARE(merged[1].needed_when, (std::vector<std::string>{"A", "B"}));
    QCOMPARE(merged[3].name, std::string("Y"));
    QCOMPARE(merged[3].needed_when, std::vector<std::string>{});
  }

  // tests/data/specs: the chain workload and its mapping unroll their loops and ifs.
  void project_templates() {
    const std::string workload = render_file(af::test::data_file("specs/matmul_chain.workload.yaml"),
                                             data({{"N_EINSUMS", Int{2}}, {"M", Int{8}}}), nullptr);
    for (const char* piece :
         {"M: 8\n", "N0: 16\n", "N2: 16\n", "- name: Matmul1\n", "- {name: W1, projection: [n1, n2]}",
          "renames: {input: T1, weight: W1, output: T2}"})
      QVERIFY2(workload.find(piece) != std::string::npos, piece);
    QVERIFY(workload.find("N3") == std::string::npos && workload.find("Matmul2") == std::string::npos);
    QVERIFY(workload.find("{{") == std::string::npos && workload.find("{%") == std::string::npos);

    const std::string two = render_file(af::test::data_file("specs/matmul_chain_unfused.mapping.yaml"),
                                        data({{"N_EINSUMS", Int{2}}}), nullptr);
    for (const char* piece : {"tensors: [T2], component: MainMemory", "tensors: [W1], component: MainMemory",
                              "- !Sequential", "tensors: [T1, W1, T2], component: GlobalBuffer",
                              "{rank_variable: n2, tile_shape: 1}", "einsum: Matmul1"})
      QVERIFY2(two.find(piece) != std::string::npos, piece);
    QVERIFY(two.find("T3") == std::string::npos);
    const std::string one = render_file(af::test::data_file("specs/matmul_chain_unfused.mapping.yaml"),
                                        data({{"N_EINSUMS", Int{1}}}), nullptr);
    QVERIFY(one.find("- !Sequential") == std::string::npos);
    QVERIFY(one.find("einsum: Matmul0") != std::string::npos);
  }

  void reference_transformer_workloads() {
    AF_REQUIRE_CORPUS();
    const QString dir = QString::fromStdString(reference("workloads/transformers"));
    QVERIFY(QDir(dir).exists());
    int rendered = 0;
    for (const QString& sub : QDir(dir).entryList(QDir::Dirs | QDir::NoDotAndDotDot)) {
      if (sub.startsWith('_')) continue;  // fragments, rendered through the models that include them
      for (const QString& name : QDir(dir + "/" + sub).entryList({"*.yaml"}, QDir::Files)) {
        if (name.startsWith('_')) continue;
        const std::string path = (dir + "/" + sub + "/" + name).toStdString();
        StubHost host(/*render_children=*/true);
        Dict d;
        d.set("BATCH_SIZE", Int{1});
        d.set("DECODE", false);
        d.set("N_NEW_TOKENS", Int{256});
        if (name.startsWith("llama4")) d.set("ATTENTION_TYPE", std::string("grouped_query"));
        std::string out;
        try {
          out = render_file(path, Value(d), &host);
        } catch (const SpecError& e) {
          QFAIL((path + ": " + e.what()).c_str());
        }
        ++rendered;
        for (const auto& text : host.rendered) out += text;
        // `{% raw %}...{{GLU} Variants...{% endraw %}` (a bibtex comment) is the only brace pair left.
        for (auto p = out.find("{{GLU}"); p != std::string::npos; p = out.find("{{GLU}")) out.erase(p, 6);
        QVERIFY2(out.find("{{") == std::string::npos && out.find("{%") == std::string::npos, path.c_str());
        if (sub != "mamba") {
          const std::string stem = name.left(name.lastIndexOf('.')).remove('.').toStdString();
          QVERIFY2(out.find("workload: !include_loaded " + stem + "_0.workload") != std::string::npos,
                   path.c_str());
          QVERIFY(!host.requests.empty());
          // The model file's {% set %} values reach the included model and its parts.
          QVERIFY(host.requests[0].child_data.as_dict().find("N_HEADS") != nullptr);
          // include_text pasted the default renames into every model.
          QVERIFY2(host.rendered[0].find("source: Inputs & Intermediates if len(All) == 3 else Inputs") !=
                       std::string::npos,
                   path.c_str());
        }
      }
    }
    QVERIFY(rendered >= 10);

    // gpt3_175B in detail: its attention part sees N_HEADS=96 and prefill ranks.
    StubHost host(true);
    const std::string out =
        render_file(reference("workloads/transformers/gpt/gpt3_175B.yaml"),
                    data({{"BATCH_SIZE", Int{1}}, {"DECODE", false}, {"N_NEW_TOKENS", Int{256}}}), &host);
    QVERIFY(
        out.find(
            "workload: !include_loaded gpt3_175B_0.workload\nrenames: !include_loaded gpt3_175B_0.renames") !=
        std::string::npos);
    std::string all;
    for (const auto& t : host.rendered) all += t;
    QVERIFY(all.find("rank_sizes:\n    <<<: [!include_loaded _gpt3_0.workload.rank_sizes, "
                     "!include_loaded _gpt3_1.workload.rank_sizes]") != std::string::npos);
    QVERIFY(all.find("H:  96 ") != std::string::npos);  // multi_head.yaml: `H:  {{N_HEADS}}`

    // DECODE without N_CACHED_TOKENS is an undefined-name error located in the attention part.
    StubHost decode_host(true);
    try {
      (void)render_file(reference("workloads/transformers/gpt/gpt3_175B.yaml"),
                        data({{"BATCH_SIZE", Int{1}}, {"DECODE", true}, {"N_NEW_TOKENS", Int{1}}}),
                        &decode_host);
      QFAIL("expected an error");
    } catch (const SpecError& e) {
      QVERIFY2(std::string(e.what()).find("'N_CACHED_TOKENS' is undefined") != std::string::npos, e.what());
    }
  }

  void reference_mapping() {
    AF_REQUIRE_CORPUS();
    const std::string out =
        render_file(reference("mappings/unfused_matmuls_to_simple.yaml"),
                    data({{"N_EINSUMS", Int{2}}, {"M", Int{64}}, {"KN", Int{64}}}), nullptr);
    QVERIFY(out.starts_with(
        "mapping:\n  nodes:\n  \n  - !Storage\n    tensors: [T0]\n    component: MainMemory\n  \n"));
    for (const char* piece : {"tensors: [T2]", "tensors: [W1]", "- !Sequential", "tensors: [T1, W1, T2]",
                              "rank_variable: n2", "einsum: Matmul1"})
      QVERIFY2(out.find(piece) != std::string::npos, piece);
    QVERIFY(out.find("T3") == std::string::npos);
    QVERIFY(out.find("{%") == std::string::npos);
    QVERIFY(!out.ends_with("\n"));
    const std::string one =
        render_file(reference("mappings/unfused_matmuls_to_simple.yaml"),
                    data({{"N_EINSUMS", Int{1}}, {"M", Int{64}}, {"KN", Int{32}}}), nullptr);
    QVERIFY(one.find("- !Sequential") == std::string::npos);
    QVERIFY(one.find("einsum: Matmul0") != std::string::npos);
  }

  void reference_arches_render() {
    AF_REQUIRE_CORPUS();
    // Every arch template renders (CiM files exercise include_text, add_to_path, find_path).
    QDirIterator it(QString::fromStdString(reference("arches")), {"*.yaml"}, QDir::Files,
                    QDirIterator::Subdirectories);
    int n = 0;
    while (it.hasNext()) {
      const std::string path = it.next().toStdString();
      if (path.find("memory_cells") != std::string::npos || path.ends_with("_include.yaml")) continue;
      try {
        const std::string out = render_file(path, Value(), nullptr);
        QVERIFY2(out.find("{{") == std::string::npos, path.c_str());
        ++n;
      } catch (const SpecError& e) {
        QFAIL((path + ": " + e.what()).c_str());
      }
    }
    QVERIFY(n >= 10);
  }
};

QTEST_GUILESS_MAIN(TestJinja)
#include "test_jinja.moc"
