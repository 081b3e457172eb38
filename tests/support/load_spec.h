#pragma once
// Tests and benchmarks load specs the way the CLI and the window do: through the front door
// (af::Workspace). Only the unit tests of the loader and of the text layers call those layers
// directly.
#include <string>
#include <utility>
#include <vector>

#include "core/diagnostic.h"
#include "spec/spec.h"
#include "workspace/workspace.h"

namespace af::test {

// The typed spec of `files` with NAME=VALUE `sets` and a cost table (FILE[#SECTION], empty:
// none). Throws core::SpecError with the load's errors when the spec is invalid.
inline spec::Spec load_spec(std::vector<std::string> files, std::vector<std::string> sets = {},
                            std::string component_costs = {}, bool costs_required = true) {
  SpecInputs in;
  in.files = std::move(files);
  in.assignments = std::move(sets);
  in.component_costs = std::move(component_costs);
  in.costs_required = costs_required;
  const Workspace ws = Workspace::load(std::move(in));
  if (!ws.ok()) {
    std::vector<core::Diagnostic> errors;
    for (const auto& d : ws.diagnostics())
      if (d.severity == core::Severity::Error) errors.push_back(d);
    if (errors.empty()) errors.push_back(core::Diagnostic{{}, "spec", "the spec did not load"});
    throw core::SpecError(std::move(errors));
  }
  return ws.spec();
}

}  // namespace af::test
