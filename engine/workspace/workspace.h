#pragma once
// The engine's front door: the one class the CLI, the GUI, tests and benchmarks use to load a
// spec, list its template variables, evaluate its mapping and map it. No Qt. A loaded
// Workspace is immutable: every query is const and safe to call from several threads.
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <stop_token>
#include <string>
#include <vector>

#include "components/area.h"
#include "loader/arch_builder.h"
#include "core/diagnostic.h"
#include "mapper/mapper.h"
#include "mapper/observer.h"
#include "mapper/options.h"
#include "mapping_edit/mapping_section.h"
#include "model/evaluate.h"
#include "spec/priced_component.h"
#include "spec/spec.h"
#include "workspace/spec_variable.h"

namespace af {

// What a spec is made of: files in merge order (arch, workload, mapping, ...), the unsaved
// texts that replace some of them (an editor's buffers), Jinja data and a cost table.
struct SpecInputs {
  std::vector<std::string> files;
  std::map<std::string, std::string> unsaved;  // path as in `files` -> text
  std::vector<std::string> assignments;        // NAME=VALUE, values read as YAML scalars
  std::string component_costs;                 // FILE[#SECTION]; empty: none
  // False for validation: a cost nothing provides is a warning (and 0), not an error.
  bool costs_required = true;
  // Components priced by their component_class's model although the cost table lists them
  // (a stale entry set aside); "*" for every component.
  std::set<std::string> priced_by_model = {};
  loader::CimOpening cim = {};  // --cim-macros, --cim-main-memory
};

// Why the model rejected the spec's mapping, and where.
struct MappingProblem {
  std::string node;     // the node, as the model describes it
  std::string message;  // what is wrong with it
  std::optional<core::SourceLocation> where;
};

struct EvaluationOutcome {
  std::optional<model::Evaluation> evaluation;  // set when the mapping evaluated
  std::optional<MappingProblem> problem;        // set when the model rejected it
  // Neither: the spec has no mapping or no architecture (`missing` says which).
  std::string missing;
};

class Workspace {
 public:
  // Runs the whole load sequence: cost table, `--set` assignments, rendering, parsing,
  // merging, building the typed spec. Never throws for bad input: errors land in
  // diagnostics(). Each file is read once. `stop` is checked once, after the files are read
  // and their variables scanned: if it is set then, the load ends there and the result is
  // invalid (no spec, no diagnostics); once the spec is being built, the load runs to the end.
  [[nodiscard]] static Workspace load(SpecInputs inputs, std::stop_token stop = {});

  [[nodiscard]] const SpecInputs& inputs() const { return inputs_; }
  // Each spec file's text as the load read it (once; "-" is standard input), by path as given
  // in inputs().files; a file that could not be read is absent (its error is in diagnostics()).
  [[nodiscard]] const std::map<std::string, std::string>& texts() const { return texts_; }
  // Errors (when the spec is invalid) and warnings, in file order.
  [[nodiscard]] const std::vector<core::Diagnostic>& diagnostics() const { return diagnostics_; }
  [[nodiscard]] std::size_t error_count() const;
  [[nodiscard]] bool ok() const { return spec_ != nullptr; }
  // The typed spec; throws std::logic_error when !ok().
  [[nodiscard]] const spec::Spec& spec() const;
  [[nodiscard]] const std::shared_ptr<const spec::Spec>& shared_spec() const { return spec_; }
  // What the model reads (spec().resolved(), made once): for evaluations and mapping queries
  // such as reserved_tiles(). Null when !ok().
  [[nodiscard]] const std::shared_ptr<const spec::ResolvedSpec>& resolved() const { return resolved_; }

  // The Jinja data the files read (the real template parser, merged in file order), found
  // even when the spec is invalid. A file whose template does not parse adds nothing here;
  // its error is among diagnostics().
  [[nodiscard]] const std::vector<SpecVariable>& template_variables() const { return variables_; }

  // The file holding the top-level `mapping:` section (the first in inputs().files order; its
  // path as given there), empty when no file has one.
  [[nodiscard]] const std::string& mapping_file() const { return mapping_file_; }
  // That file's section read on its own, as the tree editor shows it: also when another file
  // breaks the load (its diagnostics say why it does not read). nullopt when mapping_file() is
  // empty.
  [[nodiscard]] const std::optional<mapping_edit::MappingSection>& mapping_section() const {
    return mapping_section_;
  }

  // The spec's own mapping through the model.
  [[nodiscard]] EvaluationOutcome evaluate() const;
  // Another mapping of the same spec (e.g. one the mapper found). Throws model::InvalidMapping.
  [[nodiscard]] model::Evaluation evaluate(const spec::Mapping& mapping) const;

  // The architecture a single picture shows: the one the first Einsum (workload order) maps
  // onto. Null when the spec is invalid or has no architecture. Every caller that draws or
  // summarizes "the" architecture asks here rather than picking from arch_by_einsum.
  [[nodiscard]] const spec::ResolvedArch* displayed_architecture() const;
  // The chip area and leak power of displayed_architecture(): per component and in all (zero
  // when there is none).
  [[nodiscard]] components::AreaReport area() const;
  // What each component of displayed_architecture() costs and where each figure came from
  // (spec, table, model with the attributes it read, Dummy), containers left out, in the
  // arch's order. Empty when the spec is invalid or has no architecture.
  [[nodiscard]] const std::vector<spec::PricedComponent>& priced_components() const;
  // The cost table's entries the spec has moved away from, over the architectures of every
  // Einsum (each component and attribute once). Also among diagnostics() as warnings.
  [[nodiscard]] std::vector<spec::StaleCost> stale_costs() const;
  // These inputs with `component` priced by its model instead of the table ("*": every
  // component): what the window loads when the user takes the model's figures for a stale
  // entry.
  [[nodiscard]] SpecInputs inputs_priced_by_model(const std::string& component) const;
  // What `accelforge validate` prints: the workload, the architecture and the mapping in brief.
  // Throws std::logic_error when !ok().
  [[nodiscard]] std::string summary() const;

  // The spec's `mapper:` section as options (command-line flags override fields after this).
  [[nodiscard]] mapper::MapperOptions mapper_options() const;
  // Throws core::SpecError for problems found while making templates. With `cache` (one per
  // project, owned by the caller and kept across re-loads: mapper/map_cache.h), the stages
  // whose inputs this spec leaves as they were in an earlier map are not run again, and
  // result.reuse says what was taken (e.g. "reused 11 of 12 Einsum searches, re-joined");
  // the front is the one a map without it finds.
  [[nodiscard]] mapper::MapperResult map(const mapper::MapperOptions& options,
                                         mapper::Observer* observer = nullptr, std::stop_token stop = {},
                                         mapper::MapCache* cache = nullptr) const;

 private:
  SpecInputs inputs_;
  std::map<std::string, std::string> texts_;
  std::vector<core::Diagnostic> diagnostics_;
  std::shared_ptr<const spec::Spec> spec_;
  std::shared_ptr<const spec::ResolvedSpec> resolved_;
  std::vector<SpecVariable> variables_;
  std::string mapping_file_;
  std::optional<mapping_edit::MappingSection> mapping_section_;
};

// Size in bits of each tensor of a loaded workload (what `accelforge validate` lists): the
// dense footprint over the first Einsum that uses it, times bits per value.
[[nodiscard]] std::map<std::string, double> tensor_sizes_bits(const spec::Workload& workload);

}  // namespace af
