#include "mapper/map_cache.h"

#include <fmt/format.h>

#include <algorithm>

namespace af::mapper {

namespace {

// A 128-bit digest of a key's text: keys run to tens of kilobytes (every template of an
// Einsum), so slots are found by digest. Two 64-bit lanes, FNV-1a and a multiply-xorshift
// over the same bytes, so that a collision needs both to collide.
std::string digest(char kind, std::string_view key) {
  std::uint64_t a = 0xcbf29ce484222325ULL, b = 0x9e3779b97f4a7c15ULL ^ key.size();
  for (const char c : key) {
    const auto byte = static_cast<unsigned char>(c);
    a = (a ^ byte) * 0x100000001b3ULL;
    b = (b ^ byte) * 0xff51afd7ed558ccdULL;
    b ^= b >> 29;
  }
  return fmt::format("{}{:016x}{:016x}", kind, a, b);
}

std::size_t bytes_of(const PmappingRow& r) {
  return sizeof r + (r.tiles.size() + r.fused_iterations.size()) * sizeof(std::int64_t) +
         (r.reservations.size() + r.shared_sizes.size()) * sizeof(double);
}

std::size_t bytes_of(const EinsumStats& s) {
  std::size_t n = sizeof s + s.einsum.size() + s.searched_with.size();
  for (const auto& [cause, count] : s.removed) n += cause.size() + 48;
  for (const auto& [cause, f] : s.smallest_over_limit) n += cause.size() + 64;
  return n;
}

std::size_t bytes_of(const CachedSearch& s) {
  std::size_t n = sizeof s;
  for (const auto& r : s.results) {
    n += sizeof r + bytes_of(r.stats) + r.ceiling_least.size() * sizeof(LeastPoint);
    for (const auto& row : r.front) n += bytes_of(row);
  }
  return n;
}

std::size_t bytes_of(const JoinOutcome& j) {
  std::size_t n = sizeof j + j.failure.size();
  for (const auto& m : j.front) {
    n += sizeof m + m.shared_loops.size() * sizeof(std::size_t) + m.usage.size() * sizeof(double);
    for (const auto& row : m.pmappings) n += bytes_of(row);
  }
  for (const auto& s : j.steps) n += sizeof s + s.einsum.size() + s.removed.size() * 64;
  return n + (j.groups.size() + j.grouped_rows.size() + j.ceiling_rows.size()) * 8;
}

}  // namespace

bool CachedSearch::stands_for(const SearchCeilings* ceilings) const {
  for (const auto& r : results)
    for (const auto& p : r.ceiling_least)
      if (ceilings == nullptr || !ceilings->ceilings.beaten(p[0], p[1], p[2], ceilings->others)) return false;
  return true;
}

MapCache::MapCache(std::size_t max_bytes) : max_bytes_(max_bytes) {}

void MapCache::use_for(std::string_view project) {
  const std::lock_guard lock(mutex_);
  if (project == project_) return;
  project_ = project;
  slots_.clear();
  by_age_.clear();
  bytes_ = 0;
}

void MapCache::clear() {
  const std::lock_guard lock(mutex_);
  slots_.clear();
  by_age_.clear();
  bytes_ = 0;
}

MapCache::Figures MapCache::figures() const {
  const std::lock_guard lock(mutex_);
  return {slots_.size(), bytes_, max_bytes_, hits_, misses_, dropped_};
}

std::shared_ptr<const void> MapCache::find(char kind, std::string_view key) {
  const std::string d = digest(kind, key);
  const std::lock_guard lock(mutex_);
  const auto it = slots_.find(d);
  if (it == slots_.end()) {
    ++misses_;
    return nullptr;
  }
  ++hits_;
  by_age_.splice(by_age_.end(), by_age_, it->second.age);  // now the most recently used
  return it->second.value;
}

void MapCache::put(char kind, std::string_view key, std::shared_ptr<const void> value, std::size_t bytes) {
  std::string d = digest(kind, key);
  bytes += d.size() + sizeof(Slot) + 64;  // the slot and its list node
  const std::lock_guard lock(mutex_);
  if (bytes > max_bytes_) return;  // would push out everything else
  if (const auto it = slots_.find(d); it != slots_.end()) {
    bytes_ -= it->second.bytes;
    by_age_.erase(it->second.age);
    slots_.erase(it);
  }
  while (bytes_ + bytes > max_bytes_ && !by_age_.empty()) {
    const auto oldest = slots_.find(by_age_.front());
    bytes_ -= oldest->second.bytes;
    slots_.erase(oldest);
    by_age_.pop_front();
    ++dropped_;
  }
  by_age_.push_back(d);
  slots_.emplace(std::move(d), Slot{std::move(value), bytes, std::prev(by_age_.end())});
  bytes_ += bytes;
}

std::shared_ptr<const CachedSearch> MapCache::search(std::string_view key) {
  return std::static_pointer_cast<const CachedSearch>(find('S', key));
}
void MapCache::keep(std::string_view key, std::shared_ptr<const CachedSearch> entry) {
  const std::size_t bytes = bytes_of(*entry);
  put('S', key, std::move(entry), bytes);
}
std::shared_ptr<const CachedLeast> MapCache::least(std::string_view key) {
  return std::static_pointer_cast<const CachedLeast>(find('L', key));
}
void MapCache::keep(std::string_view key, std::shared_ptr<const CachedLeast> entry) {
  const std::size_t bytes = sizeof(CachedLeast) + entry->least.points.size() * 16;
  put('L', key, std::move(entry), bytes);
}
std::shared_ptr<const JoinOutcome> MapCache::join(std::string_view key) {
  return std::static_pointer_cast<const JoinOutcome>(find('J', key));
}
void MapCache::keep(std::string_view key, std::shared_ptr<const JoinOutcome> entry) {
  const std::size_t bytes = bytes_of(*entry);
  put('J', key, std::move(entry), bytes);
}

}  // namespace af::mapper
