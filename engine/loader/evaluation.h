#pragma once
// AccelForge's rules for turning YAML field values into values (AccelForge's util/_eval_expressions.py, util/_basetypes.py):
// quoted scalars are literal strings, numbers are cast (64.0 -> 64, "true" -> True), a
// string that names a symbol is that symbol, anything else is a Python-subset expression.
// Errors come back as SpecError pinned to the file:line:column inside the YAML scalar.
#include <map>
#include <string>
#include <string_view>

#include "spec/expression.h"
#include "text/expr/value.h"
#include "text/yaml/yaml_node.h"

namespace af::loader {


// A core-schema scalar as a Value (no evaluation: ints, floats, bools and strings as read).
[[nodiscard]] text::expr::Value scalar_value(const text::yaml::ScalarValue& scalar);

// Evaluates a YAML value (scalar, list or map; lists and maps element-wise) as an EvalsTo field.
[[nodiscard]] text::expr::Value evaluate_node(const text::yaml::YamlNode& node, const spec::SymbolTable& table, std::string_view field);

// Evaluates expression text that came from `where` (a YAML scalar) as an EvalsTo field.
[[nodiscard]] text::expr::Value evaluate_text(const std::string& text, const spec::SymbolTable& table,
                                  const core::SourceLocation& where, std::string_view field);

// A set expression (`~(input | output)`, `Inputs()`, a tensor name): the result must be a NameSet.
[[nodiscard]] text::expr::NameSet evaluate_set(const text::yaml::YamlNode& node, const spec::SymbolTable& table, std::string_view field);
[[nodiscard]] text::expr::NameSet evaluate_set_text(const std::string& text, const spec::SymbolTable& table,
                                        const core::SourceLocation& where, std::string_view field);

// Typed results (errors name the field and what was found; NaN is never a number here).
[[nodiscard]] double to_number(const text::expr::Value& v, const core::SourceLocation& where, std::string_view field);
// `written` is the value as the user wrote it, for messages (a number beyond 64 bits).
[[nodiscard]] std::int64_t to_integer(const text::expr::Value& v, const core::SourceLocation& where, std::string_view field,
                                      std::string_view written = {});
[[nodiscard]] bool to_bool(const text::expr::Value& v, const core::SourceLocation& where, std::string_view field);

// Evaluates the map's entries in dependency order: an entry whose text mentions a sibling key
// waits for it; each result is visible to later entries under its key. Cycles are errors.
[[nodiscard]] spec::SymbolTable evaluate_map_in_order(const text::yaml::YamlNode& map, spec::SymbolTable table,
                                                std::string_view field,
                                                std::map<std::string, text::expr::Value>* results = nullptr);

}  // namespace af::loader
