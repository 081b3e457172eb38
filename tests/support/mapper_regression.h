#pragma once
// AccelForge's mapper regression cases (expected/mapper-regression.json in the reference
// corpus), and the transformers mapped at the same settings, for the regression test
// (tests/compat/mapper) and the mapper benchmark (tests/bench). Each key of the file,
// ARCH|WORKLOAD|JINJA|fused-or-unfused, names the inputs of a case and holds its expected
// figures. Plain C++ and nlohmann::json (the benchmark has no Qt); the caller says where the
// corpus is (support/shared_corpus.h, or the benchmark's own path).
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <vector>

namespace af::test {

// The inputs a key names.
struct MapperRegressionCase {
  std::string arch;
  std::vector<std::string> files;  // arch, workload, and the default renames but on snowcat
  std::vector<std::string> sets;   // Jinja assignments NAME=VALUE
  bool unfused = false;
};

// The whole file: expected figures by key. `reference` is the folder reference/accelforge.
inline nlohmann::json read_mapper_regression(const std::filesystem::path& reference) {
  std::ifstream in(reference / "expected" / "mapper-regression.json");
  return nlohmann::json::parse(in);
}

// The case `key` names, with its files under `reference`.
inline MapperRegressionCase mapper_regression_case(const std::filesystem::path& reference,
                                                   const std::string& key) {
  std::vector<std::string> parts;
  std::stringstream ss(key);
  for (std::string p; std::getline(ss, p, '|');) parts.push_back(p);
  const std::filesystem::path examples = reference / "examples";
  MapperRegressionCase c;
  c.arch = parts.at(0);
  const std::string& workload = parts.at(1);
  c.files = {(examples / "arches" / (c.arch + ".yaml")).string(),
             (workload == "mobilenet_28" ? examples / "workloads/cnns/mobilenet/mobilenet_28.yaml"
                                         : examples / "workloads/basic" / (workload + ".yaml"))
                 .string()};
  if (c.arch != "snowcat") c.files.push_back((examples / "workloads/_renames_default.yaml").string());
  std::stringstream js(parts.at(2));
  for (std::string p; std::getline(js, p, ',');)
    if (!p.empty()) c.sets.push_back(p);
  c.unfused = parts.at(3) == "unfused";
  return c;
}

// The transformer workloads (examples/workloads/transformers), which have no expected figures.
inline const std::vector<std::string> kTransformerWorkloads = {"gpt/gpt3_6.7B",
                                                               "gpt/gpt3_175B",
                                                               "llama/llama3_8B",
                                                               "llama/llama4_maverick",
                                                               "llama/llama4_scout",
                                                               "mixtral/mixtral8x22B",
                                                               "qwen/qwen3_8B",
                                                               "qwen/qwen3_30B_A3B",
                                                               "deepseek/deepseek_v3_671B",
                                                               "mamba/mamba"};

// A transformer on an arch at the regression's settings: BATCH_SIZE=1, prefill, 256 new tokens.
struct TransformerCase {
  std::string arch, workload;
  std::vector<std::string> files;  // arch, workload
  std::vector<std::string> sets;   // Jinja assignments NAME=VALUE
};

inline TransformerCase transformer_case(const std::filesystem::path& reference, const std::string& arch,
                                        const std::string& workload) {
  const std::filesystem::path examples = reference / "examples";
  TransformerCase c{arch,
                    workload,
                    {(examples / "arches" / (arch + ".yaml")).string(),
                     (examples / "workloads/transformers" / (workload + ".yaml")).string()},
                    {"BATCH_SIZE=1", "DECODE=False", "N_NEW_TOKENS=256"}};
  if (workload.starts_with("llama/llama4")) c.sets.emplace_back("ATTENTION_TYPE=grouped_query");
  return c;
}

// Every transformer on every reference arch that can map it, arch by arch. Mamba's workload
// has no renames: AccelForge cannot map it on simba, tpu_v4i or nvdla either.
inline std::vector<TransformerCase> transformer_cases(const std::filesystem::path& reference) {
  std::vector<TransformerCase> out;
  for (const std::string arch : {"simple", "eyeriss", "simba", "tpu_v4i", "snowcat", "nvdla"})
    for (const std::string& workload : kTransformerWorkloads)
      if (workload != "mamba/mamba" || (arch != "simba" && arch != "tpu_v4i" && arch != "nvdla"))
        out.push_back(transformer_case(reference, arch, workload));
  return out;
}

// The transformer cases (arch|workload) that map in a few seconds at the regression settings,
// fused and unfused: with the 20 keys of the reference file, the 46 regression cases the
// compat test and `bench_mapper --regression` run (the rest need AF_SLOW_TESTS=1 there).
inline const std::vector<std::string> kFastTransformers = {"simple|gpt/gpt3_6.7B",
                                                           "eyeriss|gpt/gpt3_6.7B",
                                                           "nvdla|gpt/gpt3_6.7B",
                                                           "snowcat|gpt/gpt3_6.7B",
                                                           "snowcat|gpt/gpt3_175B",
                                                           "snowcat|llama/llama3_8B",
                                                           "snowcat|llama/llama4_maverick",
                                                           "snowcat|llama/llama4_scout",
                                                           "snowcat|mixtral/mixtral8x22B",
                                                           "snowcat|qwen/qwen3_8B",
                                                           "snowcat|qwen/qwen3_30B_A3B",
                                                           "snowcat|deepseek/deepseek_v3_671B",
                                                           "snowcat|mamba/mamba"};

}  // namespace af::test
