#include "session/spec_session.h"

#include <chrono>

#include "components/cost_table.h"
#include "editors/document_set.h"
#include "editors/spec_document.h"
#include "runner/job_runner.h"
#include "loader/load.h"

namespace af::ui {

SessionResultPtr runSession(const std::vector<std::string>& files,
                            const std::map<std::string, std::string>& unsaved,
                            const std::vector<std::string>& assignments, const std::string& componentCosts) {
  const auto start = std::chrono::steady_clock::now();
  auto result = std::make_shared<SessionResult>();
  try {
    std::optional<components::CostTable> costs;
    if (!componentCosts.empty()) costs = components::load_cost_table(componentCosts);
    auto spec = std::make_shared<spec::Spec>(
        spec::load_spec(files, spec::parse_assignments(assignments),
                        {costs ? &*costs : nullptr, /*costs_required=*/true}, &unsaved));
    result->diagnostics = spec->warnings;
    if (spec->mapping && spec->has_arch()) {
      try {
        result->evaluation = model::evaluate(spec->resolved(), *spec->mapping);
        result->accesses = accessesFrom(*result->evaluation, *spec);
      } catch (const model::InvalidMapping& e) {
        result->mappingError = e.message();
        result->mappingErrorWhere = e.where();
        result->diagnostics.push_back(
            spec::Diagnostic{e.where().value_or(spec::SourceLocation{}), "mapping",
                             "invalid mapping at " + e.node() + ": " + e.message()});
      }
    }
    result->spec = std::move(spec);
  } catch (const spec::SpecError& e) {
    result->diagnostics.insert(result->diagnostics.end(), e.diagnostics().begin(), e.diagnostics().end());
  } catch (const std::exception& e) {
    result->diagnostics.push_back(
        spec::Diagnostic{{}, "", std::string("internal error: ") + e.what(), spec::Severity::Error});
  }
  result->seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return result;
}

SpecSession::SpecSession(DocumentSet* documents, QObject* parent)
    : QObject(parent), documents_(documents), runner_(new JobRunner(this)) {
  connect(runner_, &JobRunner::started, this, [this] { emit busyChanged(true); });
  connect(runner_, &JobRunner::finished, this, [this](int, const QVariant& value) {
    last_ = value.value<SessionResultPtr>();
    if (last_ && last_->valid()) lastValid_ = last_;
    emit busyChanged(false);
    if (last_) emit resultReady(last_);
  });
  connect(runner_, &JobRunner::failed, this, [this](int, const QString&) { emit busyChanged(false); });
  connect(runner_, &JobRunner::cancelled, this, [this](int) { emit busyChanged(runner_->isBusy()); });
}

void SpecSession::setAssignments(const QStringList& assignments) { assignments_ = assignments; }

void SpecSession::setComponentCosts(const QString& table) { componentCosts_ = table; }

void SpecSession::revalidate() {
  // Snapshot on the GUI thread: plain strings only cross to the worker.
  std::vector<std::string> files;
  std::map<std::string, std::string> unsaved;
  for (const SpecDocument* d : documents_->documents()) {
    if (d->isUntitled()) continue;  // no path to resolve includes against: validated once saved
    const std::string path = d->path().toStdString();
    files.push_back(path);
    if (d->isModified()) unsaved[path] = d->text().toStdString();
  }
  std::vector<std::string> assignments;
  for (const auto& a : assignments_) assignments.push_back(a.toStdString());
  const std::string costs = componentCosts_.toStdString();
  if (files.empty()) {
    last_ = std::make_shared<SessionResult>();
    emit resultReady(last_);
    return;
  }
  runner_->submit([files, unsaved, assignments, costs](CancelToken token) -> QVariant {
    SessionResultPtr result = runSession(files, unsaved, assignments, costs);
    token.throwIfCancelled();  // superseded while running: drop the result
    return QVariant::fromValue(result);
  });
}

}  // namespace af::ui
