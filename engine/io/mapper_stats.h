#pragma once
// A mapper run's statistics as the CLI prints them and as `--json` writes them (per Einsum:
// templates, pmapping counts, removals and keep rates per cause — AccelForge's
// pmapping_keep_rates — and the funnel stages).
#include <nlohmann/json.hpp>
#include <string>

#include "mapper/mapper.h"

namespace af::io {

[[nodiscard]] nlohmann::json mapper_stats_json(const mapper::MapperResult& result);
// Per Einsum, then the join's steps (groups and rows in and out, and why rows went).
[[nodiscard]] std::string mapper_stats_text(const mapper::MapperResult& result);
// The join's steps alone, as `--json`'s "join" array and as text.
[[nodiscard]] nlohmann::json mapper_join_json(const mapper::MapperResult& result);
[[nodiscard]] std::string mapper_join_text(const mapper::MapperResult& result);

}  // namespace af::io
