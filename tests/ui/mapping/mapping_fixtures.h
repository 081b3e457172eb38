#pragma once
// Shared inputs for the mapping UI tests: a one-matmul workload and mapping texts.
#include <QString>

#include "spec/mapping.h"
#include "spec/workload.h"

namespace af::test {

// Matmul0: T1[m, n1] += T0[m, n0] * W0[n0, n1]; m = 64, n0 = n1 = 32.
spec::Workload matmulWorkload();
// Two chained matmuls (Matmul1: T2[m, n2] += T1[m, n1] * W1[n1, n2]), all bounds 64 / 32.
spec::Workload twoMatmulWorkload();

// MainMemory / GlobalBuffer / Register with an m loop of 16 and a spatial n1 loop (lines fixed:
// the `- !Temporal` item of the m tile-1 loop is on line 20).
extern const char* const kThreeLevelYaml;
// Two Einsums under a Sequential.
extern const char* const kSequentialYaml;

// parse_yaml + read_mapping of the `mapping:` key.
spec::Mapping readMapping(const QString& yaml);

}  // namespace af::test
