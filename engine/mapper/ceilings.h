#pragma once
// Ceilings: whole mappings known to exist bound what a partial one may become. Objectives
// only grow as Einsums join (energy and latency are sums over them), so a row whose
// objectives, plus the least the Einsums it lacks can add, already lose to a known whole
// mapping in every ranking objective can never be on the front. The join drops such rows
// (join/join.h), and the tile search skips subtrees whose least is such (search/tile_shapes.h).
#include <array>
#include <utility>
#include <vector>

namespace af::mapper {

struct PmappingRow;  // search/tile_shapes.h

// The objectives whole mappings are ranked by, in the mapper's order: EDP (formed from the
// whole mapping's energy and latency: it is not additive, so the join keeps them apart),
// energy, latency, dynamic energy, leak energy, as `metrics` asks.
struct Ranking {
  std::array<double, 5> values{};
  std::size_t size = 0;
};
[[nodiscard]] Ranking ranking_objectives(double energy, double latency, double dynamic_energy,
                                         double leak_energy, unsigned metrics);

// The least some Einsums add to a mapping, one pmapping each: the sums of their least
// dynamic and leak energy, and a staircase of (energy, latency) points such that every
// choice of pmappings adds at least one point's both. Energy and latency pull apart (the
// cheapest pmapping is rarely the fastest), so for EDP the staircase bounds far tighter
// than the least energy with the least latency.
struct LeastAdded {
  double dynamic = 0, leak = 0;
  std::vector<std::pair<double, double>> points{{0.0, 0.0}};  // energy up, latency down

  [[nodiscard]] static LeastAdded of(const std::vector<PmappingRow>& rows);
  // Both sets' pmappings together (the sums of their points), thinned.
  [[nodiscard]] LeastAdded plus(const LeastAdded& o) const;
};

class Ceilings {
 public:
  // `ceilings`: ranking objectives of whole mappings (ranking_objectives' order).
  Ceilings(const std::vector<std::vector<double>>& ceilings, unsigned metrics);
  // Whether every whole mapping a row with these objectives can become, adding `rest`,
  // loses to some ceiling in every ranking objective.
  [[nodiscard]] bool beaten(double dynamic, double leak, double latency, const LeastAdded& rest) const;

 private:
  unsigned metrics_;
  std::vector<std::array<double, 5>> limits_;
};

// What one Einsum's pmappings must beat in the tile search: whole mappings known to exist,
// and the least the other Einsums of the join add (their exact fronts).
struct SearchCeilings {
  Ceilings ceilings;
  LeastAdded others;
};

}  // namespace af::mapper
