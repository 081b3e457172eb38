#include "mapper/mapper.h"

#include <fmt/format.h>
#include <tbb/blocked_range.h>
#include <tbb/parallel_for.h>
#include <tbb/partitioner.h>
#include <tbb/task_arena.h>

#include <algorithm>
#include <chrono>
#include <condition_variable>
#include <map>
#include <mutex>
#include <numeric>
#include <string>
#include <thread>

#include "mapper/join/compatibility.h"
#include "mapper/join/merged_mapping.h"
#include "mapper/join/tracked_memories.h"
#include "mapper/pareto.h"
#include "mapper/search/problem.h"
#include "mapper/search/search_signature.h"

namespace af::mapper {

spec::Mapping mapping_of(const MapperResult& result, std::size_t index) {
  const JoinedMapping& joined = result.front.at(index);
  std::vector<PmappingChain> parts;
  for (std::size_t e = 0; e < joined.pmappings.size(); ++e) {
    const PmappingRow& row = joined.pmappings[e];
    parts.push_back(
        {to_mapping(result.templates.at(e).at(row.template_index), row.tiles), row.fused_iterations});
  }
  return merged_mapping(parts, joined.shared_loops);
}

namespace {

struct Job {
  std::size_t einsum = 0;  // index into the mapped Einsums
  const PmappingTemplate* templ = nullptr;
  const EinsumProblem* problem = nullptr;
};

// Jobs (in order) whose rows join in the same compatibility groups: one Einsum's templates
// with the same shared tensors, memories and fused loops. Each chain keeps the jobs' order,
// and the chains are ordered by their first job. Without pruning across templates, or with
// a tolerance (rounded comparisons are not transitive with the join's), one job a chain.
std::vector<std::vector<std::size_t>> template_chains(const std::vector<Job>& jobs,
                                                      const MapperOptions& options) {
  std::vector<std::vector<std::size_t>> chains;
  const bool chain = options.prune_across_templates && options.objective_tolerance == 0 &&
                     options.resource_usage_tolerance == 0;
  std::map<std::string, std::size_t> index;
  for (std::size_t j = 0; j < jobs.size(); ++j) {
    std::string key = std::to_string(jobs[j].einsum) + "|" + std::to_string(jobs[j].templ->n_fused_loops);
    for (const auto& h : jobs[j].templ->shared) {
      key += "|" + h.tensor + "@" + h.memory + (h.persistent ? "!" : "");
      for (std::size_t i = 0; i < h.ranks.size(); ++i) key += (h.spatial[i] ? ",S-" : ",") + h.ranks[i];
    }
    const auto [it, added] = index.try_emplace(chain ? key : std::to_string(j), chains.size());
    if (added) chains.emplace_back();
    chains[it->second].push_back(j);
  }
  return chains;
}

std::vector<double> final_objectives(const JoinedMapping& m, unsigned metrics) {
  const auto r = ranking_objectives(static_cast<float>(m.energy()), static_cast<float>(m.latency),
                                    m.dynamic_energy, m.leak_energy, metrics);
  return {r.values.begin(), r.values.begin() + static_cast<std::ptrdiff_t>(r.size)};
}
// Which tensors copy Einsums alias (workload.get_tensor_copies): the source with each
// output, both ways.
std::map<std::string, std::set<std::string>> tensor_copies(const spec::Workload& w) {
  std::map<std::string, std::set<std::string>> out;
  for (const auto& e : w.einsums) {
    if (!e.is_copy_operation) continue;
    const std::string source = e.copy_source_tensor();
    for (const auto& a : e.accesses)
      if (a.output) {
        out[source].insert(a.tensor);
        out[a.tensor].insert(source);
      }
  }
  return out;
}

// A stopped run's join: the best rows of each template (by the requested metrics), at most
// this many compatibility groups an Einsum (the best row of each) and this much wall time, so
// that Stop stays prompt (well under the 100 ms a cancel may take).
constexpr std::size_t kStoppedJoinGroups = 32;
constexpr auto kStoppedJoinBudget = std::chrono::milliseconds(50);
constexpr std::size_t kStoppedRowsPerTemplate = 16;

double row_score(const PmappingRow& row, unsigned metrics) {
  const bool energy = (metrics & (kEnergy | kDynamicEnergy | kLeakEnergy)) != 0;
  const bool latency = (metrics & kLatency) != 0;
  if (energy && !latency) return row.energy();
  if (latency && !energy) return row.latency;
  return row.energy() * row.latency;  // EDP, or several metrics at once
}

// Of one template's rows, the best of each fused-loop shape (which decides its compatibility),
// at most kStoppedRowsPerTemplate of them, best first.
std::vector<PmappingRow> best_per_fused_shape(std::vector<PmappingRow> rows, unsigned metrics) {
  std::map<std::vector<std::int64_t>, std::size_t> best;
  for (std::size_t r = 0; r < rows.size(); ++r) {
    auto [it, added] = best.try_emplace(rows[r].fused_iterations, r);
    if (!added && row_score(rows[r], metrics) < row_score(rows[it->second], metrics)) it->second = r;
  }
  std::vector<std::size_t> keep;
  for (const auto& [shape, r] : best) keep.push_back(r);
  std::sort(keep.begin(), keep.end(), [&](std::size_t a, std::size_t b) {
    return row_score(rows[a], metrics) < row_score(rows[b], metrics);
  });
  if (keep.size() > kStoppedRowsPerTemplate) keep.resize(kStoppedRowsPerTemplate);
  std::vector<PmappingRow> out;
  for (const auto r : keep) out.push_back(std::move(rows[r]));
  return out;
}

// Each Einsum's pmappings thinned to the best row of its best kStoppedJoinGroups groups.
std::vector<JoinEinsum> thinned(const std::vector<JoinEinsum>& in, unsigned metrics) {
  std::vector<JoinEinsum> out;
  for (const auto& e : in) {
    std::map<Compatibility, std::size_t> best;
    for (std::size_t r = 0; r < e.rows.size(); ++r) {
      auto [it, added] = best.try_emplace(e.compat[r], r);
      if (!added && row_score(e.rows[r], metrics) < row_score(e.rows[it->second], metrics)) it->second = r;
    }
    std::vector<std::size_t> keep;
    for (const auto& [compat, r] : best) keep.push_back(r);
    std::sort(keep.begin(), keep.end(), [&](std::size_t a, std::size_t b) {
      return row_score(e.rows[a], metrics) < row_score(e.rows[b], metrics);
    });
    if (keep.size() > kStoppedJoinGroups) keep.resize(kStoppedJoinGroups);
    JoinEinsum t{e.name, e.tensors, e.outputs, {}, {}};
    for (const auto r : keep) {
      t.rows.push_back(e.rows[r]);
      t.compat.push_back(e.compat[r]);
    }
    out.push_back(std::move(t));
  }
  return out;
}

// Stopped during the tile-shape search or the join: the pmappings found so far, thinned and
// joined under a deadline, so that a stopped run still has whole mappings to open. Empty when
// some Einsum has no pmapping yet or nothing joins in time.
std::vector<JoinedMapping> join_found_so_far(const std::vector<JoinEinsum>& in,
                                             const TrackedMemories& tracked,
                                             const std::map<std::string, std::set<std::string>>& copies,
                                             const JoinSettings& settings) {
  if (std::any_of(in.begin(), in.end(), [](const JoinEinsum& e) { return e.rows.empty(); })) return {};
  std::stop_source late;
  std::mutex m;
  std::condition_variable cv;
  bool done = false;
  std::jthread deadline([&] {
    std::unique_lock lock(m);
    if (!cv.wait_for(lock, kStoppedJoinBudget, [&] { return done; })) late.request_stop();
  });
  JoinOutcome joined =
      join_einsums(thinned(in, settings.metrics), tracked, copies, settings, nullptr, late.get_token());
  {
    const std::lock_guard lock(m);
    done = true;
  }
  cv.notify_one();
  if (joined.cancelled) return {};
  return std::move(joined.front);
}

// Ceilings (ceilings.h) are sound only when the join is exact.
bool ceilings_apply(const MapperOptions& options, std::size_t n_einsums) {
  return options.prune_by_ceilings && n_einsums >= 2 && options.objective_tolerance == 0 &&
         options.resource_usage_tolerance == 0;
}

// Whole mappings found cheaply, as the exact join's ceilings (JoinSettings::ceilings): the
// join with objectives and reservations compared within a factor 1 + t (AccelForge's "dirty"
// round, _join_pmappings/join_pmappings.py, is one such join with t = 1). A coarse join keeps
// few rows but picks among near-equal rows blindly: on simba + GPT-3 6.7B its best mapping
// had 1.8x the optimum's EDP. So the tolerance shrinks pass by pass, each pass pruned by the
// ceilings of those before; on that case the last pass is within 2% of the optimum and they
// take 0.3 s together. The mappings are real ones with their exact objectives; those
// known before (settings.ceilings: the unfused optimum) prune the first pass and stay when
// nothing beats them. Empty when ceilings are not sound (a tolerance: the join itself is
// not exact) or nothing joins; nullopt when stopped.
std::optional<std::vector<std::vector<double>>> ceiling_mappings(
    const std::vector<JoinEinsum>& in, const TrackedMemories& tracked,
    const std::map<std::string, std::set<std::string>>& copies, JoinSettings settings,
    const MapperOptions& options, const std::stop_token& stop) {
  if (!ceilings_apply(options, in.size())) return std::vector<std::vector<double>>{};
  for (const double tolerance : {1.0, 0.1, 0.01}) {
    settings.objective_tolerance = tolerance;
    settings.resource_usage_tolerance = tolerance;
    const JoinOutcome rough = join_einsums(in, tracked, copies, settings, nullptr, stop);
    if (rough.cancelled) return std::nullopt;
    // A lossy join under ceilings may find nothing, or only worse: the best of all stay.
    for (const auto& m : rough.front) settings.ceilings.push_back(final_objectives(m, options.metrics));
    std::vector<std::vector<double>> best;
    for (const auto i : pareto_indices(settings.ceilings)) best.push_back(settings.ceilings[i]);
    settings.ceilings = std::move(best);
  }
  return settings.ceilings;
}

// The result with `joined` as its front: EDP formed last (it is not additive), one more Pareto
// on the requested metrics, the best as a mapping tree with its evaluation.
MapperResult with_front(MapperResult result, std::vector<JoinedMapping> joined, const MapperOptions& options,
                        const spec::Spec& spec) {
  if (joined.empty() && result.cancelled) {
    result.failure = "stopped before the pmappings found so far joined into a whole mapping";
    return result;
  }
  ParetoFront<JoinedMapping> pf;
  const auto obj = [&](const JoinedMapping& m) {
    return log_rounded(final_objectives(m, options.metrics), options.objective_tolerance);
  };
  for (auto& m : joined) pf.insert(std::move(m), obj);
  result.front = pf.take();
  result.found = !result.front.empty();
  if (!result.found) return result;
  result.mapping = mapping_of(result, 0);
  result.evaluation = model::evaluate(spec.resolved(), *result.mapping);
  return result;
}

// Per Einsum, the Einsums that take its tile search's rows (itself first), or none when an
// earlier Einsum with the same search signature searches for it. A template whose model
// rejects it as a whole names a tensor in its removal cause, so an Einsum with such a
// template searches on its own.
std::vector<std::vector<std::size_t>> search_takers(
    const spec::Spec& spec, const std::vector<const spec::Einsum*>& einsums,
    const std::vector<std::vector<EinsumProblem>>& problems, std::vector<EinsumStats>& stats,
    const std::vector<std::vector<PmappingTemplate>>& templates, const MapperOptions& options) {
  std::vector<std::vector<std::size_t>> takers(einsums.size());
  std::map<std::string, std::size_t> first;
  for (std::size_t e = 0; e < einsums.size(); ++e) {
    std::optional<std::string> signature;
    if (options.share_identical_searches)
      signature = search_signature(spec, *einsums[e], problems[e], templates[e]);
    if (!signature) {
      takers[e].push_back(e);
      continue;
    }
    const auto [it, added] = first.try_emplace(std::move(*signature), e);
    takers[it->second].push_back(e);
    if (!added) stats[e].searched_with = einsums[it->second]->name;
  }
  return takers;
}

bool rejected_whole(const EinsumStats& stats) {
  return std::any_of(stats.removed.begin(), stats.removed.end(),
                     [](const auto& cause) { return cause.first.starts_with("invalid: "); });
}

const EinsumProblem& problem_for(const std::vector<EinsumProblem>& problems, const PmappingTemplate& t) {
  for (const auto& p : problems)
    if (p.compute == t.compute) return p;
  return problems.front();
}

// Per mapped Einsum, the least its pmappings add to a whole mapping: the front of a search
// of all its templates for the objectives alone (RowsFor::Least, one chain), shared by the
// Einsums that take its rows. An Einsum whose template the model rejects as a whole may
// search on its own (map_workload), so its takers get no least (zero bounds everything).
std::vector<LeastAdded> least_per_einsum(const std::vector<Job>& jobs,
                                         const std::vector<std::vector<std::size_t>>& takers,
                                         const std::vector<spec::ResolvedSpec>& resolved,
                                         const MapperOptions& options, const std::stop_token& stop,
                                         tbb::task_arena& arena) {
  std::vector<std::vector<std::size_t>> per_einsum(takers.size());
  for (std::size_t j = 0; j < jobs.size(); ++j) per_einsum[jobs[j].einsum].push_back(j);
  std::vector<LeastAdded> least(takers.size());
  arena.execute([&] {
    tbb::parallel_for(
        std::size_t{0}, per_einsum.size(),
        [&](std::size_t e) {
          if (per_einsum[e].empty()) return;
          EarlierRows earlier;
          std::vector<PmappingRow> rows;
          bool rejected = false;
          for (const std::size_t j : per_einsum[e]) {
            if (stop.stop_requested()) return;
            TemplateResult r = explore_tile_shapes(*jobs[j].templ, *jobs[j].problem, resolved[e], options,
                                                   stop, true, nullptr, &earlier, nullptr, RowsFor::Least);
            rejected = rejected || rejected_whole(r.stats);
            earlier.add(r.front, options.metrics);
            rows.insert(rows.end(), std::make_move_iterator(r.front.begin()),
                        std::make_move_iterator(r.front.end()));
          }
          const LeastAdded own = LeastAdded::of(rows);
          for (const auto t : takers[e]) least[t] = t == e || !rejected ? own : LeastAdded{};
        },
        tbb::simple_partitioner());
  });
  return least;
}

// What the fused search knows before it starts: whole mappings (their ranking objectives)
// and, per Einsum that searches, what its pmappings must beat (the ceilings, with the least
// of every other Einsum of the join).
struct KnownBeforeSearch {
  std::vector<std::vector<double>> mappings;
  std::vector<std::optional<SearchCeilings>> per_einsum;
  std::optional<MapperResult> best;  // the last of the runs the mappings come from
};

MapperResult map_with(const spec::Spec& spec, const MapperOptions& options, Observer* observer,
                      std::stop_token stop, const KnownBeforeSearch* given);

// The search's ceilings from `known.mappings`, with the least of every other Einsum.
void set_ceilings(KnownBeforeSearch& known, const std::vector<std::vector<std::size_t>>& takers,
                  const std::vector<LeastAdded>& least, unsigned metrics) {
  known.per_einsum.assign(takers.size(), std::nullopt);
  for (std::size_t e = 0; e < takers.size(); ++e) {
    if (takers[e].empty()) continue;
    LeastAdded others;
    for (std::size_t k = 0; k < least.size(); ++k)
      if (k != e) others = others.plus(least[k]);
    known.per_einsum[e].emplace(SearchCeilings{Ceilings(known.mappings, metrics), std::move(others)});
  }
}

// Whether some whole mapping may beat these by more than `margin` in every ranking
// objective: the least fronts, all added, are not above (1 - margin) times one of them.
bool may_beat(const std::vector<std::vector<double>>& mappings, const std::vector<LeastAdded>& least,
              unsigned metrics, double margin) {
  LeastAdded all;
  for (const auto& l : least) all = all.plus(l);
  auto lowered = mappings;
  for (auto& m : lowered)
    for (auto& v : m) v *= 1 - margin;
  return !Ceilings(lowered, metrics).beaten(0, 0, 0, all);
}

// The whole mappings are the unfused optimum (the first memory keeps every tensor), then the
// fused optimum with one fused loop: the fused space holds both. Nothing when ceilings do
// not apply, when nothing maps unfused, with imperfect or coarse tiles (no subtree bounds
// there), and with a max_fused_loops limit: the least search ignores the limits
// (least_per_einsum), so it costs about what the limited search itself does and saves
// little of it (tpu_v4i + GPT-3 175B with one fused loop: 3.5 s became 9 s; without a
// limit, simba + GPT-3 6.7B: 13.5 s became 4.4 s).
// The unfused optimum costs 0.1-0.4 s; on tpu_v4i + GPT-3 175B it has 1.2x the fused
// optimum's EDP, and subtrees rarely lose by that much. The one-fused-loop optimum, searched
// under the unfused ceilings and the least fronts already made (both hold in its smaller
// space), costs about 2 s there and is the fused optimum itself on every transformer case
// of the benchmark: the search without a limit then evaluates 1.5 million pmappings
// instead of 2.9 million, 0.76x the time (tests/bench/README.md). It is skipped when the
// least fronts show that no mapping beats the unfused optimum by 1% (GPT-3 decode, 0.4 s).
KnownBeforeSearch known_before_search(const spec::Spec& spec, const std::vector<Job>& jobs,
                                      const std::vector<std::vector<std::size_t>>& takers,
                                      const std::vector<spec::ResolvedSpec>& resolved,
                                      const MapperOptions& options, Observer* observer,
                                      const std::stop_token& stop, tbb::task_arena& arena) {
  KnownBeforeSearch known;
  known.per_einsum.resize(takers.size());
  // Subtree bounds, and so the search's ceilings, take divisor chains only (perfect tiles).
  const bool candidate_tiles = options.explore_imperfect_spatial_loops ||
                               options.explore_imperfect_temporal_loops || options.tiling_coarseness > 1;
  if (options.unfused || options.max_fused_loops != kUnlimited || candidate_tiles ||
      !ceilings_apply(options, takers.size()))
    return known;
  MapperOptions unfused = options;
  unfused.unfused = true;
  known.best = map_workload(spec, unfused, nullptr, stop);
  if (known.best->cancelled || !known.best->found) return known;
  std::vector<FrontPoint> points;
  for (const auto& m : known.best->front) {
    known.mappings.push_back(final_objectives(m, options.metrics));
    points.push_back({m.energy(), m.latency});
  }
  if (observer) observer->on_unfused_optimum(points);
  const std::vector<LeastAdded> least = least_per_einsum(jobs, takers, resolved, options, stop, arena);
  if (stop.stop_requested()) return known;
  set_ceilings(known, takers, least, options.metrics);
  if (!options.one_loop_ceilings || !may_beat(known.mappings, least, options.metrics, 0.01)) return known;

  MapperOptions one_loop = options;
  one_loop.max_fused_loops = 1;
  MapperResult limited = map_with(spec, one_loop, nullptr, stop, &known);
  if (limited.cancelled || !limited.found) return known;
  for (const auto& m : limited.front) known.mappings.push_back(final_objectives(m, options.metrics));
  std::vector<std::vector<double>> best;
  for (const auto i : pareto_indices(known.mappings)) best.push_back(known.mappings[i]);
  known.mappings = std::move(best);
  known.best = std::move(limited);
  set_ceilings(known, takers, least, options.metrics);
  return known;
}

constexpr std::int64_t kMaxImperfectBound = std::int64_t{1} << 32;

// A whole count as digits while doubles hold it exactly, else four significant digits.
std::string count_text(double n) { return n < 1e15 ? fmt::format("{:.0f}", n) : fmt::format("{:.4g}", n); }

}  // namespace

MapperResult map_workload(const spec::Spec& spec, const MapperOptions& options, Observer* observer,
                          std::stop_token stop) {
  return map_with(spec, options, observer, std::move(stop), nullptr);
}

namespace {

// map_workload, with what is known before the search `given` instead of found.
MapperResult map_with(const spec::Spec& spec, const MapperOptions& options, Observer* observer,
                      std::stop_token stop, const KnownBeforeSearch* given) {
  MapperResult result;
  result.metrics = options.metrics;
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
          throw core::SpecError(core::Diagnostic{
              e->where.value_or(core::SourceLocation{}), "mapper.explore_imperfect_loops",
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
      stats.templates_fused += ts.fused;
      stats.templates_duplicate += ts.duplicates;
    }
    if (stop.stop_requested()) {
      result.cancelled = true;
      result.failure = "stopped while making the pmapping templates";
      return result;
    }
    if (observer) observer->on_templates_made(stats.einsum, templates.size());
  }
  const TrackedMemories tracked = tracked_memories(problems, result.templates);
  // Per Einsum, the Einsums that take its search's rows: itself when it searches, and every
  // later one with the same search signature (none for those).
  const std::vector<std::vector<std::size_t>> takers =
      search_takers(spec, einsums, problems, result.stats, result.templates, options);
  // Round robin over the Einsums (each one's templates stay in order, so each Einsum's rows
  // reach the join in the same order): every Einsum has pmappings early, for the live front
  // and for a run stopped half way.
  std::size_t most_templates = 0;
  for (const auto& templates : result.templates) most_templates = std::max(most_templates, templates.size());
  for (std::size_t i = 0; i < most_templates; ++i)
    for (std::size_t e = 0; e < einsums.size(); ++e) {
      if (i >= result.templates[e].size() || takers[e].empty()) continue;
      const PmappingTemplate& t = result.templates[e][i];
      jobs.push_back({e, &t, &problem_for(problems[e], t)});
    }

  // Tile shapes, one task per chain of templates whose rows join in the same groups (each
  // skips what the earlier ones' rows beat); results land by index, so any thread count
  // gives the same fronts.
  const std::vector<std::vector<std::size_t>> chains = template_chains(jobs, options);
  std::vector<TemplateResult> results(jobs.size());
  std::vector<std::size_t> done_per_einsum(einsums.size(), 0);
  std::vector<EinsumStats> running(result.stats);
  tbb::task_arena arena(options.threads > 0 ? options.threads : tbb::task_arena::automatic);
  KnownBeforeSearch known =
      given != nullptr ? *given
                       : known_before_search(spec, jobs, takers, resolved, options, observer, stop, arena);
  // Stopped before the fused search began: the best whole run before it has the best mapping found.
  if (stop.stop_requested() && known.best && known.best->found) {
    known.best->cancelled = true;
    return std::move(*known.best);
  }
  const auto& ceilings = known.per_einsum;
  arena.execute([&] {
    tbb::parallel_for(
        tbb::blocked_range<std::size_t>(0, chains.size(), 1),
        [&](const tbb::blocked_range<std::size_t>& range) {
          for (std::size_t c = range.begin(); c != range.end(); ++c) {
            EarlierRows earlier;
            for (const std::size_t j : chains[c]) {
              if (stop.stop_requested()) return;
              const Job& job = jobs[j];
              const auto& ceiling = ceilings[job.einsum];
              results[j] = explore_tile_shapes(*job.templ, *job.problem, resolved[job.einsum], options, stop,
                                               true, &tracked, chains[c].size() > 1 ? &earlier : nullptr,
                                               ceiling ? &*ceiling : nullptr);
              if (chains[c].size() > 1) earlier.add(results[j].front, options.metrics);
              if (observer) {
                const std::lock_guard lock(observer_mutex);
                std::vector<FrontPoint> pts;
                pts.reserve(results[j].front.size());
                for (const auto& r : results[j].front) pts.push_back({r.energy(), r.latency});
                for (const auto e : takers[job.einsum]) {
                  running[e].merge(results[j].stats);
                  observer->on_template_done(result.stats[e].einsum, ++done_per_einsum[e],
                                             result.templates[e].size(), running[e]);
                  observer->on_template_front(result.stats[e].einsum, pts);
                }
              }
            }
          }
        },
        tbb::simple_partitioner());
  });
  // Stopped in the search: what was found so far still joins (below), bounded.
  const bool stopped_in_search = stop.stop_requested();

  // Per Einsum: every template's front, in template order, with its compatibility.
  std::vector<JoinEinsum> join_input(einsums.size());
  for (std::size_t e = 0; e < einsums.size(); ++e) {
    auto& in = join_input[e];
    in.name = einsums[e]->name;
    for (const auto& a : einsums[e]->accesses) {
      in.tensors.insert(a.tensor);
      if (a.output) in.outputs.insert(a.tensor);
    }
  }
  for (std::size_t j = 0; j < jobs.size(); ++j) {
    // After a Stop only the best row of each fused-loop shape of a template joins: grouping
    // every row would take longer than a Stop may.
    if (stopped_in_search)
      results[j].front = best_per_fused_shape(std::move(results[j].front), options.metrics);
    for (const auto e : takers[jobs[j].einsum]) {
      const PmappingTemplate& templ = result.templates[e].at(jobs[j].templ->index);
      // A template the model rejects as a whole names a tensor in its cause: the taker
      // hears its own (no search follows such a rejection; it is quick).
      const bool search_own = e != jobs[j].einsum && rejected_whole(results[j].stats);
      TemplateResult own;
      if (search_own) {
        own = explore_tile_shapes(templ, problem_for(problems[e], templ), resolved[e], options, stop, true,
                                  &tracked);
        if (stopped_in_search) own.front = best_per_fused_shape(std::move(own.front), options.metrics);
      }
      TemplateResult& taken = search_own ? own : results[j];
      auto& stats = result.stats[e];
      stats.merge(taken.stats);
      stats.pmappings_pareto -= taken.stats.pmappings_pareto;
      stats.removed.erase("pareto");
      auto& in = join_input[e];
      // The last taker has the rows themselves: on transformers they run to gigabytes.
      const bool last = search_own || e == takers[jobs[j].einsum].back();
      for (auto& row : taken.front) {
        in.compat.push_back(compatibility_of(templ, row.fused_iterations));
        in.rows.push_back(last ? std::move(row) : row);
      }
      if (last) taken.front = {};
    }
  }
  // The join (§5): compatibility groups, Einsum by Einsum.
  JoinSettings settings{options.metrics,
                        options.objective_tolerance,
                        options.resource_usage_tolerance,
                        options.threads,
                        {},
                        {}};
  for (const auto& per_einsum : problems)
    for (const auto& p : per_einsum) {
      int level = 0;
      for (const auto* c : p.path) {
        if (c->kind != spec::ComponentKind::Memory) continue;
        auto [it, added] = settings.memory_levels.try_emplace(c->name, level);
        if (!added) it->second = std::min(it->second, level);
        ++level;
      }
    }
  const auto copies = tensor_copies(spec.workload.workload);
  if (stopped_in_search) {
    result.cancelled = true;
    return with_front(std::move(result), join_found_so_far(join_input, tracked, copies, settings), options,
                      spec);
  }

  for (std::size_t e = 0; e < einsums.size(); ++e) {
    if (!join_input[e].rows.empty()) continue;
    const auto& s = result.stats[e];
    std::string why = "Einsum " + s.einsum + ": no valid pmapping";
    if (result.templates[e].empty()) {
      why += " (no pmapping template)";
    } else if (const auto worst = s.worst_cause(); !worst.empty()) {
      // Pruning removes whole subtrees of the tile space unevaluated, so the share is of the
      // space searched, not of the pmappings evaluated one by one.
      why += fmt::format("; most were removed by {} ({} of the {} pmappings searched)", worst,
                         s.removed.at(worst), count_text(s.pmappings_total));
      // The figure that decided it: the limit and the least the search saw asked of it.
      if (const auto over = s.smallest_over_limit.find(worst); over != s.smallest_over_limit.end())
        why += worst.starts_with("fanout")
                   ? fmt::format("; it has {:.6g} instances, the spatial loops need at least {:.6g}",
                                 over->second.limit, over->second.used)
                   : fmt::format("; it holds {:.6g} bits, the smallest tiles need {:.6g}", over->second.limit,
                                 over->second.used);
    }
    result.failure = why;
    return result;
  }

  settings.ceilings = std::move(known.mappings);
  auto found = ceiling_mappings(join_input, tracked, copies, settings, options, stop);
  if (!found) {
    result.cancelled = true;
    return with_front(std::move(result), join_found_so_far(join_input, tracked, copies, settings), options,
                      spec);
  }
  settings.ceilings = std::move(*found);
  JoinOutcome joined = join_einsums(join_input, tracked, copies, settings, observer, stop);
  result.join_steps = joined.steps;
  for (std::size_t e = 0; e < einsums.size(); ++e) {
    auto& stats = result.stats[e];
    stats.groups = joined.groups[e];
    stats.pmappings_grouped = joined.grouped_rows[e];
    stats.pmappings_pareto = joined.grouped_rows[e];
    const std::uint64_t ceiling = e < joined.ceiling_rows.size() ? joined.ceiling_rows[e] : 0;
    if (ceiling > 0) stats.removed["ceiling"] += ceiling;
    if (stats.pmappings_valid + stats.pmappings_dominated > stats.pmappings_pareto + ceiling)
      stats.removed["pareto"] =
          stats.pmappings_valid + stats.pmappings_dominated - stats.pmappings_pareto - ceiling;
    if (observer) {
      std::vector<float> keys;
      std::vector<FrontPoint> pts;
      for (const auto& r : join_input[e].rows) {
        keys.push_back(static_cast<float>(r.energy()));
        keys.push_back(static_cast<float>(r.latency));
        pts.push_back({r.energy(), r.latency});
      }
      std::vector<FrontPoint> front;
      for (const auto i : pareto_select(keys, 2, pts.size())) front.push_back(pts[i]);
      observer->on_einsum_front(stats.einsum, front);
      observer->on_einsum_groups(stats);
    }
  }
  if (joined.cancelled || stop.stop_requested()) {
    result.cancelled = true;
    return with_front(std::move(result), join_found_so_far(join_input, tracked, copies, settings), options,
                      spec);
  }
  if (joined.front.empty()) {
    result.failure = joined.failure.empty() ? "no joined mapping is valid" : joined.failure;
    return result;
  }
  return with_front(std::move(result), std::move(joined.front), options, spec);
}

}  // namespace

}  // namespace af::mapper
