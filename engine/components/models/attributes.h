#pragma once
// What a component model is given (README: The model interface): the component's attributes by
// name (its evaluated fields, its `extra_attributes_for_component_model` and the arch's
// `extra_attributes_for_all_component_models`), each a number or a text, with where it was
// written so that a diagnostic can point at it.
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "core/source_location.h"

namespace af::components::models {

struct Attribute {
  std::variant<double, std::string> value;
  std::optional<core::SourceLocation> where;

  [[nodiscard]] bool is_number() const { return std::holds_alternative<double>(value); }
  // The value as a user reads it: a number in its shortest exact form ("6.5e-08"), or the text.
  [[nodiscard]] std::string text() const;
};

using Attributes = std::map<std::string, Attribute, std::less<>>;

// One attribute a model read: given by the spec, or the model's default.
struct AttributeRead {
  std::string name;
  std::string value;  // as Attribute::text() shows it
  bool defaulted = false;
  std::optional<core::SourceLocation> where;  // set when the spec gave it
};

// A number as Attribute::text() writes it.
[[nodiscard]] std::string number_text(double value);

}  // namespace af::components::models
