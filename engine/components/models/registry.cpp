#include "components/models/registry.h"

#include <fmt/format.h>

#include <algorithm>
#include <set>
#include <tuple>

#include "components/models/adc.h"
#include "components/models/aladdin.h"
#include "components/models/albireo_photonics.h"
#include "components/models/cim_analog.h"
#include "components/models/cim_digital.h"
#include "components/models/dram.h"
#include "components/models/dummy.h"
#include "components/models/neurosim.h"
#include "components/models/neurosim_logic.h"
#include "components/models/sram.h"
#include "core/ascii_case.h"
#include "core/closest_name.h"

namespace af::components::models {

namespace {

std::string lower(std::string_view s) {
  std::string out(s);
  for (char& c : out) c = core::ascii_lower(c);
  return out;
}

std::string without_underscores(std::string s) {
  std::erase(s, '_');
  return s;
}

bool answers_to(const ModelInfo& info, const std::string& lowered) {
  return std::any_of(info.names.begin(), info.names.end(),
                     [&](const std::string& n) { return lower(n) == lowered; });
}

// hwcomponents' hint: a name that matches once underscores are dropped; else the closest name
// in any letter case. Shown as the model's class name when that is the same name.
std::string did_you_mean(std::string_view wanted, const std::vector<ModelDefinition>& models) {
  const std::string bare = without_underscores(lower(wanted));
  std::vector<std::string> lowered, shown;
  for (const auto& m : models)
    for (const auto& n : m.info.names) {
      const std::string show =
          without_underscores(lower(n)) == lower(m.info.class_name) ? m.info.class_name : n;
      if (without_underscores(lower(n)) == bare) return fmt::format(" (did you mean {}?)", show);
      lowered.push_back(lower(n));
      shown.push_back(show);
    }
  if (const auto close = core::closest_name(lower(wanted), lowered))
    for (std::size_t i = 0; i < lowered.size(); ++i)
      if (lowered[i] == *close) return fmt::format(" (did you mean {}?)", shown[i]);
  return {};
}

std::string keys_of(const Attributes& attributes) {
  std::string out;
  for (const auto& [name, value] : attributes) out += (out.empty() ? "" : ", ") + name;
  return out.empty() ? "none" : out;
}

const Parameter* first_missing(const ModelInfo& info, const Attributes& attributes) {
  for (const auto& p : info.parameters)
    if (p.required && !attributes.contains(p.name)) return &p;
  return nullptr;
}

// hwcomponents' order: priority (higher first), attributes the model takes (more first), its
// defaulted parameters left unset (fewer first), then the qualified class name.
auto order_key(const ModelInfo& info, const Attributes& attributes) {
  int taken = 0, unset = 0;
  for (const auto& p : info.parameters) {
    if (attributes.contains(p.name))
      ++taken;
    else if (!p.required)
      ++unset;
  }
  return std::make_tuple(-info.priority, -taken, unset, info.qualified_name);
}

}  // namespace

void Registry::add(ModelDefinition definition) { models_.push_back(std::move(definition)); }

void Registry::add(std::vector<ModelDefinition> definitions) {
  for (auto& d : definitions) add(std::move(d));
}

std::vector<std::string> Registry::names() const {
  std::set<std::string> out;
  for (const auto& m : models_) out.insert(m.info.names.begin(), m.info.names.end());
  return {out.begin(), out.end()};
}

Selection Registry::select(std::string_view component_class, const Attributes& attributes,
                           const std::vector<std::string>& required_actions) const {
  if (models_.empty()) throw ModelError("no component models are registered", "component_class");
  const std::string wanted = lower(component_class);
  std::vector<const ModelDefinition*> named;
  for (const auto& m : models_)
    if (answers_to(m.info, wanted)) named.push_back(&m);
  if (named.empty()) {
    const auto all = names();
    throw ModelError(
        fmt::format("no component model is named '{}'{}; the models answer to: {}", component_class,
                    did_you_mean(component_class, models_), fmt::join(all, ", ")),
        "component_class");
  }

  std::vector<const ModelDefinition*> candidates;
  const Parameter* missing = nullptr;
  std::string missing_in;
  for (const auto* m : named) {
    if (const Parameter* p = first_missing(m->info, attributes)) {
      if (!missing) missing = p, missing_in = m->info.class_name;
      continue;
    }
    candidates.push_back(m);
  }
  if (candidates.empty())
    throw ModelError(
        fmt::format("the {} model of component_class '{}' needs the attribute '{}' ({}); the "
                    "component has: {} (give it in extra_attributes_for_component_model, or for "
                    "every component in the arch's extra_attributes_for_all_component_models)",
                    missing_in, component_class, missing->name, missing->meaning, keys_of(attributes)),
        missing->name);
  std::stable_sort(candidates.begin(), candidates.end(), [&](const auto* a, const auto* b) {
    return order_key(a->info, attributes) < order_key(b->info, attributes);
  });

  const auto wanted_model = attributes.find("model");
  const auto min_priority = attributes.find("min_priority");
  std::vector<std::string> refusals;
  std::string blamed;
  for (const auto* m : candidates) {
    if (wanted_model != attributes.end() && wanted_model->second.text() != m->info.class_name) {
      refusals.push_back(fmt::format("{}: the attributes ask for model {}", m->info.class_name,
                                     wanted_model->second.text()));
      continue;
    }
    if (min_priority != attributes.end() && min_priority->second.is_number() &&
        std::get<double>(min_priority->second.value) > m->info.priority) {
      refusals.push_back(
          fmt::format("{}: priority {} is below min_priority", m->info.class_name, m->info.priority));
      continue;
    }
    std::vector<std::string> lacking;
    for (const auto& a : required_actions)
      if (std::find(m->info.actions.begin(), m->info.actions.end(), a) == m->info.actions.end())
        lacking.push_back(a);
    if (!lacking.empty()) {
      refusals.push_back(fmt::format("{} has no action {} (it has {})", m->info.class_name,
                                     fmt::join(lacking, ", "), fmt::join(m->info.actions, ", ")));
      continue;
    }
    try {
      const Arguments args(m->info, attributes);
      BuiltModel built = m->build(args);
      return {m, std::move(built), args.read()};
    } catch (const ModelError& e) {
      refusals.push_back(fmt::format("{}: {}", m->info.class_name, e.what()));
      if (blamed.empty()) blamed = e.attribute();
    }
  }
  if (refusals.size() == 1) throw ModelError(refusals.front(), blamed.empty() ? "component_class" : blamed);
  throw ModelError(fmt::format("no model of component_class '{}' could price it: {}", component_class,
                               fmt::join(refusals, "; ")),
                   blamed.empty() ? "component_class" : blamed);
}

namespace {

std::vector<ModelDefinition> compute_in_memory(std::vector<ModelDefinition> models) {
  for (auto& m : models) m.info.compute_in_memory = true;
  return models;
}

}  // namespace

const Registry& builtin_registry() {
  static const Registry registry = [] {
    Registry r;
    r.add(aladdin_models());
    r.add(sram_models(CactiGrid::builtin()));
    r.add(dram_models());
    r.add(dummy_models());
    r.add(compute_in_memory(adc_models()));
    r.add(compute_in_memory(neurosim_models(NeuroSimGrid::builtin())));
    r.add(compute_in_memory(cim_analog_models()));
    r.add(compute_in_memory(cim_digital_models(CactiGrid::builtin())));
    r.add(compute_in_memory(neurosim_logic_models()));
    r.add(compute_in_memory(albireo_models()));
    return r;
  }();
  return registry;
}

}  // namespace af::components::models
