#pragma once
// Range checks for numeric options that say the range in words (CLI11's own print the range
// of a double: 309 digits).
#include <CLI/CLI.hpp>
#include <string>

namespace af::cli {

// Accepts numbers in [lo, hi] (whole numbers only if `whole`); otherwise the message is
// "must be <rule>, got <value>". NaN never passes.
[[nodiscard]] CLI::Validator number_in(double lo, double hi, bool whole, std::string rule);

}  // namespace af::cli
