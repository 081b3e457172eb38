#pragma once
// What one load job produced for the window: the loaded workspace (spec, diagnostics, template
// variables), the evaluation of its mapping shaped for the plots, and the mapping section of
// the mapping file read on its own for the tree editor. Immutable, shared with every view.
#include <QMetaType>
#include <QString>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/diagnostic.h"
#include "mapping_edit/mapping_section.h"
#include "model/evaluate.h"
#include "model/roofline.h"
#include "models/accesses_data.h"
#include "models/area_data.h"
#include "workspace/workspace.h"

namespace af::ui {

struct ProjectResult {
  int generation = 0;
  std::shared_ptr<const Workspace> workspace;    // never null in a delivered result
  std::vector<core::Diagnostic> diagnostics;     // every file's errors and warnings
  std::optional<model::Evaluation> evaluation;   // when the spec has an arch and a mapping
  std::optional<MappingProblem> mappingProblem;  // the model rejected the mapping
  AccessesData accesses;                         // the evaluation, shaped for the plots
  std::optional<model::Roofline> roofline;       // the evaluation's roofs and Einsum points
  AreaData area;       // the displayed architecture's area and leak power per component (no mapping needed)
  // What the mapper reads of this load, fingerprinted: every file's text without its `mapping:`
  // section, the variables, the cost table and the components priced by their model. Equal
  // fingerprints map alike (map as you edit skips an edit of the mapping alone).
  std::string mapperInputs;
  double seconds = 0;  // wall time of the job

  [[nodiscard]] bool valid() const { return workspace && workspace->ok(); }
  [[nodiscard]] const spec::Spec* spec() const { return valid() ? &workspace->spec() : nullptr; }
  [[nodiscard]] int errorCount() const;
  // The file holding `mapping:` (as the load named it; empty if none), the text the load read
  // from it (edits splice into that text) and its section read on its own (shown even when
  // another file is broken): the workspace found them on the worker.
  [[nodiscard]] QString mappingPath() const;
  [[nodiscard]] const std::string& mappingText() const;
  [[nodiscard]] const std::optional<mapping_edit::MappingSection>& mappingSection() const;
};

using ProjectResultPtr = std::shared_ptr<const ProjectResult>;

// Flattens an evaluation for the plots: one record per (einsum, component, tensor, action)
// with its energy, leak rows, occupancy against the buffer's size, latency per component.
[[nodiscard]] AccessesData accessesFrom(const model::Evaluation& evaluation, const spec::Spec& spec);

}  // namespace af::ui

Q_DECLARE_METATYPE(af::ui::ProjectResultPtr)
