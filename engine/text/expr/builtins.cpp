#include "text/expr/builtins.h"

#include <cerrno>
#include <charconv>
#include <cmath>
#include <filesystem>
#include <limits>
#include <numeric>

#include "text/expr/cim_functions.h"
#include "text/expr/evaluator.h"
#include "text/expr/expression_error.h"
#include "text/expr/numbers.h"
#include "text/expr/operators.h"

namespace af::text::expr {

namespace {

__extension__ typedef __int128 Wide;  // exact intermediate products of 64-bit ints

// ---- argument helpers --------------------------------------------------------------------

void arity(const CallArgs& a, const char* name, std::size_t lo, std::size_t hi) {
  const std::size_t n = a.positional.size();
  if (n < lo || n > hi) {
    std::string want = lo == hi ? std::to_string(lo) : std::to_string(lo) + " to " + std::to_string(hi);
    throw ExpressionError(std::string(name) + "() takes " + want + " positional argument(s) but " + std::to_string(n) +
                          " were given");
  }
}

void no_keywords(const CallArgs& a, const char* name) {
  if (!a.keyword.empty()) throw ExpressionError(std::string(name) + "() takes no keyword arguments");
}

double real(const Value& v, const char* name) {
  if (!v.is_number()) throw ExpressionError(std::string(name) + "() must be a real number, not " + v.type_name());
  return v.as_double();
}

Int integer(const Value& v, const char* name) {
  if (!v.is_int() && !v.is_bool())
    throw ExpressionError(std::string(name) + "() expects an integer, not " + v.type_name());
  return v.as_int();
}

[[noreturn]] void domain_error() { throw ExpressionError("math domain error"); }

double range_checked(double r) {
  if (std::isinf(r)) throw ExpressionError("math range error");
  return r;
}

using Fn1 = double (*)(double);

// One-argument float math function with a domain check (true = argument allowed).
Value unary_math(const char* name, Fn1 f, bool (*domain)(double), bool overflow_errors) {
  return Value::function(name, [name, f, domain, overflow_errors](const CallArgs& a) -> Value {
    no_keywords(a, name);
    arity(a, name, 1, 1);
    const double x = real(a.positional[0], name);
    if (std::isnan(x)) return x;
    if (domain && !domain(x)) domain_error();
    const double r = f(x);
    if (overflow_errors && std::isinf(r) && std::isfinite(x)) throw ExpressionError("math range error");
    return r;
  });
}

Value rounding(const char* name, double (*f)(double)) {
  return Value::function(name, [name, f](const CallArgs& a) -> Value {
    no_keywords(a, name);
    arity(a, name, 1, 1);
    const Value& x = a.positional[0];
    if (x.is_int() || x.is_bool()) return x.as_int();
    return double_to_int(f(real(x, name)));
  });
}

Int comb(Int n, Int k) {
  if (n < 0 || k < 0) throw ExpressionError("comb() arguments must be non-negative");
  if (k > n) return 0;
  k = std::min(k, n - k);
  Wide r = 1;
  for (Int i = 0; i < k; ++i) {
    r = r * (n - i) / (i + 1);
    if (r > std::numeric_limits<Int>::max()) throw ExpressionError("integer overflow (result does not fit in 64 bits)");
  }
  return static_cast<Int>(r);
}

Int perm(Int n, Int k) {
  if (n < 0 || k < 0) throw ExpressionError("perm() arguments must be non-negative");
  if (k > n) return 0;
  Int r = 1;
  for (Int i = 0; i < k; ++i) r = checked_mul(r, n - i);
  return r;
}

std::vector<Value> iterable_or_varargs(const CallArgs& a, const char* name) {
  if (a.positional.empty()) throw ExpressionError(std::string(name) + "() expected at least 1 argument, got 0");
  if (a.positional.size() == 1) return iterate(a.positional[0]);
  return a.positional;
}

Value builtin_pow(const CallArgs& a) {
  no_keywords(a, "pow");
  arity(a, "pow", 2, 3);
  if (a.positional.size() == 2) return binary_op(BinaryOp::Pow, a.positional[0], a.positional[1]);
  Int base = integer(a.positional[0], "pow");
  Int exp = integer(a.positional[1], "pow");
  const Int mod = integer(a.positional[2], "pow");
  if (mod == 0) throw ExpressionError("pow() 3rd argument cannot be 0");
  if (exp < 0) throw ExpressionError("pow() with a negative exponent and a modulus is not supported");
  Wide result = 1;
  Wide b = py_mod(base, mod);
  while (exp > 0) {
    if (exp & 1) result = (result * b) % mod;
    b = (b * b) % mod;
    exp >>= 1;
  }
  return py_mod(static_cast<Int>(result), mod);
}

Value builtin_log(const CallArgs& a) {
  no_keywords(a, "log");
  arity(a, "log", 1, 2);
  const double x = real(a.positional[0], "log");
  if (std::isnan(x)) return x;
  if (x <= 0) domain_error();
  double r = std::log(x);
  if (a.positional.size() == 2) {
    const double base = real(a.positional[1], "log");
    if (base <= 0) domain_error();
    const double lb = std::log(base);
    if (lb == 0.0) throw ExpressionError("float division by zero");
    r /= lb;
  }
  return r;
}

Value builtin_int(const CallArgs& a) {
  arity(a, "int", 0, 2);
  const Value* base_kw = a.find_keyword("base");
  if (a.positional.empty()) return Int{0};
  const Value* base_v = a.positional.size() > 1 ? &a.positional[1] : base_kw;
  if (!base_v) return python_int(a.positional[0]);
  const Int base = integer(*base_v, "int");
  if (!a.positional[0].is_string()) throw ExpressionError("int() can't convert non-string with explicit base");
  if (base < 2 || base > 36) throw ExpressionError("int() base must be >= 2 and <= 36");
  std::string s = a.positional[0].as_string();
  s.erase(0, s.find_first_not_of(" \t\n"));
  s.erase(s.find_last_not_of(" \t\n") + 1);
  Int out = 0;
  const char* b = s.data();
  if (!s.empty() && s[0] == '+') ++b;
  const auto r = std::from_chars(b, s.data() + s.size(), out, static_cast<int>(base));
  if (s.empty() || r.ec != std::errc{} || r.ptr != s.data() + s.size())
    throw ExpressionError("invalid literal for int() with base " + std::to_string(base) + ": " + quote_string(s));
  return out;
}

Value builtin_enumerate(const CallArgs& a) {
  arity(a, "enumerate", 1, 2);
  Int i = a.positional.size() > 1 ? integer(a.positional[1], "enumerate") : 0;
  if (const Value* s = a.find_keyword("start")) i = integer(*s, "enumerate");
  std::vector<Value> out;
  for (const Value& v : iterate(a.positional[0])) out.push_back(Value::tuple({Value(i++), v}));
  return Value::list(std::move(out));
}

Value builtin_map(const CallArgs& a) {
  no_keywords(a, "map");
  if (a.positional.size() < 2) throw ExpressionError("map() must have at least two arguments");
  std::vector<std::vector<Value>> columns;
  std::size_t n = std::numeric_limits<std::size_t>::max();
  for (std::size_t i = 1; i < a.positional.size(); ++i) {
    columns.push_back(iterate(a.positional[i]));
    n = std::min(n, columns.back().size());
  }
  std::vector<Value> out;
  for (std::size_t k = 0; k < n; ++k) {
    CallArgs call;
    for (const auto& c : columns) call.positional.push_back(c[k]);
    out.push_back(call_value(a.positional[0], call));
  }
  return Value::list(std::move(out));
}

Value builtin_isclose(const CallArgs& a) {
  arity(a, "isclose", 2, 2);
  const double x = real(a.positional[0], "isclose");
  const double y = real(a.positional[1], "isclose");
  double rel = 1e-9;
  double abs_tol = 0.0;
  if (const Value* v = a.find_keyword("rel_tol")) rel = real(*v, "isclose");
  if (const Value* v = a.find_keyword("abs_tol")) abs_tol = real(*v, "isclose");
  if (rel < 0 || abs_tol < 0) throw ExpressionError("tolerances must be non-negative");
  if (x == y) return true;
  if (std::isinf(x) || std::isinf(y)) return false;
  const double diff = std::fabs(y - x);
  return diff <= std::fabs(rel * y) || diff <= std::fabs(rel * x) || diff <= abs_tol;
}

Value builtin_fsum(const CallArgs& a) {
  no_keywords(a, "fsum");
  arity(a, "fsum", 1, 1);
  double sum = 0.0;
  double c = 0.0;  // Neumaier compensation
  for (const Value& v : iterate(a.positional[0])) {
    const double x = real(v, "fsum");
    const double t = sum + x;
    c += std::fabs(sum) >= std::fabs(x) ? (sum - t) + x : (x - t) + sum;
    sum = t;
  }
  return sum + c;
}

Value builtin_dist(const CallArgs& a) {
  no_keywords(a, "dist");
  arity(a, "dist", 2, 2);
  const auto p = iterate(a.positional[0]);
  const auto q = iterate(a.positional[1]);
  if (p.size() != q.size()) throw ExpressionError("both points must have the same number of dimensions");
  double s = 0;
  for (std::size_t i = 0; i < p.size(); ++i) {
    const double d = real(p[i], "dist") - real(q[i], "dist");
    s += d * d;
  }
  return std::sqrt(s);
}

Environment build_math_functions() {
  Environment env;
  const auto fn = [&env](const char* name, NativeFunction f) { env.set(name, Value::function(name, std::move(f))); };
  const auto always = [](double) { return true; };
  (void)always;

  env.set("pi", M_PI);
  env.set("e", M_E);
  env.set("tau", 2 * M_PI);
  env.set("inf", std::numeric_limits<double>::infinity());
  env.set("nan", std::numeric_limits<double>::quiet_NaN());

  env.set("ceil", rounding("ceil", [](double x) { return std::ceil(x); }));
  env.set("floor", rounding("floor", [](double x) { return std::floor(x); }));
  env.set("trunc", rounding("trunc", [](double x) { return std::trunc(x); }));

  env.set("exp", unary_math("exp", [](double x) { return std::exp(x); }, nullptr, true));
  env.set("expm1", unary_math("expm1", [](double x) { return std::expm1(x); }, nullptr, true));
  env.set("log1p", unary_math("log1p", [](double x) { return std::log1p(x); }, [](double x) { return x > -1; }, false));
  env.set("log2", unary_math("log2", [](double x) { return std::log2(x); }, [](double x) { return x > 0; }, false));
  env.set("log10", unary_math("log10", [](double x) { return std::log10(x); }, [](double x) { return x > 0; }, false));
  env.set("sqrt", unary_math("sqrt", [](double x) { return std::sqrt(x); }, [](double x) { return x >= 0; }, false));
  env.set("acos", unary_math("acos", [](double x) { return std::acos(x); }, [](double x) { return x >= -1 && x <= 1; }, false));
  env.set("asin", unary_math("asin", [](double x) { return std::asin(x); }, [](double x) { return x >= -1 && x <= 1; }, false));
  env.set("atan", unary_math("atan", [](double x) { return std::atan(x); }, nullptr, false));
  env.set("cos", unary_math("cos", [](double x) { return std::cos(x); }, [](double x) { return !std::isinf(x); }, false));
  env.set("sin", unary_math("sin", [](double x) { return std::sin(x); }, [](double x) { return !std::isinf(x); }, false));
  env.set("tan", unary_math("tan", [](double x) { return std::tan(x); }, [](double x) { return !std::isinf(x); }, false));
  env.set("degrees", unary_math("degrees", [](double x) { return x * 180.0 / M_PI; }, nullptr, false));
  env.set("radians", unary_math("radians", [](double x) { return x * M_PI / 180.0; }, nullptr, false));
  env.set("acosh", unary_math("acosh", [](double x) { return std::acosh(x); }, [](double x) { return x >= 1; }, false));
  env.set("asinh", unary_math("asinh", [](double x) { return std::asinh(x); }, nullptr, false));
  env.set("atanh", unary_math("atanh", [](double x) { return std::atanh(x); }, [](double x) { return x > -1 && x < 1; }, false));
  env.set("cosh", unary_math("cosh", [](double x) { return std::cosh(x); }, nullptr, true));
  env.set("sinh", unary_math("sinh", [](double x) { return std::sinh(x); }, nullptr, true));
  env.set("tanh", unary_math("tanh", [](double x) { return std::tanh(x); }, nullptr, false));
  env.set("erf", unary_math("erf", [](double x) { return std::erf(x); }, nullptr, false));
  env.set("erfc", unary_math("erfc", [](double x) { return std::erfc(x); }, nullptr, false));
  env.set("gamma", unary_math("gamma", [](double x) { return std::tgamma(x); },
                              [](double x) { return !(x <= 0 && x == std::floor(x)) && x != -INFINITY; }, true));
  env.set("lgamma", unary_math("lgamma", [](double x) { return std::lgamma(x); },
                               [](double x) { return !(x <= 0 && x == std::floor(x)); }, true));
  env.set("fabs", unary_math("fabs", [](double x) { return std::fabs(x); }, nullptr, false));

  fn("log", builtin_log);
  fn("pow", builtin_pow);
  fn("copysign", [](const CallArgs& a) -> Value {
    arity(a, "copysign", 2, 2);
    return std::copysign(real(a.positional[0], "copysign"), real(a.positional[1], "copysign"));
  });
  fn("fmod", [](const CallArgs& a) -> Value {
    arity(a, "fmod", 2, 2);
    const double x = real(a.positional[0], "fmod");
    const double y = real(a.positional[1], "fmod");
    if (y == 0.0 || std::isinf(x)) {
      if (std::isnan(x) || std::isnan(y)) return std::nan("");
      domain_error();
    }
    return std::fmod(x, y);
  });
  fn("remainder", [](const CallArgs& a) -> Value {
    arity(a, "remainder", 2, 2);
    const double x = real(a.positional[0], "remainder");
    const double y = real(a.positional[1], "remainder");
    if ((y == 0.0 || std::isinf(x)) && !std::isnan(x) && !std::isnan(y)) domain_error();
    return std::remainder(x, y);
  });
  fn("atan2", [](const CallArgs& a) -> Value {
    arity(a, "atan2", 2, 2);
    return std::atan2(real(a.positional[0], "atan2"), real(a.positional[1], "atan2"));
  });
  fn("ldexp", [](const CallArgs& a) -> Value {
    arity(a, "ldexp", 2, 2);
    const double x = real(a.positional[0], "ldexp");
    const Int i = integer(a.positional[1], "ldexp");
    const int e = static_cast<int>(std::clamp<Int>(i, -100000, 100000));
    return range_checked(std::isinf(x) ? x : std::ldexp(x, e) + 0.0) ;
  });
  fn("frexp", [](const CallArgs& a) -> Value {
    arity(a, "frexp", 1, 1);
    int e = 0;
    const double m = std::frexp(real(a.positional[0], "frexp"), &e);
    return Value::tuple({m, Int{e}});
  });
  fn("modf", [](const CallArgs& a) -> Value {
    arity(a, "modf", 1, 1);
    double ip = 0;
    const double x = real(a.positional[0], "modf");
    const double frac = std::isinf(x) ? std::copysign(0.0, x) : std::modf(x, &ip);
    if (std::isinf(x)) ip = x;
    return Value::tuple({frac, ip});
  });
  fn("isfinite", [](const CallArgs& a) -> Value {
    arity(a, "isfinite", 1, 1);
    return std::isfinite(real(a.positional[0], "isfinite"));
  });
  fn("isinf", [](const CallArgs& a) -> Value {
    arity(a, "isinf", 1, 1);
    return std::isinf(real(a.positional[0], "isinf"));
  });
  fn("isnan", [](const CallArgs& a) -> Value {
    arity(a, "isnan", 1, 1);
    return std::isnan(real(a.positional[0], "isnan"));
  });
  fn("isclose", builtin_isclose);
  fn("fsum", builtin_fsum);
  fn("dist", builtin_dist);
  fn("hypot", [](const CallArgs& a) -> Value {
    double s = 0;
    for (const Value& v : a.positional) {
      const double x = real(v, "hypot");
      s = std::hypot(s, x);
    }
    return s;
  });
  fn("comb", [](const CallArgs& a) -> Value {
    arity(a, "comb", 2, 2);
    return comb(integer(a.positional[0], "comb"), integer(a.positional[1], "comb"));
  });
  fn("perm", [](const CallArgs& a) -> Value {
    arity(a, "perm", 1, 2);
    const Int n = integer(a.positional[0], "perm");
    return perm(n, a.positional.size() > 1 && !a.positional[1].is_none() ? integer(a.positional[1], "perm") : n);
  });
  fn("factorial", [](const CallArgs& a) -> Value {
    arity(a, "factorial", 1, 1);
    const Int n = integer(a.positional[0], "factorial");
    if (n < 0) throw ExpressionError("factorial() not defined for negative values");
    return perm(n, n);
  });
  fn("gcd", [](const CallArgs& a) -> Value {
    Int g = 0;
    for (const Value& v : a.positional) {
      const Int x = integer(v, "gcd");
      if (x == std::numeric_limits<Int>::min()) throw ExpressionError("integer overflow");
      g = std::gcd(g, x);
    }
    return g;
  });
  fn("isqrt", [](const CallArgs& a) -> Value {
    arity(a, "isqrt", 1, 1);
    const Int n = integer(a.positional[0], "isqrt");
    if (n < 0) throw ExpressionError("isqrt() argument must be nonnegative");
    Int r = static_cast<Int>(std::sqrt(static_cast<double>(n)));
    while (r > 0 && static_cast<Wide>(r) * r > n) --r;
    while (static_cast<Wide>(r + 1) * (r + 1) <= n) ++r;
    return r;
  });
  fn("prod", [](const CallArgs& a) -> Value {
    arity(a, "prod", 1, 1);
    Value acc = Int{1};
    if (const Value* s = a.find_keyword("start")) acc = *s;
    for (const Value& v : iterate(a.positional[0])) acc = binary_op(BinaryOp::Mul, acc, v);
    return acc;
  });
  fn("abs", [](const CallArgs& a) -> Value {
    arity(a, "abs", 1, 1);
    return python_abs(a.positional[0]);
  });
  fn("round", [](const CallArgs& a) -> Value {
    arity(a, "round", 1, 2);
    const Value* nd = a.positional.size() > 1 ? &a.positional[1] : a.find_keyword("ndigits");
    return python_round(a.positional[0], nd ? *nd : Value());
  });
  fn("sum", [](const CallArgs& a) -> Value {
    arity(a, "sum", 1, 2);
    Value start = a.positional.size() > 1 ? a.positional[1] : Value(Int{0});
    if (const Value* s = a.find_keyword("start")) start = *s;
    return python_sum(iterate(a.positional[0]), start);
  });
  fn("range", python_range);
  fn("len", [](const CallArgs& a) -> Value {
    arity(a, "len", 1, 1);
    return length(a.positional[0]);
  });
  fn("min", [](const CallArgs& a) { return python_min_max(a, false); });
  fn("max", [](const CallArgs& a) { return python_min_max(a, true); });
  fn("float", [](const CallArgs& a) -> Value {
    arity(a, "float", 0, 1);
    return a.positional.empty() ? Value(0.0) : python_float(a.positional[0]);
  });
  fn("int", builtin_int);
  fn("str", [](const CallArgs& a) -> Value {
    arity(a, "str", 0, 1);
    return a.positional.empty() ? std::string() : a.positional[0].str();
  });
  fn("bool", [](const CallArgs& a) -> Value {
    arity(a, "bool", 0, 1);
    return !a.positional.empty() && a.positional[0].truthy();
  });
  fn("list", [](const CallArgs& a) -> Value {
    arity(a, "list", 0, 1);
    return Value::list(a.positional.empty() ? std::vector<Value>{} : iterate(a.positional[0]));
  });
  fn("tuple", [](const CallArgs& a) -> Value {
    arity(a, "tuple", 0, 1);
    return Value::tuple(a.positional.empty() ? std::vector<Value>{} : iterate(a.positional[0]));
  });
  fn("enumerate", builtin_enumerate);
  fn("getcwd", [](const CallArgs& a) -> Value {
    arity(a, "getcwd", 0, 0);
    std::error_code ec;
    return std::filesystem::current_path(ec).string();
  });
  fn("map", builtin_map);
  add_cim_functions(env);  // AccelForge registers these for its CiM specs; harmless elsewhere
  return env;
}

}  // namespace

const Environment& math_functions() {
  static const Environment env = build_math_functions();  // immutable after construction
  return env;
}

Value python_abs(const Value& x) {
  if (x.is_int() || x.is_bool()) {
    const Int i = x.as_int();
    if (i == std::numeric_limits<Int>::min()) throw ExpressionError("integer overflow");
    return i < 0 ? -i : i;
  }
  if (x.is_float()) return std::fabs(x.as_double());
  throw ExpressionError("bad operand type for abs(): '" + x.type_name() + "'");
}

Value python_round(const Value& x, const Value& ndigits) {
  if (x.is_int() || x.is_bool()) {
    const Int i = x.as_int();
    if (ndigits.is_none()) return i;
    const Int nd = integer(ndigits, "round");
    if (nd >= 0) return i;
    if (nd < -18) return Int{0};
    Int p = 1;
    for (Int k = 0; k < -nd; ++k) p *= 10;
    // Round half to even at the 10^-nd place.
    const Int q = floor_div(i, p);
    const Int r = i - q * p;
    Int rounded = q;
    if (2 * static_cast<Wide>(r) > p || (2 * static_cast<Wide>(r) == p && (q & 1))) ++rounded;
    return checked_mul(rounded, p);
  }
  const double d = real(x, "round");
  if (ndigits.is_none()) return double_to_int(round_half_even(d));
  const Int nd = integer(ndigits, "round");
  if (!std::isfinite(d)) return d;
  if (nd > 320) return d;
  if (nd >= 0) {
    // printf rounds the exact binary value correctly (ties to even), as CPython does.
    char buf[512];
    std::snprintf(buf, sizeof buf, "%.*f", static_cast<int>(nd), d);
    return std::strtod(buf, nullptr);
  }
  if (nd < -308) return std::copysign(0.0, d);
  const double p = std::pow(10.0, static_cast<double>(-nd));
  return round_half_even(d / p) * p;
}

Value python_int(const Value& x) {
  if (x.is_int() || x.is_bool()) return x.as_int();
  if (x.is_float()) return double_to_int(x.as_double());
  if (x.is_string()) {
    Int out = 0;
    const auto r = parse_python_int(x.as_string(), out);
    if (r == IntParse::Ok) return out;
    if (r == IntParse::Overflow) throw ExpressionError("integer too large: " + x.as_string());
    throw ExpressionError("invalid literal for int() with base 10: " + x.repr());
  }
  throw ExpressionError("int() argument must be a string or a number, not '" + x.type_name() + "'");
}

Value python_float(const Value& x) {
  if (x.is_number()) return x.as_double();
  if (x.is_string()) {
    if (const auto d = parse_python_float(x.as_string())) return *d;
    throw ExpressionError("could not convert string to float: " + x.repr());
  }
  throw ExpressionError("float() argument must be a string or a number, not '" + x.type_name() + "'");
}

Value python_sum(const std::vector<Value>& items, Value start) {
  if (start.is_string()) throw ExpressionError("sum() can't sum strings");
  for (const Value& v : items) start = binary_op(BinaryOp::Add, start, v);
  return start;
}

Value python_range(const CallArgs& a) {
  no_keywords(a, "range");
  arity(a, "range", 1, 3);
  Int start = 0;
  Int stop = 0;
  Int step = 1;
  if (a.positional.size() == 1) {
    stop = integer(a.positional[0], "range");
  } else {
    start = integer(a.positional[0], "range");
    stop = integer(a.positional[1], "range");
    if (a.positional.size() == 3) step = integer(a.positional[2], "range");
  }
  if (step == 0) throw ExpressionError("range() arg 3 must not be zero");
  const Wide span = step > 0 ? static_cast<Wide>(stop) - start : static_cast<Wide>(start) - stop;
  const Wide abs_step = step > 0 ? step : -static_cast<Wide>(step);
  const Wide count = span <= 0 ? 0 : (span + abs_step - 1) / abs_step;
  if (count > kMaxRangeLength)
    throw ExpressionError("range() too large (" + std::to_string(static_cast<long long>(std::min<Wide>(count, std::numeric_limits<long long>::max()))) +
                          " elements; at most " + std::to_string(kMaxRangeLength) + ")");
  std::vector<Value> out;
  out.reserve(static_cast<std::size_t>(count));
  for (Wide i = 0; i < count; ++i) out.emplace_back(static_cast<Int>(start + i * step));
  return Value::list(std::move(out));
}

Value python_min_max(const CallArgs& a, bool want_max) {
  const char* name = want_max ? "max" : "min";
  const Value* key = a.find_keyword("key");
  const Value* dflt = a.find_keyword("default");
  for (const auto& [k, v] : a.keyword)
    if (k != "key" && k != "default") throw ExpressionError(std::string(name) + "() got an unexpected keyword argument '" + k + "'");
  const std::vector<Value> items = iterable_or_varargs(a, name);
  if (items.empty()) {
    if (dflt) return *dflt;
    throw ExpressionError(std::string(name) + "() arg is an empty sequence");
  }
  const auto keyed = [&](const Value& v) {
    if (!key || key->is_none()) return v;
    CallArgs c;
    c.positional.push_back(v);
    return call_value(*key, c);
  };
  std::size_t best = 0;
  Value best_key = keyed(items[0]);
  for (std::size_t i = 1; i < items.size(); ++i) {
    Value k = keyed(items[i]);
    if (want_max ? less_than(best_key, k) : less_than(k, best_key)) {
      best = i;
      best_key = std::move(k);
    }
  }
  return items[best];
}

}  // namespace af::text::expr
