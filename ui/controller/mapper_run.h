#pragma once
// A mapper run as the window sees it: progress snapshots and fronts taken from the mapper's
// Observer on the worker (coalesced, ~20 per second), and the final result.
#include <QMetaType>
#include <QString>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "mapper/mapper.h"
#include "mapper/observer.h"
#include "mapper/stats.h"
#include "workspace/workspace.h"

namespace af::ui {

struct MapperProgress {
  // "templates", "tile shapes", "join" (or "join again, rounded: ..." after the memory limit), "done"
  QString stage;
  std::size_t templatesDone = 0, templatesTotal = 0;
  // Per Einsum, workload order: the running counts of the keep-rate funnel.
  std::vector<mapper::EinsumStats> stats;
  std::vector<std::size_t> einsumTemplatesDone, einsumTemplatesTotal;
  // The fused join's steps so far (one per Einsum after the first), in workload order.
  std::vector<mapper::JoinStepStats> joinSteps;
  double elapsedSeconds = 0;
  double remainingSeconds = -1;  // estimate; < 0 while unknown

  [[nodiscard]] double fraction() const {
    return templatesTotal == 0 ? 0.0
                               : static_cast<double>(templatesDone) / static_cast<double>(templatesTotal);
  }
};

struct FrontSnapshot {
  std::map<std::string, std::vector<mapper::FrontPoint>> einsumFronts;  // per-Einsum pmapping fronts
  std::vector<mapper::FrontPoint> joined;                               // the joined front so far
  std::size_t einsumsJoined = 0;
  // `joined` is the Einsums' fronts so far summed, before the join has reported.
  bool provisional = false;
  // `joined` is a stored run's whole front, best first: a click on point i opens mapping i.
  bool stored = false;
};

struct MapRun {
  std::shared_ptr<const Workspace> workspace;
  mapper::MapperOptions options;
  mapper::MapperResult result;
  double seconds = 0;
};

using MapperProgressPtr = std::shared_ptr<const MapperProgress>;
using FrontSnapshotPtr = std::shared_ptr<const FrontSnapshot>;
using MapRunPtr = std::shared_ptr<const MapRun>;

}  // namespace af::ui

Q_DECLARE_METATYPE(af::ui::MapperProgressPtr)
Q_DECLARE_METATYPE(af::ui::FrontSnapshotPtr)
Q_DECLARE_METATYPE(af::ui::MapRunPtr)
