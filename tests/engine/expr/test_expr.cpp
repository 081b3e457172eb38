// Tests of the expression engine: Python semantics checked against values computed by
// CPython (the table below), plus errors, limits, sets, objects and eval_expression.
#include <QtTest>

#include <string>

#include "text/expr/builtins.h"
#include "text/expr/eval_expression.h"
#include "text/expr/evaluator.h"
#include "text/expr/expression_error.h"
#include "text/expr/numbers.h"
#include "text/expr/parser.h"
#include "text/expr/value.h"

using namespace af::text::expr;

namespace {

struct Case {
  const char* expr;
  bool ok;
  const char* repr;  // Python repr of the result
};

// Generated with CPython 3 (eval with MATH_FUNCS as globals).
const Case kPythonCases[] = {
    {"1 + 2 * 3", true, "7"},
    {"7 / 2", true, "3.5"},
    {"7 // 2", true, "3"},
    {"-7 // 2", true, "-4"},
    {"-7 % 3", true, "2"},
    {"7 % -3", true, "-2"},
    {"7.5 // 2", true, "3.0"},
    {"-7.5 % 2", true, "0.5"},
    {"2 ** 10", true, "1024"},
    {"2 ** -1", true, "0.5"},
    {"-2 ** 2", true, "-4"},
    {"2 ** 3 ** 2", true, "512"},
    {"10 / 5", true, "2.0"},
    {"1e9", true, "1000000000.0"},
    {"38.4e9", true, "38400000000.0"},
    {"0.05e-9", true, "5e-11"},
    {"112e-6", true, "0.000112"},
    {"1e16", true, "1e+16"},
    {"1e15", true, "1000000000000000.0"},
    {"123456789012345678.0", true, "1.2345678901234568e+17"},
    {"0.1 + 0.2", true, "0.30000000000000004"},
    {"1/3", true, "0.3333333333333333"},
    {"64.0", true, "64.0"},
    {"1e-5", true, "1e-05"},
    {"0.0001", true, "0.0001"},
    {"-0.0", true, "-0.0"},
    {"1_000_000", true, "1000000"},
    {"0x1F + 0o17 + 0b101", true, "51"},
    {"True + True", true, "2"},
    {"True and 3", true, "3"},
    {"0 or 'x'", true, "'x'"},
    {"not 0", true, "True"},
    {"1 < 2 < 3", true, "True"},
    {"1 < 3 < 2", true, "False"},
    {"1 == 1.0", true, "True"},
    {"'a' < 'b'", true, "True"},
    {"[1, 2] < [1, 3]", true, "True"},
    {"3 if 1 > 2 else 4 if 0 else 5", true, "5"},
    {"'abc' + 'def'", true, "'abcdef'"},
    {"'ab' * 3", true, "'ababab'"},
    {"[1] * 3", true, "[1, 1, 1]"},
    {"[1, 2] + [3]", true, "[1, 2, 3]"},
    {"(1,)", true, "(1,)"},
    {"(1, 2)", true, "(1, 2)"},
    {"()", true, "()"},
    {"[]", true, "[]"},
    {"{}", true, "{}"},
    {"{'a': 1, 'b': [1, 2.5, None]}", true, "{'a': 1, 'b': [1, 2.5, None]}"},
    {"'it\\'s'", true, "\"it's\""},
    {"\"a\\\"b\"", true, "'a\"b'"},
    {"'a' 'b'", true, "'ab'"},
    {"'x\\ty'", true, "'x\\ty'"},
    {"r'a\\nb'", true, "'a\\\\nb'"},
    {"2 in [1, 2]", true, "True"},
    {"'b' in 'abc'", true, "True"},
    {"'k' in {'k': 1}", true, "True"},
    {"3 not in [1, 2]", true, "True"},
    {"None is None", true, "True"},
    {"None is not None", true, "False"},
    {"1 is None", true, "False"},
    {"[x * 2 for x in range(4)]", true, "[0, 2, 4, 6]"},
    {"[x for x in range(10) if x % 3 == 0]", true, "[0, 3, 6, 9]"},
    {"[(a, b) for a in range(2) for b in range(2)]", true, "[(0, 0), (0, 1), (1, 0), (1, 1)]"},
    {"sum(x for x in range(5))", true, "10"},
    {"sum([p > 0 for p in [1, -1, 2]])", true, "2"},
    {"max(x for x in [3, 1, 2])", true, "3"},
    {"min(3, 1, 2)", true, "1"},
    {"max([1, 5, 2])", true, "5"},
    {"min([4, 2], default=0)", true, "2"},
    {"max([], default=7)", true, "7"},
    {"ceil(256 * 8 / 3)", true, "683"},
    {"floor(-2.5)", true, "-3"},
    {"ceil(4)", true, "4"},
    {"log2(1024)", true, "10.0"},
    {"log(100, 10)", true, "2.0"},
    {"log(math_e)", true, "1.0"},
    {"sqrt(16)", true, "4.0"},
    {"round(2.5)", true, "2"},
    {"round(3.5)", true, "4"},
    {"round(-0.5)", true, "0"},
    {"round(2.675, 2)", true, "2.67"},
    {"round(1234, -2)", true, "1200"},
    {"round(1250, -2)", true, "1200"},
    {"round(1350, -2)", true, "1400"},
    {"round(2.5, 0)", true, "2.0"},
    {"abs(-3)", true, "3"},
    {"abs(-3.5)", true, "3.5"},
    {"len([1, 2, 3])", true, "3"},
    {"len('abcd')", true, "4"},
    {"int('8')", true, "8"},
    {"int(3.9)", true, "3"},
    {"int(-3.9)", true, "-3"},
    {"float('1e3')", true, "1000.0"},
    {"float('inf')", true, "inf"},
    {"str(64.0)", true, "'64.0'"},
    {"str(1e-9)", true, "'1e-09'"},
    {"str([1, 'a'])", true, "\"[1, 'a']\""},
    {"bool([])", true, "False"},
    {"list(range(2, 8, 2))", true, "[2, 4, 6]"},
    {"list(range(5, 0, -2))", true, "[5, 3, 1]"},
    {"tuple([1, 2])", true, "(1, 2)"},
    {"pow(2, 10)", true, "1024"},
    {"pow(2.0, 3)", true, "8.0"},
    {"pow(3, 4, 5)", true, "1"},
    {"prod([1, 2, 3, 4])", true, "24"},
    {"comb(10, 3)", true, "120"},
    {"perm(5, 2)", true, "20"},
    {"factorial(10)", true, "3628800"},
    {"gcd(12, 18)", true, "6"},
    {"isqrt(17)", true, "4"},
    {"fsum([0.1] * 10)", true, "1.0"},
    {"copysign(1, -0.0)", true, "-1.0"},
    {"fabs(-2)", true, "2.0"},
    {"fmod(7, 3)", true, "1.0"},
    {"frexp(8.0)", true, "(0.5, 4)"},
    {"ldexp(1.0, 10)", true, "1024.0"},
    {"modf(2.5)", true, "(0.5, 2.0)"},
    {"remainder(7, 4)", true, "-1.0"},
    {"trunc(-2.7)", true, "-2"},
    {"exp(0)", true, "1.0"},
    {"expm1(0)", true, "0.0"},
    {"log1p(0)", true, "0.0"},
    {"log10(1000)", true, "3.0"},
    {"isclose(1.0, 1.0 + 1e-10)", true, "True"},
    {"isfinite(inf)", true, "False"},
    {"isinf(-inf)", true, "True"},
    {"isnan(nan)", true, "True"},
    {"hypot(3, 4)", true, "5.0"},
    {"dist([0, 0], [3, 4])", true, "5.0"},
    {"degrees(pi)", true, "180.0"},
    {"radians(180)", true, "3.141592653589793"},
    {"atan2(1, 1)", true, "0.7853981633974483"},
    {"erf(0)", true, "0.0"},
    {"gamma(5)", true, "24.0"},
    {"lgamma(1)", true, "0.0"},
    {"tau", true, "6.283185307179586"},
    {"inf", true, "inf"},
    {"-inf", true, "-inf"},
    {"nan", true, "nan"},
    {"1 / (2) if (2) != 0 else float('inf')", true, "0.5"},
    {"float('inf')", true, "inf"},
    {"list(enumerate(['a', 'b']))", true, "[(0, 'a'), (1, 'b')]"},
    {"list(map(abs, [-1, -2]))", true, "[1, 2]"},
    {"[1, 2, 3][-1]", true, "3"},
    {"'hello'[1]", true, "'e'"},
    {"[1, 2, 3, 4][1:3]", true, "[2, 3]"},
    {"[1, 2, 3, 4][::-1]", true, "[4, 3, 2, 1]"},
    {"'hello'[1:]", true, "'ello'"},
    {"{'a': 1}['a']", true, "1"},
    {"'A,B'.split(',')", true, "['A', 'B']"},
    {"'abc'.upper()", true, "'ABC'"},
    {"{'a': 1}.get('b', 2)", true, "2"},
    {"list({'a': 1, 'b': 2}.items())", true, "[('a', 1), ('b', 2)]"},
    {"1 if [] else 2", true, "2"},
    {"5 & 3", true, "1"},
    {"5 | 3", true, "7"},
    {"5 ^ 3", true, "6"},
    {"~5", true, "-6"},
    {"-(-3)", true, "3"},
    {"+4", true, "4"},
    {"2 * -3", true, "-6"},
    {"not 1 == 2", true, "True"},
    {"1 + 2 == 3 and 4", true, "4"},
    {"3 * 1.5", true, "4.5"},
    {"10 // 2.5", true, "4.0"},
    {"2 ** 0.5", true, "1.4142135623730951"},
    {"[1, 2] == [1, 2]", true, "True"},
    {"(1, 2) == [1, 2]", true, "False"},
    {"{1, 2, 2}", true, "{1, 2}"},
    {"max('a', 'B')", true, "'a'"},
    {"int('  12 ')", true, "12"},
    {"int('ff', 16)", true, "255"},
    {"round(0.125, 2)", true, "0.12"},
    {"1e308 * 10", true, "inf"},
    {"-1e308 * 10", true, "-inf"},
    {"str(0.1)", true, "'0.1'"},
    {"str(100.0)", true, "'100.0'"},
    {"str(1e22)", true, "'1e+22'"},
    {"str(1.5e-7)", true, "'1.5e-07'"},
    {"str(-123.456)", true, "'-123.456'"},
    {"'%s'", true, "'%s'"},
    {"'{}'", true, "'{}'"},
    {"'a' != 'b'", true, "True"},
    {"1 != 1.0", true, "False"},
    {"'' or []", true, "[]"},
    {"[] and 1", true, "[]"},
    {"min(1, 2.0)", true, "1"},
    {"max(1, 1.0)", true, "1"},
    {"sum([0.5, 1])", true, "1.5"},
    {"sum([1, 2], 10)", true, "13"},
    {"12 % 5.0", true, "2.0"},
    {"'x' * 0", true, "''"},
    {"[0] * -1", true, "[]"},
};

Value run(const std::string& text, const Environment& env) {
  return evaluate(parse_expression(text), env, EvalContext{.builtins = &math_functions()});
}

Value run(const std::string& text) {
  Environment env;
  env.set("math_e", M_E);
  return run(text, env);
}

// The error an expression raises (parse or evaluation).
ExpressionError error_of(const std::string& text, const Environment& env = Environment()) {
  try {
    (void)run(text, env);
  } catch (const ExpressionError& e) {
    return e;
  }
  return ExpressionError("no error");
}

class Action : public ObjectLike {
 public:
  Action(std::string name, double n_calls, double throughput) : name_(std::move(name)), n_calls_(n_calls), tp_(throughput) {}
  std::optional<Value> attribute(std::string_view a) const override {
    if (a == "name") return Value(name_);
    if (a == "n_calls") return Value(n_calls_);
    if (a == "throughput") return Value(tp_);
    if (a == "get_fanout") return Value::function("get_fanout", [](const CallArgs&) { return Value(Int{16}); });
    return std::nullopt;
  }
  std::vector<std::string> attribute_names() const override { return {"name", "n_calls", "throughput", "get_fanout"}; }
  std::string type_name() const override { return "Action"; }

 private:
  std::string name_;
  double n_calls_;
  double tp_;
};

class RankHook : public NameSetHook {
 public:
  std::optional<Value> attribute(const NameSet& self, std::string_view name) const override {
    if (name == "rank_variables") return Value(NameSet({"m", "n"}, {"k", "m", "n"}));
    if (name == "bits_per_value" && self.size() == 1) return Value(Int{8});
    return std::nullopt;
  }
};

}  // namespace

class TestExpr : public QObject {
  Q_OBJECT
 private slots:
  void python_semantics_table() {
    for (const auto& c : kPythonCases) {
      if (c.ok) {
        try {
          const Value v = run(c.expr);
          QVERIFY2(v.repr() == c.repr, (std::string(c.expr) + " gave " + v.repr() + ", Python gives " + c.repr).c_str());
        } catch (const ExpressionError& e) {
          QFAIL((std::string(c.expr) + " raised " + e.what()).c_str());
        }
      } else {
        QVERIFY_THROWS_EXCEPTION(ExpressionError, (void)run(c.expr));
      }
    }
  }

  void float_formatting() {
    QCOMPARE(format_float(64.0), std::string("64.0"));
    QCOMPARE(format_float(1e-9), std::string("1e-09"));
    QCOMPARE(format_float(1e16), std::string("1e+16"));
    QCOMPARE(format_float(1234567890123456.0), std::string("1234567890123456.0"));
    QCOMPARE(format_float(-2.5e-5), std::string("-2.5e-05"));
    QCOMPARE(format_float(1.0 / 0.0), std::string("inf"));
    QCOMPARE(format_float(-1.0 / 0.0), std::string("-inf"));
    QCOMPARE(Value(std::nan("")).str(), std::string("nan"));
    QCOMPARE(Value(true).str(), std::string("True"));
    QCOMPARE(Value().str(), std::string("None"));
    QCOMPARE(Value("it's").repr(), std::string("\"it's\""));
    QCOMPARE(Value::tuple({Value(Int{1})}).repr(), std::string("(1,)"));
  }

  void name_sets() {
    const auto hook = std::make_shared<const RankHook>();
    const NameSet all({"I", "O", "W"}, {"I", "O", "W"}, hook);
    Environment env;
    env.set("All", all);
    env.set("input", all.with_items({"I"}).with_bits_per_value(Value(Int{16})));
    env.set("output", all.with_items({"O"}));
    env.set("Nothing", all.with_items({}));
    QCOMPARE(run("~(input | output)", env).as_name_set().items(), std::vector<std::string>{"W"});
    QCOMPARE(run("All - input", env).as_name_set().items(), (std::vector<std::string>{"O", "W"}));
    QCOMPARE(run("All & output", env).as_name_set().items(), std::vector<std::string>{"O"});
    QCOMPARE(run("input ^ All", env).as_name_set().items(), (std::vector<std::string>{"O", "W"}));
    QCOMPARE(run("len(All)", env).as_int(), Int{3});
    QCOMPARE(run("1 if len(All) == 3 else 0", env).as_int(), Int{1});
    QCOMPARE(run("bool(Nothing)", env).as_bool(), false);
    QCOMPARE(run("'W' in All", env).as_bool(), true);
    QCOMPARE(run("[t for t in All]", env).repr(), std::string("['I', 'O', 'W']"));
    QCOMPARE(run("All() == All", env).as_bool(), true);
    QCOMPARE(run("All.tensors == All", env).as_bool(), true);
    QCOMPARE(run("input.bits_per_value", env).as_int(), Int{16});
    QCOMPARE(run("output.bits_per_value", env).as_int(), Int{8});  // through the hook
    QCOMPARE(run("All.rank_variables", env).as_name_set().items(), (std::vector<std::string>{"m", "n"}));
    QCOMPARE(run("~All.rank_variables", env).as_name_set().items(), std::vector<std::string>{"k"});
    QCOMPARE(run("3 * input.bits_per_value if input else 0", env).as_int(), Int{48});
    QVERIFY_THROWS_EXCEPTION(ExpressionError, (void)run("All.bits_per_value", env));
    QVERIFY(error_of("All.nope", env).message().find("has no attribute 'nope'") != std::string::npos);
  }

  void objects_and_lists_by_name() {
    Environment env;
    env.set("actions", Value::list({Value(std::make_shared<const Action>("read", 10, 2)),
                                     Value(std::make_shared<const Action>("hop", 4, 4))}));
    env.set("Macro", Value(std::make_shared<const Action>("Macro", 1, 1)));
    QCOMPARE(run("sum(a.n_calls / a.throughput for a in actions)", env).as_double(), 6.0);
    QCOMPARE(run("max(a.n_calls / a.throughput for a in actions)", env).as_double(), 5.0);
    QCOMPARE(run("actions['hop'].n_calls", env).as_double(), 4.0);
    QCOMPARE(run("Macro.get_fanout()", env).as_int(), Int{16});
    const auto e = error_of("actions['hopp']", env);
    QVERIFY2(e.message().find("did you mean hop?") != std::string::npos, e.what());
    const auto a = error_of("Macro.n_call", env);
    QVERIFY2(a.message().find("did you mean n_calls?") != std::string::npos, a.what());
    QCOMPARE(run("(max if True else min)(1, 2)", env).as_int(), Int{2});
    QCOMPARE(run("{'bits_per_action': None}['bits_per_action'] is None", env).as_bool(), true);
    QCOMPARE(run("max([1, 3, 2], key=abs)", env).as_int(), Int{3});
  }

  void undefined_names_suggest() {
    Environment env;
    env.set("GlobalBuffer", Int{1});
    const auto e = error_of("GlobalBufer + 1", env);
    QCOMPARE(e.message(), std::string("name 'GlobalBufer' is not defined (did you mean GlobalBuffer?)"));
    QCOMPARE(e.column(), 1);
    QCOMPARE(error_of("1 + ceill(2)").message(), std::string("name 'ceill' is not defined (did you mean ceil?)"));
    QCOMPARE(error_of("1 + ceill(2)").column(), 5);
    QCOMPARE(error_of("round(1e20)").message(), std::string("integer too large: 1e+20"));  // Python: a big int
  }

  void errors_carry_columns() {
    QCOMPARE(error_of("1 / 0").message(), std::string("division by zero"));
    QCOMPARE(error_of("1 + (2 // 0)").column(), 8);
    QCOMPARE(error_of("1 + (2 % 0)").message(), std::string("integer division or modulo by zero"));
    QCOMPARE(error_of("1.0 / 0").message(), std::string("float division by zero"));
    QCOMPARE(error_of("1 +").column(), 4);
    QCOMPARE(error_of("(1 + 2").message(), std::string("expected ')' but found end of expression"));
    QCOMPARE(error_of("1 $ 2").column(), 3);
    QCOMPARE(error_of("'abc").message(), std::string("unterminated string literal"));
    QCOMPARE(error_of("a if b").message(), std::string("expected 'else' in conditional expression"));
    QCOMPARE(error_of("[1, 2][5]").message(), std::string("list index out of range"));
    QCOMPARE(error_of("{'aa': 1}['b']").message(), std::string("key 'b' not found"));
    QCOMPARE(error_of("{'GlobalBuffer': 1}['GlobalBufer']").message(),
             std::string("key 'GlobalBufer' not found (did you mean GlobalBuffer?)"));
    QCOMPARE(error_of("'a' + 1").message(), std::string("unsupported operand type(s) for +: 'str' and 'int'"));
    QCOMPARE(error_of("1 < 'a'").column(), 5);
    QCOMPARE(error_of("sqrt(-1)").message(), std::string("math domain error"));
    QCOMPARE(error_of("log(0)").message(), std::string("math domain error"));
    QCOMPARE(error_of("int('x')").message(), std::string("invalid literal for int() with base 10: 'x'"));
    QCOMPARE(error_of("f(1, a=2, 3)").message(), std::string("positional argument follows keyword argument"));
    QCOMPARE(error_of("3()").message(), std::string("'int' object is not callable"));
    QCOMPARE(error_of("").message(), std::string("empty expression"));
    QCOMPARE(error_of("1 2").message(), std::string("invalid syntax: unexpected '2'"));
    QVERIFY(error_of("import").message().find("invalid syntax") != std::string::npos);
    // The error names the column inside the expression and says so when printed.
    QVERIFY(std::string(error_of("x").what()).find(":1:1:") != std::string::npos);
  }

  void limits_prevent_crashes_and_hangs() {
    QVERIFY(error_of(std::string(300, '(') + "1" + std::string(300, ')')).message().find("nested too deeply") !=
            std::string::npos);
    QVERIFY(error_of(std::string(300, '-') + "1").message().find("nested too deeply") != std::string::npos);
    std::string chain = "1";
    for (int i = 0; i < 1000; ++i) chain += "+1";
    QVERIFY(error_of(chain).message().find("nested too deeply") != std::string::npos);
    QVERIFY(error_of("range(10**9)").message().find("range() too large") != std::string::npos);
    QVERIFY(error_of("[0] * 10**9").message().find("too large") != std::string::npos);
    QVERIFY(error_of("'ab' * 10**9").message().find("too large") != std::string::npos);
    QCOMPARE(error_of("2 ** 64").message(), std::string("integer overflow (result does not fit in 64 bits)"));
    QCOMPARE(error_of("10.0 ** 400").message(), std::string("numerical result out of range"));
    QCOMPARE(error_of("9223372036854775807 + 1").message(), std::string("integer overflow (result does not fit in 64 bits)"));
    QCOMPARE(error_of("99999999999999999999").message(), std::string("integer literal too large"));
    QCOMPARE(error_of("int(inf)").message(), std::string("cannot convert float infinity to integer"));
    QCOMPARE(error_of("factorial(30)").message(), std::string("integer overflow (result does not fit in 64 bits)"));
    // Nested comprehensions over big ranges run out of budget instead of memory/time.
    EvalBudget budget(100000);
    QVERIFY_THROWS_EXCEPTION(ExpressionError, (void)evaluate(parse_expression("[range(1000) for x in range(1000)]"),
                                                             Environment(), {.builtins = &math_functions(), .budget = &budget}));
    QVERIFY(error_of(std::string(2u << 20, '1')).message().find("too long") != std::string::npos);
  }

  void keyword_arguments_and_comprehension_scope() {
    Environment env;
    env.set("f", Value::function("f", [](const CallArgs& a) {
              const Value* flag = a.find_keyword("return_per_slice");
              return Value(static_cast<Int>(a.positional.size() * 10 + (flag && flag->truthy() ? 1 : 0)));
            }));
    env.set("x", Int{5});
    QCOMPARE(run("f(1, 2, return_per_slice=True)", env).as_int(), Int{21});
    QCOMPARE(run("[x for x in range(3)][-1] + x", env).as_int(), Int{7});  // the loop does not leak
    QCOMPARE(run("{P, Q}", [] {
               Environment e;
               e.set("P", "p");
               e.set("Q", "q");
               return e;
             }()).repr(),
             std::string("{'p', 'q'}"));
  }

  void eval_expression_casts() {
    Environment table;
    table.set("X", Int{4});
    table.set("a b", "spaced");
    QCOMPARE(eval_expression(Value("8"), table).repr(), std::string("8"));
    QCOMPARE(eval_expression(Value(" 8 "), table).repr(), std::string("8"));
    QCOMPARE(eval_expression(Value("TRUE"), table).repr(), std::string("True"));
    QCOMPARE(eval_expression(Value("false"), table).repr(), std::string("False"));
    QCOMPARE(eval_expression(Value(64.0), table).repr(), std::string("64"));
    QCOMPARE(eval_expression(Value(1e15), table).repr(), std::string("1000000000000000"));
    QCOMPARE(eval_expression(Value(0.5), table).repr(), std::string("0.5"));
    QCOMPARE(eval_expression(Value("64.0"), table).repr(), std::string("64.0"));
    QCOMPARE(eval_expression(Value("1e15"), table).repr(), std::string("1000000000000000.0"));
    QCOMPARE(eval_expression(Value("inf"), table).repr(), std::string("inf"));
    QCOMPARE(eval_expression(Value("a b"), table).repr(), std::string("'spaced'"));  // whole-string lookup
    QCOMPARE(eval_expression(Value("ceil(256*8/X)"), table).repr(), std::string("512"));
    QCOMPARE(eval_expression(Value("8 / 2"), table).repr(), std::string("4.0"));
    QCOMPARE(eval_expression(Value("1024*1024*128*8"), table).repr(), std::string("1073741824"));
    QCOMPARE(eval_expression(Value("8 * 614e9"), table).repr(), std::string("4912000000000.0"));
    QCOMPARE(eval_expression(Value::list({Value(Int{1})}), table).repr(), std::string("[1]"));
    QCOMPARE(eval_expression(Value(), table).repr(), std::string("None"));
    QVERIFY_THROWS_EXCEPTION(ExpressionError, (void)eval_expression(Value("Y + 1"), table));
  }

  void numbers_parse_like_python() {
    Int i = 0;
    QCOMPARE(parse_python_int("1_000", i), IntParse::Ok);
    QCOMPARE(i, Int{1000});
    QCOMPARE(parse_python_int("1__0", i), IntParse::Invalid);
    QCOMPARE(parse_python_int("8.0", i), IntParse::Invalid);
    QCOMPARE(parse_python_int("99999999999999999999", i), IntParse::Overflow);
    QCOMPARE(parse_python_float("  -Infinity "), std::optional<double>(-1.0 / 0.0));
    QCOMPARE(parse_python_float(".5e1"), std::optional<double>(5.0));
    QVERIFY(!parse_python_float("1e").has_value());
    QVERIFY(!parse_python_float("0x10").has_value());
  }
};

QTEST_GUILESS_MAIN(TestExpr)
#include "test_expr.moc"
