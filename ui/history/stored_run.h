#pragma once
// A stored run made ready for the window's views, on a worker: its front (with each mapping's
// YAML, so a click opens it), the funnel's statistics read back, the optimum's accesses
// evaluated against the run's own stored texts (so they show even when its files changed or
// went), and for a sweep its points with each optimum's accesses.
#include <QMetaType>
#include <QString>
#include <memory>
#include <stop_token>
#include <string>
#include <vector>

#include "mapper/observer.h"
#include "mapper/stats.h"
#include "models/accesses_data.h"
#include "run_record.h"
#include "sweep/sweep_run.h"

namespace af::ui {

struct StoredRun {
  store::RunRecord record;
  // The front drawn for the run: a map's front, or a sweep's best point's front.
  std::vector<mapper::FrontPoint> front;
  std::vector<std::string> frontYaml;  // a map's front mappings, as `front`
  std::vector<mapper::EinsumStats> stats;
  std::vector<mapper::JoinStepStats> joins;
  AccessesData optimum;                 // the optimum's accesses (a sweep: its best point's)
  QString optimumError;                 // why they could not be evaluated
  QString bestPoint;                    // a sweep: its best point, "M=64, KN=128"
  std::vector<std::string> bestValues;  // a sweep: that point's values
  SweepRunPtr sweep;                    // a sweep: its points, each with its optimum's accesses

  // "#12 map 2026-12-03 10:11 (name)"
  [[nodiscard]] QString title() const;
};

using StoredRunPtr = std::shared_ptr<const StoredRun>;

// Reads the record back for the views; evaluates optima (the stop token ends it early: null).
[[nodiscard]] StoredRunPtr prepareStoredRun(store::RunRecord record, std::stop_token stop = {});

// The sweep a stored sweep ran: its inputs (the stored texts), variables and options.
[[nodiscard]] sweep::Sweep sweepOf(const store::RunRecord& record);

}  // namespace af::ui

Q_DECLARE_METATYPE(af::ui::StoredRunPtr)
