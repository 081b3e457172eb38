#pragma once
// The load job: the documents' texts and the Jinja data in, a ProjectResult out. Plain
// function, so tests and benchmarks can run it without Qt threads.
#include <QString>
#include <stop_token>
#include <string>

#include "controller/project_result.h"
#include "workspace/workspace.h"

namespace af::ui {

struct LoadRequest {
  SpecInputs inputs;
  QString mappingPath;      // the document holding `mapping:`, empty if none
  std::string mappingText;  // its text as the editor has it
};

// Loads, evaluates the mapping and reads the mapping section. nullptr when stopped.
[[nodiscard]] ProjectResultPtr runLoad(const LoadRequest& request, std::stop_token stop = {});

}  // namespace af::ui
