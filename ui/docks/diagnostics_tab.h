#pragma once
// The Diagnostics dock shares its place with the Plots (tabbed) so that the plots keep their
// height in small windows. Its tab then has to speak for it: the title counts the errors and
// warnings, and when a load has errors and the plots have nothing to show, Diagnostics comes
// to the front; the first fresh evaluation gives the place back to the plots. While a valid
// spec is being edited into an invalid one the plots stay (dimmed), so typing never flips tabs.
#include <QObject>
#include <QPointer>

class QDockWidget;

namespace af::ui {

class DiagnosticsModel;
class ProjectController;

class DiagnosticsTab : public QObject {
  Q_OBJECT
 public:
  DiagnosticsTab(const ProjectController* controller, const DiagnosticsModel* model, QDockWidget* diagnostics,
                 QDockWidget* plots);

  // "Diagnostics", or "Diagnostics (2 errors, 1 warning)".
  [[nodiscard]] static QString title(int errors, int warnings);

 private:
  void updateTitle();

  const DiagnosticsModel* model_;
  QPointer<QDockWidget> diagnostics_;
  QPointer<QDockWidget> plots_;
  bool plotsEmpty_ = true;
  bool raisedForErrors_ = false;
};

}  // namespace af::ui
