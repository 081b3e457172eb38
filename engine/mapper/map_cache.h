#pragma once
// What a map keeps for the next one (README: "Re-mapping"). The caller owns the cache and
// hands it to every map of one project (af::Workspace::map, map_workload); each stage's
// result is kept under the text of exactly what that stage reads, so a re-map after an
// edit re-runs only the stages whose inputs changed. Bounded: past max_bytes the least
// recently used entries go. Safe to share between threads (a re-map in the background
// while the last one is stopped).
#include <array>
#include <cstdint>
#include <list>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "mapper/ceilings.h"
#include "mapper/join/join.h"
#include "mapper/search/tile_shapes.h"

namespace af::mapper {

// One Einsum's tile search: per template (template order) its result. A search under
// ceilings removed subtrees (their least points in each result's ceiling_least); it stands
// for a search under other ceilings when those beat every one of those points as well.
struct CachedSearch {
  std::vector<TemplateResult> results;
  [[nodiscard]] bool stands_for(const SearchCeilings* ceilings) const;
};

// One Einsum's least front (the search's ceilings), as LeastAdded, and whether a template
// of it was rejected as a whole (its takers then search on their own).
struct CachedLeast {
  LeastAdded least;
  bool rejected = false;
};

class MapCache {
 public:
  static constexpr std::size_t kDefaultMaxBytes = std::size_t{512} << 20;
  explicit MapCache(std::size_t max_bytes = kDefaultMaxBytes);
  MapCache(const MapCache&) = delete;
  MapCache& operator=(const MapCache&) = delete;

  // Forgets everything when `project` is not the one given last (the project's path or any
  // name for it): a cache follows one project, and re-loads of it keep what it holds.
  void use_for(std::string_view project);
  void clear();

  struct Figures {
    std::size_t entries = 0, bytes = 0, max_bytes = 0;
    std::uint64_t hits = 0, misses = 0, dropped = 0;  // since construction
  };
  [[nodiscard]] Figures figures() const;

  // The mapper's side: entries by the text of what they were made from.
  [[nodiscard]] std::shared_ptr<const CachedSearch> search(std::string_view key);
  void keep(std::string_view key, std::shared_ptr<const CachedSearch> entry);
  [[nodiscard]] std::shared_ptr<const CachedLeast> least(std::string_view key);
  void keep(std::string_view key, std::shared_ptr<const CachedLeast> entry);
  [[nodiscard]] std::shared_ptr<const JoinOutcome> join(std::string_view key);
  void keep(std::string_view key, std::shared_ptr<const JoinOutcome> entry);

 private:
  struct Slot {
    std::shared_ptr<const void> value;
    std::size_t bytes = 0;
    std::list<std::string>::iterator age;
  };
  std::shared_ptr<const void> find(char kind, std::string_view key);
  void put(char kind, std::string_view key, std::shared_ptr<const void> value, std::size_t bytes);

  const std::size_t max_bytes_;
  mutable std::mutex mutex_;
  std::string project_;
  std::unordered_map<std::string, Slot> slots_;  // by kind and digest of the key
  std::list<std::string> by_age_;                // least recently used first
  std::size_t bytes_ = 0;
  std::uint64_t hits_ = 0, misses_ = 0, dropped_ = 0;
};

}  // namespace af::mapper
