#pragma once
// The explorer's project file (`.afproj`): a small YAML file naming the spec files, the Jinja
// variable values, the component-cost table and the mapper settings the user chose, so that
// a session can be saved, reopened and handed to someone else. Paths are written relative to
// the project file's folder and read back resolved against it.
//
//   # AccelForge Explorer project
//   files: [arch.yaml, workload.yaml, mapping.yaml]
//   variables: {M: "64", DECODE: "True"}
//   component_costs: costs.json#eyeriss
//   priced_by_model: [GlobalBuffer]
//   mapper: {metric: edp, unfused: false, max_fused_loops: 1}
//   cim: {main_memory: true, macros: 4}    # AccelForge's CiM loader's optional nodes
#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "loader/arch_builder.h"
#include "mapper/options.h"

namespace af {

// The mapper settings a project keeps: only those the user chose (the others follow the spec's
// `mapper:` section).
struct ProjectMapperSettings {
  std::optional<unsigned> metrics;
  std::optional<bool> unfused;
  std::optional<std::int64_t> max_fused_loops;  // mapper::kUnlimited: no limit ("unlimited")
  std::optional<bool> imperfect_spatial_loops, imperfect_temporal_loops;
  std::optional<double> tiling_coarseness;
  std::optional<int> threads;
  std::optional<double> objective_tolerance;

  friend bool operator==(const ProjectMapperSettings&, const ProjectMapperSettings&) = default;
};

// The settings the project (or the window's Mapper pane) chose, over `options` (a spec's
// `mapper:` section): what each sweep point maps with.
void apply_mapper_settings(const ProjectMapperSettings& settings, mapper::MapperOptions& options);

struct ProjectFile {
  std::vector<std::string> files;                              // in merge order
  std::vector<std::pair<std::string, std::string>> variables;  // NAME, value as typed
  std::string component_costs;                                 // FILE[#SECTION]; empty: none
  ProjectMapperSettings mapper;
  // Components priced by their model although the table lists them (SpecInputs::priced_by_model).
  std::vector<std::string> priced_by_model = {};
  // The nodes AccelForge's compute-in-memory loader may add on top (--cim-main-memory,
  // --cim-macros): written as `cim: {main_memory: true, macros: N}`.
  loader::CimOpening cim = {};

  friend bool operator==(const ProjectFile&, const ProjectFile&) = default;
};

// Reads the project in `text` (named `path`); relative paths are resolved against the folder
// of `path`. Throws core::SpecError at the file:line:column of the first problem, naming the
// field (with a did-you-mean for a misspelt key).
[[nodiscard]] ProjectFile parse_project_file(const std::string& text, const std::string& path);
// Reads the file at `path` (bounded, like spec files), then parses it.
[[nodiscard]] ProjectFile read_project_file(const std::string& path);
// The project as YAML text for a file at `path`: paths under its folder are written relative.
[[nodiscard]] std::string write_project_file(const ProjectFile& project, const std::string& path);

}  // namespace af
