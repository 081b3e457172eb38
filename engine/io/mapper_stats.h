#pragma once
// A mapper run's statistics as the CLI prints them and as `--json` writes them (per Einsum:
// templates, pmapping counts, removals and keep rates per cause — AccelForge's
// pmapping_keep_rates — and the funnel stages).
#include <nlohmann/json.hpp>
#include <string>

#include "mapper/mapper.h"

namespace af::io {

[[nodiscard]] nlohmann::json mapper_stats_json(const mapper::MapperResult& result);
[[nodiscard]] std::string mapper_stats_text(const mapper::MapperResult& result);

}  // namespace af::io
