// Baseline benchmark: did-you-mean lookups per second (the harness later parts extend).
#include <chrono>
#include <cstdio>
#include <string>
#include <vector>

#include "core/closest_name.h"

int main() {
  std::vector<std::string> names;
  for (int i = 0; i < 64; ++i) names.push_back("Component" + std::to_string(i * 7919));
  const auto start = std::chrono::steady_clock::now();
  std::size_t hits = 0;
  constexpr int kRounds = 20000;
  for (int i = 0; i < kRounds; ++i)
    hits += af::core::closest_name("Componnt" + std::to_string(i), names).has_value();
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  std::printf("closest_name: %.0f lookups/s (%zu suggestions)\n", kRounds / seconds, hits);
}
