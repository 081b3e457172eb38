#include "io/mapper_stats.h"

#include <fmt/format.h>

namespace af::io {

nlohmann::json mapper_stats_json(const mapper::MapperResult& r) {
  nlohmann::json out = nlohmann::json::array();
  for (const auto& s : r.stats) {
    nlohmann::json rates = nlohmann::json::object();
    nlohmann::json removed = nlohmann::json::object();
    nlohmann::json funnel = nlohmann::json::array();
    for (const auto& stage : s.funnel()) {
      rates[stage.cause] = stage.kept_rate;
      removed[stage.cause] = s.removed.at(stage.cause);
      funnel.push_back({{"cause", stage.cause}, {"reached", stage.reached}, {"keep_rate", stage.kept_rate}});
    }
    out.push_back({{"einsum", s.einsum},
                   {"templates", s.templates},
                   {"templates_needing_fused_loops", s.templates_fused_skipped},
                   {"pmappings_total", s.pmappings_total},
                   {"pmappings_full_space", s.pmappings_full_space},
                   {"pmappings_evaluated", s.pmappings_evaluated},
                   {"pmappings_valid", s.pmappings_valid},
                   {"pmappings_pareto", s.pmappings_pareto},
                   {"removed", removed},
                   {"keep_rates", rates},
                   {"funnel", funnel}});
  }
  return out;
}

std::string mapper_stats_text(const mapper::MapperResult& r) {
  std::string s;
  for (const auto& st : r.stats) {
    s += fmt::format("{}: {} templates, {:.4g} pmappings total, {} evaluated, {} valid, {} Pareto-optimal\n",
                     st.einsum, st.templates, st.pmappings_total, st.pmappings_evaluated, st.pmappings_valid,
                     st.pmappings_pareto);
    if (st.pmappings_full_space != st.pmappings_total)  // imperfect tiles or coarseness
      s += fmt::format("    (AccelForge counts {:.4g} in the full tile space)\n", st.pmappings_full_space);
    for (const auto& stage : st.funnel())
      s += fmt::format("    {}: {} of {:.4g} removed (keep rate {:.3g})\n", stage.cause,
                       st.removed.at(stage.cause), stage.reached, stage.kept_rate);
  }
  return s;
}

}  // namespace af::io
