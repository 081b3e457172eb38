#pragma once
// The status bar's permanent part, following the controller itself: the spec's state (valid
// with its energy and latency, N errors with the last valid results shown, an invalid mapping,
// no spec), the job in flight and its indeterminate progress bar.
#include <QObject>
#include <QString>

#include "controller/project_result.h"

class QLabel;
class QProgressBar;
class QStatusBar;

namespace af::ui {

class ProjectController;

class StatusLine : public QObject {
  Q_OBJECT
 public:
  StatusLine(const ProjectController* controller, QStatusBar* bar);

  [[nodiscard]] static QString noSpecText();
  [[nodiscard]] QString specStateText() const;
  [[nodiscard]] QProgressBar* progressBar() const { return progress_; }

 private:
  void showLoad(const ProjectResultPtr& result);
  void showCleared();

  const ProjectController* controller_;
  QLabel* specState_;
  QLabel* jobState_;
  QProgressBar* progress_;
};

}  // namespace af::ui
