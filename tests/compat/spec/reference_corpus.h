#pragma once
// Paths into AccelForge's reference corpus (reference_dir(), examples_dir() from
// support/shared_corpus.h) and the keys of expected/mapper-regression.json
// ("ARCH|WORKLOAD|K=V,...|fused-or-unfused").
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "support/shared_corpus.h"

namespace af::test {

// The workload file whose stem is `stem` anywhere under examples/workloads.
inline std::filesystem::path workload_file(const std::string& stem) {
  for (const auto& entry : std::filesystem::recursive_directory_iterator(examples_dir() / "workloads"))
    if (entry.is_regular_file() && entry.path().stem() == stem) return entry.path();
  return {};
}

struct RegressionKey {
  std::string key, arch, workload, fused;
  std::vector<std::string> assignments;  // "K=V"
};

inline std::vector<RegressionKey> regression_keys() {
  std::ifstream in(reference_dir() / "expected" / "mapper-regression.json");
  const nlohmann::json j = nlohmann::json::parse(in);
  std::vector<RegressionKey> out;
  for (const auto& [key, value] : j.items()) {
    RegressionKey k{key, {}, {}, {}, {}};
    std::vector<std::string> parts;
    std::size_t start = 0;
    for (std::size_t bar = key.find('|'); bar != std::string::npos; bar = key.find('|', start)) {
      parts.push_back(key.substr(start, bar - start));
      start = bar + 1;
    }
    parts.push_back(key.substr(start));
    if (parts.size() != 4) continue;
    k.arch = parts[0];
    k.workload = parts[1];
    k.fused = parts[3];
    std::size_t s = 0;
    while (!parts[2].empty() && s <= parts[2].size()) {
      const std::size_t comma = parts[2].find(',', s);
      k.assignments.push_back(parts[2].substr(s, comma == std::string::npos ? std::string::npos : comma - s));
      if (comma == std::string::npos) break;
      s = comma + 1;
    }
    out.push_back(std::move(k));
  }
  return out;
}

}  // namespace af::test
