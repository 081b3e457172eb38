#include "mapper/mapper.h"

#include <fmt/format.h>
#include <tbb/blocked_range.h>
#include <tbb/parallel_for.h>
#include <tbb/partitioner.h>
#include <tbb/task_arena.h>

#include <algorithm>
#include <array>
#include <chrono>
#include <limits>
#include <map>
#include <mutex>
#include <string>

#include "mapper/join/compatibility.h"
#include "mapper/join/merged_mapping.h"
#include "mapper/join/tracked_memories.h"
#include "mapper/map_keys.h"
#include "mapper/pareto.h"
#include "mapper/search/problem.h"
#include "mapper/search/search_signature.h"
#include "mapper/stopped_join.h"

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

std::string MapReuse::summary() const {
  if (!cached) return {};
  return fmt::format("reused {} of {} Einsum searches, {}", searches_reused, searches,
                     join_reused ? "join reused" : "re-joined");
}

double MapReuse::seconds(const std::string& stage) const {
  double s = 0;
  for (const auto& st : stages)
    if (st.name == stage) s += st.seconds;
  return s;
}

namespace {

struct Job {
  std::size_t einsum = 0;  // index into the mapped Einsums
  const PmappingTemplate* templ = nullptr;
  const EinsumProblem* problem = nullptr;
};

// What every run of one map_workload call shares (the unfused and one-fused-loop runs
// before the search without a loop limit): the tile searches' chain dominance, per Einsum
// and compute path.
class SharedCaches {
 public:
  ChainDominanceCache& dominance(const Job& job) {
    const std::lock_guard lock(mutex_);
    auto& cache = dominance_[{job.templ->einsum, job.templ->compute}];
    if (!cache) cache = std::make_unique<ChainDominanceCache>();
    return *cache;
  }

 private:
  std::mutex mutex_;
  std::map<std::pair<std::string, std::string>, std::unique_ptr<ChainDominanceCache>> dominance_;
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

// Whether some mapping of the front is within a guessed ceiling (one ranking objective). The
// guess prunes the tile search only: rows whose least could beat it survive and can join into
// mappings that do not, while the optimum was pruned. Only a front that beats the guess holds
// the optimum (README: "Guessed ceilings").
bool beats_guess(const std::vector<JoinedMapping>& front, double guess, unsigned metrics) {
  return std::any_of(front.begin(), front.end(),
                     [&](const JoinedMapping& m) { return final_objectives(m, metrics).at(0) <= guess; });
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

// Ceilings (ceilings.h) are sound only when the join is exact, and when the front is ranked
// by energy and latency alone: with RESOURCE_USAGE a mapping worse in both may use less memory.
bool ceilings_apply(const MapperOptions& options, std::size_t n_einsums) {
  return options.prune_by_ceilings && n_einsums >= 2 && options.objective_tolerance == 0 &&
         options.resource_usage_tolerance == 0 && (options.metrics & kResourceUsage) == 0;
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
    if (rough.over_memory_limit) break;  // the ceilings so far; the exact join will say it
    // A lossy join under ceilings may find nothing, or only worse: the best of all stay.
    for (const auto& m : rough.front) settings.ceilings.push_back(final_objectives(m, options.metrics));
    std::vector<std::vector<double>> best;
    for (const auto i : pareto_indices(settings.ceilings)) best.push_back(settings.ceilings[i]);
    settings.ceilings = std::move(best);
  }
  return settings.ceilings;
}

// The result with `joined` as its front: EDP formed last (it is not additive), one more Pareto
// on the requested metrics (and each memory's usage with RESOURCE_USAGE), the best as a
// mapping tree with its evaluation.
MapperResult with_front(MapperResult result, std::vector<JoinedMapping> joined, const MapperOptions& options,
                        const spec::Spec& spec) {
  if (joined.empty() && result.cancelled) {
    result.failure = "stopped before the pmappings found so far joined into a whole mapping";
    return result;
  }
  ParetoFront<JoinedMapping> pf;
  const auto obj = [&](const JoinedMapping& m) {
    auto v = final_objectives(m, options.metrics);
    if (options.metrics & kResourceUsage) v.insert(v.end(), m.usage.begin(), m.usage.end());
    return log_rounded(std::move(v), options.objective_tolerance);
  };
  for (auto& m : joined) pf.insert(std::move(m), obj);
  result.front = pf.take();
  result.found = !result.front.empty();
  if (!result.found) return result;
  result.mapping = mapping_of(result, 0);
  result.evaluation = model::evaluate(spec.resolved(), *result.mapping);
  return result;
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

// What the fused search knows before it starts: whole mappings (their ranking objectives)
// and, per Einsum that searches, what its pmappings must beat (the ceilings, with the least
// of every other Einsum of the join).
struct KnownBeforeSearch {
  std::vector<std::vector<double>> mappings;
  std::vector<std::optional<SearchCeilings>> per_einsum;
  std::optional<MapperResult> best;  // the last of the runs the mappings come from
};

// The search's ceilings from `mappings`, with the least of every other Einsum.
void set_ceilings(KnownBeforeSearch& known, const std::vector<std::vector<double>>& mappings,
                  const std::vector<std::vector<std::size_t>>& takers, const std::vector<LeastAdded>& least,
                  unsigned metrics) {
  known.per_einsum.assign(takers.size(), std::nullopt);
  for (std::size_t e = 0; e < takers.size(); ++e) {
    if (takers[e].empty()) continue;
    LeastAdded others;
    for (std::size_t k = 0; k < least.size(); ++k)
      if (k != e) others = others.plus(least[k]);
    known.per_einsum[e].emplace(SearchCeilings{Ceilings(mappings, metrics), std::move(others)});
  }
}

// The least the whole workload's ranking objective can be, by the least fronts (one
// objective only: with several, nullopt).
std::optional<double> least_objective(const std::vector<LeastAdded>& least, unsigned metrics) {
  LeastAdded all;
  for (const auto& l : least) all = all.plus(l);
  std::optional<double> out;
  for (const auto& p : all.points) {
    const Ranking r = ranking_objectives(p.first, p.second, all.dynamic, all.leak, metrics);
    if (r.size != 1) return std::nullopt;
    out = std::min(out.value_or(r.values[0]), r.values[0]);
  }
  return out;
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

constexpr std::int64_t kMaxImperfectBound = std::int64_t{1} << 32;

// Guessed ceilings, as factors over the least the workload's objective can be (README:
// "Guessed ceilings"); each failed guess costs a search pruned harder than the next.
constexpr std::array kGuesses{1.03, 1.1, 1.3};

// The tolerance of the join run again when the exact one outgrows its memory limit.
constexpr double kRoundedJoin = 0.05;

// A whole count as digits while doubles hold it exactly, else four significant digits.
std::string count_text(double n) { return n < 1e15 ? fmt::format("{:.0f}", n) : fmt::format("{:.4g}", n); }

// One map, stage by stage (README: "The map as stages"): price the arch for each Einsum,
// make templates, know what the search must beat (its ceilings, from smaller runs), the
// tile-shape search of each Einsum, the join, the report. Each stage reads what the ones
// before left; with a MapCache the search and the join first look for a result made from
// the same inputs. A Stop anywhere ends the run through stopped(), the one cancel exit.
class MapRun {
 public:
  MapRun(const spec::Spec& spec, const MapperOptions& options, Observer* observer, std::stop_token stop,
         MapCache* cache, SharedCaches& shared, const KnownBeforeSearch* given)
      : spec_(spec),
        options_(options),
        observer_(observer),
        stop_(std::move(stop)),
        cache_(cache),
        shared_(shared),
        given_(given),
        arena_(options.threads > 0 ? options.threads : tbb::task_arena::automatic) {
    result_.metrics = options.metrics;
    result_.reuse.cached = cache != nullptr;
  }

  // The templates of `run`, whose options differ from these only in a nonzero max_fused_loops
  // (the one-fused-loop run's are those of the run without a limit that starts it).
  void set_templates_from(const MapRun& run) { templates_from_ = &run; }

  // A run that ends when some Einsum's search is not in the cache (the ceilings of a run
  // with a fused-loop limit are taken only when they cost nothing): `incomplete()` says so.
  void set_only_cached() { only_cached_ = true; }
  [[nodiscard]] bool incomplete() const { return incomplete_; }

  MapperResult run() {
    timed("price", [&] { price(); });
    if (stop_.stop_requested()) return stopped();
    timed("templates", [&] {
      if (templates_from_ == nullptr)
        make_templates();
      else
        take_templates();
      if (!stop_.stop_requested()) plan();
    });
    if (stop_.stop_requested()) return stopped();
    timed("ceilings", [&] { know_before_search(); });
    if (stop_.stop_requested()) return stopped();
    // Each guessed ceiling, tightest first, then the ceilings known (README: "Guessed
    // ceilings"). A guess that no mapping beats leaves no front, or only mappings worse than
    // it (the search alone heeds it): the next is tried.
    const std::vector<EinsumStats> stats_before = result_.stats;
    for (std::size_t attempt = 0;; ++attempt) {
      const bool guessing = attempt < guesses_.size();
      if (guessing) {
        guess(guesses_[attempt]);
      } else if (attempt > 0) {
        set_ceilings(known_, known_.mappings, takers_, least_, options_.metrics);
        // A failed guess's mappings are fused ones found under tight ceilings: as good a
        // ceiling as the one-fused-loop optimum, which costs a run.
        if (options_.max_fused_loops == kUnlimited && !learned_from_guess_)
          timed("ceilings", [&] { one_loop_ceilings(); });
        if (stop_.stop_requested()) return stopped();
      }
      result_.stats = stats_before;
      result_.reuse.searches = result_.reuse.searches_reused = 0;  // the last attempt's
      timed("search", [&] { search(); });
      if (stop_.stop_requested()) return stopped();
      if (incomplete_) return std::move(result_);
      if (const auto why = einsum_without_pmapping(); !why.empty()) {
        if (guessing) continue;  // the guess removed every pmapping of some Einsum
        result_.failure = why;
        return std::move(result_);
      }
      std::optional<JoinOutcome> joined;
      timed("join", [&] { joined = join(); });
      if (!joined || stop_.stop_requested()) return stopped();
      if (guessing && !beats_guess(joined->front, guesses_[attempt], options_.metrics)) {
        known_from_failed_guess(joined->front, attempt);
        continue;
      }
      if (joined->front.empty()) {
        result_.failure = joined->failure.empty() ? "no joined mapping is valid" : joined->failure;
        return std::move(result_);
      }
      result_.reuse.guesses = std::min(attempt + 1, guesses_.size());
      const auto start = std::chrono::steady_clock::now();
      MapperResult out = with_front(std::move(result_), std::move(joined->front), options_, spec_);
      out.reuse.stages.push_back(
          {"report", std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count()});
      return out;
    }
  }

 private:
  enum class Stage { Price, Templates, Ceilings, Search, Join, Report };

  template <class F>
  void timed(const char* name, F&& stage) {
    const auto start = std::chrono::steady_clock::now();
    stage();
    result_.reuse.stages.push_back(
        {name, std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count()});
  }

  // Price the arch: per Einsum to map (workload order), its problems (the priced arch's path
  // to each Compute) and the resolved spec its model reads.
  void price() {
    stage_ = Stage::Price;
    for (const auto& e : spec_.workload.workload.einsums)
      if (options_.einsums.empty() ||
          std::find(options_.einsums.begin(), options_.einsums.end(), e.name) != options_.einsums.end())
        einsums_.push_back(&e);
    // Imperfect tiles of a rank variable with N values number about 2 sqrt(N), and counting
    // the full space costs about N^(3/4): past 2^32 values that is hours and gigabytes.
    if (options_.explore_imperfect_spatial_loops || options_.explore_imperfect_temporal_loops)
      for (const auto* e : einsums_)
        for (const auto& rv : e->simple_rank_variables())
          if (e->bound(rv) > kMaxImperfectBound)
            throw core::SpecError(core::Diagnostic{
                e->where.value_or(core::SourceLocation{}), "mapper.explore_imperfect_loops",
                fmt::format("rank variable {} of Einsum '{}' takes {} values; imperfect factorization "
                            "explores rank variables of at most {} values (map without --imperfect / "
                            "explore_imperfect_*_loops)",
                            rv, e->name, e->bound(rv), kMaxImperfectBound)});
    problems_.resize(einsums_.size());
    resolved_.resize(einsums_.size());
    for (std::size_t e = 0; e < einsums_.size(); ++e) {
      problems_[e] = make_problems(spec_, *einsums_[e]);
      resolved_[e].workload = spec_.workload.workload;
      resolved_[e].arch_by_einsum[einsums_[e]->name] = spec_.arch_by_einsum.at(einsums_[e]->name).arch;
    }
  }

  void take_templates() {
    stage_ = Stage::Templates;
    result_.templates = templates_from_->result_.templates;
    result_.stats.resize(einsums_.size());
    for (std::size_t e = 0; e < einsums_.size(); ++e) {
      const auto& from = templates_from_->result_.stats[e];
      auto& stats = result_.stats[e];
      stats.einsum = from.einsum;
      stats.templates_fused = from.templates_fused;
      stats.templates_duplicate = from.templates_duplicate;
    }
    signatures_ = templates_from_->signatures_;
  }

  // Templates per Einsum, and the signature of each one's search.
  void make_templates() {
    stage_ = Stage::Templates;
    result_.templates.resize(einsums_.size());
    result_.stats.resize(einsums_.size());
    for (std::size_t e = 0; e < einsums_.size(); ++e) {
      auto& stats = result_.stats[e];
      stats.einsum = einsums_[e]->name;
      auto& templates = result_.templates[e];
      for (const auto& p : problems_[e]) {
        MapperOptions per = options_;
        if (per.max_pmapping_templates_per_einsum != kUnlimited)
          per.max_pmapping_templates_per_einsum -= static_cast<std::int64_t>(templates.size());
        if (per.max_pmapping_templates_per_einsum <= 0) break;
        const TemplateStats ts = mapper::make_templates(
            p, per,
            [&](PmappingTemplate t) {
              t.index = templates.size();
              templates.push_back(std::move(t));
              return true;
            },
            stop_);
        stats.templates_fused += ts.fused;
        stats.templates_duplicate += ts.duplicates;
      }
      if (stop_.stop_requested()) return;
      if (observer_) observer_->on_templates_made(stats.einsum, templates.size());
    }
    signatures_.resize(einsums_.size());
    for (std::size_t e = 0; e < einsums_.size(); ++e)
      signatures_[e] = search_signature(spec_, *einsums_[e], problems_[e], result_.templates[e]);
  }

  // The memories the join tracks; which Einsums search for which (equal search signatures);
  // the jobs and the join's settings.
  void plan() {
    tracked_ = tracked_memories(problems_, result_.templates, (options_.metrics & kResourceUsage) != 0);
    result_.tracked = tracked_;
    // Per Einsum, the Einsums that take its search's rows: itself when it searches, and every
    // later one with the same search signature (none for those).
    takers_.assign(einsums_.size(), {});
    std::map<std::string, std::size_t> first;
    for (std::size_t e = 0; e < einsums_.size(); ++e) {
      if (!signatures_[e] || !options_.share_identical_searches) {
        takers_[e].push_back(e);
        continue;
      }
      const auto [it, added] = first.try_emplace(*signatures_[e], e);
      takers_[it->second].push_back(e);
      if (!added) result_.stats[e].searched_with = einsums_[it->second]->name;
    }
    // Round robin over the Einsums (each one's templates stay in order, so each Einsum's rows
    // reach the join in the same order): every Einsum has pmappings early, for the live front
    // and for a run stopped half way.
    std::size_t most_templates = 0;
    for (const auto& templates : result_.templates)
      most_templates = std::max(most_templates, templates.size());
    for (std::size_t i = 0; i < most_templates; ++i)
      for (std::size_t e = 0; e < einsums_.size(); ++e) {
        if (i >= result_.templates[e].size() || takers_[e].empty()) continue;
        const PmappingTemplate& t = result_.templates[e][i];
        jobs_.push_back({e, &t, &problem_for(problems_[e], t)});
      }
    // The join (§5): settings, memory levels, aliased tensors.
    settings_ = JoinSettings{options_.metrics,
                             options_.objective_tolerance,
                             options_.resource_usage_tolerance,
                             options_.threads,
                             {},
                             {},
                             join_memory_limit(options_)};
    for (const auto& per_einsum : problems_)
      for (const auto& p : per_einsum) {
        int level = 0;
        for (const auto* c : p.path) {
          if (c->kind != spec::ComponentKind::Memory) continue;
          auto [it, added] = settings_.memory_levels.try_emplace(c->name, level);
          if (!added) it->second = std::min(it->second, level);
          ++level;
        }
      }
    copies_ = tensor_copies(spec_.workload.workload);
  }

  // The search's cache key for Einsum e (nullopt: its search is not kept).
  [[nodiscard]] std::optional<std::string> search_key(std::size_t e, RowsFor rows_for) const {
    if (cache_ == nullptr || !signatures_[e]) return std::nullopt;
    return search_cache_key(*signatures_[e], options_, rows_for == RowsFor::Join ? &tracked_ : nullptr);
  }

  // The ceilings: without a fused-loop limit, the unfused optimum, each Einsum's least front
  // and then the one-fused-loop optimum (each a run of its own, sharing the cache). The fused
  // space holds both optima. Nothing when ceilings do not apply, when nothing maps unfused,
  // with imperfect or coarse tiles (no subtree bounds there), and with a max_fused_loops
  // limit: the least search ignores the limits, so it costs about what the limited search
  // itself does and saves little of it (tpu_v4i + GPT-3 175B with one fused loop: 3.5 s
  // became 9 s; without a limit, simba + GPT-3 6.7B: 13.5 s became 4.4 s) -- unless a cache
  // already holds the unfused optimum and the least fronts (a re-map after the window's
  // unlimited map), when they cost nothing.
  // The unfused optimum costs 0.1-0.4 s; on tpu_v4i + GPT-3 175B it has 1.2x the fused
  // optimum's EDP, and subtrees rarely lose by that much. The one-fused-loop optimum, searched
  // under the unfused ceilings and the least fronts already made (both hold in its smaller
  // space), is the fused optimum itself on every transformer case of the benchmark: the
  // search without a limit then evaluates 1.5 million pmappings instead of 2.9 million,
  // 0.76x the time (tests/bench/README.md). It is skipped when the least fronts show that no
  // mapping beats the unfused optimum by 1% (GPT-3 decode, 0.4 s).
  void know_before_search() {
    stage_ = Stage::Ceilings;
    known_.per_einsum.assign(einsums_.size(), std::nullopt);
    if (given_ != nullptr) {
      known_ = *given_;
      return;
    }
    // Subtree bounds, and so the search's ceilings, take divisor chains only (perfect tiles).
    const bool candidate_tiles = options_.explore_imperfect_spatial_loops ||
                                 options_.explore_imperfect_temporal_loops || options_.tiling_coarseness > 1;
    const bool limited = options_.max_fused_loops != kUnlimited;
    if (options_.unfused || candidate_tiles || !ceilings_apply(options_, takers_.size()) ||
        (limited && cache_ == nullptr))
      return;
    MapperOptions unfused = options_;
    unfused.unfused = true;
    MapRun unfused_run(spec_, unfused, nullptr, stop_, cache_, shared_, nullptr);
    if (limited) unfused_run.set_only_cached();
    known_.best = unfused_run.run();
    count_ceiling_searches(known_.best->reuse);
    if (known_.best->cancelled || !known_.best->found) return;
    std::vector<FrontPoint> points;
    for (const auto& m : known_.best->front) {
      known_.mappings.push_back(final_objectives(m, options_.metrics));
      points.push_back({m.energy(), m.latency});
    }
    // A run with a fused-loop limit announces it only once the least fronts make it a ceiling.
    if (observer_ && !limited) observer_->on_unfused_optimum(points);
    const auto least = least_per_einsum(limited);
    if (stop_.stop_requested() || !least) return;
    if (observer_ && limited) observer_->on_unfused_optimum(points);
    least_ = *least;
    set_ceilings(known_, known_.mappings, takers_, least_, options_.metrics);
    if (!may_beat(known_.mappings, least_, options_.metrics, 0.01)) return;
    // Guesses first (README: "Guessed ceilings"): with one ranking objective, the optimum is
    // rarely far above what the least fronts add up to (1-10% on the transformers), so the
    // search runs first as if a mapping that good were known; the guess is exact whenever a
    // mapping beats it, and else the next, looser one is tried.
    if (const auto least_total = least_objective(least_, options_.metrics);
        least_total && options_.guessed_ceilings && *least_total > 0) {
      double known_best = std::numeric_limits<double>::infinity();
      for (const auto& m : known_.mappings) known_best = std::min(known_best, m.at(0));
      for (const double factor : kGuesses)
        if (*least_total * factor < known_best) guesses_.push_back(*least_total * factor);
    }
    if (guesses_.empty() && !limited) one_loop_ceilings();
  }

  // The one-fused-loop optimum as a ceiling, under the ceilings known so far (they hold in
  // its smaller space).
  void one_loop_ceilings() {
    if (!options_.one_loop_ceilings) return;
    MapperOptions one_loop = options_;
    one_loop.max_fused_loops = 1;
    MapRun one_loop_run(spec_, one_loop, nullptr, stop_, cache_, shared_, &known_);
    if (options_.max_fused_loops != 0) one_loop_run.set_templates_from(*this);
    MapperResult found = one_loop_run.run();
    count_ceiling_searches(found.reuse);
    if (found.cancelled || !found.found) return;
    for (const auto& m : found.front) known_.mappings.push_back(final_objectives(m, options_.metrics));
    std::vector<std::vector<double>> best;
    for (const auto i : pareto_indices(known_.mappings)) best.push_back(known_.mappings[i]);
    known_.mappings = std::move(best);
    known_.best = std::move(found);
    set_ceilings(known_, known_.mappings, takers_, least_, options_.metrics);
  }

  // An attempt's ceilings: the known mappings and the guess (an objective no mapping is
  // known to reach).
  void guess(double objective) {
    auto mappings = known_.mappings;
    mappings.push_back({objective});
    set_ceilings(known_, mappings, takers_, least_, options_.metrics);
  }

  // A failed guess's front holds real mappings: ceilings for the attempts after it (as the
  // unfused optimum is), and a later guess no lower than the best of them would prune less.
  void known_from_failed_guess(const std::vector<JoinedMapping>& front, std::size_t attempt) {
    if (front.empty()) return;
    learned_from_guess_ = true;
    double found = std::numeric_limits<double>::infinity();  // the front's best ranking objective
    for (const auto& m : front) {
      known_.mappings.push_back(final_objectives(m, options_.metrics));
      found = std::min(found, known_.mappings.back().at(0));
    }
    std::vector<std::vector<double>> best;
    for (const auto i : pareto_indices(known_.mappings)) best.push_back(known_.mappings[i]);
    known_.mappings = std::move(best);
    guesses_.erase(std::remove_if(guesses_.begin() + static_cast<std::ptrdiff_t>(attempt) + 1, guesses_.end(),
                                  [&](double g) { return g >= found; }),
                   guesses_.end());
  }

  void count_ceiling_searches(const MapReuse& r) {
    result_.reuse.ceiling_searches += r.searches + r.ceiling_searches;
    result_.reuse.ceiling_searches_reused += r.searches_reused + r.ceiling_searches_reused;
  }

  // Per mapped Einsum, the least its pmappings add to a whole mapping: the front of a search
  // of all its templates for the objectives alone (RowsFor::Least, one chain), shared by the
  // Einsums that take its rows. An Einsum whose template the model rejects as a whole may
  // search on its own, so its takers get no least (zero bounds everything). With
  // `only_cached`, nullopt unless every one is in the cache.
  std::optional<std::vector<LeastAdded>> least_per_einsum(bool only_cached) {
    std::vector<std::vector<std::size_t>> per_einsum(takers_.size());
    for (std::size_t j = 0; j < jobs_.size(); ++j) per_einsum[jobs_[j].einsum].push_back(j);
    std::vector<CachedLeast> found(takers_.size());
    std::vector<std::size_t> to_search;
    std::size_t reused = 0;
    for (std::size_t e = 0; e < takers_.size(); ++e) {
      if (per_einsum[e].empty()) continue;
      const auto key = search_key(e, RowsFor::Least);
      if (const auto hit = key ? cache_->least(*key) : nullptr) {
        found[e] = *hit;
        ++reused;
      } else {
        to_search.push_back(e);
      }
    }
    if (only_cached && !to_search.empty()) return std::nullopt;
    result_.reuse.ceiling_searches += reused + to_search.size();
    result_.reuse.ceiling_searches_reused += reused;
    arena_.execute([&] {
      tbb::parallel_for(
          std::size_t{0}, to_search.size(),
          [&](std::size_t i) {
            const std::size_t e = to_search[i];
            EarlierRows earlier;
            std::vector<PmappingRow> rows;
            bool rejected = false;
            for (const std::size_t j : per_einsum[e]) {
              if (stop_.stop_requested()) return;
              TemplateResult r = explore_tile_shapes(*jobs_[j].templ, *jobs_[j].problem, resolved_[e],
                                                     options_, stop_, true, nullptr, &earlier, nullptr,
                                                     RowsFor::Least, &shared_.dominance(jobs_[j]));
              rejected = rejected || rejected_whole(r.stats);
              earlier.add(r.front, options_.metrics);
              rows.insert(rows.end(), std::make_move_iterator(r.front.begin()),
                          std::make_move_iterator(r.front.end()));
            }
            found[e] = {LeastAdded::of(rows), rejected};
            if (const auto key = search_key(e, RowsFor::Least))
              cache_->keep(*key, std::make_shared<const CachedLeast>(found[e]));
          },
          tbb::simple_partitioner());
    });
    std::vector<LeastAdded> least(takers_.size());
    for (std::size_t e = 0; e < takers_.size(); ++e)
      for (const auto t : takers_[e]) least[t] = t == e || !found[e].rejected ? found[e].least : LeastAdded{};
    return least;
  }

  // The tile-shape search, one task per chain of templates whose rows join in the same
  // groups (each skips what the earlier ones' rows beat); results land by index, so any
  // thread count gives the same fronts. An Einsum whose search the cache holds, made from
  // the same inputs under ceilings that remove nothing these would keep, takes it instead.
  void search() {
    stage_ = Stage::Search;
    input_gathered_ = false;  // an earlier attempt's rows are not this one's
    const std::size_t n = einsums_.size();
    std::vector<std::shared_ptr<const CachedSearch>> cached(n);
    for (std::size_t e = 0; e < n; ++e) {
      if (takers_[e].empty() || result_.templates[e].empty()) continue;
      ++result_.reuse.searches;
      const auto key = search_key(e, RowsFor::Join);
      const auto hit = key ? cache_->search(*key) : nullptr;
      const auto& exact = known_.per_einsum[e];
      if (hit && hit->results.size() == result_.templates[e].size() &&
          hit->stands_for(exact ? &*exact : nullptr)) {
        cached[e] = hit;
        ++result_.reuse.searches_reused;
      }
    }
    results_.assign(jobs_.size(), {});
    std::vector<std::size_t> to_search;
    for (std::size_t j = 0; j < jobs_.size(); ++j) {
      if (const auto& c = cached[jobs_[j].einsum])
        results_[j] = c->results.at(jobs_[j].templ->index);
      else
        to_search.push_back(j);
    }
    if (only_cached_ && !to_search.empty()) {
      incomplete_ = true;
      result_.reuse.searches = result_.reuse.searches_reused = 0;  // nothing was done
      return;
    }
    std::vector<std::size_t> done_per_einsum(n, 0);
    std::vector<EinsumStats> running(result_.stats);
    const auto heard = [&](std::size_t j) {  // a template's search is done: the observer hears it
      if (!observer_) return;
      const std::lock_guard lock(observer_mutex_);
      std::vector<FrontPoint> pts;
      pts.reserve(results_[j].front.size());
      for (const auto& r : results_[j].front) pts.push_back({r.energy(), r.latency});
      for (const auto e : takers_[jobs_[j].einsum]) {
        running[e].merge(results_[j].stats);
        observer_->on_template_done(result_.stats[e].einsum, ++done_per_einsum[e],
                                    result_.templates[e].size(), running[e]);
        observer_->on_template_front(result_.stats[e].einsum, pts);
      }
    };
    for (std::size_t j = 0; j < jobs_.size(); ++j)
      if (cached[jobs_[j].einsum]) heard(j);
    std::vector<Job> searched;
    for (const auto j : to_search) searched.push_back(jobs_[j]);
    const std::vector<std::vector<std::size_t>> chains = template_chains(searched, options_);
    arena_.execute([&] {
      tbb::parallel_for(
          tbb::blocked_range<std::size_t>(0, chains.size(), 1),
          [&](const tbb::blocked_range<std::size_t>& range) {
            for (std::size_t c = range.begin(); c != range.end(); ++c) {
              EarlierRows earlier;
              for (const std::size_t k : chains[c]) {
                if (stop_.stop_requested()) return;
                const std::size_t j = to_search[k];
                const Job& job = jobs_[j];
                const auto& ceiling = known_.per_einsum[job.einsum];
                results_[j] = explore_tile_shapes(
                    *job.templ, *job.problem, resolved_[job.einsum], options_, stop_, true, &tracked_,
                    chains[c].size() > 1 ? &earlier : nullptr, ceiling ? &*ceiling : nullptr, RowsFor::Join,
                    &shared_.dominance(job));
                if (chains[c].size() > 1) earlier.add(results_[j].front, options_.metrics);
                heard(j);
              }
            }
          },
          tbb::simple_partitioner());
    });
    if (stop_.stop_requested()) return;
    // Every finished search is kept for the next map.
    for (std::size_t e = 0; e < n; ++e) {
      if (cached[e] || takers_[e].empty() || result_.templates[e].empty()) continue;
      const auto key = search_key(e, RowsFor::Join);
      if (!key) continue;
      auto entry = std::make_shared<CachedSearch>();
      entry->results.resize(result_.templates[e].size());
      for (std::size_t j = 0; j < jobs_.size(); ++j)
        if (jobs_[j].einsum == e) entry->results[jobs_[j].templ->index] = results_[j];
      cache_->keep(*key, std::move(entry));
    }
    gather_join_input(false);
  }

  // Per Einsum: every template's front, in template order, with its compatibility. After a
  // Stop only the best row of each fused-loop shape of a template joins: grouping every row
  // would take longer than a Stop may.
  void gather_join_input(bool stopped) {
    const std::size_t n = einsums_.size();
    join_input_.assign(n, {});
    for (std::size_t e = 0; e < n; ++e) {
      auto& in = join_input_[e];
      in.name = einsums_[e]->name;
      for (const auto& a : einsums_[e]->accesses) {
        in.tensors.insert(a.tensor);
        if (a.output) in.outputs.insert(a.tensor);
      }
    }
    for (std::size_t j = 0; j < jobs_.size() && j < results_.size(); ++j) {
      if (stopped) results_[j].front = best_per_fused_shape(std::move(results_[j].front), options_.metrics);
      for (const auto e : takers_[jobs_[j].einsum]) {
        const PmappingTemplate& templ = result_.templates[e].at(jobs_[j].templ->index);
        // A template the model rejects as a whole names a tensor in its cause: the taker
        // hears its own (no search follows such a rejection; it is quick).
        const bool search_own = e != jobs_[j].einsum && rejected_whole(results_[j].stats);
        TemplateResult own;
        if (search_own) {
          searched_own_ = true;
          own = explore_tile_shapes(templ, problem_for(problems_[e], templ), resolved_[e], options_, stop_,
                                    true, &tracked_);
          if (stopped) own.front = best_per_fused_shape(std::move(own.front), options_.metrics);
        }
        TemplateResult& taken = search_own ? own : results_[j];
        auto& stats = result_.stats[e];
        stats.merge(taken.stats);
        stats.pmappings_pareto -= taken.stats.pmappings_pareto;
        stats.removed.erase("pareto");
        auto& in = join_input_[e];
        // The last taker has the rows themselves: on transformers they run to gigabytes.
        const bool last = search_own || e == takers_[jobs_[j].einsum].back();
        for (auto& row : taken.front) {
          in.compat.push_back(compatibility_of(templ, row.fused_iterations));
          in.rows.push_back(last ? std::move(row) : row);
        }
        if (last) taken.front = {};
      }
    }
    input_gathered_ = true;
  }

  // Why the join cannot start: an Einsum without a valid pmapping (its worst cause).
  [[nodiscard]] std::string einsum_without_pmapping() const {
    for (std::size_t e = 0; e < einsums_.size(); ++e) {
      if (!join_input_[e].rows.empty()) continue;
      const auto& s = result_.stats[e];
      std::string why = "Einsum " + s.einsum + ": no valid pmapping";
      if (result_.templates[e].empty()) {
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
                     : fmt::format("; it holds {:.6g} bits, the smallest tiles need {:.6g}",
                                   over->second.limit, over->second.used);
      }
      return why;
    }
    return {};
  }

  // The join (§5): rough joins for ceilings, then the exact one; or the cache's, when every
  // search it reads is the same. nullopt when stopped.
  std::optional<JoinOutcome> join() {
    stage_ = Stage::Join;
    std::optional<std::string> key;
    if (cache_ != nullptr && !searched_own_) {
      std::vector<std::optional<std::string>> searches(einsums_.size());
      for (std::size_t e = 0; e < einsums_.size(); ++e)
        for (const auto t : takers_[e]) searches[t] = search_key(e, RowsFor::Join);
      key = join_cache_key(searches, join_input_, result_.templates, tracked_, copies_, settings_);
    }
    std::shared_ptr<const JoinOutcome> joined = key ? cache_->join(*key) : nullptr;
    result_.reuse.join_reused = joined != nullptr;
    if (joined) {
      if (observer_)
        for (const auto& step : joined->steps) observer_->on_join_step(step);
    } else {
      settings_.ceilings = known_.mappings;
      auto found = ceiling_mappings(join_input_, tracked_, copies_, settings_, options_, stop_);
      if (!found) return std::nullopt;
      settings_.ceilings = std::move(*found);
      auto outcome = std::make_shared<JoinOutcome>(
          join_einsums(join_input_, tracked_, copies_, settings_, observer_, stop_));
      bool rounded = false;
      if (outcome->over_memory_limit && settings_.objective_tolerance < kRoundedJoin) {
        // Rounded, a join keeps far fewer rows: a usage front (every memory an objective) of
        // tpu_v4i + GPT-3 6.7B at 256 tokens held under 1.4 GB where the exact one passed 8 GB.
        JoinSettings coarse = settings_;
        coarse.objective_tolerance = coarse.resource_usage_tolerance = kRoundedJoin;
        coarse.ceilings.clear();  // sound only for an exact join
        if (observer_) observer_->on_join_restarted(outcome->failure);
        auto again = std::make_shared<JoinOutcome>(
            join_einsums(join_input_, tracked_, copies_, coarse, observer_, stop_));
        // A Stop pressed during the rounded join is the user's, not the limit's.
        if (again->cancelled || stop_.stop_requested()) return std::nullopt;
        if (!again->over_memory_limit) {
          result_.rounded_because = fmt::format(
              "{}. This front is of a join again with objectives and usages rounded as objective_tolerance "
              "{} rounds them (values within a factor {} count as equal): it may miss mappings up to that "
              "much better. Set the tolerance yourself, limit the fused loops (max_fused_loops) or map "
              "unfused for an exact front",
              outcome->failure, kRoundedJoin, 1 + kRoundedJoin);
          outcome = std::move(again);
          rounded = true;
        }
      }
      if (outcome->over_memory_limit) {
        result_.stopped_because =
            outcome->failure +
            ". The run stopped there, as a Stop would, with what it had found. To map it whole, "
            "let the mapper round (objective_tolerance, e.g. 0.05), limit the fused loops "
            "(max_fused_loops) or map unfused";
        return std::nullopt;
      }
      if (outcome->cancelled || stop_.stop_requested()) return std::nullopt;
      // A guessed ceiling that no mapping beats leaves an empty front that a known one would not.
      if (key && !outcome->front.empty() && !rounded) cache_->keep(*key, outcome);
      joined = std::move(outcome);
    }
    result_.join_steps = joined->steps;
    for (std::size_t e = 0; e < einsums_.size(); ++e) {
      auto& stats = result_.stats[e];
      stats.groups = joined->groups[e];
      stats.pmappings_grouped = joined->grouped_rows[e];
      stats.pmappings_pareto = joined->grouped_rows[e];
      const std::uint64_t ceiling = e < joined->ceiling_rows.size() ? joined->ceiling_rows[e] : 0;
      if (ceiling > 0) stats.removed["ceiling"] += ceiling;
      if (stats.pmappings_valid + stats.pmappings_dominated > stats.pmappings_pareto + ceiling)
        stats.removed["pareto"] =
            stats.pmappings_valid + stats.pmappings_dominated - stats.pmappings_pareto - ceiling;
      if (observer_) {
        std::vector<float> keys;
        std::vector<FrontPoint> pts;
        for (const auto& r : join_input_[e].rows) {
          keys.push_back(static_cast<float>(r.energy()));
          keys.push_back(static_cast<float>(r.latency));
          pts.push_back({r.energy(), r.latency});
        }
        std::vector<FrontPoint> front;
        for (const auto i : pareto_select(keys, 2, pts.size())) front.push_back(pts[i]);
        observer_->on_einsum_front(stats.einsum, front);
        observer_->on_einsum_groups(stats);
      }
    }
    return *joined;
  }

  // The one cancel exit. Stopped while making templates: nothing. Stopped in the search or
  // the join: the pmappings found so far, thinned and joined under a deadline. Failing that,
  // the best whole run before the search (the unfused or one-fused-loop optimum).
  MapperResult stopped() {
    result_.cancelled = true;
    if (stage_ <= Stage::Templates) {
      result_.failure = "stopped while making the pmapping templates";
      return std::move(result_);
    }
    if (stage_ >= Stage::Search && !results_.empty()) {
      if (!input_gathered_) gather_join_input(true);
      auto joined = join_found_so_far(join_input_, tracked_, copies_, settings_);
      if (!joined.empty()) return with_front(std::move(result_), std::move(joined), options_, spec_);
    }
    if (known_.best && known_.best->found) {
      MapperResult best = std::move(*known_.best);
      best.cancelled = true;
      best.reuse = std::move(result_.reuse);
      best.stopped_because = std::move(result_.stopped_because);
      return best;
    }
    result_.failure = result_.stopped_because.empty()
                          ? "stopped before the pmappings found so far joined into a whole mapping"
                          : result_.stopped_because;
    return std::move(result_);
  }

  const spec::Spec& spec_;
  const MapperOptions options_;
  Observer* observer_;
  std::stop_token stop_;
  MapCache* cache_;
  SharedCaches& shared_;
  const KnownBeforeSearch* given_;
  const MapRun* templates_from_ = nullptr;
  tbb::task_arena arena_;
  bool only_cached_ = false, incomplete_ = false;
  Stage stage_ = Stage::Price;
  MapperResult result_;
  std::mutex observer_mutex_;

  std::vector<const spec::Einsum*> einsums_;  // to map, workload order
  std::vector<std::vector<EinsumProblem>> problems_;
  std::vector<spec::ResolvedSpec> resolved_;
  TrackedMemories tracked_;
  std::vector<std::optional<std::string>> signatures_;  // per Einsum: its search's (search_signature.h)
  std::vector<std::vector<std::size_t>> takers_;
  std::vector<Job> jobs_;
  JoinSettings settings_;
  std::map<std::string, std::set<std::string>> copies_;
  KnownBeforeSearch known_;
  std::vector<LeastAdded> least_;        // per Einsum, once known
  std::vector<double> guesses_;          // guessed ceilings to try, tightest first
  bool learned_from_guess_ = false;      // known_ holds a failed guess's mappings
  std::vector<TemplateResult> results_;  // per job
  std::vector<JoinEinsum> join_input_;
  bool input_gathered_ = false, searched_own_ = false;
};

}  // namespace

MapperResult map_workload(const spec::Spec& spec, const MapperOptions& options, Observer* observer,
                          std::stop_token stop, MapCache* cache) {
  SharedCaches shared;
  MapperOptions o = options;
  // With RESOURCE_USAGE the usages are objectives, rounded as the objectives are (AccelForge's
  // make_tile_shapes.py and pmapping_dataframe.py take objective_tolerance for them then).
  if (o.metrics & kResourceUsage) o.resource_usage_tolerance = o.objective_tolerance;
  return MapRun(spec, o, observer, std::move(stop), cache, shared, nullptr).run();
}

}  // namespace af::mapper
