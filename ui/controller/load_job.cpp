#include "controller/load_job.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <chrono>

#include "io/pareto_set.h"
#include "mapping_edit/mapping_section.h"
#include "model/roofline.h"

namespace af::ui {

std::string mapperInputsOf(const Workspace& workspace) {
  // Each file without its mapping section and without its comment lines (a mapping opened
  // from the front replaces the comment above the section, which the mapper never reads).
  const auto withoutComments = [](const std::string& text) {
    std::string out;
    std::size_t start = 0;
    while (start < text.size()) {
      std::size_t end = text.find('\n', start);
      if (end == std::string::npos) end = text.size();
      const std::string_view line(text.data() + start, end - start);
      const auto first = line.find_first_not_of(" \t");
      if (first == std::string_view::npos || line[first] != '#') {
        out.append(line);
        out += '\n';
      }
      start = end + 1;
    }
    return out;
  };
  std::map<std::string, std::string> texts;
  for (const auto& [path, text] : workspace.texts()) {
    std::string read = withoutComments(mapping_edit::replace_mapping_section(text, "mapping: {}\n"));
    // A file holding only a mapping (the optimum opened where no file had one) adds nothing.
    if (read != "mapping: {}\n") texts[path] = std::move(read);
  }
  const SpecInputs& in = workspace.inputs();
  texts["\x01assignments"] = fmt::format("{}", fmt::join(in.assignments, "\n"));
  texts["\x01costs"] = in.component_costs;
  texts["\x01priced_by_model"] = fmt::format("{}", fmt::join(in.priced_by_model, "\n"));
  texts["\x01cim"] = fmt::format("{} {}", in.cim.dummy_main_memory, in.cim.macros);
  return io::fingerprint(texts);
}

AreaData areaFrom(const Workspace& workspace) {
  AreaData out;
  const spec::ResolvedArch* arch = workspace.displayed_architecture();
  if (!arch) return out;
  const components::AreaReport report = workspace.area();
  for (const auto& c : arch->components) {
    const auto area = report.per_component.find(c.name);
    if (area == report.per_component.end()) continue;  // containers have none
    AreaRecord r;
    r.component = QString::fromStdString(c.name);
    r.area = area->second;
    if (const auto leak = report.leak_per_component.find(c.name); leak != report.leak_per_component.end())
      r.leakPower = leak->second;
    for (const auto& p : workspace.priced_components())
      if (p.name == c.name)
        r.source = p.area_source == spec::CostSource::Model
                       ? QStringLiteral("model %1").arg(QString::fromStdString(p.model))
                       : QString::fromLatin1(spec::cost_source_name(p.area_source));
    out.components << r;
  }
  out.total = report.total;
  out.totalLeak = report.total_leak;
  return out;
}

ProjectResultPtr runLoad(const LoadRequest& request, std::stop_token stop) {
  const auto start = std::chrono::steady_clock::now();
  auto result = std::make_shared<ProjectResult>();
  auto workspace = std::make_shared<const Workspace>(Workspace::load(request.inputs, stop));
  if (stop.stop_requested()) return nullptr;
  result->workspace = workspace;
  result->mapperInputs = mapperInputsOf(*workspace);
  result->diagnostics = workspace->diagnostics();
  if (workspace->ok()) {
    result->area = areaFrom(*workspace);
    EvaluationOutcome outcome = workspace->evaluate();
    if (outcome.evaluation) {
      result->accesses = accessesFrom(*outcome.evaluation, workspace->spec());
      result->roofline = model::roofline(*workspace->resolved(), *outcome.evaluation);
      result->evaluation = std::move(outcome.evaluation);
    }
    if (outcome.problem) {
      result->diagnostics.push_back(
          core::Diagnostic{outcome.problem->where.value_or(core::SourceLocation{}), "mapping",
                           "invalid mapping at " + outcome.problem->node + ": " + outcome.problem->message});
      result->mappingProblem = std::move(outcome.problem);
    }
  }
  result->seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return result;
}

}  // namespace af::ui
