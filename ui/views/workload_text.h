#pragma once
// Labels and tooltips of the workload graph: bounds "m=64 n0=32", projections "T0[m, n0]".
#include <QString>

#include "spec/workload.h"

namespace af::ui {

// "p + 2*r - 1".
[[nodiscard]] QString affineText(const spec::AffineExpr& expr);
// "T0[m, n0]" (the projection as written, in index expressions).
[[nodiscard]] QString projectionText(const spec::TensorAccess& access);
// "m=64 n0=32", in the Einsum's bound order.
[[nodiscard]] QString boundsText(const spec::Einsum& einsum);

[[nodiscard]] QString einsumToolTip(const spec::Einsum& einsum);
// `sizeBits` from loader::tensor_sizes_bits.
[[nodiscard]] QString tensorToolTip(const spec::Workload& workload, const QString& tensor, double sizeBits);

}  // namespace af::ui
