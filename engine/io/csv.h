#pragma once
// The one CSV writer of the command line and the window's exports (RFC 4180): a field holding a
// comma, a quote or a line break is quoted, its quotes doubled; each row ends with one line
// break, so a file ends with exactly one.
#include <string>
#include <string_view>
#include <vector>

namespace af::io {

[[nodiscard]] std::string csv_field(std::string_view field);
// The fields (written as they are given: csv_field quotes them) joined by commas, then "\n".
[[nodiscard]] std::string csv_row(const std::vector<std::string>& fields);

}  // namespace af::io
