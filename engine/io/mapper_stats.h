#pragma once
// A mapper run's statistics as the CLI prints them and as `--json` writes them (per Einsum:
// templates, pmapping counts, removals and keep rates per cause — AccelForge's
// pmapping_keep_rates — and the funnel stages).
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "mapper/mapper.h"

namespace af::io {

[[nodiscard]] nlohmann::json mapper_stats_json(const mapper::MapperResult& result);
// Per Einsum, then the join's steps (groups and rows in and out, and why rows went).
[[nodiscard]] std::string mapper_stats_text(const mapper::MapperResult& result);
// The join's steps alone, as `--json`'s "join" array and as text.
[[nodiscard]] nlohmann::json mapper_join_json(const mapper::MapperResult& result);
[[nodiscard]] std::string mapper_join_text(const mapper::MapperResult& result);

// The statistics back from those two arrays (a stored run's funnel, re-opened): equal to the
// run's `stats` and `join_steps`. Keep rates and funnels are derived, so they are not read.
// Throws nlohmann::json::exception when a key is missing or of the wrong type.
[[nodiscard]] std::vector<mapper::EinsumStats> mapper_stats_from_json(const nlohmann::json& stats);
[[nodiscard]] std::vector<mapper::JoinStepStats> mapper_join_from_json(const nlohmann::json& join);

}  // namespace af::io
