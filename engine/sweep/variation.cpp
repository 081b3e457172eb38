#include "sweep/variation.h"

#include <fmt/format.h>

#include <charconv>
#include <cmath>
#include <stdexcept>

namespace af::sweep {

namespace {

std::string_view trimmed(std::string_view s) {
  while (!s.empty() && s.front() == ' ') s.remove_prefix(1);
  while (!s.empty() && s.back() == ' ') s.remove_suffix(1);
  return s;
}

// A number with an optional unit suffix.
double number(std::string_view text, std::string_view what) {
  const std::string_view s = trimmed(text);
  double scale = 1;
  std::string_view digits = s;
  const struct {
    std::string_view suffix;
    double scale;
  } units[] = {{"Ki", 1024.0}, {"Mi", 1024.0 * 1024}, {"Gi", 1024.0 * 1024 * 1024}, {"k", 1e3}, {"M", 1e6},
               {"G", 1e9}};
  for (const auto& u : units)
    if (s.size() > u.suffix.size() && s.ends_with(u.suffix)) {
      digits = s.substr(0, s.size() - u.suffix.size());
      scale = u.scale;
      break;
    }
  double v = 0;
  const auto [end, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), v);
  if (ec != std::errc() || end != digits.data() + digits.size() || !std::isfinite(v))
    throw std::invalid_argument(
        fmt::format("{} '{}' is not a number (such as 64, 0.5, 4Ki or 2M)", what, std::string(s)));
  return v * scale;
}

// Whole numbers without a decimal point, others in their shortest exact form.
std::string text_of(double v) {
  if (v == std::floor(v) && std::abs(v) < 1e15) return fmt::format("{:.0f}", v);
  return fmt::format("{}", v);
}

std::vector<std::string> range(std::string_view spec) {
  const auto dots = spec.find("..");
  const double lo = number(spec.substr(0, dots), "the range's start");
  std::string_view rest = spec.substr(dots + 2);
  std::vector<std::string> out;
  const auto too_many = [&] {
    return std::invalid_argument(
        fmt::format("the range {} has more than {} values", std::string(spec), kMaxPoints));
  };
  if (const auto star = rest.find('*'); star != std::string_view::npos) {
    const double hi = number(rest.substr(0, star), "the range's end");
    const double f = number(rest.substr(star + 1), "the range's factor");
    if (!(f > 1))
      throw std::invalid_argument(
          fmt::format("the factor after '*' must be greater than 1, not {}", text_of(f)));
    if (!(lo > 0)) throw std::invalid_argument("a geometric range starts above 0");
    for (double v = lo; v <= hi * (1 + 1e-12); v *= f) {
      if (out.size() == kMaxPoints) throw too_many();
      out.push_back(text_of(v));
    }
  } else {
    double step = 1;
    double hi = 0;
    if (const auto colon = rest.find(':'); colon != std::string_view::npos) {
      hi = number(rest.substr(0, colon), "the range's end");
      step = number(rest.substr(colon + 1), "the range's step");
      if (!(step > 0))
        throw std::invalid_argument(
            fmt::format("the step after ':' must be greater than 0, not {}", text_of(step)));
    } else {
      hi = number(rest, "the range's end");
    }
    for (std::size_t i = 0;; ++i) {
      const double v = lo + static_cast<double>(i) * step;  // no accumulated rounding
      if (v > hi + step * 1e-9) break;
      if (out.size() == kMaxPoints) throw too_many();
      out.push_back(text_of(v));
    }
  }
  if (out.empty())
    throw std::invalid_argument(
        fmt::format("the range {} has no values (its end is below its start)", std::string(spec)));
  return out;
}

}  // namespace

Variation parse_variation(std::string_view text) {
  const auto eq = text.find('=');
  if (eq == std::string_view::npos)
    throw std::invalid_argument(fmt::format("'{}' is not of the form NAME=VALUES", std::string(text)));
  Variation v;
  v.name = std::string(trimmed(text.substr(0, eq)));
  if (v.name.empty())
    throw std::invalid_argument(fmt::format("'{}' has no variable name before '='", std::string(text)));
  const std::string_view values = trimmed(text.substr(eq + 1));
  if (values.empty()) throw std::invalid_argument(fmt::format("{} has no values after '='", v.name));
  try {
    if (values.find("..") != std::string_view::npos) {
      v.values = range(values);
    } else {
      for (std::size_t at = 0; at <= values.size();) {
        const auto comma = std::min(values.find(',', at), values.size());
        const std::string_view one = trimmed(values.substr(at, comma - at));
        if (one.empty()) throw std::invalid_argument("an empty value in the list (two commas in a row?)");
        v.values.emplace_back(one);
        at = comma + 1;
      }
    }
  } catch (const std::invalid_argument& e) {
    throw std::invalid_argument(fmt::format("{}: {}", v.name, e.what()));
  }
  return v;
}

}  // namespace af::sweep
