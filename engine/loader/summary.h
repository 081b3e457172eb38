#pragma once
// A one-screen text summary of a loaded Spec (what `accelforge validate` prints).
#include <string>

#include "loader/spec_builder.h"

namespace af::loader {

// Size in bits of each tensor: the dense footprint of its projection over the rank-variable
// bounds of the first Einsum that uses it, times bits per value.
[[nodiscard]] std::map<std::string, double> tensor_sizes_bits(const spec::Workload& workload);

[[nodiscard]] std::string summarize(const spec::Spec& spec);

}  // namespace af::loader
