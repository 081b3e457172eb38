#pragma once
// The corpus's compute-in-memory files as the CiM notebooks combine them: an arch with a DNN
// from workloads/compute_in_memory in place of the arch's own workload. Header-only, for the
// two tests of this folder.
#include <QFile>
#include <string>
#include <utility>
#include <vector>

#include "loader/load.h"
#include "support/shared_corpus.h"

namespace af::test::cim {

inline std::string arch_file(const std::string& name) {
  return (examples_dir() / "arches" / "compute_in_memory" / (name + ".yaml")).string();
}
inline std::string dnn_file(const std::string& dnn) {
  return (examples_dir() / "workloads" / "compute_in_memory" / (dnn + ".yaml")).string();
}

inline std::string read_text(const std::string& path) {
  QFile f(QString::fromStdString(path));
  if (!f.open(QIODevice::ReadOnly)) return {};
  return f.readAll().toStdString();
}

// The arch text without its own workload and renames, which would shadow the DNN's (the
// first key wins).
inline std::string without_own_workload(std::string arch) {
  if (const auto own = arch.find("\nworkload:\n"); own != std::string::npos) arch.resize(own + 1);
  return arch;
}

// The DNN's text with only its first `n` Einsums (all when n <= 0): they are the file's last list.
inline std::string first_einsums(std::string workload, int n) {
  if (n <= 0) return workload;
  std::size_t at = 0;
  for (int i = 0; i <= n && at != std::string::npos; ++i) at = workload.find("\n  - einsum:", at + 1);
  if (at != std::string::npos) workload.resize(at + 1);
  return workload;
}

// The files and their texts for load_spec: `arch_text` standing for the arch file, the DNN's
// first `n` Einsums (all when n <= 0) for its file.
inline std::pair<std::vector<std::string>, loader::UnsavedTexts> with_dnn(const std::string& arch_path,
                                                                          const std::string& arch_text,
                                                                          const std::string& dnn, int n) {
  const std::string w = dnn_file(dnn);
  return {{arch_path, w},
          {{arch_path, without_own_workload(arch_text)}, {w, first_einsums(read_text(w), n)}}};
}

}  // namespace af::test::cim
