#include "loader/arch_builder.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <regex>
#include <set>

#include "core/closest_name.h"
#include "loader/array_fanout_functions.h"
#include "text/expr/expression_error.h"
#include "text/expr/operators.h"
#include "text/expr/parser.h"

using af::core::Diagnostic;
using af::core::Severity;
using af::core::SourceLocation;
using af::core::SpecError;
using af::text::expr::NameSet;
using af::text::expr::ObjectLike;
using af::text::expr::Value;
using af::text::yaml::YamlNode;

namespace af::loader {

namespace {

// An evaluated arch node as expressions see it: `GlobalBuffer.size`, `Macro.get_fanout()`.
class NodeObject : public ObjectLike {
 public:
  NodeObject(std::string kind, spec::SymbolTable fields)
      : kind_(std::move(kind)), fields_(std::move(fields)) {}
  std::optional<Value> attribute(std::string_view name) const override {
    if (const auto it = fields_.find(name); it != fields_.end()) return it->second;
    return std::nullopt;
  }
  std::vector<std::string> attribute_names() const override {
    std::vector<std::string> out;
    for (const auto& [k, v] : fields_) out.push_back(k);
    return out;
  }
  std::string type_name() const override { return kind_; }

 private:
  std::string kind_;
  spec::SymbolTable fields_;
};

// An action inside a total_latency expression: `a.n_calls / a.throughput`.
class LatencyActionObject : public ObjectLike {
 public:
  explicit LatencyActionObject(spec::LatencyAction a) : a_(std::move(a)) {}
  std::optional<Value> attribute(std::string_view name) const override {
    if (name == "n_calls") return Value(a_.n_calls);
    if (name == "throughput") return Value(a_.throughput);
    if (name == "energy") return Value(a_.energy);
    if (name == "name") return Value(a_.name);
    return std::nullopt;
  }
  std::vector<std::string> attribute_names() const override {
    return {"n_calls", "throughput", "energy", "name"};
  }
  std::string type_name() const override { return "Action"; }

 private:
  spec::LatencyAction a_;
};

bool mentions(const std::string& text, const std::string& name) {
  // Word-boundary search without building a regex per call.
  std::size_t pos = 0;
  const auto word = [](char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; };
  while ((pos = text.find(name, pos)) != std::string::npos) {
    const bool left = pos == 0 || !word(text[pos - 1]);
    const bool right = pos + name.size() >= text.size() || !word(text[pos + name.size()]);
    if (left && right) return true;
    pos += name.size();
  }
  return false;
}

bool parses(const std::string& text) {
  try {
    (void)text::expr::parse_expression(text);
    return true;
  } catch (const text::expr::ExpressionError&) {
    return false;
  }
}

// A value a component model can read: a number (bools and ints too), a text, or a list of
// numbers as its text ("[0, 1, 3]": the CiM models' value histograms); nullopt for the rest
// (None, sets, other lists), which no model takes.
std::optional<components::models::Attribute> attribute_of(const Value& v, const SourceLocation& where) {
  if (v.is_number()) return components::models::Attribute{v.as_double(), where};
  if (v.is_string()) return components::models::Attribute{v.as_string(), where};
  if (v.is_sequence() && v.kind() != Value::Kind::Set &&
      std::all_of(v.items().begin(), v.items().end(), [](const Value& x) { return x.is_number(); }))
    return components::models::Attribute{v.repr(), where};
  return std::nullopt;
}

// The evaluated entries of an extra-attributes map, each at its place in the file.
components::models::Attributes attributes_of(const YamlNode& map,
                                             const std::map<std::string, Value>& values) {
  components::models::Attributes out;
  for (const auto& entry : map.entries())
    if (const auto it = values.find(entry.key); it != values.end())
      if (auto a = attribute_of(it->second, entry.value.location())) out[entry.key] = std::move(*a);
  return out;
}

std::string tag_of(const YamlNode& node) {
  return node.tag().starts_with('!') ? node.tag().substr(1) : node.tag();
}

class ArchBuilder {
 public:
  ArchBuilder(const spec::SymbolTable& base, const spec::Einsum& einsum, const ArchBuildOptions& options)
      : table_(base),
        einsum_(einsum),
        costs_(options.costs),
        costs_required_(options.costs_required),
        options_(options) {}

  std::vector<Diagnostic> errors;

  spec::BuiltArch build(const YamlNode& arch) {
    spec::BuiltArch out;
    if (!arch.is_map()) {
      error(arch.location(), "arch", fmt::format("expected a mapping, got {}", arch.describe()));
      return out;
    }
    bind_array_fanout_functions(arch, table_);
    if (const YamlNode* vars = arch.find("variables"); vars && vars->is_map()) {
      std::map<std::string, Value> values;
      guard([&] { table_ = evaluate_map_in_order(*vars, table_, "arch.variables", &values); });
      for (auto& [k, v] : values) out.arch_variables[k] = v;
    }
    if (const YamlNode* extra = arch.find("extra_attributes_for_all_component_models");
        extra && extra->is_map())
      guard([&] {
        std::map<std::string, Value> values;
        table_ =
            evaluate_map_in_order(*extra, table_, "arch.extra_attributes_for_all_component_models", &values);
        arch_extras_ = attributes_of(*extra, values);
      });
    arch_variables_ = out.arch_variables;
    const YamlNode* nodes = arch.find("nodes");
    if (!nodes || !nodes->is_sequence()) {
      error(arch.location(), "arch.nodes", "the architecture needs a list of nodes");
      return out;
    }
    bind_nodes_ahead(*nodes);
    walk(*nodes, "arch.nodes", out);
    out.arch.paths = paths_from(*nodes, out.arch);
    out.warnings = std::move(warnings_);
    if (out.arch.paths.empty() && errors.empty())
      error(nodes->location(), "arch.nodes", "the architecture has no !Compute node");
    return out;
  }

 private:
  spec::SymbolTable table_;
  spec::SymbolTable arch_variables_;
  const spec::Einsum& einsum_;
  const components::CostTable* costs_;
  bool costs_required_;
  const ArchBuildOptions& options_;
  components::models::Attributes arch_extras_;  // extra_attributes_for_all_component_models
  std::vector<Diagnostic> warnings_;
  std::set<std::string> names_;

  // Every leaf in walk order (Hierarchical, Fork and Array contents included).
  // AccelForge puts every node in the symbol table before evaluating any, so a node may use
  // a later one's fanout (`Macro.get_fanout()` in a buffer's size). Until a node is built,
  // its name gives that fanout from its spatial fields; a name the spec's variables already
  // use keeps its variable, as AccelForge's variables override nodes.
  void bind_nodes_ahead(const YamlNode& nodes) {
    for (const YamlNode& node : nodes.items()) {
      if (!node.is_map()) continue;
      if (const YamlNode* inner = node.find("nodes"); inner && inner->is_sequence()) bind_nodes_ahead(*inner);
      const YamlNode* name = node.find("name");
      if (!name || !name->is_scalar() || table_.contains(name->text())) continue;
      spec::SymbolTable fields;
      fields["name"] = Value(name->text());
      fields["get_fanout"] = Value::function(
          "get_fanout", [spatial = node.find("spatial") ? *node.find("spatial") : YamlNode(), table = table_,
                         node_name = name->text()](const text::expr::CallArgs&) {
            Value product = text::expr::Int{1};
            for (const YamlNode& dim : spatial.items())
              if (const YamlNode* f = dim.is_map() ? dim.find("fanout") : nullptr)
                product = text::expr::binary_op(text::expr::BinaryOp::Mul, product,
                                                evaluate_node(*f, table, node_name + ".spatial.fanout"));
            return product;
          });
      table_[name->text()] =
          Value(std::shared_ptr<const ObjectLike>(std::make_shared<NodeObject>(tag_of(node), fields)));
    }
  }

  void walk(const YamlNode& list, const std::string& path, spec::BuiltArch& out) {
    for (std::size_t i = 0; i < list.items().size(); ++i) {
      const YamlNode& node = list.items()[i];
      const std::string sub = fmt::format("{}[{}]", path, i);
      if (node.is_sequence()) {
        walk(node, sub, out);
        continue;
      }
      const std::string tag = tag_of(node);
      if (tag == "Hierarchical" || tag == "Fork" || tag == "Array") {
        if (const YamlNode* inner = node.find("nodes"); inner && inner->is_sequence())
          walk(*inner, sub + ".nodes", out);
        continue;
      }
      if (tag == "Network") {
        error(node.location(), sub, "!Network nodes are not supported yet");
        continue;
      }
      if (tag != "Memory" && tag != "Toll" && tag != "Compute" && tag != "Container")
        continue;  // shape check reports
      leaf(node, tag, sub, out);
    }
  }

  void leaf(const YamlNode& node, const std::string& tag, const std::string& path, spec::BuiltArch& out) {
    spec::Component c;
    c.kind = tag == "Memory"    ? spec::ComponentKind::Memory
             : tag == "Toll"    ? spec::ComponentKind::Toll
             : tag == "Compute" ? spec::ComponentKind::Compute
                                : spec::ComponentKind::Container;
    c.where = node.location();
    const YamlNode* name = node.find("name");
    if (!name || !name->is_scalar()) {
      error(node.location(), path, fmt::format("!{} needs a 'name'", tag));
      return;
    }
    c.name = name->as_string();
    if (!names_.insert(c.name).second)
      error(name->location(), path + ".name", fmt::format("two architecture nodes are named '{}'", c.name));
    const std::string prefix = path + "(" + c.name + ")";
    if (const YamlNode* cls = node.find("component_class"); cls && cls->is_scalar())
      c.component_class = cls->as_string();

    // The object's own scope: its evaluated fields become visible to later fields (README: Evaluation order).
    spec::SymbolTable scope = table_;
    spec::SymbolTable fields;
    fields["name"] = Value(c.name);
    const auto bind = [&](const std::string& key, Value v) {
      scope[key] = v;
      fields[key] = std::move(v);
    };
    // Scalar EvalsTo fields in dependency order: one mentioning a sibling waits for it.
    static const std::vector<std::string> kScalarFields{
        "actions_scale",        "area",          "area_scale",      "bits_per_action",
        "energy_scale",         "latency_scale", "leak_power",      "leak_power_scale",
        "n_parallel_instances", "size",          "throughput_scale"};
    // A scale a component does not write is 1, and visible as such, as a field default is to
    // AccelForge (an ADC's extra attribute may read `throughput_scale`).
    if (c.kind != spec::ComponentKind::Container)
      for (const char* f : {"actions_scale", "area_scale", "energy_scale", "latency_scale",
                            "leak_power_scale", "n_parallel_instances", "throughput_scale"})
        if (const YamlNode* v = node.find(f); !v || v->is_null()) scope[f] = Value(text::expr::Int{1});
    std::vector<std::string> pending;
    for (const auto& f : kScalarFields)
      if (const YamlNode* v = node.find(f); v && !v->is_null()) pending.push_back(f);
    while (!pending.empty()) {
      auto ready = std::find_if(pending.begin(), pending.end(), [&](const std::string& f) {
        const YamlNode* v = node.find(f);
        const std::string text = v->is_scalar() ? v->text() : std::string();
        return std::none_of(pending.begin(), pending.end(),
                            [&](const std::string& other) { return other != f && mentions(text, other); });
      });
      if (ready == pending.end()) {
        error(node.location(), prefix,
              fmt::format("fields depend on each other in a cycle: {}", fmt::join(pending, ", ")));
        break;
      }
      const std::string f = *ready;
      pending.erase(ready);
      guard([&] { bind(f, evaluate_node(*node.find(f), scope, prefix + "." + f)); });
    }
    // Then the extra attributes, which see those fields (`throughput_scale`): AccelForge
    // evaluates a component's nested models after its plain fields.
    components::models::Attributes extras;
    if (const YamlNode* extra = node.find("extra_attributes_for_component_model"); extra && extra->is_map())
      guard([&] {
        std::map<std::string, Value> values;
        scope =
            evaluate_map_in_order(*extra, scope, prefix + ".extra_attributes_for_component_model", &values);
        extras = attributes_of(*extra, values);
      });
    const auto num = [&](const char* key, double fallback) {
      const auto it = fields.find(key);
      if (it == fields.end() || it->second.is_none()) return fallback;
      double v = fallback;
      guard([&] { v = to_number(it->second, node.find(key)->location(), prefix + "." + key); });
      return v;
    };
    const auto has = [&](const char* key) {
      const auto it = fields.find(key);
      return it != fields.end() && !it->second.is_none();
    };

    // enabled (TryEvalTo bool): an expression that fails stays "enabled".
    if (const YamlNode* en = node.find("enabled"); en && !en->is_null()) {
      bool enabled = true;
      try {
        enabled = evaluate_node(*en, scope, prefix + ".enabled").truthy();
      } catch (const SpecError&) {
      }
      out.enabled[c.name] = enabled;
    }
    if (const YamlNode* skip = node.find("skip_initial_output_write"); skip && !skip->is_null())
      guard([&] {
        c.skip_initial_output_write = to_bool(evaluate_node(*skip, scope, prefix), skip->location(),
                                              prefix + ".skip_initial_output_write");
      });
    if (const YamlNode* tl = node.find("total_latency"); tl && tl->is_scalar())
      c.total_latency = tl->as_string();

    // A rule a number must satisfy, reported at the field's own line.
    const auto check = [&](const char* key, double v, bool ok, const char* rule) {
      if (!ok) error(node.find(key)->location(), prefix + "." + key, fmt::format("{}, got {}", rule, v));
    };
    c.size = c.kind == spec::ComponentKind::Memory ? num("size", spec::kInf) : spec::kInf;
    if (c.kind == spec::ComponentKind::Memory && !node.find("size"))  // absent, not merely failed to evaluate
      error(node.location(), prefix + ".size",
            fmt::format("!Memory '{}' needs a 'size' in bits (inf allowed)", c.name));
    else if (c.kind == spec::ComponentKind::Memory && has("size"))
      check("size", c.size, c.size >= 0, "size must be at least 0 bits (inf allowed)");
    c.actions_scale = num("actions_scale", 1);
    c.n_parallel_instances = num("n_parallel_instances", 1);
    if (has("n_parallel_instances"))  // throughput is multiplied by it: 0 would mean no progress
      check("n_parallel_instances", c.n_parallel_instances, c.n_parallel_instances > 0,
            "n_parallel_instances must be positive");
    if (has("bits_per_action")) {
      c.bits_per_action = num("bits_per_action", 1);
      check("bits_per_action", *c.bits_per_action, *c.bits_per_action > 0,
            "bits_per_action must be positive");
    }
    if (c.is_tensor_holder()) {
      if (const YamlNode* bpv = node.find("bits_per_value"); bpv && bpv->is_map())
        c.bits_per_value = set_keyed(*bpv, scope, prefix + ".bits_per_value");
      if (const YamlNode* vpa = node.find("values_per_action"); vpa && vpa->is_map())
        c.values_per_action = set_keyed(*vpa, scope, prefix + ".values_per_action");
    }
    if (c.kind == spec::ComponentKind::Toll) toll_direction(node, scope, prefix, c);

    spatial(node, scope, prefix, c, out);
    if (c.kind != spec::ComponentKind::Container) {
      components::ComponentCostInput cost;
      cost.name = c.name;
      cost.component_class = c.component_class;
      if (has("leak_power")) cost.leak_power = num("leak_power", 0);
      if (has("area")) cost.area = num("area", 0);
      for (const auto& [key, value] :
           {std::pair{"leak_power", cost.leak_power}, std::pair{"area", cost.area}})
        if (value && *value < 0)  // AccelForge allows it, with this warning
          warnings_.push_back(Diagnostic{
              node.find(key)->location(), prefix + "." + key,
              fmt::format("component {} has negative {} ({})", c.name, key, *value), Severity::Warning});
      cost.energy_scale = num("energy_scale", 1);
      cost.throughput_scale = num("throughput_scale", 1);
      if (has("throughput_scale"))
        check("throughput_scale", cost.throughput_scale, cost.throughput_scale > 0,
              "throughput_scale must be positive (a throughput of 0 or less means no progress)");
      cost.leak_power_scale = num("leak_power_scale", 1);
      cost.area_scale = num("area_scale", 1);
      cost.n_parallel_instances = c.n_parallel_instances;
      cost.kind = c.kind;
      cost.field = prefix;
      cost.where = node.location();
      if (const YamlNode* cls = node.find("component_class")) cost.class_where = cls->location();
      cost.attributes = model_attributes(node, fields, extras);
      cost.price_with_model =
          options_.priced_by_model.contains(c.name) || options_.priced_by_model.contains("*");
      actions(node, scope, prefix, c, std::move(cost), out);
      c.latency_evaluator = latency_evaluator(fields);
    }
    if (c.is_tensor_holder()) {
      out.tensor_choices[c.name] = tensor_choices(node, scope, prefix, out.tensor_choices);
      out.tensor_rules[c.name] = tensor_rules(node, scope, prefix);
    }

    // Later nodes see this one by name (`MainMemory.size`), with its fanout.
    fields["get_fanout"] =
        Value::function("get_fanout", [f = c.fanout()](const text::expr::CallArgs&) { return Value(f); });
    table_[c.name] = Value(std::shared_ptr<const ObjectLike>(std::make_shared<NodeObject>(tag, fields)));
    out.arch.components.push_back(std::move(c));
  }

  // What a component model reads (components/README.md, 'Attributes'): the evaluated fields,
  // then the arch's extra attributes, then the component's own (a name the component sets is
  // not taken from the arch; extras win over fields, as in AccelForge).
  components::models::Attributes model_attributes(const YamlNode& node, const spec::SymbolTable& fields,
                                                  const components::models::Attributes& extras) const {
    components::models::Attributes out;
    for (const auto& [key, value] : fields) {
      const YamlNode* written = node.find(key);
      if (auto a = attribute_of(value, written ? written->location() : node.location()))
        out[key] = std::move(*a);
    }
    if (const YamlNode* cls = node.find("component_class"); cls && cls->is_scalar())
      out["component_class"] = components::models::Attribute{cls->as_string(), cls->location()};
    for (const auto& [key, value] : arch_extras_)
      if (!extras.contains(key)) out[key] = value;
    for (const auto& [key, value] : extras) out[key] = value;
    return out;
  }

  std::map<std::string, double> set_keyed(const YamlNode& dict, const spec::SymbolTable& scope,
                                          const std::string& path) {
    std::map<std::string, double> out;
    const YamlNode* other = nullptr;
    for (const auto& entry : dict.entries()) {
      if (entry.key == "Other") {
        other = &entry.value;
        continue;
      }
      guard([&] {
        const NameSet set = evaluate_set_text(entry.key, scope, entry.key_location, path + "." + entry.key);
        const double v = to_number(evaluate_node(entry.value, scope, path + "." + entry.key),
                                   entry.value.location(), path + "." + entry.key);
        for (const auto& t : set.items()) {
          if (out.contains(t))
            error(entry.key_location, path, fmt::format("tensor '{}' matches two keys", t));
          out[t] = v;
        }
      });
    }
    if (other)
      guard([&] {
        const double v =
            to_number(evaluate_node(*other, scope, path + ".Other"), other->location(), path + ".Other");
        for (const auto& t : einsum_.tensor_names()) out.try_emplace(t, v);
      });
    return out;
  }

  void toll_direction(const YamlNode& node, const spec::SymbolTable& scope, const std::string& prefix,
                      spec::Component& c) {
    const YamlNode* d = node.find("direction");
    const auto parse = [&](const std::string& text,
                           const SourceLocation& where) -> std::optional<spec::TollDirection> {
      if (text == "up") return spec::TollDirection::Up;
      if (text == "down") return spec::TollDirection::Down;
      if (text == "up_and_down") return spec::TollDirection::UpAndDown;
      error(where, prefix + ".direction",
            fmt::format("direction must be up, down or up_and_down, got '{}'{}", text,
                        core::did_you_mean(text, {"up", "down", "up_and_down"})));
      return std::nullopt;
    };
    if (!d || d->is_null()) {
      error(node.location(), prefix + ".direction", "a !Toll needs a 'direction' (up, down or up_and_down)");
      return;
    }
    if (d->is_scalar()) {
      c.toll_default_direction = parse(d->as_string(), d->location());
      return;
    }
    if (!d->is_map()) return;
    for (const auto& entry : d->entries())
      guard([&] {
        const NameSet set = evaluate_set_text(entry.key, scope, entry.key_location, prefix + ".direction");
        const auto dir = parse(entry.value.as_string(), entry.value.location());
        if (dir)
          for (const auto& t : set.items()) c.toll_direction[t] = *dir;  // later keys overwrite
      });
    for (const auto& t : einsum_.tensor_names())
      if (!c.toll_direction.contains(t))
        error(d->location(), prefix + ".direction",
              fmt::format("the direction of '{}' does not cover tensor '{}' of Einsum '{}'", c.name, t,
                          einsum_.name));
  }

  void spatial(const YamlNode& node, const spec::SymbolTable& scope, const std::string& prefix,
               spec::Component& c, spec::BuiltArch& out) {
    const YamlNode* list = node.find("spatial");
    if (!list || !list->is_sequence()) return;
    for (std::size_t i = 0; i < list->items().size(); ++i) {
      const YamlNode& s = list->items()[i];
      const std::string path = fmt::format("{}.spatial[{}]", prefix, i);
      if (!s.is_map()) continue;
      spec::SpatialDim dim;
      const YamlNode* name = s.find("name");
      if (!name || !name->is_scalar()) {
        error(s.location(), path, "a spatial dimension needs a 'name'");
        continue;
      }
      dim.name = name->as_string();
      const YamlNode* fanout = s.find("fanout");
      if (!fanout)
        error(s.location(), path, "a spatial dimension needs a 'fanout'");
      else
        guard([&] {
          const std::int64_t f =
              to_integer(evaluate_node(*fanout, scope, path + ".fanout"), fanout->location(),
                         path + ".fanout", fanout->is_scalar() ? fanout->text() : std::string());
          if (f < 1)
            error(fanout->location(), path + ".fanout", fmt::format("fanout must be at least 1, got {}", f));
          dim.fanout = static_cast<double>(f);
        });
      if (const YamlNode* v = s.find("usage_scale"); v && !v->is_null())
        guard([&] {
          dim.usage_scale = to_number(evaluate_node(*v, scope, path), v->location(), path + ".usage_scale");
        });
      if (const YamlNode* v = s.find("power_gateable"); v && !v->is_null())
        guard([&] {
          dim.power_gateable =
              to_bool(evaluate_node(*v, scope, path), v->location(), path + ".power_gateable");
        });
      const YamlNode* reuse = s.find("reuse");
      if (reuse && !reuse->is_null()) {
        const auto set = try_set(*reuse, scope, path + ".reuse");
        if (set) dim.reuse = {set->items().begin(), set->items().end()};
      }
      // may_reuse defaults to `reuse` when that is given, else All.
      const YamlNode* may = s.find("may_reuse");
      if (may && !may->is_null()) {
        if (const auto set = try_set(*may, scope, path + ".may_reuse"))
          dim.may_reuse = std::set<std::string>(set->items().begin(), set->items().end());
      } else if (reuse && !reuse->is_null()) {
        dim.may_reuse = dim.reuse;
      }
      out.spatial_rules[{c.name, dim.name}] = spatial_rules(s, scope, path);
      c.spatial.push_back(std::move(dim));
    }
  }

  // The mapper's constraints on one spatial dimension: min_usage and loop_bounds (spec/README.md,
  // 'Mapper constraints').
  spec::SpatialRules spatial_rules(const YamlNode& dim, const spec::SymbolTable& scope,
                                   const std::string& path) {
    spec::SpatialRules rules;
    if (const YamlNode* mu = dim.find("min_usage"); mu && !mu->is_null())
      guard([&] {
        rules.min_usage =
            to_number(evaluate_node(*mu, scope, path + ".min_usage"), mu->location(), path + ".min_usage");
      });
    const YamlNode* bounds = dim.find("loop_bounds");
    if (!bounds || !bounds->is_sequence()) return rules;
    for (std::size_t i = 0; i < bounds->items().size(); ++i)
      guard([&] {
        if (auto lb = loop_bound(bounds->items()[i], scope, fmt::format("{}.loop_bounds[{}]", path, i)))
          rules.loop_bounds.push_back(std::move(*lb));
      });
    return rules;
  }

  // One `loop_bounds` entry: a rank-variable set expression (`~m`), an operator and a value; a
  // product over one rank variable is the plain comparison.
  // The expression is TryEvalTo in AccelForge: one that does not evaluate is kept as text and
  // constrains no loop. So it is dropped here too, with a warning saying why.
  std::optional<spec::LoopBound> loop_bound(const YamlNode& b, const spec::SymbolTable& scope,
                                            const std::string& field) {
    static const std::set<std::string> ops = {"==",        "<=",        ">=",        "<",        ">",
                                              "product==", "product<=", "product>=", "product<", "product>"};
    const auto* expression = b.is_map() ? b.find("expression") : nullptr;
    const auto* op = b.is_map() ? b.find("operator") : nullptr;
    const auto* value = b.is_map() ? b.find("value") : nullptr;
    if (!expression || !op || !value)
      throw SpecError(
          Diagnostic{b.location(), field, "a loop bound needs 'expression', 'operator' and 'value'"});
    spec::LoopBound lb;
    lb.where = b.location();
    try {
      const NameSet rvs = evaluate_set(*expression, scope, field + ".expression");
      lb.rank_variables.insert(rvs.items().begin(), rvs.items().end());
    } catch (const SpecError& e) {
      for (Diagnostic d : e.diagnostics()) {
        d.message +=
            "; AccelForge keeps such a loop bound as text and it constrains nothing, so it is ignored";
        d.severity = Severity::Warning;
        warnings_.push_back(std::move(d));
      }
      return std::nullopt;
    }
    lb.op = op->as_string();
    if (!ops.contains(lb.op))
      throw SpecError(
          Diagnostic{op->location(), field + ".operator",
                     fmt::format("unknown operator '{}' (== <= >= < > product== product<= product>= "
                                 "product< product>){}",
                                 lb.op, core::did_you_mean(lb.op, {ops.begin(), ops.end()}))});
    lb.value = to_number(evaluate_node(*value, scope, field + ".value"), value->location(), field + ".value");
    if (lb.rank_variables.size() == 1 && lb.op.starts_with("product")) lb.op = lb.op.substr(7);
    return lb;
  }

  // keep/may_keep/back are evaluated by the mapper per storage choice (they may name `Above`
  // and the levels above); compiled here so their syntax is checked when the spec loads (names
  // that do not evaluate are warned about by tensor_choices). no_refetch_from_above and
  // no_resend_to_below depend only on the Einsum: evaluated here.
  spec::HolderTensorRules tensor_rules(const YamlNode& node, const spec::SymbolTable& scope,
                                       const std::string& prefix) {
    spec::HolderTensorRules rules;
    const YamlNode* t = node.find("tensors");
    if (!t || !t->is_map()) return rules;
    for (auto [key, slot] : {std::pair{"keep", &rules.keep}, std::pair{"may_keep", &rules.may_keep},
                             std::pair{"back", &rules.back}}) {
      const YamlNode* v = t->find(key);
      if (!v || v->is_null()) continue;
      const std::string field = prefix + ".tensors." + key;
      if (!v->is_scalar()) {
        error(v->location(), field, fmt::format("expected a set expression, got {}", v->describe()));
        continue;
      }
      guard([&, slot = slot] {
        *slot = spec::CompiledExpression::compile(Value(v->as_string()), v->location(), field);
      });
    }
    for (auto [key, slot] : {std::pair{"no_refetch_from_above", &rules.no_refetch_from_above},
                             std::pair{"no_resend_to_below", &rules.no_resend_to_below}}) {
      const YamlNode* v = t->find(key);
      if (!v || v->is_null()) continue;
      guard([&, slot = slot, key = key] {  // clang 14 cannot capture a structured binding
        const NameSet set = evaluate_set(*v, scope, prefix + ".tensors." + key);
        slot->insert(set.items().begin(), set.items().end());
      });
    }
    if (const YamlNode* f = t->find("force_memory_hierarchy_order"); f && !f->is_null()) {
      const std::string field = prefix + ".tensors.force_memory_hierarchy_order";
      guard([&] {
        rules.force_memory_hierarchy_order = to_bool(evaluate_node(*f, scope, field), f->location(), field);
      });
    }
    if (const YamlNode* ts = t->find("tile_shape"); ts && ts->is_sequence())
      rules.tile_shape_constraints = ts->items().size();
    return rules;
  }

  // TryEvalTo set: on failure the raw text stays (AccelForge keeps the string); we treat it as
  // "not restricted" and let the mapper report it if it matters.
  std::optional<NameSet> try_set(const YamlNode& node, const spec::SymbolTable& scope,
                                 const std::string& field) {
    try {
      return evaluate_set(node, scope, field);
    } catch (const SpecError&) {
      return std::nullopt;
    }
  }

  // Evaluates the listed actions, adds the default ones (README: Default actions and costs)
  // and resolves every cost through the component-cost rules (spec value, else table, else
  // Dummy, else error).
  void actions(const YamlNode& node, const spec::SymbolTable& scope, const std::string& prefix,
               spec::Component& c, components::ComponentCostInput cost_input, spec::BuiltArch& out) {
    // AccelForge passes a Memory's and a Toll's actions their bits per action; a Compute's none.
    const bool passes_bits = c.is_tensor_holder();
    std::vector<std::string> defaults;
    if (c.kind == spec::ComponentKind::Memory)
      defaults = {"read", "write"};
    else if (c.kind == spec::ComponentKind::Toll)
      defaults = {"read"};
    else
      defaults = {"compute"};
    const YamlNode* list = node.find("actions");
    if (list && list->is_sequence()) {
      for (std::size_t i = 0; i < list->items().size(); ++i) {
        const YamlNode& a = list->items()[i];
        const std::string path = fmt::format("{}.actions[{}]", prefix, i);
        const YamlNode* name = a.is_map() ? a.find("name") : nullptr;
        if (!name || !name->is_scalar()) {
          error(a.location(), path, "an action needs a 'name'");
          continue;
        }
        // `rule` (if given) must hold; it is reported at the field's own line.
        const auto field = [&](const char* key, bool (*rule)(double) = nullptr,
                               const char* rule_text = nullptr) -> std::optional<double> {
          const YamlNode* v = a.find(key);
          if (!v || v->is_null()) return std::nullopt;
          std::optional<double> out;
          guard([&] {
            const Value value = evaluate_node(*v, scope, path + "." + key);
            if (!value.is_none()) out = to_number(value, v->location(), path + "." + key);
          });
          if (out && rule && !rule(*out))
            error(v->location(), path + "." + key, fmt::format("{}, got {}", rule_text, *out));
          return out;
        };
        const auto positive = [](double x) { return x > 0; };
        const auto not_negative = [](double x) { return x >= 0; };
        components::ActionCostInput in;
        in.name = name->as_string();
        in.energy = field("energy");
        in.throughput = field("throughput", positive,
                              "throughput must be positive (actions per second; inf for no limit)");
        in.energy_scale = field("energy_scale").value_or(1);
        in.throughput_scale =
            field("throughput_scale", positive, "throughput_scale must be positive").value_or(1);
        if (!in.throughput)  // deprecated `latency` (seconds per action) -> throughput
          if (const auto latency =
                  field("latency", not_negative, "latency must be at least 0 (seconds per action)")) {
            const double l =
                *latency * field("latency_scale", positive, "latency_scale must be positive").value_or(1);
            in.throughput = l > 0 ? 1.0 / l : spec::kInf;
          }
        if (in.energy && *in.energy * in.energy_scale < 0)  // AccelForge allows it, with this warning
          warnings_.push_back(Diagnostic{a.find("energy")->location(), path + ".energy",
                                         fmt::format("component {} action {} has negative energy ({})",
                                                     c.name, in.name, *in.energy * in.energy_scale),
                                         Severity::Warning});
        spec::Action action;
        action.name = in.name;
        action.bits_per_action = field("bits_per_action").value_or(c.bits_per_action.value_or(1));
        if (const YamlNode* vpa = a.find("values_per_action"); vpa && vpa->is_map())
          action.values_per_action = set_keyed(*vpa, scope, path + ".values_per_action");
        if (passes_bits) in.bits_per_action = action.bits_per_action;
        if (const YamlNode* extra = a.find("extra_attributes_for_component_model"); extra && extra->is_map())
          guard([&] {
            std::map<std::string, Value> values;
            (void)evaluate_map_in_order(*extra, scope, path + ".extra_attributes_for_component_model",
                                        &values);
            in.arguments = attributes_of(*extra, values);
          });
        c.actions.push_back(std::move(action));
        cost_input.actions.push_back(std::move(in));
      }
    }
    for (const auto& d : defaults)
      if (!c.find_action(d)) {
        spec::Action action;
        action.name = d;
        action.bits_per_action = c.bits_per_action.value_or(1);
        c.actions.push_back(std::move(action));
        components::ActionCostInput in;
        in.name = d;
        if (passes_bits) in.bits_per_action = c.bits_per_action.value_or(1);
        cost_input.actions.push_back(std::move(in));
      }
    try {
      const components::ResolvedComponentCost costs = components::resolve_component_costs(
          cost_input, costs_, options_.models ? *options_.models : components::models::builtin_registry(),
          costs_required_);
      components::apply_costs(c, costs);
      warnings_.insert(warnings_.end(), costs.warnings.begin(), costs.warnings.end());
      out.priced.push_back(costs.priced);
    } catch (const SpecError& e) {
      for (auto d : e.diagnostics()) {
        if (!d.where.known()) d.where = c.where.value_or(SourceLocation{});
        if (d.field.empty()) d.field = prefix;
        errors.push_back(std::move(d));
      }
    }
  }

  spec::LatencyEvaluator latency_evaluator(const spec::SymbolTable& fields) const {
    // Table: arch variables, then spec variables shadow them, then component fields
    // (README: Latency table).
    spec::SymbolTable table = arch_variables_;
    for (const auto& [k, v] : table_)
      if (!v.is_name_set() && !v.is_object()) table[k] = v;
    for (const auto& [k, v] : fields) table[k] = v;
    return [table](const std::string& expr, const spec::LatencyContext& ctx) {
      spec::SymbolTable t = table;
      std::vector<Value> actions;
      for (const auto& a : ctx.actions)
        actions.emplace_back(std::shared_ptr<const ObjectLike>(std::make_shared<LatencyActionObject>(a)));
      t["actions"] = Value::list(std::move(actions));
      const Value v = evaluate_text(
          expr, t, ctx.component && ctx.component->where ? *ctx.component->where : SourceLocation{},
          "total_latency");
      return to_number(v, {}, "total_latency");
    };
  }

  // `above`: the tensor holders declared before this one (their names are bound to what they
  // keep only when the mapper makes storage choices).
  spec::HolderTensorChoices tensor_choices(const YamlNode& node, const spec::SymbolTable& scope,
                                           const std::string& prefix,
                                           const std::map<std::string, spec::HolderTensorChoices>& above) {
    spec::HolderTensorChoices out;
    const Value all_v = scope.contains("All") ? scope.at("All") : Value(NameSet());
    const NameSet all = all_v.is_name_set() ? all_v.as_name_set() : NameSet();
    out.keep = all.with_items({});
    out.back = all.with_items({});
    out.may_keep = all;
    const YamlNode* t = node.find("tensors");
    if (!t || !t->is_map()) return out;
    // TryEvalTo, as in AccelForge: a set that does not evaluate here is evaluated again by the
    // mapper, per storage choice, where `Above` and each holder above (`~MainMemory.tensors`:
    // what MainMemory keeps in that choice) are bound; there a failure is an error. Naming those
    // is normal. Any other name that does not evaluate is most likely misspelt: say so now.
    const auto names_a_choice = [&](const std::string& text) {
      if (mentions(text, "Above")) return true;
      return std::any_of(above.begin(), above.end(), [&](const auto& h) { return mentions(text, h.first); });
    };
    const auto set = [&](const char* key) -> std::optional<NameSet> {
      const YamlNode* v = t->find(key);
      if (!v || v->is_null()) return std::nullopt;
      try {
        return evaluate_set(*v, scope, prefix + ".tensors." + key);
      } catch (const SpecError& e) {
        // A syntax error is an error (tensor_rules reports it).
        if (!parses(v->as_string())) return std::nullopt;
        out.unevaluated.insert(key);
        if (names_a_choice(v->as_string())) return std::nullopt;
        for (Diagnostic d : e.diagnostics()) {
          d.severity = Severity::Warning;
          d.message += fmt::format(
              "; the mapper evaluates tensors.{} again per storage choice and stops here "
              "if it still does not evaluate",
              key);
          warnings_.push_back(std::move(d));
        }
        return std::nullopt;
      }
    };
    if (auto keep = set("keep")) {
      out.keep = *keep;
      out.keep_given = true;
      out.may_keep = all.with_items({});
    }
    if (auto may = set("may_keep")) out.may_keep = *may;
    if (auto back = set("back")) {
      out.back = *back;
      out.keep = out.keep | *back;
      out.may_keep = out.may_keep - *back;
    }
    return out;
  }

  // Per Compute, the leaves from the root to it, Forks entered only if they hold it
  // (spec/README.md, 'Flattening').
  std::map<std::string, std::vector<std::size_t>> paths_from(const YamlNode& nodes,
                                                             const spec::ResolvedArch& arch) {
    std::map<std::string, std::vector<std::size_t>> out;
    for (std::size_t i = 0; i < arch.components.size(); ++i) {
      if (arch.components[i].kind != spec::ComponentKind::Compute) continue;
      std::vector<std::size_t> path;
      bool done = false;
      flatten(nodes, arch, arch.components[i].name, path, done);
      out[arch.components[i].name] = path;
    }
    return out;
  }

  static bool contains_compute(const YamlNode& list, const std::string& compute) {
    for (const YamlNode& n : list.items()) {
      if (n.is_sequence() && contains_compute(n, compute)) return true;
      if (const YamlNode* inner = n.is_map() ? n.find("nodes") : nullptr;
          inner && inner->is_sequence() && contains_compute(*inner, compute))
        return true;
      const YamlNode* name = n.is_map() ? n.find("name") : nullptr;
      if (tag_of(n) == "Compute" && name && name->is_scalar() && name->as_string() == compute) return true;
    }
    return false;
  }

  static void flatten(const YamlNode& list, const spec::ResolvedArch& arch, const std::string& compute,
                      std::vector<std::size_t>& path, bool& done) {
    for (const YamlNode& n : list.items()) {
      if (done) return;
      if (n.is_sequence()) {
        flatten(n, arch, compute, path, done);
        continue;
      }
      const std::string tag = tag_of(n);
      const YamlNode* inner = n.find("nodes");
      if (tag == "Fork") {
        if (inner && inner->is_sequence() && contains_compute(*inner, compute)) {
          flatten(*inner, arch, compute, path, done);
          done = true;
        }
        continue;
      }
      if (tag == "Hierarchical" || tag == "Array") {
        if (inner && inner->is_sequence()) flatten(*inner, arch, compute, path, done);
        continue;
      }
      const YamlNode* name = n.find("name");
      if (!name || !name->is_scalar()) continue;
      const auto it = std::find_if(arch.components.begin(), arch.components.end(),
                                   [&](const spec::Component& c) { return c.name == name->as_string(); });
      if (it == arch.components.end()) continue;
      if (tag == "Compute") {
        if (it->name != compute) continue;
        path.push_back(static_cast<std::size_t>(it - arch.components.begin()));
        done = true;
        return;
      }
      path.push_back(static_cast<std::size_t>(it - arch.components.begin()));
    }
  }

  template <class F>
  void guard(F&& f) {
    try {
      f();
    } catch (const SpecError& e) {
      errors.insert(errors.end(), e.diagnostics().begin(), e.diagnostics().end());
    }
  }

  void error(const SourceLocation& where, const std::string& field, std::string message) {
    errors.push_back(Diagnostic{where, field, std::move(message)});
  }
};

}  // namespace

spec::BuiltArch build_arch(const YamlNode& arch, const spec::SymbolTable& base, const spec::Einsum& einsum,
                           const ArchBuildOptions& options) {
  ArchBuilder builder(base, einsum, options);
  spec::BuiltArch out = builder.build(arch);
  if (!builder.errors.empty()) throw SpecError(std::move(builder.errors));
  return out;
}

}  // namespace af::loader
