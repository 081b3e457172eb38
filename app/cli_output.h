#pragma once
// Where the CLI writes results: files, or standard output for "-".
#include <iosfwd>
#include <mutex>
#include <string>
#include <vector>

#include "core/diagnostic.h"

namespace af {
class Workspace;
}
namespace af::spec {
struct Spec;
}

namespace af::cli {

// The spec's warnings (a `keep` that did not evaluate, negative energies, ...), one a line;
// evaluate and map print them on standard error, validate with its summary.
void print_warnings(const spec::Spec& spec, std::ostream& err);
// Every diagnostic, one a line, then "N error(s)".
void print_diagnostics(const std::vector<core::Diagnostic>& diagnostics, std::ostream& err);
// A load that failed: its diagnostics, then the variables the files read with no value
// (no --set, no default, needed whatever the others are) and how to give them: the first
// thing a user meets who opens AccelForge's transformer workloads bare.
void print_load_failure(const Workspace& ws, std::ostream& err);

struct Output {
  std::string target;  // a path, or "-" for standard output
  std::string text;
};

// Writes every output. Files are written atomically and together: each to a temp file beside
// it, then all renamed into place, so a failure or an interrupt leaves none of them partial.
// `commit_lock` (may be null) is held while temp files exist; the interrupt watcher takes it
// before the process exits. Returns false (with a message on `err`) on failure.
bool write_outputs(const std::vector<Output>& outputs, std::ostream& out, std::ostream& err,
                   std::mutex* commit_lock);

}  // namespace af::cli
