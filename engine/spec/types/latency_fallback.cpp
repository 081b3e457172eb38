// Stop-gap total_latency evaluation until the spec/expr engine is wired in (see arch.h).
#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <stdexcept>
#include <string>
#include <vector>

#include "spec/types/arch.h"

namespace af::spec {
namespace {

struct Token {
  enum Kind { Ident, Number, Symbol } kind;
  std::string text;
  double value = 0;
};

std::vector<Token> tokenize(const std::string& s) {
  std::vector<Token> out;
  std::size_t i = 0;
  while (i < s.size()) {
    const char c = s[i];
    if (std::isspace(static_cast<unsigned char>(c))) {
      ++i;
    } else if (std::isalpha(static_cast<unsigned char>(c)) || c == '_') {
      std::size_t j = i;
      while (j < s.size() && (std::isalnum(static_cast<unsigned char>(s[j])) || s[j] == '_')) ++j;
      out.push_back({Token::Ident, s.substr(i, j - i)});
      i = j;
    } else if (std::isdigit(static_cast<unsigned char>(c)) ||
               (c == '.' && i + 1 < s.size() && std::isdigit(static_cast<unsigned char>(s[i + 1])))) {
      char* end = nullptr;
      const double v = std::strtod(s.c_str() + i, &end);
      const auto j = static_cast<std::size_t>(end - s.c_str());
      if (j == i) throw std::invalid_argument("bad number");
      out.push_back({Token::Number, s.substr(i, j - i), v});
      i = j;
    } else {
      out.push_back({Token::Symbol, std::string(1, c)});
      ++i;
    }
  }
  return out;
}

}  // namespace

double builtin_latency_evaluator(const std::string& expr, const LatencyContext& ctx) {
  const auto fail = [&]() -> double {
    throw std::invalid_argument(
        "total_latency `" + expr + "` of " + (ctx.component ? ctx.component->name : "?") +
        " is not understood by the builtin evaluator (sum/max/min of a.n_calls[/a.throughput] "
        "for a in actions, optionally / or * numbers)");
  };
  std::vector<Token> t;
  try {
    t = tokenize(expr);
  } catch (const std::invalid_argument&) {
    return fail();
  }
  std::size_t i = 0;
  const auto is = [&](Token::Kind k, const char* text) {
    return i < t.size() && t[i].kind == k && t[i].text == text;
  };
  const auto expect = [&](Token::Kind k, const char* text) {
    if (!is(k, text)) fail();
    ++i;
  };
  if (i >= t.size() || t[i].kind != Token::Ident) return fail();
  const std::string reducer = t[i++].text;
  if (reducer != "sum" && reducer != "max" && reducer != "min") return fail();
  expect(Token::Symbol, "(");
  if (i >= t.size() || t[i].kind != Token::Ident) return fail();
  const std::string var = t[i++].text;
  expect(Token::Symbol, ".");
  expect(Token::Ident, "n_calls");
  bool per_throughput = false;
  if (is(Token::Symbol, "/")) {
    ++i;
    expect(Token::Ident, var.c_str());
    expect(Token::Symbol, ".");
    expect(Token::Ident, "throughput");
    per_throughput = true;
  }
  expect(Token::Ident, "for");
  expect(Token::Ident, var.c_str());
  expect(Token::Ident, "in");
  expect(Token::Ident, "actions");
  expect(Token::Symbol, ")");

  double result = reducer == "sum" ? 0.0 : (reducer == "max" ? -kInf : kInf);
  for (const auto& a : ctx.actions) {
    // n/inf = 0; 0/0 would be NaN in IEEE but counts as no latency here.
    const double v = per_throughput ? (a.n_calls == 0 ? 0.0 : a.n_calls / a.throughput) : a.n_calls;
    if (reducer == "sum") result += v;
    else if (reducer == "max") result = std::max(result, v);
    else result = std::min(result, v);
  }
  if (ctx.actions.empty()) result = 0;
  while (i < t.size()) {
    if (!is(Token::Symbol, "/") && !is(Token::Symbol, "*")) return fail();
    const bool divide = t[i].text == "/";
    ++i;
    if (i >= t.size() || t[i].kind != Token::Number) return fail();
    result = divide ? result / t[i].value : result * t[i].value;
    ++i;
  }
  return result;
}

}  // namespace af::spec
