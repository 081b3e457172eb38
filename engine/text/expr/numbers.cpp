#include "text/expr/numbers.h"

#include <cctype>
#include <charconv>
#include <cmath>
#include <limits>
#include <string>

#include "core/ascii_case.h"
#include "core/number_text.h"
#include "text/expr/expression_error.h"

namespace af::text::expr {

namespace {
std::string_view strip(std::string_view s) {
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.front()))) s.remove_prefix(1);
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.back()))) s.remove_suffix(1);
  return s;
}

// Digits with single underscores between them; returns the digits alone, or nullopt.
std::optional<std::string> digits_without_underscores(std::string_view s) {
  if (s.empty() || s.front() == '_' || s.back() == '_') return std::nullopt;
  std::string out;
  char prev = 0;
  for (char c : s) {
    if (c == '_') {
      if (prev == '_') return std::nullopt;
    } else if (!std::isdigit(static_cast<unsigned char>(c))) {
      return std::nullopt;
    } else {
      out += c;
    }
    prev = c;
  }
  return out;
}

}  // namespace

IntParse parse_python_int(std::string_view text, Int& out) {
  std::string_view s = strip(text);
  bool negative = false;
  if (!s.empty() && (s.front() == '+' || s.front() == '-')) {
    negative = s.front() == '-';
    s.remove_prefix(1);
  }
  const auto digits = digits_without_underscores(s);
  if (!digits) return IntParse::Invalid;
  const std::string signed_digits = (negative ? "-" : "") + *digits;
  const auto res = std::from_chars(signed_digits.data(), signed_digits.data() + signed_digits.size(), out);
  if (res.ec == std::errc::result_out_of_range) return IntParse::Overflow;
  if (res.ec != std::errc{} || res.ptr != signed_digits.data() + signed_digits.size()) return IntParse::Invalid;
  return IntParse::Ok;
}

std::optional<double> parse_python_float(std::string_view text) {
  std::string_view s = strip(text);
  bool negative = false;
  if (!s.empty() && (s.front() == '+' || s.front() == '-')) {
    negative = s.front() == '-';
    s.remove_prefix(1);
  }
  const double sign = negative ? -1.0 : 1.0;
  if (core::iequals(s, "inf") || core::iequals(s, "infinity")) return sign * std::numeric_limits<double>::infinity();
  if (core::iequals(s, "nan")) return std::numeric_limits<double>::quiet_NaN();
  // mantissa [. fraction] [e [sign] exponent]; each digit run may hold single underscores.
  const auto epos = s.find_first_of("eE");
  const std::string_view mant = s.substr(0, epos);
  std::string clean;
  const auto dot = mant.find('.');
  const std::string_view int_part = mant.substr(0, dot);
  const std::string_view frac_part = dot == std::string_view::npos ? std::string_view{} : mant.substr(dot + 1);
  if (int_part.empty() && frac_part.empty()) return std::nullopt;
  if (!int_part.empty()) {
    const auto d = digits_without_underscores(int_part);
    if (!d) return std::nullopt;
    clean += *d;
  } else {
    clean += '0';
  }
  if (dot != std::string_view::npos) {
    clean += '.';
    if (!frac_part.empty()) {
      const auto d = digits_without_underscores(frac_part);
      if (!d) return std::nullopt;
      clean += *d;
    }
  }
  if (epos != std::string_view::npos) {
    std::string_view e = s.substr(epos + 1);
    clean += 'e';
    if (!e.empty() && (e.front() == '+' || e.front() == '-')) {
      clean += e.front();
      e.remove_prefix(1);
    }
    const auto d = digits_without_underscores(e);
    if (!d) return std::nullopt;
    clean += *d;
  }
  const auto value = core::parse_number(clean);
  if (!value) return std::nullopt;
  return sign * *value;
}

Int floor_div(Int a, Int b) {
  if (b == 0) throw ExpressionError("integer division or modulo by zero");
  if (a == std::numeric_limits<Int>::min() && b == -1) throw ExpressionError("integer overflow");
  Int q = a / b;
  if ((a % b != 0) && ((a < 0) != (b < 0))) --q;
  return q;
}

Int py_mod(Int a, Int b) {
  if (b == 0) throw ExpressionError("integer division or modulo by zero");
  if (b == -1) return 0;
  Int r = a % b;
  if (r != 0 && ((r < 0) != (b < 0))) r += b;
  return r;
}

double py_mod(double a, double b) {
  if (b == 0.0) throw ExpressionError("float modulo");
  double mod = std::fmod(a, b);
  if (mod != 0.0) {
    if ((b < 0) != (mod < 0)) mod += b;
  } else {
    mod = std::copysign(0.0, b);
  }
  return mod;
}

double floor_div(double a, double b) {
  if (b == 0.0) throw ExpressionError("float floor division by zero");
  // CPython's float_floor_div: exact for the representable cases.
  double mod = std::fmod(a, b);
  double div = (a - mod) / b;
  if (mod != 0.0 && ((b < 0) != (mod < 0))) div -= 1.0;
  if (div != 0.0) {
    double floordiv = std::floor(div);
    if (div - floordiv > 0.5) floordiv += 1.0;
    return floordiv;
  }
  return std::copysign(0.0, a / b);
}

double round_half_even(double x) {
  if (!std::isfinite(x)) return x;
  const double r = std::round(x);  // half away from zero
  if (std::fabs(x - std::trunc(x)) == 0.5) return 2.0 * std::round(x / 2.0);
  return r;
}

Int double_to_int(double d) {
  if (std::isnan(d)) throw ExpressionError("cannot convert float NaN to integer");
  if (std::isinf(d)) throw ExpressionError("cannot convert float infinity to integer");
  const double t = std::trunc(d);
  // 2^63 is exactly representable; anything at or beyond it does not fit.
  if (t >= 9223372036854775808.0 || t < -9223372036854775808.0)
    throw ExpressionError("integer too large: " + format_float(d));
  return static_cast<Int>(t);
}

}  // namespace af::text::expr
