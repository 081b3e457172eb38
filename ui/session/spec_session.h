#pragma once
// The explorer's engine session: turns the open documents (with their unsaved text) and the
// Jinja variables into a validated spec and an evaluation, on a worker thread, one job at a
// time. Views never call the engine; they receive SessionResults.
#include <QObject>
#include <QStringList>

#include "session/session_result.h"

namespace af::ui {

class DocumentSet;
class JobRunner;

class SpecSession : public QObject {
  Q_OBJECT
 public:
  explicit SpecSession(DocumentSet* documents, QObject* parent = nullptr);

  // `NAME=VALUE` Jinja data passed to every file (as `--set` does).
  void setAssignments(const QStringList& assignments);
  [[nodiscard]] const QStringList& assignments() const { return assignments_; }
  // `FILE[#SECTION]` component-cost table; empty = none.
  void setComponentCosts(const QString& table);

  [[nodiscard]] JobRunner* runner() const { return runner_; }
  [[nodiscard]] const SessionResultPtr& lastResult() const { return last_; }
  [[nodiscard]] const SessionResultPtr& lastValidResult() const { return lastValid_; }

 public slots:
  // Snapshots the documents and starts a job; a job already running is superseded.
  void revalidate();

 signals:
  void resultReady(const af::ui::SessionResultPtr& result);
  void busyChanged(bool busy);

 private:
  DocumentSet* documents_;
  JobRunner* runner_;
  QStringList assignments_;
  QString componentCosts_;
  SessionResultPtr last_;
  SessionResultPtr lastValid_;
};

// The job itself, callable without Qt threads (tests, benchmarks): load, validate, evaluate.
[[nodiscard]] SessionResultPtr runSession(const std::vector<std::string>& files,
                                          const std::map<std::string, std::string>& unsavedTexts,
                                          const std::vector<std::string>& assignments,
                                          const std::string& componentCosts);

}  // namespace af::ui
