#pragma once
// The `accelforge` command line, callable from tests with captured streams.
#include <iosfwd>
#include <string>
#include <vector>

namespace af::cli {

// Exit codes of the command-line contract (docs: ARCHITECTURE.md).
enum ExitCode : int { kOk = 0, kInvalidInput = 1, kUsage = 2, kNoMapping = 3 };

// Runs the CLI on `args` (args[0] is the program name). Never throws.
int run(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);

}  // namespace af::cli
