#include "cli_checks.h"

#include <fmt/format.h>

#include <charconv>
#include <cmath>

namespace af::cli {

CLI::Validator number_in(double lo, double hi, bool whole, std::string rule) {
  return CLI::Validator(
      [lo, hi, whole, rule](std::string& text) -> std::string {
        double v = 0;
        const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
        const bool parsed = ec == std::errc{} && end == text.data() + text.size();
        if (!parsed || std::isnan(v) || v < lo || v > hi || (whole && v != std::floor(v)))
          return fmt::format("must be {}, got '{}'", rule, text);
        return {};
      },
      rule);
}

}  // namespace af::cli
