#include "mapper/mapper.h"

#include <fmt/format.h>
#include <tbb/blocked_range.h>
#include <tbb/parallel_for.h>
#include <tbb/partitioner.h>
#include <tbb/task_arena.h>

#include <algorithm>
#include <atomic>
#include <mutex>
#include <numeric>

#include "mapper/pareto.h"
#include "mapper/problem.h"

namespace af::mapper {

spec::Mapping stitch(const std::vector<spec::Mapping>& pmappings) {
  if (pmappings.size() == 1) return pmappings.front();
  spec::BranchNode seq;
  seq.kind = spec::BranchKind::Sequential;
  for (const auto& p : pmappings) {
    spec::MappingNode branch;
    branch.node = p;
    seq.branches.push_back(std::move(branch));
  }
  spec::Mapping out;
  spec::MappingNode node;
  node.node = std::move(seq);
  out.nodes.push_back(std::move(node));
  return out;
}

spec::Mapping mapping_of(const MapperResult& result, std::size_t index) {
  const JoinedMapping& joined = result.front.at(index);
  std::vector<spec::Mapping> parts;
  for (std::size_t e = 0; e < joined.pmappings.size(); ++e) {
    const PmappingRow& row = joined.pmappings[e];
    parts.push_back(to_mapping(result.templates.at(e).at(row.template_index), row.tiles));
  }
  return stitch(parts);
}

namespace {

struct Job {
  std::size_t einsum = 0;  // index into the mapped Einsums
  const PmappingTemplate* templ = nullptr;
  const EinsumProblem* problem = nullptr;
};

std::vector<double> final_objectives(const JoinedMapping& m, unsigned metrics) {
  const auto e = static_cast<double>(static_cast<float>(m.energy()));
  const auto l = static_cast<double>(static_cast<float>(m.latency));
  std::vector<double> v;
  if (metrics & kEdp) v.push_back(e * l);
  if (metrics & kEnergy) v.push_back(e);
  if (metrics & kLatency) v.push_back(l);
  if (metrics & kDynamicEnergy) v.push_back(m.dynamic_energy);
  if (metrics & kLeakEnergy) v.push_back(m.leak_energy);
  return v;
}

std::vector<double> joined_objectives(const JoinedMapping& m, unsigned metrics) {
  PmappingRow r;
  r.dynamic_energy = m.dynamic_energy;
  r.leak_energy = m.leak_energy;
  r.latency = m.latency;
  return join_objectives(r, metrics);
}

constexpr std::int64_t kMaxImperfectBound = std::int64_t{1} << 32;

// A whole count as digits while doubles hold it exactly, else four significant digits.
std::string count_text(double n) { return n < 1e15 ? fmt::format("{:.0f}", n) : fmt::format("{:.4g}", n); }

std::vector<FrontPoint> points(const std::vector<JoinedMapping>& rows) {
  std::vector<FrontPoint> out;
  out.reserve(rows.size());
  for (const auto& r : rows) out.push_back({r.energy(), r.latency});
  return out;
}

}  // namespace

MapperResult map_workload(const spec::Spec& spec, const MapperOptions& options, Observer* observer,
                          std::stop_token stop) {
  MapperResult result;
  result.metrics = options.metrics;
  std::atomic<bool> cancel{false};
  const std::stop_callback on_stop(stop, [&] { cancel.store(true); });
  std::mutex observer_mutex;

  // Einsums to map, in workload order.
  std::vector<const spec::Einsum*> einsums;
  for (const auto& e : spec.workload.workload.einsums)
    if (options.einsums.empty() ||
        std::find(options.einsums.begin(), options.einsums.end(), e.name) != options.einsums.end())
      einsums.push_back(&e);

  // Imperfect tiles of a rank variable with N values number about 2 sqrt(N), and counting
  // the full space costs about N^(3/4): past 2^32 values that is hours and gigabytes.
  if (options.explore_imperfect_spatial_loops || options.explore_imperfect_temporal_loops)
    for (const auto* e : einsums)
      for (const auto& rv : e->simple_rank_variables())
        if (e->bound(rv) > kMaxImperfectBound)
          throw spec::SpecError(spec::Diagnostic{
              e->where.value_or(spec::SourceLocation{}), "mapper.explore_imperfect_loops",
              fmt::format("rank variable {} of Einsum '{}' takes {} values; imperfect factorization explores "
                          "rank variables of at most {} values (map without --imperfect / "
                          "explore_imperfect_*_loops)",
                          rv, e->name, e->bound(rv), kMaxImperfectBound)});

  // Per Einsum: problems (one per Compute), templates, a resolved spec for the model.
  std::vector<std::vector<EinsumProblem>> problems(einsums.size());
  std::vector<spec::ResolvedSpec> resolved(einsums.size());
  result.templates.resize(einsums.size());
  result.stats.resize(einsums.size());
  std::vector<Job> jobs;
  for (std::size_t e = 0; e < einsums.size(); ++e) {
    problems[e] = make_problems(spec, *einsums[e]);
    resolved[e].workload = spec.workload.workload;
    resolved[e].arch_by_einsum[einsums[e]->name] = spec.arch_by_einsum.at(einsums[e]->name).arch;
    auto& stats = result.stats[e];
    stats.einsum = einsums[e]->name;
    auto& templates = result.templates[e];
    for (const auto& p : problems[e]) {
      MapperOptions per = options;
      if (per.max_pmapping_templates_per_einsum != kUnlimited)
        per.max_pmapping_templates_per_einsum -= static_cast<std::int64_t>(templates.size());
      if (per.max_pmapping_templates_per_einsum <= 0) break;
      const TemplateStats ts = make_templates(
          p, per,
          [&](PmappingTemplate t) {
            t.index = templates.size();
            templates.push_back(std::move(t));
            return true;
          },
          stop);
      stats.templates_fused_skipped += ts.fused_skipped;
      stats.templates_duplicate += ts.duplicates;
    }
    if (cancel.load()) {
      result.cancelled = true;
      return result;
    }
    if (observer) observer->on_templates_made(stats.einsum, templates.size());
  }
  for (std::size_t e = 0; e < einsums.size(); ++e)
    for (const auto& t : result.templates[e]) {
      const EinsumProblem* prob = nullptr;
      for (const auto& p : problems[e])
        if (p.compute == t.compute) prob = &p;
      jobs.push_back({e, &t, prob});
    }

  // Tile shapes, one task per template; results land by index, so any thread count
  // gives the same fronts.
  std::vector<TemplateResult> results(jobs.size());
  std::vector<std::size_t> done_per_einsum(einsums.size(), 0);
  std::vector<EinsumStats> running(result.stats);
  tbb::task_arena arena(options.threads > 0 ? options.threads : tbb::task_arena::automatic);
  arena.execute([&] {
    tbb::parallel_for(
        tbb::blocked_range<std::size_t>(0, jobs.size(), 1),
        [&](const tbb::blocked_range<std::size_t>& range) {
          for (std::size_t j = range.begin(); j != range.end(); ++j) {
            if (cancel.load(std::memory_order_relaxed)) return;
            const Job& job = jobs[j];
            results[j] =
                explore_tile_shapes(*job.templ, *job.problem, resolved[job.einsum], options, &cancel);
            if (observer) {
              const std::lock_guard lock(observer_mutex);
              running[job.einsum].merge(results[j].stats);
              observer->on_template_done(result.stats[job.einsum].einsum, ++done_per_einsum[job.einsum],
                                         result.templates[job.einsum].size(), running[job.einsum]);
              std::vector<FrontPoint> pts;
              pts.reserve(results[j].front.size());
              for (const auto& r : results[j].front) pts.push_back({r.energy(), r.latency});
              observer->on_template_front(result.stats[job.einsum].einsum, pts);
            }
          }
        },
        tbb::simple_partitioner());
  });
  if (cancel.load()) {
    result.cancelled = true;
    return result;
  }

  // Per-Einsum fronts: template fronts in template order, energy merged, Pareto again.
  std::vector<std::vector<PmappingRow>> fronts(einsums.size());
  {
    std::vector<ParetoFront<PmappingRow>> pf(einsums.size());
    const auto obj = [&](const PmappingRow& r) {
      return log_rounded(join_objectives(r, options.metrics), options.objective_tolerance);
    };
    for (std::size_t j = 0; j < jobs.size(); ++j) {
      auto& stats = result.stats[jobs[j].einsum];
      const auto pareto_before = results[j].stats.pmappings_pareto;
      stats.merge(results[j].stats);
      stats.pmappings_pareto -= pareto_before;
      for (auto& row : results[j].front) pf[jobs[j].einsum].insert(std::move(row), obj);
    }
    for (std::size_t e = 0; e < einsums.size(); ++e) {
      fronts[e] = pf[e].take();
      auto& stats = result.stats[e];
      stats.pmappings_pareto = fronts[e].size();
      stats.removed["pareto"] = stats.pmappings_valid - fronts[e].size();
      if (observer) {
        std::vector<FrontPoint> pts;
        for (const auto& r : fronts[e]) pts.push_back({r.energy(), r.latency});
        observer->on_einsum_front(stats.einsum, pts);
      }
    }
  }
  for (std::size_t e = 0; e < einsums.size(); ++e) {
    if (!fronts[e].empty()) continue;
    const auto& s = result.stats[e];
    std::string why = "Einsum " + s.einsum + ": no valid pmapping";
    if (result.templates[e].empty()) {
      why += " (no pmapping template";
      if (s.templates_fused_skipped > 0)
        why += "; " + std::to_string(s.templates_fused_skipped) +
               " need fused loops, which this mapper does not join yet";
      why += ")";
    } else if (const auto worst = s.worst_cause(); !worst.empty()) {
      // Pruning removes whole subtrees of the tile space unevaluated, so the share is of the
      // space searched, not of the pmappings evaluated one by one.
      why += fmt::format("; most were removed by {} ({} of the {} pmappings searched)", worst,
                         s.removed.at(worst), count_text(s.pmappings_total));
    }
    result.failure = why;
    return result;
  }

  // Unfused join in workload order: cross product, objectives added, Pareto each step.
  std::vector<JoinedMapping> left;
  for (std::size_t e = 0; e < einsums.size(); ++e) {
    ParetoFront<JoinedMapping> pf;
    const auto obj = [&](const JoinedMapping& m) {
      return log_rounded(joined_objectives(m, options.metrics), options.objective_tolerance);
    };
    if (e == 0) {
      for (const auto& r : fronts[0]) {
        JoinedMapping m;
        m.pmappings = {r};
        m.dynamic_energy = r.dynamic_energy;
        m.leak_energy = r.leak_energy;
        m.latency = r.latency;
        pf.insert(std::move(m), obj);
      }
    } else {
      for (const auto& l : left) {
        if (cancel.load(std::memory_order_relaxed)) {
          result.cancelled = true;
          return result;
        }
        for (const auto& r : fronts[e]) {
          JoinedMapping m;
          m.dynamic_energy = l.dynamic_energy + r.dynamic_energy;
          m.leak_energy = l.leak_energy + r.leak_energy;
          m.latency = l.latency + r.latency;
          // Cheap reject before copying the pmappings.
          m.pmappings.reserve(l.pmappings.size() + 1);
          m.pmappings = l.pmappings;
          m.pmappings.push_back(r);
          pf.insert(std::move(m), obj);
        }
      }
    }
    left = pf.take();
    if (observer) observer->on_joined_front(e + 1, points(left));
  }

  // EDP last (not additive), then one more Pareto on the requested metrics.
  {
    ParetoFront<JoinedMapping> pf;
    const auto obj = [&](const JoinedMapping& m) {
      return log_rounded(final_objectives(m, options.metrics), options.objective_tolerance);
    };
    for (auto& m : left) pf.insert(std::move(m), obj);
    result.front = pf.take();
  }
  result.found = !result.front.empty();
  if (!result.found) return result;

  result.mapping = mapping_of(result, 0);
  result.evaluation = model::evaluate(spec.resolved(), *result.mapping);
  return result;
}

}  // namespace af::mapper
