#pragma once
// The load job: the documents' texts and the Jinja data in, a ProjectResult out. Plain
// function, so tests and benchmarks can run it without Qt threads.
#include <stop_token>
#include <string>

#include "controller/project_result.h"
#include "workspace/workspace.h"

namespace af::ui {

struct LoadRequest {
  SpecInputs inputs;  // unsaved editor buffers included: the worker reads nothing else of the GUI
};

// Loads (the workspace also finds the mapping file and reads its section) and evaluates the
// mapping. nullptr when stopped.
[[nodiscard]] ProjectResultPtr runLoad(const LoadRequest& request, std::stop_token stop = {});

// What the mapper reads of a load, fingerprinted (ProjectResult::mapperInputs).
[[nodiscard]] std::string mapperInputsOf(const Workspace& workspace);

// The displayed architecture's area and leak power per component, with where each area came
// from, for the Area plot (empty when there is no architecture).
[[nodiscard]] AreaData areaFrom(const Workspace& workspace);

}  // namespace af::ui
