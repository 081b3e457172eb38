#pragma once
// The mapper in the window, wired once: the run panel, the live Pareto front and the
// keep-rate funnel follow the controller's mapper signals; a clicked front point becomes the
// project's mapping (the editors, tree, loop nest and accesses then show it); the last run's
// Pareto set and any of its mappings export. MainWindow only places the three widgets.
#include <QObject>
#include <QString>
#include <optional>

#include "controller/mapper_run.h"
#include "controller/project_result.h"

namespace af::ui {

class FunnelPlot;
class ParetoPlot;
class ProjectController;
class RunPanel;

class ExploreSession : public QObject {
  Q_OBJECT
 public:
  // The widgets are parented to `widgetParent` until the window places them.
  ExploreSession(ProjectController* controller, QWidget* widgetParent);

  [[nodiscard]] RunPanel* runPanel() const { return panel_; }
  [[nodiscard]] ParetoPlot* paretoPlot() const { return pareto_; }
  [[nodiscard]] FunnelPlot* funnelPlot() const { return funnel_; }

  // Runs with the panel's options (what Run does); false with the reason when the spec is not
  // valid yet.
  bool run();
  // Writes front point `index` of the last run into the project's mapping document (a new
  // untitled one when the project has none). False when there is no such point.
  bool openMapping(int index);
  [[nodiscard]] std::optional<int> openedIndex() const { return opened_; }

  // The last run's Pareto set: one row per mapping (energy, latency, EDP, energy per
  // component), as CSV or JSON by the file's suffix. Evaluates on a worker; blocks the caller
  // only in tests (`wait`).
  bool exportParetoSet(const QString& path, QString* error = nullptr);
  // Front point `index` of the last run as AccelForge mapping YAML.
  bool exportMapping(int index, const QString& path, QString* error = nullptr) const;

 signals:
  void mappingOpened(int index);
  void message(const QString& text);  // for the status bar

 private:
  void onSpecLoaded(const ProjectResultPtr& result);
  void onMapped(const MapRunPtr& run);

  ProjectController* controller_;
  RunPanel* panel_;
  ParetoPlot* pareto_;
  FunnelPlot* funnel_;
  std::optional<int> opened_;
};

}  // namespace af::ui
