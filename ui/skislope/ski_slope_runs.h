#pragma once
// The runs the Ski slope page draws: the front of the last fused and the last unfused mapper
// run with the resource-usage objective, each re-evaluated into Pareto rows (io/pareto_set.h)
// on a worker. A fused and an unfused run are overlaid only while both mapped the same spec
// (what the mapper reads: texts without the mapping, values, cost table); a run of another
// spec replaces both. It also chains the page's "map fused and unfused" request: two runs
// through the controller, one after the other.
#include <QObject>
#include <QThreadPool>
#include <memory>
#include <string>
#include <vector>

#include "controller/job_slot.h"
#include "controller/mapper_run.h"
#include "controller/project_result.h"
#include "io/pareto_set.h"

namespace af::ui {

class ProjectController;

struct SkiSlopeRun {
  bool unfused = false;
  MapRunPtr run;
  std::vector<io::ParetoRow> rows;  // front order
  // What the mapper read (load_job.h): runs of other inputs are not overlaid, and the slope
  // is stale once a load differs.
  std::string mapperInputs;
};
using SkiSlopeRunPtr = std::shared_ptr<const SkiSlopeRun>;

class SkiSlopeRuns : public QObject {
  Q_OBJECT
 public:
  explicit SkiSlopeRuns(ProjectController* controller, QObject* parent = nullptr);

  // Fused first, then unfused (whichever exist).
  [[nodiscard]] std::vector<SkiSlopeRunPtr> runs() const;
  // A mapper run or its rows' evaluation is under way for this page.
  [[nodiscard]] bool busy() const { return fusedRows_.busy() || unfusedRows_.busy() || waiting_; }
  // The newest load differs from what a drawn run mapped (an edit, a value, a cost table):
  // its slope no longer answers for the spec until it is mapped again. `changed` says when.
  [[nodiscard]] bool stale() const;

  // Maps the spec twice with the Mapper pane's settings and the resource-usage objective
  // added: fused, then unfused. A run stopped or failing drops the rest.
  void mapFusedAndUnfused();
  // Opens mapping `row` of the fused or unfused run in the editors (as a click on the front).
  bool openMapping(bool unfused, std::size_t row);

 signals:
  void changed();
  // Waiting for the mapper or evaluating a front's rows ("Evaluating the fused front's 84
  // mappings…"); empty when idle.
  void statusChanged(const QString& status);
  void message(const QString& text);

 private:
  void onMapped(const MapRunPtr& run);
  void onRows(const SkiSlopeRunPtr& run);
  void onLoaded(const ProjectResultPtr& result);
  void startNext();
  void clear();
  [[nodiscard]] JobSlot<SkiSlopeRunPtr>::Handlers handlers();

  ProjectController* controller_;
  QThreadPool pool_;
  // One per kind: the fused front's rows are evaluated while the unfused run maps.
  JobSlot<SkiSlopeRunPtr> fusedRows_, unfusedRows_;
  SkiSlopeRunPtr fused_, unfused_;
  std::vector<mapper::MapperOptions> queue_;  // the chained runs still to start
  bool waiting_ = false;                      // a chained run was started and has not ended
  std::string loaded_;                        // the newest load's mapper inputs
  bool stale_ = false;
};

}  // namespace af::ui
