#include "io/mapper_stats.h"

#include <fmt/format.h>

namespace af::io {

namespace {

nlohmann::json funnel_json(const std::vector<mapper::EinsumStats::Stage>& stages) {
  nlohmann::json funnel = nlohmann::json::array();
  for (const auto& stage : stages)
    funnel.push_back({{"cause", stage.cause}, {"reached", stage.reached}, {"keep_rate", stage.kept_rate}});
  return funnel;
}

}  // namespace

nlohmann::json mapper_stats_json(const mapper::MapperResult& r) {
  nlohmann::json out = nlohmann::json::array();
  for (const auto& s : r.stats) {
    nlohmann::json rates = nlohmann::json::object();
    nlohmann::json removed = nlohmann::json::object();
    const auto stages = s.funnel();
    for (const auto& stage : stages) {
      rates[stage.cause] = stage.kept_rate;
      removed[stage.cause] = s.removed.at(stage.cause);
    }
    nlohmann::json over = nlohmann::json::object();
    for (const auto& [cause, f] : s.smallest_over_limit) over[cause] = {{"used", f.used}, {"limit", f.limit}};
    out.push_back({{"einsum", s.einsum},
                   {"templates", s.templates},
                   {"templates_fused", s.templates_fused},
                   {"templates_duplicate", s.templates_duplicate},
                   {"pmappings_total", s.pmappings_total},
                   {"pmappings_full_space", s.pmappings_full_space},
                   {"searched_with", s.searched_with},
                   {"pmappings_evaluated", s.pmappings_evaluated},
                   {"pmappings_valid", s.pmappings_valid},
                   {"pmappings_dominated", s.pmappings_dominated},
                   {"pmappings_pareto", s.pmappings_pareto},
                   {"compatibility_groups", s.groups},
                   {"pmappings_grouped", s.pmappings_grouped},
                   {"removed", removed},
                   {"keep_rates", rates},
                   {"smallest_over_limit", over},
                   {"funnel", funnel_json(stages)}});
  }
  return out;
}

nlohmann::json mapper_join_json(const mapper::MapperResult& r) {
  nlohmann::json out = nlohmann::json::array();
  for (const auto& s : r.join_steps)
    out.push_back({{"einsum", s.einsum},
                   {"left_groups", s.left_groups},
                   {"right_groups", s.right_groups},
                   {"left_rows", s.left_rows},
                   {"right_rows", s.right_rows},
                   {"group_pairs", s.group_pairs},
                   {"group_pairs_lookahead", s.group_pairs_lookahead},
                   {"rows_lookahead", s.rows_lookahead},
                   {"rows_unmatched", s.rows_unmatched},
                   {"rows_paired", s.rows_paired},
                   {"removed", s.removed},
                   {"groups_out", s.groups_out},
                   {"rows_out", s.rows_out},
                   {"funnel", funnel_json(s.funnel())}});
  return out;
}

std::vector<mapper::EinsumStats> mapper_stats_from_json(const nlohmann::json& stats) {
  std::vector<mapper::EinsumStats> out;
  for (const auto& j : stats) {
    mapper::EinsumStats s;
    j.at("einsum").get_to(s.einsum);
    j.at("searched_with").get_to(s.searched_with);
    j.at("templates").get_to(s.templates);
    j.at("templates_fused").get_to(s.templates_fused);
    j.at("templates_duplicate").get_to(s.templates_duplicate);
    j.at("pmappings_total").get_to(s.pmappings_total);
    j.at("pmappings_full_space").get_to(s.pmappings_full_space);
    j.at("pmappings_evaluated").get_to(s.pmappings_evaluated);
    j.at("pmappings_valid").get_to(s.pmappings_valid);
    j.at("pmappings_dominated").get_to(s.pmappings_dominated);
    j.at("pmappings_pareto").get_to(s.pmappings_pareto);
    j.at("compatibility_groups").get_to(s.groups);
    j.at("pmappings_grouped").get_to(s.pmappings_grouped);
    j.at("removed").get_to(s.removed);
    for (const auto& [cause, f] : j.at("smallest_over_limit").items())
      s.smallest_over_limit[cause] = {f.at("used").get<double>(), f.at("limit").get<double>()};
    out.push_back(std::move(s));
  }
  return out;
}

std::vector<mapper::JoinStepStats> mapper_join_from_json(const nlohmann::json& join) {
  std::vector<mapper::JoinStepStats> out;
  for (const auto& j : join) {
    mapper::JoinStepStats s;
    j.at("einsum").get_to(s.einsum);
    j.at("left_groups").get_to(s.left_groups);
    j.at("right_groups").get_to(s.right_groups);
    j.at("left_rows").get_to(s.left_rows);
    j.at("right_rows").get_to(s.right_rows);
    j.at("group_pairs").get_to(s.group_pairs);
    j.at("group_pairs_lookahead").get_to(s.group_pairs_lookahead);
    j.at("rows_lookahead").get_to(s.rows_lookahead);
    j.at("rows_unmatched").get_to(s.rows_unmatched);
    j.at("rows_paired").get_to(s.rows_paired);
    j.at("removed").get_to(s.removed);
    j.at("groups_out").get_to(s.groups_out);
    j.at("rows_out").get_to(s.rows_out);
    out.push_back(std::move(s));
  }
  return out;
}

std::string mapper_join_text(const mapper::MapperResult& r) {
  std::string s;
  for (const auto& st : r.join_steps) {
    s += fmt::format(
        "join {}: {} x {} groups ({} x {} rows), {} group pairs ({} dropped by lookahead), {} row "
        "pairs -> {} rows in {} groups\n",
        st.einsum, st.left_groups, st.right_groups, st.left_rows, st.right_rows, st.group_pairs,
        st.group_pairs_lookahead, st.rows_paired, st.rows_out, st.groups_out);
    for (const auto& [cause, n] : st.removed) s += fmt::format("    {}: {} removed\n", cause, n);
  }
  return s;
}

std::string mapper_stats_text(const mapper::MapperResult& r) {
  std::string s;
  for (const auto& st : r.stats) {
    s += fmt::format(
        "{}: {} templates ({} fused), {:.4g} pmappings total, {} evaluated, {} valid, {} Pareto-optimal in "
        "{} "
        "compatibility groups\n",
        st.einsum, st.templates, st.templates_fused, st.pmappings_total, st.pmappings_evaluated,
        st.pmappings_valid, st.pmappings_pareto, st.groups);
    if (!st.searched_with.empty())
      s += fmt::format("    the search of {} with its tensors renamed: its rows, not searched again\n",
                       st.searched_with);
    if (st.pmappings_full_space != st.pmappings_total)  // imperfect tiles or coarseness
      s += fmt::format("    (AccelForge counts {:.4g} in the full tile space)\n", st.pmappings_full_space);
    for (const auto& stage : st.funnel()) {
      s += fmt::format("    {}: {} of {:.4g} removed (keep rate {:.3g})", stage.cause,
                       st.removed.at(stage.cause), stage.reached, stage.kept_rate);
      if (const auto it = st.smallest_over_limit.find(stage.cause); it != st.smallest_over_limit.end())
        s += fmt::format("; the smallest needed {:.4g} of {:.4g} {}", it->second.used, it->second.limit,
                         stage.cause.starts_with("fanout") ? "instances" : "bits");
      s += '\n';
    }
  }
  return s + mapper_join_text(r);
}

}  // namespace af::io
