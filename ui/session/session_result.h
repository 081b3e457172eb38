#pragma once
// What one validation + evaluation job produced: immutable, shared with every view.
#include <QMetaType>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "model/evaluate.h"
#include "models/accesses_data.h"
#include "loader/spec_builder.h"
#include "core/diagnostic.h"

namespace af::ui {

struct SessionResult {
  std::vector<spec::Diagnostic> diagnostics;    // errors and warnings, every file
  std::shared_ptr<const spec::Spec> spec;       // null when the spec is invalid
  std::optional<model::Evaluation> evaluation;  // when the spec has an arch and a mapping
  // The model rejected the mapping: why, and where in the mapping YAML.
  std::optional<std::string> mappingError;
  std::optional<spec::SourceLocation> mappingErrorWhere;
  AccessesData accesses;  // the evaluation, shaped for the plots
  double seconds = 0;     // wall time of the job

  [[nodiscard]] bool valid() const { return spec != nullptr; }
  [[nodiscard]] int errorCount() const;
};

using SessionResultPtr = std::shared_ptr<const SessionResult>;

// Flattens an evaluation for the plots: one record per (einsum, component, tensor, action)
// with its energy, leak rows, occupancy against the buffer's size, latency per component.
[[nodiscard]] AccessesData accessesFrom(const model::Evaluation& evaluation, const spec::Spec& spec);

}  // namespace af::ui

Q_DECLARE_METATYPE(af::ui::SessionResultPtr)
