#pragma once
// Records made from what a run produced: a map (the workspace it ran on, its options and
// result) or a sweep (its inputs, variables and rows). The CLI's `--store` and, later, the
// window's history build their records here, so both store the same thing.
#include <string>
#include <vector>

#include "mapper/mapper.h"
#include "mapper/options.h"
#include "run_record.h"
#include "sweep/sweep.h"
#include "workspace/project_file.h"
#include "workspace/workspace.h"

namespace af::store {

// The options as a record holds them: io::mapper_settings_json plus the threads.
[[nodiscard]] nlohmann::json options_json(const mapper::MapperOptions& options);

// A map run on `ws` (loaded, ok()). Its files are ws's texts; its front is re-evaluated by
// the model (io::pareto_rows), the optimum first. `created` is now; `project` the .afproj
// the run belongs to (empty: none). Throws what the model throws for an invalid front mapping.
[[nodiscard]] RunRecord capture_map(const Workspace& ws, const mapper::MapperOptions& options,
                                    const mapper::MapperResult& result, double seconds,
                                    const std::string& project = {});

// A sweep and its rows (grid order). Its files are read again, with the options, through one
// load at the first point's values (a sweep keeps no texts of its own). Its optimum is the
// best point by the run's metric: energy or latency when that alone is the objective, else
// EDP; found is whether any point has a mapping.
[[nodiscard]] RunRecord capture_sweep(const sweep::Sweep& sweep, const std::vector<sweep::SweepRow>& rows,
                                      double seconds, const std::string& project = {});

// Whether the map run was stopped (by the user or by the join's memory limit) with what it
// had found, and what it warned of (a rounded join, why it stopped itself), as the CLI printed
// them. Records stored before these were kept: false, none.
[[nodiscard]] bool was_stopped(const RunRecord& record);
[[nodiscard]] std::vector<std::string> warnings_of(const RunRecord& record);

// The mapper settings the record ran with, as a project keeps them (the Mapper pane's
// choices): re-running a record maps as it did.
[[nodiscard]] ProjectMapperSettings settings_of(const RunRecord& record);

// The inputs the record ran on: its files with their stored texts (as unsaved texts, so the
// run loads even when its files changed or went), its `--set` data and cost table.
[[nodiscard]] SpecInputs inputs_of(const RunRecord& record);

}  // namespace af::store
