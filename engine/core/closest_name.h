#pragma once
// "Did you mean ...?" suggestions for misspelt names.
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace af::core {

// Edit distance (insert, delete, substitute; case differences cost 0.5 rounded into the score).
[[nodiscard]] std::size_t edit_distance(std::string_view a, std::string_view b);

// The candidate closest to `wanted` if it is near enough to be a plausible typo, else nullopt.
[[nodiscard]] std::optional<std::string> closest_name(std::string_view wanted,
                                                      const std::vector<std::string>& candidates);

// " (did you mean X?)" or "" — ready to append to a message.
[[nodiscard]] std::string did_you_mean(std::string_view wanted, const std::vector<std::string>& candidates);

}  // namespace af::core
