#pragma once
// Shared by the mapper oracles: (energy, latency) fronts compared as float32 sets.
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "mapper/mapper.h"

namespace af::test {

using Vec = std::pair<float, float>;  // (energy, latency)

// O(n^2) Pareto of brute-force points, on float32 values (as the mapper compares).
inline std::set<Vec> front_of(const std::vector<std::pair<double, double>>& points) {
  std::set<Vec> all;
  for (const auto& [e, l] : points) all.insert({static_cast<float>(e), static_cast<float>(l)});
  std::set<Vec> front;
  for (const auto& a : all) {
    bool dominated = false;
    for (const auto& b : all)
      if (b != a && b.first <= a.first && b.second <= a.second) dominated = true;
    if (!dominated) front.insert(a);
  }
  return front;
}

// The mapper's final front.
inline std::set<Vec> front_of(const mapper::MapperResult& r) {
  std::set<Vec> out;
  for (const auto& m : r.front) out.insert({static_cast<float>(m.energy()), static_cast<float>(m.latency)});
  return out;
}

inline std::string show(const std::set<Vec>& s) {
  std::string out;
  for (const auto& [e, l] : s) {  // appended piecewise: GCC 12 misreads "(" + std::string as overlapping
    out += '(';
    out += std::to_string(e);
    out += ", ";
    out += std::to_string(l);
    out += ") ";
  }
  return out;
}

}  // namespace af::test
