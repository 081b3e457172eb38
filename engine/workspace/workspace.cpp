#include "workspace/workspace.h"

#include <algorithm>
#include <optional>
#include <set>
#include <stdexcept>

#include "components/cost_table.h"
#include "core/bounded_read.h"
#include "loader/load.h"
#include "loader/summary.h"
#include "text/expr/environment.h"
#include "text/expr/eval_expression.h"
#include "text/expr/expression_error.h"
#include "text/jinja/template.h"
#include "text/jinja/template_variables.h"

namespace af {

namespace {

// Each spec file's text, read once: the unsaved buffer, else the file ("-" is standard input).
// The variable scan and the load both read these texts, so a pipe, a process substitution or
// stdin works (it can be read only once) and the two cannot see different versions of a file.
// A file that cannot be read is left out: the load reports it with its place.
std::map<std::string, std::string> read_texts(const SpecInputs& in) {
  std::map<std::string, std::string> texts = in.unsaved;
  for (const auto& path : in.files) {
    if (texts.contains(path)) continue;
    try {
      texts.emplace(path, core::read_file_bounded(path == "-" ? "/dev/stdin" : path));
    } catch (const core::ReadError&) {
    }
  }
  return texts;
}

// One parse per file: nullopt when the template does not parse (the load reports the syntax
// error with its place; nothing to list here).
std::optional<text::jinja::TemplateScan> scan_file(const std::string& text, const std::string& path) {
  try {
    return text::jinja::scan_template(text, path);
  } catch (const core::SpecError&) {
    return std::nullopt;
  }
}

// The given files' scans, in spec order.
std::vector<text::jinja::TemplateScan> scan_given(const SpecInputs& in,
                                                  const std::map<std::string, std::string>& texts) {
  std::vector<text::jinja::TemplateScan> out;
  for (const auto& path : in.files)
    if (const auto text = texts.find(path); text != texts.end())
      if (auto scan = scan_file(text->second, path)) out.push_back(std::move(*scan));
  return out;
}

// The given files' variables, then those of the files they include (known once the load has
// run, even when it failed: an included file's undefined variable is what stops it). An included
// file also sees what the files of the load set (gpt3_6.7B.yaml sets N_HEADS for _gpt3.yaml):
// such a name is not one for the user.
std::vector<SpecVariable> merge_variables(const std::vector<text::jinja::TemplateScan>& given,
                                          const std::map<std::string, std::string>& texts,
                                          const loader::TextsRead& included) {
  std::vector<text::jinja::TemplateScan> others;
  for (const auto& [path, text] : included)
    if (!texts.contains(path))
      if (auto scan = scan_file(text, path)) others.push_back(std::move(*scan));
  std::set<std::string> set_by_files;
  for (const auto& scan : given) set_by_files.insert(scan.set_names.begin(), scan.set_names.end());
  for (const auto& scan : others) set_by_files.insert(scan.set_names.begin(), scan.set_names.end());
  std::vector<std::vector<text::jinja::TemplateVariable>> per_file;
  for (const auto& scan : given) per_file.push_back(scan.variables);
  for (auto& scan : others) {
    std::erase_if(scan.variables,
                  [&](const text::jinja::TemplateVariable& v) { return set_by_files.contains(v.name); });
    per_file.push_back(std::move(scan.variables));
  }
  std::vector<SpecVariable> out;
  for (auto& v : text::jinja::merge_template_variables(per_file))
    out.push_back({std::move(v.name), std::move(v.default_text), std::move(v.files), v.line, v.column,
                   std::move(v.needed_when), v.numeric, std::move(v.use), std::nullopt});
  return out;
}

// Whether each variable is needed with these assignments: true when it is read
// unconditionally or one of its conditions holds on the values given (and the defaults the
// files write), false when every one of them is false, nullopt when one cannot be decided.
void decide_needed(std::vector<SpecVariable>& variables, const std::vector<std::string>& assignments) {
  text::expr::Environment values;
  const auto give = [&](const std::vector<std::string>& a) {
    try {
      const text::expr::Dict parsed = loader::parse_assignments(a);  // kept: entries() refers into it
      for (const auto& [name, value] : parsed.entries())
        if (!values.find_local(name)) values.set(name, value);
    } catch (const std::exception&) {
      // A value that does not read: conditions on it stay undecided.
    }
  };
  for (const auto& a : assignments) give({a});
  for (const auto& v : variables)
    if (v.default_text) give({v.name + "=" + *v.default_text});
  for (auto& v : variables) {
    if (v.needed_when.empty()) {
      v.needed_now = true;
      continue;
    }
    std::optional<bool> needed = false;
    for (const auto& condition : v.needed_when) {
      try {
        if (text::expr::eval_expression(text::expr::Value(condition), values).truthy()) {
          needed = true;
          break;
        }
      } catch (const std::exception&) {
        needed = std::nullopt;  // a name without a value: this one cannot be decided
      }
    }
    v.needed_now = needed;
  }
}

core::Diagnostic internal_error(const std::exception& e) {
  return core::Diagnostic{{}, "", std::string("internal error: ") + e.what(), core::Severity::Error};
}

}  // namespace

Workspace Workspace::load(SpecInputs inputs, std::stop_token stop) {
  Workspace ws;
  ws.inputs_ = std::move(inputs);
  const SpecInputs& in = ws.inputs_;
  ws.texts_ = read_texts(in);
  const std::vector<text::jinja::TemplateScan> given = scan_given(in, ws.texts_);
  ws.variables_ = merge_variables(given, ws.texts_, {});
  decide_needed(ws.variables_, in.assignments);
  if (stop.stop_requested()) return ws;
  loader::TextsRead read;
  std::optional<text::expr::Dict> data;  // the `--set` values, parsed once for the load and the section
  std::optional<text::yaml::YamlNode> mapping_node;  // the merged tree's `mapping:`, for the section
  try {
    data = loader::parse_assignments(in.assignments);
    std::optional<components::CostTable> costs;
    if (!in.component_costs.empty()) costs = components::load_cost_table(in.component_costs);
    loader::LoadedTree tree = loader::load_tree(in.files, *data, &ws.texts_, &read);
    if (const text::yaml::YamlNode* node = tree.root.is_map() ? tree.root.find("mapping") : nullptr)
      mapping_node = *node;  // also when the typed spec does not build (an arch error)
    auto spec = std::make_shared<spec::Spec>(
        loader::build_spec(tree.root, {.costs = costs ? &*costs : nullptr,
                                       .costs_required = in.costs_required,
                                       .priced_by_model = in.priced_by_model,
                                       .cim = in.cim}));
    spec->warnings.insert(spec->warnings.begin(), tree.warnings.begin(), tree.warnings.end());
    ws.diagnostics_ = spec->warnings;
    ws.resolved_ = std::make_shared<const spec::ResolvedSpec>(spec->resolved());
    ws.spec_ = std::move(spec);
  } catch (const core::SpecError& e) {
    ws.diagnostics_ = e.diagnostics();
  } catch (const std::exception& e) {
    ws.diagnostics_.push_back(internal_error(e));
  }
  if (!read.empty()) {
    ws.variables_ = merge_variables(given, ws.texts_, read);
    decide_needed(ws.variables_, in.assignments);
  }
  for (const auto& path : in.files)
    if (const auto text = ws.texts_.find(path);
        text != ws.texts_.end() && mapping_edit::has_mapping_section(text->second)) {
      ws.mapping_file_ = path;
      if (mapping_node && mapping_node->location().file == path && !mapping_node->location().included_at)
        // The load parsed it: the section comes from that tree (the file is not parsed again).
        ws.mapping_section_ = mapping_edit::mapping_section_of(text->second, path, *mapping_node, *data);
      else if (data)  // the files did not parse together: the section read on its own
        ws.mapping_section_ = mapping_edit::read_mapping_section_with_data(text->second, path, *data);
      else  // bad `--set` values: the section cannot render either; the load's error says why
        ws.mapping_section_ = mapping_edit::read_mapping_section(text->second, path, in.assignments);
      break;
    }
  return ws;
}

std::size_t Workspace::error_count() const {
  return static_cast<std::size_t>(std::count_if(diagnostics_.begin(), diagnostics_.end(), [](const auto& d) {
    return d.severity == core::Severity::Error;
  }));
}

const spec::Spec& Workspace::spec() const {
  if (!spec_) throw std::logic_error("Workspace::spec(): the spec did not load");
  return *spec_;
}

EvaluationOutcome Workspace::evaluate() const {
  EvaluationOutcome out;
  const spec::Spec& s = spec();
  if (!s.mapping) {
    out.missing = "the spec has no mapping to evaluate (add a mapping file, or map the workload)";
    return out;
  }
  if (!s.has_arch()) {
    out.missing = "the spec has no architecture (add an arch file)";
    return out;
  }
  try {
    out.evaluation = evaluate(*s.mapping);
  } catch (const model::InvalidMapping& e) {
    out.problem = MappingProblem{e.node(), e.message(), e.where()};
  }
  return out;
}

model::Evaluation Workspace::evaluate(const spec::Mapping& mapping) const {
  (void)spec();  // throws when the spec did not load
  return model::evaluate(*resolved_, mapping);
}

const spec::ResolvedArch* Workspace::displayed_architecture() const {
  if (!ok() || !spec_->has_arch()) return nullptr;
  for (const auto& einsum : spec_->workload.workload.einsums)
    if (const auto it = spec_->arch_by_einsum.find(einsum.name); it != spec_->arch_by_einsum.end())
      return &it->second.arch;
  return &spec_->arch_by_einsum.begin()->second.arch;
}

components::AreaReport Workspace::area() const {
  const spec::ResolvedArch* arch = displayed_architecture();
  return arch ? components::total_area(*arch) : components::AreaReport{};
}

const std::vector<spec::PricedComponent>& Workspace::priced_components() const {
  static const std::vector<spec::PricedComponent> kNone;
  if (!ok() || !spec_->has_arch()) return kNone;
  for (const auto& einsum : spec_->workload.workload.einsums)
    if (const auto it = spec_->arch_by_einsum.find(einsum.name); it != spec_->arch_by_einsum.end())
      return it->second.priced;
  return spec_->arch_by_einsum.begin()->second.priced;
}

std::vector<spec::StaleCost> Workspace::stale_costs() const {
  std::vector<spec::StaleCost> out;
  if (!ok()) return out;
  std::set<std::pair<std::string, std::string>> seen;
  for (const auto& einsum : spec_->workload.workload.einsums)
    if (const auto it = spec_->arch_by_einsum.find(einsum.name); it != spec_->arch_by_einsum.end())
      for (const auto& p : it->second.priced)
        for (const auto& s : p.stale)
          if (seen.insert({s.component, s.attribute}).second) out.push_back(s);
  return out;
}

SpecInputs Workspace::inputs_priced_by_model(const std::string& component) const {
  SpecInputs in = inputs_;
  in.priced_by_model.insert(component);
  return in;
}

std::string Workspace::summary() const { return loader::summarize(spec()); }

mapper::MapperOptions Workspace::mapper_options() const { return mapper::options_from_spec(spec()); }

mapper::MapperResult Workspace::map(const mapper::MapperOptions& options, mapper::Observer* observer,
                                    std::stop_token stop, mapper::MapCache* cache) const {
  return mapper::map_workload(spec(), options, observer, std::move(stop), cache);
}

std::map<std::string, double> tensor_sizes_bits(const spec::Workload& workload) {
  return loader::tensor_sizes_bits(workload);
}

}  // namespace af
