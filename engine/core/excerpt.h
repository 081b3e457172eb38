#pragma once
// Long texts in messages: the part around the failing spot, not the whole expression (an error
// inside a 100,000-deep expression must not echo 200 KB).
#include <cstddef>
#include <string>
#include <string_view>

namespace af::core {

// `text` itself when it is at most 2 * radius + 20 characters; else up to `radius` characters
// on each side of `at` (clamped to the text), with "…" where text was left out.
[[nodiscard]] std::string excerpt(std::string_view text, std::size_t at, std::size_t radius = 60);

}  // namespace af::core
