#include "mapper/stopped_join.h"

#include <algorithm>
#include <array>
#include <chrono>
#include <condition_variable>
#include <limits>
#include <mutex>
#include <stop_token>
#include <thread>

namespace af::mapper {

namespace {

// A stopped run's join: the best rows of each template (by the requested metrics), at most
// this many compatibility groups an Einsum (the best row of each) and this much wall time, so
// that Stop stays prompt (well under the 100 ms a cancel may take).
// The best groups of neighbouring Einsums need not fit one another: when those join into
// nothing, every group's best row is tried in what is left of the time.
constexpr std::array<std::size_t, 2> kStoppedJoinGroups = {32, std::numeric_limits<std::size_t>::max()};
constexpr auto kStoppedJoinBudget = std::chrono::milliseconds(50);
constexpr std::size_t kStoppedRowsPerTemplate = 16;

double row_score(const PmappingRow& row, unsigned metrics) {
  const bool energy = (metrics & (kEnergy | kDynamicEnergy | kLeakEnergy)) != 0;
  const bool latency = (metrics & kLatency) != 0;
  if (energy && !latency) return row.energy();
  if (latency && !energy) return row.latency;
  return row.energy() * row.latency;  // EDP, or several metrics at once
}

// Each Einsum's pmappings thinned to the best row of its best `groups` groups; `cut` says
// whether some Einsum had more.
std::vector<JoinEinsum> thinned(const std::vector<JoinEinsum>& in, unsigned metrics, std::size_t groups,
                                bool& cut) {
  cut = false;
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
    if (keep.size() > groups) {
      keep.resize(groups);
      cut = true;
    }
    JoinEinsum t{e.name, e.tensors, e.outputs, {}, {}};
    for (const auto r : keep) {
      t.rows.push_back(e.rows[r]);
      t.compat.push_back(e.compat[r]);
    }
    out.push_back(std::move(t));
  }
  return out;
}

}  // namespace

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

std::vector<JoinedMapping> join_found_so_far(const std::vector<JoinEinsum>& in,
                                             const TrackedMemories& tracked,
                                             const std::map<std::string, std::set<std::string>>& copies,
                                             JoinSettings settings) {
  // A few rows an Einsum, under a deadline: no memory limit (a run that stopped at it joins here).
  settings.memory_limit = 0;
  if (std::any_of(in.begin(), in.end(), [](const JoinEinsum& e) { return e.rows.empty(); })) return {};
  std::stop_source late;
  std::mutex m;
  std::condition_variable cv;
  bool done = false;
  std::jthread deadline([&] {
    std::unique_lock lock(m);
    if (!cv.wait_for(lock, kStoppedJoinBudget, [&] { return done; })) late.request_stop();
  });
  std::vector<JoinedMapping> front;
  for (const auto groups : kStoppedJoinGroups) {
    bool cut = false;
    JoinOutcome joined = join_einsums(thinned(in, settings.metrics, groups, cut), tracked, copies, settings,
                                      nullptr, late.get_token());
    if (!joined.cancelled) front = std::move(joined.front);
    // Done when joined, out of time, or nothing was left out (a wider join would repeat this one).
    if (joined.cancelled || !front.empty() || !cut) break;
  }
  {
    const std::lock_guard lock(m);
    done = true;
  }
  cv.notify_one();
  return front;
}

}  // namespace af::mapper
