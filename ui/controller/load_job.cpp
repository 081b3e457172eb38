#include "controller/load_job.h"

#include <chrono>

#include "model/roofline.h"

namespace af::ui {

ProjectResultPtr runLoad(const LoadRequest& request, std::stop_token stop) {
  const auto start = std::chrono::steady_clock::now();
  auto result = std::make_shared<ProjectResult>();
  auto workspace = std::make_shared<const Workspace>(Workspace::load(request.inputs, stop));
  if (stop.stop_requested()) return nullptr;
  result->workspace = workspace;
  result->diagnostics = workspace->diagnostics();
  if (workspace->ok()) {
    EvaluationOutcome outcome = workspace->evaluate();
    if (outcome.evaluation) {
      result->accesses = accessesFrom(*outcome.evaluation, workspace->spec());
      result->roofline = model::roofline(*workspace->resolved(), *outcome.evaluation);
      result->evaluation = std::move(outcome.evaluation);
    }
    if (outcome.problem) {
      result->diagnostics.push_back(
          core::Diagnostic{outcome.problem->where.value_or(core::SourceLocation{}), "mapping",
                           "invalid mapping at " + outcome.problem->node + ": " + outcome.problem->message});
      result->mappingProblem = std::move(outcome.problem);
    }
  }
  result->seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return result;
}

}  // namespace af::ui
