// The common total_latency forms, parsed once (LatencyFormula), and the fallback evaluator.
#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <stdexcept>
#include <string>
#include <vector>

#include "core/number_text.h"
#include "spec/arch.h"

namespace af::spec {
namespace {

struct FormulaToken {
  enum Kind { Ident, Number, Symbol } kind;
  std::string text;
  double value = 0;
};

std::vector<FormulaToken> formula_tokens(const std::string& s) {
  std::vector<FormulaToken> out;
  std::size_t i = 0;
  while (i < s.size()) {
    const char c = s[i];
    if (std::isspace(static_cast<unsigned char>(c))) {
      ++i;
    } else if (std::isalpha(static_cast<unsigned char>(c)) || c == '_') {
      std::size_t j = i;
      while (j < s.size() && (std::isalnum(static_cast<unsigned char>(s[j])) || s[j] == '_')) ++j;
      out.push_back({FormulaToken::Ident, s.substr(i, j - i)});
      i = j;
    } else if (std::isdigit(static_cast<unsigned char>(c)) ||
               (c == '.' && i + 1 < s.size() && std::isdigit(static_cast<unsigned char>(s[i + 1])))) {
      // Locale-independent, unlike strtod (Qt sets the C locale from the environment).
      const auto n = core::parse_number_prefix(std::string_view(s).substr(i));
      if (!n) throw std::invalid_argument("bad number");
      out.push_back({FormulaToken::Number, s.substr(i, n->length), n->value});
      i += n->length;
    } else {
      out.push_back({FormulaToken::Symbol, std::string(1, c)});
      ++i;
    }
  }
  return out;
}

}  // namespace

std::optional<LatencyFormula> LatencyFormula::parse(const std::string& expr) {
  std::vector<FormulaToken> t;
  try {
    t = formula_tokens(expr);
  } catch (const std::invalid_argument&) {
    return std::nullopt;
  }
  std::size_t i = 0;
  const auto is = [&](FormulaToken::Kind k, const std::string& text) {
    return i < t.size() && t[i].kind == k && t[i].text == text;
  };
  const auto take = [&](FormulaToken::Kind k, const std::string& text) {
    if (!is(k, text)) return false;
    ++i;
    return true;
  };
  LatencyFormula f;
  if (i >= t.size() || t[i].kind != FormulaToken::Ident) return std::nullopt;
  const std::string reducer = t[i++].text;
  if (reducer == "sum")
    f.reducer = Reducer::Sum;
  else if (reducer == "max")
    f.reducer = Reducer::Max;
  else if (reducer == "min")
    f.reducer = Reducer::Min;
  else
    return std::nullopt;
  if (!take(FormulaToken::Symbol, "(") || i >= t.size() || t[i].kind != FormulaToken::Ident) return std::nullopt;
  const std::string var = t[i++].text;
  if (!take(FormulaToken::Symbol, ".") || !take(FormulaToken::Ident, "n_calls")) return std::nullopt;
  if (take(FormulaToken::Symbol, "/")) {
    if (!take(FormulaToken::Ident, var) || !take(FormulaToken::Symbol, ".") || !take(FormulaToken::Ident, "throughput"))
      return std::nullopt;
    f.per_throughput = true;
  }
  if (!take(FormulaToken::Ident, "for") || !take(FormulaToken::Ident, var) || !take(FormulaToken::Ident, "in") ||
      !take(FormulaToken::Ident, "actions") || !take(FormulaToken::Symbol, ")"))
    return std::nullopt;
  while (i < t.size()) {
    if (!is(FormulaToken::Symbol, "/") && !is(FormulaToken::Symbol, "*")) return std::nullopt;
    const bool divide = t[i].text == "/";
    ++i;
    if (i >= t.size() || t[i].kind != FormulaToken::Number) return std::nullopt;
    f.scale.emplace_back(divide, t[i].value);
    ++i;
  }
  return f;
}

namespace {

// Python's value, or nullopt where Python raises; `lenient` instead takes n/0 as n/inf
// scaled to inf (0/0 = 0) and an empty max/min as 0, as the builtin fallback always did.
std::optional<double> reduce(const LatencyFormula& f, const std::vector<LatencyAction>& actions,
                             bool lenient) {
  using R = LatencyFormula::Reducer;
  if (actions.empty() && f.reducer != R::Sum) {
    if (!lenient) return std::nullopt;
    return 0.0;
  }
  double result = f.reducer == R::Sum ? 0.0 : (f.reducer == R::Max ? -kInf : kInf);
  for (const auto& a : actions) {
    double v = a.n_calls;
    if (f.per_throughput) {
      if (a.throughput == 0 && !lenient) return std::nullopt;
      v = a.n_calls == 0 ? 0.0 : a.n_calls / a.throughput;
    }
    if (f.reducer == R::Sum)
      result += v;
    else if (f.reducer == R::Max)
      result = std::max(result, v);
    else
      result = std::min(result, v);
  }
  for (const auto& [divide, number] : f.scale) {
    if (divide && number == 0 && !lenient) return std::nullopt;
    result = divide ? result / number : result * number;
  }
  return result;
}

}  // namespace

std::optional<double> LatencyFormula::apply(const std::vector<LatencyAction>& actions) const {
  return reduce(*this, actions, false);
}

double builtin_latency_evaluator(const std::string& expr, const LatencyContext& ctx) {
  const auto formula = LatencyFormula::parse(expr);
  if (!formula)
    throw std::invalid_argument(
        "total_latency `" + expr + "` of " + (ctx.component ? ctx.component->name : "?") +
        " is not understood by the builtin evaluator (sum/max/min of a.n_calls[/a.throughput] "
        "for a in actions, optionally / or * numbers)");
  return *reduce(*formula, ctx.actions, true);
}

}  // namespace af::spec
