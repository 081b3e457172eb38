#pragma once
// The matrix-vector product y[m] = A[m, k] x[k] the mapper's unit tests map on small arches of
// their own: the workload at given sizes, and a spec of it with an arch text, loaded from
// files written into a test's temporary folder (as a user's files would be).
#include <QTemporaryDir>
#include <fstream>
#include <string>

#include "support/load_spec.h"
#include "support/replace_all.h"

namespace af::test {

inline std::string mv_workload(long long m, long long k) {
  const std::string text = R"(
workload:
  iteration_space_shape:
    m: 0 <= m < {M}
    k: 0 <= k < {K}
  bits_per_value: {All: 8}
  einsums:
  - name: MV
    tensor_accesses:
    - {name: A, projection: [m, k]}
    - {name: x, projection: [k]}
    - {name: y, projection: [m], output: True}
)";
  return replace_all(replace_all(text, "{M}", std::to_string(m)), "{K}", std::to_string(k));
}

// `arch` (the text of an arch file) with the MV workload at m x k, through test::load_spec.
inline spec::Spec load_mv(const QTemporaryDir& dir, const std::string& arch, long long m, long long k) {
  const std::string a = dir.filePath("arch.yaml").toStdString();
  const std::string w = dir.filePath("workload.yaml").toStdString();
  std::ofstream(a) << arch;
  std::ofstream(w) << mv_workload(m, k);
  return load_spec({a, w});
}

}  // namespace af::test
