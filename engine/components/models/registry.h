#pragma once
// Models by class name, chosen as hwcomponents chooses them (README: Choosing a model): the
// name in any letter case, every required attribute present, then priority, then how well the
// attributes fit, then the qualified class name; the first candidate that builds wins.
// A family of models is added with one call (registry.cpp's builtin list); the compute-in-
// memory classes come the same way.
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "components/models/component_model.h"

namespace af::components::models {

// The model that priced a component: its definition, what it was built to, what it read.
struct Selection {
  const ModelDefinition* definition = nullptr;  // owned by the Registry
  BuiltModel model;
  std::vector<AttributeRead> read;
};

class Registry {
 public:
  void add(ModelDefinition definition);
  void add(std::vector<ModelDefinition> definitions);

  [[nodiscard]] const std::vector<ModelDefinition>& models() const { return models_; }
  // Every class name answered to, sorted.
  [[nodiscard]] std::vector<std::string> names() const;

  // The model for `component_class` built from `attributes`, offering every one of
  // `required_actions`. Attributes `model: NAME` and `min_priority: P` narrow the choice as in
  // hwcomponents. Throws ModelError: no model has the name (with "did you mean"), every model of
  // the name lacks a required attribute (naming it), or every candidate refused (with why).
  [[nodiscard]] Selection select(std::string_view component_class, const Attributes& attributes,
                                 const std::vector<std::string>& required_actions) const;

 private:
  std::vector<ModelDefinition> models_;
};

// The models built into the engine (registry.cpp lists the families), made on first use and
// immutable after; safe from any thread.
[[nodiscard]] const Registry& builtin_registry();

}  // namespace af::components::models
