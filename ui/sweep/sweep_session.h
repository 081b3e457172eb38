#pragma once
// Sweeps in the window: the Sweep pane's variables and values, run on a worker (one mapper run
// per point, with the Mapper pane's settings over each point's spec), the points shown as they
// finish — every point's front overlaid, the sweep plot (a heat map for two variables), the
// selected point's optimum accesses — and Stop keeping the finished points. A click selects a
// point; Open puts its values and its optimum's mapping into the project. The CSV is the one
// `accelforge sweep --csv` writes. MainWindow only places the widgets.
#include <QObject>
#include <QThreadPool>
#include <functional>
#include <memory>
#include <mutex>

#include "controller/job_slot.h"
#include "sweep/sweep_run.h"
#include "workspace/project_file.h"

class QLabel;
class QPushButton;
#include <QSplitter>

namespace af::ui {

class AccessesPlot;
class LiveMapperObserver;
class ProjectController;
class SweepFrontsPlot;
class SweepPanel;
class SweepPlot;

class SweepSession : public QObject {
  Q_OBJECT
 public:
  // Each point maps with the user's choices of the controller's MapperSettings (they override
  // each point's `mapper:` section, as the CLI's map options do). The widgets are parented to
  // `widgetParent` until placed.
  SweepSession(ProjectController* controller, QWidget* widgetParent);
  ~SweepSession() override;

  [[nodiscard]] SweepPanel* panel() const { return panel_; }
  // The sweep's page: the overlaid fronts, the sweep plot and the selected point's accesses.
  [[nodiscard]] QWidget* view() const { return view_; }
  [[nodiscard]] SweepFrontsPlot* frontsPlot() const { return fronts_; }
  [[nodiscard]] SweepPlot* sweepPlot() const { return plot_; }
  [[nodiscard]] AccessesPlot* accessesPlot() const { return accesses_; }

  // Starts a sweep of the pane's variables over the last valid spec; false with the reason
  // (message) when it cannot start. A sweep in flight is stopped first.
  bool run();
  void stop();
  [[nodiscard]] bool running() const { return job_.busy(); }
  // The sweep on screen: live while it runs, then the finished (or stopped) one.
  [[nodiscard]] const SweepRunPtr& current() const { return shown_; }
  [[nodiscard]] int selected() const { return selected_; }
  void select(int index);
  // Two points compared: the pinned point's accesses are drawn beside the selected one's, with
  // the change (the accesses plot's Pin and Unpin). -1 unpins.
  void pinPoint(int index);
  [[nodiscard]] int pinnedPoint() const { return pinned_; }
  // Sets the project's variables to point `index`'s values and its optimum's mapping into the
  // mapping document (the editors, tree and accesses then show it). False when it has none.
  bool openPoint(int index);
  // Shows a stored sweep (the History dock's reopen) as the last one, its variables in the
  // pane; it is not announced as `finished` (it is not a new run).
  void showStored(const SweepRunPtr& run);
  // The finished points as `accelforge sweep --csv` writes them.
  bool exportCsv(const QString& path, QString* error = nullptr) const;

 signals:
  void started();
  void pointsChanged(const af::ui::SweepRunPtr& run);  // a point finished (throttled)
  void finished(const af::ui::SweepRunPtr& run);       // done, stopped or refused (problems)
  void selectedChanged(int index);
  void message(const QString& text);

 private:
  struct Live;
  void onProgress();
  void onFinished(const SweepRunPtr& run);
  void show(const SweepRunPtr& run);
  void clear();

  ProjectController* controller_;
  SweepPanel* panel_;
  QSplitter* view_;
  SweepFrontsPlot* fronts_;
  SweepPlot* plot_;
  QLabel* pointTitle_;
  QPushButton* open_;
  AccessesPlot* accesses_;
  QThreadPool pool_;
  std::shared_ptr<Live> live_;  // of the running sweep
  SweepRunPtr shown_;
  int selected_ = -1;
  int pinned_ = -1;
  JobSlot<SweepRunPtr> job_;
};

}  // namespace af::ui
