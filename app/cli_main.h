#pragma once
// The `accelforge` command line, callable from tests with captured streams.
#include <iosfwd>
#include <mutex>
#include <string>
#include <vector>

namespace af::cli {

// Exit codes of the command line (the top-level README.md, 'Command line'). A signal ends
// the process with 128 + its number instead (interrupt.h).
enum ExitCode : int { kOk = 0, kInvalidInput = 1, kUsage = 2, kNoMapping = 3 };

// Runs the CLI on `args` (args[0] is the program name). Never throws. `commit_lock` (may be
// null) is held while output files are committed; see interrupt.h.
int run(const std::vector<std::string>& args, std::ostream& out, std::ostream& err,
        std::mutex* commit_lock = nullptr);

}  // namespace af::cli
