#pragma once
// Resolved arch and workload values built in code (no spec files) for the view tests.
#include "spec/arch.h"
#include "spec/workload.h"

namespace af::test {

// DRAM -> GlobalBuffer (128 KiB) -> PE (X 4 x Y 4) -> Register -> MAC.
[[nodiscard]] spec::ResolvedArch threeLevelArch();
// Eyeriss-like: DRAM -> GlobalBuffer -> 14 x 12 PE array with three scratchpads -> MAC.
[[nodiscard]] spec::ResolvedArch eyerissArch();
// Two computes (MAC on the left branch, Vector on the right) sharing DRAM and a buffer.
[[nodiscard]] spec::ResolvedArch forkedArch();

// Matmul0..Matmul{n-1}: T{i}[m, n{i}] * W{i}[n{i}, n{i+1}] -> T{i+1}, m = 64, n* = 32, 8 b.
[[nodiscard]] spec::Workload matmulChain(int n);
// One transformer block (Q, K, V, QK, softmax, AV, Z, residual, norm, FFA, FFB, residual).
[[nodiscard]] spec::Workload transformerBlock();

}  // namespace af::test
