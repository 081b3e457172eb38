#pragma once
// Where the CLI writes a result: a file, or standard output for "-".
#include <iosfwd>
#include <string>

namespace af::cli {

// Writes `text` to `target` ("-" = `out`). Returns false (with a message on `err`) on failure.
bool write_output(const std::string& target, const std::string& text, std::ostream& out, std::ostream& err);

}  // namespace af::cli
