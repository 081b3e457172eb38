#pragma once
// The sections of a component-cost table file (AccelForge's reference table has one per
// architecture: eyeriss, simba, ...), so that a user can pick one instead of typing FILE#SECTION.
#include <string>
#include <vector>

namespace af::components {

// Section names in file order; empty when the file holds components at top level (no section
// to choose). Throws core::SpecError when the file cannot be read or parsed.
[[nodiscard]] std::vector<std::string> cost_table_sections(const std::string& file);

}  // namespace af::components
