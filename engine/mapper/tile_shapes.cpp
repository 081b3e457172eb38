#include "mapper/tile_shapes.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <optional>

#include "mapper/options.h"
#include "mapper/pareto.h"
#include "model/compiled_pmapping.h"
#include "model/evaluate.h"

namespace af::mapper {

std::vector<double> tile_stage_objectives(const PmappingRow& row, unsigned metrics) {
  std::vector<double> v;
  if (includes_latency(metrics)) v.push_back(row.latency);
  if (includes_dynamic_energy(metrics)) v.push_back(row.dynamic_energy);
  if (includes_leak_energy(metrics)) v.push_back(row.leak_energy);
  return v;
}

std::vector<double> join_objectives(const PmappingRow& row, unsigned metrics) {
  std::vector<double> v;
  if (includes_energy(metrics))
    v.push_back(
        static_cast<double>(static_cast<float>(row.dynamic_energy) + static_cast<float>(row.leak_energy)));
  if (includes_latency(metrics)) v.push_back(row.latency);
  if (metrics & kDynamicEnergy) v.push_back(row.dynamic_energy);
  if (metrics & kLeakEnergy) v.push_back(row.leak_energy);
  return v;
}

namespace {

void chains_worker(std::int64_t outer, std::size_t k, std::vector<std::int64_t>& cur,
                   std::vector<std::vector<std::int64_t>>& out) {
  if (cur.size() + 1 == k) {  // innermost tile is 1
    cur.push_back(1);
    out.push_back(cur);
    cur.pop_back();
    return;
  }
  for (std::int64_t d = 1; d <= outer; ++d) {
    if (outer % d != 0) continue;
    cur.push_back(d);
    chains_worker(d, k, cur, out);
    cur.pop_back();
  }
}

}  // namespace

std::vector<std::vector<std::int64_t>> divisor_chains(std::int64_t bound, std::size_t k) {
  std::vector<std::vector<std::int64_t>> out;
  if (k == 0) {
    out.emplace_back();
    return out;
  }
  std::vector<std::int64_t> cur;
  chains_worker(std::max<std::int64_t>(bound, 1), k, cur, out);
  return out;
}

spec::Mapping to_mapping(const PmappingTemplate& t, const std::vector<std::int64_t>& tiles) {
  spec::Mapping m;
  std::size_t li = 0;
  for (const auto& n : t.nodes) {
    spec::MappingNode node;
    switch (n.kind) {
      case TemplateNodeKind::Storage: {
        spec::StorageNode s;
        s.tensors = {n.tensor};
        s.component = n.component;
        s.persistent = n.persistent;
        node.node = std::move(s);
        break;
      }
      case TemplateNodeKind::Temporal: {
        spec::TemporalNode s;
        s.rank_variable = n.rank_variable;
        s.tile_shape = li < tiles.size() ? tiles[li] : 1;
        ++li;
        node.node = std::move(s);
        break;
      }
      case TemplateNodeKind::Spatial: {
        spec::SpatialNode s;
        s.rank_variable = n.rank_variable;
        s.tile_shape = li < tiles.size() ? tiles[li] : 1;
        s.name = n.dim;
        s.component = n.component;
        ++li;
        node.node = std::move(s);
        break;
      }
    }
    m.nodes.push_back(std::move(node));
  }
  spec::MappingNode compute;
  compute.node = spec::ComputeNode{t.einsum, t.compute};
  m.nodes.push_back(std::move(compute));
  return m;
}

namespace {

// The model's structural complaint about a template, as a removal cause.
std::string cause_of(const model::InvalidMapping& e) { return "invalid: " + e.message(); }

struct LoopChains {
  std::vector<std::size_t> loop_positions;  // loop indices (into tiles) of this rv
  std::vector<std::vector<std::int64_t>> chains;
};

}  // namespace

TemplateResult explore_tile_shapes(const PmappingTemplate& t, const EinsumProblem& problem,
                                   const spec::ResolvedSpec& spec, unsigned metrics,
                                   const std::atomic<bool>* cancel) {
  TemplateResult result;
  result.stats.einsum = t.einsum;
  result.stats.templates = 1;

  // Loop index per rank variable, outer to inner.
  std::map<std::string, LoopChains> per_rv;
  std::size_t n_loops = 0;
  for (const auto& n : t.nodes) {
    if (n.kind == TemplateNodeKind::Storage) continue;
    per_rv[n.rank_variable].loop_positions.push_back(n_loops++);
  }
  std::vector<LoopChains*> rvs;
  double total = 1;
  for (auto& [rv, lc] : per_rv) {
    const auto it = problem.bounds.find(rv);
    lc.chains = divisor_chains(it == problem.bounds.end() ? 1 : it->second, lc.loop_positions.size());
    total *= static_cast<double>(lc.chains.size());
    rvs.push_back(&lc);
  }
  result.stats.pmappings_total = total;

  std::optional<model::CompiledPmapping> compiled;
  try {
    compiled.emplace(spec, to_mapping(t, std::vector<std::int64_t>(n_loops, 1)));
  } catch (const model::InvalidMapping& e) {
    result.stats.pmappings_evaluated = static_cast<std::uint64_t>(total);
    result.stats.removed[cause_of(e)] += static_cast<std::uint64_t>(total);
    return result;
  }
  std::vector<int> usage_slots;
  for (const auto& c : t.min_usage) usage_slots.push_back(compiled->usage_index(c.component, c.dim));
  // Removal counts per failing (kind, component, dim), named once at the end.
  struct FailureCount {
    model::QuickEvaluation failure;
    std::uint64_t count = 0;
  };
  std::vector<FailureCount> failures;

  // min_usage (with AccelForge's per-template "best if none reaches it"): the kept rows
  // are those with the lexicographically largest vector of clipped usages.
  std::vector<double> best_usage;
  bool have_best = false;
  std::uint64_t below_min = 0;  // valid rows later dropped for min_usage
  ParetoFront<PmappingRow> front;
  std::uint64_t valid_in_front_epoch = 0;
  const auto objectives = [&](const PmappingRow& r) { return tile_stage_objectives(r, metrics); };

  std::vector<std::size_t> pick(rvs.size(), 0);
  std::vector<std::int64_t> tiles(n_loops, 1);
  for (std::size_t r = 0; r < rvs.size(); ++r)
    for (std::size_t k = 0; k < rvs[r]->loop_positions.size(); ++k)
      tiles[rvs[r]->loop_positions[k]] = rvs[r]->chains[0][k];

  while (true) {
    if (cancel && cancel->load(std::memory_order_relaxed)) {
      result.cancelled = true;
      break;
    }
    ++result.stats.pmappings_evaluated;
    try {
      const model::QuickEvaluation& ev = compiled->evaluate(tiles);
      if (ev.failure != model::QuickEvaluation::Failure::None) {
        auto it = std::find_if(failures.begin(), failures.end(), [&](const FailureCount& f) {
          return f.failure.failure == ev.failure && f.failure.component == ev.component &&
                 f.failure.dim == ev.dim;
        });
        if (it == failures.end()) it = failures.insert(failures.end(), {ev, 0});
        ++it->count;
      } else {
        std::vector<double> usage;
        for (std::size_t i = 0; i < t.min_usage.size(); ++i) {
          const double u = compiled->usage(usage_slots[i]);
          usage.push_back(std::min(static_cast<double>(static_cast<float>(u)), t.min_usage[i].min_usage));
        }
        ++result.stats.pmappings_valid;
        bool keep = true;
        if (!usage.empty()) {
          if (!have_best || usage > best_usage) {
            if (have_best) below_min += valid_in_front_epoch;
            best_usage = usage;
            have_best = true;
            front.clear();
            valid_in_front_epoch = 0;
          } else if (usage < best_usage) {
            keep = false;
            ++below_min;
          }
        }
        if (keep) {
          ++valid_in_front_epoch;
          PmappingRow row;
          row.template_index = t.index;
          row.tiles = tiles;
          row.latency = ev.latency;
          row.dynamic_energy = ev.dynamic_energy;
          row.leak_energy = ev.leak_energy;
          front.insert(std::move(row), objectives);
        }
      }
    } catch (const model::InvalidMapping& e) {
      ++result.stats.removed[cause_of(e)];
    }
    // Odometer over rank variables (last fastest).
    std::size_t r = rvs.size();
    bool done = true;
    while (r > 0) {
      --r;
      auto& lc = *rvs[r];
      if (++pick[r] < lc.chains.size()) {
        for (std::size_t k = 0; k < lc.loop_positions.size(); ++k)
          tiles[lc.loop_positions[k]] = lc.chains[pick[r]][k];
        done = false;
        break;
      }
      pick[r] = 0;
      for (std::size_t k = 0; k < lc.loop_positions.size(); ++k)
        tiles[lc.loop_positions[k]] = lc.chains[0][k];
    }
    if (done) break;
  }
  for (const auto& f : failures) result.stats.removed[compiled->failure_name(f.failure)] += f.count;
  if (!t.min_usage.empty() && below_min > 0) {
    std::string name = "min_usage";
    for (const auto& c : t.min_usage) name += " " + c.component + "." + c.dim;
    result.stats.removed[name] += below_min;
    result.stats.pmappings_valid -= below_min;
  }
  result.front = front.take();
  result.stats.removed["pareto"] += result.stats.pmappings_valid - result.front.size();
  result.stats.pmappings_pareto = result.front.size();
  return result;
}

}  // namespace af::mapper
