#pragma once
// One varied spec variable of a sweep and its values, as the CLI's `--vary NAME=VALUES` and
// the window's sweep dialog write them:
//   NAME=a,b,c           a list (each a YAML scalar, as `--set` reads it)
//   NAME=LO..HI          every whole number from LO to HI
//   NAME=LO..HI:STEP     LO, LO+STEP, ... up to HI
//   NAME=LO..HI*F        LO, LO*F, LO*F*F, ... up to HI (a geometric range)
// Numbers may end in k, M, G (powers of 1000) or Ki, Mi, Gi (powers of 1024): 64Ki..4Mi*2.
#include <string>
#include <string_view>
#include <vector>

namespace af::sweep {

struct Variation {
  std::string name;
  std::vector<std::string> values;  // as `--set NAME=VALUE` takes them
};

// Throws std::invalid_argument saying what is wrong and where in `text`.
[[nodiscard]] Variation parse_variation(std::string_view text);

// The most points a sweep may have (a typo such as 1..1e9 would otherwise run for ever).
inline constexpr std::size_t kMaxPoints = 100000;

}  // namespace af::sweep
