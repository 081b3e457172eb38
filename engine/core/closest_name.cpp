#include "core/closest_name.h"

#include <algorithm>
#include <cctype>

namespace af::core {

std::size_t edit_distance(std::string_view a, std::string_view b) {
  // Scores are doubled so a case-only difference can cost 1 (half an edit).
  std::vector<std::size_t> prev(b.size() + 1), cur(b.size() + 1);
  for (std::size_t j = 0; j <= b.size(); ++j) prev[j] = 2 * j;
  for (std::size_t i = 1; i <= a.size(); ++i) {
    cur[0] = 2 * i;
    for (std::size_t j = 1; j <= b.size(); ++j) {
      const char x = a[i - 1];
      const char y = b[j - 1];
      std::size_t sub = 2;
      if (x == y)
        sub = 0;
      else if (std::tolower(static_cast<unsigned char>(x)) == std::tolower(static_cast<unsigned char>(y)))
        sub = 1;
      cur[j] = std::min({prev[j] + 2, cur[j - 1] + 2, prev[j - 1] + sub});
    }
    std::swap(prev, cur);
  }
  return (prev[b.size()] + 1) / 2;
}

std::optional<std::string> closest_name(std::string_view wanted, const std::vector<std::string>& candidates) {
  const auto lower = [](std::string_view s) {
    std::string out(s);
    for (auto& ch : out) ch = static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
    return out;
  };
  for (const auto& c : candidates)  // a case-only slip is the most plausible typo of all
    if (c != wanted && lower(c) == lower(wanted)) return c;
  std::optional<std::string> best;
  std::size_t best_distance = 0;
  for (const auto& c : candidates) {
    const std::size_t d = edit_distance(wanted, c);
    if (!best || d < best_distance) {
      best = c;
      best_distance = d;
    }
  }
  if (!best) return std::nullopt;
  // Accept up to a third of the longer name (at least 1, at most 3 edits).
  const std::size_t longest = std::max(wanted.size(), best->size());
  const std::size_t limit = std::clamp<std::size_t>(longest / 3, 1, 3);
  if (best_distance == 0 || best_distance > limit) return std::nullopt;
  return best;
}

std::string did_you_mean(std::string_view wanted, const std::vector<std::string>& candidates) {
  const auto c = closest_name(wanted, candidates);
  return c ? " (did you mean " + *c + "?)" : std::string{};
}

}  // namespace af::core
