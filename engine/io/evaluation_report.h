#pragma once
// The readable table `accelforge evaluate` prints: per component, reads, writes, energy and
// latency share; then occupancy against size per buffer.
#include <string>

#include "model/evaluate.h"

namespace af::io {

[[nodiscard]] std::string evaluation_report(const model::Evaluation& evaluation);

}  // namespace af::io
