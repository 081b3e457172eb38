#include "mapper/tile_shapes.h"

#include <algorithm>
#include <cmath>
#include <map>

#include "mapper/options.h"
#include "mapper/pareto.h"
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
  if (includes_energy(metrics)) v.push_back(static_cast<double>(static_cast<float>(row.dynamic_energy) +
                                                                static_cast<float>(row.leak_energy)));
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

// The model's message says what failed; the cause names the component (and dimension).
std::string cause_of(const model::InvalidMapping& e) {
  const std::string& m = e.message();
  if (const auto p = m.find(" spatial instances of "); p != std::string::npos) {
    const auto start = p + std::string(" spatial instances of ").size();
    const auto dim = m.find(" dimension ", start);
    const auto comma = m.find(',', dim);
    if (dim != std::string::npos && comma != std::string::npos)
      return "fanout " + m.substr(start, dim - start) + "." +
             m.substr(dim + 11, comma - dim - 11);
    return "fanout";
  }
  if (const auto p = m.find(" bits of "); p != std::string::npos) {
    const auto start = p + 9;
    const auto end = m.find(' ', start);
    return "capacity " + m.substr(start, end - start);
  }
  return "invalid: " + m;
}

struct LoopChains {
  std::vector<std::size_t> loop_positions;            // loop indices (into tiles) of this rv
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

  spec::Mapping mapping = to_mapping(t, std::vector<std::int64_t>(n_loops, 1));
  std::vector<std::size_t> loop_node(n_loops);  // loop index -> mapping node index
  for (std::size_t i = 0, li = 0; i < t.nodes.size(); ++i)
    if (t.nodes[i].kind != TemplateNodeKind::Storage) loop_node[li++] = i;
  const auto set_tile = [&](std::size_t loop, std::int64_t tile) {
    auto& node = mapping.nodes[loop_node[loop]].node;
    if (auto* tn = std::get_if<spec::TemporalNode>(&node)) tn->tile_shape = tile;
    else if (auto* sn = std::get_if<spec::SpatialNode>(&node)) sn->tile_shape = tile;
  };

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
    for (std::size_t k = 0; k < rvs[r]->loop_positions.size(); ++k) tiles[rvs[r]->loop_positions[k]] = rvs[r]->chains[0][k];

  while (true) {
    if (cancel && cancel->load(std::memory_order_relaxed)) {
      result.cancelled = true;
      break;
    }
    for (std::size_t l = 0; l < n_loops; ++l) set_tile(l, tiles[l]);
    ++result.stats.pmappings_evaluated;
    try {
      const model::Evaluation ev = model::evaluate(spec, mapping);
      std::vector<double> usage;
      for (const auto& c : t.min_usage) {
        const auto it = ev.spatial_usage.find({t.einsum, c.component, c.dim});
        const double u = it == ev.spatial_usage.end() ? 0.0 : it->second.usage;
        usage.push_back(std::min(static_cast<double>(static_cast<float>(u)), c.min_usage));
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
        row.latency = ev.total_latency;
        row.dynamic_energy = ev.dynamic_energy;
        row.leak_energy = ev.leak_energy_total;
        front.insert(std::move(row), objectives);
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
        for (std::size_t k = 0; k < lc.loop_positions.size(); ++k) tiles[lc.loop_positions[k]] = lc.chains[pick[r]][k];
        done = false;
        break;
      }
      pick[r] = 0;
      for (std::size_t k = 0; k < lc.loop_positions.size(); ++k) tiles[lc.loop_positions[k]] = lc.chains[0][k];
    }
    if (done) break;
  }
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
