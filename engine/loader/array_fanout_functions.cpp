#include "loader/array_fanout_functions.h"

#include <cmath>
#include <memory>
#include <string>

#include "loader/evaluation.h"
#include "text/expr/eval_expression.h"
#include "text/expr/expression_error.h"

namespace af::loader {

namespace {

using text::expr::CallArgs;
using text::expr::Int;
using text::expr::Value;
using text::yaml::YamlNode;

// What `spec` is to these functions: the arch's YAML and the symbols to evaluate fanouts with.
class ArchView final : public text::expr::ObjectLike {
 public:
  ArchView(YamlNode arch, spec::SymbolTable table) : arch_(std::move(arch)), table_(std::move(table)) {}
  [[nodiscard]] std::optional<Value> attribute(std::string_view) const override { return std::nullopt; }
  [[nodiscard]] std::string type_name() const override { return "Spec"; }

  // Product of the array dimensions' fanouts whose reuse names `tensor`.
  [[nodiscard]] Int fanout_reusing(std::string_view tensor) const {
    return product(arch_.find("nodes"), tensor);
  }

 private:
  [[nodiscard]] Int product(const YamlNode* nodes, std::string_view tensor) const {
    Int n = 1;
    if (!nodes || !nodes->is_sequence()) return n;
    for (const YamlNode& node : nodes->items()) {
      if (!node.is_map()) continue;
      n *= product(node.find("nodes"), tensor);  // Hierarchical and Fork hold leaves too
      const YamlNode* spatial = node.find("spatial");
      if (!spatial || !spatial->is_sequence()) continue;
      for (const YamlNode& dim : spatial->items()) {
        const YamlNode* name = dim.is_map() ? dim.find("name") : nullptr;
        if (!name || !name->is_scalar()) continue;
        const std::string& text = name->text();
        if (!text.ends_with("ARRAY_COLUMNS") && !text.ends_with("ARRAY_ROWS")) continue;
        if (written_as(dim.find("may_reuse"), tensor) || written_as(dim.find("reuse"), tensor))
          n *= fanout(dim, text);
      }
    }
    return n;
  }

  static bool written_as(const YamlNode* field, std::string_view tensor) {
    return field && field->is_scalar() && field->text() == tensor;
  }

  [[nodiscard]] Int fanout(const YamlNode& dim, const std::string& name) const {
    const YamlNode* f = dim.find("fanout");
    if (!f) return 1;
    const Value v = evaluate_node(*f, table_, "spatial." + name + ".fanout");
    if (!v.is_number())
      throw text::expr::ExpressionError("could not evaluate the fanout of '" + name + "': got " +
                                        v.type_name());
    return static_cast<Int>(std::trunc(v.as_double()));  // Python int()
  }

  YamlNode arch_;
  spec::SymbolTable table_;
};

const ArchView& view_of(const CallArgs& a, const char* name) {
  if (a.positional.size() != 1 || !a.positional[0].is_object())
    throw text::expr::ExpressionError(std::string(name) + "() takes the spec: write " + name + "(spec)");
  const auto* view = dynamic_cast<const ArchView*>(a.positional[0].as_object().get());
  if (!view)
    throw text::expr::ExpressionError(std::string(name) + "() takes the spec: write " + name + "(spec)");
  return *view;
}

}  // namespace

void bind_array_fanout_functions(const YamlNode& arch, spec::SymbolTable& table) {
  // AccelForge evaluates a fanout with the arch's variables as written, before they are
  // evaluated (they call these functions): a variable written as a number is visible.
  spec::SymbolTable fanout_table = table;
  if (const YamlNode* vars = arch.find("variables"); vars && vars->is_map())
    for (const auto& entry : vars->entries())
      if (entry.value.is_scalar() && !entry.value.quoted())
        if (auto n = text::expr::cast_to_numeric(scalar_value(entry.value.value())))
          fanout_table.insert_or_assign(entry.key, *n);
  const auto define = [&table](const char* name, Value v) {
    if (!table.contains(name)) table[name] = std::move(v);
  };
  define("spec", Value(std::shared_ptr<const text::expr::ObjectLike>(
                     std::make_shared<ArchView>(arch, std::move(fanout_table)))));
  define("get_array_fanout_reuse_input",
         Value::function("get_array_fanout_reuse_input", [](const CallArgs& a) {
           return Value(view_of(a, "get_array_fanout_reuse_input").fanout_reusing("input"));
         }));
  define("get_array_fanout_reuse_output",
         Value::function("get_array_fanout_reuse_output", [](const CallArgs& a) {
           return Value(view_of(a, "get_array_fanout_reuse_output").fanout_reusing("output"));
         }));
  define("get_array_fanout_total", Value::function("get_array_fanout_total", [](const CallArgs& a) {
           const ArchView& v = view_of(a, "get_array_fanout_total");
           return Value(v.fanout_reusing("input") * v.fanout_reusing("output"));
         }));
}

}  // namespace af::loader
